"""HTML for notebooks and the play app: cards, halls, the Continents tile, games and the
score sheet (no widget imports).

One function draws each thing (issue 18, item 4): :func:`card_face` is every card's face,
:func:`vehicle_html` every vehicle, :func:`tile_column_head_html` the head of a Continents
column (name and vehicles), :func:`market_html` the notebook tile and
:func:`score_sheet_html` the score sheet. The widgets show the same HTML, so a notebook
and the app cannot drift apart. Every element carries an ``exlab-`` CSS class so the
widgets and browser tests can find it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING

from ...games.exhibition.rules.cards import CONTINENTS, Card, Continent
from ...games.exhibition.rules.deal import VEHICLES
from ...games.exhibition.rules.hall import DEPOT_SIZE
from ...games.exhibition.rules.scoring import GOAL_LABELS
from ..text.names import card_title, continent_name

if TYPE_CHECKING:
    from ...games.exhibition.game import Game
    from ...games.exhibition.rules.hall import Hall
    from ...games.exhibition.rules.scoring import PlayerScore, ScoreSheet

WHITE_CARD_COLOR = "#f5f5f5"
DARK_TEXT = "#111111"
LIGHT_TEXT = "#ffffff"
WHITE_CARD_BORDER = "#757575"
AA_NORMAL_TEXT = 4.5  # WCAG 2.x level AA for normal-size text


def relative_luminance(color: str) -> float:
    """WCAG relative luminance of a ``#rrggbb`` colour (0 black … 1 white)."""
    channels = [int(color.lstrip("#")[k : k + 2], 16) / 255 for k in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast_ratio(foreground: str, background: str) -> float:
    """WCAG contrast ratio of two ``#rrggbb`` colours, 1 … 21."""
    light, dark = sorted((relative_luminance(foreground), relative_luminance(background)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def text_color_on(background: str) -> str:
    """Black or white text, whichever reads better on ``background`` (WCAG contrast)."""
    return max((DARK_TEXT, LIGHT_TEXT), key=lambda text: contrast_ratio(text, background))


@dataclass(frozen=True, slots=True)
class CardFace:
    """Everything a card shows, shared by the notebook HTML and the play app's buttons:
    colours chosen for contrast, the year line, the subject and the full text for hovering."""

    background: str
    text: str
    border: str
    year: str
    code: str
    subject: str
    tooltip: str

    def short_subject(self, limit: int) -> str:
        """The subject cut at a word boundary to ``limit`` characters, with an ellipsis."""
        return shorten(self.subject, limit)

    def button_text(self, subject_limit: int, *, wide: bool = False) -> str:
        """The face as plain text, for a card drawn as a button (the play app): the year on
        the first line, then the continent code and the shortened subject; a ``wide`` card
        has room for the code beside the year."""
        subject = self.short_subject(subject_limit)
        if wide:
            return f"{self.year}  {self.code}\n{subject}"
        return f"{self.year}\n{self.code + ' · ' if self.code else ''}{subject}"


def shorten(text: str, limit: int) -> str:
    """``text`` if it fits ``limit`` characters, else cut at a word and ended with ``…``."""
    if len(text) <= limit:
        return text
    cut = text[: max(limit - 1, 1)]
    if " " in cut[limit // 2 :]:
        cut = cut[: cut.rindex(" ")]
    return cut.rstrip(" ,:;·-") + "…"


def card_face(card: Card) -> CardFace:
    """The face of ``card``: its continent colour (white cards white with a grey rim), text in
    black or white for WCAG AA contrast, ``1953`` / ``EIN``, the continent code, the subject."""
    background = card.continent.color if card.continent else WHITE_CARD_COLOR
    border = WHITE_CARD_BORDER if card.is_white else "rgba(0,0,0,.35)"
    code = card.continent.code if card.continent else ("" if card.is_einstein else "W")
    year = "EIN" if card.year is None else str(card.year)
    subject = card_title(card) or ("Albert Einstein" if card.is_einstein else card.token)  # in the reader's language
    # R16–R17: wild when placed, never when scored; the reader met both readings and asked
    if card.continent is not None:
        where = continent_name(card.continent)
    elif card.is_einstein:
        where = "white card: stands in for any year and continent when placed; no goal counts them (R17)"
    else:
        where = "white card: stands in for any continent when placed; scores its year only (R17)"
    tooltip = f"{year} · {where}\n{subject}"
    return CardFace(background, text_color_on(background), border, year, code, subject, tooltip)


def continent_text_color(continent: Continent) -> str:
    """Text colour for labels on a continent's colour (WCAG AA)."""
    return text_color_on(continent.color)


STYLE = """
<style>
.exlab-board{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;font-size:12px;color:#222}
.exlab-row{display:flex;gap:10px;align-items:flex-start;flex-wrap:wrap}
.exlab-showcase{border:2px solid #b0a58a;border-radius:6px;padding:4px;background:#fbf8ef}
.exlab-showcase-name{font-weight:600;font-size:11px;color:#6d5f3a;margin-bottom:3px}
.exlab-spots{display:flex;gap:4px}
.exlab-card,.exlab-empty{width:64px;height:84px;border-radius:5px;box-sizing:border-box;
  display:flex;flex-direction:column;overflow:hidden}
.exlab-card{border:1px solid #555;background:#fff;box-shadow:0 1px 2px rgba(0,0,0,.25)}
.exlab-card-head{display:flex;justify-content:space-between;align-items:baseline;gap:3px;padding:1px 3px}
.exlab-card-year{font-size:15px;font-weight:700;letter-spacing:-.2px}
.exlab-card-code{font-size:9px;font-weight:700}
.exlab-card-title{font-size:9px;line-height:1.15;padding:1px 4px;overflow:hidden}
.exlab-empty{border:2px dashed #b3a57f;color:#6d5f3a;align-items:center;justify-content:center}
.exlab-depot-view{border:2px solid #888;border-radius:6px;padding:4px;background:#eee}
.exlab-card.exlab-mini{width:34px;height:24px;font-size:11px;font-weight:700;align-items:center;
  justify-content:center;border-radius:3px}
.exlab-empty.exlab-mini{width:34px;height:24px;border-width:1px;border-radius:3px}
.exlab-mini-hall{gap:5px;flex-wrap:nowrap}
.exlab-mini-spots{gap:2px}
.exlab-mini-name{font-size:10px;color:#5b4f30;white-space:nowrap}
.exlab-mini-count{font-size:14px;font-weight:700;text-align:center;line-height:24px}
.exlab-halls-table{border-collapse:collapse}
.exlab-halls-table th{font-size:10px;font-weight:400;color:#5b4f30;text-align:left;padding:0 4px 0 0;white-space:nowrap}
.exlab-halls-table td{padding:1px 6px 1px 0;vertical-align:middle}
.exlab-mini-label{font-size:11px;line-height:1.15;white-space:nowrap;max-width:136px;overflow:hidden;
  text-overflow:ellipsis}
.exlab-continent{border-radius:6px;padding:2px;display:flex;flex-direction:column;align-items:center;gap:3px}
.exlab-marked{outline:3px solid #000000;outline-offset:1px}
.exlab-numbered-spot{display:flex;flex-direction:column;align-items:center}
.exlab-spot-number{font-size:11px;font-weight:700;color:#6d5f3a;line-height:14px}
.exlab-mark-good>.exlab-card,.exlab-mark-good>.exlab-empty{outline:3px solid #2e7d32;outline-offset:1px}
.exlab-mark-bad>.exlab-card,.exlab-mark-bad>.exlab-empty{outline:3px solid #c62828;outline-offset:1px}
.exlab-mark-ask>.exlab-card,.exlab-mark-ask>.exlab-empty{outline:3px solid #1565c0;outline-offset:1px}
.exlab-mark-good .exlab-spot-number{color:#2e7d32}.exlab-mark-bad .exlab-spot-number{color:#c62828}
.exlab-mark-ask .exlab-spot-number{color:#1565c0}
</style>
"""


def card_html(card: Card, *, extra_class: str = "", mini: bool = False, subject_limit: int = 48) -> str:
    """One card face (:func:`card_face`): year and continent code on the continent's colour,
    the subject below (shortened with an ellipsis; the full text on hover). ``mini`` shows
    the year alone, for compact halls."""
    face = card_face(card)
    kind = "exlab-white" if card.is_white else f"exlab-continent-{face.code}"
    style = f"background:{face.background};color:{face.text};border-color:{face.border}"
    tooltip = escape(face.tooltip)
    if mini:
        css = f"exlab-card exlab-mini {kind} {extra_class}"
        return f'<div class="{css}" style="{style}" title="{tooltip}">{face.year}</div>'
    return (
        f'<div class="exlab-card {kind} {extra_class}" style="{style}" title="{tooltip}">'
        f'<div class="exlab-card-head"><span class="exlab-card-year">{face.year}</span>'
        f'<span class="exlab-card-code">{escape(face.code)}</span></div>'
        f'<div class="exlab-card-title">{escape(face.short_subject(subject_limit))}</div></div>'
    )


def empty_spot_html(*, mini: bool = False) -> str:
    return f'<div class="exlab-empty{" exlab-mini" if mini else ""}">{"" if mini else "·"}</div>'


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
            f'<div class="exlab-showcase-name">{escape(kind.name)}</div>'
            f'<div class="exlab-spots">{cells}</div></div>'
        )
    depot = "".join(card_html(c, extra_class="exlab-marked" if c in cards_marked else "") for c in hall.depot)
    depot += empty_spot_html() * (DEPOT_SIZE - len(hall.depot))
    parts.append(
        f'<div class="exlab-depot-view"><div class="exlab-showcase-name">Depot</div>'
        f'<div class="exlab-spots">{depot}</div></div>'
    )
    return f'<div class="exlab-row">{"".join(parts)}</div>'


def hall_html(hall: Hall, *, numbered: bool = False, marks: dict[tuple[int, int], str] | None = None) -> str:
    """A hall as a board picture; see :func:`hall_body_html` for ``numbered`` and ``marks``."""
    return f'{STYLE}<div class="exlab-board exlab-hall">{hall_body_html(hall, numbered=numbered, marks=marks)}</div>'


class HallPicture:
    """A hall shown with numbered and/or marked spots: ``HallPicture(hall, numbered=True)``
    displays in a notebook like the hall itself (the hall's own picture has no numbers)."""

    def __init__(self, hall: Hall, *, numbered: bool = True, marks: dict[tuple[int, int], str] | None = None) -> None:
        self.hall = hall
        self.numbered = numbered
        self.marks = dict(marks or {})
        hall_body_html(hall, marks=self.marks)  # refuse unknown marks now, not at display time

    def _repr_html_(self) -> str:
        return hall_html(self.hall, numbered=self.numbered, marks=self.marks)

    def __repr__(self) -> str:
        return f"HallPicture({str(self.hall)!r}, numbered={self.numbered})"


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
            f'<div class="exlab-mini-showcase" title="{escape(kind.name)}">'
            f'<div class="exlab-mini-name">{escape(kind.name)}{claim}</div>'
            f'<div class="exlab-spots exlab-mini-spots">{cells}</div></div>'
        )
    depot = " ".join(c.token for c in hall.depot)
    parts.append(
        f'<div class="exlab-mini-showcase exlab-mini-depot" title="Depot: {escape(depot) or "empty"}">'
        f'<div class="exlab-mini-name">Depot</div><div class="exlab-mini-count">{len(hall.depot)}</div></div>'
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
    head = "".join(f"<th>{escape(kind.name)}</th>" for kind in layout)
    body = []

    def mini(card: Card) -> str:
        return card_html(card, mini=True, extra_class="exlab-marked" if card in marked else "")

    for label, hall in rows:
        cells = []
        for spots in hall.showcases:
            cards = "".join(mini(c) if c else empty_spot_html(mini=True) for c in spots)
            cells.append(f'<td><div class="exlab-spots exlab-mini-spots">{cards}</div></td>')
        depot = " ".join(c.token for c in hall.depot) or "empty"
        cells.append(f'<td class="exlab-mini-count" title="Depot: {escape(depot)}">{len(hall.depot)}</td>')
        body.append(f"<tr><td class='exlab-mini-label'>{label}</td>{''.join(cells)}</tr>")
    return (
        f'<table class="exlab-halls-table"><thead><tr><th></th>{head}<th>Depot</th></tr></thead>'
        f"<tbody>{''.join(body)}</tbody></table>"
    )


# ---------------------------------------------------------------- the Continents tile
#: The Continents tile's column width in the play app; the notebook tile uses it too.
TILE_COLUMN_WIDTH = 78
#: A vehicle's label, as the play app has always drawn it: small, white, grey-rimmed, one line.
VEHICLE_STYLE = (
    "font-size:9.5px;background:#fff;color:#222;border:1px solid #999;border-radius:3px;padding:0 2px;"
    "margin:1px 0;display:inline-block;line-height:11px;white-space:nowrap;vertical-align:top"
)
# on the tile a long player name would wrap the label onto two lines and push the column
# down; it ends in "…" instead (the hover tells all)
_IN_COLUMN = f"max-width:{TILE_COLUMN_WIDTH - 6}px;overflow:hidden;text-overflow:ellipsis"


def vehicle_html(game: Game, seat: int, *, where: bool = False) -> str:
    """The vehicle of ``seat`` (R3) as a small label: its name in bold, then its player's
    name — or, with ``where``, the continent it stands on (R6, R8). Hover: all three."""
    vehicle, player, continent = VEHICLES[seat], game.players[seat], game.vehicles[seat]
    label = f"on {continent.title}" if where else player
    tooltip = f"{vehicle} of {player}, on {continent.title}"
    style = VEHICLE_STYLE if where else f"{VEHICLE_STYLE};{_IN_COLUMN}"
    return (
        f'<span class="exlab-vehicle" title="{escape(tooltip)}" style="{style}">'
        f"<b>{escape(vehicle)}</b> {escape(label)}</span>"
    )


#: The vehicles row's fixed height: two labels, one a line, so a column with two vehicles is
#: as tall as one with none and the tile never shifts (ux report 2).
VEHICLES_ROW_HEIGHT = 32


def vehicles_row_html(game: Game, continent: Continent) -> str:
    """The vehicles standing on ``continent`` in seat order, in a row of fixed height so that
    columns with and without vehicles line up: one label a line for up to two vehicles;
    three or four share two lines, two labels a line, each cut to half the width (the full
    label on hover); only five on one continent need a third line."""
    seats = [s for s in range(len(game.players)) if game.vehicles[s] is continent]
    labels = "".join(vehicle_html(game, s) for s in seats)
    if len(seats) <= 2:
        flow = "display:flex;flex-direction:column"
    else:
        flow = "display:grid;grid-template-columns:1fr 1fr;column-gap:2px;justify-items:stretch"
    height = f"height:{VEHICLES_ROW_HEIGHT}px;" if len(seats) <= 4 else ""
    return (
        f'<div class="exlab-vehicles" style="{flow};{height}overflow:hidden;'
        f'width:{TILE_COLUMN_WIDTH}px;line-height:14px;text-align:center">{labels}</div>'
    )


def continent_name_html(continent: Continent) -> str:
    """A continent's name on its colour, in black or white for contrast (D1, WCAG AA)."""
    return (
        f'<div class="exlab-continent-name" style="background:{continent.color};'
        f"color:{continent_text_color(continent)};font-weight:700;font-size:11px;text-align:center;"
        f"border-radius:4px;width:{TILE_COLUMN_WIDTH - 2}px;height:28px;display:flex;align-items:center;"
        f'justify-content:center;line-height:1.05">{escape(continent.title)}</div>'
    )


def tile_column_background(continent: Continent) -> str:
    """The pale tint of a continent's colour behind its column of the tile."""
    return f"{continent.color}26"


def tile_column_head_html(game: Game, continent: Continent) -> str:
    """The head of one Continents column: the continent's name and the vehicles there. The
    play app's column header shows exactly this; so does every notebook tile."""
    return f'<div class="exlab-tile-head">{continent_name_html(continent)}{vehicles_row_html(game, continent)}</div>'


_NO_CARDS = '<div class="exlab-empty" title="no cards left">none</div>'
_TILE_MARKED = "outline:3px solid #1565c0;outline-offset:1px;border-radius:5px"


def _tile_card_html(card: Card, *, marked: bool) -> str:
    if marked:
        return f'<div class="exlab-tile-marked" style="{_TILE_MARKED}">{card_html(card)}</div>'
    return card_html(card)


def market_html(
    game: Game,
    *,
    market: Mapping[Continent, Sequence[Card]] | None = None,
    marked: Iterable[Card] = (),
    gone: Mapping[Continent, Card] | None = None,
) -> str:
    """The Continents tile: each continent's open cards under :func:`tile_column_head_html`.

    ``market`` replaces the game's open cards (to show a step inside a turn), ``marked``
    cards get a blue outline (class ``exlab-tile-marked``) and ``gone`` leaves a gap labelled
    "taken" where a card was taken from a continent.
    """
    market = game.market if market is None else market
    marked = set(marked)
    gone = gone or {}
    columns = []
    for continent in CONTINENTS:
        cards = "".join(_tile_card_html(c, marked=c in marked) for c in market[continent])
        if continent in gone:
            cards += f'<div class="exlab-empty" title="taken">{gone[continent].year or "EIN"}<br>taken</div>'
        columns.append(
            f'<div class="exlab-continent exlab-column-{continent.code}" '
            f'style="background:{tile_column_background(continent)}">'
            f"{tile_column_head_html(game, continent)}{cards or _NO_CARDS}</div>"
        )
    return f'<div class="exlab-row exlab-market">{"".join(columns)}</div>'


def game_html(game: Game) -> str:
    status = (
        "Game over"
        if game.is_over
        else (
            f"Round {game.round} — {escape(game.current_player)} to {game.phase}"
            + (f" {game.hand.token}" if game.hand else "")
        )
    )
    halls = "".join(
        f"<h4>{escape(name)}{' (final)' if game.final[s] else ''}</h4>{hall_body_html(game.halls[s])}"
        for s, name in enumerate(game.players)
    )
    return (
        f'{STYLE}<div class="exlab-board exlab-game"><div class="exlab-game-status">{status} · '
        f"stock {game.stock_size}</div>{market_html(game)}{halls}</div>"
    )


# ---------------------------------------------------------------- documents: boards and sheets
COMPARE_STYLE = """
<style>
.exlab-boards{display:flex;flex-direction:column;gap:8px}
.exlab-board-caption{font-weight:700;font-size:13px;margin:2px 0}
.exlab-compare{border-collapse:collapse;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;font-size:13px}
.exlab-compare th,.exlab-compare td{border-bottom:1px solid #ddd;padding:3px 8px;vertical-align:top}
table.exlab-compare th,table.exlab-compare td.exlab-reason,table.exlab-compare td.exlab-mark{text-align:left!important}
table.exlab-compare td.exlab-points{text-align:right!important;font-variant-numeric:tabular-nums}
.exlab-compare tr.exlab-changed{background:#fff3e0}
.exlab-compare tr.exlab-changed td.exlab-mark{color:#e65100;font-weight:700}
.exlab-compare .exlab-reason{color:#555;font-size:12px}
.exlab-compare tr.exlab-total td,.exlab-compare tr.exlab-total th{font-weight:700;border-top:2px solid #888}
</style>
"""


@dataclass(frozen=True, repr=False)
class Boards:
    """Halls shown one above the other, each with a caption and optional outlined cards/spots.

    Shows itself as HTML in a notebook: ``Boards({"Ron": ron, "Ann": ann})``.
    """

    halls: dict[str, Hall]
    marked: dict[str, Sequence[Card | tuple[int, int]]] | None = None

    @classmethod
    def of(cls, hall: Hall, caption: str = "", marked: Sequence[Card | tuple[int, int]] = ()) -> Boards:
        """One hall with a caption, the given cards or ``(showcase, spot)`` positions outlined."""
        return cls({caption: hall}, {caption: tuple(marked)})

    def __repr__(self) -> str:
        return "Boards: " + "; ".join(f"{caption} ({hall})" for caption, hall in self.halls.items())

    def _repr_html_(self) -> str:
        marked = self.marked or {}
        rows = "".join(
            f'<div><div class="exlab-board-caption">{escape(caption)}</div>'
            f"{hall_body_html(hall, marked=marked.get(caption, ()))}</div>"
            for caption, hall in self.halls.items()
        )
        return f'{STYLE}{COMPARE_STYLE}<div class="exlab-board exlab-boards">{rows}</div>'


@dataclass(frozen=True, repr=False)
class ScoreComparison:
    """One player's score before and after a change, goal by goal, changed lines marked.

    ``rows()`` gives the data; in a notebook it shows as a table with the reasons for both
    sides and the difference of every changed line.
    """

    before: PlayerScore
    after: PlayerScore
    before_label: str = "before"
    after_label: str = "after"

    def rows(self) -> list[dict[str, object]]:
        """One dict per goal: label, rule, points and reason before and after, changed."""
        goals = list(dict.fromkeys([*(line.goal for line in self.before.lines), *(ln.goal for ln in self.after.lines)]))
        rows = []
        for goal in goals:
            old = _line_or_none(self.before, goal)
            new = _line_or_none(self.after, goal)
            line = new or old
            rows.append(
                {
                    "goal": line.label,
                    "rule": line.rule,
                    "before": None if old is None else old.points,
                    "after": None if new is None else new.points,
                    "before_reason": "" if old is None else old.reason,
                    "after_reason": "" if new is None else new.reason,
                    "changed": (old is None) != (new is None) or (old and new and old.points != new.points),
                }
            )
        return rows

    @property
    def changed_goals(self) -> list[str]:
        """Labels of the goals whose points differ."""
        return [row["goal"] for row in self.rows() if row["changed"]]

    def __repr__(self) -> str:
        changed = ", ".join(self.changed_goals) or "nothing"
        return (
            f"{self.before.name}: {self.before_label} {self.before.total} → {self.after_label} {self.after.total}"
            f" (changed: {changed})"
        )

    def _repr_html_(self) -> str:
        body = []
        for row in self.rows():
            changed = bool(row["changed"])
            # a goal present on one side only counts as 0 on the other (e.g. a Secret Decade)
            delta = _signed_points((row["after"] or 0) - (row["before"] or 0), plus=True) if changed else ""
            body.append(
                f'<tr class="{"exlab-changed" if changed else ""}">'
                f"<th>{escape(str(row['goal']))} <small>{escape(str(row['rule']))}</small></th>"
                f'<td class="exlab-points">{_signed_points(row["before"])}</td>'
                f'<td class="exlab-reason">{escape(str(row["before_reason"]))}</td>'
                f'<td class="exlab-points">{_signed_points(row["after"])}</td>'
                f'<td class="exlab-reason">{escape(str(row["after_reason"]))}</td>'
                f'<td class="exlab-mark">{"◀ " + delta if changed else ""}</td></tr>'
            )
        before, after = self.before.total, self.after.total
        mark = "◀ " + _signed_points(after - before, plus=True) if before != after else ""
        total_class = "exlab-total exlab-changed" if before != after else "exlab-total"
        body.append(
            f'<tr class="{total_class}"><th>Total</th><td class="exlab-points">{_signed_points(before)}</td><td></td>'
            f'<td class="exlab-points">{_signed_points(after)}</td><td></td><td class="exlab-mark">{mark}</td></tr>'
        )
        head = (
            f"<tr><th>goal</th><th colspan=2>{escape(self.before_label)}</th>"
            f"<th colspan=2>{escape(self.after_label)}</th><th>change</th></tr>"
        )
        return f'{COMPARE_STYLE}<table class="exlab-compare">{head}{"".join(body)}</table>'


def compare_scores(
    before: PlayerScore, after: PlayerScore, *, before_label: str = "before", after_label: str = "after"
) -> ScoreComparison:
    """A before/after score sheet of one player with the changed lines marked."""
    return ScoreComparison(before, after, before_label, after_label)


def true_minus(text: str) -> str:
    """``text`` with each hyphen used as a minus sign (before a number, not inside a range
    such as 1972-73) written as the true minus sign "−"."""
    return re.sub(r"(?<![\w)\]])-(?=\d)", "−", text)


def _line_or_none(score: PlayerScore, goal: str):
    return next((line for line in score.lines if line.goal == goal), None)


def _signed_points(points: float | None, *, plus: bool = False) -> str:
    if points is None:
        return "–"
    text = f"{points:+g}" if plus else f"{points:g}"
    return text.replace("-", "−")


# ---------------------------------------------------------------- the score sheet
SHEET_STYLE = """
<style>
.exlab-score-sheet{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;font-size:12px;color:#222}
table.exlab-final-table{border-collapse:collapse;font-size:12px;margin:2px 0}
table.exlab-final-table th,table.exlab-final-table td{padding:1px 6px;text-align:right;
  border-bottom:1px solid #e0e0e0;white-space:nowrap;background:none}
table.exlab-final-table th:first-child,table.exlab-final-table td:first-child{text-align:left}
table.exlab-final-table thead th{background:#f3efe3;color:#3e3420}
table.exlab-final-table .exlab-winner{background:#fff3c4;font-weight:700}
.exlab-score-sheet .exlab-rule{font-size:10px;color:#555;border:1px solid #bbb;border-radius:3px;
  padding:0 3px;margin-left:4px}
</style>
"""


def score_sheet_html(sheet: ScoreSheet) -> str:
    """The score sheet: one column per player (best first, the winner highlighted), one row
    per goal with its rule id, the totals; every number gives its reason on hover. Solo
    sheets (S2) show solo points, ×100, and name the player instead of a winner.
    ``ScoreSheet`` shows this in a notebook and the play app at the end of a game."""
    names = sheet.ranking
    solo = len(names) == 1
    winners = set() if solo else set(sheet.winners)

    def cls(name: str) -> str:
        return ' class="exlab-winner"' if name in winners else ""

    header = "".join(
        f"<th{cls(n)}>{escape(n)}{'<br><small>winner</small>' if n in winners else ''}</th>" for n in names
    )
    body = []
    for goal in sheet.goals:
        cells = []
        rule = next(s.line(goal).rule for s in sheet if goal in s.points)
        for name in names:
            score = sheet[name]
            if goal in score.points:
                line = score.line(goal)
                points = _signed_points(line.points * score.scale)
                cells.append(f'<td{cls(name)} title="{escape(true_minus(line.reason))}">{points}</td>')
            else:
                cells.append(f"<td{cls(name)}></td>")
        label = escape(GOAL_LABELS.get(goal, goal))
        body.append(f'<tr><td>{label} <span class="exlab-rule">{escape(rule)}</span></td>{"".join(cells)}</tr>')
    totals = "".join(f"<td{cls(n)}><b>{_signed_points(sheet[n].total)}</b></td>" for n in names)
    unit = "solo points, ×100" if any(score.scale != 1 for score in sheet) else "fame points"
    who = " and ".join(f"<b>{escape(n)}</b>" for n in sheet.winners)
    caption = f"Solo game of {who}" if solo else f"Winner: {who}"
    return (
        f'{SHEET_STYLE}<div class="exlab-score-sheet">'
        f"<div>{caption} <small>({unit}; hover a number for its reason)</small></div>"
        f'<table class="exlab-final-table"><thead><tr><th>Goal</th>{header}</tr></thead>'
        f"<tbody>{''.join(body)}<tr><td><b>Total</b></td>{totals}</tr></tbody></table></div>"
    )
