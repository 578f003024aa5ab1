"""Exact odds for the solo game's market penalties (S4, S5), and what-if grids.

At the end of a solo game the Continents tile holds up to 18 cards. Under the *uniform
market* model those cards are a uniform draw without replacement from a pool (every card
not in the player's hall, Depot or the discard pile), so the number of cards that cost a
point follows the hypergeometric law exactly. :func:`market_penalty_from_markets` sets the
model against markets from real play (:func:`exhibition_lab.simulate.simulate`).

For the what-if explorer: :func:`pair_odds` answers one pair for any goal (the pair's own
cards leave the pool), :func:`penalty_grid` every pair at once, :func:`game_pair_odds` and
:func:`game_penalty_grid` the same mid-game, and :func:`play_outs` plays games to the end
(from a new deal or a live position) to give the markets real play leaves.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from contextlib import suppress
from dataclasses import dataclass
from math import comb
from typing import TYPE_CHECKING

import numpy as np

from ...core.budget import Budget
from ...core.errors import ArgumentError, ExhibitionLabError
from ...core.seeding import check_seed
from .agents import make_bot, play_game
from .game import Game
from .rules import goals
from .rules.cards import FIRST_YEAR, LAST_YEAR, TILE_CARDS, Card
from .rules.scoring import SOLO_PAIR_MAX, SoloRules, costs_a_point, solo_pair_points

if TYPE_CHECKING:
    from tqdm.auto import tqdm

MARKET_CARDS = TILE_CARDS  # S4: 6 continents × 3 open cards
MAX_FP = SOLO_PAIR_MAX
GOALS = (goals.YEARS_GAP.key, goals.SHORT_ERA.key, goals.ANTIQUITY.key)
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
    raise ArgumentError(f"a year is an int 1900–1999 or a card, not {value!r}")


def pool_years(pool: Iterable[int | Card | str | None]) -> list[int | None]:
    """Years of a pool of cards; Einstein (no year) stays in the pool but never counts (S5)."""
    return [_year(item) for item in pool]


def _counts(goal: str, years: list[int | None], left: int, right: int) -> int:
    if goal not in GOALS:
        raise ArgumentError(f"unknown goal {goal!r}; choose one of {', '.join(GOALS)}")
    return sum(1 for y in years if y is not None and costs_a_point(goal, y, left, right))


def hypergeometric(population: int, successes: int, draws: int) -> np.ndarray:
    """``p[k]`` = probability of exactly ``k`` successes, k = 0 … draws (exact integers)."""
    if not 0 <= successes <= population or not 0 <= draws <= population:
        raise ArgumentError(f"impossible draw: {draws} from {population} with {successes} marked")
    total = comb(population, draws)
    return np.array([comb(successes, k) * comb(population - successes, draws - k) / total for k in range(draws + 1)])


def penalty_odds(
    goal: str,
    left: int | Card | str,
    right: int | Card | str,
    pool: Iterable[int | Card | str | None],  # None: Einstein, as pool_years gives him
    draws: int = MARKET_CARDS,
) -> np.ndarray:
    """``p[k]``: probability that exactly ``k`` of ``draws`` market cards cost a point.

    ``goal`` is ``"years_gap"`` (cards outside [left, right], S4), ``"short_era"`` (cards
    within, S5) or ``"antiquity"`` (cards older than ``right``, S5).
    """
    a, b = _year(left), _year(right)
    if a is None or b is None:
        raise ArgumentError("Einstein in the pair scores 0 whatever the market (S4)", rule="S4")
    if a >= b:
        raise ArgumentError(f"the left card must be older than the right one (R11): {a} ≥ {b}", rule="R11")
    years = pool_years(pool)
    if draws > len(years):
        raise ArgumentError(f"cannot draw {draws} market cards from a pool of {len(years)}")
    return hypergeometric(len(years), _counts(goal, years, a, b), draws)


def solo_years_gap_odds(
    left: int | Card | str, right: int | Card | str, pool: Iterable[int | Card | str | None], draws: int = MARKET_CARDS
) -> np.ndarray:
    """S4: ``p[k]`` that exactly ``k`` final market cards lie outside [left, right]."""
    return penalty_odds(goals.YEARS_GAP.key, left, right, pool, draws)


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


def game_penalty_odds(
    game: Game, left: int | Card | str, right: int | Card | str, goal: str = goals.YEARS_GAP.key
) -> np.ndarray:
    """The penalty odds asked mid-game: the final market is drawn from :func:`game_pool`."""
    if not game.is_solo:
        raise ArgumentError("market penalties are a solo rule (S4, S5); this game has several players", rule="S4")
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
        raise ArgumentError(f"cannot draw {draws} market cards from a pool of {n} (less the pair)")
    table = np.full((3, n + 1), np.nan)
    for r in range(3):
        table[r, : n - r + 1] = _expected_by_marked(n - r, draws)
    # left > right double-counts; those cells become NaN below, so clip them into range
    grid = table[removed, np.minimum(outside, n)]
    left, right = np.indices(grid.shape)
    grid[left >= right] = np.nan
    by_pair: np.ndarray = grid
    return by_pair


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


def market_penalty_from_markets(
    markets: np.ndarray, left: int | Card | str, right: int | Card | str, goal: str = goals.YEARS_GAP.key
) -> np.ndarray:
    """Empirical ``p[k]`` from market arrays (rows of years, −1 or padding for none)."""
    a, b = _year(left), _year(right)
    dated = markets >= FIRST_YEAR
    if goal == goals.YEARS_GAP.key:
        hits = dated & ((markets < a) | (markets > b))
    elif goal == goals.SHORT_ERA.key:
        hits = dated & (markets >= a) & (markets <= b)
    elif goal == goals.ANTIQUITY.key:
        hits = dated & (markets < b)
    else:
        raise ArgumentError(f"unknown goal {goal!r}; choose one of {', '.join(GOALS)}")
    counts = hits.sum(axis=1)
    return np.bincount(counts, minlength=markets.shape[1] + 1)[: markets.shape[1] + 1] / len(markets)


# ---------------------------------------------------------------- one pair, every goal
@dataclass(frozen=True)
class PairOdds:
    """The exact answer to "what if my pair were ``left``–``right``?" for one goal.

    The market is ``draws`` cards drawn uniformly from ``pool_size`` cards (the pool less
    the pair's own cards, which lie in the hall); ``marked`` of them would cost a point.
    ``penalty[k]`` is the probability that exactly ``k`` do (S4, S5).
    """

    goal: str
    left: int
    right: int
    pool_size: int
    marked: int
    draws: int
    penalty: np.ndarray

    @property
    def expected(self) -> float:
        """Expected fame points of the goal (0–5)."""
        return expected_fp(self.penalty)

    @property
    def keep_all(self) -> float:
        """Probability that no market card costs a point: all 5 fp kept."""
        return float(self.penalty[0])

    @property
    def fame(self) -> np.ndarray:
        """Probability of each fame value 0 … 5."""
        return fp_distribution(self.penalty)


def pair_pool(pool: Iterable[int | Card | str], left: int, right: int) -> list[int | Card | str]:
    """The pool less one card of each pair year: those cards lie in the hall, never in the
    final market. A year the pool does not hold (its card already placed) removes nothing."""
    rest = list(pool)
    for year in (left, right):
        for i, item in enumerate(rest):
            if _year(item) == year:
                del rest[i]
                break
    return rest


def _check_pair(
    goal: str, left: int | Card | str, right: int | Card | str, pool: list[int | Card | str]
) -> tuple[int, int]:
    if goal not in GOALS:
        raise ArgumentError(f"unknown goal {goal!r}; choose one of {', '.join(GOALS)}")
    for item in (left, right):
        if isinstance(item, (Card, str)) and _card(item).is_einstein:
            raise ArgumentError(
                "Einstein has no year: a pair holding him scores 0 whatever the market (S4, S5)", rule="S4"
            )
    a, b = _year(left), _year(right)
    assert a is not None and b is not None  # Einstein, the one card without a year, was refused above
    if a >= b:
        raise ArgumentError(f"the left card must be older than the right one (R11): {a} ≥ {b}", rule="R11")
    if goal != goals.YEARS_GAP.key:
        for year in (a, b):
            cards = [c for c in pool if isinstance(c, Card) and c.year == year]
            if cards and all(c.is_white for c in cards):
                raise ArgumentError(
                    f"{cards[0].token} is a white card, and white cards may not go in a variation showcase (V1)",
                    rule="V1",
                )
    return a, b


def _card(item: Card | str) -> Card:
    return Card.parse(item) if isinstance(item, str) else item


def pair_odds(
    goal: str,
    left: int | Card | str,
    right: int | Card | str,
    pool: Iterable[int | Card | str],
    draws: int = MARKET_CARDS,
) -> PairOdds:
    """Exact odds of a pair for ``goal`` (``"years_gap"``, ``"short_era"``, ``"antiquity"``),
    the pair's own cards taken out of ``pool`` first; at most ``draws`` market cards (fewer
    when the pool is smaller, as late in a game)."""
    pool = list(pool)
    a, b = _check_pair(goal, left, right, pool)
    rest = pair_pool(pool, a, b)
    draws = min(draws, len(rest))
    marked = _counts(goal, pool_years(rest), a, b)
    return PairOdds(goal, a, b, len(rest), marked, draws, hypergeometric(len(rest), marked, draws))


def pair_showcase(game: Game, seat: int = 0) -> tuple[str, tuple[Card | None, ...]] | None:
    """The goal of the player's pair showcase (Years Gap or its variation) and its spots."""
    hall = game.hall(seat)
    for kind, spots in zip(hall.layout, hall.showcases):
        if kind.scoring is not None:
            return kind.scoring, spots
    return None


