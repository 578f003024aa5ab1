"""The Exhibition Hall of the player to move: five showcases in one row, as on the board,
then the Depot with its two controls (in a second row where the width given is too narrow)."""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets as w

from ...games.exhibition.rules.hall import DEPOT_SIZE
from ...games.exhibition.rules.layout import Layout
from ...games.exhibition.session import PlaySession
from ..render import play as html
from ..screens import play as screens
from ..screens.play import HallScreen
from ..text import play as words
from ..text.names import showcase_name
from .cards import card_button, paint_card, paint_empty, set_class

#: The Depot and End exhibition buttons: wide enough for their labels, which are never cut
#: (a cut "Put ir" hid the only move left when a card fits nowhere).
CONTROL_WIDTH = "114px"


class HallView(w.VBox):
    """Spots lit (``exlab-legal``) where the card in hand fits; a click on another spot is
    answered in plain words. The Depot and End exhibition controls are lit (``exlab-lit``)
    when allowed and look disabled otherwise. It paints a
    :class:`~exhibition_lab.ui.screens.play.HallScreen` and reports clicks."""

    def __init__(
        self,
        layout: Layout,
        *,
        on_spot: Callable[[int, int], None],
        on_depot: Callable[[], None],
        on_end: Callable[[], None],
        on_name: Callable[[int], None] | None = None,
    ) -> None:
        self._title = w.HTML()
        self._title.add_class("exlab-hall-title")
        self.spots: list[list[w.Button]] = []
        self.names: list[w.Button] = []  # each showcase's name: its rule on hover and on a click
        self.rule_tips: list[w.HTML] = []
        boxes = []
        for s, kind in enumerate(layout):
            buttons = []
            for i in range(kind.size):
                button = card_button("exlab-spot", f"exlab-spot-{s}-{i}")
                button.spot = (s, i)
                button.on_click(lambda b: on_spot(*b.spot))
                buttons.append(button)
            self.spots.append(buttons)
            # a showcase's name says what it asks of its cards before any card is refused there
            # (a variation also what it lies over: a two-spot box has no room): in a box drawn
            # on hover and on focus, which a screenshot shows too, and on a click or a tap (a
            # touch screen has no hover) in the status line, where refusals are read
            rule = words.showcase_name_hover(kind)
            name = w.Button(description=showcase_name(kind), tooltip=rule, layout=w.Layout(width="auto"))
            name.add_class("exlab-showcase-name")
            name.showcase = s
            name.on_click(lambda b: on_name(b.showcase) if on_name is not None else None)
            self.names.append(name)
            tip = w.HTML(escape(rule))
            tip.add_class("exlab-rule-tip")
            self.rule_tips.append(tip)
            label = w.HBox([name, tip])
            label.add_class("exlab-showcase-head")
            box = w.VBox([label, w.HBox(buttons)])
            box.add_class("exlab-showcase-box")
            box.add_class(f"exlab-showcase-{kind.key}")
            boxes.append(box)
        self.depot_cards = [card_button("exlab-depot-card") for _ in range(DEPOT_SIZE)]
        for button in self.depot_cards:
            # a free Depot place takes the card in hand, as Put in Depot does (R10); a click
            # with no card in hand is answered with what to do first
            button.on_click(lambda _: on_depot())
        size = {"width": "auto", "min_width": CONTROL_WIDTH, "height": "28px"}
        self.depot = w.Button(description=words.button("depot"), layout=w.Layout(**size))
        self.depot.add_class("exlab-depot")
        self.depot.add_class("exlab-control")
        self.depot.on_click(lambda _: on_depot())
        self.end = w.Button(description=words.button("end"), layout=w.Layout(**size))
        self.end.add_class("exlab-end-exhibition")
        self.end.add_class("exlab-control")
        self.end.on_click(lambda _: on_end())
        self._depot_label = w.HTML()
        self._depot_label.add_class("exlab-showcase-name")
        depot_box = w.VBox([self._depot_label, w.HBox(self.depot_cards)])
        depot_box.add_class("exlab-depot-box")
        controls = w.VBox([self.depot, self.end], layout=w.Layout(justify_content="flex-end", margin="0 0 0 2px"))
        # where the container is too narrow for one row, the Depot and its controls (then the
        # last showcases) go to a second row instead of out of sight
        depot_group = w.HBox([depot_box, controls], layout=w.Layout(align_items="flex-end", flex="0 0 auto"))
        depot_group.add_class("exlab-depot-group")
        row = w.HBox([*boxes, depot_group], layout=w.Layout(flex_flow="row wrap", align_items="flex-end"))
        row.add_class("exlab-hall-row")
        # a head of fixed height: the app puts the continent buttons (after a white card) here,
        # beside the title, so that they never push the hall down
        self.head = w.HBox([self._title], layout=w.Layout(height="32px", align_items="center", overflow="hidden"))
        self.head.add_class("exlab-hall-head")
        super().__init__([self.head, row])
        self.add_class("exlab-hall")

    def paint(self, hall: HallScreen) -> None:
        """Show the hall of ``hall``: cards, lit and refused spots, the Depot and its controls."""
        self._title.value = html.hall_title_html(hall)
        for row, buttons in zip(hall.spots, self.spots):
            for spot, button in zip(row, buttons):
                if spot.card is None:
                    paint_empty(button, "·", tooltip=spot.hover)
                else:
                    paint_card(button, spot.card, where=spot.hover or None)
                button.disabled = not spot.enabled
                set_class(button, "exlab-legal", spot.lit)
                set_class(button, "exlab-refused", spot.refused)
                set_class(button, "exlab-hinted", spot.hinted)
        for card, button in zip(hall.depot_cards, self.depot_cards):
            if card is not None:
                paint_card(button, card)
            else:
                paint_empty(button, tooltip=hall.free_depot_tooltip)
            button.disabled = card is not None
        self._depot_label.value = f"<b>{escape(hall.depot_label)}</b> <small>{hall.depot_count}</small>"
        for button, control in ((self.depot, hall.depot), (self.end, hall.end)):
            button.disabled = not control.enabled
            button.tooltip = control.tooltip
            set_class(button, "exlab-lit", control.lit)
            set_class(button, "exlab-hinted", control.hinted)

    def render(self, session: PlaySession) -> None:
        self.paint(screens.hall_screen(session))
