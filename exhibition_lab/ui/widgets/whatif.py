"""The what-if explorer: "what if my pair were 1912 and 1987?" answered as the sliders move.

Every number comes from :mod:`exhibition_lab.odds`. This module wires the controls; the
simulated games run in the background (:mod:`.background`), the chart, tables and answer are
drawn by :mod:`exhibition_lab.ui.render.whatif` in the words of
:mod:`exhibition_lab.ui.text.whatif`. A slider move recomputes one pair (microseconds) and
redraws the SVG chart; the heatmap of every pair is recomputed only when the goal or the
pool changes.
"""

from __future__ import annotations

import base64
from collections.abc import Callable
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING

import anywidget
import ipywidgets as w
import numpy as np
import traitlets

from ...core.errors import ArgumentError, ExhibitionLabError
from ...games.exhibition import odds
from ...games.exhibition.game import Game
from ...games.exhibition.rules.cards import FIRST_YEAR, LAST_YEAR, Card
from ...games.exhibition.rules.scoring import MID_CENTURY_YEAR, SoloRules
from ..render import whatif as draw
from ..render.css import style
from ..text import whatif as words
from .background import BackgroundRun, hide_readout, progress_bar

if TYPE_CHECKING:
    from traitlets.utils.bunch import Bunch  # what an observer is told: the trait's old and new values

GOAL_OPTIONS = words.GOAL_OPTIONS
#: The pool buttons' values: keys, so the reader's language changes only their labels.
WHOLE_DECK = "whole_deck"
THIS_GAME = "this_game"
BOT_NAMES = ("greedy", "random", "search")
#: Pairs worth comparing, marked on the heatmap (left, right).
EXAMPLE_PAIRS = ((1912, 1987), (1905, 1995), (1920, 1980), (1940, 1960))

CSS = style("whatif")


class PairHeatmap(anywidget.AnyWidget):
    """Every (left, right) pair as a coloured square; a click picks the pair.

    ``values`` is the 100×100 grid as little-endian float32 bytes, row by row (NaN where no
    pair is possible): a binary buffer, so a new map costs no JSON; ``left``/``right`` the
    chosen pair, ``marks`` the example pairs outlined.
    """

    _esm = Path(__file__).with_name("heatmap.js")
    values = traitlets.Bytes(b"").tag(sync=True)
    left = traitlets.Int(1912).tag(sync=True)
    right = traitlets.Int(1987).tag(sync=True)
    marks: traitlets.List[list[int]] = traitlets.List([]).tag(sync=True)  # [left, right] pairs
    title = traitlets.Unicode("").tag(sync=True)
    #: the map's words in the reader's language (axes, hover readout; ``expected`` holds ``{value}``)
    labels = traitlets.Dict(
        {
            "left": "left card ↑",
            "right": "right card →",
            "none": "no such pair",
            "expected": "{value} fp expected",
            "decimal": ".",
            "top": "5 fp",
            "bottom": "0 fp",
        }
    ).tag(sync=True)

    def show_grid(self, grid: np.ndarray) -> None:
        """Send a grid of expected fp (NaN for impossible pairs)."""
        self.values = np.ascontiguousarray(grid, dtype="<f4").tobytes()

    @property
    def grid(self) -> np.ndarray:
        """The grid shown, back as a 100×100 array."""
        return np.frombuffer(self.values, dtype="<f4").reshape(100, 100)


