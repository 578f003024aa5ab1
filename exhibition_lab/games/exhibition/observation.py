"""What one seat sees, as a flat ``float32`` vector: the observation every learning adapter
shares (OpenSpiel's tensors, PettingZoo, Gymnasium and the vectorised environment).

The vector is written from the observer's seat: *relative* seat 0 is the observer, 1 the
seat after it in play order, and so on. It holds only what that seat may know (R5, V7): the
stock as the *set* of unseen cards (never its order) and other seats' Secret Decades only once
the game is over. Its layout, segment by segment (``D`` cards in the deck, ``P`` seats, ``S``
hall spots, ``F`` = 10 card features):

======================  ============  ==========================================================
segment                 shape         meaning
======================  ============  ==========================================================
``phase``               (7,)          one-hot: deal, decades, take, move, refill, place, over
``seat``                (P,)          one-hot: the observer's own seat (0 = the start player)
``to_move``             (P,)          one-hot relative seat to move (zeros at chance and the end)
``hand``                (D,)          one-hot: the card taken this turn, by deck index
``taken_at``            (6,)          one-hot: the continent it was taken from (R9 refills there)
``tile``                (6, D)        ``[c, k]`` = 1: card k lies open at continent c (R5, R9)
``vehicles``            (P, 6)        one-hot continent of each relative seat's vehicle (R6, R8)
``halls``               (P, S, F)     each relative seat's hall spots in layout order
``depots``              (P, 3, F)     each relative seat's Depot (R10, R25)
``final``               (P,)          the seat's exhibition has ended (R10a–R10c)
``six_continents``      (P,)          the hall has shown all six continents (R19)
``secret_decades``      (P, 10)       one-hot decade; the observer's own, the others' at the end (V7)
``unseen``              (D,)          the stock as a set: 1 for every card still out of sight
``progress``            (3,)          stock size / D, round / most turns a seat has, turn / all turns
======================  ============  ==========================================================

The ``F`` card features of a hall or Depot spot are ``filled``, ``year`` ((year − 1900) / 99,
0 for Einstein), ``einstein`` and a one-hot colour over OC, SA, AF, AS, EU, NA and white
(R1, R2); an empty spot is all zeros. Deck indices are the card ids of
:class:`~exhibition_lab.games.exhibition.rules.actions.ActionSpace`, so ``hand``, ``tile`` and
``unseen`` line up with the take actions.

One function, :func:`encode`, writes the vector from :class:`Fields` — plain integer arrays
with a batch axis — so a rule state (:func:`fields_of`) and the array engine's rows fill the
same layout the same way.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import NamedTuple, cast

import numpy as np

from ...core.errors import ArgumentError
from .rules.cards import CONTINENTS, FIRST_YEAR, LAST_YEAR, OPEN_CARDS, Card
from .rules.deal import DECADES, MAX_PLAYERS
from .rules.hall import DEPOT_SIZE, Hall
from .rules.turns import Phase, Setup, State

#: The phases in the order of the ``phase`` segment.
PHASES: tuple[Phase, ...] = (
    Phase.DEAL,
    Phase.DECADES,
    Phase.TAKE,
    Phase.MOVE,
    Phase.REFILL,
    Phase.PLACE,
    Phase.OVER,
)
PHASE_INDEX = {phase: k for k, phase in enumerate(PHASES)}
#: The features of a card in a hall or Depot spot.
CARD_FEATURES: tuple[str, ...] = ("filled", "year", "einstein", *(c.code for c in CONTINENTS), "white")
EMPTY = -1  # no card, no seat, no decade
#: Whose Secret Decades an observation shows before the end (:func:`visible_decades`).
PRIVATE_INFO = ("own", "all", "none")


#: The per-seat segments, turned to the observer's view (they lie together, in this order).
_PER_SEAT = ("vehicles", "halls", "depots", "final", "six_continents", "secret_decades")
#: The parts of a state the observer's board shows, by place in its list of what it shows:
#: six continents' open cards, then the stock, the vehicles, the final flags, the rounds of
#: six continents, the Secret Decades, the tile and the halls as wholes, and each hall.
_STOCK, _VEHICLES, _FINAL, _SIX, _DECADES, _MARKET, _ALL_HALLS, _HALLS = range(len(CONTINENTS), len(CONTINENTS) + 8)
_PARTS = _HALLS + MAX_PLAYERS  # a hall a seat (R4)


@dataclass(frozen=True)
class ObservationLayout:
    """The segments of the observation vector of games with ``players`` seats, a hall of
    ``spots`` spots and a deck of ``cards`` cards (see the module text)."""

    players: int
    spots: int
    cards: int

    @classmethod
    def of(cls, setup: Setup) -> ObservationLayout:
        return cls(setup.n_players, setup.layout.n_spots, len(setup.deck))

    @cached_property
    def shapes(self) -> dict[str, tuple[int, ...]]:
        """Each segment's shape, in the order of the vector."""
        p, d, f = self.players, self.cards, len(CARD_FEATURES)
        return {
            "phase": (len(PHASES),),
            "seat": (p,),
            "to_move": (p,),
            "hand": (d,),
            "taken_at": (len(CONTINENTS),),
            "tile": (len(CONTINENTS), d),
            "vehicles": (p, len(CONTINENTS)),
            "halls": (p, self.spots, f),
            "depots": (p, DEPOT_SIZE, f),
            "final": (p,),
            "six_continents": (p,),
            "secret_decades": (p, len(DECADES)),
            "unseen": (d,),
            "progress": (3,),
        }

    @cached_property
    def slices(self) -> dict[str, slice]:
        """Where each segment lies in the flat vector."""
        out, start = {}, 0
        for name, shape in self.shapes.items():
            size = int(np.prod(shape))
            out[name] = slice(start, start + size)
            start += size
        return out

    @cached_property
    def offsets(self) -> dict[str, int]:
        """Where each segment starts in the flat vector."""
        return {name: part.start for name, part in self.slices.items()}

    @cached_property
    def size(self) -> int:
        """The length of the vector."""
        stop: int = next(reversed(self.slices.values())).stop
        return stop

    @cached_property
    def most_turns(self) -> int:
        """The most turns one seat can have (R10a, R10b): one per spot and Depot place, and one to end."""
        return self.spots + DEPOT_SIZE + 1

    def split(self, vector: np.ndarray) -> dict[str, np.ndarray]:
        """The segments of one vector (or of a batch, the batch axis first), shaped."""
        lead = vector.shape[:-1]
        return {name: vector[..., self.slices[name]].reshape(*lead, *shape) for name, shape in self.shapes.items()}


