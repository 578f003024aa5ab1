"""The solo fast path: solo games a whole turn at a time (S1).

The lock-step engine (:mod:`.engine`) applies each sub-step of a turn to the games in
that phase, for any number of players. Alone, with a stock that cannot run dry before the
game ends (a turn per hall spot and Depot place, and the turn that ends it), every turn
is the same four steps — take, move, refill, place (R7–R10) — so one pass over every
unfinished game plays a whole turn, and finished games are dropped as the batch thins out.

Everything else is the engine's: the same :class:`~.state.BatchGames` state, tables and
deck arrays, the same rules on arrays (:func:`~.masks.fits`, :func:`~.masks.place`), the
same players — ``"random"`` uniform over the legal choices as
:class:`~.policies.RandomPolicy`, ``"heuristic"`` the choices of
:class:`~.policies.HeuristicPolicy` — the same log of action ids and the same scoring
(:func:`~.scoring.score`). Tests replay its games through the scalar engine.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from ....core.errors import ArgumentError, ExhibitionLabError
from ..rules.cards import OPEN_CARDS, TILE_CARDS, Card
from ..rules.deal import DECADES
from ..rules.hall import DEPOT_SIZE
from ..rules.layout import Layout
from ..rules.scoring import SOLO_SCALE, SoloRules
from ..rules.turns import Setup
from .engine import Forced, GameRecord, game_record, games_from_deals, make_setup
from .masks import fits, place, placement_options, places_of
from .policies import (
    HeuristicPolicy,
    Policy,
    RandomPolicy,
    best,
    placement_weights,
    random_moves,
    stay,
    take_choice,
    uniform_choice,
)
from .scoring import BatchScores, score
from .state import OVER, TAKE, BatchGames, select, store
from .tables import ALL_COLOURS, EMPTY, WHITE, Tables, deck_arrays, tables

FAST_POLICIES = ("random", "heuristic")


def fast_policy(policy: str | Policy) -> str:
    """The name of a player the fast path plays, or an error."""
    if isinstance(policy, Policy) and type(policy) in (RandomPolicy, HeuristicPolicy):
        return policy.name
    if policy not in FAST_POLICIES:
        raise ArgumentError(
            f"the batch engine plays 'random' or 'heuristic' (its vectorised heuristic, not GreedyBot), not {policy!r}"
        )
    return str(policy)


def stock_lasts(b: BatchGames) -> bool:
    """Whether no unfinished game of solo batch ``b`` can run out of stock before it ends."""
    t = b.tables
    live = b.phase != OVER
    turns_left = t.n_spots - b.n_filled + DEPOT_SIZE - b.n_depot + 1
    stock_left = (b.stock >= 0).sum(axis=1) - b.top
    return bool((stock_left[live] >= turns_left[live]).all())


def play_solo(b: BatchGames, policy: str | Policy, rng: np.random.Generator, *, forced: Forced | None = None) -> None:
    """Play every game of the solo batch ``b`` to its end, in place, a whole turn at a time.

    Every unfinished game must stand at the start of a turn with a stock that lasts
    (:func:`stock_lasts`); ``forced`` plays each game's first turn as given (action ids).
    """
    name = fast_policy(policy)
    if b.players != 1:
        raise ArgumentError(f"the solo fast path plays solo games, not {b.players} players (S1)", rule="S1")
    live = np.flatnonzero(b.phase != OVER)
    if (b.phase[live] != TAKE).any():
        raise ArgumentError("the solo fast path starts every game at the start of a turn (R7)", rule="R7")
    if not stock_lasts(b):
        raise ArgumentError("the solo fast path needs a stock that lasts every turn left (R9)", rule="R9")
    if not len(live):
        return
    w = _working(b, live)
    if forced is not None:
        forced = Forced(forced.take[live], forced.move[live], forced.place[live])
    index = live  # the game of ``b`` each row of ``w`` is
    for k in range(b.tables.max_turns):
        card, move, choice = _turn(w, name, rng, k, forced if k == 0 else None)
        playing = w.phase == TAKE
        if w.log is not None:
            _log(w, np.flatnonzero(playing), card, move, choice)
        reached = (w.six_round[:, 0] == 0) & (w.shown == ALL_COLOURS)  # R19, as the state records it
        w.six_round[reached, 0] = w.round[reached] + k
        ended = playing & ((choice == w.tables.n_spots + 1) | (w.n_filled == w.tables.n_spots))  # R10a, R10b
        if ended.any():
            _finish(b, w, index, ended, choice, k)
            playing &= ~ended
        # Finished rows play on, harmlessly, until dropping them is worth a copy of every
        # array (they cannot outlast the turns the stock lasts for).
        if 4 * np.count_nonzero(playing) <= 3 * len(playing):
            keep = np.flatnonzero(playing)
            w, index = select(w, keep), index[keep]
            if forced is not None:
                forced = Forced(forced.take[keep], forced.move[keep], forced.place[keep])
            if not w.n:
                return
    raise ExhibitionLabError("a solo game outlasted every turn its hall and Depot allow; the batch state is corrupt")


def _working(b: BatchGames, live: np.ndarray) -> BatchGames:
    """A copy of ``b``'s unfinished games whose stocks start at column 0 and hold only
    what the games can draw."""
    w = select(b, live)
    reach = min(w.tables.max_turns, w.stock.shape[1])
    if (w.top != 0).any():
        columns = np.minimum(w.top[:, None] + np.arange(reach), w.stock.shape[1] - 1)
        w.stock = np.take_along_axis(w.stock, columns, axis=1)
    else:
        w.stock = np.ascontiguousarray(w.stock[:, :reach])
    return w


def _finish(b: BatchGames, w: BatchGames, index: np.ndarray, ended: np.ndarray, choice: np.ndarray, k: int) -> None:
    """Games that ended this turn (the ``k``-th): over, and written back into ``b``."""
    rows = np.flatnonzero(ended)
    w.final[rows] = True
    w.phase[rows] = OVER
    w.discards[rows] += choice[rows] == w.tables.n_spots + 1  # D3
    games = index[rows]
    top = b.top[games] + k + 1  # a card drawn every turn (R9)
    w.turn[rows] += k  # a game over takes no further turn (R10c)
    w.round[rows] += k
    store(b, games, w, rows, skip=("stock", "top"))
    b.top[games] = top


def _turn(
    w: BatchGames, policy: str, rng: np.random.Generator, k: int, forced: Forced | None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """One whole turn of every row (R7–R10): the cards taken, the continents moved to
    (EMPTY after a coloured card) and the placements (spot, Depot n, end n + 1)."""
    deck, space = w.deck, w.space
    rows = np.arange(w.n)
    vehicle = w.vehicle[:, 0]
    if forced is not None:
        slot = np.argmax(w.market == forced.take[:, None], axis=1)
    elif policy == "heuristic":
        slot = _heuristic_take(w)
    else:
        # the stock lasts, so the vehicle's continent holds its three cards (R7, R9)
        slot = vehicle.astype(np.intp) * OPEN_CARDS + (rng.random(w.n) * OPEN_CARDS).astype(np.intp)
    card = w.market[rows, slot]
    colour = deck.continent[card]
    white = colour == WHITE
    if forced is not None:
        move = np.where(forced.move >= 0, forced.move - space.move_base, colour)
    elif policy == "heuristic":
        move = np.where(white, stay(slot), colour)
    else:
        move = np.where(white, random_moves(w.n, rng), colour)
    w.vehicle[:, 0] = move
    w.market[rows, slot] = w.stock[:, k]  # R9: refill the place taken from
    if forced is not None:
        choice = (forced.place - space.place_base).astype(np.intp)
    else:
        spots = fits(w, None, None, card)
        heuristic = policy == "heuristic"
        choice = _heuristic_placement(w, spots, card) if heuristic else _random_placement(w, spots, rng)
    place(w, None, None, card, choice)
    return card, np.where(white, move, EMPTY), choice


def _log(w: BatchGames, rows: np.ndarray, card: np.ndarray, move: np.ndarray, choice: np.ndarray) -> None:
    """The turn of ``rows`` in the log, as action ids: the take, the move after a white
    card, the placement."""
    assert w.log is not None and w.log_at is not None
    space = w.space
    white = move[rows] >= 0
    at = w.log_at[rows]
    w.log[rows, at] = card[rows]  # take card k has id k
    at += 1
    w.log[rows[white], at[white]] = space.move_base + move[rows[white]]
    at += white
    w.log[rows, at] = space.place_base + choice[rows]
    w.log_at[rows] = at + 1


def _heuristic_take(w: BatchGames) -> np.ndarray:
    flexibility = np.stack([fits(w, None, None, w.market[:, k]).sum(axis=1) for k in range(TILE_CARDS)], axis=1)
    # the stock lasts, so the vehicle's continent holds its three cards (R7, R9)
    return take_choice(places_of(w.vehicle[:, 0]), flexibility, w.market, w.deck.year)


def _heuristic_placement(w: BatchGames, spots: np.ndarray, cards: np.ndarray) -> np.ndarray:
    t = w.tables
    options = placement_options(spots, w.n_depot)
    return best(options, placement_weights(w.low, w.high, w.deck.year[cards], t.mid_spot, t.pair_spots))


def _random_placement(w: BatchGames, spots: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Uniform over the legal placements: the fitting spots, then the Depot (R10), then
    ending the exhibition, legal only when no spot fits (R10a)."""
    n_spots = w.tables.n_spots
    if n_spots != _PACKED_SPOTS:
        return uniform_choice(placement_options(spots, w.n_depot), rng)
    # the same choice from the mask packed into bits: the k-th fitting spot, else the
    # Depot while it has room (R10), else ending, legal only when no spot fits (R10a)
    can_depot = w.n_depot < DEPOT_SIZE
    mask = _bits(spots)
    n_fits = np.bitwise_count(mask)
    k = (rng.random(w.n) * (n_fits + can_depot + (n_fits == 0))).astype(np.intp)
    spot = _select_table()[mask, np.minimum(k, n_spots - 1)]
    choice: np.ndarray = np.where(k < n_fits, spot, np.where((k == n_fits) & can_depot, n_spots, n_spots + 1))
    return choice


