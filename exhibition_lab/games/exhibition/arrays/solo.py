"""Solo games in lock-step over numpy arrays (the base layout, full base rules).

Each turn works on every unfinished game at once: the take, the move, the refill and the
placement are array operations, and legality is a boolean mask over the 16 spots. Every
spot keeps the range of years a card may have there (R11, R14, R16/D7) and every showcase
its coloured continents (R12, R13); a placement updates only its own showcase. The batch
engine agrees with the scalar engine card for card: a test replays recorded games through
:class:`~exhibition_lab.games.exhibition.game.Game` to prove it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ....core.errors import ArgumentError, ExhibitionLabError
from ..game import Game
from ..rules.actions import EndExhibition, Move, Place, Take, ToDepot
from ..rules.cards import CONTINENTS, FIRST_YEAR, LAST_YEAR, OPEN_CARDS, TILE_CARDS, Card, standard_deck
from ..rules.deal import Deal
from ..rules.hall import DEPOT_SIZE
from ..rules.layout import Layout, ShowcaseKind
from ..rules.scoring import SOLO_SCALE, SoloRules
from . import engine as lockstep

# Every rule fact below is read from the engine's own definitions (R3, R5, layout data).
LAYOUT = Layout.base()  # the layout this kernel's tables are built for
N_SPOTS = LAYOUT.n_spots
MARKET = TILE_CARDS  # R5: 6 continents × 3 open cards
DEPOT = DEPOT_SIZE  # R3
WHITE = len(CONTINENTS)  # continent code of the white cards (one past the six, R1)
EMPTY = -1
BIG = 10_000  # beyond any year: an open bound
SIZES = LAYOUT.sizes
STARTS = tuple(int(x) for x in np.cumsum((0, *SIZES[:-1])))
SHOWCASE_OF = np.repeat(np.arange(len(SIZES)), SIZES)
STEP = tuple(kind.max_step for kind in LAYOUT)  # R14 on One Era
SAME = tuple(kind.same_continent for kind in LAYOUT)  # R13 on One Continent
MID_SPOT = STARTS[LAYOUT.index("mid_century")]
PAIR_SHOWCASE = next(s for s, kind in enumerate(LAYOUT) if kind.scoring is not None)
PAIR_GOAL = LAYOUT[PAIR_SHOWCASE].scoring  # R20/S4 on Years Gap
GAP_SPOTS = (STARTS[PAIR_SHOWCASE], STARTS[PAIR_SHOWCASE] + SIZES[PAIR_SHOWCASE] - 1)
DEPOT_CODE, END_CODE = N_SPOTS, N_SPOTS + 1
LOG_FIELDS = 3  # a logged turn: taken card, move (or −1), placement code
SAME_SPOT = np.array(SAME)[SHOWCASE_OF]
SAME_SHOWCASE = SHOWCASE_OF[:, None] == SHOWCASE_OF[None, :]
ERA_STEP = np.array([STEP[s] or 0 for s in SHOWCASE_OF], dtype=np.int16)
SLOT_CONTINENT = np.repeat(np.arange(len(CONTINENTS)), OPEN_CARDS)
ALL_COLOURS = np.int16((1 << len(CONTINENTS)) - 1)
FILLED = BIG // 2  # the low bound of a filled spot: no year fits there
NO_SPOT = N_SPOTS  # row of the offset tables for a turn that placed nothing
MAX_TURNS = N_SPOTS + DEPOT + 1  # hall, Depot, and the turn that ends the exhibition
DEALT = MARKET + MAX_TURNS  # the cards of a deal a solo game can ever see
N_CARDS = len(standard_deck())  # R2
N_YEARS = LAST_YEAR - FIRST_YEAR + 1
DECADE = 10  # R22: a decade is ten years (1900–1909, …), by definition not by rule


def _refuse_unmodelled(layout: Layout) -> None:
    """The kernel's tables model exactly the base layout's requirements (R11–R14, R16):
    any other showcase, or a new property of one, is refused loudly rather than ignored."""
    if layout != LAYOUT:
        raise ArgumentError(
            f"the batch engine's solo kernel plays the base layout only, not {layout!r} "
            "(its tables model R11–R14 and R16, no variation)",
            rule="R11",
        )
    _refuse_unmodelled_kinds(layout)


def _refuse_unmodelled_kinds(layout: Layout) -> None:
    modelled = {"key", "name", "size", "rule", "distinct_continents", "same_continent", "max_step", "scoring"}
    defaults = ShowcaseKind("", "", 1, "")
    for kind in layout:
        for name in kind.__slots__:
            if name not in modelled and getattr(kind, name) != getattr(defaults, name):
                raise ArgumentError(f"the batch engine does not model {kind.name}'s property {name!r}")
        if kind.distinct_continents == kind.same_continent:
            raise ArgumentError(
                f"the batch engine models R12 or R13 on each showcase, not {kind.name}'s mix", rule="R12"
            )
        if kind.scoring not in (None, "years_gap") or kind.size > len(CONTINENTS):
            raise ArgumentError(f"the batch engine does not model {kind.name} ({kind.scoring}, {kind.size} spots)")


_refuse_unmodelled(LAYOUT)


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
            raise ArgumentError(f"the batch engine plays a deck of {N_CARDS} cards with one Einstein (R2)", rule="R2")
        year = np.array([-1 if c.year is None else c.year for c in cards], dtype=np.int16)
        continent = np.array([WHITE if c.continent is None else c.continent.index for c in cards], dtype=np.int8)
        key = np.where(year < 0, BIG - 1, year).astype(np.int16)  # R5: Einstein sorts last
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


SCORE_BINS = np.arange(-10_200, 3_001, SOLO_SCALE)  # display bins, clipped at both ends


class _Games:
    """The unfinished games of a chunk, one row each; rows are dropped as games end.

    Besides the cards, every row keeps per spot the range of years a card may have there
    (R11, R14, R16/D7; a filled spot gets an impossible range) and the continents already
    coloured in its showcase (R12, R13), so legality is a handful of array comparisons.
    """

    def __init__(
        self,
        deck: DeckArrays,
        market: np.ndarray,
        stock: np.ndarray,
        hall: np.ndarray | None = None,
        depot: np.ndarray | None = None,
        vehicle: np.ndarray | None = None,
    ) -> None:
        n = len(market)
        self.deck = deck
        self.index = np.arange(n)  # the row's game in the chunk
        self.market = market.reshape(n, MARKET).astype(np.int16)  # slot 3·continent + k
        self.stock = stock.astype(np.int16)
        self.top = 0  # every row draws one stock card a turn, so one counter serves all
        self.vehicle = np.zeros(n, dtype=np.int8) if vehicle is None else vehicle.astype(np.int8)  # S1: Oceania
        self.hall = np.full((n, N_SPOTS), EMPTY, dtype=np.int16) if hall is None else hall.astype(np.int16)
        self.depot = np.full((n, DEPOT), EMPTY, dtype=np.int16) if depot is None else depot.astype(np.int16)
        self.n_depot = (self.depot >= 0).sum(axis=1).astype(np.int8)
        self.n_filled = (self.hall >= 0).sum(axis=1).astype(np.int8)
        # Einstein's spot (NO_SPOT while it is not in the hall) and its interval of years (D7)
        self.einstein_spot = np.full(n, NO_SPOT, dtype=np.int8)
        self.einstein_low = np.full(n, -BIG, dtype=np.int16)
        self.einstein_high = np.full(n, BIG, dtype=np.int16)
        if hall is None:  # a new game: every year fits everywhere
            self.low = np.full((n, N_SPOTS), FIRST_YEAR, dtype=np.int16)
            self.high = np.full((n, N_SPOTS), LAST_YEAR, dtype=np.int16)
            self.colours = np.zeros((n, N_SPOTS), dtype=np.int16)
            return
        self.low, self.high = hall_bounds(deck, self.hall)
        self.colours = spot_colours(deck, self.hall)
        on_spot = self.hall == deck.einstein
        rows = np.flatnonzero(on_spot.any(axis=1))
        spots = on_spot[rows].argmax(axis=1)
        # Einstein may take exactly the years an empty spot in its place could take
        without = self.hall[rows].copy()
        without[np.arange(len(rows)), spots] = EMPTY
        low, high = hall_bounds(deck, without)
        self.einstein_spot[rows] = spots
        self.einstein_low[rows] = low[np.arange(len(rows)), spots]
        self.einstein_high[rows] = high[np.arange(len(rows)), spots]

    @property
    def size(self) -> int:
        return len(self.index)

    PER_ROW = (
        "index", "market", "stock", "vehicle", "hall", "depot", "n_depot", "n_filled",
        "low", "high", "colours", "einstein_spot", "einstein_low", "einstein_high",
    )  # fmt: skip

    def keep(self, rows: np.ndarray) -> None:
        """Drop every row not in the boolean mask ``rows``."""
        for name in self.PER_ROW:
            setattr(self, name, getattr(self, name)[rows])


@dataclass
class _Finished:
    """The final state of every game of a chunk, filled in as games end."""

    hall: np.ndarray
    depot: np.ndarray
    n_depot: np.ndarray
    market: np.ndarray

    @classmethod
    def empty(cls, n: int) -> _Finished:
        return cls(
            np.full((n, N_SPOTS), EMPTY, dtype=np.int16),
            np.full((n, DEPOT), EMPTY, dtype=np.int16),
            np.zeros(n, dtype=np.int8),
            np.full((n, MARKET), EMPTY, dtype=np.int16),
        )

    def store(self, g: _Games, rows: np.ndarray) -> None:
        at = g.index[rows]
        self.hall[at], self.depot[at], self.n_depot[at], self.market[at] = (
            g.hall[rows],
            g.depot[rows],
            g.n_depot[rows],
            g.market[rows],
        )


def hall_bounds(deck: DeckArrays, hall: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per spot, the lowest and highest year a card may have there; filled spots get an
    empty range (low above the last year), so "fits" needs no separate emptiness test."""
    n = len(hall)
    low = np.full((n, N_SPOTS), FIRST_YEAR, dtype=np.int16)
    high = np.full((n, N_SPOTS), LAST_YEAR, dtype=np.int16)
    for s, (start, size) in enumerate(zip(STARTS, SIZES)):
        if size > 1:
            low[:, start : start + size], high[:, start : start + size] = _showcase_bounds(
                deck, hall[:, start : start + size], s
            )
    low[hall >= 0] = FILLED
    return low, high


