"""The engine's records print through words given explicitly: each ui.text module that words
them lists its sentences in a ``WORDS`` table, importing it changes nothing, and the package's
``__init__`` hands the tables over in one call. ``str(hint)`` and a review's summary read as
the coach's words module says, in every language (R7–R10 decisions, S2 solo thresholds)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import exhibition_lab as xl
from exhibition_lab import coach
from exhibition_lab.core import words as core_words
from exhibition_lab.ui.text import coach_words, names, score, timeline

PACKAGE = Path(xl.__file__).parent
TABLES = (names.WORDS, score.WORDS, timeline.WORDS, coach_words.WORDS)


def test_every_word_the_engine_asks_for_comes_from_a_ui_table():
    given = {key: teller for table in TABLES for key, teller in table.items()}
    assert all(core_words._TELLERS[key] is teller for key, teller in given.items())
    # anything else is a type of the tests' own (the doctest of use_words defines one)
    engine_types = {key for key in core_words._TELLERS if key[0].__module__.startswith("exhibition_lab.")}
    assert engine_types - set(given) <= {key for key in engine_types if key[0].__module__ == core_words.__name__}


def test_only_the_package_init_hands_words_to_the_engine():
    """No module fills the table as a side effect of being imported: ``use_words`` is called in
    the package's ``__init__`` and nowhere else, and no decorator registers words."""
    callers = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
                if name in {"use_words", "tells"}:
                    callers.append(str(path.relative_to(PACKAGE)))
    assert callers == ["__init__.py"]
    assert not hasattr(core_words, "tells")


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_hint_and_a_review_print_the_coachs_words(speak, language):
    speak(language)
    game = xl.Game.new(1, seed=3)
    hint = coach.hint(game, playouts=8, seed=1)
    assert str(hint) == coach_words.hint_words(hint)
    assert str(hint).startswith({"en": "Best: take ", "es": "Mejor jugada: tomá "}[language])
    for _ in range(6):
        game.apply(game.legal_actions()[0])
    review = coach.review(game, 0, playouts=4, candidates=2, seed=2)
    assert review.summary() == coach_words.review_summary(review)
    assert review.table() == coach_words.review_table(review)