def game_pair_odds(game: Game, left: int | Card | str, right: int | Card | str, goal: str | None = None) -> PairOdds:
    """:func:`pair_odds` asked in a live solo game: the pool is :func:`game_pool`, the goal
    by default the one of the game's pair showcase. A pair card must still be in the pool,
    in the player's hand or already in the pair showcase; otherwise the error says where
    it went."""
    if not game.is_solo:
        raise ArgumentError("market penalties are a solo rule (S4, S5); this game has several players", rule="S4")
    found = pair_showcase(game)
    if found is None:
        raise ArgumentError("this layout has no Years Gap showcase (nor a variation over it)")
    own_goal, spots = found
    if any(c is not None and c.is_einstein for c in spots):
        raise ArgumentError(
            f"Einstein lies in your {goals.pair_goal(own_goal).label}: it scores 0 whatever the market (S4)", rule="S4"
        )
    pool = game_pool(game)
    available = _available_years(game, pool, spots)
    for item in (left, right):
        year = _year(item)
        if year is not None and year not in available:
            raise ArgumentError(f"no card of {year} is left to take: {_whereabouts(game, year)}")
    return pair_odds(goal or own_goal, left, right, pool)


def _available_years(game: Game, pool: tuple[Card, ...], spots: tuple[Card | None, ...]) -> set[int | None]:
    """Years a pair may still use: cards still to come, the card in hand (about to be placed)
    and those already in the pair showcase."""
    held = [c for c in spots if c is not None] + ([game.hand] if game.hand is not None else [])
    return {c.year for c in pool} | {c.year for c in held}


