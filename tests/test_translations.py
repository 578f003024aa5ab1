"""Each lesson is written once: a translation carries the English code and only its own words.

``scripts/sync_lessons.py`` writes the English code into every ``notebooks/src/<language>/``
lesson; these tests fail when a translated lesson's code differs from the English one other
than in its words (string literals, comments), or its cells or tags differ, so a change to a
lesson's code is one edit in the English source plus one run of the script.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import jupytext
import pytest

from exhibition_lab.ui.text.i18n import DEFAULT_LANGUAGE, LANGUAGES

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "notebooks" / "src"
TRANSLATED = sorted(
    f"{code}/{path.stem}" for code in LANGUAGES if code != DEFAULT_LANGUAGE for path in (SOURCES / code).glob("*.md")
)


def load_sync():
    spec = importlib.util.spec_from_file_location("sync_lessons", ROOT / "scripts" / "sync_lessons.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


SYNC = load_sync()


def code_cells(path: Path) -> list:
    return [cell for cell in jupytext.read(path, fmt="md:myst").cells if cell.cell_type == "code"]


@pytest.mark.parametrize("name", TRANSLATED)
def test_translated_lesson_has_the_english_cells_and_tags(name):
    stem = name.split("/")[1]
    english, ours = code_cells(SOURCES / f"{stem}.md"), code_cells(SOURCES / f"{name}.md")
    assert len(ours) == len(english), f"{name}: run scripts/sync_lessons.py {name}"
    assert [c.metadata.get("tags", []) for c in ours] == [c.metadata.get("tags", []) for c in english]


@pytest.mark.parametrize("name", TRANSLATED)
def test_translated_lesson_code_is_the_english_code_but_for_its_words(name):
    language, stem = name.split("/")
    english, ours = code_cells(SOURCES / f"{stem}.md"), code_cells(SOURCES / f"{name}.md")
    for number, (mine, theirs) in enumerate(zip(english, ours, strict=True), 1):
        assert SYNC.agree(mine.source, theirs.source), (
            f"{name}, code cell {number} differs from the English lesson other than in its words: "
            f"edit notebooks/src/{stem}.md and run scripts/sync_lessons.py {stem}"
        )
    assert SYNC.differences(language, stem) == []


@pytest.mark.parametrize("name", TRANSLATED)
def test_translated_lesson_speaks_its_language_with_the_english_line(name):
    language, stem = name.split("/")
    english, ours = code_cells(SOURCES / f"{stem}.md"), code_cells(SOURCES / f"{name}.md")
    assert f'xl.set_language("{DEFAULT_LANGUAGE}")' in english[0].source.splitlines()
    assert f'xl.set_language("{language}")' in ours[0].source.splitlines()


@pytest.mark.parametrize("name", TRANSLATED)
def test_sync_leaves_a_synced_lesson_as_it_is(name):
    language, stem = name.split("/")
    changed, _notes = SYNC.sync(language, stem, write=False)
    assert not changed, f"run scripts/sync_lessons.py {name}"


def test_every_english_lesson_names_its_language_first():
    for path in sorted(SOURCES.glob("*.md")):
        assert f'xl.set_language("{DEFAULT_LANGUAGE}")' in code_cells(path)[0].source.splitlines(), path.name


# ----------------------------------------------------------------- how code is compared
def test_words_are_masked_and_code_is_not():
    english = 'print(f"{name} takes {card}.")  # the first turn\nhall = xl.Hall.parse("1953AS . . / .")'
    spanish = 'print(f"{name} toma {card}.")  # el primer turno\nhall = xl.Hall.parse("1953AS . . / .")'
    assert SYNC.masked(english) == SYNC.masked(spanish)
    # the fields of an f-string are code: a translation may reorder them or drop an English
    # plural ending, never bring code of its own
    assert SYNC.agree("f\"{n} card{'s' * (n != 1)} of {who}\"", 'f"{who}のカード{n}枚"')
    assert not SYNC.agree('f"{a} cards"', 'f"{b} cartas"')
    # a card a sentence names is a fact of the code: the same card in every language
    assert not SYNC.agree('ask("May <b>1948AF</b> go there?")', 'ask("¿Puede ir <b>1949EU</b> allí?")')
    assert SYNC.masked("print(1)") != SYNC.masked("print(2)")


def test_a_sentence_split_over_lines_is_one_word():
    one = 'ask(question="May it go "\n             "there?")'
    other = 'ask(question="¿Puede ir allí?")'
    assert SYNC.masked(one) == SYNC.masked(other)


def test_carry_keeps_translated_words_and_brings_new_code_and_changed_words():
    english_then = 'print("Mia takes a card")\nshow(hall, caption="The hall")'
    english_now = 'x = 1\nprint("Mia takes a card")\nshow(hall, caption="Mia\'s hall", size=x)'
    spanish = 'print("Mia toma una carta")\nshow(hall, caption="La sala")'
    code, todo = SYNC.carry(english_now, spanish, SYNC.words(english_then))
    assert code == 'x = 1\nprint("Mia toma una carta")\nshow(hall, caption="Mia\'s hall", size=x)'
    assert todo == ['"Mia\'s hall"']


def test_carry_takes_cards_and_halls_from_english():
    # notation is data the code acts on, never a word to translate
    code, todo = SYNC.carry('IsLegal(h, "1948AF", (1, 3))', 'IsLegal(h, "1949EU", (1, 3))', None)
    assert code == 'IsLegal(h, "1948AF", (1, 3))' and todo == []


# ----------------------------------------------------------------- one term per concept
TERMS_PAGE = ROOT / "docs" / "translating.md"
CATALOG = ROOT / "exhibition_lab" / "ui" / "locale" / "{language}" / "LC_MESSAGES" / "exhibition_lab.po"


def terms_table() -> list[dict[str, str]]:
    """The rows of the terms table of docs/translating.md, keyed by its header."""
    lines = TERMS_PAGE.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("| concept |"))
    header = [cell.strip() for cell in lines[start].strip("|").split("|")]
    rows = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        rows.append(dict(zip(header, (cell.strip() for cell in line.strip("|").split("|")), strict=True)))
    return rows


def language_text(language: str) -> str:
    """What a reader of ``language`` reads: the catalog's translations and the lessons."""
    from babel.messages.pofile import read_po

    with open(str(CATALOG).format(language=language), "rb") as handle:
        catalog = read_po(handle)
    said = []
    for message in catalog:
        if message.id:
            said += list(message.string) if isinstance(message.string, tuple) else [message.string]
    lessons = [path.read_text(encoding="utf-8") for path in sorted((SOURCES / language).glob("*.md"))]
    return "\n".join(said + lessons)


