"""The coach's "Why" line names a reason a newcomer can check on the board: the goal that
decides at once, else the spot or showcase a turn keeps open for which cards still to come
(R11–R14), the risk the next option runs, the vehicle's next stop (R7, R8), what a pair goal
builds (R20, S4), what the Depot (R25) or the end (R10a, R24) costs — each number recounted
here from the rules, not from the coach's own helpers.

The positions are written out (notation of the rules' reference), so the reasons do not
depend on the playouts: the two options compared are given, their values equal."""

from __future__ import annotations

import re
from dataclasses import replace

import numpy as np
import pytest

import exhibition_lab as xl
from exhibition_lab import coach
from exhibition_lab.games.exhibition.agents import TurnPlan
from exhibition_lab.games.exhibition.coach_model import (
    Decision,
    Evaluation,
    Hint,
    Option,
    changes_now,
    deciding_goals,
    risks_later,
    risks_only,
    room_edge,
    showcase_cards,
    showcase_room,
    vehicle_edge,
)
from exhibition_lab.games.exhibition.rules.actions import EndExhibition, Move, Take, ToDepot, parse_action
from exhibition_lab.games.exhibition.rules.cards import Card
from exhibition_lab.games.exhibition.rules.hall import Hall
from exhibition_lab.ui.text.coach_words import ahead_words, decision_in_words, review_reason, why_line

#: The sentence the Why fell back on whenever no goal decided at once; it named nothing a
#: reader could check.
ABSTRACT = "at once it scores no more than the next option; its worth lies in the cards still to come"
EQUAL = "; level with the next option in 32 simulated games"


def position(
    *,
    tile: str,
    vehicles: str,
    stock: int,
    round: int,
    halls: tuple[str, ...],
    seats: tuple[str, ...] = ("You",),
    discard: str = "-",
    turn: int | None = None,
    final: str | None = None,
    six: str | None = None,
) -> str:
    """A position of the base layout in the rules' notation, the first seat about to take a
    card; what every position here shares is written once (no hand, no Secret Decades)."""
    lines = [f"seat {k}: {name}" for k, name in enumerate(seats, 1)]
    lines += [
        "layout: base",
        f"tile: {tile}",
        f"vehicles: {vehicles}",
        f"stock: {stock}",
        f"discard: {discard}",
        f"round: {round}",
        f"turn: {round if turn is None else turn}",
        "to move: seat 1",
        "phase: take",
        "hand: -",
        f"final: {final or ' '.join('no' for _ in seats)}",
        f"six continents: {six or ' '.join('-' for _ in seats)}",
        "secret decades: -",
    ]
    lines += [f"hall {k}: {hall}" for k, hall in enumerate(halls, 1)]
    return "\n".join(lines) + "\n"


SAME_SHOWCASE = position(
    tile=(
        "OC 1909SA 1920OC 1983SA / SA 1905EU 1916EU 1994AF / AF 1952AF 1981NA EIN / "
        "AS 1913EU 1964AS 1984SA / EU 1911SA 1937NA 1982OC / NA 1908AS 1910AF 1988AS"
    ),
    vehicles="OC",
    stock=81,
    round=3,
    halls=(". . . . . . / . . . . / 1936OC / . 1927OC . / . .",),
)
SAME_SHOWCASE_TURNS = (("take 1909SA", "place 0 1"), ("take 1909SA", "place 0 0"))

RISK_GENERAL = position(
    tile=(
        "OC 1919OC 1920OC 1983SA / SA 1905EU 1923AS 1994AF / AF 1952AF 1981NA EIN / "
        "AS 1913EU 1964AS 1984SA / EU 1911SA 1922AF 1937NA / NA 1908AS 1910AF 1988AS"
    ),
    vehicles="NA",
    stock=77,
    round=7,
    halls=(". 1909SA . 1916EU . . / 1982OC . . 1998NA / 1936OC / . 1927OC . / . .",),
)
RISK_GENERAL_TURNS = (("take 1908AS", "place 4 0"), ("take 1908AS", "place 0 0"))

DEPOT_KEEPS_GENERAL = position(
    tile=(
        "OC 1904AF 1972SA 1983SA / SA 1905EU 1923AS 1986AS / AF 1944AF 1952AF 1981NA / "
        "AS 1913EU 1964AS 1980AF / EU 1911SA 1922AF 1937NA / NA 1910AF 1950SA 1988AS"
    ),
    vehicles="OC",
    stock=71,
    round=13,
    six="9",
    halls=((". 1909SA EIN 1916EU . . / 1982OC 1984SA . 1998NA / 1936OC / 1920OC 1927OC . / 1908AS 1994AF | 1919OC"),),
)
DEPOT_KEEPS_GENERAL_TURNS = (("take 1904AF", "depot"), ("take 1904AF", "place 0 0"))

