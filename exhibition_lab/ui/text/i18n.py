"""Translation in the gettext manner: every sentence the ui shows goes through these hooks.

A message id is an English sentence with named ``{fields}`` (marked with
:func:`~exhibition_lab.core.words.N_` where data carries it); the catalogs
``exhibition_lab/ui/locale/<language>/LC_MESSAGES/exhibition_lab.po`` translate it and may
move its fields. :func:`_` returns a message in the reader's language, :func:`ngettext` the
form for a count (Spanish has two forms, Japanese one), :func:`translate` a message id that
data carries (a goal's label, a rule's sentence).

The language is chosen, first match wins, by :func:`set_language` (per process), the
environment variable ``EXHIBITION_LAB_LANGUAGE``, or the locale of the notebook's process
(``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``); English is the default and needs no
catalog. A catalog is read once per process: the compiled ``.mo`` when ``make i18n`` built
one at least as new as the ``.po``, otherwise the ``.po`` itself, compiled in memory by
Babel (so a fresh clone and the installed wheel need no build step).

>>> _("The game is over.")
'The game is over.'
>>> _("{card} fits there.", card="1953AS")
'1953AS fits there.'
>>> ngettext("{n} spot", "{n} spots", 2, n=2)
'2 spots'
"""

from __future__ import annotations

import gettext
import io
import os
from collections.abc import Callable
from functools import lru_cache
from importlib import resources
from pathlib import Path

from ...core.errors import ArgumentError
from ...core.words import DEFAULT_LANGUAGE, LANGUAGES, N_

__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "N_",
    "_",
    "catalog_path",
    "language",
    "ngettext",
    "pgettext",
    "set_language",
    "translate",
    "when_language_changes",
]

DOMAIN = "exhibition_lab"
#: The environment variable that chooses the language when :func:`set_language` has not.
ENVIRONMENT = "EXHIBITION_LAB_LANGUAGE"
#: The locale variables a notebook's process inherits, in the order gettext reads them.
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

_chosen: str | None = None
_listeners: list[Callable[[str], None]] = []


def _language_of(name: str) -> str | None:
    """The package language a locale name means (``es_AR.UTF-8`` → ``es``), or ``None``."""
    code = name.strip().replace("-", "_").split(".")[0].split("@")[0].split("_")[0].lower()
    return code if code in LANGUAGES else None


def set_language(name: str | None) -> str:
    """Speak ``name`` from now on in this process: ``"en"``, ``"es"`` or ``"ja"`` (a locale
    name such as ``"es_AR.UTF-8"`` or ``"ja-JP"`` counts as its language). ``None`` goes back
    to the environment's choice. Returns the language now in force.

    >>> set_language("es_AR.UTF-8")
    'es'
    >>> set_language(None) == language()
    True
    """
    global _chosen
    if name is None:
        _chosen = None
        _tables_speak(language())
        return language()
    found = _language_of(name) if isinstance(name, str) else None
    if found is None:
        raise ArgumentError(f"no catalog for language {name!r}; languages: {', '.join(LANGUAGES)}")
    _chosen = found
    _tables_speak(found)
    return found


def when_language_changes(listener: Callable[[str], None]) -> None:
    """Call ``listener(language)`` after every :func:`set_language`: words that live outside the
    catalogs (pandas' number format, see :mod:`.numbers`) follow the reader's language too."""
    _listeners.append(listener)


def _tables_speak(code: str) -> None:
    for listener in _listeners:
        listener(code)


def language() -> str:
    """The language in force: :func:`set_language`'s choice, else ``EXHIBITION_LAB_LANGUAGE``,
    else the process's locale, else English. A locale the package does not speak (``fr_FR``,
    ``C``) means English."""
    if _chosen is not None:
        return _chosen
    chosen = os.environ.get(ENVIRONMENT, "")
    if chosen:
        return _language_of(chosen) or DEFAULT_LANGUAGE
    for variable in LOCALE_VARIABLES:
        value = os.environ.get(variable, "")
        if not value:
            continue
        # LANGUAGE lists preferences (``es:en``); the first one spoken here wins
        for part in value.split(":"):
            found = _language_of(part)
            if found is not None:
                return found
        return DEFAULT_LANGUAGE
    return DEFAULT_LANGUAGE


def catalog_path(name: str, suffix: str = ".po") -> Path:
    """Where the catalog of language ``name`` lies: ``ui/locale/<name>/LC_MESSAGES/exhibition_lab.po``
    inside the package (``suffix=".mo"`` for the compiled one)."""
    root = Path(str(resources.files("exhibition_lab"))) / "ui" / "locale"
    return root / name / "LC_MESSAGES" / f"{DOMAIN}{suffix}"


@lru_cache(maxsize=len(LANGUAGES))
def _translations(name: str) -> gettext.NullTranslations:
    if name == DEFAULT_LANGUAGE:
        return gettext.NullTranslations()
    po, mo = catalog_path(name), catalog_path(name, ".mo")
    if mo.is_file() and (not po.is_file() or mo.stat().st_mtime >= po.stat().st_mtime):
        with open(mo, "rb") as handle:
            return gettext.GNUTranslations(handle)
    return _compiled_in_memory(po)


def _compiled_in_memory(po: Path) -> gettext.GNUTranslations:
    """The ``.po`` catalog at ``po`` as gettext reads a ``.mo`` (fuzzy entries left out, as
    ``pybabel compile`` leaves them)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with open(po, "rb") as handle:
        catalog = read_po(handle)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def _(message: str, /, **named: object) -> str:
    """The message ``message`` (an English sentence) in the reader's language, its
    ``{named}`` fields filled when given."""
    text = _translations(language()).gettext(message) if message else message
    return text.format(**named) if named else text


def ngettext(singular: str, plural: str, n: int, /, **named: object) -> str:
    """The form of a message for a count of ``n`` (in English ``singular`` for 1, ``plural``
    otherwise; a catalog knows its language's plural rules), its ``{named}`` fields filled
    when given."""
    text = _translations(language()).ngettext(singular, plural, n)
    return text.format(**named) if named else text


def pgettext(context: str, message: str, /, **named: object) -> str:
    """The message ``message`` as said in ``context``: for an English sentence that other
    languages say in two ways (``put it in the Depot`` as advice and as what a player did)."""
    text = _translations(language()).pgettext(context, message)
    return text.format(**named) if named else text


def translate(message_id: str) -> str:
    """A message id carried by data (marked with ``N_``), in the reader's language."""
    return _(message_id)
