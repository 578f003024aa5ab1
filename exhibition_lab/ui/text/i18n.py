"""Translation hooks in the gettext manner: every sentence the ui shows goes through them.

:func:`_` takes an English message id and returns the sentence in the reader's language;
:func:`ngettext` picks the singular or plural form by a count. Today both return English
(no catalog is installed); the message ids are the English sentences with named
``{fields}``, so a catalog can translate and reorder them without touching the code.
:func:`translate` shows a message id that data marked with
:func:`~exhibition_lab.core.words.N_` (a goal's label, a rule's sentence).
"""

from __future__ import annotations

from ...core.words import N_

__all__ = ["N_", "_", "ngettext", "translate"]


def _(message: str) -> str:
    """The message ``message`` (an English sentence) in the reader's language.

    >>> _("The game is over.")
    'The game is over.'
    """
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for a count of ``n``: ``singular`` for 1, ``plural`` otherwise
    (in English; a catalog knows its language's plural rules).

    >>> ngettext("{n} spot", "{n} spots", 2).format(n=2)
    '2 spots'
    """
    return singular if n == 1 else plural


def translate(message_id: str) -> str:
    """A message id carried by data (marked with ``N_``), in the reader's language."""
    return _(message_id)
