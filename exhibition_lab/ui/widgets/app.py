"""The play app: the board components composed around a PlaySession, laid out for a laptop
screen (1366×768): status on top, the Continents tile beside the running score and the other
players' compact halls, then your hall in one row with the Depot and its controls.

The app binds clicks to the session and paints what :func:`~exhibition_lab.ui.screens.play.present`
makes of it; it holds no words and no HTML of its own."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import ipywidgets as w

from ...core.errors import ExhibitionLabError
from ...games.exhibition import coach_model
from ...games.exhibition.game import Game
from ...games.exhibition.rules.actions import Action, EndExhibition, Move, Place, Take, ToDepot
from ...games.exhibition.rules.cards import Card, Continent
from ...games.exhibition.rules.deal import YOU
from ...games.exhibition.session import HUMAN, PlaySession
from ..render import coach_pictures
from ..render import play as html
from ..render.css import new_badge_css
from ..screens import play as screens
from ..screens.play import Message
from ..text import coach_words, names
from ..text import play as words
from ..text.i18n import language
from .background import BackgroundRun
from .cards import CSS, find_widgets, tree_widgets
from .coach_panel import BEST_POSSIBLE_TIME, HINT_TIME_LIMIT, REVIEW_TIME_LIMIT, HintPanel, ReviewView
from .controls import NewGameControls, StartingRow
from .hall import HallView
from .market import MARKET_WIDTH, ContinentChooser, MarketView
from .panels import HandView, LiveScoreView, LogView, OpponentsView, ScoreSheetView, ScrollAnchor, StatusBar
from .whatif import YearsGapExplorer

ToolFactory = Callable[["GameApp"], w.Widget]


class GameApp(w.VBox):
    """Play a game in the notebook: you against bots by default (one greedy bot).

    ``GameApp(game=None, seats=None)``: pass a :class:`~exhibition_lab.games.exhibition.game.Game` (and the
    kind of each seat, ``"human"`` or a bot name) to continue it, or nothing for a new game.
    ``app.game`` is the live game; every component is reachable through ``children``.
    Tool panels (e.g. a what-if explorer) plug in with :meth:`add_tool`.

    The app keeps the session, the answer to the last click and the coach's hint; each
    redraw presents them as a :class:`~exhibition_lab.ui.screens.play.PlayScreen` that the
    components paint.
    """

    def __init__(
        self,
        game: Game | None = None,
        seats: list[str] | None = None,
        *,
        seed: int = 0,
        show_setup: bool = False,
    ) -> None:
        you = names.you()
        if game is None:
            session = PlaySession.new(
                seats or [HUMAN, "greedy"], seed=seed, you=you, kind_words=names.seat_name_words()
            )
        else:
            you = you if you in game.players else YOU  # a game named in English keeps its "You"
            session = PlaySession(game, seats or [HUMAN] + ["greedy"] * (game.n_players - 1), seed=seed, you=you)
            session.run_bots()
        self.session = session
        self.message = Message()
        self._hint_target: tuple[str, object] | None = None
        self._hint_plan: tuple[Action, ...] = ()  # the rest of the hinted turn, lit step by step
        self._review_run = BackgroundRun()
        self._review_round = 0  # a review finished for an older game (undo, new game) is dropped
        self.status = StatusBar()
        self.market = MarketView(self._take)
        self.chooser = ContinentChooser(self._move)
        self.hall = self._new_hall_view()
        self.live_score = LiveScoreView()
        self.opponents = OpponentsView()
        self.log_view = LogView()
        self.score_sheet = ScoreSheetView()
        self.undo_button = self._control(words.button("undo"), "exlab-undo", self._undo, icon="undo")
        self.setup_toggle = self._control(words.button("setup"), "exlab-setup-toggle", self._toggle_setup, icon="cog")
        self.setup_toggle.button_style = "info"
        self.play_again = self._control(words.button("again"), "exlab-play-again", self._again, icon="repeat")
        self.play_again.button_style = "success"
        self.hint_button = self._control(words.button("hint"), "exlab-hint", self._hint, icon="lightbulb-o")
        self.hint_panel = HintPanel(on_close=self._close_hint)
        self.review_button = self._control(words.button("review"), "exlab-review", self._review, icon="search")
        self.review_area = w.VBox()
        self.review_area.add_class("exlab-review-area")
        self.review_label = w.HTML()
        self.review_progress = w.IntProgress(min=0, max=1, value=0, layout=w.Layout(width="240px"))
        self.review_progress.add_class("exlab-review-progress")
        self.review_cancel = self._control(coach_words.cancel(), "exlab-review-cancel", self._cancel_review)
        self.review_status = w.HBox(
            [self.review_label, self.review_progress, self.review_cancel], layout=w.Layout(align_items="center")
        )
        self.review_status.add_class("exlab-review-status")
        self._review_anchor = ScrollAnchor()
        # the decision (the tile, your hall) brought into view when the app is drawn and at a new game
        self._decision_anchor = ScrollAnchor(decision=True, on_drawn=self.send_whole_state)
        self.hand_view = HandView()
        self.controls = NewGameControls(self._new_session, seed=seed)
        self.controls.layout.display = "flex" if show_setup else "none"
        self._tools: list[tuple[str, ToolFactory, bool, w.Button]] = []
        self._tool_left_below: w.ToggleButton | None = None  # open below while the reader is back at the board
        self._reshown: w.ToggleButton | None = None
        self.tools_row = w.HBox()
        self.tools_row.add_class("exlab-tools")
        self.tool_area = w.VBox()
        self.tool_area.add_class("exlab-tool-area")
        self._tool_anchor = ScrollAnchor()
        # an open tool's head: what it is, where it stands and the way back; the page scrolls
        # down to the tool, and the head at its top is what the reader sees first
        self._tool_title = w.HTML()
        self._tool_title.add_class("exlab-tool-title")
        self._tool_head = w.HBox(
            [
                self._tool_title,
                self._control(words.button("board"), "exlab-tool-back", self._back_to_board, icon="arrow-up"),
                self._control(words.button("close"), "exlab-tool-close", self._shut_tools, icon="times"),
            ],
            layout=w.Layout(align_items="center", display="none", flex_flow="row wrap"),
        )
        self._tool_head.add_class("exlab-tool-head")
        # the review's progress and Cancel appear beside the Review button that started it
        self.review_status.layout.display = "none"
        # Play again's progress and Cancel too, when the bots seated first play before the board shows
        self.again_note = w.HTML()
        self.again_row = StartingRow(self.play_again, lambda text: setattr(self.again_note, "value", text))
        # "New game…" is the status line's own button, in sight at game over too: the sheet's
        # buttons are what only the end offers (one "New game…" a screen)
        end_buttons = w.HBox(
            [
                self.play_again,
                self.again_row,
                self.review_button,
                self.review_status,
                self.again_note,
            ]
        )
        end_buttons.add_class("exlab-end-buttons")
        self.background = True
        # at game over the sheet takes the tile's place beside the other halls, so your hall
        # stays where it was all game instead of dropping below the fold
        self.end_panel = w.VBox([self.score_sheet, end_buttons], layout=w.Layout(width=f"{MARKET_WIDTH}px"))
        self.end_panel.add_class("exlab-end-panel")
        # the review (a hall of its own, decision by decision) opens under your hall
        self.review_box = w.VBox([self._review_anchor, self.review_area])
        self.review_box.add_class("exlab-scroll-target")  # what the anchor scrolls into the window
        super().__init__(self._layout_children())
        self.add_class("exlab-app")
        self.add_class(f"exlab-lang-{language()}")  # the words drawn by the style sheet follow it
        # a solo player tests a Years Gap (or Short Era, Antiquity) pair before committing to it
        what_if = self.add_tool(
            words.button("what_if"), lambda app: YearsGapExplorer.for_game(app.game), solo_only=True
        )
        what_if.tooltip = words.what_if_tooltip()
        what_if.icon = "question-circle"
        if game is None:
            self.say(screens.greeting(self.session, first=True))
        self.render()

    def send_whole_state(self) -> None:
        """Send the page every part of the board as it stands (each widget with its layout and
        style), once the page says it has drawn the board: a page opened while the kernel was
        still starting can have missed some of the changes that painted it."""
        for widget in tree_widgets(self):
            for part in (widget, getattr(widget, "layout", None), getattr(widget, "style", None)):
                if isinstance(part, w.Widget):
                    part.send_state()

    # ------------------------------------------------------------------ composition
    def _control(self, label: str, css: str, on_click: Callable[[], None], *, icon: str = "") -> w.Button:
        button = w.Button(description=label, icon=icon, layout=w.Layout(width="auto", min_width="96px"))
        button.add_class(css)
        button.add_class("exlab-control")
        button.on_click(lambda _: on_click())
        return button

    def _new_hall_view(self) -> HallView:
        hall = HallView(
            self.session.game.layout, on_spot=self._spot, on_depot=self._depot, on_end=self._end, on_name=self._rule
        )
        hall.head.children = [*hall.head.children, self.chooser]  # beside the title: the hall stays put
        return hall

    def _layout_children(self) -> list[w.Widget]:
        topbar = w.HBox(
            [
                self.status,
                # a tool (What if… in a solo game) stands with the buttons a player looks at
                # every turn, in play and after the game alike
                w.HBox(
                    [self.tools_row, self.hint_button, self.undo_button, self.setup_toggle],
                    layout=w.Layout(flex="0 0 auto"),
                ),
                self._decision_anchor,
            ],
            layout=w.Layout(align_items="flex-start", width="100%"),
        )
        topbar.add_class("exlab-topbar")
        score_row = w.HBox([self.live_score, self.hand_view], layout=w.Layout(align_items="flex-start"))
        score_row.add_class("exlab-score-row")
        side = w.VBox([score_row, self.opponents], layout=w.Layout(flex="1 1 auto", margin="0 0 0 8px"))
        side.add_class("exlab-side")
        # where the width given is too narrow, the score and the other halls go under the tile
        # the coach's panel stands beside the tile: over the score and the other halls where
        # they share the tile's row, in the room right of the tile where they went under your
        # hall — never over the card, continent or spot it lights
        tile_row = w.HBox([self.market, self.end_panel, self.hint_panel], layout=w.Layout(align_items="flex-start"))
        tile_row.add_class("exlab-tile-row")
        middle = w.HBox(
            [tile_row, side],
            layout=w.Layout(align_items="flex-start", flex_flow="row wrap"),
        )
        middle.add_class("exlab-middle")
        return [
            w.HTML(CSS + new_badge_css(language(), words.new_badge(), words.hint_badge(), words.ends_badge())),
            topbar,
            self.controls,
            middle,
            self.hall,
            self.review_box,
            self._tools_box(),
            self.log_view,
        ]

    def _tools_box(self) -> w.VBox:
        tools = w.VBox([self._tool_anchor, self._tool_head, self.tool_area])
        tools.add_class("exlab-scroll-target")
        return tools

    @property
    def background(self) -> bool:
        """Whether reviews (and the start of a game whose bots move first) run in a thread, so
        the app answers while they work and Cancel can end them; ``False`` runs them at once
        (scripts)."""
        return self._background

    @background.setter
    def background(self, on: bool) -> None:
        self._background = on
        self.controls.background = on
        self.again_row.background = on

    @property
    def game(self) -> Game:
        return self.session.game

    def __repr__(self) -> str:
        # shown as the plain-text output of the app cell: a sentence, not an object address
        return words.app_in_words(self.session)

    def _repr_mimebundle_(self, **kwargs: object) -> dict[str, object]:
        # where the board cannot be drawn (a notebook opened before it runs, a static page),
        # a stand-in says what the app is and what to run; a live notebook draws the widget
        bundle: dict[str, object] = super()._repr_mimebundle_(**kwargs)
        bundle["text/html"] = html.stand_in_html(words.app_in_words(self.session), words.stand_in())
        return bundle

    def screen(self) -> screens.PlayScreen:
        """What the app shows now, as plain data."""
        return screens.present(self.session, self.message, hint=self._hint_target)

    def render(self) -> None:
        """Redraw every component from the session, in one batch of updates."""
        self.paint(self.screen())

    def paint(self, screen: screens.PlayScreen) -> None:
        """Show ``screen`` on every component."""
        with self.hold_sync():
            self.status.paint(screen)
            self.status.say(screen.message)
            self.market.paint(screen.tile)
            self.chooser.paint(screen.chooser)
            self.hall.paint(screen.hall)
            self.live_score.paint(screen.score)
            self.opponents.paint(screen.opponents)
            self.log_view.paint(screen)
            self.score_sheet.paint(screen.sheet)
            self.hand_view.paint(screen.hand)
            self.undo_button.disabled = not screen.undo.enabled
            self.undo_button.tooltip = screen.undo.tooltip
            self.hint_button.disabled = not screen.hint.enabled
            self.end_panel.layout.display = "flex" if screen.over else "none"
            self._render_tools()

    def say(self, message: Message) -> None:
        """Put ``message`` in the message line (kept until the next answer)."""
        self.message = message
        self.status.say(message)

    # ------------------------------------------------------------------ tools
    def add_tool(self, label: str, make: ToolFactory, *, solo_only: bool = False) -> w.Button:
        """Add a button beside Hint that opens ``make(app)`` in the tool area under the board
        (and closes it on a second click). ``solo_only`` shows the button in solo games only. A new game
        closes open tools, since they were built for the old one."""
        button = w.ToggleButton(value=False, description=label, layout=w.Layout(width="auto", min_width="96px"))
        button.add_class("exlab-tool-button")
        button.add_class("exlab-control")
        button.observe(lambda change, b=button: self._show_tool(b, make, change["new"]), names="value")
        self._tools.append((label, make, solo_only, button))
        self.tools_row.children = [t[3] for t in self._tools]
        self._render_tools()
        return button

    def _show_tool(self, button: w.ToggleButton, make: ToolFactory, on: bool) -> None:
        if self._reshown is button:
            return  # set back on just below: the tool is open already
        left_below = self._tool_left_below
        if not on and left_below is not None and left_below is button:
            # the reader went back to the board and left the tool open below: a click on its
            # button (which shows pressed) brings the tool back into view instead of shutting it
            self._tool_left_below = None
            self._reshown = button
            try:
                button.value = True
            finally:
                self._reshown = None
            self._tool_anchor.tick += 1
            return
        self._tool_left_below = None
        if on:
            try:
                tool = make(self)
            except ExhibitionLabError as exc:
                # a tool that does not fit this game (a solo tool in a game of several) stays shut and says why
                self.say(Message(str(exc), error=True, rule=exc.rule))
                button.value = False
                return
            for *_, other in self._tools:
                if other is not button:
                    other.value = False  # one tool at a time keeps the page short
            self.tool_area.children = [tool]
            self._tool_title.value = html.tool_title_html(button.description)
            self._tool_head.layout.display = "flex"
            self._tool_anchor.tick += 1  # the tool opens below the board: bring it into view
        elif not any(t[3].value for t in self._tools):
            self.tool_area.children = []
            self._tool_head.layout.display = "none"

    def _render_tools(self) -> None:
        for _, _, solo_only, button in self._tools:
            button.layout.display = "none" if solo_only and not self.game.is_solo else "inline-flex"
        for tool in self.tool_area.children:
            refresh = getattr(tool, "refresh", None)
            if refresh is not None and getattr(tool, "game", None) is self.game:
                refresh()  # an open tool follows the game move by move

    def _close_tools(self) -> None:
        self._tool_left_below = None
        for *_, button in self._tools:
            button.value = False
        self.tool_area.children = []
        self._tool_head.layout.display = "none"

    def _back_to_board(self) -> None:
        self._decision_anchor.tick += 1  # the tile and your hall, the tool left open below
        self._tool_left_below = next((button for *_, button in self._tools if button.value), None)

    def _shut_tools(self) -> None:
        self._close_tools()
        self._back_to_board()  # the page grew shorter: the reader is shown the board, not the page's foot

    # ------------------------------------------------------------------ coach
    def _hint(self) -> None:
        """Ask the coach for the person to move: light the suggested control, show the options."""
        if self.game.is_over or not self.session.humans_turn:
            return
        # the seed the review of this turn uses too: following the hint is never called a mistake
        seed = coach_model.decision_seed(self.session.setup.seed, self.game.view())
        advice = coach_model.hint(self.game, time_limit=HINT_TIME_LIMIT, seed=seed)
        self._hint_plan = tuple(advice.actions)
        self._hint_target = screens.hint_target(advice.actions[0])
        self.hint_panel.show(advice)
        if self.message.error:
            # the coach's advice answers the refused click: the red reason no longer stands
            # above it, the move it answered stays told
            self.message = screens.unrefused(self.message)
        self.render()

    def _clear_hint(self) -> None:
        self._hint_plan = ()
        self._hint_target = None
        self.hint_panel.hide()

    def _follow_hint(self, rest: tuple[Action, ...], seat: int) -> None:
        """After a hinted step: light the next step of the same turn (the continent after a
        white card, then the spot), while it is still that player's move. The panel stays
        closed: its words weighed the whole turn, its first step is played, and the tile it
        would lie over and the hall the purple spot is in stay in sight (Hint asks again)."""
        if rest and not self.game.is_over and self.game.current == seat and rest[0] in self.game.legal_actions():
            self._hint_plan = rest
            self._hint_target = screens.hint_target(rest[0])

    def _close_hint(self) -> None:
        self._clear_hint()
        self.render()

    @property
    def reviewing(self) -> bool:
        """Whether the coach is reviewing the game now."""
        return self._review_run.running

    def _review_progressed(self, before: int, done: int, _total: int) -> None:
        # the bar counts every reviewed seat's turns: ``before`` of the seats already reviewed
        self.review_progress.value = before + done

    def _review(self) -> None:
        """Review the human seats' decisions of the finished game, step by step (a chooser
        switches between several humans). The progress shows at once; the work runs in the
        background, a click while it runs starts nothing, and Cancel ends it."""
        if self.reviewing:
            return
        game = self.game.copy()  # undo may change the live game while the coach works
        seats = self.session.human_seats or [0]
        seed, round_ = self.session.setup.seed, self._review_round
        turns = {seat: sum(s == seat and isinstance(a, Take) for s, a in game.history) for seat in seats}
        self.review_button.disabled = True
        self.review_label.value = coach_pictures.reviewing_html()
        # after a solo game, one step more: the best its cards allowed (the stock is known now)
        best: list[coach_model.BestPossible] = []
        solo = game.is_solo and game.is_over
        self.review_progress.max, self.review_progress.value = max(1, sum(turns.values()) + solo), 0
        self.review_area.children = []
        self.review_status.layout.display = "flex"
        reviews: dict[int, coach_model.Review] = {}

        def job(should_stop: Callable[[], bool]) -> None:
            before = 0
            for seat in seats:
                reviews[seat] = coach_model.review(
                    game,
                    seat,
                    time_limit=REVIEW_TIME_LIMIT,
                    seed=seed,
                    should_stop=should_stop,
                    on_turn=partial(self._review_progressed, before),
                )
                if should_stop():
                    return
                before += turns[seat]
            if solo:
                self.review_label.value = coach_pictures.working_out_best_html()
                best.append(coach_model.best_possible(game, time_limit=BEST_POSSIBLE_TIME))
                self.review_progress.value = before + 1

        def done() -> None:
            self.review_button.disabled = False
            self.review_status.layout.display = "none"
            if round_ != self._review_round:
                return
            if self._review_run.error is not None:
                self.review_area.children = [w.HTML(coach_pictures.review_failed_html(self._review_run.error))]
            elif len(reviews) == len(seats) and not self._review_run.stopped:
                named = [(game.players[seat], seat) for seat in seats]
                self.review_area.children = [ReviewView.of_reviews(reviews, named, best=best[0] if best else None)]
                self._review_anchor.tick += 1  # the finished review is taller than its progress line
            else:
                self.review_area.children = [w.HTML(coach_pictures.review_cancelled_html())]

        self._review_run.start(job, done, background=self.background)

    def _cancel_review(self) -> None:
        self._review_run.stop()

    def _drop_review(self) -> None:
        self._review_run.stop()
        self._review_round += 1
        self.review_area.children = []
        self.review_status.layout.display = "none"
        self.review_button.disabled = False

    def wait_review(self, timeout: float | None = None) -> None:
        """Block until a running review is done (for scripts and tests)."""
        self._review_run.wait(timeout)

    # ------------------------------------------------------------------ clicks
    def _act(self, action: Action) -> None:
        rest = screens.hint_after(self._hint_plan, action)
        self._clear_hint()
        before = len(self.game.history)
        seat = self.game.current
        try:
            self.session.act(action)
        except ExhibitionLabError as exc:
            self.message = screens.keeping(screens.refused(self.session, getattr(exc, "rule", None)), self.message)
            self.render()
            return
        self._follow_hint(rest, seat)
        # the message line tells your own turn; the other players' turns have their own line
        self._tell(self.session.turn_start(before), seat=seat)
        self.render()
        if self.game.is_over or isinstance(action, (Place, ToDepot, EndExhibition)):
            # your turn is played (and the bots' replies): the next tile, or the score sheet at
            # game over, brought below the status line if the page left its top under it
            self._decision_anchor.turn += 1

    def _tell(self, start: int, *, seat: int | None = None) -> None:
        """The message line: the turns since ``start`` in words (only ``seat``'s when given),
        then a no-fit explanation with what ending costs."""
        self.say(screens.after_turn(self.session, start, seat=seat))

    def _take(self, card: Card) -> None:
        refusal = screens.refused_take(self.session, card)
        if refusal is not None:
            self.say(screens.keeping(refusal, self.message))  # the game is unchanged
            return
        self._act(Take(card))

    def _move(self, continent: Continent) -> None:
        self._act(Move(continent))

    def _spot(self, showcase: int, spot: int) -> None:
        refusal = screens.refused_spot(self.session, showcase, spot)
        if refusal is not None:
            self.say(screens.keeping(refusal, self.message))  # the game is unchanged
            return
        self._act(Place(showcase, spot))

    def _rule(self, showcase: int) -> None:
        # the showcase's rule beside the news it follows; the game is unchanged
        self.say(screens.showcase_rule(self.session, showcase, self.message))

    def _depot(self) -> None:
        self._act(ToDepot())

    def _end(self) -> None:
        self._act(EndExhibition())

    def _undo(self) -> None:
        self._clear_hint()
        if self.session.undo_refusal() is not None:
            self.say(screens.undo_refused(self.session))
            self.render()
            return
        what, scope = words.undo_in_words(self.session), self.session.undo_scope()
        self.session.undo()
        self._drop_review()  # a review of the game as it was ended
        self.message = screens.undone(self.session, what, scope)
        self.render()

    def _again(self) -> None:
        self.again_note.value = ""
        bots_first = not self.session.is_human(0)
        self.again_row.run(self.session.again, self._new_session, bots_first=bots_first)

    def _toggle_setup(self) -> None:
        showing = self.controls.layout.display != "none"
        self.controls.layout.display = "none" if showing else "flex"
        if not showing:
            self.controls.anchor.tick += 1  # the panel may open off-screen (the end sheet's button)

    def _new_session(self, session: PlaySession) -> None:
        again = session.setup.deals_like(self.session.setup)
        self.controls.current_seed = session.setup.seed
        self._clear_hint()
        self._drop_review()
        self.session = session
        self.hall = self._new_hall_view()
        self.controls.layout.display = "none"
        self._close_tools()
        self.children = self._layout_children()
        self.message = screens.greeting(session, again=again)
        self.render()
        self._decision_anchor.tick += 1  # Start game or Play again: the new tile in view, wherever the page was

    # ------------------------------------------------------------------ tests and tools
    def find(self, css_class: str) -> list[w.Widget]:
        """Every widget in the app carrying ``css_class`` (for tests and scripting)."""
        return find_widgets(self, css_class)
