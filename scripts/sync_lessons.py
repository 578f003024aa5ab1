"""Carry the code of the English lessons into their translations.

Run from the repository root::

    python scripts/sync_lessons.py                  # every translated lesson
    python scripts/sync_lessons.py 02_scoring_rons_board es/07_coach
    python scripts/sync_lessons.py --check          # change nothing; fail where code differs

A lesson is written once: ``notebooks/src/<name>.md`` holds its code, and a translation
``notebooks/src/<language>/<name>.md`` holds the same code cells, in the same order with the
same options (tags), each equal to the English cell token for token except its *words*: string
literals (f-strings whole) and comments, which the translation writes in its language. This
script rewrites every code cell of a translation from the English cell and puts back the
translation's words where the English word at that place did not change since the last run;
a word that is new or changed in English arrives in English and is listed, to be translated.
Markdown cells (the prose) are never touched.

What the English words were at the last run lies in ``notebooks/src/<language>/synced.json``,
which the script keeps; without an entry it takes the translation's words as translations of
the English words of today.
"""

from __future__ import annotations

import argparse
import ast
import difflib
import io
import json
import re
import sys
import tokenize
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "notebooks" / "src"
sys.path.insert(0, str(ROOT))
from exhibition_lab.core.words import DEFAULT_LANGUAGE, LANGUAGES  # noqa: E402

#: The languages with translated lessons: every language but English's.
TRANSLATED = tuple(code for code in LANGUAGES if code != DEFAULT_LANGUAGE)
RECORD = "synced.json"
WORD = "<word>"  # what a word looks like in a masked token stream
# a card in notation, inside a sentence
CARD = re.compile(r"\b(?:\d{4}(?:OC|SA|AF|AS|EU|NA|W)|EIN)\b")
# a string of cards, years, spots and notation only: the same in every language
DATA = re.compile(r"""(\s*[rbRB]?(["'])[0-9A-Z .,/|:_()\-]*\2)+""")
OPENING = re.compile(r"^(`{3,})\{code-cell\}.*$", re.MULTILINE)
SKIPPED = {tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.ENDMARKER, tokenize.ENCODING}
FSTRING_START = getattr(tokenize, "FSTRING_START", None)  # Python 3.12 splits f-strings
FSTRING_END = getattr(tokenize, "FSTRING_END", None)


@dataclass(frozen=True)
class Piece:
    """A token of a cell's code: ``text`` at ``start``..``end`` (offsets in the cell) and
    whether it is a word a reader reads (a string literal or a comment)."""

    text: str
    start: int
    end: int
    word: bool

    @property
    def masked(self) -> str:
        return WORD if self.word else self.text

    def may_stand_for(self, english: Piece) -> bool:
        """Whether this word may replace ``english``: an f-string's fields are code, so a
        translation uses only fields the English one has (in its own order; a plural ending
        such as ``{'s' * (n != 1)}`` may go)."""
        if set(CARD.findall(self.text)) != set(CARD.findall(english.text)):
            return False  # a question about 1948AF must name 1948AF in every language
        return set(fields_of(self.text)) <= set(fields_of(english.text))

    @property
    def data(self) -> bool:
        """A literal no reader reads as words: cards, halls, positions (``"1953AS"``, ``". . / 1950SA"``)."""
        return self.word and bool(DATA.fullmatch(self.text))


def fields_of(literal: str) -> list[str]:
    """The code inside an f-string's fields (``f"{a + 1} cards"`` -> ``["a + 1"]``): it is code,
    shared by every language, while the words around the fields are not."""
    if literal.startswith("#") or "{" not in literal:
        return []
    try:
        tree = ast.parse(f"({literal})", mode="eval").body
    except SyntaxError:
        return []
    if not isinstance(tree, ast.JoinedStr):
        return []
    return [ast.unparse(part.value) for part in ast.walk(tree) if isinstance(part, ast.FormattedValue)]


def pieces(code: str) -> list[Piece]:
    """The tokens of ``code`` that matter for comparing two cells: no layout tokens, each
    string literal (an f-string with its fields) and each comment one word."""
    offsets = [0]
    for line in code.splitlines(keepends=True):
        offsets.append(offsets[-1] + len(line))

    def at(position: tuple[int, int]) -> int:
        return offsets[position[0] - 1] + position[1]

    found: list[Piece] = []
    depth, opened = 0, 0
    tokens = tokenize.generate_tokens(io.StringIO(code).readline)
    try:
        for token in tokens:
            if token.type in SKIPPED:
                continue
            if FSTRING_START is not None and token.type == FSTRING_START:
                depth += 1
                if depth == 1:
                    opened = at(token.start)
                continue
            if depth:
                if token.type == FSTRING_END:
                    depth -= 1
                    if depth == 0:
                        end = at(token.end)
                        found.append(Piece(code[opened:end], opened, end, True))
                continue
            start, end = at(token.start), at(token.end)
            if token.type == tokenize.STRING and found and found[-1].word and found[-1].text[:1] != "#":
                # adjacent literals are one sentence split over lines: a translation splits it elsewhere
                start = found.pop().start
            word = token.type in (tokenize.STRING, tokenize.COMMENT)
            found.append(Piece(code[start:end], start, end, word))
    except (tokenize.TokenError, IndentationError) as error:
        raise ValueError(f"cannot read the code {code[:60]!r}: {error}") from error
    return found


