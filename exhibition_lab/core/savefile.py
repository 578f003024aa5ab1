"""Save files for every game: versioned JSON, read strictly, then replayed (never pickle or
eval).

A game declares its document once as a :class:`SaveFormat` (name, current version, the
versions it still reads, the keys each version has) and writes only what differs: how its
set-up is written and read. The framework here does what every game's loader must do the
same way:

- :func:`parse_json`: UTF-8, bounded size, strict JSON (no ``NaN``), nothing evaluated;
- :meth:`SaveFormat.open`: the format name, a known version, exactly the expected keys;
- :meth:`Reader.require` and friends: every problem becomes a
  :class:`~exhibition_lab.core.errors.SaveFileError` saying where the document is wrong;
- :meth:`Reader.replay`: each saved move is parsed and played through the rules, so a
  tampered move is refused with the rule it breaks, and the end state is compared with the
  summary the file recorded.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, NoReturn

from .errors import ExhibitionLabError, SaveFileError
from .seeding import is_seed

#: The largest document any game reads, in bytes (or characters).
MAX_SAVE_BYTES = 2_000_000


def parse_json(text: str | bytes, *, what: str = "the game", max_chars: int = MAX_SAVE_BYTES) -> Any:
    """The JSON value of a saved ``what`` (``"the game"``, ``"the Timeline game"``): UTF-8
    text of at most ``max_chars``, strict JSON (no NaN or Infinity). Anything else raises
    :class:`SaveFileError` saying why; nothing is evaluated.

    >>> parse_json('{"version": 3}')
    {'version': 3}
    >>> parse_json('[NaN]')
    Traceback (most recent call last):
    ...
    exhibition_lab.core.errors.SaveFileError: cannot load the game: not valid JSON: NaN is not a number
    """

    def refuse(message: str) -> SaveFileError:
        return SaveFileError(f"cannot load {what}: {message}")

    def refuse_constant(name: str) -> NoReturn:
        raise refuse(f"not valid JSON: {name} is not a number")

    if isinstance(text, (bytes, bytearray)):
        if len(text) > max_chars:
            raise refuse(f"the document is larger than {max_chars} bytes")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise refuse(f"the document is not UTF-8 text: {exc}") from None
    if not isinstance(text, str):
        raise refuse(f"a saved game is JSON text, not {type(text).__name__}")
    if len(text) > max_chars:
        raise refuse(f"the document is larger than {max_chars} characters")
    try:
        return json.loads(text, parse_constant=refuse_constant)
    except SaveFileError:
        raise
    except json.JSONDecodeError as exc:
        raise refuse(f"not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}") from None
    except (RecursionError, ValueError) as exc:
        raise refuse(f"not valid JSON: {exc}") from None


def is_int(value: Any) -> bool:
    """A JSON integer (``true`` is not one)."""
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class SaveFormat:
    """A game's save document: its ``name`` (the ``"format"`` field), the ``version`` it
    writes, and the keys of every version it still reads."""

    name: str
    version: int
    keys: Mapping[int, frozenset[str]]  # version → the document's keys
    what: str = "the game"  # how messages name the saved thing
    max_chars: int = MAX_SAVE_BYTES
    max_moves: int = 5_000
    renamed: Mapping[int, Mapping[str, str]] = field(default_factory=dict)  # version → old name → new

    @property
    def readable(self) -> tuple[int, ...]:
        return tuple(sorted(self.keys))

    def header(self) -> dict[str, Any]:
        """The first fields of a document this version writes."""
        return {"format": self.name, "version": self.version}

    def open(self, text: str | bytes) -> Reader:
        """Parse ``text`` and check its format, version and keys; returns a :class:`Reader`."""
        reader = Reader(self, {}, self.version)
        doc = parse_json(text, what=self.what, max_chars=self.max_chars)
        reader.require(isinstance(doc, dict), "the document must be a JSON object")
        reader.require(doc.get("format") == self.name, f"'format' must be {self.name!r}, found {doc.get('format')!r}")
        reader.require("version" in doc, "the document lacks 'version'")
        version = doc["version"]
        reader.require(is_int(version), f"'version' must be an integer, found {version!r}")
        reader.require(
            version in self.keys,
            f"version {version} is not supported; this exhibition_lab reads versions "
            f"{', '.join(str(v) for v in self.readable)}",
        )
        reader = Reader(self, doc, version)
        reader.exact_keys(doc, self.keys[version], "the document")
        return reader


@dataclass(frozen=True)
class Reader:
    """An opened document and the checks every field goes through."""

    format: SaveFormat
    doc: dict[str, Any]
    version: int

    def __getitem__(self, key: str) -> Any:
        return self.doc[key]

    def fail(self, message: str) -> NoReturn:
        raise SaveFileError(f"cannot load {self.format.what}: {message}")

    def require(self, condition: bool, message: str) -> None:
        if not condition:
            self.fail(message)

    def exact_keys(self, obj: Mapping[str, Any], keys: Iterable[str], where: str) -> None:
        keys = set(keys)
        missing = sorted(keys - obj.keys())
        extra = sorted(obj.keys() - keys)
        self.require(not missing, f"{where} lacks {', '.join(repr(k) for k in missing)}")
        self.require(not extra, f"{where} has unknown {', '.join(repr(str(k)) for k in extra)}")

    def seed(self, key: str = "seed") -> int | None:
        value: int | None = self.doc[key]  # checked just below
        self.require(
            value is None or is_seed(value),
            f"'{key}' must be null or a whole number from 0 to 2**63 − 1, found {value!r}",
        )
        return value

    def names(self, key: str = "players") -> list[str]:
        value = self.doc[key]
        self.require(
            isinstance(value, list) and all(isinstance(p, str) for p in value), f"'{key}' must be a list of names"
        )
        return list(value)

    def renamed_key(self, key: str) -> str:
        """A key as this version's reader knows it (an old file's name for a thing renamed since)."""
        return self.format.renamed.get(self.version, {}).get(key, key)

    def guarded(self, where: str, make: Callable[[], Any]) -> Any:
        """``make()``, with any package error turned into a :class:`SaveFileError` at ``where``."""
        try:
            return make()
        except SaveFileError:
            raise
        except ExhibitionLabError as exc:
            self.fail(f"{where}: {exc}" if where else str(exc))

    def replay(self, play: Callable[[str], object], key: str = "actions") -> None:
        """Play every saved move (text) through ``play``; a move the rules refuse names its
        place in the file and the rule."""
        moves = self.doc[key]
        limit = self.format.max_moves
        self.require(isinstance(moves, list) and len(moves) <= limit, f"'{key}' must be a list of at most {limit}")
        for k, text in enumerate(moves):
            self.require(isinstance(text, str), f"action {k} must be text, found {text!r}")
            try:
                play(text)
            except ExhibitionLabError as exc:
                self.fail(f"action {k} ({text!r}) is not allowed: {exc}")

    def check_summary(self, summary: Any, key: str = "state") -> None:
        """The replayed end state must be the one the file recorded."""
        self.require(self.doc[key] == summary, "the saved state does not match its actions: the file was changed")
