"""The public API: a few modules (``exhibition_lab._public.PUBLIC_MODULES``), each with a
docstring and an ``__all__`` whose names are documented; the lessons (every language), the
README and the guides import only from them; the paths users wrote before still import, with
a :class:`DeprecationWarning` naming the new one; the committed listing of every public name
and signature (``docs/api-listing.txt``) matches the package; one version, with its section
in CHANGELOG.md."""

from __future__ import annotations

import ast
import doctest
import importlib
import importlib.util
import inspect
import re
import sys
import tomllib
import warnings
from pathlib import Path

import pytest

import exhibition_lab as xl
from exhibition_lab._moved import MOVED
from exhibition_lab._public import INTERNAL_PACKAGES, PUBLIC_MODULES

ROOT = Path(__file__).resolve().parent.parent
FENCE = re.compile(r"^```([^\n`]*)\n(.*?)^```[ \t]*$", flags=re.S | re.M)
PAGES = [
    ROOT / "README.md",
    *sorted((ROOT / "docs").glob("*.md")),
    *sorted((ROOT / "notebooks" / "src").rglob("*.md")),
]


# ---------------------------------------------------------------- the modules
@pytest.mark.parametrize("name", PUBLIC_MODULES)
def test_a_public_module_says_what_it_is_and_lists_its_names(name):
    module = importlib.import_module(name)
    assert (module.__doc__ or "").strip(), f"{name} has no docstring"
    assert isinstance(module.__all__, (list, tuple)) and module.__all__
    assert len(set(module.__all__)) == len(module.__all__), f"{name}.__all__ names a name twice"
    undocumented = []
    for public in module.__all__:
        obj = getattr(module, public)  # every listed name exists
        if (inspect.isclass(obj) or inspect.isroutine(obj) or inspect.ismodule(obj)) and not inspect.getdoc(obj):
            undocumented.append(public)
    assert undocumented == [], f"{name}: no docstring for {undocumented}"


def test_the_public_modules_are_the_top_of_the_package():
    assert PUBLIC_MODULES[0] == "exhibition_lab"
    assert all(name.count(".") == 1 for name in PUBLIC_MODULES[1:])
    assert not any(name.startswith(internal) for name in PUBLIC_MODULES for internal in INTERNAL_PACKAGES)


# ---------------------------------------------------------------- what lessons and guides import
def code_of(page: Path) -> list[tuple[int, str]]:
    """The Python of a page's code blocks and notebook cells, with the line each starts on:
    ```python blocks (doctests as their source), ```{code-cell} cells; magics and shell
    lines are left out."""
    text = page.read_text(encoding="utf-8")
    found = []
    for match in FENCE.finditer(text):
        language = match.group(1).strip()
        if not (language.startswith("{code-cell}") or language in ("python", "py", "pycon")):
            continue
        code = "\n".join(line for line in match.group(2).splitlines() if not line.startswith(":"))
        if code.lstrip().startswith(">>>"):
            code = "".join(example.source for example in doctest.DocTestParser().get_examples(code))
        code = "\n".join(line for line in code.splitlines() if not line.lstrip().startswith(("%", "!")))
        found.append((text.count("\n", 0, match.start()) + 2, code))
    return found