FILL_VS_DEPOT = position(
    tile=(
        "OC 1925AF 1972SA 1983SA / SA 1905EU 1923AS 1986AS / AF 1944AF 1952AF 1974OC / "
        "AS 1913EU 1964AS 1980AF / EU 1911SA 1922AF 1937NA / NA 1910AF 1950SA 1988AS"
    ),
    vehicles="NA",
    stock=69,
    round=15,
    six="9",
    halls=(
        (
            ". 1909SA EIN 1916EU . 1981NA / 1982OC 1984SA . 1998NA / 1936OC / 1920OC 1927OC . / "
            "1908AS 1994AF | 1919OC 1904AF"
        ),
    ),
)
FILL_VS_DEPOT_TURNS = (("take 1988AS", "place 1 2"), ("take 1910AF", "depot"))

ONE_CONTINENT = position(
    tile=(
        "OC 1908AS 1916EU 1968SA / SA 1906EU 1944AF 1988AS / AF 1905EU 1956OC 1960SA / "
        "AS 1920OC 1947AS 1986AS / EU 1934EU 1962OC 1965AS / NA 1917EU 1961AS 1971EU"
    ),
    vehicles="OC",
    stock=83,
    round=1,
    halls=(". . . . . . / . . . . / . / . . . / . .",),
)
ONE_CONTINENT_TURNS = (("take 1908AS", "place 3 0"), ("take 1916EU", "place 4 0"))

VEHICLE = position(
    tile=(
        "OC 1907OC 1984SA 1991EU / SA 1910AF 1914NA 1947AS / AF 1952AF 1956OC 1992SA / "
        "AS 1934EU 1969NA 1995AF / EU 1925AF 1961AS 1980AF / NA 1948AF 1976AF 1989EU"
    ),
    vehicles="OC",
    stock=83,
    round=1,
    halls=(". . . . . . / . . . . / . / . . . / . .",),
)
VEHICLE_TURNS = (("take 1984SA", "place 4 1"), ("take 1907OC", "place 4 0"))

ENDING = position(
    tile=(
        "OC 1906EU 1959NA 1971EU / SA 1914NA 1953EU 1986AS / AF 1905EU 1913EU 1987OC / "
        "AS 1911SA 1934EU 1969NA / EU 1961AS 1966EU 1980AF / NA 1918NA 1948AF 1989EU"
    ),
    vehicles="AF",
    stock=69,
    round=15,
    six="12",
    halls=(
        (
            "1942NA 1947AS 1956OC 1976AF 1991EU 1992SA / . . 1925AF 1928EU / 1952AF / "
            "1910AF 1993AF 1995AF / 1907OC 1984SA"
        ),
    ),
)
ENDING_TURNS = (("take 1905EU", "end"), ("take 1987OC", "end"))

SOLO_GAP = position(
    tile=(
        "OC 1922AF 1981NA 1985OC / SA 1901OC 1923AS 1934EU / AF 1941NA 1944AF 1998NA / "
        "AS 1963NA 1972SA 1982OC / EU 1948AF 1977SA 1999OC / NA 1917EU 1935AF 1942NA"
    ),
    vehicles="OC",
    stock=83,
    round=1,
    halls=(". . . . . . / . . . . / . / . . . / . .",),
)
SOLO_GAP_TURNS = (("take 1985OC", "place 4 1"), ("take 1985OC", "place 3 2"))

NARROW_GAP = position(
    tile=(
        "OC 1922AF 1981NA 1989EU / SA 1901OC 1923AS 1934EU / AF 1941NA 1944AF 1998NA / "
        "AS 1963NA 1972SA 1982OC / EU 1948AF 1977SA 1999OC / NA 1917EU 1935AF 1942NA"
    ),
    vehicles="OC",
    stock=83,
    round=1,
    halls=(". . . . . . / . . . . / . / . . . / . .",),
)
NARROW_GAP_TURNS = (("take 1989EU", "place 4 0"), ("take 1989EU", "place 3 2"))

PAIR_DONE = position(
    tile=(
        "OC 1922AF 1975NA 1981NA / SA 1901OC 1923AS 1934EU / AF 1900EU 1941NA 1946SA / "
        "AS 1963NA 1972SA 1982OC / EU 1948AF 1977SA 1999OC / NA 1917EU 1942NA 1953EU"
    ),
    vehicles="NA",
    stock=77,
    round=7,
    halls=("1935AF . . . 1998NA . / . 1918NA . . / 1944AF / 1902AF . . / . 1985OC",),
)
PAIR_DONE_TURNS = (("take 1953EU", "place 4 0"), ("take 1953EU", "place 0 1"))

FILLS_ONE_ERA = position(
    tile=(
        "OC 1968SA 1979AS 1985OC / SA 1918NA 1936OC 1999OC / AF 1903NA 1904AF 1998NA / "
        "AS 1911SA 1928EU 1974OC / EU 1906EU 1909SA 1972SA / NA 1931SA 1969NA 1988AS"
    ),
    vehicles="NA",
    stock=71,
    round=13,
    six="8",
    halls=(("1905EU 1950SA 1965AS . . 1993AF / EIN 1981NA 1982OC . / 1951NA / 1925AF . 1952AF / 1930SA 1964AS"),),
)
FILLS_ONE_ERA_TURNS = (("take 1969NA", "place 0 3"), ("take 1988AS", "place 1 3"))

