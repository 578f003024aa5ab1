"""The start panel: players 1–5 with names, who is a bot (strength in words), variation
showcases by name with a line on each, Secret Decade, seed."""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as w
import numpy as np

from ..deal import MAX_PLAYERS
from ..errors import ArgumentError, ExhibitionLabError
from ..layout import SHOWCASES, VARIATIONS
from ..session import HUMAN, SEAT_KINDS, SEAT_LABELS, VARIATION_LINES, PlaySession
from .panels import ScrollAnchor


class VariationPicker(w.VBox):
    """One checkbox per variation showcase: its name, the showcase it covers, one line on
    what it does. ``value`` is the tuple of chosen keys (as ``Layout.with_variations`` takes)."""

    def __init__(self) -> None:
        self.boxes: dict[str, w.Checkbox] = {}
        rows = []
        for key, kind in VARIATIONS.items():
            box = w.Checkbox(value=False, indent=False, layout=w.Layout(width="24px"))
            self.boxes[key] = box
            text = w.HTML(
                f"<b>{kind.name}</b> <small>(over {SHOWCASES[kind.covers].name}, {kind.rule})</small> — "
                f"<span class='exlab-setup-note'>{VARIATION_LINES[key]}</span>"
            )
            rows.append(w.HBox([box, text]))
        super().__init__(rows)
        self.add_class("exlab-variations")

    @property
    def value(self) -> tuple[str, ...]:
        return tuple(key for key, box in self.boxes.items() if box.value)

    @value.setter
    def value(self, keys: tuple[str, ...]) -> None:
        unknown = set(keys) - set(self.boxes)
        if unknown:
            raise ArgumentError(f"unknown variation {sorted(unknown)[0]!r}; known: {', '.join(self.boxes)}")
        for key, box in self.boxes.items():
            box.value = key in keys


#: Fresh seeds are drawn from 1 to this bound: short enough to read and type again.
SEED_RANGE = 1_000_000


class NewGameControls(w.VBox):
    """Choose a set-up and press *Start game*; calls ``on_new(session)``.

    Each game gets a fresh seed, drawn from a numpy Generator seeded with ``seed`` (so a
    notebook run deals the same sequence of games), unless the player fixes one: typing a
    seed ticks *Keep this seed*. The seed used is written back into the field, so any deal
    can be played again."""

    def __init__(self, on_new: Callable[[PlaySession], None], *, seed: int = 0) -> None:
        self._on_new = on_new
        self._seeds = np.random.default_rng([seed, 0xDEA1])
        self.players = w.ToggleButtons(
            options=list(range(1, MAX_PLAYERS + 1)),
            value=2,
            description="Players",
            style={"button_width": "36px"},
        )
        kinds = [(SEAT_LABELS[k], k) for k in SEAT_KINDS]
        self.seats = [
            w.Dropdown(options=kinds, value=HUMAN if k == 0 else "greedy", layout=w.Layout(width="330px"))
            for k in range(MAX_PLAYERS)
        ]
        self.names = [w.Text(placeholder="name (optional)", layout=w.Layout(width="150px")) for _ in range(MAX_PLAYERS)]
        self._seat_rows = [
            w.HBox([w.HTML(f"<b>Seat {k + 1}</b>", layout=w.Layout(width="52px")), self.names[k], self.seats[k]])
            for k in range(MAX_PLAYERS)
        ]
        self.variations = VariationPicker()
        self.secret = w.Checkbox(value=False, indent=False, description="Secret Decade (V7)")
        self.secret.layout.width = "170px"
        secret_hint = w.HTML(
            "<span class='exlab-setup-note'>each player gets a hidden decade: +1 per hall card of it</span>"
        )
        self.seed = w.IntText(value=seed, description="Seed", layout=w.Layout(width="170px"))
        self.seed.add_class("exlab-seed")
        self.keep_seed = w.Checkbox(value=False, indent=False, description="Keep this seed")
        self.keep_seed.layout.width = "130px"
        self.keep_seed.add_class("exlab-keep-seed")
        self._writing_seed = False
        self.seed.observe(self._seed_typed, names="value")
        self.button = w.Button(description="Start game", button_style="primary", icon="play")
        self.button.add_class("exlab-new-game")
        self.button.on_click(lambda _: self.start())
        self.players.observe(lambda _: self._show_seats(), names="value")
        self.message = w.HTML()
        self._show_seats()
        hint = w.HTML(
            "<span class='exlab-setup-note'>Several human seats play hot-seat: the board shows the hall of whoever "
            "is to move. Each game deals new cards; tick “Keep this seed” (or type a seed) to deal the same "
            "cards again.</span>"
        )
        left = w.VBox([w.HTML("<b>New game</b>"), self.players, *self._seat_rows, hint])
        right = w.VBox(
            [
                w.HTML("<b>Variation showcases</b> <small>(at most one over each showcase)</small>"),
                self.variations,
                w.HBox([self.secret, secret_hint]),
                w.HBox([self.seed, self.keep_seed, self.button]),
                self.message,
            ]
        )
        right.layout.margin = "0 0 0 24px"
        self.anchor = ScrollAnchor()
        super().__init__([self.anchor, w.HBox([left, right])])
        self.add_class("exlab-scroll-target")
        self.add_class("exlab-controls")
        self.add_class("exlab-setup")

    def _show_seats(self) -> None:
        for k, row in enumerate(self._seat_rows):
            row.layout.display = "flex" if k < self.players.value else "none"

    def _seed_typed(self, _change) -> None:
        if not self._writing_seed:
            self.keep_seed.value = True  # a typed seed is meant to be used

    def next_seed(self) -> int:
        """The seed of the next game: the field's if kept, else a fresh one from the Generator."""
        if self.keep_seed.value:
            return int(self.seed.value)
        fresh = int(self._seeds.integers(1, SEED_RANGE))
        self._writing_seed = True
        try:
            self.seed.value = fresh  # shown, so the deal can be played again
        finally:
            self._writing_seed = False
        return fresh

    def start(self) -> PlaySession | None:
        """Build the chosen game; a set-up the rules refuse is reported, not raised."""
        n = self.players.value
        kinds = [d.value for d in self.seats[:n]]
        typed = [t.value.strip() for t in self.names[:n]]
        names = None
        if any(typed):
            defaults = PlaySession.default_names(kinds)
            names = [t or d for t, d in zip(typed, defaults)]
        try:
            session = PlaySession.new(
                kinds,
                names=names,
                seed=self.next_seed(),
                variations=self.variations.value,
                secret_decades=self.secret.value,
            )
        except ExhibitionLabError as exc:
            self.message.value = f"<span class='exlab-error'>{exc}</span>"
            return None
        self.message.value = ""
        self._on_new(session)
        return session
