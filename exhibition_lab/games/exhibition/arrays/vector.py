"""Many games stepped at once on the array engine — no framework needed.

:class:`VectorGames` holds its batch of games and steps them in place, as a Gymnasium vector
environment does (a copy of a whole batch at every step would cost more than the step);
what it returns has the shape of pgx's ``State``. :meth:`VectorGames.reset` deals ``n`` games
and :meth:`VectorGames.step` takes one action id per game (ids of
:class:`~exhibition_lab.games.exhibition.rules.actions.ActionSpace`); both return a new
:class:`VectorState` of arrays, which no later step changes (but see ``copy`` below): the seat to
move, its observation (the layout of :mod:`exhibition_lab.games.exhibition.observation`, seen
from that seat), the legal-action mask,
the rewards of the step (per seat, at the end of a game, per ``utility``) and which games are
over. A finished game stays finished (its actions are ignored) until the next reset; a step
when every game is over is refused (R10c), as the engine refuses a move after the end.

The observations are kept from step to step on two boards in turn, and a step rewrites only
what it changed (the card taken and the refill, the vehicle, the card placed, the seat to move…):
a board is written again only once nothing refers to the observation it showed — neither the
returned state, nor the array, nor a view or a memoryview of it — so an observation the caller
holds never changes (holding the last one costs nothing; holding older ones too costs a copy of
the batch a step). ``copy=False`` gives, as a Gymnasium vector environment built with
``copy=False`` does, one board that every step writes over: the observation returned shows the
same memory each time, valid until the next step (copy what must be kept), and the fastest. The
observation is read-only in both modes, since the next step of its board starts from it
(``np.array(state.observation)`` gives a copy to change).

Every entry checks what it is given with the engine's own checks (:mod:`exhibition_lab.core.checks`,
:func:`~exhibition_lab.games.exhibition.rules.deal.check_deal`): actions are an integer array of
one id per game, ``acting`` a boolean array, rows distinct row numbers, deals what R5 and V7
allow, a batch at most :data:`MAX_GAMES` games; anything else raises ``ArgumentError`` before
numpy sees it.

>>> import numpy as np
>>> from exhibition_lab.envs import VectorGames
>>> games = VectorGames(players=1)
>>> state = games.reset(256, seed=7)
>>> rng = np.random.default_rng(7)
>>> while not state.terminated.all():
...     state = games.step(games.random_actions(state, rng))
>>> state.observation.shape, bool(state.terminated.all()), games.totals().shape
((256, 1034), True, (256, 1))
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

from ....core.checks import check_actions, check_count, check_flag, check_mask, check_rows
from ....core.errors import ArgumentError, IllegalAction
from ....core.seeding import generator
from ..observation import ObservationLayout, card_features
from ..rules.deal import Deal, check_deal
from ..setups import make_setup
from . import stepwise as backend

#: The most games one batch holds: a board of observations takes about 6 kB a game (and
#: observed games keep two boards).
MAX_GAMES = 2**17


class VectorState(NamedTuple):
    """What a batch of games shows after a reset or a step (pgx's ``State``), one row a game:
    arrays which later steps of the games never change (the observation excepted, with
    ``VectorGames(copy=False)``)."""

    current_player: np.ndarray  # (n,) the seat to move, −1 once the game is over
    observation: np.ndarray | None  # (n, size) float32, seen by the seat to move (None if not observed)
    legal_action_mask: np.ndarray  # (n, ids) bool
    rewards: np.ndarray  # (n, seats) float32: the returns, on the step that ends a game
    terminated: np.ndarray  # (n,) bool
    truncated: np.ndarray  # (n,) bool, always False: a game always ends by its rules


class VectorGames:
    """A batch of games of one setup: ``players`` (1–5), ``variations`` (V1–V6a),
    ``secret_decades`` (V7), ``utility`` (``"margin"``, ``"win"``, ``"score"``; solo: the ×100
    score) and the solo ``mid_century`` reading (D11). With ``observe=False`` the states carry
    no observation (the fastest way to play many games); with ``copy=False`` every state's
    observation shows one board that the next step writes over (see the module text)."""

    def __init__(
        self,
        players: int = 1,
        *,
        variations: str | Sequence[str] = (),
        secret_decades: bool = False,
        utility: str | None = None,
        mid_century: str = "harsh",
        observe: bool = True,
        copy: bool = True,
    ) -> None:
        self.rules = make_setup(
            players, variations=variations, secret_decades=secret_decades, utility=utility, mid_century=mid_century
        )
        self.layout = ObservationLayout.of(self.rules)
        self.observe = check_flag(observe, what="observe")
        self.copy = check_flag(copy, what="copy")
        self._features = card_features(self.rules.deck)
        # the boards observations are written on, the one written last at the end
        self._encoders = [backend.Encoder(self.rules, self.layout, self._features)]
        self._rng = np.random.default_rng()
        self.batch: backend.Batch | None = None
        self._mask = np.zeros((0, self.num_actions), dtype=bool)

    @property
    def num_actions(self) -> int:
        return self.rules.info.num_distinct_actions

    @property
    def observation_size(self) -> int:
        return self.layout.size

    # ------------------------------------------------------------------ playing
    def reset(self, n: int, seed: int | np.random.Generator | None = None) -> VectorState:
        """``n`` new games, dealt from ``seed`` (the same seed, the same games)."""
        n = check_count(n, least=1, most=MAX_GAMES, what="n, the number of games in a batch,")
        if seed is not None:
            self._rng, _ = generator(seed)
        self.batch = backend.deal(self.rules, n, self._rng)
        return self._state(np.zeros(n, dtype=bool))

    def reset_to(self, deals: Sequence[Deal]) -> VectorState:
        """New games dealt exactly as ``deals`` (e.g. ``Game.new(...).deal``): the same
        tile, Secret Decades and refills as the scalar games. Each deal is checked as
        ``Game`` checks one: every deck card once, each continent's three cards sorted (R5),
        one distinct Secret Decade a seat exactly when these rules deal them (V7)."""
        if not isinstance(deals, (list, tuple)):
            raise ArgumentError(f"deals is a list of Deal, not {type(deals).__name__}")
        check_count(len(deals), least=1, most=MAX_GAMES, what="the number of deals")
        rules = self.rules
        for deal in deals:
            check_deal(deal, rules.deck, rules.n_players)
            if (deal.secret_decades is not None) != rules.secret_decades:
                needed = "deal" if rules.secret_decades else "do not deal"
                raise ArgumentError(f"V7: these rules {needed} Secret Decades; a deal says otherwise", rule="V7")
        self.batch = backend.from_deals(rules, deals)
        return self._state(np.zeros(len(deals), dtype=bool))

    def step(self, actions: np.ndarray | Sequence[int], *, acting: np.ndarray | None = None) -> VectorState:
        """Every game not over takes its action id (only the games ``acting`` marks, when
        given): the games advance in place and the returned :class:`VectorState` is a new
        snapshot of them (states returned before stay as they were). An illegal action raises
        ``IllegalAction`` (naming the game and the rule) and changes nothing."""
        batch = self._require()
        actions = check_actions(actions, batch.n)
        if acting is not None:
            acting = check_mask(acting, batch.n, what="acting")
        before = backend.over(batch)
        if before.all():
            raise IllegalAction("R10c: every game of the batch is over; reset before the next step", rule="R10c")
        backend.step(self.rules, batch, actions, self._mask, acting=acting)
        return self._state(backend.over(batch) & ~before)

    def returns(self) -> np.ndarray:
        """(n, seats) each seat's result per the utility, as the games stand (final once over)."""
        totals, winners = backend.totals(self.rules, self._require())
        return seat_returns(totals, winners, self.rules.utility)

    def totals(self) -> np.ndarray:
        """(n, seats) each seat's total (fame points; the ×100 score in a solo game)."""
        return backend.totals(self.rules, self._require())[0]

    def random_actions(self, state: VectorState, rng: np.random.Generator) -> np.ndarray:
        """One legal action per game, each as likely as the others (0 for a finished game)."""
        if not isinstance(state, VectorState):
            raise ArgumentError(f"state is a VectorState, not {type(state).__name__}")
        _check_rng(rng)
        # row by row, ids ascending: the flat positions (a 2-d nonzero costs far more), whose
        # ids are worked out only where picked
        n, width = state.legal_action_mask.shape
        legal = np.flatnonzero(state.legal_action_mask)
        if not len(legal):
            return np.zeros(n, dtype=np.int64)
        counts = np.bincount(legal // width, minlength=n)
        first = np.cumsum(counts) - counts
        pick = first + (rng.random(n) * counts).astype(np.int64)
        chosen = legal[np.minimum(pick, len(legal) - 1)] - np.arange(0, n * width, width)
        return np.where(counts > 0, chosen, 0).astype(np.int64)

    # ------------------------------------------------------------------ state
    def _require(self) -> backend.Batch:
        if self.batch is None:
            raise ArgumentError("no games yet: call reset() first")
        return self.batch

    def _state(self, ended: np.ndarray) -> VectorState:
        batch = self._require()
        over = backend.over(batch)
        self._mask = backend.legal_mask(self.rules, batch)
        rewards = np.zeros((batch.n, self.rules.n_players), dtype=np.float32)
        if ended.any():  # scored where a game just ended, and only there
            rows = np.flatnonzero(ended)
            rewards[rows] = seat_returns(*backend.totals(self.rules, batch, rows), self.rules.utility)
        observation = None
        if self.observe:
            observation = self._observation(batch)
        return VectorState(
            current_player=np.where(over, -1, backend.seat(batch)),
            observation=observation,
            legal_action_mask=self._mask.copy(),
            rewards=rewards,
            terminated=over.copy(),
            truncated=np.zeros(batch.n, dtype=bool),
        )

    def _observation(self, batch: backend.Batch) -> np.ndarray:
        """The observations of the batch on a board that no snapshot still held shows.

        A board keeps the observations it showed, so a step rewrites only what changed since
        then; two boards take turns, because a caller still holds the snapshot of the last
        step while it chooses the next actions, and has usually dropped the one before. A
        board anything else still refers to (a kept snapshot, a view of one) is left to its
        holder and a copy of the newest board takes its place. With ``copy=False`` there is
        one board, written over at every step. Either way the caller gets a read-only view of
        the board."""
        encoders = self._encoders
        if self.copy:
            free = [k for k, encoder in enumerate(encoders) if not _held(encoder.board)]
            if free:
                encoder = encoders.pop(free[0])  # the older first: the newest is likely still in use
            elif len(encoders) < _BOARDS:
                encoder = encoders[-1].fork()
            else:
                encoders.pop(0)
                encoder = encoders[-1].fork()
            encoders.append(encoder)
        # read-only: the next step of this board starts from what it shows
        shown = encoders[-1](batch).view()
        shown.flags.writeable = False
        return shown

    def replace_games(self, rows: np.ndarray, rng: np.random.Generator) -> None:
        """Deal new games in place of games ``rows`` (for an environment that resets games
        as they end)."""
        batch = self._require()
        rows = check_rows(rows, batch.n)
        _check_rng(rng)
        if len(rows):
            backend.replace(batch, rows, backend.deal(self.rules, len(rows), rng))

    def state(self) -> VectorState:
        """The batch as it stands, with no rewards."""
        return self._state(np.zeros(self._require().n, dtype=bool))


#: Boards in turn for snapshots: the last one returned, and the one before, which is free again
#: once its state is dropped.
_BOARDS = 2


def _references(board: np.ndarray) -> int:
    return sys.getrefcount(board)


class _Unheld:
    """A board that only its owner refers to, as an encoder holds its own."""

    def __init__(self) -> None:
        self.board = np.zeros(0, dtype=np.float32)


def _counted(board: np.ndarray) -> int:
    """What :func:`_held` counts for ``board``: reached the same way, through one argument."""
    return _references(board)


_UNHELD = _Unheld()
#: What :func:`_held` counts for a board only its encoder holds, counted the same way at
#: import (the interpreter's own references to arguments differ from version to version).
_OWN_REFERENCES = _counted(_UNHELD.board)


def _held(board: np.ndarray) -> bool:
    """Whether anything besides its encoder refers to ``board``: a snapshot returned before
    (its state, the array itself, or a view, whose base it is)."""
    return _references(board) > _OWN_REFERENCES


def _check_rng(rng: object) -> None:
    if not isinstance(rng, np.random.Generator):
        raise ArgumentError(f"rng is a numpy.random.Generator, not {type(rng).__name__}")


def seat_returns(totals: np.ndarray, winners: np.ndarray, utility: str) -> np.ndarray:
    """Per game and seat, what :meth:`Setup.returns <exhibition_lab.games.exhibition.rules.turns.Setup.returns>`
    gives: the total (solo, ``"score"``), an equal share of 1 for the winners (``"win"``), or
    the total less the best other seat's (``"margin"``)."""
    totals = totals.astype(np.float32)
    players = totals.shape[1]
    if players == 1 or utility == "score":
        return totals
    if utility == "win":
        shares: np.ndarray = winners / winners.sum(axis=1, keepdims=True).astype(np.float32)
        return shares
    others = np.stack([np.delete(totals, seat, axis=1).max(axis=1) for seat in range(players)], axis=1)
    margins: np.ndarray = totals - others
    return margins
