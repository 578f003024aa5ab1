"""Error classes: bad arguments are ValueErrors; messages citing a rule carry .rule."""

from __future__ import annotations

import re

import pytest

import exhibition_lab as xl
from exhibition_lab.games.exhibition.agents import make_bot
from exhibition_lab.games.exhibition.rules.layout import unique_decades_range
from exhibition_lab.simulate import simulate


@pytest.mark.parametrize(
    ("call", "fragment"),
    [
        (lambda: make_bot("chess"), "unknown bot"),
        (lambda: xl.Game.new(2, seed=1).hall(7), "no seat 7"),
        (lambda: xl.Game.new(["Ann", "Bob"], seed=1).hall("Cy"), "no player named 'Cy'"),
        (lambda: xl.Layout.base().with_variations("nope"), "unknown variation"),
        (lambda: simulate(1, ["random"], engine="turbo", progress=False), "engine is"),
        (lambda: simulate(0, ["random"], progress=False), "at least one game"),
        (lambda: xl.load_example("no-such-example"), "no example"),
    ],
)
def test_argument_errors_are_value_errors(call, fragment):
    with pytest.raises(xl.ArgumentError, match=fragment) as err:
        call()
    assert isinstance(err.value, ValueError) and isinstance(err.value, xl.ExhibitionLabError)


@pytest.mark.parametrize(
    ("call", "rule"),
    [
        (lambda: xl.Game.new(6, seed=1), "R4"),
        (lambda: unique_decades_range(0), "R4"),
        (lambda: xl.Layout.base().with_variations("links", "links_strict"), "D9"),
        (lambda: xl.Card.parse("1899NA"), "R2"),
        (lambda: xl.Hall.parse("1950EU . . . . . / . . . . / . / . . . / 1950AS ."), "R2"),
    ],
)
def test_messages_that_cite_a_rule_carry_it(call, rule):
    with pytest.raises(xl.ExhibitionLabError) as err:
        call()
    assert re.search(rf"\b{rule}\b", str(err.value))
    assert err.value.rule == rule


def test_argument_error_is_exported_and_plain_errors_have_no_rule():
    assert xl.ArgumentError.__mro__[1:3] == (xl.ExhibitionLabError, ValueError)
    assert xl.ExhibitionLabError("state").rule is None


def test_no_raise_in_the_package_cites_a_rule_without_rule_keyword():
    """Static check: a raise whose literal message names a rule id passes ``rule=``."""
    import ast
    from pathlib import Path

    rule_id = re.compile(r"\b[RVSDT]\d+[a-z]?\b")
    package = Path(xl.__file__).parent
    missing = []
    for path in sorted(package.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and node.exc.args:
                message = ast.get_source_segment(source, node.exc.args[0]) or ""
                if rule_id.search(message) and "rule" not in {k.arg for k in node.exc.keywords}:
                    missing.append(f"{path.name}:{node.lineno}")
    assert missing == []