class YearsGapExplorer(w.VBox):
    """Pick a pair of years and a goal; see the exact odds of the solo market penalty at once.

    ``YearsGapExplorer()`` asks about the whole deck; :meth:`for_game` about the cards a live
    solo game has not shown the player yet. Controls (all public, for scripts and tests):
    ``left``, ``right`` (sliders), ``goal``, ``pool``, ``bot``, ``games``, ``reading``;
    ``result`` is the current :class:`~exhibition_lab.odds.PairOdds` (``None`` for an
    impossible pair) and ``played`` the last simulated run.
    """

    def __init__(
        self, left: int = 1912, right: int = 1987, goal: str = "years_gap", *, game: Game | None = None
    ) -> None:
        if game is not None and not game.is_solo:
            raise ArgumentError(words.not_solo(), rule="S4")
        self.game = game
        self.result: odds.PairOdds | None = None
        self.refusal = ""  # why the chosen pair has no answer, when it has none
        self.played: odds.PlayOuts | None = None
        self._run = BackgroundRun()
        self._build_controls(left, right, goal)
        self._grid_key: tuple[str, str] | None = None  # (goal, pool) of the map shown
        self._played_pool: str | None = None
        self._preset_key: _PresetKey | None = None
        self._goal_name = words.goal_name(goal)
        self._show_goals_in_play()
        self._follow_the_games_reading()
        super().__init__(self._layout())
        self.add_class("exlab-whatif")
        self._wire()
        self._refresh_grid()
        self.update()

    @classmethod
    def for_game(cls, game: Game, left: int | None = None, right: int | None = None) -> YearsGapExplorer:
        """The explorer on a live solo game's unseen cards (the open market and the stock as
        a set), with the goal of the game's pair showcase only (the goals of showcases not in
        play are hidden) and the pair preset from the cards it holds and the card in hand."""
        found = odds.pair_showcase(game) if game.is_solo else None
        goal = found[0] if found is not None else "years_gap"
        preset_left, preset_right = preset_pair(game) if game.is_solo else (None, None)
        left = left if left is not None else preset_left
        right = right if right is not None else preset_right
        explorer = cls(*_completed(left, right), goal, game=game)
        explorer._preset_key = _preset_key(game)
        explorer._show_preset(preset_left, preset_right)
        return explorer

    def refresh(self, game: Game | None = None) -> None:
        """Ask again after the game moved on (or about another solo ``game``): the pool, the
        map and the answer are recomputed; simulated games of the old position are dropped."""
        if game is not None:
            if not game.is_solo:
                raise ArgumentError(words.not_solo(), rule="S4")
            if self.game is None:
                self.pool.options = words.pool_options((WHOLE_DECK, THIS_GAME))
                self.pool.layout.display = None
            self.game = game
            self._follow_the_games_reading()
        if self._played_pool == THIS_GAME:
            self.played = None
        self._show_goals_in_play()
        key = _preset_key(self.game)
        if key != self._preset_key:
            # the pair showcase or the card in hand changed: ask about the cards you have now
            self._preset_key = key
            left, right = preset_pair(self._this_game)
            with self.hold_sync():  # only the sides your cards fill move; the others stay
                if left is not None:
                    self.left.value = left
                if right is not None:
                    self.right.value = right
            self._show_preset(left, right)
        moved = self._keep_answerable()
        self._grid_key = None
        self._refresh_grid()
        self.update()
        if moved:  # one line says why the slider moved, in place of a refusal
            self.message.value = f"<span class='exlab-whatif-moved'>{escape(moved)}</span>"

    def _keep_answerable(self) -> str:
        """Keep the chosen pair while its cards can still be the pair (still to come, in hand
        or in the pair showcase); a side whose card was placed elsewhere moves to the nearest
        year still to come, left of the right card and right of the left card (R11). Returns
        the line that says so, empty when nothing moved."""
        if self.game is None or self.pool.value != THIS_GAME or odds.pair_showcase(self.game) is None:
            return ""
        available = answerable_years(self.game)
        lines = []
        with self.hold_sync():
            for slider, side in ((self.left, "left"), (self.right, "right")):
                year = slider.value
                if year in available:
                    continue
                low = self.left.value if side == "right" else FIRST_YEAR - 1
                high = self.right.value if side == "left" and self.right.value in available else LAST_YEAR + 1
                fits = [y for y in available if low < y < high]
                if not fits:
                    continue  # no year fits between: the answer says why
                slider.value = min(fits, key=lambda y: (abs(y - year), y))
                lines.append(words.side_moved(side, year, slider.value))
        return " ".join(lines)

    def _follow_the_games_reading(self) -> None:
        """In a live game the Mid Century reading is the game's own (its score uses the
        default, harsh reading, D11): the toggle goes and a line says so."""
        if self.game is None:
            self.reading.layout.display = None
            self.reading_note.value = ""
            return
        self.reading.value = SoloRules().name
        self.reading.layout.display = "none"
        self.reading_note.value = f"<small>{escape(words.reading_note(SoloRules()), quote=False)}</small>"

    def _show_goals_in_play(self) -> None:
        """In a live game only the goal of its pair showcase is in play: the other goals'
        buttons go (a base game has no Short Era or Antiquity to ask about)."""
        if self.game is None:
            return
        found = odds.pair_showcase(self.game)
        goal = found[0] if found is not None else self.goal.value
        options = words.goal_options()
        self.goal.options = tuple(o for o in options if o[1] == goal) or options
        self.goal.value = goal
        self.goal.layout.display = "none"  # one choice is no choice; the heading names it
        self._goal_name = words.goal_name(goal)
        self._show_preset(None, None)

    def _show_preset(self, left: int | None, right: int | None) -> None:
        """The heading: the question, and which slider a card of yours set."""
        if self.game is None:
            return
        note = preset_in_words(self.game, left, right)
        question = words.heading_template().format(goal=escape(self._goal_name))
        self.heading.value = f"<b>{question}</b> <small>({escape(note)})</small>"

    # ------------------------------------------------------------------ building
    def _build_controls(self, left: int, right: int, goal: str) -> None:
        years = {
            "min": FIRST_YEAR,
            "max": LAST_YEAR,
            "continuous_update": True,
            "layout": {"width": "620px"},
            "style": {"description_width": "120px"},  # room for "Carta izquierda"
        }
        self.left = w.IntSlider(value=left, description=words.control("left"), **years)
        self.left.add_class("exlab-whatif-left")
        self.right = w.IntSlider(value=right, description=words.control("right"), **years)
        self.right.add_class("exlab-whatif-right")
        # a newcomer reads one plain sentence first: what the pair scores and what to do here
        self.lead = w.HTML()
        self.lead.add_class("exlab-whatif-lead")
        self.heading = w.HTML()
        self.heading.add_class("exlab-whatif-heading")
        self.goal = w.ToggleButtons(options=words.goal_options(), value=goal, description=words.control("goal"))
        self.goal.add_class("exlab-whatif-goal")
        pools = (WHOLE_DECK, THIS_GAME) if self.game is not None else (WHOLE_DECK,)
        self.pool = w.ToggleButtons(
            options=words.pool_options(pools), value=pools[-1], description=words.control("pool")
        )
        self.pool.add_class("exlab-whatif-pool")
        self.pool.layout.display = None if self.game is not None else "none"  # one choice is no choice
        self.expected = w.HTML()
        self.expected.add_class("exlab-whatif-expected")
        self.message = w.HTML()
        self.message.add_class("exlab-whatif-message")
        self.chart = w.HTML()
        self.chart.add_class("exlab-whatif-chart")
        self.heatmap = PairHeatmap(
            left=left, right=right, marks=[list(p) for p in EXAMPLE_PAIRS], labels=words.map_labels()
        )
        self.heatmap.add_class("exlab-whatif-heatmap")
        self.bot = w.Dropdown(
            options=words.bot_options(BOT_NAMES),
            value="greedy",
            description=words.control("bot"),
            layout={"width": "180px"},
        )
        self.games = w.BoundedIntText(
            value=200, min=10, max=100_000, step=50, description=words.control("games"), layout={"width": "180px"}
        )
        self.reading = w.ToggleButtons(
            options=((words.control("harsh"), "harsh"), (words.control("tiebreak"), "tiebreak")),
            value="harsh",
            description=words.control("reading"),
            style={"button_width": "150px"},
        )
        self.reading.add_class("exlab-whatif-reading")
        self.reading_note = w.HTML()
        self.reading_note.add_class("exlab-whatif-reading-note")
        self.simulate_button = w.Button(description=words.control("simulate"), icon="play", button_style="primary")
        self.simulate_button.add_class("exlab-whatif-simulate")
        self.stop_button = w.Button(description=words.control("stop"), icon="stop", disabled=True)
        self.stop_button.add_class("exlab-whatif-stop")
        # the simulated games' progress stands beside Simulate and Stop, where the click was
        self.progress_box = w.Box()
        self.progress_box.add_class("exlab-whatif-progress")
        self._simulate_controls = w.HBox(
            [self.bot, self.games, self.simulate_button, self.stop_button, self.progress_box],
            layout={"flex_flow": "row wrap", "align_items": "center"},
        )
        self._simulate_controls.add_class("exlab-whatif-simulate-controls")
        self.map_help = w.HTML()
        self.map_help.add_class("exlab-whatif-help")
        self.simulated = w.HTML()
        self.simulated.add_class("exlab-whatif-simulated")

    def _layout(self) -> list[w.Widget]:
        answer = w.VBox([self.message, self.expected, self.chart], layout={"width": "560px"})
        picker = w.VBox([self.heatmap, self.map_help], layout={"width": "360px"})
        simulation = w.VBox(
            [
                w.HTML(
                    f"<b>{escape(words.compare_with_play(), quote=False)}</b> — "
                    f"{escape(words.compare_with_play_note(), quote=False)}"
                ),
                self._simulate_controls,
                self.reading,
                self.reading_note,
                self.simulated,
            ]
        )
        return [
            w.HTML(CSS),
            self.lead,
            self.heading,
            self.goal,
            self.pool,
            self.left,
            self.right,
            w.HBox([picker, answer], layout={"flex_flow": "row wrap"}),
            simulation,
        ]

    def _wire(self) -> None:
        for control in (self.left, self.right):
            control.observe(lambda _: self.update(), names="value")
        for control in (self.goal, self.pool):
            control.observe(lambda _: self._on_question_change(), names="value")
        self.reading.observe(lambda _: self.update(), names="value")
        self.heatmap.observe(self._on_heatmap_click, names=["left", "right"])
        self.simulate_button.on_click(lambda _: self.simulate())
        self.stop_button.on_click(lambda _: self.stop())

    # ------------------------------------------------------------------ the answer
    @property
    def _this_game(self) -> Game:
        # the pool offers "this game" only once the explorer asks about a game
        assert self.game is not None
        return self.game

    @property
    def pool_cards(self) -> tuple[Card, ...]:
        """The cards the final market is drawn from (before the pair is taken out)."""
        if self.pool.value == THIS_GAME:
            return odds.game_pool(self._this_game)
        return self.game.deck if self.game is not None else _standard_deck()

    def exact(self) -> odds.PairOdds:
        """The exact odds of the chosen pair, goal and pool (raises for impossible pairs)."""
        left, right, goal = self.left.value, self.right.value, self.goal.value
        if self.pool.value == THIS_GAME:
            return odds.game_pair_odds(self._this_game, left, right, goal)
        return odds.pair_odds(goal, left, right, self.pool_cards)

    def update(self) -> None:
        """Recompute the chosen pair and redraw (what every slider move calls)."""
        with self.hold_sync():
            self.heatmap.left, self.heatmap.right = self.left.value, self.right.value
            try:
                self.result = self.exact()
            except ExhibitionLabError as exc:
                self.result, self.refusal = None, str(exc)
                self.message.value = f"<span class='exlab-error'>{escape(str(exc))}</span>"
                self.expected.value = f"<i>{escape(words.no_answer())}</i>"
                self.chart.value = ""
                self.simulated.value = ""
                return
            self.message.value = ""
            simulated = self._simulated_penalty()
            self.expected.value = draw.expected_html(self.result, whole_deck=self.pool.value == WHOLE_DECK)
            self.chart.value = draw.penalty_chart_svg(self.result.penalty, simulated) + draw.fame_table_html(
                self.result, simulated
            )
            self.simulated.value = draw.simulated_html(self.played, simulated, self.reading.value)

    def _on_question_change(self) -> None:
        self._refresh_grid()
        if self.played is not None and self._played_pool != self.pool.value:
            self.played = None  # those games were played from another pool
        self.update()

    def _refresh_grid(self) -> None:
        key = (self.goal.value, self.pool.value)
        if key == self._grid_key:
            return
        goal = self.goal.value
        if self.pool.value == THIS_GAME:
            grid = odds.game_penalty_grid(self._this_game, goal)
        else:
            grid = odds.penalty_grid(goal, self.pool_cards)
        self.heatmap.show_grid(grid)
        self.heatmap.title = words.map_title(goal)
        self.map_help.value = draw.map_help_html(goal, this_game=self.pool.value == THIS_GAME)
        self.lead.value = draw.lead_html(goal, grid)
        self._grid_key = key

    def _on_heatmap_click(self, _change: Bunch) -> None:
        with self.hold_sync():
            self.left.value, self.right.value = self.heatmap.left, self.heatmap.right

    # ------------------------------------------------------------------ simulated play
    def simulate(self, games: int | None = None, *, background: bool = True, seed: int = 0) -> None:
        """Play ``games`` solo games with the chosen bot (from the chosen pool: new deals, or
        this game's position with the stock reshuffled) and show their markets beside the
        exact odds. In the background by default, so *Stop* can end it early."""
        if self._run.running:
            return
        if self.result is None:  # a pair no hall can hold: playing games would only show nothing
            refusal = words.nothing_to_simulate(self.refusal)
            self.message.value = f"<span class='exlab-error'>{escape(refusal)}</span>"
            return
        n = games or self.games.value
        game = self.game if self.pool.value == THIS_GAME else None
        bar = progress_bar(n, "game", words.control("progress"))
        self.progress_box.children = (bar.container,) if hasattr(bar, "container") else ()
        hide_readout(bar)
        self.simulate_button.disabled, self.stop_button.disabled = True, False
        pool, bot = self.pool.value, self.bot.value

        def play(should_stop: Callable[[], bool]) -> None:
            played = odds.play_outs(n, bot, game=game, seed=seed, progress=bar, should_stop=should_stop)
            self.played, self._played_pool = played, pool

        def done() -> None:
            bar.close()
            self.simulate_button.disabled, self.stop_button.disabled = False, True
            self.update()
            if self._run.error is not None:  # the simulated games failed: say why, keep the exact answer
                self.message.value = f"<span class='exlab-error'>{escape(str(self._run.error))}</span>"

        self._run.start(play, done, background=background)

    def stop(self) -> None:
        """End a running simulation after the current game; what was played is kept."""
        self._run.stop()

    def wait(self, timeout: float | None = None) -> None:
        """Block until a background simulation is done (for scripts and tests)."""
        self._run.wait(timeout)

    def _simulated_penalty(self) -> np.ndarray | None:
        if self.played is None or self.played.n_games == 0 or self.result is None:
            return None
        return self.played.pair(self.goal.value, self.left.value, self.right.value)

    # ------------------------------------------------------------------ static views
    def __repr__(self) -> str:
        return words.explorer_repr(self.describe())

    def describe(self) -> str:
        """The chosen question and its answer in one sentence."""
        result = self.result
        return words.describe(
            self.left.value,
            self.right.value,
            self.goal.value,
            whole_deck=self.pool.value == WHOLE_DECK,
            expected=None if result is None else result.expected,
            keep_all=None if result is None else result.keep_all,
            refusal=self.refusal,
        )

    def _repr_mimebundle_(self, **kwargs: object) -> dict[str, object]:
        """The live widget, with a still picture (map and answer) for readers without a kernel."""
        bundle: dict[str, object] = super()._repr_mimebundle_(**kwargs)
        bundle["text/plain"] = repr(self)
        bundle["text/html"] = self.static_html()
        return bundle

    def static_html(self) -> str:
        """The explorer as it stands, as plain HTML: the heatmap as a PNG and the answer."""
        answer = self.message.value
        if self.result is not None:
            expected = draw.expected_html(self.result, whole_deck=self.pool.value == WHOLE_DECK)
            answer = f"<div class='exlab-whatif-expected'>{expected}</div>"
            answer += self.chart.value
        return (
            f"{CSS}<div class='exlab-whatif exlab-whatif-still'>"
            f"<img alt='{escape(words.control('map_alt'))}' "
            f"src='data:image/png;base64,{self._map_png()}'>"
            f"<div>{answer}</div></div>"
        )

    def _map_png(self) -> str:
        from ..render.plots import plot_penalty_grid

        if self.pool.value == THIS_GAME:
            grid = odds.game_penalty_grid(self._this_game, self.goal.value)
        else:
            grid = odds.penalty_grid(self.goal.value, self.pool_cards)
        figure = plot_penalty_grid(
            grid, self.goal.value, marks=EXAMPLE_PAIRS, chosen=(self.left.value, self.right.value)
        )
        return base64.b64encode(figure._repr_png_()).decode("ascii")


