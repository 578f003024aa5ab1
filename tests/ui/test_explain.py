"""Plain words for refused placements and for moves (exhibition_lab.ui.text.explain).

Halls are written in the notation, so the tests do not depend on the reference deck's deal.
"""

from __future__ import annotations

import re

import pytest

import exhibition_lab as xl
from exhibition_lab.games.exhibition.rules.layout import Layout
from exhibition_lab.ui.text.explain import (
    action_in_words,
    fits_nowhere_in_words,
    history_in_words,
    placement_in_words,
    turns_in_words,
)
from tests.helpers.layouts import EMPTY

C = xl.Card.parse
COORDINATES = re.compile(r"\(\d+, ?\d+\)|spot \d")


def words(hall_text: str, card: str, s: int, i: int, layout: Layout | None = None, others=(), players=None):
    hall = xl.Hall.parse(hall_text, layout, players=players)
    plain = placement_in_words(hall, C(card), s, i, others, players=players)
    assert plain is not None, "the placement was expected to be refused"
    assert not COORDINATES.search(plain.words), plain.words  # words, never coordinates
    # the same decision as the engine's why_not, and the same rule id
    assert hall.why_not(C(card), s, i, others, players=players).startswith(plain.rule)
    return plain


def test_r11_says_which_card_must_stand_where():
    plain = words(". . 1923AS . . . / . . . . / . / . . . / . .", "1904AF", 0, 4)
    assert plain == ("1904 must stand left of 1923 in General: years ascend", "R11")
    plain = words(". . 1923AS . . . / . . . . / . / . . . / . .", "1950AF", 0, 1)
    assert plain.words == "1950 must stand right of 1923 in General: years ascend"


def test_r12_names_the_continent_and_the_card_that_holds_it():
    plain = words("1904AF . . . . . / . . . . / . / . . . / . .", "1932AF", 0, 3)
    assert plain.rule == "R12"
    assert "General already shows Africa (1904)" in plain.words and "continents must differ" in plain.words


def test_r13_one_continent_and_the_claim_of_another_player():
    plain = words(". . . . . . / . . . . / . / 1904AF . . / . .", "1932AS", 3, 1)
    assert plain == ("One Continent holds Africa: all its cards share one continent", "R13")
    other = xl.Hall.parse(". . . . . . / . . . . / . / 1920AS . . / . .")
    plain = words(EMPTY, "1932AS", 3, 0, others=[other])
    assert plain.rule == "R13" and "another player's One Continent already holds Asia" in plain.words


def test_r14_one_era_gap_with_free_spots_in_words():
    plain = words(". . . . . . / 1920AS . . . / . / . . . / . .", "1941AF", 1, 2)
    assert plain.rule == "R14"
    assert plain.words == "1941 and 1920 would be 21 years apart in One Era, with 1 free spot between: at most 20"
    plain = words(". . . . . . / 1920AS . . . / . / . . . / . .", "1931AF", 1, 1)
    assert "side by side: at most 10" in plain.words


def test_variations_in_words():
    spread = Layout.base().with_variations("spread_the_years")
    assert "at least 20" in words(". . . . . . / 1920AS . . . / . / . . . / . .", "1930AF", 1, 1, spread).words
    links = Layout.base().with_variations("links")
    plain = words("1920AS . . . . . / . . . . / . / . . . / . .", "1930AF", 0, 1, links)
    assert plain.rule == "V3" and "share a continent or lie within 5 years" in plain.words
    decade = Layout.base().with_variations("one_decade")
    plain = words(". . . . . . / . . . . / . / 1921AS . . / . .", "1935AF", 3, 1, decade)
    assert plain == ("One Decade holds the 1920s: all its cards share one decade", "V4")
    unique = Layout.base().with_variations("unique_decades")
    plain = words(EMPTY, "1905AF", 4, 0, unique, players=2)
    assert plain.rule == "V6a" and "only the 1930s–1960s" in plain.words
    plain = words(". . . . . . / . . . . / . / . . . / 1931AS .", "1935AF", 4, 1, unique, players=5)
    assert "already holds the 1930s" in plain.words
    assert words(EMPTY, "1945W", 0, 0, links).rule == "V1"


def test_full_spot_and_second_card_of_a_year():
    plain = words("1904AF . . . . . / . . . . / . / . . . / . .", "1932AS", 0, 0)
    assert plain == ("General, 1st spot already holds 1904", "R10")
    plain = words(". . . . . . / . . . . / . / . . . / . . | 1932AS", "1932AS", 0, 0)
    assert plain.rule == "R2" and "already holds a card of 1932" in plain.words


def test_a_legal_placement_has_no_reason():
    assert placement_in_words(xl.Hall.parse(EMPTY), C("1932AS"), 0, 0) is None


def test_fits_nowhere_gives_one_reason_per_showcase():
    # every showcase ends in an old card, so a young card fits nowhere; Mid Century is full
    hall = xl.Hall.parse(". . . . . 1902AF / . . . 1903OC / 1950EU / . . 1904AS / . 1905SA")
    card = C("1960NA")
    assert hall.legal_spots(card) == []
    reasons = dict(fits_nowhere_in_words(hall, card))
    assert list(reasons) == ["General", "One Era", "Mid Century", "One Continent", "Years Gap"]
    assert reasons["Mid Century"].words == "full" and reasons["Mid Century"].rule == "R10"
    assert reasons["General"] == (
        "1960 must stand right of 1902 in General, and no spot is free there: years ascend",
        "R11",
    )
    assert all(not COORDINATES.search(r.words) for r in reasons.values())


