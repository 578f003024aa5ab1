"""tests set up positions through the public API (the position notation, Game.new,
Hall.parse), never by writing an engine object's private attributes."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).parent  # every test file, in every folder


def private_assignments(source: str) -> list[tuple[int, str]]:
    """``obj._name = …`` (or ``+=``) where ``obj`` is not ``self``/``cls``: line and text."""
    found = []
    for node in ast.walk(ast.parse(source)):
        targets = node.targets if isinstance(node, ast.Assign) else [getattr(node, "target", None)]
        if not isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            continue
        for target in targets:
            if (
                isinstance(target, ast.Attribute)
                and target.attr.startswith("_")
                and not target.attr.startswith("__")
                and not (isinstance(target.value, ast.Name) and target.value.id in {"self", "cls"})
            ):
                found.append((node.lineno, ast.unparse(target)))
    return found


def test_the_checker_finds_a_private_assignment():
    assert private_assignments("game._state = game._state._replace(round=3)") == [(1, "game._state")]
    assert private_assignments("self._x = 1\ngame.round = 2\nsettings.LIMIT = 1") == []


def test_no_test_assigns_a_private_attribute():
    offenders = [
        f"{path.relative_to(TESTS)}:{line}: {text}"
        for path in sorted(TESTS.rglob("*.py"))
        for line, text in private_assignments(path.read_text(encoding="utf-8"))
    ]
    assert not offenders, "tests write private state:\n" + "\n".join(offenders)
