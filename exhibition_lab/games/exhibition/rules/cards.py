"""Continents, Subject cards and the reference deck (R1, R2, D1, D2)."""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field
from enum import Enum
from functools import lru_cache
from importlib import resources
from pathlib import Path

from ....core.errors import ArgumentError, DeckError, NotationError
from ....core.words import N_

FIRST_YEAR = 1900
LAST_YEAR = 1999
WHITE_CODE = "W"
EINSTEIN_TOKEN = "EIN"


class Continent(Enum):
    """The six continents in the order of the Continents tile (R1); colours per R1 and D1.

    ``title`` is a message id (English); the ui shows it in the reader's language."""

    OC = ("OC", N_("Oceania"), "#7e57c2")
    SA = ("SA", N_("South America"), "#d32f2f")
    AF = ("AF", N_("Africa"), "#8d6e63")
    AS = ("AS", N_("Asia"), "#43a047")
    EU = ("EU", N_("Europe"), "#1e88e5")
    NA = ("NA", N_("North America"), "#fbc02d")

    # Members are singletons, so identity hashing is exact and much faster than Enum's.
    __hash__ = object.__hash__

    def __init__(self, code: str, title: str, color: str) -> None:
        self.code = code
        self.title = title
        self.color = color

    @property
    def index(self) -> int:
        """Position on the Continents tile, 0 (Oceania) … 5 (North America)."""
        return _CONTINENT_INDEX[self]

    @classmethod
    def parse(cls, code: str) -> Continent:
        """The continent with this two-letter code (case-insensitive)."""
        try:
            return cls[code.strip().upper()]
        except KeyError:
            codes = " ".join(c.code for c in cls)
            raise NotationError(f"unknown continent {code!r}; expected one of {codes}", token=code) from None

    def __str__(self) -> str:
        return self.code


CONTINENTS: tuple[Continent, ...] = tuple(Continent)
OPEN_CARDS = 3  # R5: open cards dealt to (and kept at) each continent
TILE_CARDS = OPEN_CARDS * len(CONTINENTS)  # the Continents tile holds at most 18 cards
_CONTINENT_INDEX = {c: i for i, c in enumerate(CONTINENTS)}

_TOKEN = re.compile(r"^(\d+)([A-Z]+)$")