def spot_colours(deck: DeckArrays, hall: np.ndarray) -> np.ndarray:
    """Per spot, the continents coloured in its showcase, as bits (R12, R13)."""
    colour = deck.continent[np.maximum(hall, 0)].astype(np.int16)
    bits = np.where((hall >= 0) & (colour < WHITE), np.left_shift(1, np.minimum(colour, WHITE - 1)), 0).astype(np.int16)
    per_showcase = np.stack(
        [np.bitwise_or.reduce(bits[:, start : start + size], axis=1) for start, size in zip(STARTS, SIZES)], axis=1
    )
    return per_showcase[:, SHOWCASE_OF]


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
        reach = np.where(q < 0, LAST_YEAR, hi + step * (j - q)) if step is not None else LAST_YEAR
        lo = np.where(f, np.where(e, np.maximum(lo + 1, FIRST_YEAR), y), lo)
        hi = np.where(f, np.where(e, np.minimum(reach, LAST_YEAR), y), hi)
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
        reach = np.where(r < 0, FIRST_YEAR, lo - step * (r - j)) if step is not None else FIRST_YEAR
        new_lo = np.where(e, np.maximum(reach, FIRST_YEAR), y)
        new_hi = np.where(e, np.minimum(hi - 1, LAST_YEAR), y)
        lo, hi, r = np.where(f, new_lo, lo), np.where(f, new_hi, hi), np.where(f, j, r)
    clipped_low = np.clip(low, FIRST_YEAR, LAST_YEAR + 1)
    return clipped_low.astype(np.int16), np.clip(high, FIRST_YEAR - 1, LAST_YEAR).astype(np.int16)


