"""Exception classes.

Every error the package raises on purpose derives from :class:`ExhibitionLabError`, so a
caller can catch one class. Every error whose message cites a rule carries the rule id of
``RULES.md`` in ``.rule`` (``None`` when no rule is at stake). Errors about a bad argument (an
unknown name, a seat out of range, an impossible budget) are :class:`ArgumentError`, a
``ValueError``.
"""

from __future__ import annotations

from typing import Protocol


class ExhibitionLabError(Exception):
    """Base class of every exhibition_lab error; ``rule`` is the rule id the message cites, if any."""

    def __init__(self, message: str, *, rule: str | None = None):
        super().__init__(message)
        self.rule = rule


class ArgumentError(ExhibitionLabError, ValueError):
    """An argument the function cannot use: an unknown name, a seat out of range, a bad budget.

    >>> from exhibition_lab.games.exhibition.rules.layout import unique_decades_range
    >>> try:
    ...     unique_decades_range(players=6)
    ... except ValueError as err:
    ...     print(type(err).__name__, err.rule)
    ArgumentError R4
    """


class NotationError(ExhibitionLabError, ValueError):
    """Text that does not parse as a card, a hall or an action.

    ``token`` is the offending piece of text and ``position`` its character offset in the
    input (``None`` when not applicable).
    """

    def __init__(self, message: str, *, token: str | None = None, position: int | None = None, rule: str | None = None):
        super().__init__(message, rule=rule)
        self.token = token
        self.position = position


class Refusal(Protocol):
    """The facts of a refusal, as a game's rules find them (an Exhibition hall's ``Problem``)."""

    @property
    def rule(self) -> str: ...


class RuleViolation(ExhibitionLabError, ValueError):
    """Well-formed input that a rule forbids; ``rule`` is the rule id (e.g. ``"R11"``) and
    ``facts`` the refusal as data (the cards and spots involved, the measured value and the
    limit), where the rules found one, so that words in any language come from them."""

    def __init__(self, message: str, *, rule: str, facts: Refusal | None = None):
        super().__init__(message, rule=rule)
        self.facts = facts


class IllegalHall(RuleViolation):
    """A hall whose cards break a hall requirement (R11–R16, V1–V6a)."""


class IllegalAction(RuleViolation):
    """An action that is not allowed in the current game state; the game is unchanged."""


class SaveFileError(ExhibitionLabError, ValueError):
    """A saved game that is malformed, from an unknown version, or tampered with."""


class DeckError(ExhibitionLabError, ValueError):
    """A deck file that does not have the shape of the reference deck."""
