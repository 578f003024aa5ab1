"""A card as a clickable button: continent colour, year, code and the subject as tooltip."""

from __future__ import annotations

import ipywidgets as w

from ..cards import Card
from ..display import WHITE_CARD_COLOR

CSS = """
<style>
.exlab-app { font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; }
.exlab-app .exlab-cardlike { white-space: pre-line; line-height: 1.25; font-weight: 700; border-radius: 6px;
  box-shadow: 0 1px 2px rgba(0,0,0,.3); padding: 2px; }
.exlab-app .exlab-spot.exlab-empty-spot { border: 2px dashed #c9bd9b; box-shadow: none; color: #9e9276; }
.exlab-app .exlab-spot:disabled, .exlab-app .exlab-depot-card:disabled { opacity: 1 !important; cursor: default; }
.exlab-app .exlab-legal { outline: 3px solid #2e7d32; outline-offset: 1px; }
.exlab-app .exlab-legal.exlab-empty-spot { background: #e8f5e9 !important; }
.exlab-app .exlab-showcase-box { border: 2px solid #b0a58a; border-radius: 6px; padding: 4px;
  background: #fbf8ef; margin: 2px; }
.exlab-app .exlab-depot-box { border: 2px solid #888; border-radius: 6px; padding: 4px; background: #eee; margin: 2px; }
.exlab-app .exlab-column { border-radius: 6px; padding: 4px; margin: 2px; }
.exlab-app .exlab-banner { font-size: 16px; font-weight: 600; }
.exlab-app .exlab-status { min-height: 1.6em; }
.exlab-app .exlab-error { color: #b71c1c; }
.exlab-app .exlab-log { max-height: 160px; overflow-y: auto; font-size: 12px; }
</style>
"""

CARD_SIZE = {"width": "64px", "height": "78px"}
BACKGROUND = "#fbf8ef"


def card_button(*classes: str) -> w.Button:
    """An empty card-sized button carrying the given CSS classes."""
    button = w.Button(layout=w.Layout(**CARD_SIZE, margin="2px"))
    button.add_class("exlab-cardlike")
    for name in classes:
        button.add_class(name)
    return button


def paint_card(button: w.Button, card: Card) -> None:
    """Show ``card`` on the button: its year and continent, white cards in white."""
    colour = card.continent.color if card.continent else WHITE_CARD_COLOR
    code = card.continent.code if card.continent else "white"
    button.description = f"{card.year if card.year else 'EIN'}\n{code}"
    button.tooltip = card.title or card.token
    button.style.button_color = colour
    button.style.text_color = "#222" if card.is_white or code == "NA" else "white"
    set_class(button, "exlab-empty-spot", False)


def paint_empty(button: w.Button, label: str = "") -> None:
    button.description = label
    button.tooltip = "empty spot"
    button.style.button_color = BACKGROUND
    button.style.text_color = "#9e9276"
    set_class(button, "exlab-empty-spot", True)


def set_class(widget: w.DOMWidget, name: str, on: bool) -> None:
    """Add or remove one CSS class, touching the widget only when it changes."""
    has = name in widget._dom_classes
    if on and not has:
        widget.add_class(name)
    elif not on and has:
        widget.remove_class(name)
