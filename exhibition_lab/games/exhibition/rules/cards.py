"""Continents, Subject cards and the reference deck (R1, R2, D1, D2)."""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from functools import lru_cache
from importlib import resources
from pathlib import Path

from ....core.errors import ArgumentError, DeckError, NotationError
from ....core.words import LANGUAGES, N_, tells_about, told

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
    def label(self) -> str:
        """The continent's name in the reader's language (``Oceania``, ``オセアニア``) once the
        ``ui`` layer has given its words for ``"label"``; the message id otherwise."""
        return told(self, "label") if tells_about(self, "label") else self.title

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

# ASCII digits only: "²" or "١٩٦٩" would read as other text than the card they show
_TOKEN = re.compile(r"^([0-9]+)([A-Z]+)$")


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

    @property
    def subject(self) -> str:
        """The subject in the reader's language (:meth:`title_in` the language in force) once
        the ``ui`` layer has given its words for ``"subject"``; :attr:`title` otherwise.

        >>> Card.parse("1969NA").subject == Card.parse("1969NA").title
        True
        """
        return told(self, "subject") if tells_about(self, "subject") else self.title

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
                f"{_shown(text)} is not a card: write a year and a continent code (1969NA), 1945W or EIN",
                token=text,
            )
        year_text, code = match.groups()
        # four digits first: int() of thousands of digits is refused by Python itself
        if len(year_text) != 4 or not FIRST_YEAR <= int(year_text) <= LAST_YEAR:
            raise NotationError(
                f"{_shown(text)}: the year must lie in {FIRST_YEAR}–{LAST_YEAR} (R2)", token=text, rule="R2"
            )
        year = int(year_text)
        continent = None if code == WHITE_CODE else Continent.parse(code)
        canonical = f"{year}{code}"
        return _deck_titles().get(canonical) or cls(year, continent)

    def __str__(self) -> str:
        return self.token

    def __repr__(self) -> str:
        # evaluates back to an equal card (``Card.parse('1969NA')``), so a printed card can be pasted back
        return f"Card.parse({self.token!r})"


def _shown(text: str, most: int = 24) -> str:
    """``text`` as a message quotes it: whole when short, its start otherwise."""
    return repr(text) if len(text) <= most else repr(text[:most]) + "…"


# the white card without a deck: his name, as the Spanish and Japanese help pages write it
EINSTEIN = Card(None, None, "Albert Einstein", (("es", "Albert Einstein"), ("ja", "アルバート・アインシュタイン")))


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
RULES_LANGUAGES = LANGUAGES


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


#: R5: a deck deals three open cards to each of the six continents.
MIN_DECK = TILE_CARDS
#: R2: one card per year from 1900 to 1999, and Einstein.
MAX_DECK = LAST_YEAR - FIRST_YEAR + 2
#: A title is read on a card face in the app; 120 characters leave room for the longest
#: reference subject (71) and keep a saved deck, 101 titles in every save, small.
MAX_TITLE = 120


def text_problem(text: object, *, most: int, least: int = 1) -> str | None:
    """Why ``text`` cannot be a name or a title, or ``None`` when it can.

    Names and titles are written on one line of a position, in CSV and JSON files and on
    the screen, and must read back as the same text: ``least`` to ``most`` characters, no space at
    either end, and no character that is invisible, breaks a line or stands for another
    (control, format, private-use, unassigned and line or paragraph separator characters;
    of the spaces, only the plain space U+0020).

    >>> text_problem("Ann", most=40) is None
    True
    >>> print(text_problem("A\\u2028B", most=40))
    it holds U+2028 LINE SEPARATOR, which a text line cannot show as it is
    """
    if not isinstance(text, str):
        return f"it is {type(text).__name__}, not text"
    if not least <= len(text) <= most:
        return f"it has {len(text)} characters, not {least} to {most}"
    if text != text.strip():
        return "it begins or ends with a space"
    for char in text:
        category = unicodedata.category(char)
        if category[0] == "C" or category in ("Zl", "Zp") or (category == "Zs" and char != " "):
            name = unicodedata.name(char, "a control character")
            return f"it holds U+{ord(char):04X} {name}, which a text line cannot show as it is"
    return None


#: The last decks check_deck accepted, kept by identity: a tuple of frozen cards cannot change.
_CHECKED_DECKS: deque[tuple[Card, ...]] = deque(maxlen=8)


