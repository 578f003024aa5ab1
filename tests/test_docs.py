"""The README and the pages of ``docs/`` say true things: every ```python block in them runs,
and every relative link leads to a file (and an anchor) that exists.

A block whose first line starts with ``>>>`` is a doctest: its outputs are compared. Any
other ```python block is run as it stands. The blocks of one file run in order in one
namespace, in a temporary working directory, with matplotlib's Agg backend and no browser
(widgets are built, never shown). A block that cannot run in a test — a long benchmark, a
server — is written as ```bash or ```text, or follows a ``<!-- not run: reason -->`` line;
those are counted, and only a few are allowed.
"""

from __future__ import annotations

import doctest
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PACKAGE = ROOT / "exhibition_lab"
PAGES = [ROOT / "README.md", *sorted(DOCS.glob("*.md"))]
LINKING = [*PAGES, ROOT / "CHANGELOG.md", *sorted((ROOT / "notebooks" / "src").glob("*.md"))]
MAX_NOT_RUN = 3  # across README and docs/: anything more belongs in a test or a benchmark

FENCE = re.compile(r"^```([^\n`]*)\n(.*?)^```[ \t]*$", flags=re.S | re.M)
NOT_RUN = re.compile(r"<!--\s*not run:\s*(.*?)\s*-->\s*$")
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)|!\[[^\]]*\]\(([^)\s]+)\)")
ANCHOR = re.compile(r'<a id="([^"]+)"></a>')
RULE_ID = re.compile(r"^[RVSDT][1-9]\d?[a-c]?$")
DOCTEST_FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


@dataclass(frozen=True)
class Block:
    """One fenced code block of a page."""

    page: Path
    line: int  # where its code starts, 1-based
    language: str
    code: str
    not_run: str | None  # the reason given in a <!-- not run: … --> line right before it

    @property
    def where(self) -> str:
        page = self.page.relative_to(ROOT) if self.page.is_relative_to(ROOT) else self.page
        return f"{page}:{self.line}"

    @property
    def is_doctest(self) -> bool:
        return self.code.lstrip().startswith(">>>")


def blocks(page: Path) -> list[Block]:
    text = page.read_text(encoding="utf-8")
    found = []
    for match in FENCE.finditer(text):
        before = text[: match.start()].rstrip("\n").rsplit("\n", 1)[-1]
        reason = NOT_RUN.search(before)
        line = text.count("\n", 0, match.start()) + 2
        language = match.group(1).strip()
        found.append(Block(page, line, language, match.group(2), reason.group(1) if reason else None))
    return found


def python_blocks(page: Path) -> list[Block]:
    return [b for b in blocks(page) if b.language == "python"]


def run_block(block: Block, namespace: dict) -> None:
    if block.is_doctest:
        test = doctest.DocTestParser().get_doctest(block.code, namespace, block.where, str(block.page), block.line - 1)
        runner = doctest.DocTestRunner(optionflags=DOCTEST_FLAGS)
        report: list[str] = []
        runner.run(test, out=report.append, clear_globs=False)
        namespace.update(test.globs)  # a doctest works on a copy; later blocks see its names
        assert runner.failures == 0, f"{block.where}: the doctest's output differs\n" + "".join(report)
    else:
        # our own documentation, not user input: running it keeps the examples true
        exec(compile(block.code, block.where, "exec"), namespace)


