"""Solo games in lock-step over numpy arrays (the base layout, full base rules).

Each turn works on every unfinished game at once: the take, the move, the refill and the
placement are array operations, and legality is a boolean mask over the 16 spots. Every
spot keeps the range of years a card may have there (R11, R14, R16/D7) and every showcase
its coloured continents (R12, R13); a placement updates only its own showcase. The batch
engine agrees with the scalar engine card for card: a test replays recorded games through
:class:`~exhibition_lab.game.Game` to prove it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .cards import CONTINENTS, Card, standard_deck
from .errors import ExhibitionLabError
from .game import Deal, Game
from .layout import Layout
from .scoring import SoloRules

N_CARDS = 101
N_SPOTS = 16
MARKET = 18
DEPOT = 3
WHITE = 6  # continent code of the white cards
EMPTY = -1
BIG = 10_000
SIZES = Layout.base().sizes
STARTS = tuple(int(x) for x in np.cumsum((0, *SIZES[:-1])))
SHOWCASE_OF = np.repeat(np.arange(len(SIZES)), SIZES)
STEP = (None, 10, None, None, None)  # R14 on One Era
SAME = (False, False, False, True, False)  # R13 on One Continent
MID_SPOT = STARTS[2]
GAP_SPOTS = (STARTS[4], STARTS[4] + 1)
DEPOT_CODE, END_CODE = N_SPOTS, N_SPOTS + 1
SAME_SPOT = np.array(SAME)[SHOWCASE_OF]


@dataclass(frozen=True)
class DeckArrays:
    """The deck as arrays indexed by card id (the deck's order)."""

    cards: tuple[Card, ...]
    year: np.ndarray  # −1 for Einstein
    continent: np.ndarray  # 0…5, WHITE for 1945 and Einstein
    sort_key: np.ndarray  # market order: year, Einstein last, empty after all
    einstein: int  # Einstein's card id

    @classmethod
    def of(cls, cards: tuple[Card, ...]) -> DeckArrays:
        if len(cards) != N_CARDS or sum(c.is_einstein for c in cards) != 1:
            raise ExhibitionLabError("the batch engine plays a deck of 101 cards with one Einstein (R2)")
        year = np.array([-1 if c.year is None else c.year for c in cards], dtype=np.int16)
        continent = np.array([WHITE if c.continent is None else c.continent.index for c in cards], dtype=np.int8)
        key = np.where(year < 0, 5000, year).astype(np.int16)
        einstein = int(np.nonzero(year < 0)[0][0])
        return cls(tuple(cards), year, continent, np.append(key, BIG).astype(np.int16), einstein)


@dataclass
class BatchResult:
    """Scores and (optionally) what is needed to replay each game."""

    scores: np.ndarray  # ×100 solo totals
    points: dict[str, np.ndarray]
    markets: np.ndarray  # final market years, −1 for Einstein or an empty place
    deals: np.ndarray | None = None  # (games, 101) card ids: 18 market then the stock
    actions: np.ndarray | None = None  # (games, turns, 3): taken id, move continent, place code
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


SCORE_BINS = np.arange(-10_200, 3_001, 100)


class _Games:
    """The state of a chunk of solo games."""

    def __init__(self, deck: DeckArrays, deals: np.ndarray) -> None:
        n = len(deals)
        self.deck = deck
        market = deals[:, :MARKET].reshape(n, 6, 3)
        order = np.argsort(deck.sort_key[market], axis=2, kind="stable")
        self.market = np.take_along_axis(market, order, axis=2).astype(np.int16)
        self.stock = deals[:, MARKET:].astype(np.int16)
        self.top = np.zeros(n, dtype=np.int16)
        self.vehicle = np.zeros(n, dtype=np.int8)  # S1: Oceania
        self.hall = np.full((n, N_SPOTS), EMPTY, dtype=np.int16)
        self.depot = np.full((n, DEPOT), EMPTY, dtype=np.int16)
        self.n_depot = np.zeros(n, dtype=np.int8)
        self.active = np.ones(n, dtype=bool)
        # per spot, the years a card may have there (R11, R14, R16/D7), kept up to date
        self.low = np.full((n, N_SPOTS), 1900, dtype=np.int16)
        self.high = np.full((n, N_SPOTS), 1999, dtype=np.int16)
        self.colours = np.zeros((n, len(SIZES)), dtype=np.int16)  # coloured continents per showcase


def _showcase_bounds(deck: DeckArrays, block: np.ndarray, s: int) -> tuple[np.ndarray, np.ndarray]:
    """Bounds on the year of a card at each spot of showcase ``s`` (rows of ``block``).

    A left pass carries the interval of years the previous filled card may take (its own
    year, or Einstein's interval, R16/D7), a right pass the same from the right; on a path
    of neighbour constraints this decides every spot exactly. Bounds are clipped to
    1900–1999, so Einstein fits where low ≤ high and a dated card where low ≤ year ≤ high.
    """
    n, size = block.shape
    step = STEP[s]
    filled = block >= 0
    years = deck.year[np.maximum(block, 0)].astype(np.int32)
    einstein = filled & (years < 0)
    any_filled = filled.any(axis=0).tolist()
    low = np.empty((n, size), dtype=np.int32)
    high = np.empty((n, size), dtype=np.int32)
    lo = np.full(n, -BIG, dtype=np.int32)
    hi = np.full(n, -BIG, dtype=np.int32)
    q = np.full(n, -1, dtype=np.int32)
    for j in range(size):
        low[:, j] = lo + 1
        high[:, j] = np.where(q < 0, BIG, hi + step * (j - q)) if step is not None else BIG
        if not any_filled[j]:
            continue
        f, e, y = filled[:, j], einstein[:, j], years[:, j]
        reach = np.where(q < 0, 1999, hi + step * (j - q)) if step is not None else 1999
        lo = np.where(f, np.where(e, np.maximum(lo + 1, 1900), y), lo)
        hi = np.where(f, np.where(e, np.minimum(reach, 1999), y), hi)
        q = np.where(f, j, q)
    lo = np.full(n, BIG, dtype=np.int32)
    hi = np.full(n, BIG, dtype=np.int32)
    r = np.full(n, -1, dtype=np.int32)
    for j in range(size - 1, -1, -1):
        high[:, j] = np.minimum(high[:, j], hi - 1)
        if step is not None:
            low[:, j] = np.maximum(low[:, j], np.where(r < 0, -BIG, lo - step * (r - j)))
        if not any_filled[j]:
            continue
        f, e, y = filled[:, j], einstein[:, j], years[:, j]
        reach = np.where(r < 0, 1900, lo - step * (r - j)) if step is not None else 1900
        new_lo = np.where(e, np.maximum(reach, 1900), y)
        new_hi = np.where(e, np.minimum(hi - 1, 1999), y)
        lo, hi, r = np.where(f, new_lo, lo), np.where(f, new_hi, hi), np.where(f, j, r)
    return np.clip(low, 1900, 2000).astype(np.int16), np.clip(high, 1899, 1999).astype(np.int16)


def _plain_bounds(deck: DeckArrays, block: np.ndarray, s: int) -> tuple[np.ndarray, np.ndarray]:
    """:func:`_showcase_bounds` for showcases without Einstein: every filled card has one
    year, so the nearest neighbours are running maxima and minima."""
    n, size = block.shape
    filled = block >= 0
    years = deck.year[np.maximum(block, 0)].astype(np.int32)
    index = np.arange(size, dtype=np.int32)
    before = np.full((n, size), 1899, dtype=np.int32)
    after = np.full((n, size), 2000, dtype=np.int32)
    before[:, 1:] = np.maximum.accumulate(np.where(filled, years, 1899), axis=1)[:, :-1]
    after[:, :-1] = np.minimum.accumulate(np.where(filled, years, 2000)[:, ::-1], axis=1)[:, ::-1][:, 1:]
    low, high = before + 1, after - 1
    step = STEP[s]
    if step is not None:
        left_at = np.full((n, size), -1, dtype=np.int32)
        right_at = np.full((n, size), -1, dtype=np.int32)
        left_at[:, 1:] = np.maximum.accumulate(np.where(filled, index, -1), axis=1)[:, :-1]
        nearest = np.minimum.accumulate(np.where(filled, index, BIG)[:, ::-1], axis=1)[:, ::-1][:, 1:]
        right_at[:, :-1] = np.where(nearest >= BIG, -1, nearest)
        high = np.where(left_at >= 0, np.minimum(high, before + step * (index - left_at)), high)
        low = np.where(right_at >= 0, np.maximum(low, after - step * (right_at - index)), low)
    return np.clip(low, 1900, 2000).astype(np.int16), np.clip(high, 1899, 1999).astype(np.int16)


def _update_bounds(g: _Games, rows: np.ndarray, spots: np.ndarray) -> None:
    """Recompute the bounds of the showcase each game just placed a card in."""
    showcase = SHOWCASE_OF[spots]
    for s, (start, size) in enumerate(zip(STARTS, SIZES)):
        changed = rows[showcase == s]
        if not len(changed) or size == 1:
            continue  # a one-spot showcase is full once placed in
        block = g.hall[changed, start : start + size]
        einstein = (block == g.deck.einstein).any(axis=1)
        low, high = _plain_bounds(g.deck, block, s)
        if einstein.any():
            low[einstein], high[einstein] = _showcase_bounds(g.deck, block[einstein], s)
        g.low[changed, start : start + size] = low
        g.high[changed, start : start + size] = high


def _fits_fast(g: _Games, rows: np.ndarray, card: np.ndarray) -> np.ndarray:
    """(games, 16) mask: where each game's card may go (R11–R14, R16, D7)."""
    deck = g.deck
    low, high = g.low[rows], g.high[rows]
    year = deck.year[card][:, None]
    year = np.where(year < 0, low, year)  # Einstein fits wherever some year does
    colour = deck.continent[card].astype(np.int16)[:, None]
    coloured = colour < WHITE
    bit = np.where(coloured, np.left_shift(1, np.minimum(colour, 5)), 0).astype(np.int16)
    masks = g.colours[rows][:, SHOWCASE_OF]
    same = SAME_SPOT[None, :]
    clash = np.where(same, (masks != 0) & (masks != bit), (masks & bit) != 0) & coloured
    return (g.hall[rows] < 0) & (low <= year) & (year <= high) & ~clash


def _sorted_triples(column: np.ndarray, deck: DeckArrays) -> np.ndarray:
    """Each row's three cards in market order (year, Einstein last, empty places after):
    a three-comparator sorting network, cheaper than argsort on rows of three."""
    cards = [column[:, k].copy() for k in range(3)]
    keys = [deck.sort_key[np.where(c >= 0, c, N_CARDS)] for c in cards]
    for i, j in ((0, 1), (1, 2), (0, 1)):
        swap = keys[i] > keys[j]
        keys[i], keys[j] = np.where(swap, keys[j], keys[i]), np.where(swap, keys[i], keys[j])
        cards[i], cards[j] = np.where(swap, cards[j], cards[i]), np.where(swap, cards[i], cards[j])
    return np.stack(cards, axis=1)


def _choose(mask: np.ndarray, rng: np.random.Generator, weights: np.ndarray | None = None) -> np.ndarray:
    """One True column per row: uniform, or the best weight (first on ties)."""
    if weights is not None:
        return np.argmax(np.where(mask, weights, -np.inf), axis=1)
    counts = mask.sum(axis=1)
    k = (rng.random(len(mask)) * counts).astype(np.int64)
    return np.argmax(mask.cumsum(axis=1, dtype=np.int8) > k[:, None], axis=1)


def _placement_weights(g: _Games, rows: np.ndarray, card: np.ndarray) -> np.ndarray:
    """Greedy preferences over the 16 spots, the Depot and ending: near 1950 in Mid
    Century, old left and young right in the Years Gap, otherwise the tightest window."""
    year = g.deck.year[card].astype(np.float64)
    year = np.where(year < 0, 1950.0, year)
    width = np.clip(g.high[rows] - g.low[rows] + 1, 1, 101).astype(np.float64)
    weights = 2.0 - width / 60.0
    weights[:, MID_SPOT] = 4.0 - np.abs(year - 1950) / 3.0
    weights[:, GAP_SPOTS[0]] = (1935 - year) / 8.0
    weights[:, GAP_SPOTS[1]] = (year - 1965) / 8.0
    return np.hstack([weights, np.full((len(card), 1), -1.5), np.full((len(card), 1), -9.0)])


def _play_chunk(
    deck: DeckArrays, deals: np.ndarray, rng: np.random.Generator, policy: str, record: bool
) -> tuple[_Games, np.ndarray | None]:
    g = _Games(deck, deals)
    n = len(deals)
    log = np.full((n, 64, 3), EMPTY, dtype=np.int16) if record else None
    turn = 0
    rows = np.arange(n)
    while len(rows):
        market = g.market[rows].reshape(len(rows), MARKET)
        here = g.market[rows, g.vehicle[rows]]  # (m, 3)
        has_here = (here >= 0).any(axis=1)
        slot_continent = np.repeat(np.arange(6), 3)[None, :]
        takeable = (market >= 0) & (~has_here[:, None] | (slot_continent == g.vehicle[rows][:, None]))
        if policy == "greedy":
            flexibility = np.stack(
                [_fits_fast(g, rows, np.maximum(market[:, k], 0)).sum(axis=1) for k in range(MARKET)], axis=1
            ).astype(np.float64)
            near = np.abs(np.where(deck.year[np.maximum(market, 0)] < 0, 1950, deck.year[np.maximum(market, 0)]) - 1950)
            slot = _choose(takeable, rng, flexibility - near / 50.0)
        else:
            # cards at a continent sit first (empty places sort last), so the k-th card of
            # the vehicle's continent is slot 3·continent + k; an empty continent (R7) falls
            # back to a choice over the whole tile
            count_here = (here >= 0).sum(axis=1)
            slot = g.vehicle[rows].astype(np.int64) * 3 + (rng.random(len(rows)) * count_here).astype(np.int64)
            anywhere = ~has_here
            if anywhere.any():
                slot[anywhere] = _choose(takeable[anywhere], rng)
        card = market[np.arange(len(rows)), slot].astype(np.int16)
        taken_at = slot // 3
        g.market[rows, taken_at, slot % 3] = EMPTY
        colour = deck.continent[card]
        white = colour == WHITE
        move = np.where(white, (rng.random(len(rows)) * 6).astype(np.int8), colour).astype(np.int8)
        if policy == "greedy":
            move = np.where(white, taken_at, move).astype(np.int8)  # stay: the tile there is known
        g.vehicle[rows] = move
        # R9: the top stock card refills the continent the card came from
        has_stock = g.top[rows] < g.stock.shape[1]
        refill_rows = rows[has_stock]
        top = g.stock[refill_rows, g.top[refill_rows]]
        g.market[refill_rows, taken_at[has_stock], slot[has_stock] % 3] = top
        g.top[refill_rows] += 1
        g.market[rows, taken_at] = _sorted_triples(g.market[rows, taken_at], deck)
        # R10: place
        fits = _fits_fast(g, rows, card)
        can_depot = g.n_depot[rows] < DEPOT
        must_end_option = ~fits.any(axis=1)
        options = np.hstack([fits, can_depot[:, None], must_end_option[:, None]])
        weights = _placement_weights(g, rows, card) if policy == "greedy" else None
        choice = _choose(options, rng, weights)
        spot_rows = choice < N_SPOTS
        placed, where = rows[spot_rows], choice[spot_rows]
        g.hall[placed, where] = card[spot_rows]
        placed_colour = deck.continent[card[spot_rows]].astype(np.int16)
        coloured_place = placed_colour < WHITE
        g.colours[placed[coloured_place], SHOWCASE_OF[where[coloured_place]]] |= np.left_shift(
            1, placed_colour[coloured_place]
        ).astype(np.int16)
        _update_bounds(g, placed, where)
        depot_rows = choice == DEPOT_CODE
        g.depot[rows[depot_rows], g.n_depot[rows[depot_rows]]] = card[depot_rows]
        g.n_depot[rows[depot_rows]] += 1
        ended = choice == END_CODE
        if record:
            log[rows, turn, 0] = card
            log[rows, turn, 1] = np.where(white, move, EMPTY)
            log[rows, turn, 2] = choice
        full = (g.hall[rows] >= 0).all(axis=1)
        dry = ~(g.market[rows] >= 0).any(axis=(1, 2))  # D4
        g.active[rows[ended | full | dry]] = False
        rows = rows[g.active[rows]]
        turn += 1
    return g, log


def _score(g: _Games, deck: DeckArrays, rules: SoloRules) -> tuple[np.ndarray, dict[str, np.ndarray], np.ndarray]:
    """Solo scores S1–S7 for finished games (×100 totals and fp per goal)."""
    hall = g.hall
    filled = hall >= 0
    ids = np.maximum(hall, 0)
    years = np.where(filled, deck.year[ids], -1).astype(np.int32)
    colours = np.where(filled, deck.continent[ids], WHITE).astype(np.int32)
    n = len(hall)
    counts = np.stack([(colours == k).sum(axis=1) for k in range(6)], axis=1)
    six = (counts > 0).all(axis=1).astype(np.int32)
    market = g.market.reshape(n, MARKET)
    market_years = np.where(market >= 0, deck.year[np.maximum(market, 0)], -1).astype(np.int32)
    left, right = years[:, GAP_SPOTS[0]], years[:, GAP_SPOTS[1]]
    complete = (left >= 1900) & (right >= 1900)
    dated = market_years >= 1900
    outside = (dated & ((market_years < left[:, None]) | (market_years > right[:, None]))).sum(axis=1)
    gap = np.where(complete, np.maximum(0, 5 - outside), 0)
    focus = counts.max(axis=1)
    dated_hall = years >= 1900
    present = np.zeros((n, 100), dtype=bool)
    r, c = np.nonzero(dated_hall)
    present[r, years[r, c] - 1900] = True
    decades = present.reshape(n, 10, 10).any(axis=2).sum(axis=1)
    # run length at each year: the count so far minus the count at the last gap
    counts_so_far = present.cumsum(axis=1, dtype=np.int16)
    at_gap = np.maximum.accumulate(np.where(present, 0, counts_so_far), axis=1)
    chain = np.maximum((counts_so_far - at_gap).max(axis=1), 1)
    empty = (~filled).sum(axis=1)
    depot = g.n_depot.astype(np.int32)
    mid = years[:, MID_SPOT]
    distance = np.where(mid >= 1900, np.abs(mid - 1950), rules.empty_distance)
    mid_term = rules.base - rules.per_year * distance
    fame = six + gap + focus + decades + chain - empty - depot
    points = {
        "six_continents": six,
        "years_gap": gap,
        "continent_focus": focus,
        "decades": decades,
        "chain": chain,
        "empty_spots": -empty,
        "depot": -depot,
        "mid_century": mid_term / 100,
    }
    return 100 * fame + mid_term, points, np.where(market >= 0, deck.year[np.maximum(market, 0)], -1)


def play_batch(
    n_games: int,
    *,
    policy: str = "random",
    seed: int = 0,
    chunk: int = 10_000,
    record: bool = False,
    solo_rules: SoloRules | None = None,
    deck: tuple[Card, ...] | None = None,
    progress=None,
    keep_games: bool = True,
) -> BatchResult | BatchSummary:
    """Play ``n_games`` solo games in chunks of ``chunk`` games.

    ``policy`` is ``"random"`` (uniform over legal actions) or ``"greedy"`` (a vectorised
    heuristic). ``record=True`` keeps each game's deal and actions for replay.
    ``keep_games=False`` keeps only aggregates (:class:`BatchSummary`), so memory stays
    bounded by one chunk however many games are played. Each chunk draws from a generator
    seeded by ``(seed, first game of the chunk)``.
    """
    if policy not in ("random", "greedy"):
        raise ExhibitionLabError(f"the batch engine plays 'random' or 'greedy', not {policy!r}")
    arrays = DeckArrays.of(deck or standard_deck())
    rules = solo_rules or SoloRules()
    if not keep_games:
        return _play_summary(n_games, policy, seed, chunk, arrays, rules, progress)
    scores, markets, points, deals_out, actions_out, halls_out, depots_out = [], [], {}, [], [], [], []
    for deals, games, log, total, goal_points, market in _chunks(n_games, policy, seed, chunk, arrays, rules, record):
        scores.append(total)
        markets.append(market)
        for goal, values in goal_points.items():
            points.setdefault(goal, []).append(values)
        if record:
            deals_out.append(deals)
            actions_out.append(log)
            halls_out.append(games.hall)
            depots_out.append(games.depot)
        if progress is not None:
            progress(len(deals))
    return BatchResult(
        np.concatenate(scores),
        {goal: np.concatenate(v) for goal, v in points.items()},
        np.concatenate(markets).astype(np.int16),
        np.concatenate(deals_out) if record else None,
        np.concatenate(actions_out) if record else None,
        np.concatenate(halls_out) if record else None,
        np.concatenate(depots_out) if record else None,
    )


def _chunks(n_games, policy, seed, chunk, arrays, rules, record):
    """Deal, play and score one chunk at a time; each chunk has its own generator."""
    for start in range(0, n_games, chunk):
        size = min(chunk, n_games - start)
        rng = np.random.default_rng([seed, start])
        deals = rng.permuted(np.tile(np.arange(N_CARDS, dtype=np.int16), (size, 1)), axis=1)
        games, log = _play_chunk(arrays, deals, rng, policy, record)
        yield (deals, games, log, *_score(games, arrays, rules))


def _play_summary(n_games, policy, seed, chunk, arrays, rules, progress) -> BatchSummary:
    total = total_sq = 0.0
    histogram = np.zeros(len(SCORE_BINS) - 1, dtype=np.int64)
    goal_sums: dict[str, float] = {}
    for deals, _, _, scores, goal_points, _ in _chunks(n_games, policy, seed, chunk, arrays, rules, False):
        total += float(scores.sum())
        total_sq += float((scores.astype(np.float64) ** 2).sum())
        histogram += np.histogram(np.clip(scores, SCORE_BINS[0], SCORE_BINS[-1] - 1), SCORE_BINS)[0]
        for goal, values in goal_points.items():
            goal_sums[goal] = goal_sums.get(goal, 0.0) + float(values.sum())
        if progress is not None:
            progress(len(deals))
    mean = total / n_games
    std = max(total_sq / n_games - mean**2, 0.0) ** 0.5
    return BatchSummary(n_games, mean, std, histogram, SCORE_BINS, {g: v / n_games for g, v in goal_sums.items()})


def replay(result: BatchResult, index: int, deck: tuple[Card, ...] | None = None) -> Game:
    """The scalar :class:`Game` of batched game ``index``, rebuilt from its deal and actions."""
    from .actions import EndExhibition, Move, Place, Take, ToDepot

    if result.deals is None:
        raise ExhibitionLabError("replay needs a result from play_batch(..., record=True)")
    cards = deck or standard_deck()
    ids = result.deals[index]
    sort = DeckArrays.of(cards).sort_key
    market = tuple(tuple(cards[i] for i in sorted(ids[3 * k : 3 * k + 3], key=lambda i: sort[i])) for k in range(6))
    game = Game(["You"], Deal(market, tuple(cards[i] for i in ids[MARKET:])), deck=cards)
    for card, move, place in result.actions[index]:
        if card < 0:
            break
        game.apply(Take(cards[card]))
        if move >= 0:
            game.apply(Move(CONTINENTS[move]))
        if place < N_SPOTS:
            game.apply(Place(int(SHOWCASE_OF[place]), int(place - STARTS[SHOWCASE_OF[place]])))
        elif place == DEPOT_CODE:
            game.apply(ToDepot())
        else:
            game.apply(EndExhibition())
    return game
