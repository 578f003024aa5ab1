"""Halls: a hall as a board (showcases and Depot, numbered or marked spots when asked), a
hall in miniature on one line, and several halls as a table of miniatures.

The spots show the one card face (:func:`~exhibition_lab.ui.render.cards.card_html`);
showcase names are message ids, translated here. No widget imports.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import TYPE_CHECKING

from ...games.exhibition.rules.cards import Card, Continent
from ...games.exhibition.rules.goals import DEPOT
from ...games.exhibition.rules.hall import DEPOT_SIZE
from ..text.i18n import language, translate
from ..text.names import depot_contents
from .cards import card_html, empty_spot_html
from .css import style

if TYPE_CHECKING:
    from ...games.exhibition.rules.hall import Hall

#: How :func:`hall_html` marks a spot: a green outline (``"good"``), a red one (``"bad"``) or
#: a blue one for a spot a question asks about (``"ask"``).
MARKS = ("good", "bad", "ask")


def _spot_html(card: Card | None, number: int | None, mark: str | None) -> str:
    """One hall spot; with a number above it and/or a coloured outline when asked."""
    face = card_html(card) if card else empty_spot_html()
    if number is None and mark is None:
        return face
    label = f'<div class="exlab-spot-number">{number}</div>' if number is not None else ""
    marked = f" exlab-mark-{mark}" if mark else ""
    return f'<div class="exlab-numbered-spot{marked}">{label}{face}</div>'


def hall_body_html(
    hall: Hall,
    *,
    numbered: bool = False,
    marks: dict[tuple[int, int], str] | None = None,
    marked: Iterable[Card | tuple[int, int]] = (),
) -> str:
    """The showcases and the Depot of one hall, without the style block.

    ``numbered`` writes each spot's number (1 from the left, as ``Layout.spot_name`` counts)
    above it; ``marks`` outlines spots ``(showcase, spot)`` in green (``"good"``), red
    (``"bad"``) or blue (``"ask"``), so that a text naming a spot can point at it.
    ``marked`` lists cards and positions to outline in black (class ``exlab-marked``), e.g.
    the cards behind a goal or the spot a what-if changed.
    """
    marks = marks or {}
    unknown = set(marks.values()) - set(MARKS)
    if unknown:
        raise ValueError(f"unknown spot mark(s) {sorted(unknown)}: use one of {MARKS}")
    marked = list(marked)
    spots_marked = {m for m in marked if isinstance(m, tuple)}
    cards_marked = {m for m in marked if isinstance(m, Card)}

    def cell(card: Card | None, position: tuple[int, int]) -> str:
        if position in marks or numbered:
            return _spot_html(card, position[1] + 1 if numbered else None, marks.get(position))
        if position in spots_marked or card in cards_marked:
            if card is None:
                return '<div class="exlab-empty exlab-marked">·</div>'
            return card_html(card, extra_class="exlab-marked")
        return card_html(card) if card else empty_spot_html()

    parts = []
    for s, (kind, spots) in enumerate(zip(hall.layout, hall.showcases)):
        cells = "".join(cell(c, (s, i)) for i, c in enumerate(spots))
        parts.append(
            f'<div class="exlab-showcase" data-showcase="{kind.key}">'
            f'<div class="exlab-showcase-name">{escape(translate(kind.name))}</div>'
            f'<div class="exlab-spots">{cells}</div></div>'
        )
    depot = "".join(card_html(c, extra_class="exlab-marked" if c in cards_marked else "") for c in hall.depot)
    depot += empty_spot_html() * (DEPOT_SIZE - len(hall.depot))
    parts.append(
        f'<div class="exlab-depot-view"><div class="exlab-showcase-name">{_depot_name()}</div>'
        f'<div class="exlab-spots">{depot}</div></div>'
    )
    return f'<div class="exlab-row">{"".join(parts)}</div>'


def hall_html(hall: Hall, *, numbered: bool = False, marks: dict[tuple[int, int], str] | None = None) -> str:
    """A hall as a board picture; see :func:`hall_body_html` for ``numbered`` and ``marks``."""
    body = hall_body_html(hall, numbered=numbered, marks=marks)
    return f'{style("board")}<div class="exlab-board exlab-hall">{body}</div>'


def hall_mini_html(hall: Hall) -> str:
    """A compact hall on one line: showcases of small year cards (subject on hover), the
    continent claimed in One Continent (R13) and the Depot count (R25)."""
    parts = []
    for kind, spots in zip(hall.layout, hall.showcases):
        cells = "".join(card_html(c, mini=True) if c else empty_spot_html(mini=True) for c in spots)
        claim = ""
        if kind.same_continent:
            held = next((c.continent for c in spots if c is not None and c.continent is not None), None)
            claim = f" · {escape(held.title)}" if held else ""
        parts.append(
            f'<div class="exlab-mini-showcase" title="{escape(translate(kind.name))}">'
            f'<div class="exlab-mini-name">{escape(translate(kind.name))}{claim}</div>'
            f'<div class="exlab-spots exlab-mini-spots">{cells}</div></div>'
        )
    depot = depot_contents(" ".join(c.token for c in hall.depot))
    parts.append(
        f'<div class="exlab-mini-showcase exlab-mini-depot" title="{escape(depot)}">'
        f'<div class="exlab-mini-name">{_depot_name()}</div><div class="exlab-mini-count">{len(hall.depot)}</div></div>'
    )
    return f'<div class="exlab-row exlab-mini-hall">{"".join(parts)}</div>'


def claimed_continent(hall: Hall) -> Continent | None:
    """The continent of the coloured cards in the hall's One Continent showcase (R13, D6)."""
    for kind, spots in zip(hall.layout, hall.showcases):
        if kind.same_continent:
            return next((c.continent for c in spots if c is not None and c.continent is not None), None)
    return None


def halls_table_html(rows: list[tuple[str, Hall]], *, marked: Iterable[Card] = ()) -> str:
    """Several halls in miniature, one table row each under one header of showcase names:
    ``rows`` pairs a label (HTML) with a hall. Cards show their year (subject on hover); the
    last column counts the Depot cards. ``marked`` cards are outlined (class ``exlab-marked``),
    e.g. the cards just placed."""
    if not rows:
        return ""
    marked = set(marked)
    layout = rows[0][1].layout
    head = "".join(f"<th>{escape(translate(kind.name))}</th>" for kind in layout)
    body = []

    def mini(card: Card) -> str:
        return card_html(card, mini=True, extra_class="exlab-marked" if card in marked else "")

    for label, hall in rows:
        cells = []
        # each cell names its showcase too: where the room is short a row wraps under its label
        # and the header row above it no longer lines up
        for kind, spots in zip(layout, hall.showcases):
            cards = "".join(mini(c) if c else empty_spot_html(mini=True) for c in spots)
            name = escape(translate(kind.name))
            cells.append(f'<td data-name="{name}"><div class="exlab-spots exlab-mini-spots">{cards}</div></td>')
        depot = depot_contents(" ".join(c.token for c in hall.depot))
        cells.append(
            f'<td class="exlab-mini-count" data-name="{_depot_name()}" title="{escape(depot)}">{len(hall.depot)}</td>'
        )
        body.append(f"<tr><td class='exlab-mini-label'>{label}</td>{''.join(cells)}</tr>")
    return (
        f'<table class="exlab-halls-table" lang="{language()}"><thead><tr><th></th>{head}<th>{_depot_name()}</th>'
        "</tr></thead>"
        f"<tbody>{''.join(body)}</tbody></table>"
    )


def _depot_name() -> str:
    """The Depot's name in the reader's language, for HTML."""
    return escape(translate(DEPOT.label))