class Fields(NamedTuple):
    """What a seat sees as integer arrays, batch axis first, seats in absolute order
    (0 = the start player); :data:`EMPTY` (−1) marks no card, no seat or no decade."""

    phase: np.ndarray  # (B,) index into PHASES
    seat: np.ndarray  # (B,) the observer
    to_move: np.ndarray  # (B,) the seat to move, EMPTY at chance nodes and the end
    hand: np.ndarray  # (B,) card id
    taken_at: np.ndarray  # (B,) continent index
    tile: np.ndarray  # (B, 6, 3) card ids at each continent
    vehicles: np.ndarray  # (B, P) continent index
    halls: np.ndarray  # (B, P, S) card ids
    depots: np.ndarray  # (B, P, 3) card ids
    final: np.ndarray  # (B, P) bool
    six: np.ndarray  # (B, P) bool
    decades: np.ndarray  # (B, P) decade index 0…9, EMPTY where the observer may not see it
    unseen: np.ndarray  # (B, D) bool
    round: np.ndarray  # (B,)
    turn: np.ndarray  # (B,)


def card_features(deck: tuple[Card, ...]) -> np.ndarray:
    """(D + 1, F) feature rows by card id; the last row, reached by id −1, is all zeros."""
    table = np.zeros((len(deck) + 1, len(CARD_FEATURES)), dtype=np.float32)
    for k, card in enumerate(deck):
        table[k, 0] = 1.0
        if card.year is not None:
            table[k, 1] = (card.year - FIRST_YEAR) / (LAST_YEAR - FIRST_YEAR)
        table[k, 2] = float(card.is_einstein)
        table[k, 3 + (len(CONTINENTS) if card.continent is None else card.continent.index)] = 1.0
    return table


