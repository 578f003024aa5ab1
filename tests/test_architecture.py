"""The package's shape, checked from its source: layers as folders, no import cycle (lazy
imports included), each layer importing only downwards, the array engine independent of the
scalar wrapper, each goal spelled only in its record, each label written once (the package
map of ``docs/architecture.md`` is checked with the docs, tests/test_docs.py)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import exhibition_lab as xl
from exhibition_lab._public import PUBLIC_MODULES
from exhibition_lab.games.exhibition.rules.goals import GOALS
from tests.helpers.imports import find_cycle

PACKAGE = Path(xl.__file__).parent
ROOT = PACKAGE.parent
NAME = "exhibition_lab"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _is_type_checking(node: ast.AST) -> bool:
    test = getattr(node, "test", None)
    return isinstance(node, ast.If) and (
        (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")
        or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")
    )


def _runtime_nodes(tree: ast.AST):
    """Every node that can run: the whole tree but ``if TYPE_CHECKING:`` blocks (imports for
    type hints only never load). Imports inside functions — lazy ones — are included."""
    stack = [tree]
    while stack:
        node = stack.pop()
        if _is_type_checking(node):
            stack.extend(getattr(node, "orelse", []))
            continue
        yield node
        stack.extend(ast.iter_child_nodes(node))


def _resolve(importer: str, is_package: bool, node: ast.ImportFrom) -> list[str]:
    if node.level == 0:
        base = node.module or ""
    else:
        parts = importer.split(".")
        keep = len(parts) - node.level + (1 if is_package else 0)
        base = ".".join(parts[:keep] + ([node.module] if node.module else []))
    if node.module is None or node.level == 0:
        return [base] + [f"{base}.{alias.name}" for alias in node.names]
    return [base] + [f"{base}.{alias.name}" for alias in node.names]


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The package modules ``name`` imports, lazily or not."""
    found: set[str] = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in _runtime_nodes(tree):
        targets: list[str] = []
        if isinstance(node, ast.ImportFrom):
            targets = _resolve(name, path.name == "__init__.py", node)
        elif isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name and target != NAME:
                found.add(target)
    return found


def graph() -> dict[str, set[str]]:
    mods = modules()
    known = set(mods)
    return {name: imports_of(name, path, known) for name, path in mods.items()}


def under(name: str, folder: str) -> bool:
    prefix = f"{NAME}.{folder}"
    return name == prefix or name.startswith(prefix + ".")


def test_the_graph_sees_lazy_imports_and_skips_type_only_ones(tmp_path):
    source = (
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .b import X\ndef f():\n    from .c import Y\n"
    )
    path = tmp_path / "a.py"
    path.write_text(source)
    assert imports_of("pkg.a", path, {"pkg.a", "pkg.b", "pkg.c"}) == {"pkg.c"}


def test_no_import_cycle_at_all():
    assert find_cycle(graph()) is None


def test_core_imports_only_core():
    bad = {(a, b) for a, targets in graph().items() if under(a, "core") for b in targets if not under(b, "core")}
    assert bad == set()


def test_the_array_engine_imports_only_the_rules_and_core():
    allowed = ("core", "games.exhibition.rules", "games.exhibition.arrays")
    bad = {
        (a, b)
        for a, targets in graph().items()
        if under(a, "games.exhibition.arrays")
        for b in targets
        if not any(under(b, folder) for folder in allowed)
    }
    assert bad == set()


def test_layers_are_folders():
    top = {p.name for p in PACKAGE.iterdir() if not p.name.startswith((".", "_"))}
    facades = {f"{name.rpartition('.')[2]}.py" for name in PUBLIC_MODULES[1:]} | {"py.typed"}
    layers = {"core", "games", "ui", "openspiel.py", "envs"}
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
#: carries (``decades``, ``chain``), an OpenSpiel parameter, an observation field and the
#: variation showcases' keys (Layout's), which two variation goals share.
NOT_GOALS = {
    ("exhibition_lab.games.exhibition.rules.actions", "depot"),
    ("exhibition_lab.ui.screens.play", "depot"),
    ("exhibition_lab.ui.text.play", "depot"),
    ("exhibition_lab.ui.widgets.hall", "depot"),
    ("exhibition_lab.games.exhibition.rules.scoring", "decades"),
    ("exhibition_lab.games.exhibition.rules.scoring", "chain"),
    ("exhibition_lab.ui.text.names", "decades"),
    ("exhibition_lab.ui.text.names", "chain"),
    ("exhibition_lab.openspiel", "mid_century"),
    ("exhibition_lab.games.exhibition.observation", "six_continents"),
    ("exhibition_lab.ui.text.setup", "short_era"),
    ("exhibition_lab.ui.text.setup", "antiquity"),
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
@pytest.mark.parametrize("folder", ["core", "games", "games/exhibition", "games/exhibition/rules", "ui"])
def test_every_layer_says_what_it_may_import(folder):
    doc = ast.get_docstring(ast.parse((PACKAGE / folder / "__init__.py").read_text()))
    assert doc and "import" in doc
