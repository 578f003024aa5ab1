"""The solo game S1–S7 with D11."""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

import numpy as np
import pytest

import exhibition_lab as xl
from tests.conftest import card, hall, play_randomly
from tests.helpers.layouts import EMPTY

FULL_SIX = "1901OC 1910AF 1923AS 1929NA 1930SA 1939EU / . . . . / 1948AF / . . . / {gap} | 1960EU"


def market(*tokens: str) -> list[xl.Card]:
    return [card(t) for t in tokens]


def test_s1_solo_game_starts_on_oceania_and_ends_like_r10():
    game = xl.Game.new(["You"], seed=3)
    assert game.is_solo and game.vehicles == (xl.Continent.OC,)
    play_randomly(game, np.random.default_rng(3))
    assert game.is_over and game.final == (True,)
    assert game.hall(0).is_full or game.discard or not game.market_cards


def test_s3_six_continents_is_one_point():
    with_six = xl.solo_score(hall(FULL_SIX.format(gap=". .")))
    assert with_six.points["six_continents"] == 1
    without = xl.solo_score(hall(EMPTY))
    assert without.points["six_continents"] == 0


def test_s4_years_gap_penalty_counts_market_cards_outside():
    board = hall(FULL_SIX.format(gap="1920EU 1970NA"))
    tile = market("1900AS", "1919OC", "1920SA", "1950AS", "1970OC", "1971AF", "1999EU")
    score = xl.solo_score(board, tile)
    assert score.points["years_gap"] == 5 - 4  # 1900, 1919, 1971, 1999 lie outside 1920–1970
    assert "(S4)" in score.explain()


def test_s4_penalty_never_below_zero_and_incomplete_scores_zero():
    board = hall(FULL_SIX.format(gap="1950EU 1951NA"))
    tile = market(*[f"{y}AS" for y in (1900, 1910, 1920, 1930, 1940, 1960, 1970, 1980)])
    assert xl.solo_score(board, tile).points["years_gap"] == 0
    assert xl.solo_score(hall(FULL_SIX.format(gap="1950EU .")), []).points["years_gap"] == 0
    assert xl.solo_score(hall(FULL_SIX.format(gap="EIN 1999NA")), []).points["years_gap"] == 0


def test_s5_einstein_in_the_market_never_counts():
    board = hall(FULL_SIX.format(gap="1920EU 1970NA"))
    assert xl.solo_score(board, market("EIN", "1999EU")).points["years_gap"] == 4


def test_s5_short_era_and_antiquity_penalties():
    lay = xl.Layout.base()
    short = xl.Hall.parse(". . . . . . / . . . . / . / . . . / 1950EU 1960AS", lay.with_variations("short_era"))
    tile = market("1949OC", "1950SA", "1955AF", "1960NA", "1961OC", "EIN")
    assert xl.solo_score(short, tile).points["short_era"] == 5 - 3
    old = xl.Hall.parse(". . . . . . / . . . . / . / . . . / 1950EU 1960AS", lay.with_variations("antiquity"))
    assert xl.solo_score(old, tile).points["antiquity"] == 5 - 3  # 1949, 1950, 1955
    many = market(*[f"{y}OC" for y in range(1900, 1906)])
    assert xl.solo_score(old, many).points["antiquity"] == 0
    empty = xl.Hall(lay.with_variations("antiquity"))
    assert xl.solo_score(empty, tile).points["antiquity"] == 0


def test_s6_mid_century_default_reading_is_harsh():
    near = xl.solo_score(hall(". . . . . . / . . . . / 1948AF / . . . / . ."))
    assert near.points["mid_century"] * 100 == 100 - 200 * 2
    exact = xl.solo_score(hall(". . . . . . / . . . . / 1950SA / . . . / . ."))
    assert exact.points["mid_century"] == 1
    empty = xl.solo_score(xl.Hall())
    assert empty.points["mid_century"] * 100 == 100 - 200 * 50


def test_s6_tiebreak_reading_by_name():
    rules = xl.SoloRules.tiebreak_reading()
    assert rules == xl.SoloRules.by_name("tiebreak") and xl.SoloRules.by_name("harsh") == xl.SoloRules()
    near = xl.solo_score(hall(". . . . . . / . . . . / 1948AF / . . . / . ."), rules=rules)
    assert round(near.points["mid_century"] * 100) == 96
    assert (
        round(xl.solo_score(hall(". . . . . . / . . . . / EIN / . . . / . ."), rules=rules).points["mid_century"] * 100)
        == 0
    )
    with pytest.raises(xl.ExhibitionLabError, match="unknown solo reading"):
        xl.SoloRules.by_name("gentle")


def test_s7_total_is_hundred_times_fame_plus_mid_century():
    board = hall(FULL_SIX.format(gap="1920EU 1970NA"))
    score = xl.solo_score(board, market("1900AS"))
    fame = 1 + 4 + 2 + 6 + 2 - 7 - 1  # six, gap, focus (AF 1910 1948), decades, chain 1929-30, empty, depot
    assert score.total == 100 * fame + (100 - 200 * 2)


def test_solo_market_larger_than_the_tile_is_refused():
    with pytest.raises(xl.ExhibitionLabError, match="18"):
        xl.solo_score(xl.Hall(), market(*[f"{y}OC" for y in range(1900, 1919)]))


def hand_solo_total(board: xl.Hall, tile: tuple[xl.Card, ...], per_year: int = 200) -> int:
    cards = board.hall_cards()
    coloured = [c.continent for c in cards if c.continent is not None]
    six = 1 if len(set(coloured)) == 6 else 0
    left, right = board.showcase("years_gap")
    gap = 0
    if left and right and left.year and right.year:
        outside = sum(1 for c in tile if c.year is not None and not left.year <= c.year <= right.year)
        gap = max(0, 5 - outside)
    focus = max(Counter(coloured).values(), default=0)
    years = sorted(c.year for c in cards if c.year is not None)
    decades = len({y // 10 for y in years})
    chain = best = 1 if years else 0
    for a, b in pairwise(years):
        chain = chain + 1 if b == a + 1 else 1
        best = max(best, chain)
    fame = six + gap + focus + decades + max(best, 1) - board.n_empty - len(board.depot)
    (mid,) = board.showcase("mid_century")
    distance = 50 if mid is None or mid.year is None else abs(mid.year - 1950)
    return 100 * fame + 100 - per_year * distance


@pytest.mark.parametrize("seed", range(25))
def test_random_solo_game_matches_hand_calculation(seed):
    game = play_randomly(xl.Game.new(["You"], seed=seed), np.random.default_rng(seed))
    sheet = game.score()
    assert sheet["You"].total == hand_solo_total(game.hall(0), game.market_cards)
    tiebreak = game.score(solo_rules=xl.SoloRules.tiebreak_reading())
    assert tiebreak["You"].total == hand_solo_total(game.hall(0), game.market_cards, per_year=2)


def test_s2_solo_scores_are_shown_times_100():
    board = hall(FULL_SIX.format(gap="1920EU 1970NA"))
    score = xl.solo_score(board, market("1900AS"))
    assert score.scale == 100
    assert score.total == round(100 * sum(score.points.values()))
    assert "×100" in score.explain()
    # a multi-player sheet stays in fame points
    assert xl.score_halls({"A": board})["A"].scale == 1
