"""Words and styles live at home: a sentence a player reads is written in ``ui/text`` (or is
a message id marked with ``N_`` where data carries it), and a fixed style is a rule of the
stylesheet, ``ui/render/exlab.css``. Checked from the source of every other module.

The heuristics, and why they are enough to catch a sentence slipping out of its home:

- A *sentence* is a string literal (an f-string read whole, its fields as blanks) whose first
  word is capitalised and which has a lowercase word after it: ``"Game over"``,
  ``f"Round {n}: {name} to take"``. Names (``"Albert Einstein"``, font families), single
  words (``"You"``, a message id's key) and notation do not look like that.
- Not counted: docstrings; message ids (``N_``, ``_``, ``ngettext``, ``pgettext``); errors and
  warnings (an exception's or a warning's message, an ``assert``'s), which the package writes in
  English for programmers, with the rule id.
- An *inline style* is a ``style="…"`` attribute whose value is written out in full. A style
  whose value is computed (a card's colour, a width) is data and may stand inline.
"""

from __future__ import annotations

import ast
import re

import pytest

from tests.helpers.imports import modules

#: Modules outside ``ui/text`` allowed their English, with the reason. Keys are dotted module
#: names; values the start of each allowed text ("" allows the whole module).
ALLOWED = {
    # the docstring a moved module path answers with: for programmers, like an error
    "exhibition_lab._moved": ("Moved: import from",),
    # the template of the error a wrong player count raises (T1)
    "exhibition_lab.games.timeline.rules": ("Timeline has 1 (practice) to",),
    # OpenSpiel's registry of games: long names that programs list, not sentences a player reads
    "exhibition_lab.adapters.openspiel_timeline": ("Timeline with the Exhibition deck",),
    # the command line: its help and its reports are read in a terminal, before any language is chosen
    "exhibition_lab.ui.cli": ("",),
}

MESSAGE_MARKERS = {"N_", "_", "ngettext", "pgettext", "warn"}
FIXED_STYLE = re.compile(r"""\bstyle\s*=\s*(['"])[^'"{}]*\1""")


def is_sentence(text: str) -> bool:
    words = re.sub(r"<[^>]*>", " ", re.sub(r"\{[^}]*\}", " ", text)).split()
    return (
        bool(words)
        and re.fullmatch(r"[A-Z][a-z]+[:,.!?]?", words[0]) is not None
        and any(re.fullmatch(r"[a-z]{2,}[:,.!?]?", word) for word in words[1:])
    )


def _exempt(tree: ast.AST) -> set[int]:
    """The nodes whose strings are not a player's words: docstrings, message ids, errors."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, (ast.Constant, ast.JoinedStr)):
                skip.update(id(n) for n in ast.walk(first.value))
        if isinstance(node, ast.Raise) and node.exc is not None:
            skip.update(id(n) for n in ast.walk(node.exc))
        if isinstance(node, ast.Assert) and node.msg is not None:
            skip.update(id(n) for n in ast.walk(node.msg))
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name in MESSAGE_MARKERS or name.endswith(("Error", "Exception", "Warning")):
                skip.update(id(n) for n in ast.walk(node))
    return skip


def stray_words(source: str) -> list[tuple[int, str]]:
    """The sentences and fixed inline styles of a module's source, with their lines."""
    tree = ast.parse(source)
    skip = _exempt(tree)
    found = []
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.JoinedStr):
            skip.update(id(part) for part in ast.walk(node) if part is not node)
            text = "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
        else:
            continue
        if is_sentence(str(text)) or FIXED_STYLE.search(str(text)):
            found.append((node.lineno, str(text)))
    return found


def test_the_heuristics_catch_a_stray_sentence_and_a_fixed_style():
    source = (
        '"""A docstring: it may say anything."""\n'
        'status = "Game over"\n'
        'line = f"Round {n}: {name} to take"\n'
        "box = \"<div style='margin:4px 0'>\"\n"
        "band = f\"<div style='background:{colour}'>\"\n"
        'ok = [N_("Years Gap is scored"), "Albert Einstein", "You", "take 1969NA"]\n'
        'raise ArgumentError("a game has 1 to 5 players")\n'
    )
    assert [text for _, text in stray_words(source)] == [
        "Game over",
        "Round {}: {} to take",
        "<div style='margin:4px 0'>",
    ]


@pytest.mark.parametrize("name", [n for n in modules() if not n.startswith("exhibition_lab.ui.text")])
def test_no_sentence_or_fixed_style_outside_the_words_and_the_stylesheet(name):
    allowed = ALLOWED.get(name, ())
    path = modules()[name]
    stray = [
        f"{path.name}:{line}: {text[:80]!r}"
        for line, text in stray_words(path.read_text(encoding="utf-8"))
        if not any(text.startswith(start) for start in allowed)
    ]
    assert stray == []


def test_the_mid_century_sentences_quote_the_year_and_the_readings_from_their_records(monkeypatch):
    """S6, D11, R26: change the record and every sentence says the new number; none restates it."""
    from exhibition_lab.games.exhibition.rules import scoring
    from exhibition_lab.ui.text import charts, score, whatif

    for module in (scoring, score, charts, whatif):
        monkeypatch.setattr(module, "MID_CENTURY_YEAR", 1961)
    harsh = scoring.SoloRules()
    said = [
        score.goal_hover("mid_century", solo=False),
        score.empty_mid_century_note("−9,900"),
        charts.reading_title("harsh", harsh.base, harsh.per_year),
        whatif.reading_note(harsh),
    ]
    assert all("1961" in text and "1950" not in text for text in said), said
    assert f"{harsh.empty_distance} years away" in said[1] and f"+{harsh.base}." in said[1]


def test_the_ranked_goals_hovers_quote_the_rank_points_and_the_spot_count(monkeypatch):
    """R19, R20, V5, V6, R24: the hovers name the points of each rank and the hall's spots from
    the records; changed records change every hover, in every language."""
    import exhibition_lab as xl
    from exhibition_lab.ui.text import score

    monkeypatch.setattr(score, "RANK_POINTS", (7, 3, 2))
    for language in ("en", "es", "ja"):
        xl.set_language(language)
        try:
            hovers = {key: score.goal_hover(key, solo=False) for key in ("six_continents", "years_gap", "short_era")}
        finally:
            xl.set_language("en")
        numbers = {key: re.sub(r"[RV]\d+", "", text) for key, text in hovers.items()}  # rule ids aside
        assert all("7" in text and "5" not in text for text in numbers.values()), hovers
    assert "7, 3, 2 fame points" in score.goal_hover("six_continents", solo=False)
    assert "gets 7, the next 3 … 2" in score.goal_hover("years_gap", solo=False)
