"""A play session: a game, which seats are people and which are bots, and the bots' turns.

This is the model behind the widgets (it imports no widget code): the board components
render from it and send it the player's clicks as actions.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from .actions import Action, EndExhibition, Move, Place, Take, ToDepot
from .bots import BOTS, Bot, make_bot
from .errors import ExhibitionLabError
from .game import Game, Phase
from .layout import Layout

HUMAN = "human"
SEAT_KINDS = (HUMAN, *BOTS)


class PlaySession:
    """One game with a kind per seat (``"human"`` or a bot name).

    Human actions go through :meth:`act`; the bots then play until a human is to move or
    the game is over. :meth:`undo` steps back to the previous human decision.
    """

    def __init__(self, game: Game, seats: Sequence[str | Bot], *, seed: int = 0) -> None:
        if len(seats) != game.n_players:
            raise ExhibitionLabError(f"{game.n_players} seat(s) need as many kinds, got {len(seats)}")
        self.game = game
        self.seats = [s if isinstance(s, str) else s.name for s in seats]
        self._bots = {k: make_bot(s) for k, s in enumerate(seats) if s != HUMAN}
        self._rng = np.random.default_rng([seed, 0x5E55])
        self.bot_moves: list[str] = []

    @classmethod
    def new(
        cls,
        seats: Sequence[str] = (HUMAN, "greedy"),
        *,
        names: Sequence[str] | None = None,
        seed: int = 0,
        variations: Sequence[str] = (),
        secret_decades: bool = False,
    ) -> PlaySession:
        """A new game: one kind per seat (1–5 seats), optional names, variation showcases."""
        if not 1 <= len(seats) <= 5:
            raise ExhibitionLabError(f"a game has 1 to 5 players (R4), not {len(seats)}")
        names = list(names) if names else _default_names(seats)
        layout = Layout.base().with_variations(*variations)
        game = Game.new(names, seed=seed, layout=layout, secret_decades=secret_decades)
        session = cls(game, seats, seed=seed)
        session.run_bots()
        return session

    # ------------------------------------------------------------------ who is who
    def is_human(self, seat: int) -> bool:
        return self.seats[seat] == HUMAN

    @property
    def human_seats(self) -> list[int]:
        return [k for k in range(self.game.n_players) if self.is_human(k)]

    @property
    def humans_turn(self) -> bool:
        return not self.game.is_over and self.is_human(self.game.current)

    @property
    def viewer(self) -> int:
        """The seat whose hall the board shows as "yours": the human to move, else the
        first human seat, else seat 0 (a game of bots)."""
        if self.humans_turn:
            return self.game.current
        return self.human_seats[0] if self.human_seats else 0

    # ------------------------------------------------------------------ actions
    def act(self, action: Action | str) -> None:
        """Apply a human action (raises :class:`~exhibition_lab.errors.IllegalAction`,
        leaving the game unchanged), then let the bots play."""
        if self.game.is_over:
            raise ExhibitionLabError("the game is over; start a new one")
        if not self.humans_turn:
            raise ExhibitionLabError(f"it is {self.game.current_player}'s turn (a bot)")
        self.game.apply(action)
        self.run_bots()

    def run_bots(self) -> list[str]:
        """Bots move until a human is to move or the game ends; returns their moves."""
        done = []
        while not self.game.is_over and not self.is_human(self.game.current):
            seat = self.game.current
            actions = self.game.legal_actions()
            bot = self._bots[seat]
            view = self.game.view() if getattr(bot, "uses_view", True) else None
            action = actions[0] if len(actions) == 1 else bot.choose(view, actions, self._rng)
            self.game.apply(action)
            done.append(f"{self.game.players[seat]} ({self.seats[seat]}): {action}")
        self.bot_moves.extend(done)
        return done

    def undo(self) -> int:
        """Step back to the previous human decision; returns how many actions were undone."""
        if not self.human_seats:
            raise ExhibitionLabError("a game of bots has nothing to undo")
        history = self.game.history
        last_human = max((k for k, (seat, _) in enumerate(history) if self.is_human(seat)), default=None)
        if last_human is None:
            raise ExhibitionLabError("nothing to undo: no human move yet")
        steps = len(history) - last_human
        for _ in range(steps):
            self.game.undo()
        return steps

    def why_not_spot(self, showcase: int, spot: int) -> str | None:
        """Why the card in hand may not go to this spot (``None`` if it may)."""
        game = self.game
        if game.phase is not Phase.PLACE:
            return None
        return game.hall(game.current).why_not(game.hand, showcase, spot, game.others(), players=game.n_players)

    def legal_spots(self) -> list[tuple[int, int]]:
        return [(a.showcase, a.spot) for a in self.game.legal_actions() if isinstance(a, Place)]

    def can(self, kind: type) -> bool:
        """Whether an action of this kind (Take, Move, Place, ToDepot, EndExhibition) is legal now."""
        return self.humans_turn and any(isinstance(a, kind) for a in self.game.legal_actions())

    def log_lines(self) -> list[str]:
        """Every action so far, newest last: ``Ron: take 1969NA``."""
        return [f"{self.game.players[seat]}: {_describe(action)}" for seat, action in self.game.history]


def _describe(action: Action) -> str:
    if isinstance(action, Take):
        title = f" ({action.card.title})" if action.card.title else ""
        return f"takes {action.card}{title}"
    if isinstance(action, Move):
        return f"moves to {action.continent.title}"
    if isinstance(action, Place):
        return f"places at ({action.showcase}, {action.spot})"
    if isinstance(action, ToDepot):
        return "puts the card in the Depot"
    if isinstance(action, EndExhibition):
        return "ends the exhibition"
    return str(action)


def _default_names(seats: Sequence[str]) -> list[str]:
    names = []
    for k, kind in enumerate(seats):
        base = "You" if kind == HUMAN and seats.count(HUMAN) == 1 else f"{kind.capitalize()} {k + 1}"
        names.append(base)
    return names