def preset_pair(game: Game) -> tuple[int | None, int | None]:
    """The pair to ask about first in a live game, from cards the player holds only: the
    years already in the pair showcase, completed by the card in hand where it could stand
    (left of a right card, right of a left card; alone: left before the middle of the century,
    :data:`~exhibition_lab.games.exhibition.rules.scoring.MID_CENTURY_YEAR`, right after).
    A side no such card fills is ``None``: its slider stays where it was (a year the player does
    not hold is never called theirs)."""
    found = odds.pair_showcase(game)
    spots = found[1] if found is not None else (None, None)
    left, right = (c.year if c is not None else None for c in spots[:2])
    hand = game.hand.year if game.hand is not None and not game.hand.is_white else None
    if hand is not None:
        if left is None and right is None:
            left, right = (hand, None) if hand < MID_CENTURY_YEAR else (None, hand)
        elif left is None and right is not None and hand < right:
            left = hand
        elif right is None and left is not None and hand > left:
            right = hand
    return left, right


def answerable_years(game: Game) -> set[int]:
    """The years a live solo game's pair may still use: cards still to come, the card in
    hand and those already in the pair showcase (a white card has no year)."""
    found = odds.pair_showcase(game)
    held = [c for c in (found[1] if found is not None else ()) if c is not None]
    held += [game.hand] if game.hand is not None else []
    return {c.year for c in (*odds.game_pool(game), *held) if c.year is not None}


def _completed(left: int | None, right: int | None) -> tuple[int, int]:
    """A first pair for sliders no card of yours sets: the example pair 1912–1987, moved
    aside where a card of yours stands in its way."""
    if left is None:
        left = 1912 if right is None or right > 1912 else max(FIRST_YEAR, right - 1)
    if right is None:
        right = max(1987, left + 1)
    return left, min(right, LAST_YEAR)


def preset_in_words(game: Game, left: int | None, right: int | None) -> str:
    """Where the preset sliders come from, side by side, in a few words."""
    found = odds.pair_showcase(game)
    spots = found[1] if found is not None else (None, None)
    return words.preset_in_words(left, right, {c.year for c in spots[:2] if c is not None})


#: What the preset pair follows: the pair showcase's cards and the card in hand.
_PresetKey = tuple[tuple[Card | None, ...] | None, Card | None]


def _preset_key(game: Game | None) -> _PresetKey | None:
    if game is None:
        return None
    found = odds.pair_showcase(game)
    return (found[1] if found is not None else None, game.hand)


def _standard_deck() -> tuple[Card, ...]:
    from ...games.exhibition.rules.cards import standard_deck

    return standard_deck()
