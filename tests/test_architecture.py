"""The package's shape, checked from its source: layers as folders, no import cycle (lazy
imports included), each layer importing only downwards, the array engine independent of the
scalar wrapper, each goal spelled only in its record, each label written once (the package
map of ``docs/architecture.md`` is checked with the docs, tests/test_docs.py)."""

from __future__ import annotations

import ast

import pytest

import exhibition_lab as xl
from exhibition_lab._public import PUBLIC_MODULES
from exhibition_lab.games.exhibition.rules.goals import GOALS
from tests.helpers.imports import (
    ARRAY_ENGINE_READS,
    NAME,
    PACKAGE,
    VECTORISED_GAMES,
    VECTORISED_GAMES_ALSO_READ,
    find_cycle,
    imports_of,
    modules,
)
from tests.helpers.imports import graph as import_graph


def graph() -> dict[str, set[str]]:
    """Every import that can run, lazy ones included (type-only imports never load)."""
    return import_graph(lazy=True)


def under(name: str, folder: str) -> bool:
    prefix = f"{NAME}.{folder}"
    return name == prefix or name.startswith(prefix + ".")


def test_the_graph_sees_lazy_imports_and_skips_type_only_ones(tmp_path):
    source = (
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .b import X\ndef f():\n    from .c import Y\n"
    )
    path = tmp_path / "a.py"
    path.write_text(source)
    assert imports_of(path, {"pkg.a", "pkg.b", "pkg.c"}, lazy=True, name="pkg.a") == {"pkg.c"}


def test_no_import_cycle_at_all():
    assert find_cycle(graph()) is None


def test_core_imports_only_core():
    bad = {(a, b) for a, targets in graph().items() if under(a, "core") for b in targets if not under(b, "core")}
    assert bad == set()


def test_the_array_engine_imports_only_the_rules_and_core():
    """The vectorised games (``arrays.vector``, ``arrays.stepwise``) also read the observation
    layout and the setups, both of which import only the rules and core."""
    stepwise = {f"{NAME}.games.exhibition.arrays.{name}" for name in VECTORISED_GAMES}
    bad = {
        (a, b)
        for a, targets in graph().items()
        if under(a, "games.exhibition.arrays")
        for b in targets
        if not any(under(b, folder) for folder in ARRAY_ENGINE_READS)
        and not (a in stepwise and any(under(b, f) for f in VECTORISED_GAMES_ALSO_READ))
    }
    assert bad == set()


def test_the_adapters_stand_beside_ui_never_below_it():
    """The framework adapters read core, games and ui's pictures; only the public entry
    points import them, and ui never does, not even lazily."""
    reached = {
        (a, b)
        for a, targets in graph().items()
        if not under(a, "adapters") and a not in {f"{NAME}.openspiel", f"{NAME}.envs"}
        for b in targets
        if under(b, "adapters")
    }
    assert reached == set()
    importers = {
        a for a, targets in graph().items() for b in targets if under(b, "adapters") and not under(a, "adapters")
    }
    assert importers == {f"{NAME}.openspiel", f"{NAME}.envs"}


def test_layers_are_folders():
    top = {p.name for p in PACKAGE.iterdir() if not p.name.startswith((".", "_"))}
    facades = {f"{name.rpartition('.')[2]}.py" for name in PUBLIC_MODULES[1:]} | {"py.typed"}
    layers = {"core", "games", "ui", "adapters", "openspiel.py", "envs"}
    assert top - facades - layers - {"seeds", "docs"} == set()


# ---------------------------------------------------------------- one statement of each goal
GOAL_KEYS = {g.key for g in GOALS}


def goal_strings(tree: ast.AST) -> list[tuple[int, str]]:
    """Places where a goal key is *matched* as a string: compared, looked up, used as a
    dict key or as a member of a literal collection."""
    found = []

    def is_key(node: ast.AST) -> bool:
        return isinstance(node, ast.Constant) and node.value in GOAL_KEYS

    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            for side in (node.left, *node.comparators):
                if is_key(side):
                    found.append((node.lineno, side.value))
                if isinstance(side, (ast.Tuple, ast.List, ast.Set)):
                    found += [(node.lineno, e.value) for e in side.elts if is_key(e)]
        elif isinstance(node, ast.Subscript) and is_key(node.slice):
            found.append((node.lineno, node.slice.value))
        elif isinstance(node, ast.Dict):
            found += [(node.lineno, k.value) for k in node.keys if k is not None and is_key(k)]
        elif isinstance(node, ast.Call):
            found += [(node.lineno, a.value) for a in node.args if is_key(a)]
    return found


#: Words that are spelled like a goal but name something else: the action verb ``depot``
#: (the notation), the Depot's button and the hint's target, the facts a score reason
#: carries (``decades``, ``chain``), an OpenSpiel parameter and an observation field.
NOT_GOALS = {
    ("exhibition_lab.games.exhibition.rules.actions", "depot"),
    ("exhibition_lab.ui.screens.play", "depot"),
    ("exhibition_lab.ui.text.play", "depot"),
    ("exhibition_lab.ui.widgets.hall", "depot"),
    ("exhibition_lab.games.exhibition.rules.scoring", "decades"),
    ("exhibition_lab.games.exhibition.rules.scoring", "chain"),
    ("exhibition_lab.ui.text.names", "decades"),
    ("exhibition_lab.ui.text.names", "chain"),
    ("exhibition_lab.adapters.openspiel_exhibition", "mid_century"),
    ("exhibition_lab.games.exhibition.observation", "six_continents"),
}


def test_goal_keys_are_spelled_only_in_their_records():
    offenders = []
    for name, path in modules().items():
        if name.endswith("rules.goals"):
            continue
        found = goal_strings(ast.parse(path.read_text()))
        offenders += [f"{name}:{line}: {key!r}" for line, key in found if (name, key) not in NOT_GOALS]
    assert offenders == []


def test_the_goal_check_catches_a_matched_goal_name():
    tree = ast.parse("if goal == 'short_era': x = points['years_gap']; y = {'chain': 1}; f('depot')")
    assert {k for _, k in goal_strings(tree)} == {"short_era", "years_gap", "chain", "depot"}


def test_each_goal_label_and_showcase_name_is_written_once():
    texts = {}
    for name, path in modules().items():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                texts.setdefault(node.value, set()).add(name)
    labels = (
        {g.label for g in GOALS}
        | {kind.name for kind in xl.Layout.base()}
        | {kind.name for kind in xl.VARIATIONS.values()}
    )
    twice = {label: sorted(where) for label, where in texts.items() if label in labels and len(where) > 1}
    assert twice == {}


# ---------------------------------------------------------------- the layers
@pytest.mark.parametrize("folder", ["core", "games", "games/exhibition", "games/exhibition/rules", "ui", "adapters"])
def test_every_layer_says_what_it_may_import(folder):
    doc = ast.get_docstring(ast.parse((PACKAGE / folder / "__init__.py").read_text()))
    assert doc and "import" in doc
