"""Issue 18, item 3: the engine modules import one another without a cycle.

The graph is built from the source (``ast``), from module-level imports only: imports inside
functions (the lazy display imports behind ``_repr_html_``) and ``if TYPE_CHECKING:`` blocks
do not run when a module loads, so they are left out on purpose.
"""

from __future__ import annotations

import ast
from pathlib import Path

import exhibition_lab as xl

PACKAGE = Path(xl.__file__).parent
NOT_ENGINE = {"plots", "timeline_plots"}  # matplotlib code, like the widgets folder


def engine_modules() -> dict[str, Path]:
    return {p.stem: p for p in sorted(PACKAGE.glob("*.py")) if p.stem not in NOT_ENGINE | {"__init__"}}


def _is_type_checking_block(node: ast.stmt) -> bool:
    test = getattr(node, "test", None)
    return isinstance(node, ast.If) and (
        (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")
        or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")
    )


def _module_level_statements(body: list[ast.stmt]):
    """Statements run at import: the body and the branches of top-level if/try, not functions."""
    for node in body:
        if _is_type_checking_block(node):
            continue
        yield node
        for block in ("body", "orelse", "finalbody"):
            if isinstance(node, (ast.If, ast.Try)):
                yield from _module_level_statements(getattr(node, block, []))
        for handler in getattr(node, "handlers", []):
            yield from _module_level_statements(handler.body)


def imported_siblings(path: Path, names: set[str]) -> set[str]:
    """The engine modules ``path`` imports when it loads (``from .x import …``, ``from . import x``)."""
    found = set()
    for node in _module_level_statements(ast.parse(path.read_text(encoding="utf-8")).body):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module is None:
                found |= {alias.name for alias in node.names} & names
            else:
                found |= {node.module.split(".")[0]} & names
        elif isinstance(node, ast.Import):
            found |= {a.name.split(".")[1] for a in node.names if a.name.startswith("exhibition_lab.")} & names
    return found


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of ``graph`` as a path that returns to its start, or ``None``."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt) :] + [nxt]
            if nxt not in state and (cycle := visit(nxt)):
                return cycle
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state and (cycle := visit(start)):
            return cycle
    return None


def test_the_cycle_finder_finds_a_cycle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) is None


def test_the_graph_sees_module_level_imports_only():
    modules = engine_modules()
    names = set(modules)
    assert {"savefile", "scoring", "deal"} <= imported_siblings(modules["game"], names)
    # cards loads display lazily, for _repr_html_ only
    assert "display" not in imported_siblings(modules["cards"], names)
    assert imported_siblings(modules["errors"], names) == set()


def test_engine_modules_import_one_another_without_a_cycle():
    modules = engine_modules()
    graph = {name: imported_siblings(path, set(modules)) for name, path in modules.items()}
    assert find_cycle(graph) is None


def test_lazy_imports_inside_functions_load_only_display_code():
    """A lazy import may only fetch HTML for ``_repr_html_`` (python-chess does the same);
    any other would hide a runtime cycle that the graph above cannot see."""
    modules = engine_modules()
    allowed = {"display", "timeline_display"}
    lazy = []
    for name, path in modules.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for inner in ast.walk(node):
                    if isinstance(inner, ast.ImportFrom) and inner.level == 1 and inner.module:
                        target = inner.module.split(".")[0]
                        if target in modules and target not in allowed:
                            lazy.append(f"{name} → {target}")
    assert lazy == []
