"""Scoring R19–R26 and V7 with explanations; the shipped example boards."""

from __future__ import annotations

import numpy as np
import pytest

import exhibition_lab as xl
from tests.conftest import RON, hall, play_randomly
from tests.helpers.layouts import EMPTY


def gap_hall(left: str, right: str) -> xl.Hall:
    return hall(f". . . . . . / . . . . / . / . . . / {left} {right}")


# ---------------------------------------------------------------- examples
@pytest.mark.parametrize("key", xl.example_names())
def test_shipped_examples_score_as_worked_by_hand(key):
    example = xl.load_example(key)
    sheet = example.score()
    for name, expected in example.expected.items():
        points = dict(sheet[name].points)
        assert {**points, "total": sheet[name].total} == expected, name
    assert sheet.winners == example.winners


def test_there_are_at_least_six_examples():
    names = xl.example_names()
    assert "ron" in names and len(names) >= 6


def test_r27_ron_scores_15_and_explains_every_goal():
    sheet = xl.load_example("ron").score()
    ron = sheet["Ron"]
    assert ron.total == 15
    assert list(ron.points.values()) == [0, 5, 3, 9, 3, -3, -2]
    text = ron.explain()
    for rule in ["R19", "R20", "R21", "R22", "R23", "R24", "R25"]:
        assert f"({rule})" in text
    assert "Chain of Years (R23): 1972-1973-1974 → 3" in text
    assert "missing Asia" in text
    assert "1972 − 1903 = 69" in text


# ---------------------------------------------------------------- R19
def six(continent_years: str) -> xl.Hall:
    return hall(f"{continent_years} / . . . . / . / . . . / . .")


ALL_SIX = six("1901OC 1910AF 1923AS 1929NA 1930SA 1939EU")


def test_r19_dense_ranking_by_round_5_5_4_3():
    halls = {n: ALL_SIX for n in "ABCD"}
    sheet = xl.score_halls(halls, six_continents_round={"A": 7, "B": 7, "C": 9, "D": 12})
    assert [sheet[n].points["six_continents"] for n in "ABCD"] == [5, 5, 4, 3]


def test_r19_same_round_when_rounds_are_unknown_and_missing_continent_scores_zero():
    partial = six("1901OC 1910AF 1923AS 1929NA 1930SA . ")
    sheet = xl.score_halls({"A": ALL_SIX, "B": ALL_SIX, "C": partial})
    assert [sheet[n].points["six_continents"] for n in "ABC"] == [5, 5, 0]
    assert "missing Europe" in sheet["C"].line("six_continents").reason


def test_r19_needs_a_round_for_every_hall_with_six():
    with pytest.raises(xl.ExhibitionLabError, match="R19"):
        xl.score_halls({"A": ALL_SIX}, six_continents_round={"A": None})


def test_r19_depot_and_white_cards_do_not_count_for_continents():
    with_depot = hall("1901OC 1910AF 1923AS 1929NA 1930SA 1945W / . . . . / . / . . . / . . | 1939EU")
    assert xl.score_halls({"A": with_depot})["A"].points["six_continents"] == 0


def test_r19_rounds_recorded_during_play():
    for seed in range(40):
        game = play_randomly(xl.Game.new(3, seed=seed), np.random.default_rng(seed))
        for seat, hall_ in enumerate(game.halls):
            recorded = game.six_continents_round[seat]
            assert (recorded is not None) == hall_.has_all_continents
            if recorded is not None:
                # replay to find the round in which the hall first showed six continents
                replay = xl.Game.new(3, seed=seed)
                for actor, action in game.history:
                    round_of_action = replay.round
                    replay.apply(action)
                    if actor == seat and replay.hall(seat).has_all_continents:
                        break
                assert round_of_action == recorded


# ---------------------------------------------------------------- R20
def test_r20_years_gap_dense_ranking_and_einstein_or_empty_take_no_rank():
    halls = {
        "A": gap_hall("1900AS", "1960EU"),
        "B": gap_hall("1910AS", "1970EU"),
        "C": gap_hall("1920AS", "1960EU"),
        "D": gap_hall("EIN", "1999EU"),
        "E": gap_hall("1950AS", "."),
    }
    points = {n: s.points["years_gap"] for n, s in zip("ABCDE", xl.score_halls(halls))}
    assert points == {"A": 5, "B": 5, "C": 4, "D": 0, "E": 0}


def test_r20_1945_counts_with_its_year_in_the_gap():
    sheet = xl.score_halls({"A": gap_hall("1945W", "1990EU"), "B": gap_hall("1950AS", "1990EU")})
    assert sheet["A"].points["years_gap"] == 5 and sheet["B"].points["years_gap"] == 4


# ---------------------------------------------------------------- R21–R25
def test_r21_continent_focus_excludes_white_cards():
    line = xl.score_halls({"A": hall("1945W 1950EU . . . . / . . . . / . / . . . / 1940EU 1960AS")})["A"]
    assert line.points["continent_focus"] == 2
    only_white = xl.score_halls({"A": hall("1945W . . . . EIN / . . . . / . / . . . / . .")})["A"]
    assert only_white.points["continent_focus"] == 0