def _whereabouts(game: Game, year: int) -> str:
    hall = game.hall(0)
    if any(c.year == year for c in hall.hall_cards()):
        return "it is in your hall"
    if any(c.year == year for c in hall.depot):
        return "it is in your Depot"
    if any(c.year == year for c in game.discard):
        return "it left the game (discard pile, D3)"
    return "the deck has no card of that year"


def penalty_grid(goal: str, pool: Iterable[int | Card | str], draws: int = MARKET_CARDS) -> np.ndarray:
    """Expected fp of ``goal`` for every pair: ``grid[left − 1900, right − 1900]``, NaN
    where left ≥ right; the pair's cards leave the pool as in :func:`pair_odds`.

    Vectorised: the expectation depends only on the pool size and the number of marked
    cards, so one small table serves all 4,950 pairs.
    """
    if goal not in GOALS:
        raise ArgumentError(f"unknown goal {goal!r}; choose one of {', '.join(GOALS)}")
    pool = list(pool)
    years = pool_years(pool)
    dated = np.array([y for y in years if y is not None], dtype=int)
    per_year = np.bincount(dated - FIRST_YEAR, minlength=N_YEARS)
    through = np.cumsum(per_year)  # pool cards of each year or older
    before = through - per_year  # pool cards older than each year
    in_pool = (per_year > 0).astype(int)
    removed = in_pool[:, None] + in_pool[None, :]
    if goal == goals.YEARS_GAP.key:
        marked = before[:, None] + (per_year.sum() - through)[None, :]
    elif goal == goals.SHORT_ERA.key:
        marked = through[None, :] - before[:, None] - removed  # the pair's cards lie within
    else:
        marked = before[None, :] - in_pool[:, None]  # the left card is older than the right
    n = len(years)
    table = np.full((3, n + 1), np.nan)
    for r in range(3):
        table[r, : n - r + 1] = _expected_by_marked(n - r, min(draws, n - r))
    grid = table[removed, np.clip(marked, 0, n)]  # left ≥ right gives nonsense counts: NaN below
    left, right = np.indices(grid.shape)
    grid[left >= right] = np.nan
    if goal != goals.YEARS_GAP.key:  # V1: a year whose only card is white cannot be in the pair
        white = [y - FIRST_YEAR for y in _white_only_years(pool)]
        grid[white, :] = np.nan
        grid[:, white] = np.nan
    by_pair: np.ndarray = grid
    return by_pair