def _offset_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """What placing a dated card of year y at spot p does to the bounds of spot j, as
    ``low = max(low, y + LOW[p, j])`` and ``high = min(high, y + HIGH[p, j])``.

    Spots to the left must be older and spots to the right younger (R11); in One Era they
    must also stay within 10 years per spot (R14); the spot itself is filled. In a legal
    hall the nearest filled card on each side is the tightest constraint, so these running
    min/max updates give exactly what a full recomputation would. Einstein's interval
    [lo, hi] acts the same way through ``lo + LOW[e]`` and ``hi + HIGH[e]`` (R16/D7).
    Row and column ``NO_SPOT`` change nothing; ``SPREAD[p]`` marks the spots sharing p's
    showcase (for R12/R13 colours).
    """
    low = np.full((N_SPOTS + 1, N_SPOTS + 1), -BIG, dtype=np.int16)
    high = np.full((N_SPOTS + 1, N_SPOTS + 1), BIG, dtype=np.int16)
    for p in range(N_SPOTS):
        for j in range(N_SPOTS):
            if not SAME_SHOWCASE[p, j]:
                continue
            step = int(ERA_STEP[j])
            if j < p:
                high[p, j] = -1
                low[p, j] = -step * (p - j) if step else -BIG
            elif j > p:
                low[p, j] = 1
                high[p, j] = step * (j - p) if step else BIG
            else:
                low[p, j] = BIG
    spread = np.vstack([SAME_SHOWCASE, np.zeros((1, N_SPOTS), dtype=bool)]).astype(np.int16)
    return low, high, spread


