"""A refusal is data (the rule, the cards and spots, the measured value and the limit) and the
ui words it from those facts alone: no rule is checked a second time to find what to say,
and every number a sentence quotes is read from the record that holds it (R14, V2, V3, S6).
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import re
from pathlib import Path

import numpy as np
import pytest

import exhibition_lab as xl
from exhibition_lab.games.exhibition.rules import goals, hall, layout
from exhibition_lab.games.exhibition.rules.layout import VARIATIONS, Layout, ShowcaseKind
from exhibition_lab.ui.text import explain
from exhibition_lab.ui.text.explain import fits_nowhere_in_words, placement_in_words, refusal_in_words
from exhibition_lab.ui.text.rules import rule_sentence
from exhibition_lab.ui.text.score import goal_hover
from exhibition_lab.ui.text.setup import variation_line

C = xl.Card.parse
EXPLAIN = Path(explain.__file__)
#: What a showcase is called and where it lies; every other field of ShowcaseKind is a
#: requirement the hall checker reads, which the words must take from a Problem instead.
NAMING_FIELDS = {"key", "name", "size", "rule", "covers", "scoring", "line"}
REQUIREMENTS = {f.name for f in dataclasses.fields(ShowcaseKind)} - NAMING_FIELDS
#: The Hall methods that decide a refusal; the words may ask for the facts once, never again.
DECIDING = {"why_not", "legal_spots", "is_legal", "check", "place", "problem"}


def test_the_words_import_no_check_and_read_no_requirement():
    """The criterion: from the games layer the words module imports only types and records
    (classes and constants, never a function that checks), reads no requirement of a
    showcase (R14's step, V3's years …) and calls no deciding method of a hall."""
    tree = ast.parse(EXPLAIN.read_text())
    functions = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level and "games" in (node.module or ""):
            module = __import__(f"exhibition_lab.{node.module.lstrip('.')}", fromlist=["_"])
            functions += [a.name for a in node.names if inspect.isroutine(getattr(module, a.name))]
    requirements = sorted({n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute) and n.attr in REQUIREMENTS})
    calls = sorted(
        {
            n.func.attr
            for n in ast.walk(tree)
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in DECIDING
        }
    )
    assert (functions, requirements, calls) == ([], [], [])


def test_the_criterion_catches_a_sentence_that_checks_again():
    tree = ast.parse("def f(kind, hall):\n    return kind.max_step, hall.legal_spots(card)\n")
    assert {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)} & (REQUIREMENTS | DECIDING) == {
        "max_step",
        "legal_spots",
    }


def _refusals(variation: str | None, seed: int) -> list[tuple[xl.Problem, Layout]]:
    base = Layout.base() if variation is None else Layout.base().with_variations(variation)
    game = xl.Game.new(["Ann", "Bob"], seed=seed, layout=base)
    rng = np.random.default_rng(seed)
    found = []
    while not game.is_over:
        if game.phase is xl.Phase.PLACE:
            board = game.hall(game.current)
            for (s, i), _card in board.iter_spots():
                problem = board.placement_problem(game.hand, s, i, game.others(), players=2)
                if problem is not None:
                    found.append((problem, board.layout))
            for s in range(len(board.layout)):
                problem = board.showcase_refusal(game.hand, s, game.others(), players=2)
                if problem is not None:
                    found.append((problem, board.layout))
        actions = game.legal_actions()
        game.apply(actions[rng.integers(len(actions))])
    return found


@pytest.mark.parametrize("language", ["en", "es", "ja"])
def test_refusals_are_worded_with_every_check_switched_off(monkeypatch, speak, language):
    """Word the refusals of played games, then break every check of the hall and word them
    again: the words cannot change, since they come from the facts alone."""
    refusals = []
    for variation, seed in ((None, 5), ("links", 6), ("spread_the_years", 7), ("unique_decades", 8)):
        refusals += _refusals(variation, seed)
    assert len({p.rule for p, _ in refusals}) >= 7
    speak(language)
    before = [refusal_in_words(problem, where) for problem, where in refusals]

    def broken(*args: object, **kwargs: object) -> None:
        raise AssertionError("a rule was checked again to word a refusal")

    for name in ("showcase_problem", "einstein_years", "unique_decades_range", "_context"):
        monkeypatch.setattr(hall, name, broken)
    monkeypatch.setattr(hall, "_SHOWCASE_CHECKS", (broken,))
    monkeypatch.setattr(layout, "unique_decades_range", broken)
    for method in (*DECIDING, "placement_problem", "showcase_refusal"):
        monkeypatch.setattr(hall.Hall, method, broken)
    after = [refusal_in_words(problem, where) for problem, where in refusals]
    assert after == before
    assert all(plain.words and plain.rule == problem.rule for plain, (problem, _) in zip(after, refusals))


def test_a_refusal_carries_its_facts_into_the_error():
    board = xl.Hall.parse(". . . . . . / 1920AS . . . / . / . . . / . .")
    with pytest.raises(xl.IllegalAction) as refused:
        board.place(C("1941AF"), 1, 2)
    facts = refused.value.facts
    assert isinstance(facts, xl.Problem)
    assert (facts.rule, facts.cards, facts.spots, facts.value, facts.limit) == (
        "R14",
        (C("1920AS"), C("1941AF")),
        (0, 2),
        21,
        20,
    )
    assert (facts.placed, facts.showcase, facts.spot) == (C("1941AF"), 1, 2)
    with pytest.raises(xl.IllegalHall) as broken:
        xl.Hall.parse("1950EU 1940AS . . . . / . . . . / . / . . . / . .")
    assert broken.value.facts.cards == (C("1950EU"), C("1940AS")) and broken.value.facts.showcase == 0


def test_the_numbers_said_are_the_records_numbers():
    """A showcase with other limits than the rules' is described with its own numbers: the
    sentences quote the records (V3's years, V2's and R14's steps), never a copy."""
    wider = dataclasses.replace(VARIATIONS["links"], link_years=7)
    slower = dataclasses.replace(layout.ONE_ERA, max_step=12)
    custom = Layout((wider, slower, *Layout.base().showcases[2:]))
    board = xl.Hall(custom)
    board = board.with_card(C("1920AS"), 0, 0).with_card(C("1920AS"), 1, 0)
    links = placement_in_words(board, C("1930AF"), 0, 1)
    assert links is not None and "within 7 years" in links.words
    era = placement_in_words(board, C("1933AF"), 1, 1)
    assert era is not None and era.words.endswith("at most 12")
    assert (
        "within 5 years"
        in placement_in_words(
            xl.Hall.parse("1920AS . . . . . / . . . . / . / . . . / . .", Layout.base().with_variations("links")),
            C("1930AF"),
            0,
            1,
        ).words
    )


def test_no_rule_sentence_or_solo_hover_restates_a_number(speak):
    """R3, R14, V2, V3 and the solo goals quote their numbers by name; the words fill them in."""
    ids = re.compile(r"\b[RSVDT]\d+[a-z]?\b")
    for record in goals.RULES:
        assert not re.search(r"\d", record.sentence), record.sentence
    for kind in VARIATIONS.values():
        assert kind.line is None or not re.search(r"\d", kind.line), kind.line
    for record in goals.GOALS:
        if record.solo_hover is not None:
            text = ids.sub("", record.solo_hover.replace(record.label, ""))
            assert not re.search(r"[1-9]", text), record.solo_hover  # "0 until …" is no rule's number
    assert "at most 10 years apart" in rule_sentence("R14")
    assert "within 5 years" in variation_line("links")
    assert "+100 minus 200 points" in goal_hover("mid_century", solo=True)
    assert "= −9,900" in goal_hover("mid_century", solo=True)  # grouped like every score
    speak("ja")
    assert "5年" in rule_sentence("V3") and "{" not in rule_sentence("V3")


def test_fits_nowhere_words_come_from_the_showcase_refusal():
    board = xl.Hall.parse("1900SA 1932AF 1964EU . . . / . . . . / . / . . . / . .")
    problem = board.showcase_refusal(C("1950NA"), 0)
    assert problem is not None and problem.case == "no_spot_between"
    assert dict(fits_nowhere_in_words(board, C("1950NA")))["General"] == refusal_in_words(problem, board.layout)