MID_CENTURY = position(
    seats=(
        "Player 1",
        "Player 2",
    ),
    tile=(
        "OC 1908AS 1916EU 1968SA / SA 1906EU 1944AF 1988AS / AF 1905EU 1956OC 1960SA / "
        "AS 1920OC 1947AS 1986AS / EU 1934EU 1962OC 1965AS / NA 1917EU 1961AS 1971EU"
    ),
    vehicles="OC SA",
    stock=83,
    round=1,
    halls=(
        ". . . . . . / . . . . / . / . . . / . .",
        ". . . . . . / . . . . / . / . . . / . .",
    ),
)
MID_CENTURY_TURNS = (("take 1916EU", "place 2 0"), ("take 1916EU", "place 3 0"))

WHITE_MOVE = position(
    seats=(
        "Player 1",
        "Player 2",
    ),
    tile=(
        "OC 1945W 1951NA 1959NA / SA 1947AS 1973OC 1987OC / AF 1966EU 1968SA 1992SA / "
        "AS 1903NA 1969NA 1995AF / EU 1940EU 1954AS 1993AF / NA 1979AS 1989EU 1996AS"
    ),
    vehicles="OC AS",
    stock=55,
    round=15,
    turn=29,
    six="8 12",
    halls=(
        (
            "1918NA 1934EU . 1976AF 1984SA 1986AS / . . 1927OC 1928EU / 1961AS / 1953EU . 1991EU / "
            "1942NA 1956OC | 1980AF 1948AF"
        ),
        (
            "1910AF 1913EU 1914NA 1919OC 1939AS . / 1952AF . 1971EU . / 1905EU / 1925AF . . / "
            "1911SA 1921NA | 1906EU 1907OC 1908AS"
        ),
    ),
)
WHITE_MOVE_TURNS = (("take 1945W", "move AF", "place 0 2"), ("take 1945W", "move NA", "place 0 2"))

PAIR_DONE_TWO = position(
    seats=(
        "Player 1",
        "Player 2",
    ),
    tile=(
        "OC 1965AS 1977SA 1985OC / SA 1986AS 1987OC 1991EU / AF 1900EU 1904AF 1962OC / "
        "AS 1958SA 1964AS 1974OC / EU 1948AF 1976AF 1989EU / NA 1945W 1961AS 1979AS"
    ),
    vehicles="SA EU",
    stock=53,
    discard="1928EU",
    round=17,
    turn=31,
    final="no yes",
    six="11 -",
    halls=(
        (
            "1926EU 1946SA 1957AS 1973OC EIN 1981NA / 1954AS 1963NA 1966EU 1972SA / 1936OC / "
            ". 1984SA 1992SA / . 1995AF | 1994AF 1969NA"
        ),
        (
            "1915AS 1956OC . . . . / 1916EU 1921NA 1930SA . / 1901OC / 1933EU 1934EU . / "
            "1942NA 1949OC | 1912AS 1951NA 1903NA"
        ),
    ),
)
PAIR_DONE_TWO_TURNS = (("take 1986AS", "place 4 0"), ("take 1987OC", "place 4 0"))


DEPOT_OR_END = position(
    tile=(
        "OC 1910AF 1931SA 1983SA / SA 1938SA 1941NA 1993AF / AF 1935AF 1958SA 1965AS / "
        "AS 1908AS 1926EU 1997AS / EU 1907OC 1934EU 1991EU / NA 1900EU 1942NA 1987OC"
    ),
    vehicles="AS",
    stock=71,
    round=13,
    six="10",
    halls=(("1902AF 1912AS 1971EU . 1990NA 1992SA / . . . 1930SA / 1947AS / 1923AS 1939AS 1964AS / 1903NA 1985OC"),),
)
DEPOT_OR_END_TURNS = (("take 1997AS", "depot"), ("take 1997AS", "end"))

SPOT_LEFT_EMPTY = position(
    seats=(
        "Player 1",
        "Player 2",
    ),
    tile=(
        "OC 1945W 1951NA 1959NA / SA 1947AS 1973OC 1987OC / AF 1927OC 1966EU 1992SA / "
        "AS 1903NA 1969NA 1995AF / EU 1940EU 1954AS 1993AF / NA 1908AS 1979AS 1989EU"
    ),
    vehicles="AF NA",
    stock=57,
    round=14,
    turn=27,
    six="8 12",
    halls=(
        (
            "1918NA 1934EU . 1976AF 1984SA 1986AS / . . . 1928EU / 1961AS / 1953EU . 1991EU / "
            "1942NA 1956OC | 1980AF 1948AF"
        ),
        (
            "1910AF 1913EU 1914NA 1919OC 1939AS . / 1952AF . 1971EU . / 1905EU / 1925AF . . / "
            "1911SA 1921NA | 1906EU 1907OC"
        ),
    ),
)
SPOT_LEFT_EMPTY_TURNS = (("take 1927OC", "place 1 2"), ("take 1927OC", "place 1 0"))


