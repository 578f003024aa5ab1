"""A play session: one game, which seats are people at the screen and which are bots.

A person's move goes through :meth:`Session.act`; the bots then play until a person is to
move or the game is over. :meth:`Session.undo` takes back the last *decision* of a person —
a forced move (the only legal one) is no decision and goes back with the decision before
it — together with the bots' moves after it. With several people at one screen
(hot-seat) each takes back only their own decisions.

The session is the model behind the apps: it holds no widget and no sentence; the ``ui``
layer words what it reports (:class:`UndoRefusal`, the moves of :meth:`Session.run_bots`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from typing import Any, Generic, TypeVar

import numpy as np

from .agents import Agent, agent_label, make_agent
from .errors import ArgumentError
from .history import History
from .seeding import check_seed

#: The seat kind of a person at the screen.
HUMAN = "human"

G = TypeVar("G", bound=History[Any, Any])


class UndoRefusal(Enum):
    """Why :meth:`Session.undo` is refused now."""

    NO_PEOPLE = "a game of bots has nothing to undo"
    NOTHING_YET = "no move of a person yet"
    ONLY_FORCED = "every move of a person so far was forced"
    NOT_YOURS = "the last decision belongs to another person at this screen"


class Session(Generic[G]):
    """One game with a kind per seat: :data:`HUMAN` or a bot (a registry name or an
    :class:`~exhibition_lab.core.agents.Agent`). Bots draw from a generator seeded with
    ``seed``, so a session replays exactly."""

    #: Bot names this game knows; a game's session sets its own.
    bots: Mapping[str, Callable[[], Agent]] = {}
    #: Mixed into the bots' seed so two games' sessions with one seed differ.
    rng_key: int = 0x5E55

    def __init__(self, game: G, seats: Sequence[str | Agent], *, seed: int = 0) -> None:
        players = len(self._names(game))
        if len(seats) != players:
            raise ArgumentError(f"{players} seat(s) need as many kinds, got {len(seats)}")
        self.game = game
        self.seats = [s if isinstance(s, str) else agent_label(s) for s in seats]
        self._agents = {k: make_agent(s, self.bots) for k, s in enumerate(seats) if s != HUMAN}
        self.seed = check_seed(seed)
        self._rng = np.random.default_rng([self.seed, self.rng_key])

    @staticmethod
    def _names(game: G) -> Sequence[str]:
        return game.players  # type: ignore[attr-defined, no-any-return]  # every game a session plays (Game, Timeline) names its players

    # ------------------------------------------------------------------ who is who
    def is_human(self, seat: int) -> bool:
        return self.seats[seat] == HUMAN

    @property
    def human_seats(self) -> list[int]:
        return [k for k in range(len(self.seats)) if self.is_human(k)]

    @property
    def humans_turn(self) -> bool:
        return not self.game.is_over and self.is_human(self.game.current)

    @property
    def viewer(self) -> int:
        """The seat the board shows as "yours": the person to move, else the first person's
        seat, else seat 0 (a game of bots)."""
        if self.humans_turn:
            return self.game.current
        return self.human_seats[0] if self.human_seats else 0

    def agent(self, seat: int) -> Agent:
        return self._agents[seat]

    # ------------------------------------------------------------------ moves
    def act(self, move: Any) -> list[tuple[int, Any]]:
        """A person's move (refused, changing nothing, when not allowed), then the bots'
        moves; returns every move made, the person's first."""
        if self.game.is_over:
            raise ArgumentError("the game is over; start a new one")
        if not self.humans_turn:
            raise ArgumentError(f"it is seat {self.game.current + 1}'s turn, a bot's")
        seat = self.game.current
        self.apply(move)
        return [(seat, self.game.decisions[-1][1]), *self.run_bots()]

    def apply(self, move: Any) -> None:
        """Apply one move of the seat to move (a hook for sessions that keep more, such as
        a sentence per move)."""
        self.game.apply(move)

    def run_bots(self) -> list[tuple[int, Any]]:
        """Bots move until a person is to move or the game ends; returns ``(seat, move)``."""
        done = []
        while not self.game.is_over and not self.is_human(self.game.current):
            seat = self.game.current
            moves = self.game.legal_moves()
            agent = self._agents[seat]
            if len(moves) == 1:
                move = moves[0]
            else:
                view = self.game.rules.view(self.game.state, seat) if getattr(agent, "uses_view", True) else None
                move = agent.choose(view, moves, self._rng)
            self.apply(move)
            done.append((seat, move))
        return done

    # ------------------------------------------------------------------ undo
    def last_decision(self) -> int | None:
        """The index in ``game.decisions`` of the last move of a person that was a choice
        (more than one legal move at the time), or ``None``."""
        decisions = self.game.decisions
        twin = self.game.copy()
        for k in range(len(decisions) - 1, -1, -1):
            twin.undo()  # now where decisions[k] was chosen
            if self.is_human(decisions[k][0]) and len(twin.legal_moves()) > 1:
                return k
        return None

    def undo_refusal(self) -> tuple[UndoRefusal, int | None] | None:
        """Why :meth:`undo` is refused now, with the seat concerned; ``None`` if allowed."""
        if not self.human_seats:
            return UndoRefusal.NO_PEOPLE, None
        last = self.last_decision()
        if last is None:
            if any(self.is_human(seat) for seat, _ in self.game.decisions):
                return UndoRefusal.ONLY_FORCED, None
            return UndoRefusal.NOTHING_YET, None
        owner = self.game.decisions[last][0]
        if self.humans_turn and owner != self.game.current:
            return UndoRefusal.NOT_YOURS, owner
        return None

    def undo(self) -> int:
        """Take back the last decision of a person and the bots' moves after it; returns
        how many moves went back."""
        refusal = self.undo_refusal()
        if refusal is not None:
            raise ArgumentError(f"nothing to undo: {refusal[0].value}")
        last = self.last_decision()
        assert last is not None  # undo_refusal() said there is one
        steps = len(self.game.decisions) - last
        for _ in range(steps):
            self.game.undo()
        return steps
