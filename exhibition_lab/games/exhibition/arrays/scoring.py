"""Scores of batch games: R19–R26 and V5–V7 with several players, S1–S7 alone.

Every goal is read from its record in :mod:`~exhibition_lab.games.exhibition.rules.goals`
(its key, how a pair is measured and ranked, the solo market penalty); the numbers of the
score sheet come from :mod:`~exhibition_lab.games.exhibition.rules.scoring`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

import numpy as np

from ..rules import goals
from ..rules.cards import FIRST_YEAR, OPEN_CARDS, TILE_CARDS
from ..rules.scoring import MID_CENTURY_YEAR, RANK_POINTS, SOLO_SCALE, SoloRules, solo_pair_points
from .state import BatchGames, hall_rows, take_rows
from .tables import BIG, EMPTY, WHITE, DeckArrays, decade_start


def decades_and_chain(years: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Distinct decades (R22) and the longest run of consecutive years (R23, at least 1)
    from each row's hall years sorted ascending, EMPTY (no year) first."""
    dated = years >= FIRST_YEAR
    decade = decade_start(years)
    decades = dated[:, 0] + ((decade[:, 1:] != decade[:, :-1]) & dated[:, 1:]).sum(axis=1)
    run = np.ones(len(years), dtype=np.int16)
    longest = run.copy()
    for j in range(1, years.shape[1]):
        step = years[:, j] - years[:, j - 1]
        run = np.where(step == 1, run + 1, np.where(step == 0, run, 1))
        np.maximum(longest, run, out=longest)
    return decades, longest


def dense_rank_points(values: np.ndarray, valid: np.ndarray, *, higher_is_better: bool) -> np.ndarray:
    """R19/R20/V5/V6 per row: equal values share a rank, the next value takes the next
    lower points (5, 5, 4, …); invalid entries score 0 and take no rank."""
    n, players = values.shape
    better = np.zeros((n, players), dtype=np.intp)
    for q in range(players):
        first = valid[:, q].copy()
        for r in range(q):  # count each distinct value once
            first &= ~(valid[:, r] & (values[:, r] == values[:, q]))
        beats = values[:, q][:, None] > values if higher_is_better else values[:, q][:, None] < values
        better += (first[:, None] & beats).astype(np.intp)
    points = np.array([*RANK_POINTS, 0])[np.minimum(better, len(RANK_POINTS))]
    return np.where(valid, points, 0)


def mid_century_distance(years: np.ndarray) -> np.ndarray:
    """R26: how far each Mid Century year lies from :data:`MID_CENTURY_YEAR`; EMPTY when empty or Einstein (D8)."""
    return np.where(years >= FIRST_YEAR, np.abs(years - MID_CENTURY_YEAR), EMPTY)


@dataclass
class BatchScores:
    """Final scores of batch games: totals (×100 in solo, S2), fame points per goal key and
    the R26 tiebreak distance (EMPTY: empty or Einstein, D8), all (games, seats)."""

    totals: np.ndarray
    points: dict[str, np.ndarray]
    tiebreak: np.ndarray
    markets: np.ndarray  # (games, 18) years left on the tile, EMPTY for Einstein or none


