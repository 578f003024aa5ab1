"""One play of a game: the state now and every step that led there, so any step can be
taken back exactly (python-chess's move stack, OpenSpiel's history).

A :class:`History` holds the :class:`~exhibition_lab.core.protocol.Rules` and a list of
:class:`Step` — decisions and chance outcomes alike, each with who made it. Undoing a
decision also takes back the chance outcomes it led to (the refill after a take), so a
draw never stays visible after the move that caused it is taken back.

How chance is resolved is the game wrapper's choice: :meth:`History.settle` asks a
*chance source* for each outcome. :class:`Sampler` draws outcomes from a seeded generator;
a game that deals from a seeded order (Exhibition's shuffled deck) passes its own source.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any, Generic, NamedTuple, TypeVar

import numpy as np

from .errors import ExhibitionLabError
from .protocol import CHANCE, Rules

S = TypeVar("S", bound=Hashable)
M = TypeVar("M", bound=Hashable)

#: Gives the outcome of the chance node ``state``.
ChanceSource = Callable[[Any], Any]


class Step(NamedTuple):
    """One step of a play: ``player`` is the seat that moved, or :data:`CHANCE`."""

    player: int
    move: Any

    @property
    def is_chance(self) -> bool:
        return self.player == CHANCE


class Sampler:
    """A chance source drawing every outcome with its probability from ``rng``."""

    def __init__(self, rules: Rules[Any, Any, Any], rng: np.random.Generator) -> None:
        self._rules = rules
        self._rng = rng

    def __call__(self, state: Any) -> Any:
        return self._rules.sample_chance(state, self._rng)


class History(Generic[S, M]):
    """The play of a game from a start state: :attr:`state`, :attr:`steps`, :meth:`push`,
    :meth:`undo`, :meth:`copy` and equality by start, steps and state.

    The legal moves of the current state are kept, so :meth:`push` of a move among them
    skips the re-check (:meth:`Rules.next_trusted`); anything else is checked in full.
    """

    __slots__ = ("_before", "_chance", "_legal", "_player", "_rules", "_start", "_state", "_steps")

    def __init__(self, rules: Rules[S, M, Any], start: S | None = None, *, chance: ChanceSource | None = None) -> None:
        self._rules = rules
        self._start: S = rules.initial() if start is None else start
        self._state: S = self._start
        self._player = rules.current_player(self._start)  # of the state now, kept in step with it
        self._before: list[S] = []
        self._steps: list[tuple[int, Any]] = []  # (player, move): Steps are made when read
        self._legal: tuple[S, frozenset[int], tuple[M, ...]] | None = None
        self._chance = chance
        if chance is not None:
            self.settle(chance)

    # ------------------------------------------------------------------ reading
    @property
    def rules(self) -> Rules[S, M, Any]:
        return self._rules

    @property
    def state(self) -> S:
        """The state now."""
        return self._state

    @property
    def start(self) -> S:
        """The state the play began from (the rules' initial state, or a position)."""
        return self._start

    @property
    def steps(self) -> tuple[Step, ...]:
        """Every step from the start, chance outcomes included."""
        return tuple(Step(player, move) for player, move in self._steps)

    @property
    def decisions(self) -> tuple[tuple[int, M], ...]:
        """The seats' moves only, as ``(seat, move)``."""
        return tuple(step for step in self._steps if step[0] != CHANCE)

    def states(self) -> list[S]:
        """The state before every step, then the state now."""
        return [*self._before, self._state]

    def legal_moves(self) -> list[M]:
        """:meth:`Rules.legal_moves` of the state now (kept until the state changes)."""
        return list(self._legal_here()[2])

    def _legal_here(self) -> tuple[S, frozenset[int], tuple[M, ...]]:
        if self._legal is None or self._legal[0] is not self._state:
            moves = tuple(self._rules.legal_moves(self._state))
            # the very objects handed out: a move passed back among them needs no re-check
            self._legal = (self._state, frozenset(map(id, moves)), moves)
        return self._legal

    @property
    def current(self) -> int:
        """The seat to move, :data:`CHANCE` or :data:`TERMINAL` (see :mod:`.protocol`)."""
        return self._rules.current_player(self._state)

    @property
    def is_over(self) -> bool:
        return self._rules.is_terminal(self._state)

    def returns(self) -> tuple[float, ...]:
        return self._rules.returns(self._state)

    # ------------------------------------------------------------------ changing
    def apply(self, move: M | str) -> History[S, M]:
        """Make a seat's move (or its text), then let the chance source resolve the chance
        nodes it leads to (a refill, a draw). Returns ``self`` so calls chain."""
        if isinstance(move, str):
            move = self._rules.parse_move(self._state, move)
        self._push(move, self._player)
        if self._chance is not None and self._player == CHANCE:
            self.settle(self._chance)
        return self

    def push(self, move: M) -> S:
        """Make one move or chance outcome; raises (changing nothing) when it is not
        allowed. Returns the new state."""
        return self._push(move, self._player)

    def _push(self, move: M, player: int) -> S:
        state = self._state
        legal = self._legal
        if legal is not None and legal[0] is state and id(move) in legal[1]:
            after = self._rules.next_trusted(state, move)
        else:
            after = self._rules.next_state(state, move)
        self._before.append(state)
        self._steps.append((player, move))
        self._state = after
        self._player = self._rules.current_player(after)
        return after

    def settle(self, source: ChanceSource) -> None:
        """Resolve chance nodes with ``source`` until a seat is to move or the game is over."""
        while self._player == CHANCE:
            self._push(source(self._state), CHANCE)

    def pop(self) -> Step:
        """Take back the last step, whatever it was."""
        if not self._steps:
            raise ExhibitionLabError("nothing to undo: no step has been taken")
        self._state = self._before.pop()
        step = Step(*self._steps.pop())
        self._player = self._rules.current_player(self._state)
        return step

    def undo(self) -> M:
        """Take back the last decision and the chance outcomes that followed it; returns
        the decision. Chance before the first decision (the deal) is never taken back."""
        last = next((k for k in range(len(self._steps) - 1, -1, -1) if self._steps[k][0] != CHANCE), None)
        if last is None:
            raise ExhibitionLabError("nothing to undo: no move has been made")
        while len(self._steps) > last + 1:
            self.pop()
        move: M = self.pop().move
        return move

    def copy(self) -> History[S, M]:
        """An independent play in the same state with the same steps (cheap: states are
        immutable and shared)."""
        twin = self._blank_copy()
        twin._before = list(self._before)  # noqa: SLF001  (a History copying itself)
        twin._steps = list(self._steps)  # noqa: SLF001
        return twin

    def _blank_copy(self) -> History[S, M]:
        """A copy of this object without its step lists (subclasses add their fields)."""
        twin = object.__new__(type(self))
        if hasattr(self, "__dict__"):
            twin.__dict__.update(self.__dict__)
        for name in _all_slots(type(self)):
            if hasattr(self, name):
                object.__setattr__(twin, name, getattr(self, name))
        return twin

    def __copy__(self) -> History[S, M]:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> History[S, M]:
        return self.copy()  # states and moves are immutable: sharing them is exact

    # ------------------------------------------------------------------ identity
    def _identity(self) -> tuple[Any, ...]:
        return (self._rules, self._start, tuple(self._steps), self._state)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, History) or type(other) is not type(self):
            return NotImplemented
        return self._identity() == other._identity()

    __hash__ = None  # type: ignore[assignment]  # a play changes


def _all_slots(cls: type) -> Sequence[str]:
    names: list[str] = []
    for klass in cls.__mro__:
        slots = klass.__dict__.get("__slots__", ())
        names.extend([slots] if isinstance(slots, str) else slots)
    return names
