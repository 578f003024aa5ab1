"""The course exercises: each answered right and wrong through its widgets, feedback checked.

Answers come from the engine, so the tests derive what is right from the engine as well and
check that the widget agrees with it and explains itself in words (no bare (s, i) spots).
"""

from __future__ import annotations

import html
import re

import pytest

import exhibition_lab as xl
from conftest import MID_GAME, RON, card, hall
from exhibition_lab.ui.course.exercises import (
    PHASE_WORDS,
    CountPoints,
    IsLegal,
    NextDecision,
    PickCards,
    PickSpots,
    showcase_sentences,
)
from exhibition_lab.ui.render.halls import hall_html
from exhibition_lab.ui.render.pictures import HallPicture
from exhibition_lab.ui.text.rules import rule_sentence
from tests.helpers.layouts import EMPTY, only_showcase

BARE_SPOT = re.compile(r"\(\d+, \d+\)|spot \d+\)")


def text(exercise) -> str:
    spaced = re.sub(r"<br>|</?(div|li|ul)[^>]*>", " ", exercise.feedback.value)
    return html.unescape(re.sub(r"<[^>]+>", "", spaced)).strip()


# ----------------------------------------------------------------- PickSpots
def test_pick_spots_right_answer_is_the_engines():
    h = hall(MID_GAME)
    exercise = PickSpots(h, "1920AS")
    assert exercise.answer == set(h.legal_spots(card("1920AS")))
    for spot in exercise.answer:
        exercise.spot_buttons[spot].click()
    assert exercise.check() is True
    assert "Right!" in text(exercise)
    assert "General, 2nd spot" in text(exercise)  # R11: between 1904 and 1945
    assert not BARE_SPOT.search(text(exercise))


def test_pick_spots_wrong_pick_names_spot_and_rule_in_words():
    exercise = PickSpots(hall(MID_GAME), "1920AS")
    exercise.spot_buttons[(0, 4)].click()  # right of 1958SA: R11
    assert exercise.check() is False
    feedback = text(exercise)
    assert "Not quite." in feedback
    assert "General, 5th spot" in feedback
    assert rule_sentence("R11") in feedback and "(rule R11)" in feedback
    assert '<a href="../docs/rules.md#r11"><small>R11</small></a>' in exercise.feedback.value
    assert "You missed" in feedback
    assert not BARE_SPOT.search(feedback)


def test_pick_spots_second_click_takes_a_spot_back():
    exercise = PickSpots(hall(MID_GAME), "1920AS")
    button = exercise.spot_buttons[(0, 4)]
    button.click()
    button.click()
    assert exercise.picked == set()
    assert "exlab-picked" not in button._dom_classes


def test_pick_spots_show_answer_lists_spots_in_words():
    h = hall(MID_GAME)
    exercise = PickSpots(h, "1920AS")
    exercise.answer_button.click()
    for spot in h.legal_spots(card("1920AS")):
        assert h.layout.spot_name(*spot) in text(exercise)


def test_pick_spots_one_continent_claim_of_another_player():
    mine = hall(EMPTY)
    theirs = hall(". . . . . . / . . . . / . / 1930EU . . / . .")
    exercise = PickSpots(mine, "1950EU", others=[theirs])
    assert all(s != 3 for s, _ in exercise.answer)  # R13: Europe is claimed
    exercise.toggle((3, 0))
    assert not exercise.check()
    assert "another player's One Continent showcase already holds Europe" in text(exercise)


def test_pick_spots_refuses_filled_spots():
    exercise = PickSpots(hall(MID_GAME), "1920AS")
    with pytest.raises(ValueError, match="not an empty spot"):
        exercise.toggle((0, 0))


# ----------------------------------------------------------------- IsLegal
@pytest.mark.parametrize(
    ("token", "spot", "legal", "rule"),
    [
        ("1936EU", (1, 2), True, "R14"),  # 9 years after 1927, no free spot
        ("1939EU", (1, 2), False, "R14"),  # 12 years, no free spot
        ("1949EU", (1, 3), False, "R14"),  # 22 years across one free spot (limit 20)
        ("1975OC", (3, 1), True, "R13"),
        ("1975AS", (3, 1), False, "R13"),
    ],
)
def test_is_legal_right_and_wrong(token, spot, legal, rule):
    h = hall(MID_GAME)
    assert (h.why_not(card(token), *spot) is None) is legal  # the engine agrees with the case
    exercise = IsLegal(h, token, spot)
    right, wrong = ("legal", "not legal") if legal else ("not legal", "legal")
    exercise.choice.value = wrong
    assert exercise.check() is False and "Not quite." in text(exercise)
    exercise.choice.value = right
    assert exercise.check() is True and "Right!" in text(exercise)
    assert rule_sentence(rule) in text(exercise)
    if not legal:
        assert f"(rule {rule})" in text(exercise)
    assert not BARE_SPOT.search(text(exercise))


