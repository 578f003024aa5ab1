"""Variation showcases V1–V6a with D9 and D10."""

from __future__ import annotations

import numpy as np
import pytest

import exhibition_lab as xl
from tests.conftest import card, play_randomly
from tests.helpers.layouts import EMPTY, MIXED


def layout(*names: str) -> xl.Layout:
    return xl.Layout.base().with_variations(*names)


def why(text: str, names: tuple[str, ...], token: str, s: int, i: int, others=(), players=None) -> str | None:
    hall = xl.Hall.parse(text, layout(*names))
    reason = hall.why_not(card(token), s, i, [xl.Hall.parse(o, layout(*names)) for o in others], players=players)
    return None if reason is None else reason.split(" ", 1)[0]


# ---------------------------------------------------------------- V2 Spread the Years
SPREAD = ("spread_the_years",)


def test_v2_spread_neighbours_at_least_20_years():
    base = ". . . . . . / 1950EU . . . / . / . . . / . ."
    assert why(base, SPREAD, "1970AS", 1, 1) is None
    assert why(base, SPREAD, "1969AS", 1, 1) == "V2"


def test_v2_spread_with_one_free_spot_needs_40():
    base = ". . . . . . / 1930EU . . . / . / . . . / . ."
    assert why(base, SPREAD, "1970AS", 1, 2) is None
    assert why(base, SPREAD, "1969AS", 1, 2) == "V2"


def test_v2_spread_with_two_free_spots_needs_60():
    base = ". . . . . . / 1910EU . . . / . / . . . / . ."
    assert why(base, SPREAD, "1970AS", 1, 3) is None
    assert why(base, SPREAD, "1969AS", 1, 3) == "V2"


def test_v2_replaces_one_era_limit():
    assert why(". . . . . . / 1910EU . . . / . / . . . / . .", SPREAD, "1990AS", 1, 1) is None


# ---------------------------------------------------------------- V3 Links
LINKS = ("links",)


def test_v3_links_direct_neighbours_within_five_years():
    base = "1950EU . . . . . / . . . . / . / . . . / . ."
    assert why(base, LINKS, "1955AS", 0, 1) is None
    assert why(base, LINKS, "1956AS", 0, 1) == "V3"


def test_v3_links_free_spot_between_breaks_the_link():
    assert why("1950EU . . . . . / . . . . / . / . . . / . .", LINKS, "1990AS", 0, 2) is None


LINKS_STRICT = ("links_strict",)


def test_d12_links_sets_r12_aside_so_neighbours_share_a_continent():
    # D12 (the default reading of V3): a shared continent links neighbours of any distance
    base = "1950EU . . . . . / . . . . / . / . . . / . ."
    assert why(base, LINKS, "1952EU", 0, 1) is None
    assert why(base, LINKS, "1980EU", 0, 1) is None
    assert why(base, LINKS, "1980AS", 0, 1) == "V3"
    hall = xl.Hall.parse("1910EU 1930EU 1950EU 1970EU 1990EU . / . . . . / . / . . . / . .", layout(*LINKS))
    assert hall.is_legal()


def test_d12_strict_links_keeps_r12_so_neighbours_lie_within_five_years():
    base = "1950EU . . . . . / . . . . / . / . . . / . ."
    assert why(base, LINKS_STRICT, "1952EU", 0, 1) == "R12"
    assert why(base, LINKS_STRICT, "1980EU", 0, 1) == "R12"
    assert why(base, LINKS_STRICT, "1955AS", 0, 1) is None
    assert why(base, LINKS_STRICT, "1956AS", 0, 1) == "V3"
    with pytest.raises(xl.IllegalHall, match="R12"):
        xl.Hall.parse("1950EU 1952EU . . . . / . . . . / . / . . . / . .", layout(*LINKS_STRICT))


def test_d12_the_two_links_readings_cover_the_same_base_showcase():
    with pytest.raises(xl.ExhibitionLabError, match="at most one per base showcase"):
        layout("links", "links_strict")
    assert layout(*LINKS_STRICT).keys[0] == "links_strict" and layout(*LINKS).keys[0] == "links"


def test_v3_links_checks_both_neighbours():
    base = "1950EU . 1960AS . . . / . . . . / . / . . . / . ."
    assert why(base, LINKS, "1955NA", 0, 1) is None
    assert why(base, LINKS, "1954NA", 0, 1) == "V3"


# ---------------------------------------------------------------- V4 One Decade
DECADE = ("one_decade",)


def test_v4_one_decade_same_decade():
    base = ". . . . . . / . . . . / . / 1961EU . . / . ."
    assert why(base, DECADE, "1969AS", 3, 1) is None
    assert why(base, DECADE, "1970AS", 3, 1) == "V4"