BOTH_SIDES = position(
    tile=(
        "OC 1916EU 1919OC 1968SA / SA 1906EU 1944AF 1988AS / AF 1905EU 1956OC 1960SA / "
        "AS 1914NA 1973OC EIN / EU 1934EU 1962OC 1965AS / NA 1917EU 1961AS 1971EU"
    ),
    vehicles="OC",
    stock=79,
    round=5,
    halls=(". . . . . . / . . . . / 1947AS / 1908AS . 1986AS / 1920OC .",),
)
BOTH_SIDES_TURNS = (("take 1919OC", "place 0 3"), ("take 1919OC", "place 0 2"))


def turn(*texts: str) -> TurnPlan:
    """A turn from the actions' notation: ``turn("take 1909SA", "place 0 1")``."""
    actions = [parse_action(t) for t in texts]
    take = next((a for a in actions if isinstance(a, Take)), None)
    move = next((a for a in actions if isinstance(a, Move)), None)
    return TurnPlan(take, move, actions[-1])


def advice(position: str, turns: tuple[tuple[str, ...], tuple[str, ...]]) -> tuple[xl.Game, Hint]:
    """The hint for the position with the two turns given as the best and the next option,
    expected to end alike (so the Why's reason stands alone before "about equal")."""
    game = xl.Game.from_position(position, seed=0)
    view = game.view()
    best, runner = turn(*turns[0]), turn(*turns[1])
    samples = np.arange(32) % 2.0
    options = (Option(best, 1.0, 0.0, 2.0, 32, None, samples), Option(runner, 1.0, 0.0, 2.0, 32, None, samples))
    ev = Evaluation(view.seat, len(view.players) == 1, options, 32, 0.0, view)
    return game, Hint(ev, tuple(changes_now(view, best)), tuple(risks_later(view, best)))


def hall_after(game: xl.Game, plan: TurnPlan) -> Hall:
    """The seat's hall once the turn is played on a copy of the game (the rules' own moves)."""
    seat = game.current
    trial = game.copy()
    for action in plan.actions():
        trial.apply(action)
    return trial.view(seat).halls[seat]


def to_come(game: xl.Game, *plans: TurnPlan) -> list[Card]:
    """The cards still to come: out of sight or on the tile, not taken by the turns."""
    view = game.view()
    taken = {p.take.card for p in plans if p.take is not None}
    return [c for c in view.unseen] + [c for cards in view.market.values() for c in cards if c not in taken]


def on_tile(game: xl.Game) -> set[Card]:
    return {c for cards in game.view().market.values() for c in cards}


def fits(game: xl.Game, hall: Hall, card: Card) -> list[tuple[int, int]]:
    view = game.view()
    return hall.legal_spots(card, view.others, players=len(view.players))


def cards_phrase(game: xl.Game, cards: list[Card]) -> str:
    """``6 cards still to come (1921–1929, 2 on the tile)``, recounted."""
    years = sorted(c.year for c in cards if c.year is not None)
    span = f"{years[0]}–{years[-1]}" if years[0] != years[-1] else str(years[0])
    seen = sum(c in on_tile(game) for c in cards)
    noun = "card" if len(cards) == 1 else "cards"
    continents = {c.continent for c in cards}
    if len(cards) > 1 and len(continents) == 1 and None not in continents:
        noun += f" of {continents.pop().title}"
    if seen:
        return f"{len(cards)} {noun} still to come ({span}, {seen} on the tile)"
    return f"{len(cards)} {noun} still to come ({span})"


# ---------------------------------------------------------------- the room a turn keeps
def test_a_card_placed_further_right_keeps_general_open_for_older_cards_r11():
    game, hint = advice(SAME_SHOWCASE, SAME_SHOWCASE_TURNS)
    best, runner = (o.plan for o in hint.evaluation.options)
    coming = to_come(game, best, runner)
    mine = [c for c in coming if any(s == 0 for s, _ in fits(game, hall_after(game, best), c))]
    theirs = [c for c in coming if any(s == 0 for s, _ in fits(game, hall_after(game, runner), c))]
    # 1909SA in General's 2nd spot leaves the 1st to the cards of 1900–1908 (R11)
    lost = [c for c in mine if c not in theirs]
    assert lost and all(c.year is not None and c.year < 1909 for c in lost)
    assert why_line(hint) == (
        f"General keeps room for {cards_phrase(game, mine)}; after the next option, for {len(theirs)} (R11)" + EQUAL
    )
    assert why_line(hint).startswith("General keeps room for 82 cards still to come (1900–1999, 14 on the tile)")


def test_the_depot_keeps_a_general_spot_open_that_placing_the_card_would_shut_r12_r25():
    game, hint = advice(DEPOT_KEEPS_GENERAL, DEPOT_KEEPS_GENERAL_TURNS)
    best, runner = (o.plan for o in hint.evaluation.options)
    assert isinstance(best.place, ToDepot) and fits(game, game.view().hall, Card.parse("1904AF"))
    after_depot, after_place = hall_after(game, best), hall_after(game, runner)
    shut_out = [c for c in to_come(game, best, runner) if (0, 4) in fits(game, after_depot, c)]
    shut_out = [c for c in shut_out if not fits(game, after_place, c)]
    # 1904AF in General's 1st spot: those cards are African, so General refuses them (R12),
    # and no other spot takes them
    assert {c.continent.code for c in shut_out if c.continent is not None} == {"AF"}
    assert after_place.showcase_refusal(shut_out[0], 0).rule == "R12"
    assert why_line(hint) == (
        "the Depot costs 1 fame point at the end (R25); General, 5th spot stays open for "
        f"{cards_phrase(game, shut_out)}; the next option leaves them no spot (R12)" + EQUAL
    )


