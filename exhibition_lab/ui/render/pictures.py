"""Whole pictures: a game (the Continents tile and every hall), halls one above the other
with captions (:class:`Boards`) and a hall with numbered or marked spots
(:class:`HallPicture`). ``Boards`` and ``HallPicture`` show themselves in a notebook. No
widget imports.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING

from ...games.exhibition.rules.cards import Card
from ..text.play import final_hall, game_status
from .css import style
from .halls import hall_body_html, hall_html
from .tile import market_html

if TYPE_CHECKING:
    from ...games.exhibition.game import Game
    from ...games.exhibition.rules.hall import Hall


def game_html(game: Game) -> str:
    """A game as a notebook shows it: whose turn it is, the Continents tile, every hall."""
    halls = "".join(
        f"<h4>{escape(final_hall(name) if game.final[s] else name)}</h4>{hall_body_html(game.halls[s])}"
        for s, name in enumerate(game.players)
    )
    return (
        f'{style("board")}<div class="exlab-board exlab-game"><div class="exlab-game-status">'
        f"{escape(game_status(game))}</div>{market_html(game)}{halls}</div>"
    )


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
        return f'{style("board", "compare")}<div class="exlab-board exlab-boards">{rows}</div>'


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
