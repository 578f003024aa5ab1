"""The array engine stands on the rules alone: it imports only core and the rules' modules
(never the scalar wrapper — Game, the notation, save files, bots, the coach — nor ui),
restates no rule number and spells no goal key."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import exhibition_lab as xl
from exhibition_lab.games.exhibition import arrays
from exhibition_lab.games.exhibition.arrays.state import BatchGames
from exhibition_lab.games.exhibition.rules.goals import GOALS
from tests.helpers.imports import ARRAY_ENGINE_READS, NAME, VECTORISED_GAMES, VECTORISED_GAMES_ALSO_READ

ARRAYS = Path(arrays.__file__).parent
PACKAGE = Path(xl.__file__).parent
ALLOWED = tuple(f"{NAME}.{folder}" for folder in ARRAY_ENGINE_READS)
FOR_VECTOR = tuple(f"{NAME}.{folder}" for folder in VECTORISED_GAMES_ALSO_READ)


def modules() -> dict[str, Path]:
    return {path.stem: path for path in sorted(ARRAYS.glob("*.py"))}


def imports_of(path: Path, source: str | None = None) -> set[str]:
    """Every module ``path`` (or ``source`` written at that path) imports, at load time or
    lazily inside a function."""
    package = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts[:-1])
    found = set()
    for node in ast.walk(ast.parse(source if source is not None else path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                source = node.module or ""
            else:
                parts = package.split(".")
                base = parts[: len(parts) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            found |= {source} | {f"{source}.{alias.name}" for alias in node.names}
    return found


def test_the_array_engine_imports_nothing_from_the_scalar_wrapper():
    assert set(modules()) >= {"__init__", "tables", "state", "masks", "engine", "policies", "scoring", "solo"}
    wrong = []
    for name, path in modules().items():
        for target in imports_of(path):
            ours = target.split(".")[0] == "exhibition_lab"
            allowed = ALLOWED + FOR_VECTOR if name in VECTORISED_GAMES else ALLOWED
            if ours and not any(target == p or target.startswith(p + ".") for p in allowed):
                wrong.append(f"arrays/{name}.py → {target}")
    assert wrong == []


def test_the_checker_sees_a_scalar_import():
    # the check above can fail: an import of the scalar wrapper, even a lazy one, is found
    engine = ARRAYS / "engine.py"
    assert "exhibition_lab.games.exhibition.rules.turns" in imports_of(engine)
    lazy = "def f():\n    from ..game import Game\n"
    assert "exhibition_lab.games.exhibition.game.Game" in imports_of(engine, lazy)


def test_no_array_module_restates_a_rule_number():
    # One source of rule facts: sizes, years and scales come from the rules' modules, so
    # none of these numbers may appear in the engine as a literal.
    rule_facts = {1900, 1999, 1950, 1945, 2000, 18, 101, 100, 16, 6, 5, 20, 10}
    for name, path in modules().items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        numbers = {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and type(n.value) in (int, float)}
        assert not numbers & rule_facts, (name, numbers & rule_facts)


def test_no_array_module_spells_a_goal_key():
    # the goals' keys come from their records; a state field of the same name ("depot",
    # the Depot's cards) names an attribute, not the goal
    fields = {f.name for f in dataclasses.fields(BatchGames)}
    keys = {goal.key for goal in GOALS} - fields
    for name, path in modules().items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        strings = {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)}
        assert not strings & keys, (name, strings & keys)