def test_a_spot_the_next_option_fills_is_named_with_the_cards_it_leaves_no_room_r10():
    game, hint = advice(FILLS_ONE_ERA, FILLS_ONE_ERA_TURNS)
    best, runner = (o.plan for o in hint.evaluation.options)
    assert runner.place == parse_action("place 1 3")  # the spot the Why names, filled by 1988AS
    stranded = [c for c in to_come(game, best, runner) if (1, 3) in fits(game, hall_after(game, best), c)]
    stranded = [c for c in stranded if not fits(game, hall_after(game, runner), c)]
    assert why_line(hint) == (
        f"One Era, 4th spot stays open for {cards_phrase(game, stranded)}; the next option fills it and leaves "
        "them no other spot (R10)" + EQUAL
    )
    assert "6 cards still to come (1983–1992)" in why_line(hint)


def test_the_risk_only_the_next_option_runs_is_said_with_its_count():
    game, hint = advice(RISK_GENERAL, RISK_GENERAL_TURNS)
    best, runner = (o.plan for o in hint.evaluation.options)
    spot = (0, 2)
    count = sum(spot in fits(game, hall_after(game, runner), c) for c in to_come(game, runner))
    assert count == 3
    assert next(r.spot for r in risks_only(game.view(), runner, best)) == spot
    assert why_line(hint) == (
        f"the next option leaves only {count} cards still to come that fit General, 3rd spot: each spot left "
        "empty costs 1 fame point (R24)" + EQUAL
    )


def test_a_card_s_spot_is_told_by_the_room_it_leaves_on_each_side_r11():
    game, hint = advice(BOTH_SIDES, BOTH_SIDES_TURNS)
    best = hint.evaluation.best.plan
    hall, coming = hall_after(game, best), to_come(game, best)
    older = [c for c in coming if any(s == 0 and i < 3 for s, i in fits(game, hall, c))]
    newer = [c for c in coming if any(s == 0 and i > 3 for s, i in fits(game, hall, c))]
    # years ascend left to right (R11): the spots left of 1919 take only older cards (Einstein
    # counts on both sides, its chosen year lying between its neighbours, R16, D7)
    assert all(c.year is None or c.year < 1919 for c in older)
    assert all(c.year is None or c.year > 1919 for c in newer)
    assert why_line(hint) == (
        f"General, 4th spot leaves 3 empty spots on its left for {len(older)} older cards still to come and 2 empty "
        f"spots on its right for {len(newer)} newer cards (R11)" + EQUAL
    )
    assert (len(older), len(newer)) == (17, 66)


# ---------------------------------------------------------------- what the turn builds
def test_one_continent_names_its_continent_and_the_cards_that_can_join_it_r13_r21():
    game, hint = advice(ONE_CONTINENT, ONE_CONTINENT_TURNS)
    best = hint.evaluation.best.plan
    asia = [
        c
        for c in to_come(game, best)
        if c.continent is not None
        and c.continent.code == "AS"
        and any(s == 3 for s, _ in fits(game, hall_after(game, best), c))
    ]
    assert why_line(hint) == (
        f"One Continent keeps Asia (R13): {cards_phrase(game, asia)} fit its other spots, for Continent Focus (R21)"
        + EQUAL
    )


def pair_expected(game, left: int, right: int) -> float:
    """Fame points a solo pair keeps on average, the final tile of 18 cards drawn at random
    from the cards still to come less the pair's own (S4), counted here by hand."""
    from math import comb

    pool = [c for c in to_come_all(game) if c.year not in (left, right)]
    outside = sum(c.year is not None and not left <= c.year <= right for c in pool)  # Einstein never counts
    inside = len(pool) - outside
    draws = min(18, len(pool))
    total = comb(len(pool), draws)
    return sum(
        comb(outside, k) * comb(inside, draws - k) / total * max(0, 5 - k) for k in range(min(outside, draws) + 1)
    )


def to_come_all(game) -> list[Card]:
    view = game.view(0)
    return list(view.unseen) + [c for cards in view.market.values() for c in cards]


def test_a_solo_years_gap_card_says_how_wide_the_pair_can_get_and_what_s4_charges():
    game, hint = advice(SOLO_GAP, SOLO_GAP_TURNS)
    best = hint.evaluation.best.plan
    left = [c for c in to_come(game, best) if (4, 0) in fits(game, hall_after(game, best), c)]
    span = 1985 - min(c.year for c in left if c.year is not None)
    assert span == 85
    kept = max(pair_expected(game, c.year, 1985) for c in left if c.year is not None)
    assert kept > 1  # the widest pairs keep several of their 5 fp
    assert why_line(hint) == (
        f"Years Gap: with {cards_phrase(game, left)} for its other spot, the pair can span {span} years; each card "
        f"left on the tile outside it costs 1 fame point (S4): the best such pair keeps about {kept:.1f} of its 5 "
        "fame points on a final tile drawn at random" + EQUAL
    )


