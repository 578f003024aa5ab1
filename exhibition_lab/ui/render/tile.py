"""The Continents tile: each continent's open cards under its column head (the continent's
name on its colour and the vehicles standing there).

:func:`tile_column_head_html` is the one column head: the play app's tile, the course's
pictures and exercises and a :class:`~exhibition_lab.games.exhibition.game.Game` in a
notebook all show it. The tile's pieces style themselves inline, since the play app shows a
column head in a widget of its own. No widget imports.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import TYPE_CHECKING, Protocol

from ...games.exhibition.rules.cards import CONTINENTS, Card, Continent
from ..text.names import (
    continent_name,
    no_cards_left,
    no_cards_mark,
    taken_mark,
    vehicle_name,
    vehicle_of_player_on,
    vehicle_on,
)
from .cards import card_html, continent_text_color

if TYPE_CHECKING:
    from ...games.exhibition.game import Game


class Seating(Protocol):
    """Who sits where and where each vehicle stands (R3, R6): a game, or the play screen's table."""

    @property
    def players(self) -> Sequence[str]: ...

    @property
    def vehicles(self) -> Sequence[Continent]: ...


#: The Continents tile's column width in the play app; the notebook tile uses it too.
TILE_COLUMN_WIDTH = 78
#: A vehicle's label, alike on the notebook tile and in the play app: small, white, grey-rimmed, one line.
VEHICLE_STYLE = (
    "font-size:9.5px;background:#fff;color:#222;border:1px solid #999;border-radius:3px;padding:0 2px;"
    "margin:1px 0;display:inline-block;line-height:11px;white-space:nowrap;vertical-align:top"
)
# on the tile a long player name would wrap the label onto two lines and push the column
# down; it ends in "…" instead (the hover tells all)
_IN_COLUMN = f"max-width:{TILE_COLUMN_WIDTH - 6}px;overflow:hidden;text-overflow:ellipsis"


#: A vehicle alone on its continent has the row's two lines: a long label wraps onto the second
#: ("Zeppelin" over "Human 1") instead of ending in "…"
_ALONE_IN_COLUMN = f"max-width:{TILE_COLUMN_WIDTH - 6}px;white-space:normal;overflow-wrap:anywhere"


def vehicle_html(game: Seating, seat: int, *, where: bool = False, alone: bool = False) -> str:
    """The vehicle of ``seat`` (R3) as a small label: its name in bold, then its player's
    name — or, with ``where``, the continent it stands on (R6, R8). Hover: all three.
    ``alone``: the only vehicle on its column, whose label may take two lines."""
    vehicle, player, continent = vehicle_name(seat), game.players[seat], game.vehicles[seat]
    label = vehicle_on(continent) if where else player
    tooltip = vehicle_of_player_on(seat, player, continent)
    style = VEHICLE_STYLE if where else f"{VEHICLE_STYLE};{_ALONE_IN_COLUMN if alone else _IN_COLUMN}"
    return (
        f'<span class="exlab-vehicle" title="{escape(tooltip)}" style="{style}">'
        f"<b>{escape(vehicle)}</b> {escape(label)}</span>"
    )


#: The vehicles row's fixed height: two labels, one a line, so a column with two vehicles is
#: as tall as one with none and the tile never shifts as vehicles come and go.
VEHICLES_ROW_HEIGHT = 32


def vehicles_row_html(game: Seating, continent: Continent) -> str:
    """The vehicles standing on ``continent`` in seat order, in a row of fixed height so that
    columns with and without vehicles line up: one label a line for two vehicles, a vehicle
    alone may take both lines;
    three or four share two lines, two labels a line, each cut to half the width (the full
    label on hover); only five on one continent need a third line."""
    seats = [s for s in range(len(game.players)) if game.vehicles[s] is continent]
    labels = "".join(vehicle_html(game, s, alone=len(seats) == 1) for s in seats)
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
    name = continent_name(continent)
    # a single long word ("Norteamérica") cannot wrap: one pixel smaller keeps it inside its colour
    size = 10 if max(len(word) for word in name.split()) > 10 else 11
    return (
        f'<div class="exlab-continent-name" style="background:{continent.color};'
        f"color:{continent_text_color(continent)};font-weight:700;font-size:{size}px;text-align:center;"
        f"border-radius:4px;width:{TILE_COLUMN_WIDTH - 2}px;height:28px;display:flex;align-items:center;"
        f'justify-content:center;line-height:1.05">{escape(name)}</div>'
    )


def tile_column_background(continent: Continent) -> str:
    """The pale tint of a continent's colour behind its column of the tile."""
    return f"{continent.color}26"


def tile_column_head_html(game: Seating, continent: Continent) -> str:
    """The head of one Continents column: the continent's name and the vehicles there. The
    play app's column header shows exactly this; so does every notebook tile."""
    return f'<div class="exlab-tile-head">{continent_name_html(continent)}{vehicles_row_html(game, continent)}</div>'


def _no_cards_html() -> str:
    return f'<div class="exlab-empty" title="{escape(no_cards_left())}">{escape(no_cards_mark())}</div>'


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
            taken = escape(taken_mark())
            cards += f'<div class="exlab-empty" title="{taken}">{gone[continent].year or "EIN"}<br>{taken}</div>'
        columns.append(
            f'<div class="exlab-continent exlab-column-{continent.code}" '
            f'style="background:{tile_column_background(continent)}">'
            f"{tile_column_head_html(game, continent)}{cards or _no_cards_html()}</div>"
        )
    return f'<div class="exlab-row exlab-market">{"".join(columns)}</div>'
