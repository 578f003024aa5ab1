"""Translation of message ids: the English text for now, in the shape a catalog will fill.

A message id is an English sentence (marked with :func:`~exhibition_lab.core.words.N_` where
it is data); ``{named}`` placeholders are filled after translation, so a translator may
move them.

>>> _("{card} fits there.", card="1953AS")
'1953AS fits there.'
>>> ngettext("{n} card", "{n} cards", 2, n=2)
'2 cards'
"""

from __future__ import annotations


def _(message: str, /, **named: object) -> str:
    """``message`` translated, its ``{named}`` placeholders filled."""
    return message.format(**named) if named else message


def ngettext(singular: str, plural: str, n: int, /, **named: object) -> str:
    """The singular or plural form for ``n``, translated, its ``{named}`` placeholders filled."""
    return _(singular if n == 1 else plural, **named)
