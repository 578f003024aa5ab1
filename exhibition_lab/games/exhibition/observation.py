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
from typing import NamedTuple

import numpy as np

from ...core.errors import ArgumentError
from .rules.cards import CONTINENTS, FIRST_YEAR, LAST_YEAR, OPEN_CARDS, Card
from .rules.deal import DECADES
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
        self._last_stock: tuple[Card, ...] | None = None
        self._last_ids = np.zeros(0, dtype=np.int64)
        # a hall is an immutable value, and a turn changes one hall at most: the features of
        # each hall's spots and Depot are written once and kept (the hall itself is kept too,
        # so that its id is not reused while the entry lives)
        self._hall_rows: dict[int, tuple[Hall, np.ndarray, np.ndarray]] = {}
        self._market_places: dict[int, tuple[tuple[Card, ...], list[int]]] = {}

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

    def vector(self, state: State, seat: int, *, private: str = "own") -> np.ndarray:
        """The observation vector of ``seat`` in ``state`` (``float32``, ``layout.size`` long):
        :func:`encode` of :meth:`fields`, written for one state in a handful of numpy calls
        (search and learning ask for it at every decision)."""
        if private not in PRIVATE_INFO:
            raise ArgumentError(f"private is one of {', '.join(PRIVATE_INFO)}, not {private!r}")
        try:
            return self._vector(state, seat, private)
        except KeyError:  # a card that is not one of the deck's own objects
            return self.vector_from_fields(state, seat, private=private)

    def _vector(self, state: State, seat: int, private: str) -> np.ndarray:
        layout, at = self.layout, self.layout.offsets
        size, d, p = layout.size, layout.cards, layout.players
        by_id = self._by_identity
        order = [(seat + r) % p for r in range(p)]
        player = self.setup.current_player(state)
        ones = [at["phase"] + PHASE_INDEX[state.phase], at["seat"] + seat]
        if player >= 0:
            ones.append(at["to_move"] + (player - seat) % p)
        if state.hand is not None:
            ones.append(at["hand"] + by_id[id(state.hand)])
        if state.taken_at is not None:
            ones.append(at["taken_at"] + state.taken_at.index)
        for c, cards in enumerate(state.market):
            ones += self._places(c, cards)
        vehicles = state.vehicles
        ones += [at["vehicles"] + r * len(CONTINENTS) + vehicles[s].index for r, s in enumerate(order)]
        if state.secret_decades is not None:  # V7: nothing to show in a game without them
            decades = visible_decades(state, seat, p, private=private)
            ones += [
                at["secret_decades"] + r * len(DECADES) + decades[s] for r, s in enumerate(order) if decades[s] >= 0
            ]
        out = np.zeros(size, dtype=np.float32)
        out[ones] = 1.0
        out[at["unseen"] + self._stock_ids(state.stock)] = 1.0
        rows = [self._rows(state.halls[s]) for s in order]
        out[layout.slices["halls"]] = np.concatenate([spots for spots, _ in rows])
        out[layout.slices["depots"]] = np.concatenate([depot for _, depot in rows])
        out[layout.slices["final"]] = [state.final[s] for s in order]
        out[layout.slices["six_continents"]] = [state.six_round[s] is not None for s in order]
        start = at["progress"]
        out[start : start + 3] = (
            len(state.stock) / d,
            state.round / layout.most_turns,
            state.turn / (layout.most_turns * p),
        )
        return out

    def _places(self, continent: int, cards: tuple[Card, ...]) -> list[int]:
        """The places in the vector of one continent's open cards on the tile; a take and a
        refill change one continent's cards, the others' are kept."""
        kept = self._market_places.get(continent)
        if kept is not None and kept[0] is cards:
            return kept[1]
        start, by_id = self.layout.offsets["tile"] + continent * self.layout.cards, self._by_identity
        places = [start + by_id[i] for i in map(id, cards)]
        self._market_places[continent] = (cards, places)
        return places

    def _rows(self, hall: Hall) -> tuple[np.ndarray, np.ndarray]:
        """The features of ``hall``'s spots (in layout order) and of its Depot, flat."""
        kept = self._hall_rows.get(id(hall))
        if kept is not None and kept[0] is hall:
            return kept[1], kept[2]
        by_id, empty, none = self._by_identity, self.layout.cards, id(None)
        spots = [
            empty if i == none else by_id[i]
            for cards in hall._showcases  # noqa: SLF001  (the hall's spots in layout order)
            for i in map(id, cards)
        ]
        depot = [by_id[i] for i in map(id, hall.depot)] + [empty] * (DEPOT_SIZE - len(hall.depot))
        if len(self._hall_rows) >= 4096:  # a long search meets many halls: forget the old ones
            self._hall_rows.clear()
        entry = (hall, self.features[spots].ravel(), self.features[depot].ravel())
        self._hall_rows[id(hall)] = entry
        return entry[1], entry[2]

    def vector_from_fields(self, state: State, seat: int, *, private: str = "own") -> np.ndarray:
        """:meth:`vector` by way of :meth:`fields` and :func:`encode`, the batch encoder."""
        vector: np.ndarray = encode(self.layout, self.features, self.fields(state, seat, private=private))[0]
        return vector

    def _stock_ids(self, stock: tuple[Card, ...]) -> np.ndarray:
        """The ids of the stock's cards; consecutive states share the stock until a refill,
        so the last answer is kept."""
        if stock is not self._last_stock:
            ids = map(self._by_identity.__getitem__, map(id, stock))
            self._last_ids = np.fromiter(ids, dtype=np.int64, count=len(stock))
            self._last_stock = stock
        return self._last_ids


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
