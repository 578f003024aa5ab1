"""The start panel: players 1–5 with names, who is a bot (strength in words), variation
showcases by name with a line on each, Secret Decade, seed."""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING

import ipywidgets as w
import numpy as np

from ...core.errors import ArgumentError, ExhibitionLabError
from ...core.seeding import MAX_SEED, is_seed
from ...games.exhibition.rules.deal import MAX_PLAYERS
from ...games.exhibition.rules.layout import VARIATIONS
from ...games.exhibition.session import HUMAN, SEAT_KINDS, PlaySession
from ..render.play import rule_tag
from ..text import setup as words
from ..text.names import seat_name_words, showcase_name, you
from .background import BackgroundRun
from .panels import ScrollAnchor

if TYPE_CHECKING:
    from traitlets.utils.bunch import Bunch  # what an observer is told: the trait's old and new values

#: Every option row of the panel: a checkbox of fixed width, then its words (top-aligned,
#: so one-line and two-line rows start at the same place).
CHECK_WIDTH = "22px"


def _option_row(box: w.Checkbox, text: w.HTML) -> w.HBox:
    box.layout = w.Layout(width=CHECK_WIDTH, min_width=CHECK_WIDTH, margin="2px 6px 0 0")
    text.layout = w.Layout(flex="1 1 auto", margin="0")
    return w.HBox([box, text], layout=w.Layout(align_items="flex-start", margin="0 0 2px 0"))


def _setup_row(*parts: w.Widget) -> w.HBox:
    # a row of the panel wraps in a narrow container instead of cutting its last field
    row = w.HBox(list(parts), layout=w.Layout(align_items="center"))
    row.add_class("exlab-setup-row")
    return row


class VariationPicker(w.VBox):
    """One checkbox per variation showcase: its name, the showcase it covers, one line on
    what it does. ``value`` is the tuple of chosen keys (as ``Layout.with_variations`` takes).

    Variations over the same base showcase exclude each other (D9): ticking one unticks and
    disables the others, whose line then says why in words."""

    def __init__(self) -> None:
        self.boxes: dict[str, w.Checkbox] = {}
        self.texts: dict[str, w.HTML] = {}
        rows = []
        for key in VARIATIONS:
            box = w.Checkbox(value=False, indent=False)
            self.boxes[key] = box
            self.texts[key] = w.HTML(self._text(key))
            box.observe(lambda change, k=key: self._ticked(k, change["new"]), names="value")
            rows.append(_option_row(box, self.texts[key]))
        super().__init__(rows)
        self.add_class("exlab-variations")

    @staticmethod
    def _text(key: str, blocked_by: str | None = None) -> str:
        kind = VARIATIONS[key]
        over = escape(words.variation_over(key), quote=False)
        # the game's own name, then (in Spanish) the same name in the reader's words
        gloss = words.variation_gloss(key)
        glossed = f" <i>({escape(gloss)})</i>" if gloss else ""
        line = f"<b>{escape(showcase_name(kind))}</b>{glossed} <small>{over}</small>{rule_tag(kind.rule)} — "
        line += f"<span class='exlab-setup-note'>{escape(words.variation_line(key), quote=False)}</span>"
        if blocked_by is not None:
            line += (
                "<br><span class='exlab-setup-note exlab-variation-blocked'>"
                f"<i>{escape(words.variation_blocked(key, blocked_by), quote=False)}</i></span>"
            )
        return line

    def _rivals(self, key: str) -> list[str]:
        covers = VARIATIONS[key].covers
        return [k for k in self.boxes if k != key and VARIATIONS[k].covers == covers]

    def _ticked(self, key: str, on: bool) -> None:
        for rival in self._rivals(key):
            if on:
                self.boxes[rival].value = False
            self.boxes[rival].disabled = on
            self.texts[rival].value = self._text(rival, blocked_by=key if on else None)

    @property
    def value(self) -> tuple[str, ...]:
        return tuple(key for key, box in self.boxes.items() if box.value)

    @value.setter
    def value(self, keys: tuple[str, ...]) -> None:
        unknown = set(keys) - set(self.boxes)
        if unknown:
            raise ArgumentError(words.unknown_variation(sorted(unknown)[0], list(self.boxes)))
        for key in keys:
            clash = next((k for k in self._rivals(key) if k in keys), None)
            if clash is not None:
                raise ArgumentError(words.variations_clash(clash, key), rule="D9")
        for key, box in self.boxes.items():
            if key not in keys:
                box.value = False
        for key in keys:
            self.boxes[key].value = True