@dataclass(frozen=True, slots=True)
class Card:
    """A Subject card (R2).

    ``year`` is ``None`` only for Einstein; ``continent`` is ``None`` for the white cards
    (1945 and Einstein). Equality and hashing use year and continent only, so a card parsed
    from notation equals the deck card with its title.

    ``title`` is the subject in English; ``titles`` holds it in other languages as
    ``(language, title)`` pairs (the deck's ``title_es``, ``title_ja`` columns), read by
    :meth:`title_in`.
    """

    year: int | None
    continent: Continent | None
    title: str = field(default="", compare=False)
    titles: tuple[tuple[str, str], ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.year is not None and not FIRST_YEAR <= self.year <= LAST_YEAR:
            raise NotationError(
                f"card year {self.year} is outside {FIRST_YEAR}–{LAST_YEAR} (R2)", token=str(self.year), rule="R2"
            )
        if self.year is None and self.continent is not None:
            raise NotationError("a card without a year must be Einstein, which has no continent (R16)", rule="R16")

    @property
    def is_white(self) -> bool:
        """True for the 1945 card and Einstein: they belong to no continent (R2)."""
        return self.continent is None

    @property
    def is_einstein(self) -> bool:
        """True for Einstein, whose year and continent are both wild (R16)."""
        return self.year is None

    @property
    def decade(self) -> int | None:
        """First year of the card's decade (1960 for 1969), ``None`` for Einstein."""
        return None if self.year is None else self.year - self.year % 10

    @property
    def token(self) -> str:
        """The card in notation: ``1969NA``, ``1945W`` or ``EIN``."""
        if self.year is None:
            return EINSTEIN_TOKEN
        return f"{self.year}{self.continent.code if self.continent else WHITE_CODE}"

    def title_in(self, language: str) -> str:
        """The subject in ``language`` (``"es"``, ``"ja"``), or in English where the deck gives
        no translation. A card without translations of its own that carries a reference
        subject (the constant :data:`EINSTEIN`, a card rebuilt from a save) reads the
        reference deck's.

        >>> card = Card.parse("1969NA")
        >>> card.title_in("en") == card.title, card.title_in("fr") == card.title
        (True, True)
        """
        for code, title in self.titles:
            if code == language:
                return title
        if not self.titles and self.title:
            reference = _deck_titles().get(self.token)
            if reference is not None and reference is not self and reference.title == self.title:
                return reference.title_in(language)
        return self.title

    @property
    def sort_key(self) -> tuple[int, int]:
        """Market order (R5): by year, Einstein last."""
        return (1, 0) if self.year is None else (0, self.year)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse ``1969NA``, ``1945W`` or ``EIN`` (case-insensitive).

        Any year 1900–1999 with any continent code is accepted, so halls from other decks
        parse too; the reference deck's title is attached when the card is in it.

        >>> card = Card.parse("1969na")
        >>> card.year, card.continent.code, card.token
        (1969, 'NA', '1969NA')
        >>> Card.parse("1945W").is_white, Card.parse("EIN").is_einstein
        (True, True)
        >>> Card.parse("1899NA")
        Traceback (most recent call last):
        ...
        exhibition_lab.core.errors.NotationError: '1899NA': the year must lie in 1900–1999 (R2)
        """
        if not isinstance(text, str):
            raise NotationError(f"a card token must be text, not {type(text).__name__}", token=repr(text))
        token = text.strip().upper()
        if token == EINSTEIN_TOKEN:
            return _deck_titles().get(token) or cls(None, None)
        match = _TOKEN.match(token)
        if match is None:
            raise NotationError(
                f"{text!r} is not a card: write a year and a continent code (1969NA), 1945W or EIN",
                token=text,
            )
        year_text, code = match.groups()
        year = int(year_text)
        if len(year_text) != 4 or not FIRST_YEAR <= year <= LAST_YEAR:
            raise NotationError(f"{text!r}: the year must lie in {FIRST_YEAR}–{LAST_YEAR} (R2)", token=text, rule="R2")
        continent = None if code == WHITE_CODE else Continent.parse(code)
        canonical = f"{year}{code}"
        return _deck_titles().get(canonical) or cls(year, continent)

    def __str__(self) -> str:
        return self.token

    def __repr__(self) -> str:
        # evaluates back to an equal card, as the issue asks (``Card.parse('1969NA')``)
        return f"Card.parse({self.token!r})"

    def _repr_html_(self) -> str:
        from ....ui.render.board import card_html  # lazily, so the engine never loads display code

        return card_html(self)


# the white card without a deck: his name, as the Spanish and Japanese help pages write it
EINSTEIN = Card(None, None, "Albert Einstein", (("es", "Albert Einstein"), ("ja", "アルベルト・アインシュタイン")))


def _data_dir() -> Path:
    """The seeds folder: inside the installed package, or the repository's ``seeds/``."""
    packaged = resources.files("exhibition_lab") / "seeds"
    if packaged.is_dir():
        return Path(str(packaged))
    return Path(__file__).resolve().parents[4] / "seeds"


def seeds_path(*parts: str) -> Path:
    """Path of a file in the project's data folder (deck, example boards, layouts)."""
    return _data_dir().joinpath(*parts)


#: The languages the rules reference is written in: ``rules.md`` and ``rules.<language>.md``.
RULES_LANGUAGES = ("en", "es", "ja")


def rules_path(language: str | None = None) -> Path:
    """Path of the project's rules reference, ``rules.md`` (every rule id has an anchor there);
    ``language="es"`` or ``"ja"`` gives its translation ``rules.es.md`` / ``rules.ja.md``, with
    the same ids and anchors.

    Installed, it is ``exhibition_lab/docs/rules.md`` inside the package; in a source checkout,
    the repository's ``docs/rules.md``. Anchors are the lower-case ids: ``rules.md#r12``.

    >>> rules_path("es").name
    'rules.es.md'
    """
    code = language or "en"
    if code not in RULES_LANGUAGES:
        raise ArgumentError(f"no rules reference in {language!r}; languages: {', '.join(RULES_LANGUAGES)}")
    name = "rules.md" if code == "en" else f"rules.{code}.md"
    packaged = resources.files("exhibition_lab") / "docs" / name
    if packaged.is_file():
        return Path(str(packaged))
    return Path(__file__).resolve().parents[4] / "docs" / name


#: Optional deck columns after ``title``: the subject in another language (``title_es``).
_TRANSLATED_TITLE = re.compile(r"^title_([a-z]{2})$")
#: A subject is read on a card face; translations keep to the length of a card's line.
MAX_TRANSLATED_TITLE = 120


def load_deck(source: str | Path | io.TextIOBase) -> tuple[Card, ...]:
    """Read a deck CSV with the columns ``year, continent, title`` (R2, D2), optionally
    followed by translated subjects ``title_es``, ``title_ja`` … (an empty cell: no translation).

    ``continent`` is a code of R1 or ``W`` for a white card; Einstein has an empty year.
    Every year appears at most once. Returns the cards sorted by year, Einstein last.
    """
    if isinstance(source, (str, Path)):
        with open(source, encoding="utf-8", newline="") as handle:
            return load_deck(handle)
    reader = csv.DictReader(source)
    if reader.fieldnames is None or not _deck_header(reader.fieldnames):
        raise DeckError(
            f"a deck CSV needs the header year,continent,title (then title_es, title_ja …); found {reader.fieldnames}"
        )
    cards: list[Card] = []
    seen: set[str] = set()
    for line_no, row in enumerate(reader, start=2):
        card = _deck_row(row, line_no)
        if card.token in seen:
            raise DeckError(f"line {line_no}: {card.token} appears twice in the deck (R2)", rule="R2")
        if card.year is not None and any(c.year == card.year for c in cards):
            raise DeckError(f"line {line_no}: year {card.year} appears twice in the deck (R2)", rule="R2")
        seen.add(card.token)
        cards.append(card)
    return tuple(sorted(cards, key=lambda c: c.sort_key))


def _deck_header(fields: list[str]) -> bool:
    names = [f.strip() for f in fields]
    extra = names[3:]
    return names[:3] == ["year", "continent", "title"] and all(_TRANSLATED_TITLE.match(f) for f in extra)


def _translated_titles(row: dict[str, str], line_no: int) -> tuple[tuple[str, str], ...]:
    titles = []
    for column, text in row.items():
        match = _TRANSLATED_TITLE.match((column or "").strip())
        title = (text or "").strip()
        if match is None or not title:
            continue
        if len(title) > MAX_TRANSLATED_TITLE or any(ch in title for ch in "\r\n"):
            raise DeckError(f"line {line_no}: {column} is one line of at most {MAX_TRANSLATED_TITLE} characters")
        titles.append((match.group(1), title))
    return tuple(titles)


def _deck_row(row: dict[str, str], line_no: int) -> Card:
    year_text = (row.get("year") or "").strip()
    code = (row.get("continent") or "").strip().upper()
    title = (row.get("title") or "").strip()
    if not title:
        raise DeckError(f"line {line_no}: every card needs a subject title")
    titles = _translated_titles(row, line_no)
    try:
        if not year_text:
            if code != WHITE_CODE:
                raise DeckError(f"line {line_no}: a card without a year must be white (W), like Einstein")
            return Card(None, None, title, titles)
        year = int(year_text)
        continent = None if code == WHITE_CODE else Continent.parse(code)
        return Card(year, continent, title, titles)
    except (ValueError, NotationError) as exc:
        if isinstance(exc, DeckError):
            raise
        raise DeckError(f"line {line_no}: {exc}") from None


@lru_cache(maxsize=1)
def standard_deck() -> tuple[Card, ...]:
    """The project's 101 reference cards (R2, D2): one per year 1900–1999, plus Einstein."""
    return load_deck(seeds_path("deck.csv"))


@lru_cache(maxsize=1)
def _deck_titles() -> dict[str, Card]:
    return {card.token: card for card in standard_deck()}