_WORDS = 2
_PACKED_SPOTS = 8 * _WORDS  # a hall of this many spots packs its mask into two 8-byte words
_PACK = np.uint64(0x0102040810204080)


def _bits(mask: np.ndarray) -> np.ndarray:
    """A (rows, 16) boolean mask as one integer per row (bit j = column j; 16 spots).

    Multiplying eight 0/1 bytes by a magic constant gathers them into the top byte, which
    is far cheaper than a per-row reduction over 16 columns.
    """
    words = (np.ascontiguousarray(mask).view(np.uint64) * _PACK) >> np.uint64(56)
    return (words[:, 0] | (words[:, 1] << np.uint64(8))).astype(np.intp)


@lru_cache(maxsize=1)
def _select_table() -> np.ndarray:
    """``table[mask, k]``: the column of the k-th set bit of a 16-bit mask."""
    masks = np.arange(1 << _PACKED_SPOTS)[:, None]
    bits = (masks >> np.arange(_PACKED_SPOTS)) & 1
    rank = np.cumsum(bits, axis=1) - 1
    table = np.zeros((1 << _PACKED_SPOTS, _PACKED_SPOTS), dtype=np.int8)
    rows, cols = np.nonzero(bits)
    table[rows, rank[rows, cols]] = cols
    return table