def test_a_narrow_solo_pair_is_said_to_be_worth_about_nothing_as_the_odds_show_s4():
    # 1989 on the pair's left leaves only the 1990s for its right: nearly every card of a final
    # tile lies outside, so the pair keeps about 0 fp however it is completed (S4)
    game, hint = advice(NARROW_GAP, NARROW_GAP_TURNS)
    best = hint.evaluation.best.plan
    right = [c for c in to_come(game, best) if (4, 1) in fits(game, hall_after(game, best), c)]
    assert {c.year for c in right} - {None} <= set(range(1990, 2000))  # Einstein fits too (R15)
    kept = max(pair_expected(game, 1989, c.year) for c in right if c.year is not None)
    assert kept < 0.05
    span = max(c.year for c in right if c.year is not None) - 1989
    assert why_line(hint) == (
        f"Years Gap: with {cards_phrase(game, right)} for its other spot, the pair can span at most {span} years; "
        f"each card left on the tile outside it costs 1 fame point (S4), so the pair is likely worth about "
        f"{kept:.1f} fame points (as What if… shows): the gain lies in keeping the card out of the other showcases"
        + EQUAL
    )


def test_a_completed_pair_counts_the_tile_cards_outside_its_years_s4_and_its_gap_r20():
    game, hint = advice(PAIR_DONE, PAIR_DONE_TURNS)
    outside = sum(c.year is not None and not 1953 <= c.year <= 1985 for c in on_tile(game) - {Card.parse("1953EU")})
    assert why_line(hint) == (
        "Years Gap 1953–1985 is complete: at the end it scores 5 fame points minus 1 per card left on the tile "
        f"outside those years (S4); {outside} lie outside now" + EQUAL
    )
    assert outside == 11
    _, two = advice(PAIR_DONE_TWO, PAIR_DONE_TWO_TURNS)
    assert why_line(two) == "Years Gap 1986–1995 is complete: a gap of 9 years (R20)" + EQUAL


def test_with_opponents_mid_century_is_said_to_only_break_ties_r26():
    _, hint = advice(MID_CENTURY, MID_CENTURY_TURNS)
    assert why_line(hint).startswith(
        "with opponents Mid Century only breaks ties (R26): any card there saves the −1 fame point of an empty "
        "spot (R24)"
    )


def test_the_vehicle_s_next_stop_counts_the_cards_there_that_fit_r7_r8():
    game, hint = advice(VEHICLE, VEHICLE_TURNS)
    best, runner = (o.plan for o in hint.evaluation.options)
    taken = {Card.parse("1984SA"), Card.parse("1907OC")}
    market = game.view().market

    def fitting(plan: TurnPlan, code: str) -> int:
        there = next(cards for continent, cards in market.items() if continent.code == code)
        return sum(bool(fits(game, hall_after(game, plan), c)) for c in there if c not in taken)

    south, oceania = fitting(best, "SA"), fitting(runner, "OC")
    assert south > oceania
    assert why_line(hint) == (
        f"your vehicle goes to South America, where {south} cards now fit your hall for the next take (R7, R8); "
        f"the next option's stop, Oceania, has {oceania}" + EQUAL
    )
    _, white = advice(WHITE_MOVE, WHITE_MOVE_TURNS)
    assert why_line(white).startswith(
        "the next option differs only in your vehicle's stop (R8): Africa here, North America there"
    )


# ---------------------------------------------------------------- the Depot and the end, in fame points
def test_filling_a_spot_against_a_depot_card_says_both_penalties_r24_r25():
    _, hint = advice(FILL_VS_DEPOT, FILL_VS_DEPOT_TURNS)
    best, runner = (o.plan for o in hint.evaluation.options)
    # at once only the penalties differ, so no goal decides (R24, R25)
    assert deciding_goals(hint.evaluation.view, best, runner) == []
    assert why_line(hint) == (
        "filling One Era, 3rd spot spares the −1 fame point of an empty spot (R24); the next option puts a card "
        "in the Depot: −1 fame point (R25)" + EQUAL
    )


def test_ending_counts_the_empty_spots_and_those_a_card_still_to_come_could_fill_r10a_r24_r25():
    game, hint = advice(ENDING, ENDING_TURNS)
    best = hint.evaluation.best.plan
    assert isinstance(best.place, EndExhibition)
    hall = game.view().hall
    empty = hall.empty_spots()
    coming = to_come(game, best)
    fillable = [s for s in empty if any(s in fits(game, hall, c) for c in coming)]
    fitting = [c for c in coming if fits(game, hall, c)]
    assert (len(empty), len(fillable), len(fitting), len(coming)) == (2, 2, 13, 86)
    assert why_line(hint) == (
        f"ending now keeps {len(empty)} empty spots: −{len(empty)} fame points (R24, R10a); playing on, "
        f"{len(fillable)} of them can still be filled, by {len(fitting)} of the {len(coming)} cards still to come; "
        "each card put in the Depot costs 1 fame point (R25)" + EQUAL
    )


