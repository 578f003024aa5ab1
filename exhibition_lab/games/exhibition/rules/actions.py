"""The actions of a turn (R7–R10a) and the chance outcomes (R5, R9, V7) as small frozen
values with a text form, and their integer ids (:class:`ActionSpace`).

``take 1969NA`` (R7) · ``move EU`` (R8, after a white card) · ``place 0 1`` (R10: showcase 0,
spot 1) · ``depot`` (R10) · ``end`` (R10a: end the exhibition, the card leaves the game).
Chance: ``draw 1969NA`` (a stock card dealt to the tile, R5, or the refill, R9) ·
``decade 1960`` (the next seat's Secret Decade card, V7).
"""

from __future__ import annotations

from dataclasses import dataclass

from ....core.errors import ArgumentError, NotationError
from .cards import CONTINENTS, Card, Continent


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


@dataclass(frozen=True, slots=True)
class Draw:
    """Chance: this stock card comes into sight — dealt to the tile at set-up (R5) or put
    where a card was taken (R9)."""

    card: Card

    def __str__(self) -> str:
        return f"draw {self.card.token}"


@dataclass(frozen=True, slots=True)
class DealDecade:
    """Chance: the next seat is dealt this Secret Decade card (V7)."""

    decade: int

    def __str__(self) -> str:
        return f"decade {self.decade}"


Action = Take | Move | Place | ToDepot | EndExhibition
Chance = Draw | DealDecade
#: Everything that can happen in a game: a seat's action or a chance outcome.
Event = Action | Chance

_MAX_ACTION_TEXT = 64
_PLAYER_ACTIONS = (Take, Move, Place, ToDepot, EndExhibition)


def parse_action(text: str | Action) -> Action:
    """Read an action from its text form (``"take 1969NA"``, ``"place 0 1"``, …)."""
    if isinstance(text, _PLAYER_ACTIONS):
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
    if verb == "place" and len(args) == 2 and all(a.isascii() and a.isdigit() and len(a) <= 2 for a in args):
        return Place(int(args[0]), int(args[1]))
    if verb == "depot" and not args:
        return ToDepot()
    if verb == "end" and not args:
        return EndExhibition()
    raise NotationError(
        f"{text!r} is not an action; write 'take 1969NA', 'move EU', 'place 0 1', 'depot' or 'end'", token=text
    )


def parse_event(text: str | Event) -> Event:
    """An action (:func:`parse_action`) or a chance outcome: ``draw 1969NA``, ``decade 1960``."""
    if isinstance(text, (Draw, DealDecade)):
        return text
    if isinstance(text, str):
        words = text.split()
        if len(words) == 2 and words[0].lower() == "draw" and len(text) <= _MAX_ACTION_TEXT:
            return Draw(Card.parse(words[1]))
        decade = words[1] if len(words) == 2 and words[0].lower() == "decade" else ""
        if len(decade) == 4 and decade.isascii() and decade.isdigit():
            return DealDecade(int(decade))
    return parse_action(text)


class ActionSpace:
    """The integer ids of everything that can happen with a deck and a hall of ``n_spots``
    spots — the fixed action space of the game-AI frameworks, shared by the scalar and the
    array engines.

    Seats' actions: ``take`` deck card k → k; ``move`` to continent c → n_cards + c;
    ``place`` at spot j of the hall, counted across the showcases → n_cards + 6 + j;
    ``depot`` → n_cards + 6 + n_spots; ``end`` → that + 1. Chance outcomes: ``draw`` deck
    card k → k; ``decade`` d → its index among the ten decades (V7).

    >>> from exhibition_lab.games.exhibition.rules.cards import standard_deck
    >>> from exhibition_lab.games.exhibition.rules.layout import Layout
    >>> space = ActionSpace(standard_deck(), Layout.base().sizes)
    >>> space.size, space.encode(Place(1, 0)), space.decode_action(space.encode(Place(1, 0)))
    (125, 113, Place(showcase=1, spot=0))
    """

    __slots__ = ("_index", "deck", "depot", "end", "move_base", "n_cards", "n_spots", "place_base", "size", "starts")

    def __init__(self, deck: tuple[Card, ...], sizes: tuple[int, ...]) -> None:
        self.deck = deck
        self._index = {card: k for k, card in enumerate(deck)}
        self.n_cards = len(deck)
        self.n_spots = sum(sizes)
        self.starts = tuple(sum(sizes[:s]) for s in range(len(sizes)))
        self.move_base = self.n_cards
        self.place_base = self.move_base + len(CONTINENTS)
        self.depot = self.place_base + self.n_spots
        self.end = self.depot + 1
        self.size = self.end + 1

    def card_id(self, card: Card) -> int:
        found = self._index.get(card)
        if found is None:
            raise ArgumentError(f"{card} is not a card of this game's deck", rule="R2")
        return found

    def encode(self, event: Event) -> int:
        """The id of an action or a chance outcome."""
        if isinstance(event, (Take, Draw)):
            return self.card_id(event.card)
        if isinstance(event, Move):
            return self.move_base + event.continent.index
        if isinstance(event, Place):
            return self.place_base + self.starts[event.showcase] + event.spot
        if isinstance(event, ToDepot):
            return self.depot
        if isinstance(event, EndExhibition):
            return self.end
        if isinstance(event, DealDecade):
            return (event.decade - 1900) // 10
        raise ArgumentError(f"not an action or chance outcome: {event!r}")

    def decode_action(self, action: int) -> Action:
        """The seat's action with id ``action``."""
        if not 0 <= action < self.size:
            raise ArgumentError(f"no action has id {action}; ids run from 0 to {self.size - 1}")
        if action < self.move_base:
            return Take(self.deck[action])
        if action < self.place_base:
            return Move(CONTINENTS[action - self.move_base])
        if action < self.depot:
            j = action - self.place_base
            showcase = max(s for s, start in enumerate(self.starts) if start <= j)
            return Place(showcase, j - self.starts[showcase])
        return ToDepot() if action == self.depot else EndExhibition()

    def decode_draw(self, outcome: int) -> Draw:
        if not 0 <= outcome < self.n_cards:
            raise ArgumentError(f"no card has id {outcome}; ids run from 0 to {self.n_cards - 1}")
        return Draw(self.deck[outcome])

    @staticmethod
    def decode_decade(outcome: int) -> DealDecade:
        if not 0 <= outcome < 10:
            raise ArgumentError(f"no Secret Decade has id {outcome}; ids run from 0 to 9")
        return DealDecade(1900 + 10 * outcome)