def test_r22_decades_count_1945_but_not_einstein():
    sheet = xl.score_halls({"A": hall("1945W EIN . . . . / . . . . / . / . . . / . .")})
    assert sheet["A"].points["decades"] == 1
    full = hall("1905OC 1915AF 1925AS 1935NA 1947SA 1955EU / 1960OC 1970AF 1975AS 1980EU / 1990NA / . . . / . .")
    assert xl.score_halls({"A": full})["A"].points["decades"] == 10


def test_r23_chain_anywhere_in_hall_min_one_and_einstein_excluded():
    chain = hall("1940EU . . . . . / . . . . / 1941AS / . . . / 1942SA 1990NA")
    assert xl.score_halls({"A": chain})["A"].points["chain"] == 3
    assert xl.score_halls({"A": xl.Hall()})["A"].points["chain"] == 1
    assert xl.score_halls({"A": hall("EIN . . . . . / . . . . / . / . . . / . .")})["A"].points["chain"] == 1


def test_r24_r25_penalties():
    sheet = xl.score_halls({"A": hall(EMPTY + " | 1950EU 1951EU 1952EU")})["A"]
    assert sheet.points["empty_spots"] == -16 and sheet.points["depot"] == -3


def test_r25_depot_cards_never_change_a_goal():
    base = xl.load_example("ron").halls["Ann"]
    with_depot = base.add_to_depot(xl.Card.parse("1999OC")).add_to_depot(xl.Card.parse("1998EU"))
    a = xl.score_halls({"A": base})["A"].points
    b = xl.score_halls({"A": with_depot})["A"].points
    assert {k: v for k, v in a.items() if k != "depot"} == {k: v for k, v in b.items() if k != "depot"}
    assert b["depot"] == a["depot"] - 2


# ---------------------------------------------------------------- R26 / D8
def mid(token: str) -> xl.Hall:
    return hall(f". . . . . . / . . . . / {token} / . . . / . .")


def test_r26_tiebreaker_decides_equal_totals():
    sheet = xl.score_halls({"Far": mid("1940AS"), "Near": mid("1951AS")})
    assert sheet["Far"].total == sheet["Near"].total
    assert sheet.winners == ["Near"] and sheet.ranking == ["Near", "Far"]


def test_r26_full_tie_keeps_several_winners():
    sheet = xl.score_halls({"A": mid("1948AS"), "B": mid("1952EU")})
    assert sheet.winners == ["A", "B"]


def test_d8_empty_mid_century_or_einstein_ranks_last():
    sheet = xl.score_halls({"Empty": hall(". . . . . . / . . . . / . / . . . / 1990AS ."), "Far": mid("1999AS")})
    assert sheet["Empty"].total == sheet["Far"].total and sheet.winners == ["Far"]
    sheet = xl.score_halls({"Ein": mid("EIN"), "Far": hall(". . . . . . / . . . . / 1900AS / . . . / . .")})
    assert sheet.winners == ["Far"]


def test_higher_total_wins_regardless_of_tiebreak():
    sheet = xl.score_halls({"A": mid("1950AS"), "B": hall(". . . . . . / . . . . / 1900AS / . . . / 1901EU .")})
    assert sheet["B"].total > sheet["A"].total and sheet.winners == ["B"]


# ---------------------------------------------------------------- V7
def test_v7_secret_decade_counts_hall_cards_only():
    board = hall("1960EU EIN . . . . / . . . . / 1965AS / . . . / . . | 1961OC")
    sheet = xl.score_halls({"A": board}, secret_decades={"A": 1960})
    assert sheet["A"].points["secret_decade"] == 2
    assert "secret_decade" not in xl.score_halls({"A": board})["A"].points


def test_v7_game_scores_secret_decades_at_the_end():
    game = play_randomly(xl.Game.new(["A", "B"], seed=4, secret_decades=True), np.random.default_rng(4))
    sheet = game.score()
    for seat, name in enumerate(game.players):
        decade = game.secret_decades[seat]
        expected = sum(1 for c in game.hall(seat).hall_cards() if c.decade == decade)
        assert sheet[name].points["secret_decade"] == expected


# ---------------------------------------------------------------- whole games
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_seeded_games_total_equals_sum_of_items(players):
    for seed in range(15):
        game = play_randomly(xl.Game.new(players, seed=seed, secret_decades=seed % 2 == 0), np.random.default_rng(seed))
        sheet = game.score()
        for score in sheet:
            assert score.total == sum(score.points.values())
            assert len(score.explain().splitlines()) == len(score.points) + 1
        halls = dict(zip(game.players, game.halls))
        rounds = dict(zip(game.players, game.six_continents_round))
        decades = None if game.secret_decades is None else dict(zip(game.players, game.secret_decades))
        assert xl.score_halls(halls, rounds, decades).rows() == sheet.rows()


def test_score_sheet_table_rows_and_frame():
    sheet = xl.load_example("ron").score()
    from exhibition_lab.ui.render.sheets import score_sheet_html

    html = score_sheet_html(sheet)
    assert 'class="exlab-score-sheet"' in html and "R23" in html and "Ann" in html
    rows = sheet.rows()
    assert rows[0]["player"] == "Ann" and rows[0]["total"] == 25
    frame = sheet.to_frame()
    assert frame.loc["Ron", "total"] == 15
    with pytest.raises(KeyError, match="no player"):
        sheet["Nobody"]


def test_ron_notation_example_matches_rules_md():
    assert str(xl.load_example("ron").halls["Ron"]) == RON
