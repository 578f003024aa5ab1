"""Every game in lock-step over numpy arrays: 1–5 players, every layout, Secret Decades.

One row per game and one *hall row* per (game, seat). A turn is three sub-steps — take
(R7), move after a white card (R8) with the refill (R9), place (R10–R10c) — each applied
at once to every game in that phase, so games may start mid-turn (from any
:class:`~exhibition_lab.games.exhibition.game.Game`) and may end at different times. Legality is a
boolean mask: every hall row keeps, per spot, the range of years a card may have there
(R11, R14, V2, V4, V6a's range, R16/D7 for Einstein) and the continents its showcase
already shows (R12, R13); what depends on other players (R13 claims, V6a decades) or on
a direct neighbour (V3 Links) is checked when the mask is built.

Every table is built from the :class:`~exhibition_lab.games.exhibition.rules.layout.Layout` and the player
count; a showcase property this engine does not model is refused with an error. The
tests play thousands of games in lock-step with :class:`Game`, comparing the legal sets
at every decision and the final halls, Depots, markets and scores.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from ....core.errors import ArgumentError
from ..game import Game, Phase
from ..rules.actions import Action, EndExhibition, Move, Place, Take, ToDepot
from ..rules.cards import CONTINENTS, FIRST_YEAR, LAST_YEAR, OPEN_CARDS, TILE_CARDS, Card, standard_deck
from ..rules.deal import DECADES, MAX_PLAYERS, START_CONTINENTS, Deal, player_names
from ..rules.hall import DEPOT_SIZE
from ..rules.layout import Layout, ShowcaseKind, unique_decades_range
from ..rules.scoring import (
    MID_CENTURY_YEAR,
    RANK_POINTS,
    SOLO_SCALE,
    SoloRules,
    costs_a_point,
    solo_pair_points,
)

EMPTY = -1
BIG = 10_000  # beyond any year: an open bound
WHITE = len(CONTINENTS)  # continent code of the white cards
ALL_COLOURS = (1 << len(CONTINENTS)) - 1
DECADE = DECADES[1] - DECADES[0]
TAKE, MOVE, PLACE, OVER = 0, 1, 2, 3  # a game's phase (R7, R8, R10, R10c/D4)
# action codes of the log: a card id, MOVE_BASE + continent, PLACE_BASE + spot/Depot/end
MOVE_BASE, PLACE_BASE = 1000, 2000

_MODELLED = {
    "key", "name", "size", "rule", "covers", "scoring",
    "distinct_continents", "same_continent", "max_step", "min_step", "link_years", "same_decade", "unique_decades",
}  # fmt: skip
_PAIR_GOALS = {"years_gap": True, "short_era": False, "antiquity": False}  # goal: higher value is better


def refuse_unmodelled(layout: Layout) -> None:
    """Raise if ``layout`` has a showcase property this engine does not model."""
    defaults = ShowcaseKind("", "", 1, "")
    for kind in layout:
        for name in kind.__slots__:
            if name not in _MODELLED and getattr(kind, name) != getattr(defaults, name):
                raise ArgumentError(f"the batch engine does not model {kind.name}'s property {name!r}")
        if kind.scoring is not None and kind.scoring not in _PAIR_GOALS:
            raise ArgumentError(f"the batch engine does not score {kind.name}'s goal {kind.scoring!r}")
        if kind.distinct_continents and kind.size > len(CONTINENTS):
            raise ArgumentError(f"the batch engine does not model R12's white-card count on {kind.name}", rule="R12")
        variation_rules = (kind.min_step, kind.link_years, kind.same_decade or None, kind.unique_decades or None)
        if not kind.is_variation and any(rule is not None for rule in variation_rules):
            # the engine reads V2–V6a's requirements for dated coloured cards only (V1)
            raise ArgumentError(f"the batch engine models {kind.name}'s variation rules only without white cards")
        if kind.same_continent and kind.distinct_continents:
            raise ArgumentError(f"{kind.name} asks for both R12 and R13; the batch engine models one", rule="R12")
    if sum(kind.scoring is not None for kind in layout) > 1:
        raise ArgumentError("the batch engine scores one pair showcase per layout (R20, V5, V6)", rule="R20")
    if sum(kind.same_continent for kind in layout) > 1 or sum(kind.unique_decades for kind in layout) > 1:
        raise ArgumentError("the batch engine models one One Continent and one Unique Decades showcase")


# ---------------------------------------------------------------- tables
@dataclass(frozen=True, eq=False)
class Tables:
    """What a layout and a player count mean for each spot, as arrays (all from data)."""

    layout: Layout
    players: int
    n_spots: int
    starts: tuple[int, ...]
    showcase_of: np.ndarray
    low_to: np.ndarray  # [p, j]: a dated card at p bounds spot j from below by year + low_to
    high_to: np.ndarray
    spread: np.ndarray  # [p, j]: j shares p's showcase (colours, R12/R13)
    forbidden: np.ndarray  # [continent code, j]: colour bits that rule out j (R12, R13)
    variation: np.ndarray  # spots where white cards may not go (V1)
    decade_spread: np.ndarray  # [p, j]: j shares p's One Decade showcase (V4)
    unique: np.ndarray  # spots of Unique Decades (V6a)
    same_spot: int  # first spot of One Continent, or −1 (R13 claims)
    same_size: int
    link_left: np.ndarray  # per spot: its direct left neighbour in Links, or −1 (V3)
    link_right: np.ndarray
    link_years: np.ndarray
    init_low: np.ndarray
    init_high: np.ndarray
    mid_spot: int  # Mid Century (R26, S6), or −1
    pair_spots: tuple[int, int] | None  # the scored pair (R20, V5, V6, S4, S5)
    pair_goal: str | None

    @property
    def codes(self) -> int:
        """Placement codes: the spots, then the Depot, then ending the exhibition."""
        return self.n_spots + 2

    @property
    def depot_code(self) -> int:
        return self.n_spots

    @property
    def end_code(self) -> int:
        return self.n_spots + 1

    def spot(self, code: int) -> tuple[int, int]:
        """(showcase, spot) of a hall spot code."""
        s = int(self.showcase_of[code])
        return s, int(code - self.starts[s])


@lru_cache(maxsize=64)
def tables(layout: Layout, players: int) -> Tables:
    """The arrays for ``layout`` with ``players`` players (cached)."""
    refuse_unmodelled(layout)
    if not 1 <= players <= MAX_PLAYERS:
        raise ArgumentError(f"a game has 1 to {MAX_PLAYERS} players (R4), not {players}", rule="R4")
    sizes = layout.sizes
    n = sum(sizes)
    starts = tuple(int(x) for x in np.cumsum((0, *sizes[:-1])))
    showcase_of = np.repeat(np.arange(len(sizes)), sizes)
    kinds = [layout[s] for s in showcase_of]
    low_to = np.full((n + 1, n + 1), -BIG, dtype=np.int16)
    high_to = np.full((n + 1, n + 1), BIG, dtype=np.int16)
    for p in range(n):
        kind = kinds[p]
        for j in range(n):
            if showcase_of[j] != showcase_of[p]:
                continue
            apart = abs(j - p)
            near = kind.min_step * apart if kind.min_step else 1  # R11, V2
            far = kind.max_step * apart if kind.max_step else BIG  # R14
            if j < p:
                low_to[p, j], high_to[p, j] = -far, -near
            elif j > p:
                low_to[p, j], high_to[p, j] = near, far
            else:
                low_to[p, j] = BIG  # the spot is filled
    same = showcase_of[:, None] == showcase_of[None, :]
    spread = np.vstack([same, np.zeros((1, n), dtype=bool)]).astype(np.int16)
    forbidden = np.zeros((WHITE + 1, n), dtype=np.int16)
    for colour in range(WHITE):
        bit = 1 << colour
        for j, kind in enumerate(kinds):
            forbidden[colour, j] = (
                (ALL_COLOURS & ~bit) if kind.same_continent else (bit if kind.distinct_continents else 0)
            )
    decade_spread = np.vstack([same & np.array([k.same_decade for k in kinds])[None, :], np.zeros((1, n), bool)])
    unique = np.array([k.unique_decades for k in kinds])
    init_low = np.full(n, FIRST_YEAR, dtype=np.int16)
    init_high = np.full(n, LAST_YEAR, dtype=np.int16)
    if unique.any():
        first, last = unique_decades_range(players)
        init_low[unique], init_high[unique] = max(FIRST_YEAR, first), min(LAST_YEAR, last + DECADE - 1)
    link_left = np.full(n, -1, dtype=np.intp)
    link_right = np.full(n, -1, dtype=np.intp)
    link_years = np.zeros(n, dtype=np.int16)
    for j, kind in enumerate(kinds):
        if kind.link_years is not None:
            link_years[j] = kind.link_years
            if j > 0 and showcase_of[j - 1] == showcase_of[j]:
                link_left[j] = j - 1
            if j + 1 < n and showcase_of[j + 1] == showcase_of[j]:
                link_right[j] = j + 1
    same_spots = [j for j, k in enumerate(kinds) if k.same_continent]
    mid = layout.index("mid_century")
    pair = next((s for s, k in enumerate(layout) if k.scoring is not None), None)
    return Tables(
        layout=layout,
        players=players,
        n_spots=n,
        starts=starts,
        showcase_of=showcase_of,
        low_to=low_to,
        high_to=high_to,
        spread=spread,
        forbidden=forbidden,
        variation=np.array([k.is_variation for k in kinds]),
        decade_spread=decade_spread,
        unique=unique,
        same_spot=same_spots[0] if same_spots else -1,
        same_size=len(same_spots),
        link_left=link_left,
        link_right=link_right,
        link_years=link_years,
        init_low=init_low,
        init_high=init_high,
        mid_spot=-1 if mid is None else starts[mid],
        pair_spots=None if pair is None else (starts[pair], starts[pair] + sizes[pair] - 1),
        pair_goal=None if pair is None else layout[pair].scoring,
    )


@dataclass(frozen=True, eq=False)
class DeckArrays:
    """A deck as arrays indexed by card id (the deck's order)."""

    cards: tuple[Card, ...]
    year: np.ndarray  # −1 for Einstein
    continent: np.ndarray  # 0…5, WHITE for the white cards
    decade_bit: np.ndarray  # 1 << decade index, 0 for Einstein (V6a)
    einstein: int  # Einstein's id, or −1 without one
    colour_bit: np.ndarray  # 1 << continent, 0 for white cards

    @classmethod
    def of(cls, cards: Sequence[Card]) -> DeckArrays:
        cards = tuple(cards)
        years = [c.year for c in cards if c.year is not None]
        if len(set(years)) != len(years) or sum(c.is_einstein for c in cards) > 1:
            raise ArgumentError(
                "the batch engine plays a deck with one card per year and at most one Einstein (R2)", rule="R2"
            )
        year = np.array([EMPTY if c.year is None else c.year for c in cards], dtype=np.int16)
        continent = np.array([WHITE if c.continent is None else c.continent.index for c in cards], dtype=np.int8)
        decade_bit = np.where(year >= FIRST_YEAR, 1 << ((year - FIRST_YEAR) // DECADE), 0).astype(np.int16)
        einstein = next((i for i, c in enumerate(cards) if c.is_einstein), -1)
        colour_bit = np.array([1 << c for c in range(WHITE)] + [0], dtype=np.int16)[continent]
        return cls(cards, year, continent, decade_bit, einstein, colour_bit)

    def index(self) -> dict[Card, int]:
        """Card → id."""
        return {card: i for i, card in enumerate(self.cards)}


@lru_cache(maxsize=4)
def deck_arrays(cards: tuple[Card, ...]) -> DeckArrays:
    """:meth:`DeckArrays.of`, cached per deck."""
    return DeckArrays.of(cards)


# ---------------------------------------------------------------- state
@dataclass(eq=False)
class BatchGames:
    """The state of ``n`` games of one layout and player count (arrays, one row a game)."""

    tables: Tables
    deck: DeckArrays
    market: np.ndarray  # (n, 18) card ids by slot 3·continent + k, −1 for an empty place
    stock: np.ndarray  # (n, S) card ids from the top; ``top`` cards already drawn
    top: np.ndarray
    vehicle: np.ndarray  # (n, P) continent index
    seat: np.ndarray
    phase: np.ndarray
    hand: np.ndarray  # card in hand, −1
    taken_slot: np.ndarray  # market slot of the card in hand (the refill goes there, R9)
    final: np.ndarray  # (n, P)
    six_round: np.ndarray  # (n, P): round of all six continents (R19), 0 = not yet
    round: np.ndarray
    turn: np.ndarray
    secret: np.ndarray  # (n, P) Secret Decade (V7), −1 without
    taken_decades: np.ndarray  # (n,) decade bits in any Unique Decades showcase (V6a)
    discards: np.ndarray  # (n,) cards that left the game (D3)
    # hall rows: (n·P, …), row = game·P + seat
    hall: np.ndarray
    depot: np.ndarray
    n_depot: np.ndarray
    n_filled: np.ndarray
    low: np.ndarray
    high: np.ndarray
    colours: np.ndarray
    shown: np.ndarray  # continents of the coloured hall cards (R19)
    einstein_spot: np.ndarray  # Einstein's spot (n_spots while absent) and year interval (D7)
    einstein_low: np.ndarray
    einstein_high: np.ndarray
    log: np.ndarray | None = field(default=None, repr=False)  # (n, decisions) action codes
    log_at: np.ndarray | None = field(default=None, repr=False)

    @property
    def n(self) -> int:
        """Number of games."""
        return len(self.market)

    @property
    def players(self) -> int:
        return self.tables.players

    @property
    def live(self) -> np.ndarray:
        """Which games are not over."""
        return self.phase != OVER

    def hall_row(self, games: np.ndarray, seats: np.ndarray | None = None) -> np.ndarray:
        """Hall rows of ``games`` for ``seats`` (default: each game's current seat)."""
        return games * self.players + (self.seat[games] if seats is None else seats)

    @classmethod
    def empty(cls, t: Tables, deck: DeckArrays, n: int, stock_len: int, record: bool) -> BatchGames:
        """``n`` games before the deal: empty halls, tile and stock; vehicles as R6 puts them."""
        p, s = t.players, t.n_spots
        h = n * p
        return cls(
            tables=t,
            deck=deck,
            market=np.full((n, TILE_CARDS), EMPTY, dtype=np.int16),
            stock=np.full((n, max(stock_len, 1)), EMPTY, dtype=np.int16),
            top=np.zeros(n, dtype=np.intp),
            vehicle=np.tile(np.array([c.index for c in START_CONTINENTS[:p]], dtype=np.int8), (n, 1)),
            seat=np.zeros(n, dtype=np.intp),
            phase=np.full(n, TAKE, dtype=np.int8),
            hand=np.full(n, EMPTY, dtype=np.int16),
            taken_slot=np.full(n, EMPTY, dtype=np.intp),
            final=np.zeros((n, p), dtype=bool),
            six_round=np.zeros((n, p), dtype=np.int32),
            round=np.ones(n, dtype=np.int32),
            turn=np.ones(n, dtype=np.int32),
            secret=np.full((n, p), EMPTY, dtype=np.int16),
            taken_decades=np.zeros(n, dtype=np.int16),
            discards=np.zeros(n, dtype=np.int16),
            hall=np.full((h, s), EMPTY, dtype=np.int16),
            depot=np.full((h, DEPOT_SIZE), EMPTY, dtype=np.int16),
            n_depot=np.zeros(h, dtype=np.int8),
            n_filled=np.zeros(h, dtype=np.int8),
            low=np.tile(t.init_low, (h, 1)),
            high=np.tile(t.init_high, (h, 1)),
            colours=np.zeros((h, s), dtype=np.int16),
            shown=np.zeros(h, dtype=np.int16),
            einstein_spot=np.full(h, s, dtype=np.intp),
            einstein_low=np.full(h, -BIG, dtype=np.int16),
            einstein_high=np.full(h, BIG, dtype=np.int16),
            log=np.full((n, 3 * (s + DEPOT_SIZE + 1) * p + 3), EMPTY, dtype=np.int16) if record else None,
            log_at=np.zeros(n, dtype=np.intp) if record else None,
        )


def deal_games(
    n: int,
    rng: np.random.Generator,
    *,
    players: int = 1,
    layout: Layout | None = None,
    secret_decades: bool = False,
    deck: Sequence[Card] | None = None,
    record: bool = False,
) -> BatchGames:
    """``n`` new games (R5, R6, V7): each a uniform shuffle, 3 open cards per continent."""
    cards = tuple(deck) if deck is not None else standard_deck()
    deals = rng.permuted(np.tile(np.arange(len(cards), dtype=np.int16), (n, 1)), axis=1)
    secrets = None
    if secret_decades:
        secrets = rng.permuted(np.tile(np.array(DECADES, dtype=np.int16), (n, 1)), axis=1)[:, :players]
    return games_from_deals(deals, players=players, layout=layout, secrets=secrets, deck=cards, record=record)


def games_from_deals(
    deals: np.ndarray,
    *,
    players: int = 1,
    layout: Layout | None = None,
    secrets: np.ndarray | None = None,
    deck: Sequence[Card] | None = None,
    record: bool = False,
) -> BatchGames:
    """New games from given deals: rows of card ids, the 18 market cards by place
    3·continent + k, then the stock from its top; ``secrets`` the Secret Decades (V7)."""
    cards = tuple(deck) if deck is not None else standard_deck()
    deals = np.asarray(deals, dtype=np.int16)
    g = BatchGames.empty(
        tables(layout or Layout.base(), players), deck_arrays(cards), len(deals), len(cards) - TILE_CARDS, record
    )
    g.market[:] = deals[:, :TILE_CARDS]
    g.stock[:, : deals.shape[1] - TILE_CARDS] = deals[:, TILE_CARDS:]
    if secrets is not None:
        g.secret[:] = secrets
    return g


def from_games(games: Sequence[Game], *, record: bool = False) -> BatchGames:
    """The positions of ``games`` (one layout, player count and deck) as batch rows.

    The stock is each game's own, so the batch engine plays on exactly as :class:`Game`
    would; for a determinisation of a seat's view use ``Game.from_view(view, rng)``.
    """
    first = games[0]
    t = tables(first.layout, first.n_players)
    arrays = deck_arrays(first.deck)
    if any(g.layout != first.layout or g.n_players != first.n_players or g.deck != first.deck for g in games):
        raise ArgumentError("from_games takes games of one layout, player count and deck")
    index = arrays.index()
    stock_len = max(g.stock_size for g in games)
    b = BatchGames.empty(t, arrays, len(games), stock_len, record)
    for row, game in enumerate(games):
        _load_game(b, row, game, index)
    return b


def _load_game(b: BatchGames, row: int, game: Game, index: dict[Card, int]) -> None:
    view = game.view(game.current)
    for k, continent in enumerate(CONTINENTS):
        cards = [index[c] for c in view.market[continent]]
        b.market[row, OPEN_CARDS * k : OPEN_CARDS * k + len(cards)] = cards
    # the true order (this is the game itself, not a view): the stock is drawn from its
    # top only (R9), so what is left is the dealt stock without its first cards
    stock = game.deal.stock[len(game.deal.stock) - game.stock_size :]
    b.stock[row, : len(stock)] = [index[c] for c in stock]
    b.top[row] = 0
    b.stock[row, len(stock) :] = EMPTY
    b.vehicle[row] = [c.index for c in game.vehicles]
    b.seat[row] = game.current
    b.phase[row] = {Phase.TAKE: TAKE, Phase.MOVE: MOVE, Phase.PLACE: PLACE, Phase.OVER: OVER}[game.phase]
    if game.hand is not None:
        b.hand[row] = index[game.hand]
        where = view.taken_at.index
        # the taken card's place: the first free place of its continent (R9 refills it)
        free = np.flatnonzero(b.market[row, OPEN_CARDS * where : OPEN_CARDS * (where + 1)] < 0)
        b.taken_slot[row] = OPEN_CARDS * where + (free[0] if len(free) else 0)
    b.final[row] = game.final
    b.six_round[row] = [0 if r is None else r for r in game.six_continents_round]
    b.round[row], b.turn[row] = game.round, game.turn
    if game.secret_decades is not None:
        b.secret[row] = game.secret_decades
    b.discards[row] = len(game.discard)
    t = b.tables
    for seat, hall in enumerate(game.halls):
        h = row * t.players + seat
        for (s, i), card in hall.iter_spots():
            if card is not None:
                _place(b, np.array([row]), np.array([h]), np.array([index[card]], dtype=np.int16),
                       np.array([t.starts[s] + i]))  # fmt: skip
        for card in hall.depot:
            _place(b, np.array([row]), np.array([h]), np.array([index[card]], dtype=np.int16), np.array([t.depot_code]))


# ---------------------------------------------------------------- rules on arrays
def takeable(b: BatchGames, games: np.ndarray) -> np.ndarray:
    """(games, 18) mask of the cards each game's current seat may take (R7)."""
    market = b.market[games]
    present = market >= 0
    vehicle = b.vehicle[games, b.seat[games]]
    here = present & (np.arange(TILE_CARDS)[None, :] // OPEN_CARDS == vehicle[:, None])
    anywhere = ~here.any(axis=1)  # R7: an empty continent lets the player take anywhere
    return np.where(anywhere[:, None], present, here)


def fits(b: BatchGames, games: np.ndarray, cards: np.ndarray) -> np.ndarray:
    """(games, spots) mask: where each game's current seat may place its card (R11–R18, V1–V6a)."""
    t, deck = b.tables, b.deck
    h = b.hall_row(games)
    year = deck.year[cards][:, None]
    colour = deck.continent[cards]
    low, high = b.low[h], b.high[h]
    mask = (low <= year) & (year <= high) & ((b.colours[h] & t.forbidden[colour]) == 0)
    einstein = np.flatnonzero(cards == deck.einstein)
    if len(einstein):
        mask[einstein] = low[einstein] <= high[einstein]  # some year fits (R16, D7)
    white = colour == WHITE
    if white.any() and t.variation.any():
        mask[white] &= ~t.variation  # V1
    if t.same_spot >= 0:
        mask[:, t.same_spot : t.same_spot + t.same_size] &= ~_claimed(b, games, h, colour)[:, None]  # R13
    if t.unique.any():
        mask[:, t.unique] &= ((b.taken_decades[games] & deck.decade_bit[cards]) == 0)[:, None]  # V6a
    for j in np.flatnonzero(t.link_years):
        mask[:, j] &= _linked(b, h, cards, j, t.link_left[j], left=True)
        mask[:, j] &= _linked(b, h, cards, j, t.link_right[j], left=False)
    return mask


def _claimed(b: BatchGames, games: np.ndarray, h: np.ndarray, colour: np.ndarray) -> np.ndarray:
    """R13: the card's continent is in another player's One Continent showcase; a white
    card is ruled out only when its showcase has no colour yet and every continent is
    claimed (D6)."""
    t = b.tables
    mine = b.colours[h, t.same_spot]
    claims = np.zeros(len(games), dtype=np.int16)
    for seat in range(t.players):
        other = b.seat[games] != seat
        claims |= np.where(other, b.colours[games * t.players + seat, t.same_spot], 0).astype(np.int16)
    bit = np.left_shift(1, np.minimum(colour, WHITE - 1)).astype(np.int16)
    return np.where(colour < WHITE, (claims & bit) != 0, (mine == 0) & (claims == ALL_COLOURS))


def _linked(b: BatchGames, h: np.ndarray, cards: np.ndarray, j: int, neighbour: int, *, left: bool) -> np.ndarray:
    """V3: the card at ``j`` and its direct neighbour share a continent or lie within the
    showcase's years (an empty or absent neighbour links nothing)."""
    if neighbour < 0:
        return np.ones(len(h), dtype=bool)
    deck = b.deck
    other = b.hall[h, neighbour]
    present = other >= 0
    other_id = np.maximum(other, 0)
    year, other_year = deck.year[cards], deck.year[other_id]
    gap = year - other_year if left else other_year - year
    same = deck.continent[cards] == deck.continent[other_id]
    return ~present | same | (gap <= b.tables.link_years[j])


def _place(b: BatchGames, games: np.ndarray, h: np.ndarray, cards: np.ndarray, choice: np.ndarray) -> None:
    """Put each card where ``choice`` says: a spot, the Depot (R10) or nowhere (R10a)."""
    t, deck = b.tables, b.deck
    n_spots = t.n_spots
    on_spot = choice < n_spots
    einstein = on_spot & (cards == deck.einstein)
    dated_spot = np.where(on_spot & ~einstein, choice, n_spots)
    year = deck.year[cards]
    low = np.maximum(b.low[h], year[:, None] + t.low_to[dated_spot, :n_spots])
    high = np.minimum(b.high[h], year[:, None] + t.high_to[dated_spot, :n_spots])
    # a dated card narrows Einstein's interval like any empty spot's (a no-op elsewhere) …
    spot_e = b.einstein_spot[h]
    e_low = np.maximum(b.einstein_low[h], year + t.low_to[dated_spot, spot_e])
    e_high = np.minimum(b.einstein_high[h], year + t.high_to[dated_spot, spot_e])
    # … Einstein placed now takes the interval of its empty spot …
    placed = np.flatnonzero(einstein)
    if len(placed):
        spot = choice[placed]
        spot_e[placed] = spot
        e_low[placed], e_high[placed] = low[placed, spot], high[placed, spot]
        b.einstein_spot[h[placed]] = spot
    b.einstein_low[h], b.einstein_high[h] = e_low, e_high
    # … and the interval bounds the spots around it (this also marks its spot filled)
    with_e = np.flatnonzero(spot_e < n_spots)
    if len(with_e):
        spot = spot_e[with_e]
        low[with_e] = np.maximum(low[with_e], e_low[with_e, None] + t.low_to[spot, :n_spots])
        high[with_e] = np.minimum(high[with_e], e_high[with_e, None] + t.high_to[spot, :n_spots])
    # V4: a dated card fixes the decade of its One Decade showcase
    in_decade = t.decade_spread[np.where(on_spot, choice, n_spots)]
    if in_decade.any():
        decade = np.where(year >= FIRST_YEAR, year - (year - FIRST_YEAR) % DECADE, -BIG)[:, None]
        low = np.where(in_decade, np.maximum(low, decade), low)
        high = np.where(in_decade, np.minimum(high, decade + DECADE - 1), high)
    b.low[h], b.high[h] = low, high
    bit = deck.colour_bit[cards]
    b.colours[h] |= t.spread[np.where(on_spot, choice, n_spots)] * bit[:, None]
    b.shown[h] |= np.where(on_spot, bit, 0).astype(np.int16)
    if t.unique.any():
        at_unique = on_spot & t.unique[np.minimum(choice, n_spots - 1)]
        np.bitwise_or.at(b.taken_decades, games[at_unique], deck.decade_bit[cards[at_unique]])
    b.n_filled[h] += on_spot
    rows = np.flatnonzero(on_spot)
    b.hall[h[rows], choice[rows]] = cards[rows]
    to_depot = np.flatnonzero(choice == t.depot_code)
    b.depot[h[to_depot], b.n_depot[h[to_depot]]] = cards[to_depot]
    b.n_depot[h[to_depot]] += 1


def placements(b: BatchGames, games: np.ndarray) -> np.ndarray:
    """(games, spots + 2) mask of the legal placements of the card in hand: the spots,
    the Depot when not full (R10), ending when no spot fits (R10a)."""
    spots = fits(b, games, b.hand[games])
    h = b.hall_row(games)
    return np.hstack([spots, (b.n_depot[h] < DEPOT_SIZE)[:, None], ~spots.any(axis=1)[:, None]])


# ---------------------------------------------------------------- turn steps
def _log(b: BatchGames, games: np.ndarray, codes: np.ndarray) -> None:
    if b.log is not None and len(games):
        b.log[games, b.log_at[games]] = codes
        b.log_at[games] += 1


def _take(b: BatchGames, games: np.ndarray, slots: np.ndarray) -> None:
    """R7 the take; R8/R9 at once for a coloured card, a move decision for a white one."""
    card = b.market[games, slots]
    _log(b, games, card)
    b.market[games, slots] = EMPTY
    b.hand[games] = card
    b.taken_slot[games] = slots
    colour = b.deck.continent[card]
    white = colour == WHITE
    b.phase[games] = np.where(white, MOVE, PLACE)
    _move_and_refill(b, games[~white], colour[~white])


def _move(b: BatchGames, games: np.ndarray, continents: np.ndarray) -> None:
    """R8 after a white card: any continent, staying included."""
    _log(b, games, MOVE_BASE + continents.astype(np.int16))
    _move_and_refill(b, games, continents)
    b.phase[games] = PLACE


def _move_and_refill(b: BatchGames, games: np.ndarray, continents: np.ndarray) -> None:
    b.vehicle[games, b.seat[games]] = continents
    # R9: the top stock card refills the place taken from; skipped on an empty stock
    top = b.top[games]
    width = b.stock.shape[1]
    card = np.where(top < width, b.stock[games, np.minimum(top, width - 1)], EMPTY)
    refill = card >= 0
    games, card = games[refill], card[refill]
    b.market[games, b.taken_slot[games]] = card
    b.top[games] += 1


def _place_turn(b: BatchGames, games: np.ndarray, codes: np.ndarray) -> None:
    """R10–R10c, D3, D4 and R19's round for the games' current seats."""
    _log(b, games, PLACE_BASE + codes.astype(np.int16))
    t = b.tables
    seats = b.seat[games]
    h = b.hall_row(games)
    _place(b, games, h, b.hand[games], codes)
    end = codes == t.end_code
    b.discards[games] += end  # D3
    done = end | (b.n_filled[h] == t.n_spots)  # R10a, R10b
    b.final[games[done], seats[done]] = True
    reached = (b.six_round[games, seats] == 0) & (b.shown[h] == ALL_COLOURS)
    b.six_round[games[reached], seats[reached]] = b.round[games[reached]]
    b.hand[games] = EMPTY
    b.taken_slot[games] = EMPTY
    _end_turn(b, games)


def _end_turn(b: BatchGames, games: np.ndarray) -> None:
    everyone = b.final[games].all(axis=1)
    dry = (b.market[games] < 0).all(axis=1) & ~everyone  # D4: nobody can take a card
    b.final[games[dry]] = True
    over = everyone | dry
    b.phase[games[over]] = OVER
    games = games[~over]
    players = b.players
    seat = b.seat[games]
    following = seat.copy()
    found = np.zeros(len(games), dtype=bool)
    for k in range(1, players + 1):  # R10c: final seats are skipped
        candidate = (seat + k) % players
        ok = ~found & ~b.final[games, candidate]
        following = np.where(ok, candidate, following)
        found |= ok
    b.round[games] += following <= seat
    b.seat[games] = following
    b.turn[games] += 1
    b.phase[games] = TAKE


# ---------------------------------------------------------------- policies
class Policy:
    """A batch player: picks, for many games at once, one of the legal choices.

    ``take`` gets a (games, 18) mask of the takeable market places and returns a place
    per game; ``move`` a continent per game (after a white card, any is legal); ``place``
    gets a (games, spots + 2) mask (spots, Depot, end) and returns a code per game.
    """

    name = "policy"

    def take(self, b: BatchGames, games: np.ndarray, mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
        raise NotImplementedError

    def move(self, b: BatchGames, games: np.ndarray, rng: np.random.Generator) -> np.ndarray:
        raise NotImplementedError

    def place(self, b: BatchGames, games: np.ndarray, mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


def uniform_choice(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Per row, a uniformly random True column."""
    counts = mask.sum(axis=1)
    k = (rng.random(len(mask)) * counts).astype(np.intp)
    return np.argmax(np.cumsum(mask, axis=1) > k[:, None], axis=1)


class RandomPolicy(Policy):
    """Uniform over the legal choices of each decision — the same player as
    :class:`~exhibition_lab.games.exhibition.agents.RandomBot` (uniform over ``Game.legal_actions()``)."""

    name = "random"

    def take(self, b, games, mask, rng):
        return uniform_choice(mask, rng)

    def move(self, b, games, rng):
        return (rng.random(len(games)) * len(CONTINENTS)).astype(np.int8)

    def place(self, b, games, mask, rng):
        return uniform_choice(mask, rng)


class HeuristicPolicy(Policy):
    """A fast vectorised heuristic (not :class:`~exhibition_lab.games.exhibition.agents.GreedyBot`, hence
    its own name): take the card that fits the most spots and lies nearest Mid Century;
    place it in the tightest fitting window, near 1950 in Mid Century, old left and
    young right in the scored pair; the Depot before ending."""

    name = "heuristic"

    def take(self, b, games, mask, rng):
        market = b.market[games]
        # every market card against each game's hall at once: one mask of (games·18) rows
        every = fits(b, np.repeat(games, TILE_CARDS), np.maximum(market, 0).ravel())
        flexibility = every.sum(axis=1).reshape(len(games), TILE_CARDS)
        return take_choice(mask, flexibility, market, b.deck.year)

    def move(self, b, games, rng):
        return (b.taken_slot[games] // OPEN_CARDS).astype(np.int8)  # stay: the tile there is known

    def place(self, b, games, mask, rng):
        t = b.tables
        h = b.hall_row(games)
        weights = placement_weights(b.low[h], b.high[h], b.deck.year[b.hand[games]], t.mid_spot, t.pair_spots)
        return _best(mask, weights)


def take_choice(mask: np.ndarray, flexibility: np.ndarray, market: np.ndarray, year: np.ndarray) -> np.ndarray:
    """The heuristic's take: the most fitting spots, then nearest Mid Century; the card
    id breaks ties, so the choice depends on the cards, not on their places."""
    years = year[np.maximum(market, 0)]
    near = np.abs(np.where(years < 0, MID_CENTURY_YEAR, years) - MID_CENTURY_YEAR)
    return _best(mask, flexibility - near / 50.0 - market * 1e-6)


def placement_weights(
    low: np.ndarray, high: np.ndarray, year: np.ndarray, mid_spot: int, pair_spots: tuple[int, int] | None
) -> np.ndarray:
    """The heuristic's preferences over the spots, the Depot and ending: the tightest
    window, near 1950 in Mid Century, old left and young right in the scored pair."""
    mid = float(MID_CENTURY_YEAR)
    year = np.where(year < 0, mid, year.astype(np.float64))
    width = np.clip(high - low + 1, 1, LAST_YEAR - FIRST_YEAR + 2).astype(np.float64)
    weights = 2.0 - width / 60.0
    if mid_spot >= 0:
        weights[:, mid_spot] = 4.0 - np.abs(year - mid) / 3.0
    if pair_spots is not None:
        weights[:, pair_spots[0]] = (mid - 15 - year) / 8.0
        weights[:, pair_spots[1]] = (year - mid - 15) / 8.0
    return np.hstack([weights, np.tile([-1.5, -9.0], (len(year), 1))])


def _best(mask: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """Per row, the True column of highest weight (the first on ties)."""
    return np.argmax(np.where(mask, weights, -np.inf), axis=1)


POLICIES: dict[str, type[Policy]] = {"random": RandomPolicy, "heuristic": HeuristicPolicy}


def make_policy(spec: str | Policy) -> Policy:
    """A policy from its name (``"random"``, ``"heuristic"``) or the policy itself."""
    if isinstance(spec, Policy):
        return spec
    if spec not in POLICIES:
        raise ArgumentError(f"the batch engine's players are {', '.join(POLICIES)}, not {spec!r}")
    return POLICIES[spec]()


@dataclass(frozen=True)
class Forced:
    """The first turn of each game as given (search plans): the card to take (−1: the
    card is already in hand), the continent after a white card (−1: none), the placement
    code. Later decisions follow the policies."""

    take: np.ndarray
    move: np.ndarray
    place: np.ndarray


# ---------------------------------------------------------------- play
def play(
    b: BatchGames,
    policies: Sequence[str | Policy] | str | Policy,
    rng: np.random.Generator,
    *,
    forced: Forced | None = None,
    turns: int | None = None,
) -> BatchGames:
    """Play every game of ``b`` to its end (in place); one policy per seat, or one for all.

    ``turns`` stops after that many rounds of sub-steps (each finishes every game's
    current turn), e.g. ``turns=1`` plays just the forced first turn.
    """
    if isinstance(policies, (str, Policy)):
        policies = [policies] * b.players
    seats = [make_policy(p) for p in policies]
    if len(seats) != b.players:
        raise ArgumentError(f"{b.players} seat(s) need as many policies, got {len(seats)}")
    pending = np.zeros(b.n, dtype=bool) if forced is None else np.ones(b.n, dtype=bool)
    limit = 4 * b.players * (b.tables.n_spots + DEPOT_SIZE + 2) + 4
    for _ in range(limit if turns is None else turns):
        live = b.phase != OVER
        if not live.any():
            return b
        _take_step(b, np.flatnonzero(b.phase == TAKE), seats, rng, forced, pending)
        _move_step(b, np.flatnonzero(b.phase == MOVE), seats, rng, forced, pending)
        _place_step(b, np.flatnonzero(b.phase == PLACE), seats, rng, forced, pending)
    if turns is not None:
        return b
    raise ArgumentError("a batch game outlasted every possible turn; the batch state is corrupt")


def _by_seat(b: BatchGames, games: np.ndarray, seats: list[Policy]):
    """The games grouped by the policy of their current seat."""
    if all(p is seats[0] for p in seats):
        yield seats[0], games, np.arange(len(games))
        return
    current = b.seat[games]
    for seat, policy in enumerate(seats):
        at = np.flatnonzero(current == seat)
        if len(at):
            yield policy, games[at], at


def _ask(b: BatchGames, games: np.ndarray, seats: list[Policy], dtype, ask) -> np.ndarray:
    """Each game's choice from the policy of its current seat: ``ask(policy, games, rows)``."""
    choices = np.empty(len(games), dtype=dtype)
    for policy, sub, at in _by_seat(b, games, seats):
        choices[at] = ask(policy, sub, at)
    return choices


def _take_step(b, games, seats, rng, forced, pending) -> None:
    if not len(games):
        return
    mask = takeable(b, games)
    slots = _ask(b, games, seats, np.intp, lambda policy, sub, at: policy.take(b, sub, mask[at], rng))
    if forced is not None:
        given = pending[games] & (forced.take[games] >= 0)
        rows = games[given]
        slots[given] = np.argmax(b.market[rows] == forced.take[rows][:, None], axis=1)
    _take(b, games, slots)


def _move_step(b, games, seats, rng, forced, pending) -> None:
    if not len(games):
        return
    moves = _ask(b, games, seats, np.int8, lambda policy, sub, at: policy.move(b, sub, rng))
    if forced is not None:
        given = pending[games] & (forced.move[games] >= 0)
        moves[given] = forced.move[games[given]]
    _move(b, games, moves)


def _place_step(b, games, seats, rng, forced, pending) -> None:
    if not len(games):
        return
    mask = placements(b, games)
    codes = _ask(b, games, seats, np.intp, lambda policy, sub, at: policy.place(b, sub, mask[at], rng))
    if forced is not None:
        given = pending[games]
        codes[given] = forced.place[games[given]]
        pending[games] = False
    _place_turn(b, games, codes)


# ---------------------------------------------------------------- scoring
def decades_and_chain(years: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Distinct decades (R22) and the longest run of consecutive years (R23, at least 1)
    from each row's hall years sorted ascending, −1 (no year) first."""
    dated = years >= FIRST_YEAR
    decade = years // DECADE
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


@dataclass
class BatchScores:
    """Final scores of batch games: totals (×100 in solo, S2), fame points per goal and
    the R26 tiebreak distance (−1: empty or Einstein, D8), all (games, seats)."""

    totals: np.ndarray
    points: dict[str, np.ndarray]
    tiebreak: np.ndarray
    markets: np.ndarray  # (games, 18) years left on the tile, −1 for Einstein or none


def score(b: BatchGames, solo_rules: SoloRules | None = None) -> BatchScores:
    """Score every game as it stands (final once over): R19–R26 and V5–V7, or S1–S7 solo."""
    t, deck = b.tables, b.deck
    n, players = b.n, b.players
    hall = b.hall
    filled = hall >= 0
    ids = np.maximum(hall, 0)
    years = np.where(filled, deck.year[ids], EMPTY).astype(np.int32)
    colours = np.where(filled, deck.continent[ids], WHITE).astype(np.int32)
    rows = len(hall)
    counts = np.bincount((np.arange(rows)[:, None] * (WHITE + 1) + colours).ravel(), minlength=rows * (WHITE + 1))
    counts = counts.reshape(rows, WHITE + 1)[:, :WHITE]
    six = (counts > 0).all(axis=1)
    focus = counts.max(axis=1)
    decades, chain = decades_and_chain(np.sort(years, axis=1))
    empty = (~filled).sum(axis=1)
    depot = b.n_depot.astype(np.int32)
    shape = (n, players)
    market_years = np.where(b.market >= 0, deck.year[np.maximum(b.market, 0)], EMPTY).astype(np.int32)
    points: dict[str, np.ndarray] = {}
    pair_goal = t.pair_goal
    if pair_goal is not None:
        left, right = (years[:, s].reshape(shape) for s in t.pair_spots)
        complete = (left >= FIRST_YEAR) & (right >= FIRST_YEAR)  # Einstein has no year
    solo = players == 1
    if solo:
        points["six_continents"] = six.reshape(shape).astype(np.int32)  # S3
        if pair_goal is not None:
            hits = costs_a_point(pair_goal, market_years, left, right).sum(axis=1, keepdims=True)
            points[pair_goal] = np.where(complete, solo_pair_points(hits), 0)
    else:
        reached = b.six_round.astype(np.int32)
        points["six_continents"] = dense_rank_points(reached, six.reshape(shape), higher_is_better=False)
        if pair_goal is not None:
            value = right if pair_goal == "antiquity" else right - left
            higher = _PAIR_GOALS[pair_goal]
            points[pair_goal] = dense_rank_points(value, complete, higher_is_better=higher)
    points["continent_focus"] = focus.reshape(shape)
    points["decades"] = decades.reshape(shape)
    points["chain"] = chain.reshape(shape)
    points["empty_spots"] = -empty.reshape(shape)
    points["depot"] = -depot.reshape(shape)
    if (b.secret >= 0).any():
        decade_of = np.where(years >= FIRST_YEAR, years - (years - FIRST_YEAR) % DECADE, EMPTY)
        secret = b.secret.reshape(-1)[:, None]
        points["secret_decade"] = ((decade_of == secret) & (secret >= 0)).sum(axis=1).reshape(shape)
    mid = years[:, t.mid_spot].reshape(shape) if t.mid_spot >= 0 else np.full(shape, EMPTY)
    tiebreak = np.where(mid >= FIRST_YEAR, np.abs(mid - MID_CENTURY_YEAR), EMPTY)
    fame = sum(points.values())
    if solo:
        rules = solo_rules or SoloRules()
        term = rules.mid_century_points(np.where(tiebreak >= 0, tiebreak, rules.empty_distance))
        points["mid_century"] = term / SOLO_SCALE
        totals = SOLO_SCALE * fame + term
    else:
        totals = fame
    return BatchScores(totals.astype(np.int64), points, tiebreak, _market_years(b))


def _market_years(b: BatchGames) -> np.ndarray:
    """Years left on the tile in Game's order: continent by continent, each sorted by
    year with Einstein last, then −1 for every empty place."""
    market = b.market
    year = b.deck.year[np.maximum(market, 0)].astype(np.int64)
    key = np.where(year < 0, BIG - 1, year) + (np.arange(TILE_CARDS) // OPEN_CARDS) * BIG
    key = np.where(market >= 0, key, BIG * (len(CONTINENTS) + 1))
    order = np.argsort(key, axis=1, kind="stable")
    sorted_cards = np.take_along_axis(market, order, axis=1)
    return np.where(sorted_cards >= 0, b.deck.year[np.maximum(sorted_cards, 0)], EMPTY).astype(np.int16)


def winners(scores: BatchScores) -> np.ndarray:
    """(games, seats) mask of the winners: best total, then R26's distance (D8: last)."""
    distance = np.where(scores.tiebreak >= 0, scores.tiebreak, BIG)
    best = scores.totals.max(axis=1, keepdims=True)
    top = scores.totals == best
    closest = np.where(top, distance, BIG + 1).min(axis=1, keepdims=True)
    return top & (distance == closest)


# ---------------------------------------------------------------- actions and replay
def action_of(b: BatchGames, code: int) -> Action:
    """The :class:`Game` action of a logged code."""
    t = b.tables
    if code < MOVE_BASE:
        return Take(b.deck.cards[code])
    if code < PLACE_BASE:
        return Move(CONTINENTS[code - MOVE_BASE])
    place = code - PLACE_BASE
    if place < t.n_spots:
        return Place(*t.spot(place))
    return ToDepot() if place == t.depot_code else EndExhibition()


def legal_set(b: BatchGames, game: int) -> set[Action]:
    """The legal actions of game ``game`` now, as :class:`Game` actions (for checks)."""
    games = np.array([game])
    phase = b.phase[game]
    if phase == TAKE:
        return {Take(b.deck.cards[b.market[game, k]]) for k in np.flatnonzero(takeable(b, games)[0])}
    if phase == MOVE:
        return {Move(c) for c in CONTINENTS}
    if phase == PLACE:
        return {action_of(b, PLACE_BASE + int(k)) for k in np.flatnonzero(placements(b, games)[0])}
    return set()


def start_snapshot(b: BatchGames) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The deal of fresh games (market, stock, Secret Decades), kept for :func:`replay`."""
    return b.market.copy(), b.stock.copy(), b.secret.copy()


def replay(b: BatchGames, deal: tuple[np.ndarray, np.ndarray, np.ndarray], game: int) -> Game:
    """Game ``game`` of ``b`` (recorded from a fresh deal) rebuilt as a :class:`Game`."""
    if b.log is None:
        raise ArgumentError("replay needs games dealt with record=True")
    market, stock, secret = deal
    cards = b.deck.cards
    sort = {c: c.sort_key for c in cards}
    tile = tuple(
        tuple(sorted((cards[i] for i in market[game, OPEN_CARDS * k : OPEN_CARDS * (k + 1)]), key=sort.__getitem__))
        for k in range(len(CONTINENTS))
    )
    decades = None if secret[game, 0] < 0 else tuple(int(d) for d in secret[game])
    dealt = Deal(tile, tuple(cards[i] for i in stock[game] if i >= 0), decades)
    replayed = Game(player_names(b.players), dealt, layout=b.tables.layout, deck=cards)
    for code in b.log[game, : b.log_at[game]]:
        replayed.apply(action_of(b, int(code)))
    return replayed


# ---------------------------------------------------------------- rows for search
_GAME_FIELDS = (
    "market", "stock", "top", "vehicle", "seat", "phase", "hand", "taken_slot", "final", "six_round",
    "round", "turn", "secret", "taken_decades", "discards",
)  # fmt: skip
_HALL_FIELDS = (
    "hall", "depot", "n_depot", "n_filled", "low", "high", "colours", "shown",
    "einstein_spot", "einstein_low", "einstein_high",
)  # fmt: skip


def select(b: BatchGames, games: np.ndarray) -> BatchGames:
    """New independent games: copies of ``b``'s games at ``games`` (repeats allowed)."""
    games = np.asarray(games, dtype=np.intp)
    players = b.players
    halls = (games[:, None] * players + np.arange(players)[None, :]).ravel()
    parts = {name: getattr(b, name)[games].copy() for name in _GAME_FIELDS}
    parts |= {name: getattr(b, name)[halls].copy() for name in _HALL_FIELDS}
    return BatchGames(tables=b.tables, deck=b.deck, **parts)


def determinisations(view, rng: np.random.Generator, copies: int) -> BatchGames:
    """``copies`` games in the position a seat's view shows, each with the hidden stock
    shuffled anew and the other seats' Secret Decades drawn anew (for search playouts)."""
    game = Game.from_view(view, rng)
    b = select(from_games([game]), np.zeros(copies, dtype=np.intp))
    index = b.deck.index()
    unseen = np.array([index[c] for c in view.unseen], dtype=np.int16)
    b.stock[:, : len(unseen)] = rng.permuted(np.tile(unseen, (copies, 1)), axis=1)
    b.top[:] = 0
    decades = view.secret_decades
    if decades is not None and None in decades:
        hidden = [s for s, d in enumerate(decades) if d is None]
        free = np.array([d for d in DECADES if d not in decades], dtype=np.int16)
        drawn = rng.permuted(np.tile(free, (copies, 1)), axis=1)[:, : len(hidden)]
        b.secret[:, hidden] = drawn
    return b
