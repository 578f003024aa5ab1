"""The play app after the second newcomer usability test (ux_report2): the start panel,
Undo and the coach's Hint and Review, each driven through widget clicks."""

from __future__ import annotations

import html
import re

import pytest

pytest.importorskip("ipywidgets")

import exhibition_lab as xl
from exhibition_lab.coach import Option, open_spots, risks_later
from exhibition_lab.games.exhibition import coach
from exhibition_lab.games.exhibition.rules.layout import VARIATIONS
from exhibition_lab.games.exhibition.session import SEAT_DETAILS, SEAT_LABELS, PlaySession
from exhibition_lab.ui.render.cards import card_html
from exhibition_lab.ui.text.explain import card_with_subject
from exhibition_lab.ui.widgets.coach import ReviewView, ahead_words, minus, plain_change
from exhibition_lab.widgets import GameApp
from tests.test_widgets import click_one_step


def plain(value: str) -> str:
    return html.unescape(re.sub("<[^>]+>", "", value))


def market_of(app: GameApp) -> list:
    return [c for cards in app.game.market.values() for c in cards]


def play_to_the_end(app: GameApp) -> None:
    while not app.game.is_over:
        click_one_step(app)


def rivals() -> tuple[str, str]:
    """Two variations over the same base showcase (found from the layout, not hard-coded)."""
    by_base: dict[str, list[str]] = {}
    for key, kind in VARIATIONS.items():
        by_base.setdefault(kind.covers, []).append(key)
    pair = next(keys for keys in by_base.values() if len(keys) > 1)
    return pair[0], pair[1]


# ---------------------------------------------------------------- bug 1: variations
def test_variations_over_one_showcase_exclude_each_other_in_the_panel():
    app = GameApp(seats=["human", "greedy"], seed=3)
    picker = app.controls.variations
    first, second = rivals()
    picker.boxes[second].value = True
    picker.boxes[first].value = True  # ticking one unticks and disables its rival (D9)
    assert picker.value == (first,) and picker.boxes[second].disabled
    note = plain(picker.texts[second].value)
    assert f"Off while {VARIATIONS[first].name} is ticked" in note and "D9" not in note
    others = [k for k in picker.boxes if k not in (first, second)]
    assert not any(picker.boxes[k].disabled for k in others)  # other showcases stay free
    app.controls.button.click()
    assert app.game.layout.variations == (first,) and app.controls.message.value == ""
    picker.boxes[first].value = False  # unticking frees the rival again
    assert not picker.boxes[second].disabled and "Off while" not in picker.texts[second].value
    with pytest.raises(xl.ArgumentError, match="both lie over") as refused:
        picker.value = (first, second)
    assert refused.value.rule == "D9" and picker.value == ()


def test_the_panel_speaks_words_not_decision_ids():
    app = GameApp(seats=["human", "greedy"], seed=3)
    words = plain(app.controls.variations.texts["links"].value)
    assert "D12" not in words and "R12" not in plain(app.controls.variations.texts["links_strict"].value)


def test_a_refused_start_changes_neither_the_game_nor_the_seeds():
    def first_started_seed(refuse_first: bool) -> int:
        app = GameApp(seats=["human", "greedy"], seed=11)
        controls = app.controls
        if refuse_first:
            before = app.game
            controls.seed.value = "twelve"
            controls.button.click()
            assert app.game is before and "whole number" in controls.message.value
            assert controls.seed.value == "twelve"  # nothing rewritten behind the player's back
            controls.seed.value = ""
        controls.button.click()
        return app.session.setup.seed

    assert first_started_seed(True) == first_started_seed(False)


# ---------------------------------------------------------------- bug 2: the seed field
def test_the_seed_field_shows_only_a_seed_that_start_uses():
    app = GameApp(seats=["human", "greedy"], seed=7)
    controls = app.controls
    controls.button.click()
    dealt, cards = app.session.setup.seed, market_of(app)
    assert controls.seed.value == "" and not controls.keep_seed.value  # empty: new cards
    controls.keep_seed.value = True  # keep the game on the board
    assert controls.seed.value == str(dealt) and controls.next_seed() == dealt
    controls.button.click()
    assert app.session.setup.seed == dealt and market_of(app) == cards
    assert f"Dealt again with seed {dealt}" in plain(app.status.status.value)  # visible feedback
    assert controls.seed.value == str(dealt)  # still kept for the next start
    controls.keep_seed.value = False
    assert controls.seed.value == ""
    controls.button.click()
    assert app.session.setup.seed != dealt and "New game (seed" in plain(app.status.status.value)
    controls.seed.value = "4711"  # typing a seed keeps it
    assert controls.keep_seed.value
    controls.button.click()
    assert app.session.setup.seed == 4711


