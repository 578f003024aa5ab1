"""The actions of a turn (R7–R10a) as small frozen values with a text form.

``take 1969NA`` (R7) · ``move EU`` (R8, after a white card) · ``place 0 1`` (R10: showcase 0,
spot 1) · ``depot`` (R10) · ``end`` (R10a: end the exhibition, the card leaves the game).
"""

from __future__ import annotations

from dataclasses import dataclass

from ....core.errors import NotationError
from .cards import Card, Continent


@dataclass(frozen=True, slots=True)
class Take:
    """Take this card from the Continents tile (R7)."""

    card: Card

    def __str__(self) -> str:
        return f"take {self.card.token}"


@dataclass(frozen=True, slots=True)
class Move:
    """Move the vehicle to this continent after taking a white card (R8)."""

    continent: Continent

    def __str__(self) -> str:
        return f"move {self.continent.code}"


@dataclass(frozen=True, slots=True)
class Place:
    """Place the card in hall spot ``(showcase, spot)`` (R10)."""

    showcase: int
    spot: int

    def __str__(self) -> str:
        return f"place {self.showcase} {self.spot}"


@dataclass(frozen=True, slots=True)
class ToDepot:
    """Place the card in a free Depot spot (R10)."""

    def __str__(self) -> str:
        return "depot"


@dataclass(frozen=True, slots=True)
class EndExhibition:
    """Discard the card and make the exhibition final (R10a, D3)."""

    def __str__(self) -> str:
        return "end"


Action = Take | Move | Place | ToDepot | EndExhibition

_MAX_ACTION_TEXT = 64


def parse_action(text: str | Action) -> Action:
    """Read an action from its text form (``"take 1969NA"``, ``"place 0 1"``, …)."""
    if isinstance(text, (Take, Move, Place, ToDepot, EndExhibition)):
        return text
    if not isinstance(text, str):
        raise NotationError(
            f"an action is a Take/Move/Place/ToDepot/EndExhibition or its text, not {type(text).__name__}"
        )
    if len(text) > _MAX_ACTION_TEXT:
        raise NotationError(f"action text too long ({len(text)} characters)", token=text[:_MAX_ACTION_TEXT])
    words = text.split()
    verb = words[0].lower() if words else ""
    args = words[1:]
    if verb == "take" and len(args) == 1:
        return Take(Card.parse(args[0]))
    if verb == "move" and len(args) == 1:
        return Move(Continent.parse(args[0]))
    if verb == "place" and len(args) == 2 and all(a.isdigit() and len(a) <= 2 for a in args):
        return Place(int(args[0]), int(args[1]))
    if verb == "depot" and not args:
        return ToDepot()
    if verb == "end" and not args:
        return EndExhibition()
    raise NotationError(
        f"{text!r} is not an action; write 'take 1969NA', 'move EU', 'place 0 1', 'depot' or 'end'", token=text
    )