def check_deck(cards: Iterable[Card]) -> tuple[Card, ...]:
    """``cards`` as a deck a game can be played and saved with, in the order given; any
    other collection raises :class:`DeckError` saying which card and which rule.

    A deck holds from :data:`MIN_DECK` (18: the Continents tile, R5) to :data:`MAX_DECK`
    (101) cards, one per year (R2) — so no card twice, and one Einstein at most — each with
    a title of at most :data:`MAX_TITLE` characters that reads back as written
    (:func:`text_problem`; a card made from its token alone has an empty title).

    >>> len(check_deck(standard_deck()))
    101
    >>> check_deck(standard_deck()[:17])
    Traceback (most recent call last):
    ...
    exhibition_lab.core.errors.DeckError: a deck holds 18 to 101 cards, not 17 (R5: the tile needs 18)
    """
    if isinstance(cards, tuple) and any(cards is checked for checked in _CHECKED_DECKS):
        return cards  # the very same immutable deck passed again: a game per seed in a long run
    if isinstance(cards, (str, bytes)):
        raise DeckError(f"a deck is a collection of cards, not {type(cards).__name__}")
    try:
        deck = tuple(cards)
    except TypeError:
        raise DeckError(f"a deck is a collection of cards, not {type(cards).__name__}") from None
    if not MIN_DECK <= len(deck) <= MAX_DECK:
        need = f"R5: the tile needs {MIN_DECK}" if len(deck) < MIN_DECK else "R2: one card per year and Einstein"
        rule = "R5" if len(deck) < MIN_DECK else "R2"
        raise DeckError(f"a deck holds {MIN_DECK} to {MAX_DECK} cards, not {len(deck)} ({need})", rule=rule)
    years: set[int | None] = set()
    for k, card in enumerate(deck):
        if not isinstance(card, Card) or not _well_typed(card):
            raise DeckError(f"deck entry {k} is not a card: {card!r:.60}")
        if card.year in years:
            what = "Einstein" if card.year is None else f"the year {card.year}"
            raise DeckError(f"{card.token}: the deck holds {what} twice; one card per year (R2)", rule="R2")
        years.add(card.year)
        problem = text_problem(card.title, most=MAX_TITLE, least=0)
        if problem is not None:
            raise DeckError(f"{card.token}: its title cannot be used: {problem} ({card.title[:40]!r})")
    _CHECKED_DECKS.append(deck)
    return deck


def _well_typed(card: Card) -> bool:
    year_ok = card.year is None or type(card.year) is int
    return year_ok and (card.continent is None or isinstance(card.continent, Continent))


def load_deck(source: str | Path | io.TextIOBase) -> tuple[Card, ...]:
    """Read a deck CSV with the columns ``year, continent, title`` (R2, D2), optionally
    followed by translated subjects ``title_es``, ``title_ja`` … (an empty cell: no translation).

    ``continent`` is a code of R1 or ``W`` for a white card; Einstein has an empty year.
    Years are written in the digits 0–9. The cards must make a deck :func:`check_deck`
    accepts (18 to 101 cards, every year at most once, titles of at most 120 characters
    without control characters). Returns the cards sorted by year, Einstein last.
    """
    if isinstance(source, (str, Path)):
        with open(source, encoding="utf-8", newline="") as handle:
            return load_deck(handle)
    try:
        cards = _read_deck_rows(source)
    except csv.Error as exc:
        raise DeckError(f"not a deck CSV: {exc}") from None
    except UnicodeDecodeError as exc:
        raise DeckError(f"a deck CSV is UTF-8 text: {exc}") from None
    return check_deck(sorted(cards, key=lambda c: c.sort_key))


def _read_deck_rows(source: Iterable[str]) -> list[Card]:
    reader = csv.DictReader(source)
    if reader.fieldnames is None or not _deck_header(reader.fieldnames):
        raise DeckError(
            f"a deck CSV needs the header year,continent,title (then title_es, title_ja …); found {reader.fieldnames}"
        )
    cards: list[Card] = []
    seen: set[int | None] = set()
    for row in reader:
        line_no = reader.line_num
        if None in row:
            raise DeckError(f"line {line_no}: a card has three fields: year, continent, title")
        card = _deck_row(row, line_no)
        if card.year in seen:
            what = "Einstein" if card.year is None else f"year {card.year}"
            raise DeckError(f"line {line_no}: {what} appears twice in the deck (R2)", rule="R2")
        seen.add(card.year)
        cards.append(card)
        if len(cards) > MAX_DECK:
            raise DeckError(f"line {line_no}: a deck holds at most {MAX_DECK} cards (R2)", rule="R2")
    return cards


def _deck_header(fields: Sequence[str]) -> bool:
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
        if not (year_text.isascii() and year_text.isdigit() and len(year_text) == 4):
            raise DeckError(f"line {line_no}: a year is four digits 0–9, not {_shown(year_text)}", rule="R2")
        year = int(year_text)
        continent = None if code == WHITE_CODE else Continent.parse(code)
        return Card(year, continent, title, titles)
    except NotationError as exc:
        raise DeckError(f"line {line_no}: {exc}", rule=exc.rule) from None


@lru_cache(maxsize=1)
def standard_deck() -> tuple[Card, ...]:
    """The project's 101 reference cards (R2, D2): one per year 1900–1999, plus Einstein."""
    return load_deck(seeds_path("deck.csv"))


@lru_cache(maxsize=1)
def _deck_titles() -> dict[str, Card]:
    return {card.token: card for card in standard_deck()}