def _white_only_years(pool: list[int | Card | str]) -> set[int]:
    cards = [_card(c) for c in pool if isinstance(c, (Card, str))]
    white = {c.year for c in cards if c.is_white and c.year is not None}
    return white - {c.year for c in cards if not c.is_white}


def penalty_grid_by_loop(goal: str, pool: Iterable[int | Card | str], draws: int = MARKET_CARDS) -> np.ndarray:
    """The same grid pair by pair through :func:`pair_odds` (the slow reference)."""
    grid = np.full((N_YEARS, N_YEARS), np.nan)
    pool = list(pool)
    for a in range(FIRST_YEAR, LAST_YEAR + 1):
        for b in range(a + 1, LAST_YEAR + 1):
            with suppress(ExhibitionLabError):  # a pair the rules forbid (V1) has no value
                grid[a - FIRST_YEAR, b - FIRST_YEAR] = pair_odds(goal, a, b, pool, draws).expected
    return grid


def simulated_pair_odds(markets: np.ndarray, goal: str, left: int, right: int) -> np.ndarray:
    """Empirical ``p[k]`` for a pair from markets of real play; the pair's own years are
    masked first, since a player who holds the pair cannot see those cards in the market."""
    masked = np.where((markets == left) | (markets == right), -1, markets)
    return market_penalty_from_markets(masked, left, right, goal)


# ---------------------------------------------------------------- markets of real play
@dataclass(frozen=True)
class PlayOuts:
    """Final markets of solo games played to the end by a bot (:func:`play_outs`).

    ``markets`` holds one row of years per game (−1 for Einstein or an empty place);
    ``totals[reading]`` the ×100 solo totals under each Mid Century reading (D11);
    ``complete`` is False when the run was stopped before ``requested`` games.
    """

    bot: str
    requested: int
    markets: np.ndarray
    totals: dict[str, np.ndarray]

    @property
    def n_games(self) -> int:
        return len(self.markets)

    @property
    def complete(self) -> bool:
        return self.n_games == self.requested

    def pair(self, goal: str, left: int, right: int) -> np.ndarray:
        """Empirical penalty odds of a pair in these markets (:func:`simulated_pair_odds`)."""
        return simulated_pair_odds(self.markets, goal, left, right)


READINGS = ("harsh", "tiebreak")


