"""Comments say why, in the game's language — never how the work was organised.

A comment or docstring that points at a usability report, a ticket number or a working
round tells the next reader nothing about the game; the rule a comment serves does. This test
reads every source file of the package, its tests, benchmarks and scripts (Python, CSS,
JavaScript) and fails on such a citation; the examples it checks its pattern on are below.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import exhibition_lab as xl

PACKAGE = Path(xl.__file__).parent
PROCESS_HISTORY = re.compile(
    r"\bux (report|round)|\bissue #?\d|\breport \d|\bround two\b|\busability round\b|\breview pass\b", re.IGNORECASE
)
SOURCES = ("*.py", "*.css", "*.js")


def process_citations(text: str) -> list[str]:
    """The lines of ``text`` that cite how the work was organised, stripped."""
    return [line.strip() for line in text.splitlines() if PROCESS_HISTORY.search(line)]


# The citations are put together from their words here, so that this file holds none of
# the lines it forbids and is read like every other source file.
@pytest.mark.parametrize(
    ("template", "words", "cites"),
    [
        ("# one line a label ({})", ("ux", "report", "2"), True),
        ("/* the board jumped ({}: status box) */", ("UX", "report"), True),
        ('"""{}, item 4: one renderer per thing."""', ("Issue", "18"), True),
        ("# as the second {}", ("usability", "round"), True),
        ("# {} of the refactor", ("Round", "two"), True),
        ('status = f"Round {{game.round}} — {{player}} to play"', (), False),  # the game's rounds
        ("# R26: the tiebreaker decides a tie in the last round", (), False),
        ("# a report of the final scores", (), False),
    ],
)
def test_the_pattern_tells_process_history_from_the_game(template, words, cites):
    line = template.format(" ".join(words))
    assert bool(process_citations(line)) is cites


#: The package, its tests, benchmarks and scripts (this file too).
FOLDERS = [PACKAGE, *(PACKAGE.parent / name for name in ("tests", "benchmarks", "scripts"))]


def test_no_source_file_cites_how_the_work_was_organised():
    found = {}
    for folder in FOLDERS:
        for pattern in SOURCES:
            for path in folder.rglob(pattern):
                cited = process_citations(path.read_text(encoding="utf-8"))
                if cited:
                    found[str(path.relative_to(PACKAGE.parent))] = cited
    assert found == {}