def masked(code: str) -> list[str]:
    """The cell's code as a reader of another language shares it: every token, words masked."""
    return [piece.masked for piece in pieces(code)]


def agree(english: str, translation: str) -> bool:
    """Whether ``translation`` is the code ``english`` but for its words."""
    ours, theirs = pieces(english), pieces(translation)
    if [p.masked for p in ours] != [p.masked for p in theirs]:
        return False
    return all(their.may_stand_for(mine) for mine, their in zip(ours, theirs, strict=True) if mine.word)


def words(code: str) -> list[str]:
    return [piece.text for piece in pieces(code) if piece.word]


@dataclass
class Cell:
    """A code cell of a MyST source: its whole block (fences and options) and its code."""

    block: str
    code: str
    start: int
    end: int

    @property
    def options(self) -> str:
        return self.block[: len(self.block) - len(self.code) - len(self.fence) - 1]

    @property
    def fence(self) -> str:
        return self.block[self.block.rfind("\n") + 1 :]


def code_cells(text: str) -> list[Cell]:
    """The code cells of a MyST source, in order, as written in it."""
    cells = []
    for opening in OPENING.finditer(text):
        fence = opening.group(1)
        closing = re.compile(rf"^{fence}\s*$", re.MULTILINE).search(text, opening.end())
        if closing is None:
            raise ValueError(f"a code cell opened at offset {opening.start()} is never closed")
        block = text[opening.start() : closing.start() + len(fence)]
        rest = block.partition("\n")[2]
        body = rest[: -len(fence)]
        # options: ":key: value" lines up to a blank line, or a --- YAML --- block
        lines = body.split("\n")
        skip = 0
        if lines and lines[0] == "---":
            skip = lines.index("---", 1) + 1
        elif lines and lines[0].startswith(":"):
            while skip < len(lines) and lines[skip].startswith(":"):
                skip += 1
        if skip and skip < len(lines) and lines[skip] == "":
            skip += 1
        code = "\n".join(lines[skip:])
        code = code[:-1] if code.endswith("\n") else code
        cells.append(Cell(block, code, opening.start(), closing.start() + len(fence)))
    return cells


def carry(english: str, translation: str, before: list[str] | None) -> tuple[str, list[str]]:
    """The English cell's code with the translation's words where they stand for the same
    English word as at the last run (``before``: the English words then; ``None``: unknown,
    take the translation as it stands); returns the code and the English words left to translate."""
    ours, theirs = pieces(english), pieces(translation)
    chosen: dict[int, str] = {}
    matcher = difflib.SequenceMatcher(None, [p.masked for p in ours], [p.masked for p in theirs], autojunk=False)
    for block in matcher.get_matching_blocks():
        for k in range(block.size):
            mine, their = ours[block.a + k], theirs[block.b + k]
            if mine.word and not mine.data and their.may_stand_for(mine):
                chosen[block.a + k] = their.text
    english_words = [i for i, p in enumerate(ours) if p.word]
    if before is not None and len(before) == len(english_words):
        for number, index in enumerate(english_words):
            if before[number] != ours[index].text:
                chosen.pop(index, None)  # the English word changed: translate it again
    todo = [ours[i].text for i in english_words if i not in chosen and not ours[i].data]
    out, last = [], 0
    for index in english_words:
        piece = ours[index]
        out += [english[last : piece.start], chosen.get(index, piece.text)]
        last = piece.end
    out.append(english[last:])
    return "".join(out), todo


def translated_lessons(names: list[str]) -> list[tuple[str, str]]:
    """``(language, name)`` of the translations asked for (``02_x`` means every language's)."""
    found = []
    for argument in names or ["*"]:
        path = Path(argument)
        language = path.parent.name if path.parent.name in TRANSLATED else None
        for code in [language] if language else TRANSLATED:
            for source in sorted((SOURCES / code).glob(f"{path.stem}.md")):
                found.append((code, source.stem))
    return found


