"""A card as a clickable button: the card face of :func:`exhibition_lab.ui.render.board.card_face`
(continent colour, year, code, subject shortened with an ellipsis, full text on hover)."""

from __future__ import annotations

import ipywidgets as w

from ...games.exhibition.rules.cards import Card
from ..render.board import card_face

LIT = "#2e7d32"  # legal spots, the Depot and End exhibition when allowed
LIT_FILL = "#e8f5e9"
EMPTY_TEXT = "#6d5f3a"  # 5.9:1 on the showcase background
BACKGROUND = "#fbf8ef"
HINT = "#5e35b1"  # the coach's suggestion, above every other mark
HINT_HALO = "#d1c4e9"
HINT_FILL = "#ede7f6"

#: The status box's fixed height: four lines (the other players' turns, your last move).
STATUS_HEIGHT = 66

CSS = f"""
<style>
.exlab-app {{ font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; color: #222; }}
.exlab-app .widget-html-content {{ line-height: 1.3; }}
.exlab-app .exlab-cardlike {{ white-space: pre-line; line-height: 1.12; font-size: 9.5px; font-weight: 500;
  border-radius: 6px; box-shadow: 0 1px 2px rgba(0,0,0,.35); padding: 2px 4px; text-align: left;
  overflow: hidden; text-overflow: clip; display: block; overflow-wrap: anywhere; hyphens: auto; }}
.exlab-app .exlab-cardlike::first-line {{ font-size: 15px; font-weight: 700; line-height: 1.25; }}
.exlab-app .exlab-white {{ border: 1px solid #757575 !important; }}
.exlab-app .exlab-spot.exlab-empty-spot, .exlab-app .exlab-depot-card.exlab-empty-spot {{
  border: 2px dashed #b3a57f; box-shadow: none; text-align: center; font-size: 18px; }}
.exlab-app .exlab-spot.exlab-empty-spot::first-line {{ font-size: 18px; }}
.exlab-app .exlab-cardlike:disabled {{ opacity: 1 !important; cursor: default; }}
.exlab-app .exlab-legal, .exlab-app .exlab-lit {{ outline: 3px solid {LIT}; outline-offset: 1px; }}
.exlab-app .exlab-legal.exlab-empty-spot {{ background: {LIT_FILL} !important; border: 3px solid {LIT};
  outline: none; }}
.exlab-app .exlab-refused.exlab-empty-spot {{ border: 2px dashed #c62828; background: #fdecea !important; }}
.exlab-app .exlab-lit {{ background: {LIT_FILL} !important; color: #1b5e20 !important; font-weight: 700; }}
.exlab-app .exlab-takeable {{ outline: 3px solid {LIT}; outline-offset: 1px; cursor: pointer; }}
/* the coach's choice wins over the green "allowed" marks: drawn above its neighbours (whose
   outlines hid it, ux report 2), purple rim and fill */
.exlab-app .exlab-hinted {{ outline: 4px solid {HINT} !important; outline-offset: 2px;
  box-shadow: 0 0 0 7px {HINT_HALO} !important; position: relative; z-index: 5; }}
.exlab-app .exlab-hinted.exlab-empty-spot, .exlab-app .exlab-hinted.exlab-lit {{
  border-color: {HINT} !important; background: {HINT_FILL} !important; color: {HINT} !important; }}
/* a ring inside and a badge: seen even where a box clips the outline */
.exlab-app .exlab-hinted.exlab-cardlike {{ box-shadow: inset 0 0 0 3px {HINT}, 0 0 0 7px {HINT_HALO} !important; }}
.exlab-app .exlab-hinted::before {{ content: "hint"; position: absolute; top: 1px; right: 1px; font-size: 9px;
  font-weight: 700; line-height: 11px; background: {HINT}; color: #fff; border-radius: 3px; padding: 0 3px; }}
/* the rows of spots and the tile's columns let the outlines of their cards show */
.exlab-app .exlab-showcase-box .widget-hbox, .exlab-app .exlab-showcase-box, .exlab-app .exlab-hall-row,
.exlab-app .exlab-column, .exlab-app .exlab-market {{ overflow: visible !important; }}
.exlab-app .exlab-takeable:hover, .exlab-app .exlab-legal:hover {{ transform: translateY(-2px); }}
.exlab-app .exlab-control:disabled {{ opacity: .45 !important; background: #e0e0e0 !important;
  color: #555 !important; outline: none; box-shadow: none; cursor: not-allowed; }}
.exlab-app .exlab-showcase-box {{ border: 2px solid #b0a58a; border-radius: 6px; padding: 2px 3px;
  background: {BACKGROUND}; margin: 0 2px; }}
.exlab-app .exlab-depot-box {{ border: 2px solid #888; border-radius: 6px; padding: 2px 3px; background: #eee;
  margin: 0 2px; }}
.exlab-app .exlab-showcase-name {{ font-size: 12px; color: #4e4327; white-space: nowrap; }}
.exlab-app .exlab-showcase-name .widget-html-content {{ line-height: 16px; height: 16px; }}
.exlab-app .exlab-column {{ border-radius: 6px; padding: 2px; margin: 0 2px; }}
.exlab-app .exlab-here {{ box-shadow: inset 0 0 0 3px {LIT}; }}
.exlab-app .exlab-topbar {{ border-bottom: 1px solid #ddd; margin-bottom: 4px; }}
.exlab-app .exlab-banner {{ font-size: 14.5px; font-weight: 600; height: 22px; overflow: hidden;
  white-space: nowrap; text-overflow: ellipsis; }}
.exlab-app .exlab-banner .widget-html-content {{ white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }}
/* the status box never changes height (ux report: the board jumped as it grew); "More"
   opens it over the board instead */
.exlab-app .exlab-status-frame {{ height: {STATUS_HEIGHT}px; position: relative; }}
/* widget boxes scroll their overflow by default: the opened box must reach over the board */
.exlab-app .exlab-topbar, .exlab-app .exlab-statusbar, .exlab-app .exlab-status-frame {{
  overflow: visible !important; }}
.exlab-app .exlab-topbar {{ position: relative; z-index: 30; }}
.exlab-app .exlab-status-box {{ position: absolute; top: 0; left: 0; right: 80px; max-height: {STATUS_HEIGHT}px;
  overflow: hidden; background: #fff; z-index: 20; }}
.exlab-app .exlab-status-box.exlab-status-open {{ max-height: 320px; overflow-y: auto; border: 1px solid #999;
  border-radius: 6px; padding: 2px 6px; box-shadow: 0 4px 12px rgba(0,0,0,.3); }}
.exlab-app .exlab-status-more {{ position: absolute; right: 0; top: 0; }}
.exlab-app .exlab-turns, .exlab-app .exlab-status {{ font-size: 12.5px; }}
.exlab-app .exlab-turns .widget-html-content, .exlab-app .exlab-status .widget-html-content {{ white-space: normal;
  display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2; overflow: hidden; line-height: 16px; }}
.exlab-app .exlab-status-open .widget-html-content {{ display: block; -webkit-line-clamp: none; }}
.exlab-app .exlab-turns {{ color: #333; }}
.exlab-app .exlab-status-box > .widget-html {{ margin: 0 0 1px 0; }}
.exlab-app .exlab-middle {{ position: relative; }}
/* the coach lies over the side column (score, other halls), never above the board */
.exlab-app .exlab-hint-panel {{ position: absolute; top: 0; left: 530px; right: 0; z-index: 15;
  max-height: 100%; overflow-y: auto; border: 2px solid #5e35b1; border-radius: 6px; padding: 4px 8px;
  background: #f3effa; box-shadow: 0 4px 12px rgba(0,0,0,.25); font-size: 12.5px; }}
.exlab-app .exlab-hint-why {{ margin: 2px 0; }}
.exlab-app table.exlab-hint-table {{ font-size: 12px; border-collapse: collapse; }}
.exlab-app table.exlab-hint-table th {{ font-weight: 600; text-align: left; padding: 0 8px 0 0; }}
.exlab-app table.exlab-hint-table td {{ padding: 0 8px 0 0; }}
.exlab-app .exlab-hint-box ul {{ margin: 2px 0 2px 18px; padding: 0; }}
.exlab-app .exlab-hand {{ margin-left: 8px; flex: 0 0 auto; }}
.exlab-app .exlab-hand-label {{ font-size: 11px; color: #444; white-space: nowrap; }}
.exlab-app .exlab-new-card {{ position: relative; }}
.exlab-app .exlab-new-card::after {{ content: "new"; position: absolute; right: 1px; bottom: 1px; font-size: 9px;
  font-weight: 700; line-height: 11px; background: #fff; color: #111; border: 1px solid #333; border-radius: 3px;
  padding: 0 2px; }}
.exlab-app .exlab-column > .widget-html:first-child {{ min-height: 64px; }}
.exlab-app .exlab-hand .exlab-card {{ width: 78px; }}
/* the reviewed hall keeps its Depot in the same row */
.exlab-app .exlab-review-panel .exlab-board {{ zoom: .88; }}
.exlab-app .exlab-review-panel .exlab-board .exlab-row {{ flex-wrap: nowrap; }}
.exlab-app .exlab-error {{ color: #b71c1c; }}
.exlab-app .exlab-sheet-title {{ font-size: 14px; margin: 0 0 1px 0; }}
.exlab-app .exlab-score-sheet table td, .exlab-app .exlab-score-sheet table th {{
  padding: 0 6px; line-height: 17px; }}
.exlab-app .exlab-whys {{ display: flex; flex-wrap: wrap; gap: 0 14px; font-size: 12px; }}
.exlab-app .exlab-whys details[open] {{ flex-basis: 100%; }}
.exlab-app .exlab-whys pre {{ max-height: 180px; overflow: auto; margin: 2px 0; }}
.exlab-app .exlab-end-panel {{ flex: 0 0 auto; }}
.exlab-app .exlab-rule {{ font-size: 10px; color: #555; border: 1px solid #bbb; border-radius: 3px;
  padding: 0 3px; margin-left: 4px; }}
.exlab-app .exlab-log {{ font-size: 12px; }}
.exlab-app .exlab-log ol {{ max-height: 160px; overflow-y: auto; margin: 2px 0; }}
.exlab-app .exlab-panel {{ border: 1px solid #ccc; border-radius: 6px; padding: 4px 8px; background: #fff; }}
.exlab-app table.exlab-table {{ border-collapse: collapse; font-size: 12px; }}
.exlab-app table.exlab-table th, .exlab-app table.exlab-table td {{ padding: 1px 6px; text-align: right;
  border-bottom: 1px solid #e0e0e0; white-space: nowrap; }}
.exlab-app table.exlab-table th:first-child, .exlab-app table.exlab-table td:first-child {{ text-align: left; }}
.exlab-app table.exlab-table thead th {{ background: #f3efe3; color: #3e3420; }}
.exlab-app .exlab-winner {{ background: #fff3c4 !important; font-weight: 700; }}
.exlab-app .exlab-opponent {{ margin: 0 0 4px 0; }}
.exlab-app .exlab-opponent-name {{ font-size: 12px; font-weight: 600; }}
.exlab-app .exlab-setup {{ border: 2px solid #1976d2; border-radius: 8px; padding: 6px 10px; background: #f5f9ff; }}
.exlab-app .exlab-setup .widget-label {{ width: auto; }}
.exlab-app .exlab-setup-note {{ font-size: 11px; color: #444; }}
</style>
"""