class StartingRow(w.HBox):
    """The progress of a game being started and its Cancel, beside the button that started it.

    Bots seated before the first person play their first turns before the board shows, which
    takes seconds with search bots: :meth:`run` then makes the game in a thread, shows this
    row at once and disables the button; the game on the board stays until the new one is
    ready, and Cancel keeps it. Otherwise (or with ``background`` off, as in scripts) the game
    is made at once. ``say`` shows a sentence (HTML) near the button: a refusal, or that the
    start was cancelled."""

    def __init__(self, button: w.Button, say: Callable[[str], None]) -> None:
        self._button, self._say = button, say
        self.background = True
        self._run = BackgroundRun()
        self.progress = w.HTML()
        self.progress.add_class("exlab-new-game-progress")
        self.cancel = w.Button(description=words.panel("cancel"), icon="stop", layout=w.Layout(width="auto"))
        self.cancel.add_class("exlab-new-game-cancel")
        self.cancel.on_click(lambda _: self.stop())
        super().__init__([self.progress, self.cancel], layout=w.Layout(align_items="center", display="none"))
        self.add_class("exlab-new-game-status")

    @property
    def running(self) -> bool:
        """Whether a game is being started now (its bots playing their first turns)."""
        return self._run.running and not self._run.stopped

    def run(
        self, make: Callable[[], PlaySession], on_ready: Callable[[PlaySession], None], *, bots_first: bool
    ) -> PlaySession | None:
        """Make a game with ``make()`` and hand it to ``on_ready``; returns it when made at
        once, ``None`` when it is made in the background (or was refused)."""
        if self.running:
            return None
        made: list[PlaySession] = []
        run = self._run = BackgroundRun()

        def done() -> None:
            if run.stopped:
                return  # cancelled: the row said so at once, the game on the board goes on
            self.layout.display = "none"
            self._button.disabled = False
            if isinstance(run.error, ExhibitionLabError):
                self._say(f"<span class='exlab-error'>{escape(str(run.error))}</span>")
            elif run.error is not None:
                raise run.error
            else:
                on_ready(made[0])

        background = self.background and bots_first
        if background:
            self.progress.value = f"<i>{escape(words.panel('dealing'), quote=False)}</i>"
            self._say("")
            self._button.disabled = True
            self.layout.display = "flex"
        run.start(lambda _should_stop: made.append(make()), done, background=background)
        return made[0] if made and not background and run.error is None else None

    def stop(self) -> None:
        """Keep the game on the board: the bots' first turns still under way are dropped."""
        self._run.stop()
        self.layout.display = "none"
        self._button.disabled = False
        self._say(f"<i>{escape(words.panel('start_cancelled'), quote=False)}</i>")

    def wait(self, timeout: float | None = None) -> None:
        """Block until a start under way is done (for scripts and tests)."""
        self._run.wait(timeout)


#: Fresh seeds are drawn from 1 to this bound: short enough to read and type again.
SEED_RANGE = 1_000_000