LOW_TO, HIGH_TO, SPREAD = _offset_tables()  # [p, j]: p and j may be NO_SPOT
LOW_OFFSET, HIGH_OFFSET = LOW_TO[:, :N_SPOTS], HIGH_TO[:, :N_SPOTS]  # rows for the 16 spots


def _place(g: _Games, cards: np.ndarray, choice: np.ndarray) -> None:
    """Put each row's card where ``choice`` says: a spot, the Depot (R10) or nowhere."""
    deck = g.deck
    on_spot = choice < N_SPOTS
    einstein = on_spot & (cards == deck.einstein)
    dated_spot = np.where(on_spot & ~einstein, choice, NO_SPOT)
    year = deck.year[cards]
    g.low = np.maximum(g.low, year[:, None] + LOW_OFFSET[dated_spot])
    g.high = np.minimum(g.high, year[:, None] + HIGH_OFFSET[dated_spot])
    # a dated card narrows Einstein's interval like any empty spot's (a no-op elsewhere) …
    g.einstein_low = np.maximum(g.einstein_low, year + LOW_TO[dated_spot, g.einstein_spot])
    g.einstein_high = np.minimum(g.einstein_high, year + HIGH_TO[dated_spot, g.einstein_spot])
    # … Einstein placed now takes the interval of its empty spot …
    placed = np.flatnonzero(einstein)
    spot = choice[placed]
    g.einstein_spot[placed] = spot
    g.einstein_low[placed], g.einstein_high[placed] = g.low[placed, spot], g.high[placed, spot]
    # … and the interval bounds the spots around it (this also marks its spot filled)
    rows = np.flatnonzero(g.einstein_spot < NO_SPOT)
    if len(rows):
        spot = g.einstein_spot[rows]
        g.low[rows] = np.maximum(g.low[rows], g.einstein_low[rows, None] + LOW_OFFSET[spot])
        g.high[rows] = np.minimum(g.high[rows], g.einstein_high[rows, None] + HIGH_OFFSET[spot])
    g.colours |= SPREAD[np.where(on_spot, choice, NO_SPOT)] * COLOUR_BIT[deck.continent[cards]][:, None]
    g.n_filled += on_spot
    placed = np.flatnonzero(on_spot)
    g.hall[placed, choice[placed]] = cards[placed]
    to_depot = np.flatnonzero(choice == DEPOT_CODE)
    g.depot[to_depot, g.n_depot[to_depot]] = cards[to_depot]
    g.n_depot[to_depot] += 1