def encode(layout: ObservationLayout, features: np.ndarray, fields: Fields) -> np.ndarray:
    """The observation vectors of a batch: (B, ``layout.size``) ``float32``.

    ``features`` is :func:`card_features` of the deck. Seats are turned to the observer's
    view: relative seat ``r`` is absolute seat ``(observer + r) % P``.
    """
    n = len(fields.phase)
    p, d, at, size = layout.players, layout.cards, layout.offsets, layout.size
    # one column past the vector takes every "nothing" (−1) entry's 1 and is dropped at the end
    out = np.zeros((n, size + 1), dtype=np.float32)
    rows = np.arange(n)[:, None]
    seats = np.arange(p)
    relative = (fields.seat[:, None] + seats) % p  # (B, P): the absolute seat of each relative one
    to_move = (fields.to_move - fields.seat) % p
    decades = fields.decades[rows, relative]
    tile = fields.tile.reshape(n, -1)
    column = np.repeat(np.arange(len(CONTINENTS)) * d, OPEN_CARDS)
    ones = np.hstack(
        [
            (at["phase"] + fields.phase)[:, None],
            (at["seat"] + fields.seat)[:, None],
            np.where(fields.to_move >= 0, at["to_move"] + to_move, size)[:, None],
            np.where(fields.hand >= 0, at["hand"] + fields.hand, size)[:, None],
            np.where(fields.taken_at >= 0, at["taken_at"] + fields.taken_at, size)[:, None],
            np.where(tile >= 0, at["tile"] + column + tile, size),
            at["vehicles"] + seats * len(CONTINENTS) + fields.vehicles[rows, relative],
            np.where(decades >= 0, at["secret_decades"] + seats * len(DECADES) + decades, size),
        ]
    )
    np.put(out, ones + (np.arange(n) * (size + 1))[:, None], 1.0)
    # the features table's last row is all zeros: card id −1 (an empty spot) picks it
    halls = fields.halls[rows, relative].reshape(n, -1)
    out[:, layout.slices["halls"]] = np.take(features, halls, axis=0).reshape(n, -1)
    depots = fields.depots[rows, relative].reshape(n, -1)
    out[:, layout.slices["depots"]] = np.take(features, depots, axis=0).reshape(n, -1)
    out[:, layout.slices["final"]] = fields.final[rows, relative]
    out[:, layout.slices["six_continents"]] = fields.six[rows, relative]
    out[:, layout.slices["unseen"]] = fields.unseen
    start = at["progress"]
    out[:, start] = fields.unseen.sum(axis=1) / d
    out[:, start + 1] = fields.round / layout.most_turns
    out[:, start + 2] = fields.turn / (layout.most_turns * p)
    return out[:, :size]


