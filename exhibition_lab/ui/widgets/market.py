"""The Continents tile: six columns of up to three open cards, with the vehicles."""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets as w

from ...games.exhibition.rules.cards import CONTINENTS, OPEN_CARDS, Card, Continent
from ...games.exhibition.session import PlaySession
from ..render.cards import continent_text_color
from ..render.tile import TILE_COLUMN_WIDTH, tile_column_background, tile_column_head_html
from ..screens import play as screens
from ..screens.play import Chooser, Tile
from ..text.names import continent_name
from .cards import MARKET_CARD, SUBJECT_LIMIT, card_button, paint_card, paint_empty, set_class

#: The tile's width in the app: six columns and their margins (the score sheet takes this
#: place at the end of a game, so the other halls beside it stay put).
MARKET_WIDTH = 6 * (TILE_COLUMN_WIDTH + 4 + 4)


class MarketView(w.HBox):
    """Six continent columns; only the cards the player may take (R7) are enabled and lit."""

    def __init__(self, on_take: Callable[[Card], None]) -> None:
        self._on_take = on_take
        self.new_cards: set[Card] = set()  # refilled since your last decision: marked "new"
        self._headers: list[w.HTML] = []
        self._buttons: list[list[w.Button]] = []
        self._columns: list[w.VBox] = []
        columns = []
        for continent in CONTINENTS:
            header = w.HTML()
            buttons = [
                card_button("exlab-market-card", f"exlab-continent-{continent.code}", size=MARKET_CARD)
                for _ in range(OPEN_CARDS)
            ]
            for button in buttons:
                button.on_click(self._clicked)
                button.card = None
            width = f"{TILE_COLUMN_WIDTH + 4}px"
            column = w.VBox([header, *buttons], layout=w.Layout(align_items="center", width=width))
            column.add_class("exlab-column")
            column.add_class(f"exlab-column-{continent.code}")
            self._headers.append(header)
            self._buttons.append(buttons)
            self._columns.append(column)
            columns.append(column)
        super().__init__(columns)
        self.add_class("exlab-market")

    def _clicked(self, button: w.Button) -> None:
        if button.card is not None:
            self._on_take(button.card)  # a card not to be taken is answered with its reason

    def paint(self, tile: Tile) -> None:
        """Show ``tile``: each column's open cards, lit where they may be taken, "new" where
        they came since your last decision, the coach's mark."""
        self.new_cards = {c.card for column in tile.columns for c in column.cards if c.new}
        for column, header, buttons, box in zip(tile.columns, self._headers, self._buttons, self._columns):
            header.value = tile_column_head_html(tile.table, column.continent)
            set_class(box, "exlab-here", column.here)
            box.layout.background_color = tile_column_background(column.continent)
            for k, button in enumerate(buttons):
                shown = column.cards[k] if k < len(column.cards) else None
                button.card = shown.card if shown is not None else None
                if shown is None:
                    paint_empty(button, tooltip=tile.empty_tooltip)
                    button.layout.visibility = "hidden"
                else:
                    paint_card(button, shown.card, subject_limit=SUBJECT_LIMIT["market"], wide=True)
                    button.layout.visibility = "visible"
                    if shown.note:
                        button.tooltip = f"{shown.note}\n{button.tooltip}"
                    if shown.refusal:
                        button.tooltip = f"{shown.refusal}\n{button.tooltip}"
                    if shown.ends:
                        button.tooltip = f"{shown.ends}\n{button.tooltip}"
                # a card you may not take answers a click with the reason (R7), as an unlit spot
                # does; it is never lit
                button.disabled = shown is None or not (shown.takeable or shown.refusal)
                set_class(button, "exlab-takeable", shown is not None and shown.takeable)
                set_class(button, "exlab-untakeable", shown is not None and bool(shown.refusal))
                set_class(button, "exlab-ends", shown is not None and bool(shown.ends))
                set_class(button, "exlab-new-card", shown is not None and shown.new)
                set_class(button, "exlab-hinted", shown is not None and shown.hinted)
        set_class(self, "exlab-tile-placing", tile.placing)
        self.layout.display = "flex" if tile.shown else "none"  # after the game the sheet takes its place

    def render(self, session: PlaySession) -> None:
        self.paint(screens.tile_screen(session))


class ContinentChooser(w.HBox):
    """After a white card (R8): one button per continent to move the vehicle to."""

    def __init__(self, on_move: Callable[[Continent], None]) -> None:
        self._on_move = on_move
        self._label = w.HTML()
        self._buttons = []
        for continent in CONTINENTS:
            button = w.Button(description=continent_name(continent), layout=w.Layout(width="112px", height="28px"))
            button.style.button_color = continent.color
            button.style.text_color = continent_text_color(continent)
            button.add_class("exlab-continent-choice")
            button.add_class(f"exlab-continent-{continent.code}")
            button.continent = continent
            button.on_click(lambda b: self._on_move(b.continent))
            self._buttons.append(button)
        super().__init__([self._label, *self._buttons])
        self.add_class("exlab-chooser")

    def paint(self, chooser: Chooser) -> None:
        self._label.value = f"<b>&nbsp;·&nbsp;{escape(chooser.label)}</b>"
        self.layout.display = "flex" if chooser.shown else "none"
        for button in self._buttons:
            button.disabled = button.continent not in chooser.allowed
            set_class(button, "exlab-hinted", button.continent is chooser.hinted)

    def render(self, session: PlaySession) -> None:
        self.paint(screens.chooser_screen(session))
