"""Message ids: the English sentences the package shows, marked for the translation catalogs.

Data that carries words below the ``ui`` layer (a goal's label, a rule's sentence, a
showcase's name) holds them as message ids marked with :func:`N_`. Marking changes
nothing at run time; the ``ui`` layer translates an id where it is shown, and the catalog
tools extract every marked id.
"""

from __future__ import annotations


def N_(message: str) -> str:
    """Mark ``message`` as a message id and return it unchanged.

    >>> N_("Years Gap")
    'Years Gap'
    """
    return message
