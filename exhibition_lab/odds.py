"""Exact odds for the solo game's market penalties (S4, S5), and what-if grids.

At the end of a solo game the Continents tile holds up to 18 cards. Under the *uniform
market* model those cards are a uniform draw without replacement from a pool (every card
not in the player's hall, Depot or the discard pile), so the number of cards that cost a
point follows the hypergeometric law exactly. :func:`market_penalty_from_markets` sets the
model against markets from real play (:func:`exhibition_lab.simulate.simulate`).
"""

from __future__ import annotations

from collections.abc import Iterable
from math import comb

import numpy as np

from .cards import FIRST_YEAR, LAST_YEAR, TILE_CARDS, Card
from .errors import ExhibitionLabError
from .game import Game
from .scoring import SOLO_PAIR_MAX, costs_a_point, solo_pair_points

MARKET_CARDS = TILE_CARDS  # S4: 6 continents × 3 open cards
MAX_FP = SOLO_PAIR_MAX
GOALS = ("years_gap", "short_era", "antiquity")
N_YEARS = LAST_YEAR - FIRST_YEAR + 1


def _year(value: int | Card | str | None) -> int | None:
    if value is None:  # Einstein, as returned by pool_years
        return None
    if isinstance(value, str):
        value = Card.parse(value)
    if isinstance(value, Card):
        return value.year
    if isinstance(value, (int, np.integer)) and FIRST_YEAR <= value <= LAST_YEAR:
        return int(value)
    raise ExhibitionLabError(f"a year is an int 1900–1999 or a card, not {value!r}")


def pool_years(pool: Iterable[int | Card | str]) -> list[int | None]:
    """Years of a pool of cards; Einstein (no year) stays in the pool but never counts (S5)."""
    return [_year(item) for item in pool]


def _counts(goal: str, years: list[int | None], left: int, right: int) -> int:
    if goal not in GOALS:
        raise ExhibitionLabError(f"unknown goal {goal!r}; choose one of {', '.join(GOALS)}")
    return sum(1 for y in years if y is not None and costs_a_point(goal, y, left, right))


def hypergeometric(population: int, successes: int, draws: int) -> np.ndarray:
    """``p[k]`` = probability of exactly ``k`` successes, k = 0 … draws (exact integers)."""
    if not 0 <= successes <= population or not 0 <= draws <= population:
        raise ExhibitionLabError(f"impossible draw: {draws} from {population} with {successes} marked")
    total = comb(population, draws)
    return np.array([comb(successes, k) * comb(population - successes, draws - k) / total for k in range(draws + 1)])


def penalty_odds(
    goal: str,
    left: int | Card | str,
    right: int | Card | str,
    pool: Iterable[int | Card | str],
    draws: int = MARKET_CARDS,
) -> np.ndarray:
    """``p[k]``: probability that exactly ``k`` of ``draws`` market cards cost a point.

    ``goal`` is ``"years_gap"`` (cards outside [left, right], S4), ``"short_era"`` (cards
    within, S5) or ``"antiquity"`` (cards older than ``right``, S5).
    """
    a, b = _year(left), _year(right)
    if a is None or b is None:
        raise ExhibitionLabError("Einstein in the pair scores 0 whatever the market (S4)")
    if a >= b:
        raise ExhibitionLabError(f"the left card must be older than the right one (R11): {a} ≥ {b}")
    years = pool_years(pool)
    if draws > len(years):
        raise ExhibitionLabError(f"cannot draw {draws} market cards from a pool of {len(years)}")
    return hypergeometric(len(years), _counts(goal, years, a, b), draws)


def solo_years_gap_odds(left, right, pool, draws: int = MARKET_CARDS) -> np.ndarray:
    """S4: ``p[k]`` that exactly ``k`` final market cards lie outside [left, right]."""
    return penalty_odds("years_gap", left, right, pool, draws)


def solo_short_era_odds(left, right, pool, draws: int = MARKET_CARDS) -> np.ndarray:
    """S5: ``p[k]`` that exactly ``k`` final market cards lie within [left, right]."""
    return penalty_odds("short_era", left, right, pool, draws)


def solo_antiquity_odds(left, right, pool, draws: int = MARKET_CARDS) -> np.ndarray:
    """S5: ``p[k]`` that exactly ``k`` final market cards are older than ``right``."""
    return penalty_odds("antiquity", left, right, pool, draws)


def expected_fp(odds: np.ndarray) -> float:
    """Expected fame points ``Σ p[k]·max(0, 5 − k)`` (S4, S5)."""
    k = np.arange(len(odds))
    return float(np.sum(odds * solo_pair_points(k)))


def fp_distribution(odds: np.ndarray) -> np.ndarray:
    """Probability of each fp value 0 … 5 from the penalty odds."""
    fp = np.zeros(MAX_FP + 1)
    np.add.at(fp, solo_pair_points(np.arange(len(odds))), odds)
    return fp