def test_fits_nowhere_explains_the_spot_where_the_year_belongs():
    # One Era 1904 · _ · 1917 · _: the 4th spot is in year order, so its step (R14) is the
    # reason, not the 2nd spot's order (the usability test's "must stand right of 1917")
    hall = xl.Hall.parse(". . . . . . / 1904AF . 1917EU . / . / . . . / . .")
    reasons = dict(fits_nowhere_in_words(hall, C("1948NA")))
    assert reasons["One Era"].rule == "R14"
    assert reasons["One Era"].words == "1948 and 1917 would be 31 years apart in One Era, side by side: at most 10"
    # One Era 1904 · _ · _ · _: the roomiest spot's limit is the one worth telling (30 years)
    hall = xl.Hall.parse(". . . . . . / 1904AF . . . / . / . . . / . .")
    reasons = dict(fits_nowhere_in_words(hall, C("1956NA")))
    assert reasons["One Era"].words.endswith("with 2 free spots between: at most 30")
    # General 1932 · 1964 with the free spots elsewhere: no spot is free where 1950 belongs
    hall = xl.Hall.parse("1900SA 1932AF 1964EU . . . / . . . . / . / . . . / . .")
    reasons = dict(fits_nowhere_in_words(hall, C("1950NA")))
    assert reasons["General"] == (
        "1950 must stand between 1932 and 1964 in General, and no spot is free there: years ascend",
        "R11",
    )


def test_fits_nowhere_is_empty_where_the_card_fits():
    assert fits_nowhere_in_words(xl.Hall.parse(EMPTY), C("1960NA")) == []


def test_moves_in_words_before_they_happen():
    game = xl.Game.new(["Ann", "Bob"], seed=11)
    take = next(a for a in game.legal_actions() if isinstance(a, xl.Take) and not a.card.is_white)
    column = next(c for c, cards in game.market.items() if take.card in cards)
    text = action_in_words(game, take)
    # the subject stands in quotes and the column is named as one: its continent never reads
    # as the place of the event (R5)
    assert text.startswith(f"took {take.card.year} “{take.card.title}” from the {column.title} column")
    if take.card.continent is not column:
        assert text.endswith(f"moved the Zeppelin to {take.card.continent.title}")
    game.apply(take)
    place = next(a for a in game.legal_actions() if isinstance(a, xl.Place))
    assert action_in_words(game, place) == f"placed it in {game.layout.spot_name(place.showcase, place.spot)}"
    assert action_in_words(game, xl.ToDepot()) == "put it in the Depot"
    game.apply(place)
    sentences = turns_in_words(game, history_in_words(game))
    assert sentences == [(0, f"Ann {text} and placed it in {game.layout.spot_name(place.showcase, place.spot)}")]


def test_history_in_words_leaves_the_game_unchanged():
    game = xl.Game.new(["Ann"], seed=2)
    for _ in range(6):
        game.apply(game.legal_actions()[-1])
    before = game.to_json()
    assert len(history_in_words(game)) == 6
    assert game.to_json() == before


@pytest.mark.parametrize("variation", [None, "links"])
def test_every_refusal_of_a_random_game_has_plain_words(variation):
    """For every placement refused in a played-out game the words exist, carry the engine's
    rule id and hold no coordinates."""
    import numpy as np

    layout = Layout.base() if variation is None else Layout.base().with_variations(variation)
    game = xl.Game.new(["Ann", "Bob"], seed=5, layout=layout)
    rng = np.random.default_rng(5)
    checked = 0
    while not game.is_over:
        if game.phase is xl.Phase.PLACE:
            hall = game.hall(game.current)
            for (s, i), _card in hall.iter_spots():
                problem = hall.placement_problem(game.hand, s, i, game.others(), players=2)
                plain = placement_in_words(hall, game.hand, s, i, game.others(), players=2)
                assert (problem is None) == (plain is None)
                if plain is not None:
                    assert plain.rule == problem.rule and plain.words
                    assert not COORDINATES.search(plain.words), plain.words
                    checked += 1
        actions = game.legal_actions()
        game.apply(actions[rng.integers(len(actions))])
    assert checked > 50


def test_the_history_said_again_follows_undo_the_language_and_who_is_you(speak):
    """A redraw says the kept words of past actions again; an action undone and played
    otherwise, another language or another seat said as "you" are said afresh, as a
    fresh game with the same history would be (R7 takes, R10 placements)."""
    game = xl.Game.new(["Ann", "Bob"], seed=3)
    for _ in range(8):
        game.apply(game.legal_actions()[0])
    first = history_in_words(game)
    assert history_in_words(game) == first
    game.undo()
    game.apply(game.legal_actions()[-1])
    replayed = xl.Game.new(["Ann", "Bob"], seed=3)
    for _, action in game.history:
        replayed.apply(action)
    assert history_in_words(game) == history_in_words(replayed) != first
    speak("es")
    spanish = history_in_words(game)
    assert spanish[0].startswith("tomó") and spanish != history_in_words(replayed, short=True)
    # Spanish conjugates the reader's own seat in the second person ("tomaste"), R7's take
    assert history_in_words(game, you=[0])[0].startswith("tomaste")
    assert history_in_words(game)[0].startswith("tomó")