# ---------------------------------------------------------------- many solo games
def deal(rng: np.random.Generator, n_games: int, n_cards: int, seen: int) -> np.ndarray:
    """(games, cards) shuffled card ids: the 18 market cards, then the stock from its top.

    A partial Fisher–Yates shuffle: only the first ``seen`` places (the market and the
    cards a solo game can draw) are drawn uniformly; the rest keep a valid but unshuffled
    order, which no solo game reaches.
    """
    # card-major layout: each step swaps within one contiguous row of n_games entries
    deals = np.repeat(np.arange(n_cards, dtype=np.int16), n_games)
    games = np.arange(n_games)
    u = rng.random((seen, n_games))
    for i in range(seen):
        at = (i + (u[i] * (n_cards - i)).astype(np.intp)) * n_games + games
        here = deals[i * n_games : (i + 1) * n_games]
        picked = deals[at]
        deals[at] = here
        here[:] = picked
    return np.ascontiguousarray(deals.reshape(n_cards, n_games).T)


@dataclass
class BatchResult:
    """Scores of solo games and (optionally) what is needed to replay each one."""

    setup: Setup
    scores: np.ndarray  # ×100 solo totals
    points: dict[str, np.ndarray]
    markets: np.ndarray  # final market years, EMPTY for Einstein or an empty place
    deals: np.ndarray | None = None  # (games, cards) card ids: 18 market places then the stock
    secrets: np.ndarray | None = None  # (games, 1) Secret Decades (V7)
    actions: np.ndarray | None = None  # (games, decisions) action ids (ActionSpace), EMPTY after the last
    halls: np.ndarray | None = field(default=None, repr=False)
    depots: np.ndarray | None = field(default=None, repr=False)


@dataclass
class BatchSummary:
    """Aggregates of a run kept without per-game arrays (for runs of millions of games)."""

    n_games: int
    mean: float
    std: float
    histogram: np.ndarray  # games per bin of ×100 solo totals
    bin_edges: np.ndarray
    goal_means: dict[str, float]


SCORE_BINS = np.arange(-10_200, 3_001, SOLO_SCALE)  # display bins, clipped at both ends