HALL_CARD = {"width": "56px", "height": "80px"}
MARKET_CARD = {"width": "74px", "height": "72px"}
SUBJECT_LIMIT = {"hall": 30, "market": 38}


#: The longest word a card's subject line holds at its width (9.5-px type).
WORD_FITS = {"hall": 8, "market": 12}
SOFT_HYPHEN = "\u00ad"
VOWELS = set("aeiouyAEIOUY")
DIGRAPHS = {"ch", "sh", "th", "ph", "wh", "gh", "ck"}  # one sound: never parted (Wash-ing-ton)


def breakable(text: str, fits: int) -> str:
    """``text`` with a soft hyphen in each word longer than ``fits`` letters, so the browser
    may break it there (with a visible hyphen) instead of letting it run over the card:
    after a vowel followed by a consonant, as near the middle as possible."""

    def vowel(c: str) -> bool:
        return c in VOWELS

    def consonant(c: str) -> bool:
        return c.isalpha() and c not in VOWELS

    def split(word: str) -> str:
        if len(word) <= fits:
            return word
        # where syllables usually part: between two consonants (in-de-pen-dent), or
        # before a lone consonant (Sin-ga-pore)
        spots = [
            k
            for k in range(2, len(word) - 2)
            if consonant(word[k])
            and vowel(word[k + 1])
            and (vowel(word[k - 1]) or (consonant(word[k - 1]) and vowel(word[k - 2])))
            and word[k - 1 : k + 1].lower() not in DIGRAPHS
        ]
        if not spots:  # a longer cluster: before its last consonant (Washing-ton)
            spots = [
                k
                for k in range(3, len(word) - 2)
                if (consonant(word[k]) and vowel(word[k + 1]) and word[k - 1 : k + 1].lower() not in DIGRAPHS)
                or (word[k : k + 2].lower() in DIGRAPHS and k + 2 < len(word) and vowel(word[k + 2]))
            ]
        if not spots:
            spots = [len(word) // 2]
        cut = min(spots, key=lambda k: abs(k - len(word) / 2))
        return split(word[:cut]) + SOFT_HYPHEN + split(word[cut:])

    return " ".join("-".join(split(part) for part in word.split("-")) for word in text.split(" "))


def card_button(*classes: str, size: dict[str, str] | None = None) -> w.Button:
    """An empty card-sized button carrying the given CSS classes."""
    button = w.Button(layout=w.Layout(**(size or HALL_CARD), margin="1px"))
    button.add_class("exlab-cardlike")
    for name in classes:
        button.add_class(name)
    return button


def paint_card(button: w.Button, card: Card, *, subject_limit: int = SUBJECT_LIMIT["hall"], wide: bool = False) -> None:
    """Show ``card`` on the button: the year in large type, the continent code and the
    subject below (a ``wide`` card has room for the code beside the year)."""
    face = card_face(card)
    year_line, _, rest = face.button_text(subject_limit, wide=wide).partition("\n")
    # a long word ("independent") was wider than a hall card and ran over its edge
    button.description = f"{year_line}\n{breakable(rest, WORD_FITS['market' if wide else 'hall'])}"
    button.tooltip = face.tooltip
    button.style.button_color = face.background
    button.style.text_color = face.text
    set_class(button, "exlab-empty-spot", False)
    set_class(button, "exlab-white", card.is_white)


def paint_empty(button: w.Button, label: str = "", tooltip: str = "empty spot") -> None:
    button.description = label
    button.tooltip = tooltip
    button.style.button_color = BACKGROUND
    button.style.text_color = EMPTY_TEXT
    set_class(button, "exlab-empty-spot", True)
    set_class(button, "exlab-white", False)


def set_class(widget: w.DOMWidget, name: str, on: bool) -> None:
    """Add or remove one CSS class (ipywidgets touches the widget only when it changes)."""
    if on:
        widget.add_class(name)
    else:
        widget.remove_class(name)


def find_widgets(root: w.Widget, css_class: str) -> list[w.Widget]:
    """Every widget under ``root`` (itself included) carrying ``css_class``, in tree order."""
    found = []

    def walk(widget: w.Widget) -> None:
        if css_class in getattr(widget, "_dom_classes", ()):
            found.append(widget)
        for child in getattr(widget, "children", ()):
            walk(child)

    walk(root)
    return found