def play_outs(
    n_games: int,
    bot: str = "greedy",
    *,
    game: Game | None = None,
    seed: int = 0,
    progress: bool | tqdm = True,
    should_stop: Callable[[], bool] | None = None,
    budget: Budget | None = None,
) -> PlayOuts:
    """Play ``n_games`` solo games to the end with ``bot`` and keep their final markets.

    Without ``game`` each is a new seeded deal; with a live solo ``game`` each continues
    from what the player sees, the hidden stock shuffled anew every time
    (:meth:`Game.from_view`), so nothing hidden leaks. A ``tqdm`` bar shows progress;
    Ctrl-C (KeyboardInterrupt) or ``should_stop()`` returning True ends the run early with
    the games played so far. Game ``i`` depends on ``seed`` and ``i`` only. ``progress``
    may also be a ready ``tqdm`` bar, which is reset and left open. ``budget`` scales
    ``n_games`` (never below 20; the environment's budget when ``None``, see :mod:`~exhibition_lab.core.budget`).
    """
    seed = check_seed(seed)
    if game is not None and not game.is_solo:
        raise ArgumentError("market penalties are a solo rule (S4, S5); this game has several players", rule="S4")
    if n_games < 1:
        raise ArgumentError(f"play at least one game, not {n_games}")
    player = make_bot(bot)
    n_games = Budget.of(budget).scaled(n_games, minimum=20)
    rules = {name: SoloRules.by_name(name) for name in READINGS}
    markets: list[list[int]] = []
    totals: dict[str, list[int]] = {name: [] for name in READINGS}
    bar = _bar(n_games, progress)
    own_bar = bar is not None and isinstance(progress, bool)
    try:
        for i in range(n_games):
            if should_stop is not None and should_stop():
                break
            rng = np.random.default_rng([seed, i])
            start = _start(game, rng)
            play_game(start, [player], rng)
            markets.append([-1 if c.year is None else c.year for c in start.market_cards] + [-1] * MARKET_CARDS)
            for name, reading in rules.items():
                totals[name].append(_total(start, reading))
            if bar is not None:
                bar.update(1)
    except KeyboardInterrupt:
        pass  # keep what was played: an interrupted run still answers, on fewer games
    finally:
        if own_bar and bar is not None:
            bar.close()
    rows = np.array([m[:MARKET_CARDS] for m in markets], dtype=np.int16).reshape(-1, MARKET_CARDS)
    label = bot if isinstance(bot, str) else type(bot).__name__
    return PlayOuts(label, n_games, rows, {k: np.array(v, dtype=np.int64) for k, v in totals.items()})


def _start(game: Game | None, rng: np.random.Generator) -> Game:
    """A new seeded solo deal, or the live position with its hidden stock drawn anew."""
    if game is None:
        return Game.new(["You"], seed=int(rng.integers(2**62)))
    return Game.from_view(game.view(0), rng)


def _total(game: Game, rules: SoloRules) -> int:
    sheet = game.score(solo_rules=rules)
    return sheet[game.players[0]].total


def _bar(total: int, progress: bool | tqdm) -> tqdm | None:
    if not isinstance(progress, bool):  # a bar made by the caller (a widget shows it in place)
        progress.reset(total=total)
        return progress
    if not progress:
        return None
    from tqdm.auto import tqdm

    return tqdm(total=total, unit="game", desc="play-outs")


def game_penalty_grid(game: Game, goal: str | None = None) -> np.ndarray:
    """:func:`penalty_grid` in a live solo game: the pool is :func:`game_pool`, and pairs
    with a year whose card is gone (placed elsewhere, in the Depot, discarded) are NaN, as
    is everything when Einstein lies in the pair showcase (S4)."""
    if not game.is_solo:
        raise ArgumentError("market penalties are a solo rule (S4, S5); this game has several players", rule="S4")
    found = pair_showcase(game)
    if found is None:
        raise ArgumentError("this layout has no Years Gap showcase (nor a variation over it)")
    own_goal, spots = found
    pool = game_pool(game)
    grid = penalty_grid(goal or own_goal, pool)
    if any(c is not None and c.is_einstein for c in spots):
        return np.full_like(grid, np.nan)
    available = _available_years(game, pool, spots)
    gone = [y - FIRST_YEAR for y in range(FIRST_YEAR, LAST_YEAR + 1) if y not in available]
    grid[gone, :] = np.nan
    grid[:, gone] = np.nan
    return grid
