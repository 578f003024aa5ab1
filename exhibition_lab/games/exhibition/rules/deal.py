"""Set-up (R4–R6, V7): the deal, player names, and the constants of the table.

The game, the save file and the batch engine all start from here, so this module imports
no other game module but cards, errors and numpy.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from ....core.errors import ArgumentError
from ....core.words import N_
from .cards import CONTINENTS, OPEN_CARDS, Card, text_problem

MAX_PLAYERS = 5  # R4
MARKET_SIZE = OPEN_CARDS  # R5: the same constant under the name game.py and position.py use
START_CONTINENTS = CONTINENTS[:MAX_PLAYERS]  # R6: OC, SA, AF, AS, EU by seat
DECADES = tuple(range(1900, 2000, 10))  # R4: the ten Secret Decade cards
VEHICLES = (N_("Zeppelin"), N_("Ford"), N_("Titanic"), N_("DC-3"), N_("Space Shuttle"))  # R3, by seat; message ids
#: A name is written on a seat of the board, a line of a position and a score sheet row.
MAX_NAME = 40
#: The name a lone player goes by when none is given (a solo game, S1), kept in saves as it is:
#: a message id, which the apps show in the reader's language and answer with "you".
YOU = N_("You")


@dataclass(frozen=True, slots=True)
class Deal:
    """The outcome of set-up (R5, V7): open cards per continent, the stock (top first) and
    each seat's Secret Decade (``None`` without the variant)."""

    market: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    secret_decades: tuple[int, ...] | None = None


def deal_cards(deck: Sequence[Card], players: int, rng: np.random.Generator, *, secret_decades: bool) -> Deal:
    """Shuffle and deal (R5): 3 open cards per continent sorted by year, the rest is the
    stock; then one Secret Decade card per player (V7) from the same generator."""
    order = rng.permutation(len(deck))
    shuffled = [deck[i] for i in order]
    need = OPEN_CARDS * len(CONTINENTS)
    if len(shuffled) < need:
        raise ArgumentError(f"a deck needs at least {need} cards to deal the Continents tile (R5)", rule="R5")
    market = tuple(
        tuple(sorted(shuffled[k * OPEN_CARDS : (k + 1) * OPEN_CARDS], key=lambda c: c.sort_key))
        for k in range(len(CONTINENTS))
    )
    decades = None
    if secret_decades:
        decades = tuple(DECADES[i] for i in rng.permutation(len(DECADES))[:players])
    return Deal(market, tuple(shuffled[need:]), decades)


def player_names(
    players: int | Iterable[str],
    *,
    most: int = MAX_PLAYERS,
    limits: str = "a game has 1 to {most} players",
    rule: str = "R4",
) -> tuple[str, ...]:
    """The seat names: ``players`` is a count (1–``most``; R4 for this game) or a list of
    distinct names. Timeline passes its own limit, wording and rule (T1).

    Every entry point — a new game, a position, a save file — reads names here: a name is
    1 to :data:`MAX_NAME` characters without a space at either end and without control,
    format or separator characters, so that it is written on one line of a position and
    reads back as the same name (:func:`name_problem`).

    >>> player_names(["Ann", "Bob"])
    ('Ann', 'Bob')
    >>> player_names(["Ann", "A\\u2028B"])
    Traceback (most recent call last):
    ...
    exhibition_lab.core.errors.ArgumentError: 'A\\u2028B' cannot be a player name: it holds U+2028 LINE SEPARATOR, ...
    """
    if isinstance(players, bool):
        raise ArgumentError(f"players is a count or a list of names, not {players!r}")
    if isinstance(players, (int, np.integer)):
        count = int(players)
        if not 1 <= count <= most:
            raise ArgumentError(f"{limits.format(most=most)} ({rule}), not {count}", rule=rule)
        return (YOU,) if count == 1 else tuple(f"Player {k + 1}" for k in range(count))
    if isinstance(players, str):
        raise ArgumentError("players is a count or a list of names, not one string")
    try:
        names = tuple(players)
    except TypeError:
        raise ArgumentError(f"players is a count or a list of names, not {type(players).__name__}") from None
    if not 1 <= len(names) <= most:
        raise ArgumentError(f"{limits.format(most=most)} ({rule}), not {len(names)}", rule=rule)
    for name in names:
        problem = name_problem(name)
        if problem is not None:
            raise ArgumentError(f"{name!r:.60} cannot be a player name: {problem}")
    if len(set(names)) != len(names):
        raise ArgumentError(f"player names must differ: {', '.join(names)}")
    return names


def name_problem(name: object) -> str | None:
    """Why ``name`` cannot be a player's name, or ``None`` when it can (see :func:`player_names`)."""
    return text_problem(name, most=MAX_NAME)


def check_deal(deal: Deal, deck: Sequence[Card], players: int) -> None:
    """A deal is the deck split into 6 sorted groups of 3 and a stock (R5)."""
    if not isinstance(deal, Deal):
        raise ArgumentError(f"a deal is a Deal (see deal_cards), not {type(deal).__name__}")
    if len(deal.market) != len(CONTINENTS):
        raise ArgumentError(
            f"R5: the Continents tile has {len(CONTINENTS)} continents, the deal has {len(deal.market)}", rule="R5"
        )
    for continent, cards in zip(CONTINENTS, deal.market):
        if len(cards) != OPEN_CARDS:
            raise ArgumentError(f"R5: {continent.title} starts with {OPEN_CARDS} cards, not {len(cards)}", rule="R5")
        if list(cards) != sorted(cards, key=lambda c: c.sort_key):
            raise ArgumentError(f"R5: the cards at {continent.title} must be sorted by year", rule="R5")
    dealt = [c for cards in deal.market for c in cards] + list(deal.stock)
    if len(dealt) != len(set(dealt)) or set(dealt) != set(deck) or len(dealt) != len(deck):
        raise ArgumentError("R5: the deal must hold every deck card exactly once", rule="R5")
    if deal.secret_decades is not None:
        decades = deal.secret_decades
        if len(decades) != players or len(set(decades)) != players or not set(decades) <= set(DECADES):
            raise ArgumentError("V7: each player holds a different Secret Decade card (1900 … 1990)", rule="V7")
