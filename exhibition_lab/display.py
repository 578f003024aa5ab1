"""HTML for notebooks: cards, halls, the Continents tile and games (no widget imports).

Every element carries an ``exlab-`` CSS class so the widgets and browser tests can find it.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from .cards import CONTINENTS, Card

if TYPE_CHECKING:
    from .game import Game
    from .hall import Hall

WHITE_CARD_COLOR = "#f5f5f5"

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
.exlab-card-band{height:18px;color:#fff;font-weight:700;display:flex;justify-content:space-between;
  padding:0 4px;align-items:center}
.exlab-card-year{font-size:17px;font-weight:700;text-align:center;margin-top:2px}
.exlab-card-title{font-size:8.5px;line-height:1.1;padding:1px 3px;text-align:center;overflow:hidden}
.exlab-white .exlab-card-band{color:#333;border-bottom:1px solid #ccc}
.exlab-empty{border:2px dashed #c9bd9b;color:#c9bd9b;align-items:center;justify-content:center}
.exlab-depot-view{border:2px solid #888;border-radius:6px;padding:4px;background:#eee}
.exlab-depot-view .exlab-card{transform:rotate(180deg)}
.exlab-continent{border-radius:6px;padding:4px;min-width:70px}
.exlab-continent-name{font-weight:700;color:#fff;text-align:center;border-radius:4px;margin-bottom:3px}
.exlab-vehicle{font-size:10px;background:#fff;border-radius:3px;margin:1px 0;padding:0 2px}
.exlab-numbered-spot{display:flex;flex-direction:column;align-items:center}
.exlab-spot-number{font-size:11px;font-weight:700;color:#6d5f3a;line-height:14px}
.exlab-mark-good>.exlab-card,.exlab-mark-good>.exlab-empty{outline:3px solid #2e7d32;outline-offset:1px}
.exlab-mark-bad>.exlab-card,.exlab-mark-bad>.exlab-empty{outline:3px solid #c62828;outline-offset:1px}
.exlab-mark-ask>.exlab-card,.exlab-mark-ask>.exlab-empty{outline:3px solid #1565c0;outline-offset:1px}
.exlab-mark-good .exlab-spot-number{color:#2e7d32}.exlab-mark-bad .exlab-spot-number{color:#c62828}
.exlab-mark-ask .exlab-spot-number{color:#1565c0}
</style>
"""


def card_html(card: Card, *, extra_class: str = "") -> str:
    """One card: a continent-coloured band with year and code, and the subject title."""
    color = card.continent.color if card.continent else WHITE_CARD_COLOR
    code = card.continent.code if card.continent else "white"
    year = "?" if card.year is None else str(card.year)
    kind = "exlab-white" if card.is_white else f"exlab-continent-{code}"
    title = escape(card.title or card.token)
    return (
        f'<div class="exlab-card {kind} {extra_class}" title="{title}">'
        f'<div class="exlab-card-band" style="background:{color}"><span>{escape(code)}</span></div>'
        f'<div class="exlab-card-year">{year if card.year else "EIN"}</div>'
        f'<div class="exlab-card-title">{title}</div></div>'
    )


def empty_spot_html() -> str:
    return '<div class="exlab-empty">·</div>'


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


def hall_body_html(hall: Hall, *, numbered: bool = False, marks: dict[tuple[int, int], str] | None = None) -> str:
    """The showcases and the Depot of one hall, without the style block.

    ``numbered`` writes each spot's number (1 from the left, as ``Layout.spot_name`` counts)
    above it; ``marks`` outlines spots ``(showcase, spot)`` in green (``"good"``), red
    (``"bad"``) or blue (``"ask"``), so that a text naming a spot can point at it.
    """
    marks = marks or {}
    unknown = set(marks.values()) - set(MARKS)
    if unknown:
        raise ValueError(f"unknown spot mark(s) {sorted(unknown)}: use one of {MARKS}")
    parts = []
    for s, (kind, spots) in enumerate(zip(hall.layout, hall.showcases)):
        cells = "".join(
            _spot_html(c, i + 1 if numbered else None, marks.get((s, i))) for i, c in enumerate(spots)
        )
        parts.append(
            f'<div class="exlab-showcase" data-showcase="{kind.key}">'
            f'<div class="exlab-showcase-name">{escape(kind.name)}</div>'
            f'<div class="exlab-spots">{cells}</div></div>'
        )
    depot = "".join(card_html(c) for c in hall.depot) + empty_spot_html() * (3 - len(hall.depot))
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

    def __init__(
        self, hall: Hall, *, numbered: bool = True, marks: dict[tuple[int, int], str] | None = None
    ) -> None:
        self.hall = hall
        self.numbered = numbered
        self.marks = dict(marks or {})
        hall_body_html(hall, marks=self.marks)  # refuse unknown marks now, not at display time

    def _repr_html_(self) -> str:
        return hall_html(self.hall, numbered=self.numbered, marks=self.marks)

    def __repr__(self) -> str:
        return f"HallPicture({str(self.hall)!r}, numbered={self.numbered})"


def market_html(game: Game) -> str:
    """The Continents tile: each continent's open cards and the vehicles standing there."""
    from .game import VEHICLES

    columns = []
    for continent, cards in zip(CONTINENTS, game.market.values()):
        vehicles = "".join(
            f'<div class="exlab-vehicle">{escape(VEHICLES[s])}: {escape(name)}</div>'
            for s, name in enumerate(game.players)
            if game.vehicles[s] is continent
        )
        stack = "".join(card_html(c) for c in cards) or '<div class="exlab-empty">none</div>'
        columns.append(
            f'<div class="exlab-continent" style="background:{continent.color}33">'
            f'<div class="exlab-continent-name" style="background:{continent.color}">{continent.code}</div>'
            f"{vehicles}{stack}</div>"
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
