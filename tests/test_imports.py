"""The modules import one another without a cycle, and dependencies point down: ui ->
games -> core.

The graph is built from the source (``ast``), from module-level imports only: imports inside
functions and ``if TYPE_CHECKING:`` blocks do not run when a module loads, so the cycle test
leaves them out; the tests below forbid the ones that would hide a dependency pointing up.
"""

from __future__ import annotations

import ast
from pathlib import Path

from exhibition_lab._public import PUBLIC_MODULES
from tests.helpers.imports import PACKAGE, find_cycle, graph, imported_name, imports_of, modules

NOT_ENGINE = ("exhibition_lab.ui.render.plots", "exhibition_lab.ui.render.timeline_plots")  # matplotlib code
WIDGETS = ("exhibition_lab.ui.widgets", "exhibition_lab.ui.course.exercises")
# the game-AI framework adapters sit on top, beside ui: their render modes draw with ui's pictures
ADAPTERS = ("exhibition_lab.openspiel", "exhibition_lab.envs", "exhibition_lab.adapters")
# the public modules users import (but for the adapters, they only re-export the layers' names)
# and ``python -m exhibition_lab``, the command line of ui
FACADES = (set(PUBLIC_MODULES) - set(ADAPTERS)) | {"exhibition_lab.__main__"}


def _within(name: str, prefixes: tuple[str, ...]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def all_modules() -> dict[str, Path]:
    """Every module of the package, sub-packages included, by dotted name."""
    return modules()


def engine_modules() -> dict[str, Path]:
    """core and games: everything outside ui/, the framework adapters and the facades."""
    return {
        n: p for n, p in all_modules().items() if n not in FACADES and not _within(n, ("exhibition_lab.ui", *ADAPTERS))
    }


def imported_modules(path: Path, names: set[str]) -> set[str]:
    """The package's modules ``path`` imports when it loads (``from ..x import …``, ``from . import x``)."""
    return imports_of(path, names, lazy=False)


def test_the_cycle_finder_finds_a_cycle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) is None


def test_the_graph_sees_module_level_imports_only():
    modules = all_modules()
    names = set(modules)
    game = "exhibition_lab.games.exhibition."
    assert {f"{game}savefile", f"{game}rules.scoring", f"{game}rules.deal"} <= imported_modules(
        modules[f"{game}game"], names
    )
    assert f"{game}arrays.engine" in imported_modules(modules[f"{game}agents"], names)  # from .arrays import engine
    assert "exhibition_lab.core.errors" in imported_modules(modules[f"{game}rules.cards"], names)
    assert "exhibition_lab.ui.formatters" in imported_modules(modules["exhibition_lab"], names)  # the facade
    assert imported_modules(modules["exhibition_lab.core.errors"], names) == set()


def test_the_engine_is_core_and_games():
    engine = engine_modules()
    assert "exhibition_lab.games.exhibition.rules.cards" in engine and "exhibition_lab.core.budget" in engine
    assert "exhibition_lab.games.timeline.agents" in engine
    assert not any(_within(n, ("exhibition_lab.ui",)) or n in FACADES for n in engine)


def test_modules_import_one_another_without_a_cycle():
    assert find_cycle(graph(lazy=False)) is None


def test_engine_modules_import_no_widget_or_plot_code():
    """Not even lazily: the engine's pictures come from ui (see below), never from these."""
    bad = []
    for name, path in engine_modules().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                targets = [node.module or ""]
            else:
                continue
            bad += [f"{name} → {t}" for t in targets if t.split(".")[0] in {"ipywidgets", "IPython", "matplotlib"}]
    assert bad == []


def ui_imports(path: Path, source: str) -> list[str]:
    """Every ui module ``source`` (the text of ``path``) imports, wherever the import stands."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            targets = [imported_name(path, node)]
        elif isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            continue
        found += [t for t in targets if _within(t, ("exhibition_lab.ui",))]
    return found


def test_core_and_games_never_import_ui():
    """Not at load time, not lazily inside a function, not for type hints: the engine's objects
    get their pictures from :mod:`exhibition_lab.ui.formatters`, which imports them."""
    upward = [
        f"{name} → {target}"
        for name, path in engine_modules().items()
        for target in ui_imports(path, path.read_text(encoding="utf-8"))
    ]
    assert upward == []


def test_the_ui_import_check_sees_lazy_and_type_checking_imports():
    path = PACKAGE / "games" / "exhibition" / "rules" / "hall.py"
    lazy = "def picture(hall):\n    from ....ui.render.halls import hall_html\n\n    return hall_html(hall)\n"
    hinted = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import exhibition_lab.ui.render.css\n"
    assert ui_imports(path, lazy) == ["exhibition_lab.ui.render.halls"]
    assert ui_imports(path, hinted) == ["exhibition_lab.ui.render.css"]
    assert ui_imports(path, "from .cards import Card\n") == []


def test_lazy_imports_inside_functions_load_no_package_module():
    """Outside the chart and widget code a module imports the package's modules when it
    loads; a lazy import would hide a runtime cycle that the graph above cannot see."""
    modules = all_modules()
    checked = {n: p for n, p in modules.items() if not _within(n, NOT_ENGINE + WIDGETS)}
    allowed: set[str] = set()
    lazy = []
    for name, path in checked.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for inner in ast.walk(node):
                    if isinstance(inner, ast.ImportFrom):
                        source = imported_name(path, inner)
                        for alias in inner.names:  # a module imported by name, or from a module
                            target = f"{source}.{alias.name}" if f"{source}.{alias.name}" in modules else source
                            if target in modules and target not in allowed:
                                lazy.append(f"{name} → {target}")
    assert lazy == []


def test_the_framework_adapters_are_the_top_layer():
    """OpenSpiel, PettingZoo, Gymnasium and the vectorised environment sit on top: they read
    the rules, the engines and the pictures; nothing below imports them, not even lazily."""
    modules = all_modules()
    adapters = ADAPTERS
    below = {n: p for n, p in modules.items() if not _within(n, adapters)}
    reached = []
    for name, path in below.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                source = imported_name(path, node)
                targets = [source, *(f"{source}.{alias.name}" for alias in node.names)]
            elif isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                continue
            reached += [f"{name} → {t}" for t in targets if _within(t, adapters)]
    assert reached == []
    assert {"exhibition_lab.openspiel", "exhibition_lab.adapters.openspiel_bridge"} <= set(modules)