def test_is_legal_asks_for_a_choice_first():
    exercise = IsLegal(hall(MID_GAME), "1936EU", (1, 2))
    exercise.check_button.click()
    assert "Choose" in text(exercise)


def test_is_legal_white_card_takes_the_missing_continent():
    # R16: 1945 becomes Asian or Oceanian, so an Oceanian card still fits between 1904 and 1945.
    row = hall(only_showcase(RON, 0))  # Ron's General row (R27)
    exercise = IsLegal(row, "1920OC", (0, 1))
    exercise.choice.value = "legal"
    assert exercise.check()
    blocked = IsLegal(row, "1920EU", (0, 1))
    blocked.choice.value = "legal"
    assert not blocked.check()
    assert "Europe" in text(blocked)


def test_showcase_sentences_follow_the_layout():
    base = xl.Layout.base()
    assert rule_sentence("R14") in showcase_sentences(base[1])
    assert rule_sentence("R13") in showcase_sentences(base[3])
    assert rule_sentence("R12") not in showcase_sentences(base[3])
    assert rule_sentence("R14") not in showcase_sentences(base[0])


# ----------------------------------------------------------------- CountPoints
def test_count_points_total_right_and_wrong(ron):
    ann = xl.load_example("ron").halls["Ann"]
    exercise = CountPoints({"Ron": ron, "Ann": ann}, "Ron")
    expected = xl.score_halls({"Ron": ron, "Ann": ann})["Ron"].total
    exercise.entry.value = str(expected + 2)
    assert exercise.check() is False
    assert "too high" in text(exercise) and "Chain of Years" in text(exercise)
    exercise.entry.value = str(expected - 1)
    assert not exercise.check() and "too low" in text(exercise)
    exercise.entry.value = str(expected)
    assert exercise.check() is True
    assert "1972-1973-1974" in text(exercise)  # R23, the why


def test_count_points_one_goal_and_minus_sign(ron):
    exercise = CountPoints({"Ron": ron}, "Ron", goal="empty_spots")
    assert exercise.answer == -ron.n_empty  # R24
    exercise.entry.value = f"−{ron.n_empty}"  # a typographic minus works too
    assert exercise.check()
    exercise.entry.value = "three"
    assert not exercise.check() and "whole number" in text(exercise)
    exercise.answer_button.click()
    assert f"{-ron.n_empty} fame points" in text(exercise)


# ----------------------------------------------------------------- PickCards
def test_pick_cards_at_the_vehicle():
    game = xl.Game.new(["Ron", "Ann"], seed=7)
    exercise = PickCards(game)
    takeable = {a.card for a in game.legal_actions()}
    assert exercise.answer == takeable
    assert takeable == set(game.market[game.vehicles[0]])  # R7
    elsewhere = next(c for c in game.market_cards if c not in takeable)
    exercise.card_buttons[elsewhere].click()
    assert not exercise.check()
    assert f"Not takeable: {elsewhere}" in text(exercise) and "(rule R7)" in text(exercise)
    exercise.toggle(elsewhere)
    for c in takeable:
        exercise.toggle(c)
    assert exercise.check() and "only its cards" in text(exercise)


def test_pick_cards_empty_continent_exception():
    # R7: with the vehicle's continent empty, every open card may be taken.
    deck = xl.standard_deck()
    market = []
    for continent in xl.CONTINENTS:
        market.append(tuple(sorted([c for c in deck if c.continent is continent][:3], key=lambda c: c.sort_key)))
    small_deck = [c for cards in market for c in cards]
    game = xl.Game(["Ron"], xl.Deal(tuple(market), ()), deck=small_deck)
    for _ in range(3):  # Ron empties Oceania, where his vehicle stays
        game.apply(game.legal_actions()[0])
        game.apply("depot" if game.hall(0).legal_spots(game.hand) == [] else game.legal_actions()[0])
    assert not game.market[xl.Continent.OC] and game.vehicles[0] is xl.Continent.OC
    exercise = PickCards(game)
    assert exercise.answer == set(game.market_cards)
    exercise.toggle(sorted(exercise.answer, key=lambda c: c.sort_key)[0])
    assert not exercise.check() and "no cards left" in text(exercise)
    exercise.answer_button.click()
    assert "any card on the tile" in text(exercise)


