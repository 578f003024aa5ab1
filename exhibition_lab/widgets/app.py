"""The play app: the board components composed around a PlaySession."""

from __future__ import annotations

import ipywidgets as w

from ..actions import EndExhibition, Move, Place, Take, ToDepot
from ..cards import Card, Continent
from ..errors import ExhibitionLabError
from ..game import Game
from ..session import HUMAN, PlaySession
from .cards import CSS
from .controls import NewGameControls
from .hall import HallView
from .market import ContinentChooser, MarketView
from .panels import LogView, OpponentsView, ScoreSheetView, StatusBar


class GameApp(w.VBox):
    """Play a game in the notebook: you against bots by default (one greedy bot).

    ``GameApp(game=None, seats=None)``: pass a :class:`~exhibition_lab.game.Game` (and the
    kind of each seat, ``"human"`` or a bot name) to continue it, or nothing for a new game.
    ``app.game`` is the live game; every component is reachable through ``children``.
    """

    def __init__(self, game: Game | None = None, seats: list[str] | None = None, *, seed: int = 0) -> None:
        if game is None:
            session = PlaySession.new(seats or [HUMAN, "greedy"], seed=seed)
        else:
            session = PlaySession(game, seats or [HUMAN] + ["greedy"] * (game.n_players - 1), seed=seed)
            session.run_bots()
        self.session = session
        self.status = StatusBar()
        self.market = MarketView(self._take)
        self.chooser = ContinentChooser(self._move)
        self.hall = self._new_hall_view()
        self.opponents = OpponentsView()
        self.log_view = LogView()
        self.score_sheet = ScoreSheetView()
        self.undo_button = w.Button(description="Undo", icon="undo")
        self.undo_button.add_class("exlab-undo")
        self.undo_button.on_click(lambda _: self._undo())
        self.controls = NewGameControls(self._new_session)
        setup = w.Accordion([self.controls], titles=("New game",))
        setup.selected_index = None
        super().__init__(self._layout_children(setup))
        self.add_class("exlab-app")
        self.render()

    # ------------------------------------------------------------------ composition
    def _new_hall_view(self) -> HallView:
        return HallView(self.session.game.layout, on_spot=self._spot, on_depot=self._depot, on_end=self._end)

    def _layout_children(self, setup: w.Widget) -> list[w.Widget]:
        self._setup = setup
        return [
            w.HTML(CSS),
            self.status,
            self.market,
            self.chooser,
            self.hall,
            w.HBox([self.undo_button]),
            self.score_sheet,
            self.opponents,
            self.log_view,
            setup,
        ]

    @property
    def game(self) -> Game:
        return self.session.game

    def __repr__(self) -> str:
        seats = ", ".join(f"{name} ({kind})" for name, kind in zip(self.game.players, self.session.seats))
        return f"<GameApp {seats}: {self.game!r}>"

    def render(self) -> None:
        """Redraw every component from the session, in one batch of updates."""
        with self.hold_sync():
            parts = (self.status, self.market, self.chooser, self.hall, self.opponents, self.log_view, self.score_sheet)
            for part in parts:
                part.render(self.session)
            self.undo_button.disabled = not self._can_undo()

    def _can_undo(self) -> bool:
        return any(self.session.is_human(seat) for seat, _ in self.game.history)

    # ------------------------------------------------------------------ clicks
    def _act(self, action, done: str) -> None:
        try:
            self.session.act(action)
        except ExhibitionLabError as exc:
            self.status.say(str(exc), error=True)
            return
        bots = self.session.bot_moves[-3:] if not self.session.humans_turn or self.game.is_over else []
        self.status.say(done + (" · " + " · ".join(bots) if bots else ""))
        self.render()

    def _take(self, card: Card) -> None:
        self._act(Take(card), f"You took {card}: {card.title}")

    def _move(self, continent: Continent) -> None:
        self._act(Move(continent), f"Your vehicle moved to {continent.title}")

    def _spot(self, showcase: int, spot: int) -> None:
        reason = self.session.why_not_spot(showcase, spot)
        if reason is not None:
            self.status.say(reason, error=True)  # the game is unchanged
            return
        self._act(Place(showcase, spot), f"Placed at ({showcase}, {spot})")

    def _depot(self) -> None:
        self._act(ToDepot(), "Card put in the Depot (−1 fp at the end, R25)")

    def _end(self) -> None:
        self._act(EndExhibition(), "Exhibition ended; the card leaves the game (R10a, D3)")

    def _undo(self) -> None:
        try:
            steps = self.session.undo()
        except ExhibitionLabError as exc:
            self.status.say(str(exc), error=True)
            return
        self.status.say(f"Undid {steps} move(s)")
        self.render()

    def _new_session(self, session: PlaySession) -> None:
        self.session = session
        self.hall = self._new_hall_view()
        self.children = self._layout_children(self._setup)
        self.status.say("New game")
        self.render()

    # ------------------------------------------------------------------ tests and tools
    def find(self, css_class: str) -> list[w.Widget]:
        """Every widget in the app carrying ``css_class`` (for tests and scripting)."""
        found = []

        def walk(widget: w.Widget) -> None:
            if css_class in getattr(widget, "_dom_classes", ()):
                found.append(widget)
            for child in getattr(widget, "children", ()):
                walk(child)

        walk(self)
        return found
