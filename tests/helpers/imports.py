"""The package's import graph and its cycle finder, shared by the layering tests
(``tests/test_imports.py``: what loads with a module; ``tests/test_architecture.py``: every
import that can run, lazy ones included)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import exhibition_lab as xl

PACKAGE = Path(xl.__file__).parent
NAME = "exhibition_lab"

#: The array engine stands on the rules and core alone (folders under the package).
ARRAY_ENGINE_READS = ("core", "games.exhibition.rules", "games.exhibition.arrays")
#: The vectorised games beside the engine also read the observation layout and the setups,
#: which themselves stand on the rules and core alone.
VECTORISED_GAMES = ("vector", "stepwise")
VECTORISED_GAMES_ALSO_READ = ("games.exhibition.observation", "games.exhibition.setups")


def module_name(path: Path) -> str:
    """The dotted name of a module file of the package (a package's ``__init__`` is the package)."""
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    """Every module of the package, sub-packages included, by dotted name."""
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def is_type_checking(node: ast.AST) -> bool:
    """An ``if TYPE_CHECKING:`` block: imports for type hints only, which never load."""
    test = getattr(node, "test", None)
    return isinstance(node, ast.If) and (
        (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")
        or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")
    )


def module_level_statements(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """Statements run at import: the body and the branches of top-level if/try, not functions."""
    for node in body:
        if is_type_checking(node):
            continue
        yield node
        for block in ("body", "orelse", "finalbody"):
            if isinstance(node, (ast.If, ast.Try)):
                yield from module_level_statements(getattr(node, block, []))
        for handler in getattr(node, "handlers", []):
            yield from module_level_statements(handler.body)


def runtime_nodes(tree: ast.AST) -> Iterator[ast.AST]:
    """Every node that can run: the whole tree but ``if TYPE_CHECKING:`` blocks. Imports
    inside functions — lazy ones — are included."""
    stack = [tree]
    while stack:
        node = stack.pop()
        if is_type_checking(node):
            stack.extend(getattr(node, "orelse", []))
            continue
        yield node
        stack.extend(ast.iter_child_nodes(node))


def imported_name(path: Path, node: ast.ImportFrom, name: str | None = None) -> str:
    """The absolute module a ``from … import`` statement of ``path`` (the module ``name``,
    by default the package's module at ``path``) reads from."""
    if node.level == 0:
        return node.module or ""
    base = (name or module_name(path)).split(".")
    if path.name != "__init__.py":
        base = base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def imports_of(path: Path, known: set[str], *, lazy: bool, name: str | None = None) -> set[str]:
    """The package modules ``path`` imports: when it loads, or (``lazy``) anywhere it may
    run, imports inside functions included. A name imported from a module counts as that
    module (or the sub-module of that name); a lazy import of the package itself does not
    count (any function may reach the public names). ``name`` is the module's dotted name
    (by default the package's module at ``path``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes = runtime_nodes(tree) if lazy else module_level_statements(tree.body)
    name = name or module_name(path)
    found: set[str] = set()
    for node in nodes:
        targets: list[str] = []
        if isinstance(node, ast.ImportFrom):
            source = imported_name(path, node, name)
            targets = [source, *(f"{source}.{alias.name}" for alias in node.names)]
        elif isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name and not (lazy and target == NAME):
                found.add(target)
    return found


def graph(*, lazy: bool) -> dict[str, set[str]]:
    """The package's import graph: each module and the package modules it imports."""
    found = modules()
    known = set(found)
    return {name: imports_of(path, known, lazy=lazy) for name, path in found.items()}


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