class Observer:
    """The observation of rule states of one :class:`Setup` (one layout, player count and deck).

    >>> import exhibition_lab as xl
    >>> game = xl.Game.new(3, seed=7)
    >>> observer = Observer(game.setup)
    >>> vector = observer.vector(game.state, seat=1)
    >>> vector.shape == (observer.layout.size,), vector.dtype.name
    (True, 'float32')
    >>> int(observer.layout.split(vector)["unseen"].sum()) == game.stock_size
    True
    """

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.layout = ObservationLayout.of(setup)
        self.features = card_features(setup.deck)
        self._ids = {card: k for k, card in enumerate(setup.deck)}
        # the deck's own card objects are the only ones in play: found by identity, no hashing
        self._by_identity = {id(card): k for k, card in enumerate(setup.deck)}
        # The board: the seat-independent picture of the last state asked for, every seat in
        # absolute order and every dealt Secret Decade on it. A step changes one continent's
        # open cards, one showcase or Depot, a vehicle or the stock by one card, so only what
        # changed is rewritten; a seat's view is the board turned to that seat (one gather).
        layout = self.layout
        self._spare = np.zeros(layout.size + 1, dtype=np.float32)  # one spare place past the end
        self._board = self._spare[: layout.size]
        # the board's numbers written one or a row at a time through a memoryview, which
        # costs a fraction of numpy's indexing: each card's features (the last row, an
        # empty spot's zeros) and zeros as long as a continent's row of the tile
        self._cells = cast("memoryview[float]", self._spare.data)
        self._feature_rows = [row.data for row in self.features]
        self._zeros = np.zeros(layout.cards, dtype=np.float32).data
        width = len(CARD_FEATURES)
        sizes = [showcase.size for showcase in setup.layout]
        self._first_spot = [sum(sizes[:k]) for k in range(len(sizes))]
        self._shown: list[object] = [None] * _PARTS
        self._shown_cases: list[list[tuple[Card | None, ...] | None]] = [
            [None] * len(sizes) for _ in range(layout.players)
        ]
        self._shown_depots: list[object] = [None] * layout.players
        # each vehicle's place on the board; the place past the vector's end (a spare
        # column of the board) while none is drawn
        self._vehicle_places = [layout.size] * layout.players
        self._per_seat = slice(layout.slices[_PER_SEAT[0]].start, layout.slices[_PER_SEAT[-1]].stop)
        self._turned = [self._turn_to(seat) for seat in range(setup.n_players)]
        # where each showcase's first spot and each Depot's first place lie on the board, seat by seat
        halls, depots = layout.offsets["halls"], layout.offsets["depots"]
        self._case_places = [
            [halls + (s * layout.spots + first) * width for first in self._first_spot] for s in range(layout.players)
        ]
        self._depot_places = [depots + s * DEPOT_SIZE * width for s in range(layout.players)]
        self._width = width
        at, parts = layout.offsets, layout.slices
        self._at = (at["phase"], at["seat"], at["to_move"], at["hand"], at["taken_at"], at["progress"])
        self._tile_rows = [at["tile"] + c * layout.cards for c in range(len(CONTINENTS))]
        decades = parts["secret_decades"]
        # V7: before the end a seat sees its own Secret Decade only (the table none)
        self._hidden = {"own": slice(decades.start + len(DECADES), decades.stop), "none": decades}
        self._scales = (float(layout.cards), float(layout.most_turns), float(layout.most_turns * layout.players))

    def __reduce__(self) -> tuple[type[Observer], tuple[Setup]]:
        """A copy (or a pickle) is a new observer of the same setup: the board's views of
        one array would otherwise come back as separate arrays."""
        return Observer, (self.setup,)

    def fields(self, state: State, seat: int, *, private: str = "own") -> Fields:
        """What ``seat`` sees of ``state``, as a batch of one (``private``: see
        :func:`visible_decades`)."""
        ids = self._ids
        p = self.setup.n_players
        tile = np.full((1, len(CONTINENTS), OPEN_CARDS), EMPTY, dtype=np.int64)
        for c, cards in enumerate(state.market):
            tile[0, c, : len(cards)] = [ids[card] for card in cards]
        halls = np.array([[[EMPTY if card is None else ids[card] for _, card in h.iter_spots()] for h in state.halls]])
        depots = np.full((1, p, DEPOT_SIZE), EMPTY, dtype=np.int64)
        for s, hall in enumerate(state.halls):
            depots[0, s, : len(hall.depot)] = [ids[card] for card in hall.depot]
        unseen = np.zeros((1, len(self.setup.deck)), dtype=bool)
        unseen[0, [ids[card] for card in state.stock]] = True
        player = self.setup.current_player(state)
        return Fields(
            phase=np.array([PHASE_INDEX[state.phase]]),
            seat=np.array([seat]),
            to_move=np.array([player if player >= 0 else EMPTY]),
            hand=np.array([EMPTY if state.hand is None else ids[state.hand]]),
            taken_at=np.array([EMPTY if state.taken_at is None else state.taken_at.index]),
            tile=tile,
            vehicles=np.array([[v.index for v in state.vehicles]]),
            halls=halls.reshape(1, p, self.layout.spots),
            depots=depots,
            final=np.array([state.final]),
            six=np.array([[r is not None for r in state.six_round]]),
            decades=np.array([visible_decades(state, seat, p, private=private)]),
            unseen=unseen,
            round=np.array([state.round]),
            turn=np.array([state.turn]),
        )

    def vector(self, state: State, seat: int, *, private: str = "own", player: int | None = None) -> np.ndarray:
        """The observation vector of ``seat`` in ``state`` (``float32``, ``layout.size`` long):
        :func:`encode` of :meth:`fields`, written for one state in a handful of numpy calls
        (search and learning ask for it at every decision). ``player`` is the seat to move
        (−1 at chance nodes and the end) when the caller knows it already."""
        if private not in PRIVATE_INFO:
            raise ArgumentError(f"private is one of {', '.join(PRIVATE_INFO)}, not {private!r}")
        if player is None:
            player = self.setup.current_player(state)
        try:
            return self._vector(state, seat, private, player)
        except KeyError:  # a card that is not one of the deck's own objects
            return self.vector_from_fields(state, seat, private=private)

    def _turn_to(self, seat: int) -> np.ndarray:
        """The board's place of each place of ``seat``'s per-seat segments: relative seat
        ``r`` reads absolute seat ``(seat + r) % P``."""
        layout = self.layout
        p = layout.players
        places = np.arange(layout.size)
        for name in _PER_SEAT:
            part = places[layout.slices[name]].reshape(p, -1)
            places[layout.slices[name]] = part[(np.arange(p) + seat) % p].ravel()
        return places[self._per_seat]

    def _vector(self, state: State, seat: int, private: str, player: int) -> np.ndarray:
        self._draw(state)
        board = self._board
        out: np.ndarray = board.copy()
        if seat:  # the per-seat segments lie together: only they turn
            board.take(self._turned[seat], out=out[self._per_seat], mode="clip")
        if private != "all" and state.secret_decades is not None and state.phase is not Phase.OVER:
            out[self._hidden[private]] = 0.0
        phase, at_seat, to_move, hand, taken_at, progress = self._at
        out[phase + PHASE_INDEX[state.phase]] = 1.0
        out[at_seat + seat] = 1.0
        if player >= 0:
            out[to_move + (player - seat) % len(state.halls)] = 1.0
        if state.hand is not None:
            out[hand + self._by_identity[id(state.hand)]] = 1.0
        if state.taken_at is not None:
            out[taken_at + state.taken_at.index] = 1.0
        cards, turns, all_turns = self._scales
        out[progress] = len(state.stock) / cards
        out[progress + 1] = state.round / turns
        out[progress + 2] = state.turn / all_turns
        return out

    def _draw(self, state: State) -> None:
        """Bring the board to ``state``: each part that is not the very object last drawn
        is rewritten (its numbers worked out before anything is erased, so that a card that
        is not the deck's leaves the board as it was)."""
        board, shown, layout, at = self._spare, self._shown, self.layout, self.layout.offsets
        # a whole is marked as not drawn while its parts are, so that a card that is not
        # the deck's, met half way, leaves no part taken for drawn
        if state.market is not shown[_MARKET]:  # a step that leaves the tile keeps its tuple
            shown[_MARKET] = None
            by_id, d, cells = self._by_identity, layout.cards, self._cells
            for c, cards in enumerate(state.market):
                if cards is not shown[c]:
                    row = self._tile_rows[c]
                    places = [row + by_id[i] for i in map(id, cards)]
                    cells[row : row + d] = self._zeros
                    for place in places:  # three cards at most (R5): one by one beats a gather
                        cells[place] = 1.0
                    shown[c] = cards
            shown[_MARKET] = state.market
        if state.halls is not shown[_ALL_HALLS]:
            shown[_ALL_HALLS] = None
            for s, hall in enumerate(state.halls):
                if hall is not shown[_HALLS + s]:
                    shown[_HALLS + s] = None
                    self._draw_hall(s, hall)
                    shown[_HALLS + s] = hall
            shown[_ALL_HALLS] = state.halls
        stock = state.stock
        if stock is not shown[_STOCK]:
            self._draw_stock(stock, cast(tuple[Card, ...], shown[_STOCK]))
            shown[_STOCK] = stock
        if state.vehicles is not shown[_VEHICLES]:  # a take moves one vehicle (R8)
            places, row, cells = self._vehicle_places, at["vehicles"], self._cells
            for s, vehicle in enumerate(state.vehicles):
                place = row + s * len(CONTINENTS) + vehicle.index
                if place != places[s]:
                    cells[places[s]] = 0.0
                    cells[place] = 1.0
                    places[s] = place
            shown[_VEHICLES] = state.vehicles
        if state.final is not shown[_FINAL]:
            board[layout.slices["final"]] = state.final
            shown[_FINAL] = state.final
        if state.six_round is not shown[_SIX]:
            board[layout.slices["six_continents"]] = [r is not None for r in state.six_round]
            shown[_SIX] = state.six_round
        if state.secret_decades is not shown[_DECADES]:
            row = at["secret_decades"]
            places = [
                row + s * len(DECADES) + DECADES.index(x)
                for s, x in enumerate(state.secret_decades or ())
                if x is not None
            ]
            board[layout.slices["secret_decades"]] = 0.0
            for place in places:
                board[place] = 1.0
            shown[_DECADES] = state.secret_decades

    def _draw_hall(self, seat: int, hall: Hall) -> None:
        """Write the showcases and the Depot of ``seat``'s hall that changed: a placement
        changes one showcase or the Depot (R10), the hall's other parts are the same objects.
        The numbers are all worked out before any is written (a card that is not the
        deck's raises ``KeyError`` with the board as it was)."""
        by_id, empty, width = self._by_identity, self.layout.cards, self._width
        rows, cells = self._feature_rows, self._cells
        shown = self._shown_cases[seat]
        writes = []
        for k, cards in enumerate(hall._showcases):  # noqa: SLF001  (the hall's spots in layout order)
            before = shown[k]
            if cards is before:
                continue
            place = self._case_places[seat][k]
            if before is not None and len(before) == len(cards):  # a placement fills one spot
                for spot in range(len(cards)):
                    card = cards[spot]
                    if card is not before[spot]:
                        writes.append((place + spot * width, empty if card is None else by_id[id(card)]))
            else:
                for spot, card in enumerate(cards):
                    writes.append((place + spot * width, empty if card is None else by_id[id(card)]))
        depot = hall.depot
        if depot is not self._shown_depots[seat]:
            place = self._depot_places[seat]
            ids = [by_id[id(card)] for card in depot] + [empty] * (DEPOT_SIZE - len(depot))
            writes += [(place + k * width, card_id) for k, card_id in enumerate(ids)]
        for place, card_id in writes:
            cells[place : place + width] = rows[card_id]
        shown[:] = hall._showcases  # noqa: SLF001
        self._shown_depots[seat] = depot

    def _draw_stock(self, stock: tuple[Card, ...], before: tuple[Card, ...] | None) -> None:
        """Write the unseen cards. A refill takes one card out of the stock (R9), which keeps
        deck order: the first place where the two differ is found by halving, and the rest
        checked equal, so that the board loses that one card; anything else is written anew."""
        board, at = self._board, self.layout.offsets["unseen"]
        if before is not None and len(stock) == len(before) - 1:
            low, high = 0, len(stock)  # stock[:low] is before[:low]; stock[high:] is before[high + 1:]
            while low < high:
                middle = (low + high) // 2
                if stock[middle] is before[middle]:
                    low = middle + 1
                else:
                    high = middle
            if stock[:low] == before[:low] and stock[low:] == before[low + 1 :]:
                board[at + self._by_identity[id(before[low])]] = 0.0
                return
        ids = map(self._by_identity.__getitem__, map(id, stock))
        places = np.fromiter(ids, dtype=np.int64, count=len(stock))
        board[self.layout.slices["unseen"]] = 0.0
        board[at + places] = 1.0

    def vector_from_fields(self, state: State, seat: int, *, private: str = "own") -> np.ndarray:
        """:meth:`vector` by way of :meth:`fields` and :func:`encode`, the batch encoder."""
        vector: np.ndarray = encode(self.layout, self.features, self.fields(state, seat, private=private))[0]
        return vector


def visible_decades(state: State, seat: int, players: int, *, private: str = "own") -> list[int]:
    """Each seat's Secret Decade as an index 0…9 where ``seat`` may see it (V7): its own
    once dealt, the others' once the game is over; :data:`EMPTY` elsewhere.

    ``private`` widens or narrows what counts as seen before the end: ``"own"`` (a player),
    ``"all"`` (a spectator who sees every card) or ``"none"`` (what the table shows).
    """
    if private not in PRIVATE_INFO:
        raise ArgumentError(f"private is one of {', '.join(PRIVATE_INFO)}, not {private!r}")
    dealt = state.secret_decades or ()
    over = state.phase is Phase.OVER

    def seen(s: int) -> bool:
        return over or private == "all" or (private == "own" and s == seat)

    return [
        DECADES.index(dealt[s]) if s < len(dealt) and dealt[s] is not None and seen(s) else EMPTY
        for s in range(players)
    ]