def mentions(text: str, word: str) -> bool:
    # a word stands between non-letters; Japanese writes no spaces, so there a word is a substring
    if not word.isascii() and all(ord(ch) > 0x3000 or not ch.isalpha() for ch in word):
        return word in text
    return re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text) is not None


TERMS = terms_table()
LANGUAGES_WITH_TERMS = [code for code in LANGUAGES if code != DEFAULT_LANGUAGE]


def test_the_terms_table_names_every_concept_in_every_language():
    assert len(TERMS) >= 25
    for row in TERMS:
        for code in LANGUAGES:
            assert row[code] and row[code] != "—", f"{row['concept']}: no {code} term"


@pytest.mark.parametrize("language", LANGUAGES_WITH_TERMS)
def test_one_term_per_concept(language):
    text = language_text(language)
    for row in TERMS:
        forms = [form.strip() for form in row[language].split("/")]
        assert any(mentions(text, form) for form in forms), f"{language}: {row['concept']} never says {forms}"
        avoided = [word.strip() for word in row[f"{language}: not"].split(";") if word.strip() not in ("", "—")]
        used = [word for word in avoided if mentions(text, word)]
        assert not used, f"{language}: {row['concept']} is {row[language]!r}, but the texts also say {used}"


def test_chart_ticks_and_tables_follow_the_decimal_sign():
    import pandas as pd

    import exhibition_lab as xl
    from exhibition_lab.ui.render.plots import _figure

    fig, ax = _figure()
    ax.plot([0, 0.5, 1.25], [0, 1, 2])
    try:
        xl.set_language("es")
        fig._repr_png_()
        assert "0,2" in [t.get_text() for t in ax.get_xticklabels()]
        assert "0,5" in pd.DataFrame({"x": [0.5]}).to_string()
        xl.set_language("en")
        fig._repr_png_()
        assert "0.2" in [t.get_text() for t in ax.get_xticklabels()]
        assert "0.5" in pd.DataFrame({"x": [0.5]}).to_string()
    finally:
        xl.set_language(None)