def test_pick_cards_needs_the_take_phase():
    game = xl.Game.new(["Ron", "Ann"], seed=7)
    game.apply(game.legal_actions()[0])
    with pytest.raises(ValueError, match="place"):
        PickCards(game)


# ----------------------------------------------------------------- NextDecision
def test_next_decision_after_a_coloured_and_a_white_card():
    game = xl.Game.new(["Ron", "Ann"], seed=7)
    coloured = next(a for a in game.legal_actions() if not a.card.is_white)
    game.apply(coloured)
    exercise = NextDecision(game)
    exercise.choice.value = "Move the vehicle"
    assert not exercise.check()
    exercise.choice.value = "Place the card"
    assert exercise.check() and "refilled" in text(exercise)
    # a white card: the player chooses the continent (R8)
    deck = xl.standard_deck()
    white = next(c for c in deck if c.token == "1945W")
    market = [sorted([c for c in deck if c.continent is k][:3], key=lambda c: c.sort_key) for k in xl.CONTINENTS]
    market[0] = sorted(market[0][:2] + [white], key=lambda c: c.sort_key)
    dealt = {c for cards in market for c in cards}
    deal = xl.Deal(tuple(map(tuple, market)), tuple(c for c in deck if c not in dealt))
    game = xl.Game(["Ron"], deal)
    game.apply("take 1945W")
    exercise = NextDecision(game)
    exercise.choice.value = "Move the vehicle"
    assert exercise.check() and "(rule R8)" in text(exercise)


# ----------------------------------------------------------------- pictures
def test_numbered_hall_picture_shows_spot_numbers_and_marks(ron):
    picture = hall_html(ron, numbered=True, marks={(0, 1): "good", (1, 3): "bad"})
    numbers = re.findall(r'class="exlab-spot-number">(\d+)<', picture)
    assert numbers == [str(i + 1) for kind in ron.layout for i in range(kind.size)]
    assert picture.count("exlab-numbered-spot exlab-mark-good") == 1
    assert picture.count("exlab-numbered-spot exlab-mark-bad") == 1
    assert 'class="exlab-spot-number"' not in hall_html(ron)  # the plain picture is unchanged
    assert 'class="exlab-spot-number"' in HallPicture(ron)._repr_html_()
    with pytest.raises(ValueError, match="unknown spot mark"):
        HallPicture(ron, marks={(0, 1): "green"})


def test_ron_fixture_is_the_rulebook_board(ron):
    assert str(ron) == str(hall(RON))


def test_static_rendering_shows_question_board_and_folded_answer():
    h = hall(MID_GAME)
    exercise = PickSpots(h, "1920AS")
    bundle = exercise._repr_mimebundle_()
    static = bundle["text/html"]
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert "1920AS" in static and 'class="exlab-spot-number"' in static
    assert "<details><summary>Show answer</summary>" in static
    for spot in h.legal_spots(card("1920AS")):
        assert h.layout.spot_name(*spot) in static
    assert repr(exercise).startswith("Exercise (run the notebook to answer it): Which empty spots")
    asked = IsLegal(h, "1949EU", (1, 3))._repr_mimebundle_()["text/html"]
    assert asked.count("exlab-numbered-spot exlab-mark-ask") == 1 and "not legal" in asked


def test_static_renderings_give_the_whole_question_and_the_answer_to_check_against():
    h = hall(MID_GAME)
    exercise = IsLegal(h, "1949EU", (1, 3), question="May <b>1949EU</b> go to One Era, 4th spot, " + "x" * 120 + "?")
    bundle = exercise._repr_mimebundle_()
    folded = re.search(r"<details><summary>Show answer</summary>(.*?)</details>", bundle["text/html"], re.S)
    assert folded and folded[1].startswith("not legal.") and "R14" in folded[1]  # R14: 20 years with one free spot
    assert bundle["text/html"].index("1949EU") < bundle["text/html"].index("<details>")  # question first
    plain = bundle["text/plain"]
    assert "x" * 120 + "?" in plain and "…" not in plain  # the widget's text would cut at 110 characters
    question, answer = plain.split("\n\n", 1)
    assert "<b>" not in question and answer.startswith("Answer: not legal.")