def _fits(g: _Games, cards: np.ndarray) -> np.ndarray:
    """(rows, 16) mask: where each row's card may go (R11–R14, R16, D7)."""
    deck = g.deck
    year = deck.year[cards][:, None]
    fits = (g.low <= year) & (year <= g.high) & ((g.colours & FORBIDDEN[deck.continent[cards]]) == 0)
    einstein = np.flatnonzero(cards == deck.einstein)
    if len(einstein):
        fits[einstein] = g.low[einstein] <= g.high[einstein]  # some year fits (D7)
    return fits


def _forbidden_colours() -> np.ndarray:
    """Per continent code and spot, the coloured continents that rule the spot out: its
    own continent elsewhere (R12), any other in One Continent (R13); white cards, none."""
    table = np.zeros((WHITE + 1, N_SPOTS), dtype=np.int16)
    for colour in range(WHITE):
        bit = 1 << colour
        table[colour] = np.where(SAME_SPOT, ALL_COLOURS & ~bit, bit)
    return table


FORBIDDEN = _forbidden_colours()
COLOUR_BIT = np.array([1 << c for c in range(WHITE)] + [0], dtype=np.int16)
_PACK = np.uint64(0x0102040810204080)


def _bits(mask: np.ndarray) -> np.ndarray:
    """A (rows, 16) boolean mask as one uint16 per row (bit j = column j).

    Multiplying eight 0/1 bytes by a magic constant gathers them into the top byte, which
    is far cheaper than a per-row reduction over 16 columns.
    """
    words = (np.ascontiguousarray(mask).view(np.uint64) * _PACK) >> np.uint64(56)
    return (words[:, 0] | (words[:, 1] << np.uint64(8))).astype(np.intp)


def _select_table() -> np.ndarray:
    """``SELECT[mask, k]``: the column of the k-th set bit of a 16-bit mask."""
    masks = np.arange(1 << N_SPOTS)[:, None]
    bits = (masks >> np.arange(N_SPOTS)) & 1
    rank = np.cumsum(bits, axis=1) - 1
    table = np.zeros((1 << N_SPOTS, N_SPOTS), dtype=np.int8)
    rows, cols = np.nonzero(bits)
    table[rows, rank[rows, cols]] = cols
    return table


SELECT = _select_table()