def test_a_spot_the_next_option_leaves_no_card_for_is_named_with_its_cost_r11_r24():
    game, hint = advice(SPOT_LEFT_EMPTY, SPOT_LEFT_EMPTY_TURNS)
    best, runner = (o.plan for o in hint.evaluation.options)
    coming = to_come(game, best, runner)
    spot = (1, 1)
    kept = [c for c in coming if spot in fits(game, hall_after(game, best), c)]
    # 1927OC in One Era's 1st spot leaves its 2nd spot between 1927 and 1928: no year fits (R11)
    assert not any(spot in fits(game, hall_after(game, runner), c) for c in coming)
    assert hall_after(game, runner).placement_problem(kept[0], *spot).rule == "R11"
    assert why_line(hint) == (
        f"One Era, 2nd spot stays open for {cards_phrase(game, kept)}; after the next option none fits there "
        "(R11): likely −1 fame point (R24)" + EQUAL
    )


def test_the_depot_against_the_end_says_what_each_costs_r25_r24_r10a():
    game, hint = advice(DEPOT_OR_END, DEPOT_OR_END_TURNS)
    hall = game.view().hall
    assert not fits(game, hall, Card.parse("1997AS"))  # the card fits no hall spot (R10)
    empty = len(hall.empty_spots())
    assert empty == 4
    assert why_line(hint) == (
        "1997 fits no spot of your hall (R10); the Depot costs 1 fame point at the end (R25); ending now would "
        f"keep {empty} empty spots: −{empty} fame points (R24, R10a)" + EQUAL
    )


def test_a_depot_the_board_cannot_tell_from_placing_names_the_placement_it_beats_r25():
    # 1919OC fits General's 1st spot and keeps as much room there as the Depot: the Why
    # does not stop at what the Depot costs, it names the placement weighed against it
    _, hint = advice(BOTH_SIDES, (("take 1919OC", "depot"), ("take 1919OC", "place 0 0")))
    turn_words = hint.evaluation.describe(hint.evaluation.options[1])
    assert turn_words.endswith("place it in General, 1st spot")
    cost = "the Depot costs 1 fame point at the end (R25)"
    assert why_line(hint) == f"{cost}; the next option: {turn_words}" + EQUAL
    # past the noise of the playouts, the Why says the placement is expected to end lower
    ev = hint.evaluation
    best, runner = ev.options
    ahead = Option(best.plan, 1.5, 0.5, 2.5, 32, None, best.samples + 0.5)
    sure = Hint(Evaluation(ev.seat, ev.solo, (ahead, runner), 32, 0.0, ev.view), hint.now, hint.risks)
    assert why_line(sure) == (
        f"{cost}; the next option ({turn_words}) is expected to end lower; {ahead_words(ahead, runner, solo=ev.solo)}"
    )


# ---------------------------------------------------------------- the review says the same reasons
def reviewed(position: str, turns: tuple[tuple[str, ...], tuple[str, ...]]) -> tuple[xl.Game, Decision]:
    """The decision of playing the second turn where the first was better."""
    game, hint = advice(position, turns)
    ev = hint.evaluation
    return game, Decision(ev.view.turn, ev.view.round, ev.options[1], ev.options[0], 1.0, "inaccuracy", ev.view)


def test_a_review_names_the_spot_the_turn_played_shut_and_the_rule_r12():
    game, decision = reviewed(DEPOT_KEEPS_GENERAL, DEPOT_KEEPS_GENERAL_TURNS)
    best, played = decision.best.plan, decision.played.plan
    shut_out = [c for c in to_come(game, best, played) if (0, 4) in fits(game, hall_after(game, best), c)]
    shut_out = [c for c in shut_out if not fits(game, hall_after(game, played), c)]
    assert review_reason(decision) == (
        f"General, 5th spot stays open for {cards_phrase(game, shut_out)} after the better turn; yours leaves "
        "them no spot (R12)"
    )


def test_a_review_counts_the_penalties_when_a_turn_went_to_the_depot_or_ended_r24_r25_r10a():
    _, filled = reviewed(FILL_VS_DEPOT, FILL_VS_DEPOT_TURNS)
    assert review_reason(filled) == (
        "filling One Era, 3rd spot spares the −1 fame point of an empty spot (R24); your turn put a card in the "
        "Depot: −1 fame point (R25)"
    )
    _, ended = reviewed(DEPOT_OR_END, DEPOT_OR_END_TURNS)
    assert review_reason(ended) == (
        "the Depot costs 1 fame point at the end (R25); ending kept 4 empty spots: −4 fame points (R24, R10a)"
    )
    # nothing on the board tells these two apart: the review says only what the playouts found
    _, same = reviewed(PAIR_DONE_TWO, PAIR_DONE_TWO_TURNS)
    assert review_reason(same) == (
        "right now both turns score the same; the better turn gains 1.0 fame points by the end, on average over "
        "the simulated games played to the end"
    )


