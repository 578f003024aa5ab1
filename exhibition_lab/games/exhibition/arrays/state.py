"""Many games of one setup as arrays: one row per game and one *hall row* per (game, seat).

A game stands in one of four phases: take (R7), move after a white card (R8), place
(R10) or over (R10c, D4); the refill (R9) happens with the take or the move, from each
game's stock order. Besides the cards, every hall row keeps per spot the range of years a
card may have there and the continents its showcase already shows, so legality is a
handful of array comparisons (:mod:`.masks`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..rules.actions import ActionSpace
from ..rules.cards import TILE_CARDS
from ..rules.deal import START_CONTINENTS
from ..rules.hall import DEPOT_SIZE
from ..rules.turns import Setup
from .tables import BIG, EMPTY, DeckArrays, Tables, deck_arrays, tables

TAKE, MOVE, PLACE, OVER = 0, 1, 2, 3  # a game's phase (R7, R8, R10, R10c/D4)


@dataclass(eq=False)
class BatchGames:
    """The state of ``n`` games of one :class:`~exhibition_lab.games.exhibition.rules.turns.Setup`
    (arrays, one row a game; hall rows ``game · players + seat``)."""

    setup: Setup
    tables: Tables
    deck: DeckArrays
    market: np.ndarray  # (n, 18) card ids by place 3·continent + k, EMPTY for an empty place
    stock: np.ndarray  # (n, S) card ids in the order they will be drawn; ``top`` of them drawn
    top: np.ndarray
    vehicle: np.ndarray  # (n, P) continent index
    seat: np.ndarray
    phase: np.ndarray
    hand: np.ndarray  # card in hand, EMPTY
    taken_slot: np.ndarray  # market place of the card in hand (the refill goes there, R9)
    final: np.ndarray  # (n, P)
    six_round: np.ndarray  # (n, P): round of all six continents (R19), 0 = not yet
    round: np.ndarray
    turn: np.ndarray
    secret: np.ndarray  # (n, P) Secret Decade (V7), EMPTY without
    taken_decades: np.ndarray  # (n,) decade bits in any Unique Decades showcase (V6a)
    discards: np.ndarray  # (n,) cards that left the game (D3)
    # hall rows: (n·P, …)
    hall: np.ndarray
    depot: np.ndarray
    n_depot: np.ndarray
    n_filled: np.ndarray
    low: np.ndarray  # per spot, the years a dated card may have there (an empty range once filled)
    high: np.ndarray
    colours: np.ndarray  # per spot, the continents its showcase shows, as bits (R12, R13)
    shown: np.ndarray  # continents of the coloured hall cards (R19)
    einstein_spot: np.ndarray  # Einstein's spot (n_spots while absent) and its interval of years (D7)
    einstein_low: np.ndarray
    einstein_high: np.ndarray
    log: np.ndarray | None = field(default=None, repr=False)  # (n, decisions) action ids (ActionSpace)
    log_at: np.ndarray | None = field(default=None, repr=False)

    @property
    def n(self) -> int:
        """Number of games."""
        return len(self.market)

    @property
    def players(self) -> int:
        return self.tables.players

    @property
    def space(self) -> ActionSpace:
        """The integer ids the log, the masks and forced turns speak (``Setup.space``)."""
        return self.setup.space

    @property
    def live(self) -> np.ndarray:
        """Which games are not over."""
        live: np.ndarray = self.phase != OVER
        return live

    def hall_row(self, games: np.ndarray, seats: np.ndarray | None = None) -> np.ndarray:
        """Hall rows of ``games`` for ``seats`` (default: each game's current seat)."""
        rows: np.ndarray = games * self.players + (self.seat[games] if seats is None else seats)
        return rows

    @classmethod
    def empty(cls, setup: Setup, n: int, stock_len: int, *, record: bool = False) -> BatchGames:
        """``n`` games before the deal: empty halls, tile and stock; vehicles as R6 puts them."""
        t = tables(setup.layout, setup.n_players)
        p, s = t.players, t.n_spots
        h = n * p
        return cls(
            setup=setup,
            tables=t,
            deck=deck_arrays(setup.deck),
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
            log=np.full((n, max_decisions(t)), EMPTY, dtype=np.int16) if record else None,
            log_at=np.zeros(n, dtype=np.intp) if record else None,
        )


def max_decisions(t: Tables) -> int:
    """The most decisions a game can hold: every seat's turns, each a take, a move and a place."""
    steps = len((TAKE, MOVE, PLACE))
    return steps * t.max_turns * t.players + steps


GAME_FIELDS = (
    "market", "stock", "top", "vehicle", "seat", "phase", "hand", "taken_slot", "final", "six_round",
    "round", "turn", "secret", "taken_decades", "discards",
)  # fmt: skip
HALL_FIELDS = (
    "hall", "depot", "n_depot", "n_filled", "low", "high", "colours", "shown",
    "einstein_spot", "einstein_low", "einstein_high",
)  # fmt: skip


def hall_rows(b: BatchGames, games: np.ndarray) -> np.ndarray:
    """Every hall row of ``games``, seat by seat."""
    return (np.asarray(games)[:, None] * b.players + np.arange(b.players)[None, :]).ravel()


def take_rows(array: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """``array[rows]`` (a copy), each row moved as one block of bytes (``np.take`` along the
    first axis, which costs a fraction of indexing)."""
    taken: np.ndarray = np.take(array, rows, axis=0)
    return taken


def put_rows(array: np.ndarray, rows: np.ndarray, values: np.ndarray) -> None:
    """``array[rows] = values``, each row of a 2-D array moved as one block of bytes."""
    packed = _packed(array)
    if packed is None:
        array[rows] = values
        return
    source = _packed(np.ascontiguousarray(values, dtype=array.dtype))
    if source is None:  # values to broadcast, as indexing does
        array[rows] = values
        return
    np.put(packed, rows, source)


def _packed(array: np.ndarray) -> np.ndarray | None:
    """A C-contiguous 2-D array seen as one opaque item per row, else None."""
    if array.ndim != 2 or not array.flags.c_contiguous or array.shape[1] < 2:
        return None
    return array.view(np.dtype((np.void, array.shape[1] * array.itemsize))).reshape(len(array))


def select(b: BatchGames, games: np.ndarray) -> BatchGames:
    """New independent games: copies of ``b``'s games at ``games`` (repeats allowed)."""
    games = np.asarray(games, dtype=np.intp)
    halls = hall_rows(b, games)
    parts = {name: take_rows(getattr(b, name), games) for name in GAME_FIELDS}
    parts |= {name: take_rows(getattr(b, name), halls) for name in HALL_FIELDS}
    if b.log is not None and b.log_at is not None:
        parts |= {"log": take_rows(b.log, games), "log_at": b.log_at[games]}
    return BatchGames(setup=b.setup, tables=b.tables, deck=b.deck, **parts)


def store(b: BatchGames, games: np.ndarray, part: BatchGames, rows: np.ndarray, *, skip: tuple[str, ...] = ()) -> None:
    """Write games ``rows`` of ``part`` (a :func:`select` of ``b``) back into ``b`` at
    ``games``, but for the game fields named in ``skip``."""
    for name in GAME_FIELDS:
        if name not in skip:
            put_rows(getattr(b, name), games, take_rows(getattr(part, name), rows))
    halls, part_halls = hall_rows(b, games), hall_rows(part, rows)
    for name in HALL_FIELDS:
        put_rows(getattr(b, name), halls, take_rows(getattr(part, name), part_halls))
    if b.log is not None and b.log_at is not None and part.log is not None and part.log_at is not None:
        put_rows(b.log, games, take_rows(part.log, rows))
        b.log_at[games] = part.log_at[rows]
