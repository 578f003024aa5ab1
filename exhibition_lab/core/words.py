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
their own: their ``__str__`` asks :func:`told` for the words the ``ui`` layer registered with
:func:`tells` for their type. Importing :mod:`exhibition_lab` registers them, so the
engine never imports the ``ui`` layer and the words still live in one place.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

#: The languages the project speaks, its words, lessons and rules reference: the one list
#: the catalogs, the translated lessons and their builds read. English is the language of
#: the message ids and of the lessons' code; every other one has a catalog and a folder of lessons.
LANGUAGES: tuple[str, ...] = ("en", "es", "ja")
DEFAULT_LANGUAGE = "en"

#: (type, what) -> the function that words ``what`` of an object of that type
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


def tells(kind: type, what: str = "text") -> Callable[[F], F]:
    """Register the decorated function as the words of ``what`` for objects of ``kind``
    (and its subclasses): ``function(obj, *args, **kwargs)``. A later registration for the
    same pair replaces the earlier one.

    >>> class Greeting: ...
    >>> @tells(Greeting)
    ... def _greeting(greeting):
    ...     return "Hello"
    >>> told(Greeting())
    'Hello'
    """

    def register(function: F) -> F:
        _TELLERS[(kind, what)] = function
        return function

    return register


def told(subject: object, what: str = "text", /, *args: Any, **kwargs: Any) -> Any:
    """The words of ``what`` for ``subject``, from the function registered with :func:`tells`
    for its type or the nearest base type. Raises :class:`LookupError` when none is."""
    for klass in type(subject).__mro__:
        teller = _TELLERS.get((klass, what))
        if teller is not None:
            return teller(subject, *args, **kwargs)
    raise LookupError(f"no words for {what!r} of {type(subject).__name__}: import exhibition_lab to register them")


def tells_about(subject: object, what: str = "text") -> bool:
    """Whether words of ``what`` are registered for ``subject``'s type or a base type, for
    an object that speaks English itself until the ``ui`` layer gives it other words."""
    return any((klass, what) in _TELLERS for klass in type(subject).__mro__)