def test_a_kept_seed_with_other_players_is_a_new_game_not_the_same_deal():
    app = GameApp(seats=["human", "greedy"], seed=7)
    controls = app.controls
    controls.keep_seed.value = True
    controls.players.value = 3
    controls.button.click()
    assert app.session.setup.seed == 7 and "New game (seed 7)" in plain(app.status.status.value)
    controls.names[1].value = "Bo"  # a name changes no card
    controls.button.click()
    assert "Dealt again with seed 7" in plain(app.status.status.value)


def test_play_again_tells_the_panel_which_seed_is_on_the_board():
    app = GameApp(seats=["human", "random"], seed=2)
    play_to_the_end(app)
    app.play_again.click()
    app.controls.keep_seed.value = True
    assert app.controls.seed.value == str(app.session.setup.seed)


# ---------------------------------------------------------------- seats of the panel
def test_seats_that_disappear_go_back_to_their_defaults():
    app = GameApp(seats=["human", "greedy"], seed=1)
    controls = app.controls
    controls.players.value = 4
    controls.names[2].value, controls.seats[3].value = "Cy", "search"
    controls.players.value = 2
    controls.players.value = 4
    assert controls.names[2].value == "" and controls.seats[3].value == "greedy"
    controls.seats[1].value = "human"  # an empty name shows the name it will get
    assert [controls.names[k].placeholder for k in range(4)] == PlaySession.default_names(
        ["human", "human", "greedy", "greedy"]
    )
    controls.button.click()
    assert list(app.game.players) == [controls.names[k].placeholder for k in range(4)]


def test_seat_kinds_have_short_labels_and_their_sentence_on_hover():
    app = GameApp(seats=["human", "greedy"], seed=1)
    assert max(len(label) for label in SEAT_LABELS.values()) <= 24
    dropdown = app.controls.seats[1]
    dropdown.value = "search"
    assert dropdown.tooltip == SEAT_DETAILS["search"] and "plays the game out" in dropdown.tooltip


# ---------------------------------------------------------------- bugs 5 and 6: undo
def test_undo_names_a_decision_without_pronouns():
    session = PlaySession.new(["human", "greedy"], seed=0)
    while not session.game.is_over:
        session.act(session.game.legal_actions()[0])
    words = session.undo_in_words()
    assert "end of your exhibition" not in words and not re.search(r"\b(?:his|her)\b", words)
    two = PlaySession.new(["human", "human"], seed=0)
    while not two.game.is_over:
        two.act(two.game.legal_actions()[0])
    owner = two.game.history[two._last_human_index()][0]
    words = two.undo_in_words()
    name = two.game.players[owner]
    assert words.startswith(f"{name}'s ") and "your" not in words
    if any(isinstance(a, xl.EndExhibition) for s, a in two.game.history if s == owner):
        assert f"{name}'s exhibition ending" in words


def test_undo_at_game_over_reopens_the_last_real_choice():
    app = GameApp(seats=["human", "greedy"], seed=4)
    play_to_the_end(app)
    app.review_button.click()
    game = app.game
    # the last human action that had an alternative, found by stepping a copy back
    twin, last = game.copy(), None
    for k in range(len(game.history) - 1, -1, -1):
        twin.undo()
        if game.history[k][0] == 0 and len(twin.legal_actions()) > 1:
            last = k
            break
    assert last is not None and not app.undo_button.disabled
    app.undo_button.click()
    assert len(app.game.history) == last and not app.game.is_over
    assert len(app.game.legal_actions()) > 1  # never the same forced move again
    assert app.end_panel.layout.display == "none" and app.review_area.children == ()
    assert plain(app.status.status.value).startswith("Took back your ")


# ---------------------------------------------------------------- bug 8: review of every human
def test_review_offers_a_seat_chooser_when_several_humans_played(monkeypatch):
    monkeypatch.setattr("exhibition_lab.ui.widgets.app.REVIEW_TIME_LIMIT", 0.01)
    app = GameApp(seats=["human", "greedy", "human"], seed=5)
    play_to_the_end(app)
    app.review_button.click()
    (view,) = app.review_area.children
    assert isinstance(view, ReviewView) and view.seat_chooser.layout.display == "flex"
    assert [seat for _, seat in view.seat_chooser.options] == [0, 2]
    assert "Review of Human 1" in view.summary.value
    view.next.click()
    view.seat_chooser.value = 2
    assert view.review.seat == 2 and "Review of Human 3" in view.summary.value and view.index == 0
    turns = [k for k, (seat, a) in enumerate(app.game.history) if seat == 2 and isinstance(a, xl.Take)]
    assert len(view.review.decisions) <= len(turns) and view.review.decisions
    view.seat_chooser.value = 0  # kept, not reviewed again
    assert view.review is view._reviews[0] and "Review of Human 1" in view.summary.value


