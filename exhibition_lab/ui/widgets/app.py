"""The play app: the board components composed around a PlaySession, laid out for a laptop
screen (1366×768): status on top, the Continents tile beside the running score and the other
players' compact halls, then your hall in one row with the Depot and its controls."""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets as w

from ...core.errors import ExhibitionLabError
from ...games.exhibition import coach
from ...games.exhibition.game import Game
from ...games.exhibition.rules.actions import EndExhibition, Move, Place, Take, ToDepot
from ...games.exhibition.rules.cards import Card, Continent
from ...games.exhibition.rules.layout import SHOWCASES
from ...games.exhibition.session import HUMAN, VARIATION_LINES, PlaySession
from ..text.explain import card_name
from .cards import CSS, find_widgets, set_class
from .coach import HINT_TIME_LIMIT, REVIEW_TIME_LIMIT, HintPanel, ReviewView, hint_target
from .controls import NewGameControls
from .hall import HallView
from .market import MARKET_WIDTH, ContinentChooser, MarketView
from .panels import (
    HandView,
    LiveScoreView,
    LogView,
    OpponentsView,
    ScoreSheetView,
    ScrollAnchor,
    StatusBar,
    minus,
    rule_tag,
    tag_rules,
)
from .whatif import YearsGapExplorer

ToolFactory = Callable[["GameApp"], w.Widget]
MAX_SENTENCES = 5  # turns told in the status line at once; the log keeps them all


def variations_in_words(game: Game) -> str:
    """The variation showcases and the Secret Decade of ``game`` in one sentence, each with
    its rule (V2–V7), or ``""`` for the base game: ``"Variations: Links over General —
    direct neighbours share a continent or lie within 5 years (V3)."``"""
    parts = [
        f"{kind.name} over {SHOWCASES[kind.covers].name} — {VARIATION_LINES.get(kind.key, '')} ({kind.rule})"
        for kind in game.layout
        if kind.is_variation
    ]
    if game.secret_decades is not None:
        parts.append("Secret Decade — +1 fame point per hall card of your hidden decade (V7)")
    if not parts:
        return ""
    return f"Variation{'s' if len(parts) > 1 else ''}: " + "; ".join(parts) + "."