def sync(language: str, name: str, *, write: bool = True) -> tuple[bool, list[str]]:
    """Rewrite the code of ``notebooks/src/<language>/<name>.md`` from the English lesson.
    Returns whether its code changed and what is left to translate (one line each)."""
    source = SOURCES / language / f"{name}.md"
    text = source.read_text(encoding="utf-8")
    english = code_cells((SOURCES / f"{name}.md").read_text(encoding="utf-8"))
    ours = code_cells(text)
    record_path = SOURCES / language / RECORD
    record = json.loads(record_path.read_text(encoding="utf-8")) if record_path.exists() else {}
    before = record.get(name)
    notes: list[str] = []
    # pair the cells: the same code (words aside) first, the rest in order
    matcher = difflib.SequenceMatcher(
        None, [tuple(masked(c.code)) for c in english], [tuple(masked(c.code)) for c in ours], autojunk=False
    )
    pairs: dict[int, int] = {}
    for tag, a0, a1, b0, b1 in matcher.get_opcodes():
        if tag in ("equal", "replace"):
            for k in range(min(a1 - a0, b1 - b0)):
                pairs[a0 + k] = b0 + k
    blocks: dict[int, str] = {}  # translation cell index -> new block ("" removes it)
    inserted: dict[int, list[str]] = {}  # after translation cell index (-1: before the first)
    last_paired = -1
    for index, cell in enumerate(english):
        previous = before[index] if before and len(before) == len(english) else None
        if index in pairs:
            theirs = ours[pairs[index]]
            code, todo = carry(cell.code, theirs.code, previous)
            blocks[pairs[index]] = cell.options + code + "\n" + cell.fence
            last_paired = pairs[index]
        else:
            code, todo = cell.code, words(cell.code)
            inserted.setdefault(last_paired, []).append(cell.block)
            notes.append(f"{language}/{name}: code cell {index + 1} is new: write the words around it")
        notes += [f"{language}/{name}: code cell {index + 1}: translate {word}" for word in todo]
    for index in range(len(ours)):
        if index not in pairs.values():
            blocks[index] = ""
            notes.append(f"{language}/{name}: code cell {index + 1} of the translation is gone from English")
    out, last = [], 0
    for extra in inserted.get(-1, []):
        out.append(extra + "\n\n")
    for index, cell in enumerate(ours):
        out.append(text[last : cell.start])
        out.append(blocks[index])
        last = cell.end
        for extra in inserted.get(index, []):
            out.append("\n\n" + extra)
    out.append(text[last:])
    new = "".join(out)
    if not ours:  # a translation without code yet: the English code follows its prose
        new = text.rstrip("\n") + "\n\n" + "\n\n".join(cell.block for cell in english) + "\n"
    changed = new != text
    if write:
        if changed:
            source.write_text(new, encoding="utf-8")
        record[name] = [words(cell.code) for cell in english]
        dumped = json.dumps(record, ensure_ascii=False, indent=1, sort_keys=True)
        record_path.write_text(dumped + "\n", encoding="utf-8")
    return changed, notes


def differences(language: str, name: str) -> list[str]:
    """Where a translation's code is not the English code (words aside), one line each."""
    english = code_cells((SOURCES / f"{name}.md").read_text(encoding="utf-8"))
    ours = code_cells((SOURCES / language / f"{name}.md").read_text(encoding="utf-8"))
    found = []
    if len(english) != len(ours):
        found.append(f"{language}/{name}: {len(ours)} code cells, English has {len(english)}")
    for number, (mine, theirs) in enumerate(zip(english, ours, strict=False), 1):
        if mine.options.split("\n", 1)[1:] != theirs.options.split("\n", 1)[1:]:
            found.append(f"{language}/{name}, code cell {number}: options differ from English")
        a, b = masked(mine.code), masked(theirs.code)
        if a == b and not agree(mine.code, theirs.code):
            found.append(f"{language}/{name}, code cell {number}: an f-string uses code the English one does not")
        elif a != b:
            diff = [line for line in difflib.unified_diff(a, b, lineterm="", n=1) if line[:1] in "+-"][2:8]
            found.append(f"{language}/{name}, code cell {number}: code differs from English: {' '.join(diff)}")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="lessons (02_x: every language's; es/02_x: one)")
    parser.add_argument("--check", action="store_true", help="change nothing; list code that differs")
    args = parser.parse_args(argv)
    lessons = translated_lessons(args.names)
    if args.check:
        found = [line for language, name in lessons for line in differences(language, name)]
        print("\n".join(found) or f"{len(lessons)} translated lessons carry the English code")
        return 1 if found else 0
    for language, name in lessons:
        changed, notes = sync(language, name)
        print(f"{language}/{name}: {'code carried from English' if changed else 'up to date'}")
        for note in notes:
            print("  " + note)
    return 0


if __name__ == "__main__":
    sys.exit(main())
