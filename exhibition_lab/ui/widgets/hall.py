"""The Exhibition Hall of the player to move: five showcases in one row, as on the board,
then the Depot with its two controls."""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets as w

from ...games.exhibition.game import Phase
from ...games.exhibition.rules.actions import EndExhibition, ToDepot
from ...games.exhibition.rules.hall import DEPOT_SIZE
from ...games.exhibition.rules.layout import SHOWCASES, Layout, ShowcaseKind
from ...games.exhibition.session import VARIATION_LINES, PlaySession
from .cards import card_button, paint_card, paint_empty, set_class

#: The Depot and End exhibition buttons: narrow enough that the hall row ends inside a
#: 1366-px window (ux report: they stood 5 px past the edge at 126 px).
CONTROL_WIDTH = "114px"


def variation_hover(kind: ShowcaseKind) -> str:
    """A variation showcase's title on hover: its rule in words and what it lies over."""
    what = VARIATION_LINES.get(kind.key, "")
    return (
        f"{kind.name} (rule {kind.rule} of the rules reference): {what}. "
        f"A variation over {SHOWCASES[kind.covers].name}; no white cards here (V1)."
    )


class HallView(w.VBox):
    """Spots lit (``exlab-legal``) where the card in hand fits; a click on another spot is
    answered in plain words. The Depot and End exhibition controls are lit (``exlab-lit``)
    when allowed and look disabled otherwise."""

    def __init__(
        self,
        layout: Layout,
        *,
        on_spot: Callable[[int, int], None],
        on_depot: Callable[[], None],
        on_end: Callable[[], None],
    ) -> None:
        self._title = w.HTML()
        self._title.add_class("exlab-hall-title")
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
            name = f"<b>{kind.name}</b>"
            if kind.is_variation:
                # a two-spot showcase has no room for its rule: it goes on hover
                name = f"<b title='{escape(variation_hover(kind))}'>{kind.name}</b>"
            label = w.HTML(name)
            label.add_class("exlab-showcase-name")
            box = w.VBox([label, w.HBox(buttons)])
            box.add_class("exlab-showcase-box")
            box.add_class(f"exlab-showcase-{kind.key}")
            boxes.append(box)
        self.depot_cards = [card_button("exlab-depot-card") for _ in range(DEPOT_SIZE)]
        for button in self.depot_cards:
            button.disabled = True
        size = {"width": CONTROL_WIDTH, "height": "28px"}
        self.depot = w.Button(description="Put in Depot", layout=w.Layout(**size))
        self.depot.add_class("exlab-depot")
        self.depot.add_class("exlab-control")
        self.depot.on_click(lambda _: on_depot())
        self.end = w.Button(description="End exhibition", layout=w.Layout(**size))
        self.end.add_class("exlab-end-exhibition")
        self.end.add_class("exlab-control")
        self.end.on_click(lambda _: on_end())
        self._depot_label = w.HTML()
        self._depot_label.add_class("exlab-showcase-name")
        depot_box = w.VBox([self._depot_label, w.HBox(self.depot_cards)])
        depot_box.add_class("exlab-depot-box")
        controls = w.VBox([self.depot, self.end], layout=w.Layout(justify_content="flex-end", margin="0 0 0 2px"))
        row = w.HBox([*boxes, depot_box, controls], layout=w.Layout(flex_flow="row nowrap", align_items="flex-end"))
        row.add_class("exlab-hall-row")
        # a head of fixed height: the app puts the continent buttons (after a white card) here,
        # beside the title, so that they never push the hall down
        self.head = w.HBox([self._title], layout=w.Layout(height="32px", align_items="center", overflow="hidden"))
        self.head.add_class("exlab-hall-head")
        super().__init__([self.head, row])
        self.add_class("exlab-hall")

    def render(self, session: PlaySession) -> None:
        game = session.game
        seat = session.viewer
        hall = game.hall(seat)
        placing = session.humans_turn and game.phase is Phase.PLACE
        legal = set(session.legal_spots()) if placing else set()
        decade = game.secret_decades[seat] if game.secret_decades is not None else None
        secret = f" · your Secret Decade: the {decade}s" if decade is not None and session.is_human(seat) else ""
        hand = f" · in hand: <b>{escape(session.hand_in_words())}</b>" if placing else ""
        owner = "Your" if game.players[seat] == "You" else f"{escape(game.players[seat])}'s"
        self._title.value = f"<b style='font-size:14px'>{owner} Exhibition Hall</b>{secret}{hand}"
        nowhere = placing and not legal
        for s, buttons in enumerate(self.spots):
            for i, button in enumerate(buttons):
                card = hall.showcases[s][i]
                refused = None
                if card is None:
                    name = game.layout.spot_name(s, i)
                    # hover an unlit spot to read why the card may not go there (the engine's words)
                    refused = session.placement_in_words(s, i) if placing and (s, i) not in legal else None
                    paint_empty(button, "·", tooltip=f"{name}: {refused.words} ({refused.rule})" if refused else name)
                else:
                    paint_card(button, card)
                button.disabled = not placing
                set_class(button, "exlab-legal", (s, i) in legal)
                set_class(button, "exlab-refused", nowhere and refused is not None)
        depot_cost = "−100 points" if game.is_solo else "−1 fame point"  # S2: solo points are ×100
        for k, button in enumerate(self.depot_cards):
            if k < len(hall.depot):
                paint_card(button, hall.depot[k])
            else:
                paint_empty(button, tooltip=f"free Depot spot ({depot_cost} per card at the end, R25)")
        self._depot_label.value = f"<b>Depot</b> <small>{len(hall.depot)}/{DEPOT_SIZE}</small>"
        self.depot.disabled = not (placing and session.can(ToDepot))
        self.end.disabled = not (placing and session.can(EndExhibition))
        set_class(self.depot, "exlab-lit", not self.depot.disabled)
        set_class(self.end, "exlab-lit", not self.end.disabled)
        self.depot.tooltip = f"Put the card in a free Depot spot (R10; {depot_cost} at the end, R25)"
        self.end.tooltip = (
            f"End exhibition: {session.end_cost_in_words()}"
            if not self.end.disabled
            else "Allowed only when the card in hand fits no hall spot (R10a); "
            f"it makes your hall final: every empty spot stays empty ({depot_cost} each, R24)"
        )