class GameApp(w.VBox):
    """Play a game in the notebook: you against bots by default (one greedy bot).

    ``GameApp(game=None, seats=None)``: pass a :class:`~exhibition_lab.games.exhibition.game.Game` (and the
    kind of each seat, ``"human"`` or a bot name) to continue it, or nothing for a new game.
    ``app.game`` is the live game; every component is reachable through ``children``.
    Tool panels (e.g. a what-if explorer) plug in with :meth:`add_tool`.
    """

    def __init__(
        self,
        game: Game | None = None,
        seats: list[str] | None = None,
        *,
        seed: int = 0,
        show_setup: bool = False,
    ) -> None:
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
        self.live_score = LiveScoreView()
        self.opponents = OpponentsView()
        self.log_view = LogView()
        self.score_sheet = ScoreSheetView()
        self.undo_button = self._control("Undo", "exlab-undo", self._undo, icon="undo")
        self.setup_toggle = self._control("New game…", "exlab-setup-toggle", self._toggle_setup, icon="cog")
        self.setup_toggle.button_style = "info"
        self.play_again = self._control("Play again", "exlab-play-again", self._again, icon="repeat")
        self.play_again.button_style = "success"
        self.hint_button = self._control("Hint", "exlab-hint", self._hint, icon="lightbulb-o")
        self.hint_panel = HintPanel(on_close=self._clear_hint)
        self._hinted: list[w.Widget] = []
        self.review_button = self._control("Review", "exlab-review", self._review, icon="search")
        self.review_area = w.VBox()
        self.review_area.add_class("exlab-review-area")
        self._review_anchor = ScrollAnchor()
        self.hand_view = HandView()
        self.controls = NewGameControls(self._new_session, seed=seed)
        self.controls.layout.display = "flex" if show_setup else "none"
        self._tools: list[tuple[str, ToolFactory, bool, w.Button]] = []
        self.tools_row = w.HBox()
        self.tools_row.add_class("exlab-tools")
        self.tool_area = w.VBox()
        self.tool_area.add_class("exlab-tool-area")
        self._tool_anchor = ScrollAnchor()
        end_buttons = w.HBox([self.play_again, self.review_button, self._end_setup_button()])
        # at game over the sheet takes the tile's place beside the other halls, so your hall
        # stays where it was all game (ux report 2: the sheet pushed it below the fold)
        self.end_panel = w.VBox([self.score_sheet, end_buttons], layout=w.Layout(width=f"{MARKET_WIDTH}px"))
        self.end_panel.add_class("exlab-end-panel")
        # the review (a hall of its own, decision by decision) opens under your hall
        self.review_box = w.VBox([self._review_anchor, self.review_area])
        self.review_box.add_class("exlab-scroll-target")  # what the anchor scrolls into the window
        super().__init__(self._layout_children())
        self.add_class("exlab-app")
        # issue 20: a solo player tests a Years Gap (or Short Era, Antiquity) pair before committing
        self.add_tool("What if…", lambda app: YearsGapExplorer.for_game(app.game), solo_only=True)
        if game is None:
            self._greet(first=True)
        self.render()

    # ------------------------------------------------------------------ composition
    def _control(self, label: str, css: str, on_click: Callable[[], None], *, icon: str = "") -> w.Button:
        button = w.Button(description=label, icon=icon, layout=w.Layout(width="auto", min_width="96px"))
        button.add_class(css)
        button.add_class("exlab-control")
        button.on_click(lambda _: on_click())
        return button

    def _end_setup_button(self) -> w.Button:
        return self._control("New game…", "exlab-setup-toggle-end", self._toggle_setup, icon="cog")

    def _new_hall_view(self) -> HallView:
        hall = HallView(self.session.game.layout, on_spot=self._spot, on_depot=self._depot, on_end=self._end)
        hall.head.children = [*hall.head.children, self.chooser]  # beside the title: the hall stays put
        return hall

    def _layout_children(self) -> list[w.Widget]:
        topbar = w.HBox(
            [
                self.status,
                w.HBox([self.hint_button, self.undo_button, self.setup_toggle], layout=w.Layout(flex="0 0 auto")),
            ],
            layout=w.Layout(align_items="flex-start", width="100%"),
        )
        topbar.add_class("exlab-topbar")
        score_row = w.HBox([self.live_score, self.hand_view], layout=w.Layout(align_items="flex-start"))
        side = w.VBox([score_row, self.opponents], layout=w.Layout(flex="1 1 auto", margin="0 0 0 8px"))
        side.add_class("exlab-side")
        # the coach's panel lies over the side column (score, other halls), never above the
        # board: opening it moves nothing (ux report: the hall was pushed out of the window)
        middle = w.HBox([self.market, self.end_panel, side, self.hint_panel], layout=w.Layout(align_items="flex-start"))
        middle.add_class("exlab-middle")
        return [
            w.HTML(CSS),
            topbar,
            self.controls,
            middle,
            self.hall,
            self.review_box,
            self._tools_box(),
            self.log_view,
        ]

    def _tools_box(self) -> w.VBox:
        tools = w.VBox([self.tools_row, self._tool_anchor, self.tool_area])
        tools.add_class("exlab-scroll-target")
        return tools

    @property
    def game(self) -> Game:
        return self.session.game

    def __repr__(self) -> str:
        # shown as the plain-text output of the app cell: a sentence, not an object address
        seats = ", ".join(self.session.seat_label(k) for k in range(self.game.n_players))
        state = "game over" if self.game.is_over else f"round {self.game.round}, {self.game.current_player} to move"
        return f"Play app: {seats} ({state})"

    def render(self) -> None:
        """Redraw every component from the session, in one batch of updates."""
        with self.hold_sync():
            parts = (
                self.status,
                self.market,
                self.chooser,
                self.hall,
                self.live_score,
                self.opponents,
                self.log_view,
                self.score_sheet,
                self.hand_view,
            )
            for part in parts:
                part.render(self.session)
            self.undo_button.disabled = not self._can_undo()
            self.undo_button.tooltip = self._undo_tooltip()
            over = self.game.is_over
            self.hint_button.disabled = over or not self.session.humans_turn
            self.end_panel.layout.display = "flex" if over else "none"
            # after the game the tile no longer matters: the sheet and the halls fill the screen
            self.market.layout.display = "none" if over else "flex"
            self.live_score.layout.display = "none" if over else "block"  # the sheet says it all
            self.hand_view.layout.display = "none" if over else "block"
            self._render_tools()

    def _can_undo(self) -> bool:
        return not self.session.why_no_undo()

    def _undo_tooltip(self) -> str:
        why_not = self.session.why_no_undo()
        if why_not:
            return why_not[0].upper() + why_not[1:]
        return f"Take back {self.session.undo_in_words()}"

    # ------------------------------------------------------------------ tools
    def add_tool(self, label: str, make: ToolFactory, *, solo_only: bool = False) -> w.Button:
        """Add a button under the board that opens ``make(app)`` in the tool area (and closes
        it on a second click). ``solo_only`` shows the button in solo games only. A new game
        closes open tools, since they were built for the old one."""
        button = w.ToggleButton(value=False, description=label, layout=w.Layout(width="auto"))
        button.add_class("exlab-tool-button")
        button.observe(lambda change, b=button: self._show_tool(b, make, change["new"]), names="value")
        self._tools.append((label, make, solo_only, button))
        self.tools_row.children = [t[3] for t in self._tools]
        self._render_tools()
        return button

    def _show_tool(self, button: w.ToggleButton, make: ToolFactory, on: bool) -> None:
        if on:
            for *_, other in self._tools:
                if other is not button:
                    other.value = False  # one tool at a time keeps the page short
            self.tool_area.children = [make(self)]
            self._tool_anchor.tick += 1  # the tool opens below the board: bring it into view
        elif not any(t[3].value for t in self._tools):
            self.tool_area.children = []

    def _render_tools(self) -> None:
        for _, _, solo_only, button in self._tools:
            button.layout.display = "none" if solo_only and not self.game.is_solo else "inline-flex"
        for tool in self.tool_area.children:
            refresh = getattr(tool, "refresh", None)
            if refresh is not None and getattr(tool, "game", None) is self.game:
                refresh()  # an open tool follows the game move by move

    def _close_tools(self) -> None:
        for *_, button in self._tools:
            button.value = False
        self.tool_area.children = []

    # ------------------------------------------------------------------ clicks
    # ------------------------------------------------------------------ coach
    def _hint(self) -> None:
        """Ask the coach for the human to move: light the suggested control, show the options."""
        if self.game.is_over or not self.session.humans_turn:
            return
        seed = self.session.setup.seed * 1000 + len(self.game.history)
        advice = coach.hint(self.game, time_limit=HINT_TIME_LIMIT, seed=seed)
        self._light(hint_target(advice.actions[0]))
        self.hint_panel.show(advice)

    def _light(self, target: tuple[str, object]) -> None:
        self._clear_hint()
        kind, value = target
        if kind == "card":
            found = [b for b in self.find("exlab-market-card") if getattr(b, "card", None) == value]
        elif kind == "continent":
            found = [b for b in self.find("exlab-continent-choice") if getattr(b, "continent", None) is value]
        elif kind == "spot":
            found = self.find(f"exlab-spot-{value[0]}-{value[1]}")
        else:
            found = [self.hall.depot if kind == "depot" else self.hall.end]
        for widget in found:
            set_class(widget, "exlab-hinted", True)
        self._hinted = found

    def _clear_hint(self) -> None:
        for widget in self._hinted:
            set_class(widget, "exlab-hinted", False)
        self._hinted = []
        self.hint_panel.hide()

    def _review(self) -> None:
        """Review the human seats' decisions of the finished game, step by step (a chooser
        switches between several humans)."""
        seats = self.session.human_seats or [0]
        view = ReviewView.for_game(self.game, seats, time_limit=REVIEW_TIME_LIMIT, seed=self.session.setup.seed)
        self.review_area.children = [view]
        self._review_anchor.tick += 1  # the review opens below your hall: bring it into view

    # ------------------------------------------------------------------ clicks
    def _act(self, action) -> None:
        self._clear_hint()
        before = len(self.game.history)
        seat = self.game.current
        try:
            self.session.act(action)
        except ExhibitionLabError as exc:
            rule = getattr(exc, "rule", None)
            self.status.say(f"Not possible now. {self.session.what_now()}", error=True, rule=rule)
            self.render()
            return
        # the message line tells your own turn; the other players' turns have their own line
        self._tell(self._turn_start(before), seat=seat)
        self.render()

    def _turn_start(self, index: int) -> int:
        """The history index where the turn holding ``history[index]`` began (its Take)."""
        history = self.game.history
        while index > 0 and not isinstance(history[index][1], Take):
            index -= 1
        return index

    def _tell(self, start: int, prefix: str = "", *, seat: int | None = None) -> None:
        """The message line: the turns since ``start`` in words (only ``seat``'s when given),
        then a no-fit explanation with what ending costs."""
        turns = self.session.turns_since(start)
        # what the turns line tells already (hot-seat: the turn just played) is not repeated
        shown = {text for short in (False, True) for _, text in self.session.others_last_turns(short=short)}
        sentences = [text for who, text in turns if seat is None or who == seat]
        told = [minus(text) for text in sentences if text not in shown]
        if sentences and not told and seat is not None and seat != self.session.viewer:
            # hot-seat: the turn just played is the first of the next player's turns line
            who, now = self.game.players[seat], self.game.players[self.session.viewer]
            told = [f"{who}'s turn is over (told above); now it is {now}'s turn"]
        sentences = [escape(text) for text in told]
        if len(sentences) > MAX_SENTENCES:
            # a human whose exhibition is final may watch many bot turns: keep the line short
            skipped = len(sentences) - MAX_SENTENCES + 1
            sentences = [*sentences[:1], f"… {skipped} more turns (see the log)", *sentences[-(MAX_SENTENCES - 2) :]]
        html = escape(prefix) + ". ".join(sentences) + ("." if sentences else "")
        nowhere = self.session.fits_nowhere() if self.session.humans_turn else []
        if nowhere:
            # your own take stays first, where the collapsed box shows it (ux report 2)
            html = f"{html} {self._no_fit_html(nowhere)}" if html else self._no_fit_html(nowhere)
        self.status.say_html(f"<span class='exlab-info'>{html}</span>")

    def _no_fit_html(self, nowhere) -> str:
        """Why the card in hand fits nowhere and what each way out costs, in one unit: fame
        points, or in a solo game points ×100 (S2)."""
        card = card_name(self.game.hand)
        reasons = " · ".join(
            f"<b>{escape(name)}</b>: {tag_rules(escape(minus(plain.words.replace(f' in {name}', ''))))}"
            f"{rule_tag(plain.rule)}"
            for name, plain in nowhere
        )
        # what each way out costs comes first: it is what the player must choose now
        costs = []
        if self.session.can(ToDepot):
            cost = "−100 points" if self.game.is_solo else "−1 fame point"
            costs.append(f"<b>Put in Depot</b>: {cost} at the end{rule_tag('R25')}")
        if self.session.can(EndExhibition):
            costs.append(f"<b>End exhibition</b>: {tag_rules(escape(minus(self.session.end_cost_in_words())))}")
        return (
            f"<div class='exlab-nofit'><b>{card} fits nowhere in your hall.</b> {'; '.join(costs)}. "
            f"Why it fits nowhere: {reasons}.</div>"
        )

    def _take(self, card: Card) -> None:
        self._act(Take(card))

    def _move(self, continent: Continent) -> None:
        self._act(Move(continent))

    def _spot(self, showcase: int, spot: int) -> None:
        plain = self.session.placement_in_words(showcase, spot)
        if plain is not None and self.session.humans_turn:
            self.status.say(plain.words, error=True, rule=plain.rule)  # the game is unchanged
            return
        self._act(Place(showcase, spot))

    def _depot(self) -> None:
        self._act(ToDepot())

    def _end(self) -> None:
        self._act(EndExhibition())

    def _undo(self) -> None:
        self._clear_hint()
        what = self.session.undo_in_words()
        try:
            self.session.undo()
        except ExhibitionLabError as exc:
            self.status.say(str(exc), error=True)
            return
        self.review_area.children = []  # a review of the game as it was ended
        self.status.say(f"Took back {what}. {self.session.what_now()}.")
        self.render()

    def _again(self) -> None:
        self._new_session(self.session.again())

    def _toggle_setup(self) -> None:
        showing = self.controls.layout.display != "none"
        self.controls.layout.display = "none" if showing else "flex"
        if not showing:
            self.controls.anchor.tick += 1  # the panel may open off-screen (the end sheet's button)

    def _new_session(self, session: PlaySession) -> None:
        again = session.setup.deals_like(self.session.setup)
        self.controls.current_seed = session.setup.seed
        self._clear_hint()
        self.review_area.children = []
        self.session = session
        self.hall = self._new_hall_view()
        self.controls.layout.display = "none"
        self._close_tools()
        self.children = self._layout_children()
        self._greet(again=again)
        self.render()

    def _greet(self, *, first: bool = False, again: bool = False) -> None:
        """The first message of a game: who plays, the seed that dealt it (type it in
        “New game…” to deal the same cards again), the variations in play and a solo
        game's scoring."""
        session = self.session
        seats = ", ".join(session.seat_label(k) for k in range(session.game.n_players))
        dealt = "Dealt again with seed" if again else "New game (seed"
        html = f"{dealt} {session.setup.seed}{'' if again else ')'}: {escape(seats)}."
        rules = variations_in_words(session.game)
        if rules:
            html += " " + tag_rules(escape(rules))
        if first and not session.game.is_solo:
            html += " “New game…” (top right) chooses players, bots and variations."
        if session.game.is_solo:
            html += " " + tag_rules(escape(minus(session.solo_rules_in_words())))
        self.status.say_html(f"<span class='exlab-info'>{html}</span>")

    # ------------------------------------------------------------------ tests and tools
    def find(self, css_class: str) -> list[w.Widget]:
        """Every widget in the app carrying ``css_class`` (for tests and scripting)."""
        return find_widgets(self, css_class)
