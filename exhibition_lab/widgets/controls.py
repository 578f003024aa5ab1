"""New-game controls: players, who is a bot, variation showcases, Secret Decade, seed."""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as w

from ..layout import VARIATIONS
from ..session import HUMAN, SEAT_KINDS, PlaySession

MAX_SEATS = 5


class NewGameControls(w.VBox):
    """Choose a set-up and press *New game*; calls ``on_new(session)``."""

    def __init__(self, on_new: Callable[[PlaySession], None]) -> None:
        self._on_new = on_new
        self.players = w.IntSlider(value=2, min=1, max=MAX_SEATS, description="Players")
        self.seats = [
            w.Dropdown(options=SEAT_KINDS, value=HUMAN if k == 0 else "greedy", description=f"Seat {k + 1}")
            for k in range(MAX_SEATS)
        ]
        self.variations = w.SelectMultiple(options=list(VARIATIONS), description="Variations", rows=6)
        self.secret = w.Checkbox(value=False, description="Secret Decade (V7)")
        self.seed = w.IntText(value=0, description="Seed")
        self.button = w.Button(description="New game", button_style="primary", icon="play")
        self.button.add_class("exlab-new-game")
        self.button.on_click(lambda _: self.start())
        self.players.observe(lambda _: self._show_seats(), names="value")
        self.message = w.HTML()
        self._show_seats()
        super().__init__(
            [self.players, *self.seats, self.variations, self.secret, self.seed, self.button, self.message]
        )
        self.add_class("exlab-controls")

    def _show_seats(self) -> None:
        for k, dropdown in enumerate(self.seats):
            dropdown.layout.display = "flex" if k < self.players.value else "none"

    def start(self) -> PlaySession | None:
        """Build the chosen game; a set-up the rules refuse is reported, not raised."""
        from ..errors import ExhibitionLabError

        try:
            session = PlaySession.new(
                [d.value for d in self.seats[: self.players.value]],
                seed=self.seed.value,
                variations=self.variations.value,
                secret_decades=self.secret.value,
            )
        except ExhibitionLabError as exc:
            self.message.value = f"<span class='exlab-error'>{exc}</span>"
            return None
        self.message.value = ""
        self._on_new(session)
        return session
