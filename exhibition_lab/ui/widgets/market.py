"""The Continents tile: six columns of up to three open cards, with the vehicles."""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as w

from ...games.exhibition.game import Game, Phase
from ...games.exhibition.rules.actions import Move, Take
from ...games.exhibition.rules.cards import CONTINENTS, OPEN_CARDS, Card, Continent
from ...games.exhibition.session import PlaySession
from ..render.cards import continent_text_color
from ..render.tile import TILE_COLUMN_WIDTH, tile_column_background, tile_column_head_html
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
            self._on_take(button.card)

    def _note_new_cards(self, session: PlaySession) -> None:
        """The tile cards that came since the viewer's last decision (R9 refills), so the eye
        finds what changed. Read from the game itself: the tile now against the tile just
        before the viewer's latest action, so a redraw, a refused click or an Undo shows
        the same marks as the position had when it was first reached (ux report 2, bug 3)."""
        game = session.game
        now = {c for cards in game.market.values() for c in cards}
        self.new_cards = now - tile_before_last_action(game, session.viewer)

    def render(self, session: PlaySession) -> None:
        game = session.game
        self._note_new_cards(session)
        takeable = {a.card for a in game.legal_actions() if isinstance(a, Take)} if session.humans_turn else set()
        taking = session.humans_turn and game.phase is Phase.TAKE
        for continent, header, buttons, column in zip(CONTINENTS, self._headers, self._buttons, self._columns):
            header.value = tile_column_head_html(game, continent)
            cards = game.market[continent]
            set_class(column, "exlab-here", taking and any(c in takeable for c in cards))
            column.layout.background_color = tile_column_background(continent)
            for k, button in enumerate(buttons):
                card = cards[k] if k < len(cards) else None
                button.card = card
                if card is None:
                    paint_empty(button, tooltip="no card")
                    button.layout.visibility = "hidden"
                else:
                    paint_card(button, card, subject_limit=SUBJECT_LIMIT["market"], wide=True)
                    button.layout.visibility = "visible"
                button.disabled = card is None or card not in takeable
                set_class(button, "exlab-takeable", card is not None and card in takeable)
                set_class(button, "exlab-new-card", card is not None and card in self.new_cards)
                if card is not None and card in self.new_cards:
                    button.tooltip = f"new on the tile (refilled from the stock)\n{button.tooltip}"


def tile_before_last_action(game: Game, seat: int) -> set[Card]:
    """The open cards as they lay just before ``seat``'s latest action (the tile at the
    start of the game when ``seat`` has not acted yet); the game itself is not changed."""
    history = game.history
    last = next((k for k in range(len(history) - 1, -1, -1) if history[k][0] == seat), 0)
    past = game.copy()
    for _ in range(len(history) - last):
        past.undo()
    return {c for cards in past.market.values() for c in cards}


class ContinentChooser(w.HBox):
    """After a white card (R8): one button per continent to move the vehicle to."""

    def __init__(self, on_move: Callable[[Continent], None]) -> None:
        self._on_move = on_move
        self._label = w.HTML("<b>&nbsp;·&nbsp;Move your vehicle to:</b>")
        self._buttons = []
        for continent in CONTINENTS:
            button = w.Button(description=continent.title, layout=w.Layout(width="112px", height="28px"))
            button.style.button_color = continent.color
            button.style.text_color = continent_text_color(continent)
            button.add_class("exlab-continent-choice")
            button.add_class(f"exlab-continent-{continent.code}")
            button.continent = continent
            button.on_click(lambda b: self._on_move(b.continent))
            self._buttons.append(button)
        super().__init__([self._label, *self._buttons])
        self.add_class("exlab-chooser")

    def render(self, session: PlaySession) -> None:
        active = session.humans_turn and session.game.phase is Phase.MOVE
        self.layout.display = "flex" if active else "none"
        for button in self._buttons:
            button.disabled = not active or Move(button.continent) not in session.game.legal_actions()