def internal_imports(code: str) -> list[str]:
    """The internal modules ``code`` imports (``exhibition_lab.core``, ``.games``, ``.ui`` …)."""
    targets = []
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.ImportFrom) and node.level == 0:
            targets += [node.module or ""] + [f"{node.module}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Import):
            targets += [alias.name for alias in node.names]
    return [t for t in targets if any(t == p or t.startswith(p + ".") for p in INTERNAL_PACKAGES)]


def test_the_import_check_sees_every_form_of_import(tmp_path):
    page = tmp_path / "lesson.md"
    page.write_text(
        "```{code-cell} ipython3\n:tags: [hide-input]\n\n%matplotlib inline\n"
        "from exhibition_lab.core.stats import z_value\n```\n\n"
        "```python\n>>> import exhibition_lab.ui.course\n>>> from exhibition_lab import games\n```\n\n"
        "```python\nfrom exhibition_lab.simulate import z_value\nimport exhibition_lab as xl\n```\n",
        encoding="utf-8",
    )
    found = [target for _line, code in code_of(page) for target in internal_imports(code)]
    assert found == ["exhibition_lab.core.stats", "exhibition_lab.core.stats.z_value", "exhibition_lab.ui.course"] + [
        "exhibition_lab.games"
    ]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_lessons_and_guides_import_only_public_modules(page):
    bad = [f"line {line}: {target}" for line, code in code_of(page) for target in internal_imports(code)]
    assert bad == [], f"{page.relative_to(ROOT)} imports internal modules: {bad}"


def test_every_language_of_the_course_is_checked():
    names = {str(p.relative_to(ROOT / "notebooks" / "src")) for p in PAGES if "notebooks" in p.parts}
    assert {"01_rules_tour.md", "es/01_rules_tour.md", "ja/01_rules_tour.md"} <= names


# ---------------------------------------------------------------- the paths of before
def _fresh_import(name: str):
    sys.modules.pop(name, None)
    return importlib.import_module(name)


@pytest.mark.parametrize("old", sorted(MOVED))
def test_an_old_path_imports_and_names_the_new_one(old):
    home, public = MOVED[old]
    with pytest.warns(DeprecationWarning, match=re.escape(f"import from {public} instead")):
        module = _fresh_import(old)
    target = importlib.import_module(home)
    some = next(n for n in (getattr(target, "__all__", None) or dir(target)) if not n.startswith("_"))
    assert getattr(module, some) is getattr(target, some)


def test_the_old_bots_module_gives_the_same_bots():
    from exhibition_lab import agents

    sys.modules.pop("exhibition_lab.bots", None)
    with pytest.warns(DeprecationWarning, match="exhibition_lab.agents"):
        from exhibition_lab.bots import GreedyBot, TurnPlan, play_game
    assert (GreedyBot, TurnPlan, play_game) == (agents.GreedyBot, agents.TurnPlan, agents.play_game)


def test_the_warning_points_at_the_line_that_imports(tmp_path):
    script = tmp_path / "old_notebook.py"  # the code's file name is what the warning shows
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        sys.modules.pop("exhibition_lab.turns", None)
        vars(xl).pop("turns", None)  # an import of before left the module on the package
        exec(compile("from exhibition_lab import turns\n", str(script), "exec"), {"__name__": "__main__"})
    (warning,) = [w for w in caught if issubclass(w.category, DeprecationWarning)]
    assert warning.filename == str(script) and warning.lineno == 1


def test_the_old_timeline_module_is_the_new_one_and_its_other_names_warn():
    from exhibition_lab.timeline import Timeline, TimelineCard, timeline_deck  # the names of before, no warning

    assert Timeline is xl.Timeline and callable(timeline_deck) and TimelineCard
    with pytest.warns(DeprecationWarning, match="exhibition_lab.timeline.DrawOrder"):
        from exhibition_lab.timeline import DrawOrder
    assert DrawOrder.__name__ == "DrawOrder"
    with pytest.raises(AttributeError):
        _ = xl.timeline.no_such_name  # type: ignore[attr-defined]


def test_an_unknown_module_is_still_an_error():
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("exhibition_lab.no_such_module")


# ---------------------------------------------------------------- the listing, the version
def _listing_module():
    spec = importlib.util.spec_from_file_location("api_listing", ROOT / "scripts" / "api_listing.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_committed_api_listing_is_the_package_s():
    """A failure here means the public API changed: run ``python scripts/api_listing.py``,
    and say what changed in CHANGELOG.md."""
    stored = (ROOT / "docs" / "api-listing.txt").read_text(encoding="utf-8")
    assert _listing_module().listing() == stored


def test_the_listing_has_every_public_name_with_its_signature():
    text = (ROOT / "docs" / "api-listing.txt").read_text(encoding="utf-8")
    for name in PUBLIC_MODULES:
        assert f"\n{name}\n" in text
    assert "    def play_game(game: 'Game', bots: 'Sequence[str | Bot]', rng: 'np.random.Generator') -> 'Game'" in text
    assert "        new(players: 'int | Sequence[str]' = 1, seed:" in text  # Game.new, a classmethod


def test_the_version_is_written_once_and_has_its_changelog_section():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"] and project["project"]["dynamic"] == ["version"]
    assert project["tool"]["hatch"]["version"]["path"] == "exhibition_lab/__init__.py"
    sections = re.findall(r"^## (\d+\.\d+\.\d+)\b", (ROOT / "CHANGELOG.md").read_text(encoding="utf-8"), flags=re.M)
    assert sections and sections[0] == xl.__version__, "the newest CHANGELOG section is the package's version"
    assert len(set(sections)) == len(sections)