def _best(mask: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """Per row, the True column of highest weight (the first on ties)."""
    return np.argmax(np.where(mask, weights, -np.inf), axis=1)


def _random_placement(g: _Games, fits: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Uniform over the legal placements: the fitting spots, then the Depot (R10), then
    ending the exhibition, which is legal only when no spot fits (D2)."""
    mask = _bits(fits)
    n_fits = np.bitwise_count(mask)
    can_depot = g.n_depot < DEPOT
    k = (rng.random(g.size) * (n_fits + can_depot + (n_fits == 0))).astype(np.intp)
    spot = SELECT[mask, np.minimum(k, N_SPOTS - 1)]
    return np.where(k < n_fits, spot, np.where((k == n_fits) & can_depot, DEPOT_CODE, END_CODE))


def _heuristic_placement(g: _Games, fits: np.ndarray, cards: np.ndarray) -> np.ndarray:
    options = np.hstack([fits, (g.n_depot < DEPOT)[:, None], ~fits.any(axis=1)[:, None]])
    return _best(options, _placement_weights(g, cards))


def _placement_weights(g: _Games, cards: np.ndarray) -> np.ndarray:
    """The batch heuristic's preferences (:func:`exhibition_lab.games.exhibition.arrays.engine.placement_weights`)."""
    return lockstep.placement_weights(g.low, g.high, g.deck.year[cards], MID_SPOT, GAP_SPOTS)


def _random_take(g: _Games, rng: np.random.Generator) -> np.ndarray:
    # In solo every take is refilled from a stock that cannot run dry (83 cards, at most
    # 20 turns), so each continent always holds three cards and the vehicle's three are
    # slots 3·continent + 0…2 (R7's empty continent never arises).
    return g.vehicle.astype(np.int64) * OPEN_CARDS + (rng.random(g.size) * OPEN_CARDS).astype(np.int64)


def _heuristic_take(g: _Games) -> np.ndarray:
    flexibility = np.stack([_fits(g, g.market[:, k]).sum(axis=1) for k in range(MARKET)], axis=1)
    takeable = SLOT_CONTINENT[None, :] == g.vehicle[:, None]
    return lockstep.take_choice(takeable, flexibility, g.market, g.deck.year)


@dataclass(frozen=True)
class _Turn:
    """What each row did in one turn (for the log and for forced first turns)."""

    slot: np.ndarray  # market slot taken
    move: np.ndarray  # continent the vehicle moved to
    choice: np.ndarray  # spot 0…15, DEPOT_CODE or END_CODE


def _play_turn(
    g: _Games, rng: np.random.Generator, policy: str, forced: _Turn | None = None
) -> tuple[_Turn, np.ndarray]:
    """One turn for every row (R7–R10); returns what was played and the taken cards."""
    deck = g.deck
    rows = np.arange(g.size)
    if forced is not None:
        slot = forced.slot
    elif policy == "heuristic":
        slot = _heuristic_take(g)
    else:
        slot = _random_take(g, rng)
    card = g.market[rows, slot]
    colour = deck.continent[card]
    white = colour == WHITE
    if forced is not None:
        move = forced.move
    elif policy == "heuristic":
        move = np.where(white, slot // OPEN_CARDS, colour)  # stay: the tile there is known
    else:
        move = np.where(white, (rng.random(g.size) * len(CONTINENTS)).astype(np.int8), colour)
    g.vehicle = move.astype(np.int8)
    g.market[rows, slot] = g.stock[:, g.top]  # R9: refill the continent taken from
    g.top += 1
    if forced is not None:
        choice = forced.choice
    else:
        fits = _fits(g, card)
        choice = _heuristic_placement(g, fits, card) if policy == "heuristic" else _random_placement(g, fits, rng)
    _place(g, card, choice)
    return _Turn(slot, move, choice), card


def _play_out(
    g: _Games,
    rng: np.random.Generator,
    policy: str,
    *,
    forced: _Turn | None = None,
    log: np.ndarray | None = None,
) -> _Finished:
    """Play every row to its end (D2: ending, D3: a full hall); returns the final states."""
    finished = _Finished.empty(g.size)
    live = np.ones(g.size, dtype=bool)
    turn = 0
    while g.size:
        if turn >= MAX_TURNS:
            raise ExhibitionLabError("a solo game outlasted its 20 possible turns; the batch state is corrupt")
        played, card = _play_turn(g, rng, policy, forced if turn == 0 else None)
        if log is not None:
            at = g.index[live]
            log[at, turn, 0] = card[live]
            log[at, turn, 1] = np.where(g.deck.continent[card] == WHITE, played.move, EMPTY)[live]
            log[at, turn, 2] = played.choice[live]
        done = live & ((played.choice == END_CODE) | (g.n_filled == N_SPOTS))
        if done.any():
            finished.store(g, done)
            live &= ~done
            # Finished rows play on, harmlessly, until dropping them is worth a copy of
            # every array (they cannot outlast the 20 turns the stock is dealt for).
            if 4 * np.count_nonzero(live) <= 3 * len(live):
                g.keep(live)
                live = live[live]
        turn += 1
    market = finished.market.reshape(-1, OPEN_CARDS)
    finished.market = _sorted_triples(market, g.deck).reshape(-1, MARKET)
    return finished


def _sorted_triples(triples: np.ndarray, deck: DeckArrays) -> np.ndarray:
    """Each row's three cards in market order (year, Einstein last, empty places after):
    a three-comparator sorting network, cheaper than argsort on rows of three."""
    assert OPEN_CARDS == 3, "the sorting network below sorts triples (R5)"
    cards = [triples[:, k].copy() for k in range(OPEN_CARDS)]
    keys = [deck.sort_key[np.where(c >= 0, c, N_CARDS)] for c in cards]
    for i, j in ((0, 1), (1, 2), (0, 1)):
        swap = keys[i] > keys[j]
        keys[i], keys[j] = np.where(swap, keys[j], keys[i]), np.where(swap, keys[i], keys[j])
        cards[i], cards[j] = np.where(swap, cards[j], cards[i]), np.where(swap, cards[i], cards[j])
    return np.stack(cards, axis=1)


def deal(rng: np.random.Generator, n_games: int) -> np.ndarray:
    """(games, 101) shuffled card ids: the 18 market cards, then the stock from its top.

    A partial Fisher–Yates shuffle: only the first 38 places (market and the at most 20
    cards a solo game can draw) are drawn uniformly; the rest keep a valid but unshuffled
    order, which no solo game reaches.
    """
    # card-major layout: each step swaps within one contiguous row of n_games entries
    deals = np.repeat(np.arange(N_CARDS, dtype=np.int16), n_games)
    games = np.arange(n_games)
    u = rng.random((DEALT, n_games))
    for i in range(DEALT):
        at = (i + (u[i] * (N_CARDS - i)).astype(np.intp)) * n_games + games
        here = deals[i * n_games : (i + 1) * n_games]
        picked = deals[at]
        deals[at] = here
        here[:] = picked
    return np.ascontiguousarray(deals.reshape(N_CARDS, n_games).T)


def _play_chunk(
    deck: DeckArrays, deals: np.ndarray, rng: np.random.Generator, policy: str, record: bool
) -> tuple[_Finished, np.ndarray | None]:
    g = _Games(deck, deals[:, :MARKET], deals[:, MARKET:DEALT])
    log = np.full((len(deals), MAX_TURNS, LOG_FIELDS), EMPTY, dtype=np.int16) if record else None
    return _play_out(g, rng, policy, log=log), log


def play_out(
    market: np.ndarray,
    stock: np.ndarray,
    hall: np.ndarray,
    depot: np.ndarray,
    vehicle: np.ndarray,
    *,
    first_turn: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None,
    policy: str = "heuristic",
    rng: np.random.Generator,
    solo_rules: SoloRules | None = None,
    deck: DeckArrays | None = None,
) -> np.ndarray:
    """Finish solo games from given positions (one row each, at the start of a turn) and
    return their ×100 solo totals: the rollouts of the search bot.

    ``market`` holds card ids by slot 3·continent + k, ``stock`` each row's stock from its
    top (enough cards for the turns left), ``hall``/``depot`` card ids or −1, ``vehicle``
    the continent index. ``first_turn`` = (slots, moves, choices) plays each row's first
    turn as given (choices: spot 0–15, ``DEPOT_CODE`` or ``END_CODE``); the caller
    guarantees those are legal. Later turns follow ``policy``.
    """
    arrays = deck or DeckArrays.of(standard_deck())
    rows = len(market)
    shapes = {"market": (market, MARKET), "hall": (hall, N_SPOTS), "depot": (depot, DEPOT)}
    for name, (array, width) in shapes.items():
        if np.shape(array) != (rows, width):
            raise ArgumentError(f"play_out: {name} must have shape ({rows}, {width}), not {np.shape(array)}")
    turns_left = (N_SPOTS - (np.asarray(hall) >= 0).sum(axis=1)) + (DEPOT - (np.asarray(depot) >= 0).sum(axis=1)) + 1
    if np.shape(stock)[0] != rows or np.shape(stock)[1] < turns_left.max(initial=0):
        raise ArgumentError(
            f"play_out: stock needs {rows} rows of at least {turns_left.max(initial=0)} cards (one per turn left)"
        )
    g = _Games(arrays, market, stock, hall, depot, vehicle)
    forced = None if first_turn is None else _Turn(*(np.asarray(a, dtype=np.intp) for a in first_turn))
    finished = _play_out(g, rng, policy, forced=forced)
    return _score(finished, arrays, solo_rules or SoloRules())[0]


def _score(g: _Finished, deck: DeckArrays, rules: SoloRules) -> tuple[np.ndarray, dict[str, np.ndarray], np.ndarray]:
    """Solo scores S1–S7 for finished games (×100 totals and fp per goal), scored by the
    batch engine's one scoring function (:func:`exhibition_lab.games.exhibition.arrays.engine.score`)."""
    n = len(g.hall)
    final = lockstep.BatchGames.empty(lockstep.tables(LAYOUT, 1), lockstep.deck_arrays(deck.cards), n, 1, False)
    final.hall, final.n_depot, final.market = g.hall, g.n_depot, g.market.reshape(n, MARKET)
    scores = lockstep.score(final, rules)
    points = {goal: values[:, 0] for goal, values in scores.points.items()}
    return scores.totals[:, 0], points, scores.markets


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
    first_game: int = 0,
) -> BatchResult | BatchSummary:
    """Play ``n_games`` solo games in chunks of ``chunk`` games.

    ``policy`` is ``"random"`` (uniform over legal actions) or ``"heuristic"`` (a vectorised
    heuristic). ``record=True`` keeps each game's deal and actions for replay.
    ``keep_games=False`` keeps only aggregates (:class:`BatchSummary`), so memory stays
    bounded by one chunk however many games are played. Each chunk draws from a generator
    seeded by ``(seed, index of the chunk's first game)``; ``first_game`` offsets those
    indices, so a run split into shards at multiples of ``chunk`` plays the same games.
    """
    if policy not in ("random", "heuristic"):
        raise ArgumentError(
            f"the batch engine plays 'random' or 'heuristic' (its vectorised heuristic, not GreedyBot), not {policy!r}"
        )
    arrays = DeckArrays.of(deck or standard_deck())
    rules = solo_rules or SoloRules()
    if not keep_games:
        return _play_summary(n_games, policy, seed, chunk, arrays, rules, progress, first_game)
    scores, markets, points, deals_out, actions_out, halls_out, depots_out = [], [], {}, [], [], [], []
    for deals, games, log, total, goal_points, market in _chunks(
        n_games, policy, seed, chunk, arrays, rules, record, first_game
    ):
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


def _chunks(n_games, policy, seed, chunk, arrays, rules, record, first_game=0):
    """Deal, play and score one chunk at a time; each chunk has its own generator."""
    for start in range(0, n_games, chunk):
        size = min(chunk, n_games - start)
        rng = np.random.default_rng([seed, first_game + start])
        deals = deal(rng, size)
        games, log = _play_chunk(arrays, deals, rng, policy, record)
        yield (deals, games, log, *_score(games, arrays, rules))


def _play_summary(n_games, policy, seed, chunk, arrays, rules, progress, first_game) -> BatchSummary:
    total = total_sq = 0.0
    histogram = np.zeros(len(SCORE_BINS) - 1, dtype=np.int64)
    goal_sums: dict[str, float] = {}
    for deals, _, _, scores, goal_points, _ in _chunks(n_games, policy, seed, chunk, arrays, rules, False, first_game):
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
    if result.deals is None:
        raise ArgumentError("replay needs a result from play_batch(..., record=True)")
    cards = deck or standard_deck()
    ids = result.deals[index]
    sort = DeckArrays.of(cards).sort_key
    market = tuple(
        tuple(cards[i] for i in sorted(ids[OPEN_CARDS * k : OPEN_CARDS * (k + 1)], key=lambda i: sort[i]))
        for k in range(len(CONTINENTS))
    )
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
