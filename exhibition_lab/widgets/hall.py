"""The Exhibition Hall of the player to move: five showcases, their spots, the Depot."""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets as w

from ..actions import EndExhibition
from ..game import Phase
from ..hall import DEPOT_SIZE
from ..layout import SHOWCASES, Layout
from ..session import PlaySession
from .cards import card_button, paint_card, paint_empty, set_class


class HallView(w.VBox):
    """Spots lit (``exlab-legal``) where the card in hand fits; a click on another spot is
    answered with the rule that forbids it."""

    def __init__(
        self,
        layout: Layout,
        *,
        on_spot: Callable[[int, int], None],
        on_depot: Callable[[], None],
        on_end: Callable[[], None],
    ) -> None:
        self.hall_layout = layout
        self._title = w.HTML()
        self.spots: list[list[w.Button]] = []
        boxes = []
        for s, kind in enumerate(layout):
            buttons = []
            for i in range(kind.size):
                button = card_button("exlab-spot", f"exlab-spot-{s}-{i}")
                button.spot = (s, i)
                button.on_click(lambda b: on_spot(*b.spot))
                buttons.append(button)
            self.spots.append(buttons)
            name = (
                kind.name
                if not kind.is_variation
                else f"{kind.name} <small>(over {SHOWCASES[kind.covers].name})</small>"
            )
            label = w.HTML(f"<b>{name}</b>")
            label.add_class("exlab-showcase-name")
            box = w.VBox([label, w.HBox(buttons)])
            box.add_class("exlab-showcase-box")
            boxes.append(box)
        self.depot_cards = [card_button("exlab-depot-card") for _ in range(DEPOT_SIZE)]
        for button in self.depot_cards:
            button.disabled = True
        self.depot = w.Button(description="Put in Depot", layout=w.Layout(width="150px"))
        self.depot.add_class("exlab-depot")
        self.depot.on_click(lambda _: on_depot())
        self.end = w.Button(description="End exhibition", layout=w.Layout(width="150px"), button_style="warning")
        self.end.add_class("exlab-end-exhibition")
        self.end.on_click(lambda _: on_end())
        depot_box = w.VBox([w.HTML("<b>Depot</b>"), w.HBox(self.depot_cards), self.depot, self.end])
        depot_box.add_class("exlab-depot-box")
        rows = w.HBox([w.VBox(boxes[:2]), w.VBox(boxes[2:]), depot_box], layout=w.Layout(flex_flow="row wrap"))
        super().__init__([self._title, rows])
        self.add_class("exlab-hall")

    def render(self, session: PlaySession) -> None:
        game = session.game
        seat = session.viewer
        hall = game.hall(seat)
        placing = session.humans_turn and game.phase is Phase.PLACE
        legal = set(session.legal_spots()) if placing else set()
        decade = game.secret_decades[seat] if game.secret_decades is not None else None
        secret = f" · Secret Decade: {decade}s" if decade is not None and session.is_human(seat) else ""
        hand = f" · card in hand: <b>{game.hand}</b> {escape(game.hand.title)}" if placing else ""
        owner = "Your" if game.players[seat] == "You" else f"{escape(game.players[seat])}'s"
        self._title.value = f"<h3 style='margin:4px 0'>{owner} Exhibition Hall{secret}{hand}</h3>"
        for s, buttons in enumerate(self.spots):
            for i, button in enumerate(buttons):
                card = hall.showcases[s][i]
                if card is None:
                    paint_empty(button, "·")
                else:
                    paint_card(button, card)
                button.disabled = not placing
                set_class(button, "exlab-legal", (s, i) in legal)
        for k, button in enumerate(self.depot_cards):
            if k < len(hall.depot):
                paint_card(button, hall.depot[k])
            else:
                paint_empty(button)
        self.depot.disabled = not (placing and not hall.depot_full)
        self.end.disabled = not (placing and session.can(EndExhibition))