def score(
    b: BatchGames, solo_rules: SoloRules | None = None, *, games: np.ndarray | None = None, markets: bool = True
) -> BatchScores:
    """Score every game as it stands (final once over), or the games at ``games``: R19–R26
    and V5–V7, or S1–S7 solo with ``solo_rules`` (default: the setup's). Without ``markets``
    the years left on the tile are not put in order (an empty array in their place)."""
    t, deck, players = b.tables, b.deck, b.players
    if games is None:
        hall, six_round, n_depot, secret, market = b.hall, b.six_round, b.n_depot, b.secret, b.market
    else:  # only what a score reads, of those games
        halls = hall_rows(b, games)
        hall, n_depot = take_rows(b.hall, halls), b.n_depot[halls]
        six_round, secret, market = b.six_round[games], b.secret[games], take_rows(b.market, games)
    n = len(market)
    filled = hall >= 0
    ids = np.maximum(hall, 0)
    years = np.where(filled, deck.year[ids], EMPTY).astype(np.int32)
    colours = np.where(filled, deck.continent[ids], WHITE).astype(np.int32)
    rows = len(hall)
    counts = np.bincount((np.arange(rows)[:, None] * (WHITE + 1) + colours).ravel(), minlength=rows * (WHITE + 1))
    counts = counts.reshape(rows, WHITE + 1)[:, :WHITE]
    six = cast(np.ndarray, (counts > 0).all(axis=1))
    decades, chain = decades_and_chain(np.sort(years, axis=1))
    shape = (n, players)
    solo = players == 1
    points: dict[str, np.ndarray] = {}
    if solo:
        points[goals.SIX_CONTINENTS.key] = six.reshape(shape).astype(np.int32)  # S3
    else:
        reached = six_round.astype(np.int32)
        points[goals.SIX_CONTINENTS.key] = dense_rank_points(reached, six.reshape(shape), higher_is_better=False)
    goal, spots = t.pair_goal, t.pair_spots
    if goal is not None and spots is not None:
        left, right = (years[:, s].reshape(shape) for s in spots)
        complete = (left >= FIRST_YEAR) & (right >= FIRST_YEAR)  # Einstein has no year
        if solo:  # S4, S5: the market penalty
            assert goal.costs_a_point is not None
            market_years = np.where(market >= 0, deck.year[np.maximum(market, 0)], EMPTY).astype(np.int32)
            hits = goal.costs_a_point(market_years, left, right).sum(axis=1, keepdims=True)
            points[goal.key] = np.where(complete, solo_pair_points(hits), 0)
        else:  # R20, V5, V6: dense ranks of the pair's measure
            assert goal.measure is not None
            value = goal.measure(left, right)
            points[goal.key] = dense_rank_points(value, complete, higher_is_better=goal.higher_is_better)
    points[goals.CONTINENT_FOCUS.key] = counts.max(axis=1).reshape(shape)
    points[goals.DECADES.key] = decades.reshape(shape)
    points[goals.CHAIN.key] = chain.reshape(shape)
    points[goals.EMPTY_SPOTS.key] = -(~filled).sum(axis=1).reshape(shape)
    points[goals.DEPOT.key] = -n_depot.astype(np.int32).reshape(shape)
    if (secret >= 0).any():
        decade = secret.reshape(-1)[:, None]
        points[goals.SECRET_DECADE.key] = ((decade_start(years) == decade) & (decade >= 0)).sum(axis=1).reshape(shape)
    mid = years[:, t.mid_spot].reshape(shape) if t.mid_spot >= 0 else np.full(shape, EMPTY)
    tiebreak = mid_century_distance(mid)
    fame = sum(points.values())
    if solo:
        rules = solo_rules or b.setup.solo_rules
        distance = np.where(tiebreak >= 0, tiebreak, rules.empty_distance)
        term = np.asarray(rules.mid_century_points(distance))  # type: ignore[arg-type]  # element-wise
        points[goals.MID_CENTURY.key] = term / SOLO_SCALE
        totals = SOLO_SCALE * fame + term
    else:
        totals = fame
    in_order = market_years_in_order(market, deck) if markets else np.zeros((n, 0), dtype=np.int16)
    return BatchScores(np.asarray(totals).astype(np.int64), points, tiebreak, in_order)


def market_years_in_order(market: np.ndarray, deck: DeckArrays) -> np.ndarray:
    """The years left on the tile in the rules' order: continent by continent, each sorted
    by year with Einstein last (R5), then EMPTY for every empty place; EMPTY for Einstein."""
    cards = [market[:, k::OPEN_CARDS].copy() for k in range(OPEN_CARDS)]  # the k-th place of every continent
    keys = [deck.sort_key[np.where(c >= 0, c, deck.size)] for c in cards]
    # a sorting network over each continent's places: the comparators of a bubble sort
    for i, j in ((j, j + 1) for last in range(OPEN_CARDS - 1, 0, -1) for j in range(last)):
        swap = keys[i] > keys[j]
        keys[i], keys[j] = np.where(swap, keys[j], keys[i]), np.where(swap, keys[i], keys[j])
        cards[i], cards[j] = np.where(swap, cards[j], cards[i]), np.where(swap, cards[i], cards[j])
    ordered = np.stack(cards, axis=2).reshape(len(market), TILE_CARDS)
    gaps = ordered < 0
    if gaps.any():  # the stock ran dry: close up the empty places
        ordered = np.take_along_axis(ordered, np.argsort(gaps, axis=1, kind="stable"), axis=1)
    return np.where(ordered >= 0, deck.year[np.maximum(ordered, 0)], EMPTY).astype(np.int16)


def winners(scores: BatchScores) -> np.ndarray:
    """(games, seats) mask of the winners: best total, then R26's distance (D8: last)."""
    distance = np.where(scores.tiebreak >= 0, scores.tiebreak, BIG)
    best = scores.totals.max(axis=1, keepdims=True)
    top = scores.totals == best
    closest = np.where(top, distance, BIG + 1).min(axis=1, keepdims=True)
    won: np.ndarray = top & (distance == closest)
    return won