class NewGameControls(w.VBox):
    """Choose a set-up and press *Start game*; calls ``on_new(session)``.

    The Seed field shows exactly the seed the next *Start game* uses, or is empty
    (“new cards”): then Start deals with a fresh seed drawn from a numpy Generator seeded
    with ``seed`` (so a notebook run deals the same sequence of games) and the game's first
    message names it. Typing a seed ticks *Keep this seed*; ticking it with an empty field
    puts in the seed of the game on the board (to deal its cards again); unticking empties
    the field. A set-up that cannot start changes nothing, not even the seeds."""

    def __init__(self, on_new: Callable[[PlaySession], None], *, seed: int = 0) -> None:
        self._on_new = on_new
        self._seeds = np.random.default_rng([seed, 0xDEA1])
        self._fresh = self._draw()
        #: the seed of the game on the board (the app tells it of games started elsewhere)
        self.current_seed = seed
        self.players = w.ToggleButtons(
            options=list(range(1, MAX_PLAYERS + 1)),
            value=2,
            description=words.panel("players"),
            style={"button_width": "36px"},
        )
        kinds = [(words.seat_label(k), k) for k in SEAT_KINDS]
        self.seats = [
            w.Dropdown(options=kinds, value=self._default_kind(k), layout=w.Layout(width="200px"))
            for k in range(MAX_PLAYERS)
        ]
        self.names = [
            w.Text(placeholder=words.panel("name"), layout=w.Layout(width="150px")) for _ in range(MAX_PLAYERS)
        ]
        for dropdown in self.seats:
            dropdown.observe(lambda _: self._describe_seats(), names="value")
        self._seat_rows = [
            _setup_row(
                w.HTML(
                    f"<b class='exlab-seat-label'>{escape(words.panel('seat').format(n=k + 1))}</b>",
                    layout=w.Layout(width="auto", min_width="52px"),
                ),
                self.names[k],
                self.seats[k],
            )
            for k in range(MAX_PLAYERS)
        ]
        self.variations = VariationPicker()
        self.secret = w.Checkbox(value=False, indent=False)
        secret_row = _option_row(
            self.secret,
            w.HTML(
                f"<b>{escape(words.panel('secret'), quote=False)}</b>{rule_tag('V7')} — "
                f"<span class='exlab-setup-note'>{escape(words.panel('secret_line'), quote=False)}</span>"
            ),
        )
        self.seed = w.Text(
            value="",
            placeholder=words.panel("new_cards"),
            description=words.panel("seed"),
            layout=w.Layout(width="170px"),
        )
        self.seed.add_class("exlab-seed")
        self.keep_seed = w.Checkbox(value=False, indent=False, description=words.panel("keep_seed"))
        self.keep_seed.layout.width = "130px"
        self.keep_seed.tooltip = words.panel("keep_seed_hover")
        self.keep_seed.add_class("exlab-keep-seed")
        self._writing_seed = False
        self.seed.observe(self._seed_typed, names="value")
        self.keep_seed.observe(self._keep_ticked, names="value")
        self.button = w.Button(description=words.panel("start"), button_style="primary", icon="play")
        self.button.add_class("exlab-new-game")
        self.button.on_click(lambda _: self.start())
        self.message = w.HTML()
        #: the progress and Cancel of a start whose bots move first, beside Start game
        self.working = StartingRow(self.button, self._say)
        self.hot_seat_note = w.HTML(
            f"<span class='exlab-setup-note'>{escape(words.panel('hot_seat'), quote=False)}</span>"
        )
        hint = w.HTML(f"<span class='exlab-setup-note'>{escape(words.panel('names_seed'), quote=False)}</span>")
        self.players.observe(lambda _: self._show_seats(), names="value")
        self._show_seats()
        left = w.VBox(
            [
                w.HTML(f"<b>{escape(words.panel('title'), quote=False)}</b>"),
                self.players,
                *self._seat_rows,
                self.hot_seat_note,
                hint,
            ]
        )
        right = w.VBox(
            [
                w.HTML(
                    f"<b>{escape(words.panel('variations'), quote=False)}</b> "
                    f"<small>{escape(words.panel('at_most_one'), quote=False)}</small>"
                ),
                self.variations,
                secret_row,
                _setup_row(self.seed, self.keep_seed, self.button, self.working),
                self.message,
            ]
        )
        right.layout.margin = "0 0 0 24px"
        self.anchor = ScrollAnchor()
        super().__init__([self.anchor, w.HBox([left, right])])
        self.add_class("exlab-scroll-target")
        self.add_class("exlab-controls")
        self.add_class("exlab-setup")

    @staticmethod
    def _default_kind(seat: int) -> str:
        return HUMAN if seat == 0 else "greedy"

    def _draw(self) -> int:
        return int(self._seeds.integers(1, SEED_RANGE))

    # ------------------------------------------------------------------ seats
    def _show_seats(self) -> None:
        """Show the chosen number of seats; seats that disappear go back to their defaults,
        so a larger count later never brings back names and kinds no longer on screen."""
        for k, row in enumerate(self._seat_rows):
            shown = k < self.players.value
            row.layout.display = "flex" if shown else "none"
            if not shown:
                self.names[k].value = ""
                self.seats[k].value = self._default_kind(k)
        # hot-seat needs several seats: a solo game (S1) is not told about it
        self.hot_seat_note.layout.display = None if self.players.value > 1 else "none"
        self._describe_seats()

    def _describe_seats(self) -> None:
        """Each name field shows the name its seat gets when left empty; each dropdown's
        hover has the whole sentence on its kind."""
        n = self.players.value
        defaults = PlaySession.default_names([d.value for d in self.seats[:n]], you=you(), kind_words=seat_name_words())
        for k in range(MAX_PLAYERS):
            self.seats[k].tooltip = words.seat_detail(self.seats[k].value)
            self.names[k].placeholder = defaults[k] if k < n else words.panel("name")

    # ------------------------------------------------------------------ seed
    def _seed_typed(self, change: Bunch) -> None:
        if self._writing_seed:
            return
        self._writing_seed = True
        try:
            self.keep_seed.value = bool(change["new"].strip())  # a typed seed is meant to be used
        finally:
            self._writing_seed = False

    def _keep_ticked(self, change: Bunch) -> None:
        if self._writing_seed:
            return
        self._writing_seed = True
        try:
            if change["new"] and not self.seed.value.strip():
                self.seed.value = str(self.current_seed)  # keep the cards on the board
            elif not change["new"]:
                self.seed.value = ""  # new cards
        finally:
            self._writing_seed = False

    def next_seed(self) -> int:
        """The seed the next *Start game* uses: the field's, or (empty field) the fresh one
        drawn for it. Raises :class:`ArgumentError` for a field that is not a seed."""
        typed = self.seed.value.strip()
        if not typed:
            return self._fresh
        # only the digits 0–9: '²' and other scripts' digits pass isdigit() yet are no seed to type again
        if not (typed.isascii() and typed.isdigit()):
            raise ArgumentError(words.bad_seed(typed))
        # a number too long to be a seed is refused before int() (which refuses 4300 digits and more)
        if len(typed) > len(str(MAX_SEED)) or not is_seed(int(typed)):
            raise ArgumentError(words.seed_out_of_range(typed))
        return int(typed)

    @property
    def background(self) -> bool:
        """Whether a start whose bots move first runs in a thread (``False``: at once, scripts)."""
        return self.working.background

    @background.setter
    def background(self, on: bool) -> None:
        self.working.background = on

    def start(self) -> PlaySession | None:
        """Build the chosen game; a set-up the rules refuse is reported, not raised. A game
        whose bots move first starts in the background (:class:`StartingRow`): ``None`` is
        returned then, and :meth:`wait` waits for it."""
        n = self.players.value
        kinds = [d.value for d in self.seats[:n]]
        typed = [t.value.strip() for t in self.names[:n]]
        names = None
        if any(typed):
            defaults = PlaySession.default_names(kinds, you=you(), kind_words=seat_name_words())
            names = [t or d for t, d in zip(typed, defaults)]
        try:
            seed = self.next_seed()
        except ExhibitionLabError as exc:
            self._say(f"<span class='exlab-error'>{escape(str(exc))}</span>")
            return None

        def deal() -> PlaySession:
            return PlaySession.new(
                kinds,
                names=names,
                seed=seed,
                variations=self.variations.value,
                secret_decades=self.secret.value,
                you=you(),
                kind_words=seat_name_words(),
            )

        bots_first = bool(kinds) and kinds[0] != HUMAN
        return self.working.run(deal, lambda session: self._started(session, seed), bots_first=bots_first)

    def wait(self, timeout: float | None = None) -> None:
        """Block until a start under way is done (for scripts and tests)."""
        self.working.wait(timeout)

    def _say(self, html: str) -> None:
        self.message.value = html

    def _started(self, session: PlaySession, seed: int) -> None:
        if not self.seed.value.strip():
            self._fresh = self._draw()  # used: the next empty-field start deals new cards again
        self.current_seed = seed
        self.message.value = ""
        self._on_new(session)