def test_made_up_example_cards_are_marked_and_deck_cards_are_not():
    from exhibition_lab.ui.course.pictures import try_cards
    from exhibition_lab.ui.render.cards import card_face, card_html

    invented, real = card("1960AS"), card("1960SA")  # the deck has one card per year: 1960 is South American
    assert card_face(invented).invented and card_face(invented).subject == "made-up card, not in the deck"
    assert "exlab-invented" in card_html(invented) and "exlab-invented" not in card_html(real)
    assert not card_face(real).invented and card_face(real).subject == real.title
    assert not any(card_face(card(token)).invented for token in ("1945W", "EIN"))
    picture = try_cards(hall(MID_GAME), [("1960SA", (0, 4)), ("1960AS", (0, 4))])
    assert "1960AS (made-up card, not in the deck)" in picture.text and real.title in html.unescape(picture.text)


# ----------------------------------------------------------------- every exercise of the course
def course_exercises():
    """Run the code of the course notebooks in-process; collect every exercise they show."""
    import ast
    from pathlib import Path

    import jupytext

    from exhibition_lab.ui.course.exercises import Exercise

    found = []
    sources = Path(__file__).resolve().parents[2] / "notebooks" / "src"
    for name in ("00_start_here", "01_rules_tour"):
        namespace: dict = {}
        for cell in jupytext.read(sources / f"{name}.md", fmt="md:myst").cells:
            if cell.cell_type != "code":
                continue
            tree = ast.parse(cell.source)
            last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
            exec(compile(tree, name, "exec"), namespace)  # our own notebook sources
            if last is not None:
                value = eval(compile(ast.Expression(last.value), name, "eval"), namespace)
                if isinstance(value, Exercise):
                    found.append(pytest.param(value, id=f"{name}-{len(found) + 1}-{type(value).__name__}"))
    return found


def answer(exercise, *, right: bool) -> None:
    """Give the exercise its right answer, or a wrong one, through its widgets."""
    if isinstance(exercise, PickSpots):
        chosen = set(exercise.answer) if right else set(exercise.spot_buttons) - set(exercise.answer)
        for spot in set(exercise.picked) ^ chosen:
            exercise.spot_buttons[spot].click()
    elif isinstance(exercise, PickCards):
        chosen = set(exercise.answer) if right else set(exercise.card_buttons) - set(exercise.answer)
        if not chosen:  # every card is takeable: leave one out
            chosen = set(list(exercise.answer)[1:])
        for c in set(exercise.picked) ^ chosen:
            exercise.card_buttons[c].click()
    elif isinstance(exercise, IsLegal):
        exercise.choice.value = "legal" if exercise.is_legal == right else "not legal"
    elif isinstance(exercise, CountPoints):
        exercise.entry.value = str(exercise.answer if right else exercise.answer + 1)
    elif isinstance(exercise, NextDecision):
        exercise.choice.value = (
            PHASE_WORDS[exercise.answer]
            if right
            else next(w for w in exercise.choice.options if w != PHASE_WORDS[exercise.answer])
        )
    else:
        raise AssertionError(f"no way to answer {type(exercise).__name__}")


COURSE_EXERCISES = course_exercises()


def test_the_course_has_at_least_eight_exercises():
    assert len(COURSE_EXERCISES) >= 8


@pytest.mark.parametrize("exercise", COURSE_EXERCISES)
def test_every_course_exercise_answered_right_and_wrong(exercise):
    answer(exercise, right=False)
    exercise.check_button.click()
    wrong = text(exercise)
    assert wrong.startswith("Not quite.") and len(wrong) > len("Not quite.") + 10  # says why
    answer(exercise, right=True)
    exercise.check_button.click()
    assert text(exercise).startswith("Right!") and len(text(exercise)) > 20
    assert not BARE_SPOT.search(text(exercise))
    exercise.answer_button.click()
    assert text(exercise).startswith("Answer:")


def test_count_points_answer_speaks_spanish(ron, speak):
    speak("es")
    exercise = CountPoints({"Ron": ron}, "Ron")
    exercise.answer_button.click()
    answer = text(exercise)
    assert "Espacios vacíos" in answer and "Empty Spots" not in answer  # R24's label, translated
    assert "3 espacios vacíos" in answer and "spot(s)" not in answer
    assert "rules.es.md#r24" in exercise.feedback.value