# ---------------------------------------------------------------- live games
def game_pool(game: Game) -> tuple[Card, ...]:
    """What the solo player has not placed: the open cards and the unseen stock (in deck
    order, so nothing about the stock order is revealed)."""
    view = game.view(0)
    market = [c for cards in view.market.values() for c in cards]
    return tuple(sorted(market + list(view.unseen), key=lambda c: c.sort_key))


def game_penalty_odds(game: Game, left, right, goal: str = "years_gap") -> np.ndarray:
    """The penalty odds asked mid-game: the final market is drawn from :func:`game_pool`."""
    if not game.is_solo:
        raise ExhibitionLabError("market penalties are a solo rule (S4, S5); this game has several players")
    pool = game_pool(game)
    return penalty_odds(goal, left, right, pool, min(MARKET_CARDS, len(pool)))


# ---------------------------------------------------------------- grids
def _expected_by_marked(population: int, draws: int) -> np.ndarray:
    """Expected fp for every number of marked cards 0 … population.

    Only k < 5 marked cards in the market leave points, so five terms per count suffice.
    """
    total = comb(population, draws)
    return np.array(
        [
            sum((MAX_FP - k) * comb(marked, k) * comb(population - marked, draws - k) for k in range(MAX_FP)) / total
            for marked in range(population + 1)
        ]
    )


def years_gap_grid(pool: Iterable[int | Card | str], draws: int = MARKET_CARDS) -> np.ndarray:
    """Expected solo Years Gap fp (S4) for every pair: ``grid[left − 1900, right − 1900]``.

    ``NaN`` where left ≥ right. The pair's own cards are taken out of the pool when it
    holds them (they lie in the hall, not the market). Vectorised: the expectation depends
    only on how many pool cards lie outside and on the pool size, so it is tabulated once.
    """
    years = pool_years(pool)
    dated = np.array([y for y in years if y is not None], dtype=int)
    per_year = np.bincount(dated - FIRST_YEAR, minlength=N_YEARS)
    before = np.concatenate([[0], np.cumsum(per_year)[:-1]])  # pool cards older than each year
    after = per_year.sum() - np.cumsum(per_year)  # pool cards younger than each year
    outside = before[:, None] + after[None, :]
    in_pool = (per_year > 0).astype(int)
    removed = in_pool[:, None] + in_pool[None, :]
    n = len(years)
    if draws > n - 2:
        raise ExhibitionLabError(f"cannot draw {draws} market cards from a pool of {n} (less the pair)")
    table = np.full((3, n + 1), np.nan)
    for r in range(3):
        table[r, : n - r + 1] = _expected_by_marked(n - r, draws)
    # left > right double-counts; those cells become NaN below, so clip them into range
    grid = table[removed, np.minimum(outside, n)]
    left, right = np.indices(grid.shape)
    grid[left >= right] = np.nan
    return grid


def years_gap_grid_by_loop(pool: Iterable[int | Card | str], draws: int = MARKET_CARDS) -> np.ndarray:
    """The same grid pair by pair through :func:`solo_years_gap_odds` (the slow reference)."""
    years = pool_years(pool)
    grid = np.full((N_YEARS, N_YEARS), np.nan)
    for a in range(FIRST_YEAR, LAST_YEAR + 1):
        for b in range(a + 1, LAST_YEAR + 1):
            rest = list(years)
            for y in (a, b):
                if y in rest:
                    rest.remove(y)
            grid[a - FIRST_YEAR, b - FIRST_YEAR] = expected_fp(solo_years_gap_odds(a, b, rest, draws))
    return grid


# ---------------------------------------------------------------- simulated markets
def random_markets(
    pool: Iterable[int | Card | str], n: int, rng: np.random.Generator, draws: int = MARKET_CARDS
) -> np.ndarray:
    """``n`` markets drawn uniformly without replacement from the pool: years, −1 for Einstein."""
    years = np.array([-1 if y is None else y for y in pool_years(pool)])
    keys = rng.random((n, len(years)))
    picks = np.argpartition(keys, draws - 1, axis=1)[:, :draws]
    return years[picks]


def market_penalty_from_markets(markets: np.ndarray, left, right, goal: str = "years_gap") -> np.ndarray:
    """Empirical ``p[k]`` from market arrays (rows of years, −1 or padding for none)."""
    a, b = _year(left), _year(right)
    dated = markets >= FIRST_YEAR
    if goal == "years_gap":
        hits = dated & ((markets < a) | (markets > b))
    elif goal == "short_era":
        hits = dated & (markets >= a) & (markets <= b)
    elif goal == "antiquity":
        hits = dated & (markets < b)
    else:
        raise ExhibitionLabError(f"unknown goal {goal!r}; choose one of {', '.join(GOALS)}")
    counts = hits.sum(axis=1)
    return np.bincount(counts, minlength=markets.shape[1] + 1)[: markets.shape[1] + 1] / len(markets)