def test_a_blunder_nothing_on_the_board_explains_says_what_the_better_turn_gains_with_its_label_figure():
    # a large loss the board does not explain yet must not read as "the same": the reason
    # names the gain by the end with the very figure of the label (R24, R25 weigh nothing here)
    _, same = reviewed(PAIR_DONE_TWO, PAIR_DONE_TWO_TURNS)
    blunder = replace(same, loss=3.14, label="blunder")
    said = decision_in_words(blunder, 5, solo=False)
    assert said["loss"] == "3.1 fame points lost."
    reason = review_reason(blunder)
    assert "gains 3.1 fame points by the end" in reason
    assert "as much as" not in reason and reason.startswith("right now both turns score the same")
    try:
        xl.set_language("es")
        assert decision_in_words(blunder, 5, solo=False)["loss"].startswith("3,1 ")
        assert "3,1 puntos de fama" in review_reason(blunder)
        xl.set_language("ja")
        assert "3.1" in review_reason(blunder)
    finally:
        xl.set_language(None)


def test_the_reasons_speak_spanish_with_vos_and_the_glossary_terms():
    _, hint = advice(DEPOT_KEEPS_GENERAL, DEPOT_KEEPS_GENERAL_TURNS)
    _, fill = advice(FILL_VS_DEPOT, FILL_VS_DEPOT_TURNS)
    try:
        xl.set_language("es")
        assert why_line(hint).startswith(
            "el Depósito cuesta 1 punto de fama al final (R25); el 5.º espacio de General queda libre para 11 cartas "
            "de África por salir (1922–1995, 4 en el tablero); la siguiente opción no les deja ningún espacio (R12)"
        )
        assert why_line(fill).startswith(
            "ocupar el 3.er espacio de Una Era te ahorra el punto que resta un espacio vacío"
        )
        xl.set_language("ja")
        assert why_line(hint).startswith("デポは終了時に1名声ポイント失います（R25）。ジェネラルの5番目のスポット")
    finally:
        xl.set_language(None)


# ---------------------------------------------------------------- over many positions
def _positions(players: int, seeds: range, every: int = 3):
    """Positions of seat 1 along games where it follows the coach, every few of its turns."""
    for seed in seeds:
        game = xl.Game.new(players, seed=seed)
        k = 0
        while not game.is_over:
            if game.current == 0:
                advice_now = coach.hint(game, playouts=16, seed=seed)
                if k % every == 0:
                    yield advice_now
                k += 1
                for action in advice_now.actions:
                    game.apply(action)
            else:
                game.apply(game.legal_actions()[0])


@pytest.mark.parametrize("players", [1, 2])
def test_over_twenty_positions_the_abstract_sentence_is_said_only_when_nothing_differs(players):
    said = []
    for hint in _positions(players, range(4), every=3):
        if len(said) == 20:
            break
        why = why_line(hint)
        said.append(why)
        ev = hint.evaluation
        if len(ev.options) < 2 or isinstance(ev.best.plan.place, (ToDepot, EndExhibition)):
            continue
        best, runner = ev.best.plan, ev.options[1].plan
        if ABSTRACT in why:  # allowed only when none of the measures tells the turns apart
            view = ev.view
            assert not deciding_goals(view, best, runner) and room_edge(view, best, runner) is None
            assert not risks_only(view, runner, best) and showcase_room(view, best, runner) is None
            assert vehicle_edge(view, best, runner) is None and not showcase_cards(view, best)
        elif not deciding_goals(ev.view, best, runner):
            # a reason in the board's terms cites the rule that makes it so
            assert re.search(r"\((R|S)\d+[a-z]?[,)]", why), why
    assert len(said) == 20
    assert sum(ABSTRACT in why for why in said) == 0


def test_a_depot_weighed_against_another_depot_names_the_hall_spot_the_card_would_take_r10_r25():
    # the next option sends another card to the Depot: the Why then says where this card could
    # have gone in the hall (R10) and how much lower that was expected to end, not only what
    # the Depot costs (R25)
    game = xl.Game.from_position(DEPOT_KEEPS_GENERAL, seed=0)
    view = game.view()
    best, other, placed = turn("take 1904AF", "depot"), turn("take 1972SA", "depot"), turn("take 1904AF", "place 0 0")
    assert fits(game, view.hall, Card.parse("1904AF")) == [(0, 0)]  # General, 1st spot only
    samples = np.arange(32) % 2.0
    options = (
        Option(best, 100.0, 50.0, 150.0, 32, None, samples),
        Option(other, 100.0, 50.0, 150.0, 32, None, samples),
        Option(placed, -50.0, -100.0, 0.0, 32, None, samples - 150.0),  # the same games, 150 lower each
    )
    ev = Evaluation(view.seat, True, options, 32, 0.0, view)
    hint = Hint(ev, tuple(changes_now(view, best)), tuple(risks_later(view, best)))
    assert why_line(hint) == (
        "the Depot costs 1 fame point at the end (R25); 1904 would fit General, 1st spot, but there it is "
        "expected to end about 150 points lower" + EQUAL
    )
    level = replace(ev, options=(*options[:2], replace(options[2], value=100.0, samples=samples)))
    assert why_line(replace(hint, evaluation=level)) == (
        "the Depot costs 1 fame point at the end (R25); 1904 would fit General, 1st spot, and there it is "
        "expected to end about the same" + EQUAL
    )