@pytest.fixture
def docs_sandbox(tmp_path, monkeypatch):
    """A reader's fresh session: an empty working directory, no display, the Agg backend."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MPLBACKEND", "Agg")
    monkeypatch.delenv("DISPLAY", raising=False)
    yield tmp_path
    import matplotlib.pyplot as plt

    plt.close("all")


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_python_block_runs(page, docs_sandbox):
    namespace: dict = {"__name__": "__docs__"}
    for block in python_blocks(page):
        if block.not_run is None:
            run_block(block, namespace)


def test_the_readme_has_a_first_example_that_is_checked():
    first = python_blocks(ROOT / "README.md")[0]
    assert first.is_doctest and "Hall.parse" in first.code and first.not_run is None


def test_only_a_few_blocks_are_not_run_and_each_says_why():
    skipped = [b for page in PAGES for b in python_blocks(page) if b.not_run is not None]
    assert len(skipped) <= MAX_NOT_RUN, [b.where for b in skipped]
    assert all(b.not_run for b in skipped), "a <!-- not run: … --> line needs a reason"


def test_not_run_marks_stand_before_python_blocks():
    for page in PAGES:
        text = re.sub(r"`[^`\n]*`", "", page.read_text(encoding="utf-8"))  # a code span only names the mark
        marks = len(re.findall(r"<!--\s*not run:", text))
        assert marks == sum(b.not_run is not None for b in python_blocks(page)), f"{page.name}: a stray not-run mark"


def test_python_is_fenced_as_python():
    """``py``, ``python3`` or ``pycon`` blocks would slip past the runner above."""
    other_names = {"py", "python3", "pycon", "ipython"}
    odd = [b.where for page in PAGES for b in blocks(page) if b.language.lower() in other_names]
    assert odd == []


def test_the_block_reader_sees_doctests_plain_code_and_reasons(tmp_path):
    page = tmp_path / "page.md"
    page.write_text(
        "Text.\n\n```python\n>>> 1 + 1\n2\n```\n\n<!-- not run: opens a server -->\n```python\nserve()\n```\n"
        "\n```bash\nmake lab\n```\n",
        encoding="utf-8",
    )
    found = blocks(page)
    assert [(b.language, b.is_doctest, b.not_run, b.line) for b in found] == [
        ("python", True, None, 4),
        ("python", False, "opens a server", 10),
        ("bash", False, None, 14),
    ]


def test_a_wrong_doctest_output_fails(tmp_path):
    block = Block(tmp_path / "page.md", 1, "python", ">>> 1 + 1\n3\n", None)
    with pytest.raises(AssertionError, match="differs"):
        run_block(block, {})


# ---------------------------------------------------------------------- links
def heading_slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"[`*_]", "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = page.read_text(encoding="utf-8")
    text_outside_code = FENCE.sub("", text)
    headings = re.findall(r"^#{1,6}\s+(.+?)\s*$", text_outside_code, flags=re.M)
    return set(ANCHOR.findall(text)) | {heading_slug(h) for h in headings}


def relative_links(page: Path) -> list[str]:
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    text = re.sub(r"`[^`\n]*`", "", text)  # code spans name files, they do not link
    targets = [a or b for a, b in LINK.findall(text)]
    return [t for t in targets if not re.match(r"^[a-z][a-z0-9+.-]*:", t) and not t.startswith("#")]


def link_base(page: Path) -> Path:
    """Where a page's relative links start: a notebook source links from where its built
    notebook lives (``notebooks/``), every other page from its own folder."""
    return page.parent.parent if page.parent.name == "src" and page.parent.parent.name == "notebooks" else page.parent


#: The API reference's pages: written by the documentation site's build from the public
#: modules (docs/conf.py), so a clone holds none; tests/test_docs_site.py follows their links.
GENERATED = ROOT / "docs" / "api"


def broken_links(page: Path) -> list[str]:
    broken = []
    for target in relative_links(page):
        path_part, _, anchor = target.partition("#")
        path = (link_base(page) / path_part).resolve()
        if path.is_relative_to(GENERATED):
            continue
        if not path.exists():
            broken.append(f"{target}: no such file")
        elif anchor and path.suffix == ".md" and anchor not in anchors(path):
            broken.append(f"{target}: no such anchor")
    return broken


@pytest.mark.parametrize("page", LINKING, ids=lambda p: str(p.relative_to(ROOT)))
def test_relative_links_lead_to_files_and_anchors_that_exist(page):
    assert broken_links(page) == []


def test_own_anchors_in_a_page_exist():
    for page in [*PAGES, ROOT / "CHANGELOG.md"]:
        text = FENCE.sub("", page.read_text(encoding="utf-8"))
        missing = set(re.findall(r"\]\(#([^)\s]+)\)", text)) - anchors(page)
        assert missing == set(), page.name


def test_a_link_named_by_a_rule_id_opens_that_rule():
    """``[R12](rules.md#r12)``, never ``[R12](rules.md#r13)``."""
    wrong = []
    for page in LINKING:
        text = page.read_text(encoding="utf-8")
        for name, target in re.findall(r"\[([^\]]+)\]\(([^)\s]*rules\.md#[^)\s]+)\)", text):
            if RULE_ID.match(name) and target.rsplit("#", 1)[1] != name.lower():
                wrong.append(f"{page.name}: [{name}]({target})")
    assert wrong == []


def test_the_link_check_finds_a_missing_file_and_anchor(tmp_path):
    (tmp_path / "there.md").write_text('# A heading\n\n<a id="r12"></a>text\n', encoding="utf-8")
    page = tmp_path / "page.md"
    page.write_text(
        "[ok](there.md#a-heading) [ok](there.md#r12) [gone](nowhere.md) [bad](there.md#r13) "
        "[web](https://example.org) `[code](nowhere.md)`\n",
        encoding="utf-8",
    )
    assert broken_links(page) == ["nowhere.md: no such file", "there.md#r13: no such anchor"]


# ---------------------------------------------------------------------- CSS hooks
HOOK = re.compile(r"exlab-[A-Za-z0-9-]*[A-Za-z0-9]")


def test_every_css_hook_in_the_docs_exists_in_the_package():
    """docs/testing.md lists the class names tests may rely on; the package sets each one
    (``exlab-spot-S-I`` stands for ``exlab-spot-{showcase}-{spot}``: its fixed part is checked)."""
    source = "\n".join(p.read_text(encoding="utf-8") for p in PACKAGE.rglob("*") if p.suffix in {".py", ".js", ".css"})
    hooks = set(HOOK.findall((DOCS / "testing.md").read_text(encoding="utf-8")))
    missing = []
    for hook in sorted(hooks):
        fixed = re.split(r"-[A-Z]", hook, maxsplit=1)[0]
        pattern = re.escape(fixed) + r"-\{" if fixed != hook else rf"(?<![\w-]){re.escape(hook)}(?![\w-])"
        if not re.search(pattern, source):
            missing.append(hook)
    assert len(hooks) > 40 and missing == []


# ---------------------------------------------------------------------- the package map
def package_map() -> set[str]:
    """The paths the map of docs/architecture.md names: one entry a line, four spaces of
    indent per folder level, a folder ending in ``/``."""
    block = next(b.code for b in blocks(DOCS / "architecture.md") if b.code.startswith("exhibition_lab/"))
    paths, folders = set(), []
    for line in block.splitlines():
        if not line.strip():
            continue
        depth = (len(line) - len(line.lstrip(" "))) // 4
        name = line.split()[0]
        folders = folders[:depth]
        path = "/".join([*folders, name.rstrip("/")])
        if name.endswith("/"):
            folders.append(name.rstrip("/"))
        else:
            paths.add(path)
    return paths


def package_files() -> set[str]:
    """Every module (and script the browser loads) of the package; a sub-package's
    ``__init__.py`` only re-exports, so the map leaves it out."""
    files = set()
    for path in PACKAGE.rglob("*"):
        if path.suffix not in {".py", ".js", ".css"} or "__pycache__" in path.parts:
            continue
        relative = path.relative_to(PACKAGE.parent).as_posix()
        if path.name == "__init__.py" and path.parent != PACKAGE:
            continue
        files.add(relative)
    return files


def test_the_package_map_names_every_module_and_only_real_ones():
    named, real = package_map(), package_files()
    assert "exhibition_lab/games/exhibition/rules/turns.py" in named
    assert {"not in the map": sorted(real - named), "not in the tree": sorted(named - real)} == {
        "not in the map": [],
        "not in the tree": [],
    }
