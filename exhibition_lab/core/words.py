"""Message ids and the words of engine objects.

Data that carries words below the ``ui`` layer (a goal's label, a rule's sentence, a
showcase's name) holds them as message ids marked with :func:`N_`. Marking changes
nothing at run time; the ``ui`` layer translates an id where it is shown, and the catalog
tools extract every marked id.

A sentence that data carries with the facts it names (a score line's reason: "missing
{continents}") is a :class:`Phrase`: its message id and the facts as they are (continents,
decades, numbers), so the engine says it in English and the ui in the reader's language,
each writing the facts its own way.

Engine objects that print themselves (a coach's hint, a review's summary) say nothing of
their own: their ``__str__`` asks :func:`told` for the words of their type. Each ``ui.text``
module that words engine objects lists them in a plain table, its ``WORDS``; importing it
changes nothing. The package's ``__init__`` hands those tables to :func:`use_words` in one
explicit call, so the engine never imports the ``ui`` layer and the words live in one place.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

#: The languages the project speaks, its words, lessons and rules reference: the one list
#: the catalogs, the translated lessons and their builds read. English is the language of
#: the message ids and of the lessons' code; every other one has a catalog and a folder of lessons.
LANGUAGES: tuple[str, ...] = ("en", "es", "ja")
DEFAULT_LANGUAGE = "en"

#: A ui module's words for engine objects: ``(type, what) -> function(obj, *args, **kwargs)``,
#: the words of ``what`` (``"text"`` is ``str(obj)``) for objects of that type and its subclasses.
WordTable = Mapping[tuple[type, str], Callable[..., Any]]

#: the tables given to :func:`use_words`, merged
_TELLERS: dict[tuple[type, str], Callable[..., Any]] = {}


def N_(message: str) -> str:
    """Mark ``message`` as a message id and return it unchanged.

    >>> N_("Years Gap")
    'Years Gap'
    """
    return message


class Phrase(NamedTuple):
    """A sentence carried by data: a message id (marked with :func:`N_`) whose ``{fields}`` are
    filled from ``facts``, ``(name, value)`` pairs kept as plain values (hashable, so records
    holding a phrase stay comparable). A value may be a phrase itself.

    >>> Phrase(N_("{n} empty spot(s)"), (("n", 3),)).say(lambda name, value: str(value))
    '3 empty spot(s)'
    """

    message: str
    facts: tuple[tuple[str, Any], ...] = ()

    def say(self, fact_words: Callable[[str, Any], str], translate: Callable[[str], str] = N_) -> str:
        """The sentence: ``translate(message)`` with each fact written by ``fact_words(name, value)``."""
        return translate(self.message).format(**{name: fact_words(name, value) for name, value in self.facts})


def use_words(*tables: WordTable) -> None:
    """Give engine objects the words of ``tables`` (the ui's ``WORDS``); a later table's
    entry for the same pair replaces an earlier one.

    >>> class Greeting: ...
    >>> use_words({(Greeting, "text"): lambda greeting: "Hello"})
    >>> told(Greeting())
    'Hello'
    """
    for table in tables:
        _TELLERS.update(table)


def told(subject: object, what: str = "text", /, *args: Any, **kwargs: Any) -> Any:
    """The words of ``what`` for ``subject``, from the function :func:`use_words` was given
    for its type or the nearest base type. Raises :class:`LookupError` when it was given none."""
    for klass in type(subject).__mro__:
        teller = _TELLERS.get((klass, what))
        if teller is not None:
            return teller(subject, *args, **kwargs)
    raise LookupError(f"no words for {what!r} of {type(subject).__name__}: import exhibition_lab (it gives them)")


def tells_about(subject: object, what: str = "text") -> bool:
    """Whether :func:`use_words` was given words of ``what`` for ``subject``'s type or a base type, for
    an object that speaks English itself until the ``ui`` layer gives it other words."""
    return any((klass, what) in _TELLERS for klass in type(subject).__mro__)