def test_v4_one_decade_keeps_distinct_continents_and_drops_one_continent_rule():
    base = ". . . . . . / . . . . / . / 1961EU . . / . ."
    assert why(base, DECADE, "1965EU", 3, 1) == "R12"
    # no claim (R13) either: another player's One Decade showcase does not block continents
    assert why(EMPTY, DECADE, "1965EU", 3, 0, [base]) is None


# ---------------------------------------------------------------- V1 / R18
@pytest.mark.parametrize("name", sorted(xl.VARIATIONS))
def test_v1_white_cards_refused_in_every_variation(name):
    lay = layout(name)
    position = next(k for k, s in enumerate(lay) if s.key == name)
    empty = xl.Hall(lay)
    for token in ("1945W", "EIN"):
        reason = empty.why_not(card(token), position, 0, players=5)
        assert reason is not None and reason.startswith("V1"), (name, token, reason)


def test_v1_variations_keep_r11():
    assert why(". . . . . . / . . . . / . / . . . / 1960EU .", ("short_era",), "1950AS", 4, 1) == "R11"


# ---------------------------------------------------------------- V6a Unique Decades
UNIQUE = ("unique_decades",)


@pytest.mark.parametrize(
    ("players", "low", "high"),
    [(5, 1900, 1990), (4, 1910, 1980), (3, 1920, 1970), (2, 1930, 1960), (1, 1940, 1950)],
)
def test_v6a_allowed_decades_by_player_count(players, low, high):
    empty = EMPTY
    assert why(empty, UNIQUE, f"{low}AS", 4, 0, players=players) is None
    assert why(empty, UNIQUE, f"{high + 9}AS", 4, 0, players=players) is None
    if low > 1900:
        assert why(empty, UNIQUE, f"{low - 1}AS", 4, 0, players=players) == "V6a"
        assert why(empty, UNIQUE, f"{high + 10}AS", 4, 0, players=players) == "V6a"


def test_v6a_own_showcase_needs_two_decades():
    assert why(". . . . . . / . . . . / . / . . . / 1940EU .", UNIQUE, "1949AS", 4, 1, players=1) == "V6a"
    assert why(". . . . . . / . . . . / . / . . . / 1940EU .", UNIQUE, "1950AS", 4, 1, players=1) is None


def test_v6a_decade_taken_by_another_player():
    other = ". . . . . . / . . . . / . / . . . / 1941OC ."
    empty = EMPTY
    assert why(empty, UNIQUE, "1945AS", 4, 0, [other]) == "V6a"
    assert why(empty, UNIQUE, "1951AS", 4, 0, [other]) is None


def test_v6a_in_a_game_uses_the_player_count():
    game = xl.Game.new(2, seed=1, layout=layout(*UNIQUE))
    play_randomly(game, np.random.default_rng(1))
    for hall in game.halls:
        for c in hall.showcase("unique_decades"):
            assert c is None or 1930 <= c.year <= 1969


# ---------------------------------------------------------------- V5 / V6 scoring
def pair(left: str, right: str, name: str) -> xl.Hall:
    return xl.Hall.parse(f". . . . . . / . . . . / . / . . . / {left} {right}", layout(name), players=5)


def test_v5_short_era_smallest_difference_wins_dense():
    halls = {
        "A": pair("1950EU", "1952AS", "short_era"),
        "B": pair("1960EU", "1962AS", "short_era"),
        "C": pair("1900EU", "1990AS", "short_era"),
        "D": pair("1900EU", ".", "short_era"),
    }
    sheet = xl.score_halls(halls)
    assert [sheet[n].points["short_era"] for n in "ABCD"] == [5, 5, 4, 0]
    assert "years_gap" not in sheet["A"].points
    assert "(V5)" in sheet["A"].explain()


def test_v6_antiquity_oldest_right_card_wins_dense():
    halls = {
        "A": pair("1900EU", "1910AS", "antiquity"),
        "B": pair("1901EU", "1920AS", "antiquity"),
        "C": pair(".", "1905AS", "antiquity"),
    }
    sheet = xl.score_halls(halls)
    assert [sheet[n].points["antiquity"] for n in "ABC"] == [5, 4, 0]
    assert "(V6)" in sheet["A"].explain()


def test_unique_decades_keeps_years_gap_scoring():
    halls = {"A": pair("1900EU", "1990AS", "unique_decades"), "B": pair("1910EU", "1920AS", "unique_decades")}
    sheet = xl.score_halls(halls)
    assert sheet["A"].points["years_gap"] == 5 and sheet["B"].points["years_gap"] == 4


@pytest.mark.parametrize("names", [MIXED, ("antiquity",)])
def test_variation_games_play_to_the_end_legally(names):
    for seed in range(10):
        game = play_randomly(xl.Game.new(3, seed=seed, layout=layout(*names)), np.random.default_rng(seed))
        assert game.is_over
        for seat, hall in enumerate(game.halls):
            assert hall.is_legal(game.others(seat), players=3)
        assert xl.Game.from_json(game.to_json()) == game