def test_review_of_a_lone_human_has_no_chooser(monkeypatch):
    monkeypatch.setattr("exhibition_lab.ui.widgets.app.REVIEW_TIME_LIMIT", 0.01)
    app = GameApp(seats=["human", "greedy"], seed=4)
    play_to_the_end(app)
    app.review_button.click()
    (view,) = app.review_area.children
    assert view.seat_chooser.layout.display == "none" and view.review.seat == 0


# ---------------------------------------------------------------- review: the card and the reasons
def reviewed(seed: int = 4) -> ReviewView:
    game = xl.Game.new(["You", "Bot"], seed=seed)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    return ReviewView.for_game(game, [0], seed=seed, time_limit=0.01)


def test_review_names_the_card_the_coach_would_have_taken():
    view = reviewed()
    found = False
    for k, d in enumerate(view.review.decisions):
        view.go(k)
        mine, best = d.played.plan.take.card, d.best.plan.take.card
        text = plain(view.board.value)
        if mine == best or d.label == "good":  # a good decision is not lectured
            assert "The coach would have taken" not in text
            continue
        found = True
        assert f"The coach would have taken {card_with_subject(best)} instead" in text
        assert card_html(best) in view.board.value and card_html(mine) in view.board.value
        same = d.played.plan.place == d.best.plan.place
        assert ("for the same spot" in text) == same
    assert found


def test_a_large_loss_gets_more_than_one_reason():
    view = reviewed()
    large = [k for k, d in enumerate(view.review.decisions) if d.label in ("mistake", "blunder")]
    assert large
    for k in large:
        view.go(k)
        d = view.decision
        text = plain(view.board.value)
        mine, best = len(open_spots(d.view, d.played.plan)), len(open_spots(d.view, d.best.plan))
        if mine != best:
            assert f"the coach's turn keeps {best} spot" in text and f"yours {mine} spot" in text
        assert " fp" not in text and not re.search(r"(?<![\w−])-\d", text)  # words and true minus signs


def test_open_spots_are_the_empty_spots_some_card_to_come_fits():
    game = xl.Game.new(1, seed=3)
    for _ in range(8):
        game.apply(game.legal_actions()[0])
    view = game.view()
    ev = coach.evaluate(game, playouts=32)
    for option in ev.options[:3]:
        spots = set(open_spots(view, option.plan))
        lost = [r for r in risks_later(view, option.plan) if "no card still to come" in r]
        for risk in lost:
            name = risk.split("leaves ")[1].split(" with no card")[0]
            assert not any(view.layout.spot_name(*spot) == name for spot in spots)
        assert spots <= set(coach._hall_after(view, option.plan).empty_spots())


# ---------------------------------------------------------------- hint
def test_hint_says_about_equal_within_the_margin_of_error():
    best = Option(None, 5.0, 4.0, 6.0, 32, 0.6)
    close = Option(None, 4.9, 3.9, 5.9, 32, 0.5)
    far = Option(None, 2.0, 1.5, 2.5, 32, 0.2)
    assert ahead_words(best, close, solo=False).startswith("about equal")
    assert ahead_words(best, far, solo=False) == "about 3.0 fame points better than the next option"
    solo_best, solo_far = Option(None, -800.0, -850.0, -750.0, 32), Option(None, -1100.0, -1150.0, -1050.0, 32)
    assert ahead_words(solo_best, solo_far, solo=True) == "about 300 points better than the next option"


def test_hint_panel_reason_matches_the_error_ranges():
    app = GameApp(seats=["human", "greedy"], seed=5)
    app.hint_button.click()
    seed = app.session.setup.seed * 1000 + len(app.game.history)
    advice = coach.hint(app.game, time_limit=1.0, seed=seed)
    ev = advice.evaluation
    why = plain(app.hint_panel.value)
    overlap = ev.options[1].high >= ev.best.low
    assert ("about equal to the next option" in why) == overlap
    assert " fp" not in why and not re.search(r"(?<![\w−])-\d", why)


# ---------------------------------------------------------------- minus signs
def test_minus_signs_are_true_minus_signs():
    assert (
        plain_change("Empty Spots -3 → -2 (+1 fp): two spots (R24)") == "Empty Spots goes from −3 to −2 (+1 fame point)"
    )
    assert minus("1945-1950 is −5, not -5") == "1945-1950 is −5, not −5"