def play_batch(
    n_games: int,
    *,
    policy: str = "random",
    seed: int = 0,
    chunk: int = 10_000,
    record: bool = False,
    solo_rules: SoloRules | None = None,
    deck: tuple[Card, ...] | None = None,
    layout: Layout | None = None,
    secret_decades: bool = False,
    progress: Callable[[int], object] | None = None,
    keep_games: bool = True,
    first_game: int = 0,
) -> BatchResult | BatchSummary:
    """Play ``n_games`` solo games on the fast path, in chunks of ``chunk`` games.

    ``policy`` is ``"random"`` (uniform over legal actions) or ``"heuristic"`` (a vectorised
    heuristic). ``record=True`` keeps each game's deal and actions for :func:`replay`.
    ``keep_games=False`` keeps only aggregates (:class:`BatchSummary`), so memory stays
    bounded by one chunk however many games are played. Each chunk draws from a generator
    seeded by ``(seed, index of the chunk's first game)``; ``first_game`` offsets those
    indices, so a run split into shards at multiples of ``chunk`` plays the same games.
    """
    name = fast_policy(policy)
    rules = solo_rules or SoloRules()
    setup = make_setup(1, layout, secret_decades=secret_decades, deck=deck)
    if setup.solo_rules != rules:
        setup = Setup(setup.players, setup.layout, setup.deck, setup.secret_decades, rules)
    seen = TILE_CARDS + tables(setup.layout, 1).max_turns
    if len(setup.deck) < seen:
        raise ArgumentError(
            f"the solo fast path needs a deck of at least {seen} cards, so that the stock lasts (R9)", rule="R9"
        )
    chunks = _chunks(setup, n_games, name, seed, chunk, record, first_game)
    if not keep_games:
        return _summary(n_games, chunks, progress)
    parts: dict[str, list[np.ndarray]] = {}
    points: dict[str, list[np.ndarray]] = {}
    for b, deals, scores in chunks:
        parts.setdefault("scores", []).append(scores.totals[:, 0])
        parts.setdefault("markets", []).append(scores.markets)
        for goal, values in scores.points.items():
            points.setdefault(goal, []).append(values[:, 0])
        if record:
            assert b.log is not None
            parts.setdefault("deals", []).append(deals)
            parts.setdefault("secrets", []).append(b.secret)
            parts.setdefault("actions", []).append(b.log)
            parts.setdefault("halls", []).append(b.hall)
            parts.setdefault("depots", []).append(b.depot)
        if progress is not None:
            progress(len(deals))
    joined = {key: np.concatenate(values) for key, values in parts.items()}
    return BatchResult(
        setup,
        joined["scores"],
        {goal: np.concatenate(v) for goal, v in points.items()},
        joined["markets"].astype(np.int16),
        *(joined.get(key) for key in ("deals", "secrets", "actions", "halls", "depots")),
    )


def _chunks(
    setup: Setup, n_games: int, policy: str, seed: int, chunk: int, record: bool, first_game: int
) -> Iterator[tuple[BatchGames, np.ndarray, BatchScores]]:
    """Deal, play and score one chunk at a time; each chunk has its own generator."""
    t: Tables = tables(setup.layout, 1)
    seen = TILE_CARDS + t.max_turns
    for start in range(0, n_games, chunk):
        size = min(chunk, n_games - start)
        rng = np.random.default_rng([seed, first_game + start])
        deals = deal(rng, size, len(setup.deck), seen)
        secrets = None
        if setup.secret_decades:
            secrets = np.array(DECADES, dtype=np.int16)[rng.integers(len(DECADES), size=(size, 1))]
        b = games_from_deals(setup, deals[:, :seen], secrets=secrets, record=record)
        play_solo(b, policy, rng)
        yield b, deals, score(b)


def _summary(
    n_games: int,
    chunks: Iterator[tuple[BatchGames, np.ndarray, BatchScores]],
    progress: Callable[[int], object] | None,
) -> BatchSummary:
    total = total_sq = 0.0
    histogram = np.zeros(len(SCORE_BINS) - 1, dtype=np.int64)
    goal_sums: dict[str, float] = {}
    for _, deals, scores in chunks:
        totals = scores.totals[:, 0]
        total += float(totals.sum())
        total_sq += float((totals.astype(np.float64) ** 2).sum())
        histogram += np.histogram(np.clip(totals, SCORE_BINS[0], SCORE_BINS[-1] - 1), SCORE_BINS)[0]
        for goal, values in scores.points.items():
            goal_sums[goal] = goal_sums.get(goal, 0.0) + float(values.sum())
        if progress is not None:
            progress(len(deals))
    mean = total / n_games
    std = max(total_sq / n_games - mean**2, 0.0) ** 0.5
    return BatchSummary(n_games, mean, std, histogram, SCORE_BINS, {g: v / n_games for g, v in goal_sums.items()})


def replay(result: BatchResult, index: int) -> GameRecord:
    """Game ``index`` of a recorded run (:func:`play_batch` with ``record=True``) as its
    setup, deal and actions."""
    if result.deals is None or result.actions is None or result.secrets is None:
        raise ArgumentError("replay needs a result from play_batch(..., record=True)")
    deals, actions = result.deals[index], result.actions[index]
    return game_record(
        result.setup,
        deck_arrays(result.setup.deck),
        deals[:TILE_CARDS],
        deals[TILE_CARDS:],
        result.secrets[index],
        actions[actions >= 0],
    )
