"""The documentation site (``make docs``, docs/conf.py) builds without a warning, its API
reference has a page for every public name, and in Chromium its start page, a lesson in each
language and the page of ``Game`` have no broken internal link.

The build runs once for the module, into a temporary folder, with ``-W --keep-going`` as
``make docs`` does; it needs the ``docs`` extra (part of ``test``). Without Sphinx the test
is skipped locally and fails under CI, as a browser test does without Chromium.
"""

from __future__ import annotations

import importlib
import os
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from browser_support import ARTIFACTS, LAPTOP, require_browser
from test_browser_languages import chromium_page_with_japanese

ROOT = Path(__file__).resolve().parent.parent
START = "docs/index.html"
# the pages the browser opens: the start page, the first lesson in each language, Game's page
PAGES = {
    "start": START,
    "lesson-en": "notebooks/01_rules_tour.html",
    "lesson-es": "notebooks/es/01_rules_tour.html",
    "lesson-ja": "notebooks/ja/01_rules_tour.html",
    "api-game": "docs/api/generated/exhibition_lab.Game.html",
}


def api_modules() -> list[str]:
    sys.path.insert(0, str(ROOT / "docs"))
    try:
        import conf  # docs/conf.py: the one list of public modules the reference documents

        return list(conf.API_MODULES)
    finally:
        sys.path.remove(str(ROOT / "docs"))
        sys.modules.pop("conf", None)


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    try:
        import myst_nb  # noqa: F401
        import pydata_sphinx_theme  # noqa: F401
        import sphinx  # noqa: F401
    except ImportError as error:
        message = f"the docs site needs {error.name} (pip install -e '.[test]')"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    out = tmp_path_factory.mktemp("site")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "sphinx", "-b", "html", "-c", "docs", "-W", "--keep-going", "-q", ".", str(out)]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    (out / "sphinx.log").write_text(done.stdout + done.stderr, encoding="utf-8")
    assert done.returncode == 0, done.stderr[-4000:]
    return out


def test_the_site_builds_with_no_warning(site):
    log = (site / "sphinx.log").read_text(encoding="utf-8")
    assert re.findall(r"(?:WARNING|ERROR): .*", log) == []
    for page in [START, *PAGES.values()]:
        assert (site / page).is_file(), page
    assert "docs/index.html" in (site / "index.html").read_text(encoding="utf-8")


def test_the_api_reference_has_a_page_for_every_public_name(site):
    missing = []
    for module_name in api_modules():
        module = importlib.import_module(module_name)
        page = site / "docs" / "api" / f"{module_name}.html"
        assert page.is_file() and f'id="module-{module_name}"' in page.read_text(encoding="utf-8"), module_name
        documented = {p.stem for p in (site / "docs" / "api" / "generated").glob("*.html")}
        for name in getattr(module, "__all__", ()):
            own = site / "docs" / "api" / "generated" / f"{module_name}.{name}.html"
            if own.is_file() and f'id="{module_name}.{name}"' in own.read_text(encoding="utf-8"):
                continue
            # exported by an earlier public module too: one page there, a link to it here
            links = re.findall(r'href="generated/([^"#]+)\.html#([^"]+)"[^>]*>.*?' + re.escape(name), page.read_text())
            if not any(stem in documented and stem.endswith(f".{name}") for stem, _ in links):
                missing.append(f"{module_name}.{name}")
    assert missing == []


def test_every_public_module_is_in_the_reference():
    """A module of the package's top level whose name has no underscore is public, and documented."""
    top = {f"exhibition_lab.{p.stem}" for p in (ROOT / "exhibition_lab").glob("[!_]*.py")}
    top |= {f"exhibition_lab.{p.parent.name}" for p in (ROOT / "exhibition_lab").glob("[!_]*/__init__.py")}
    # the adapters folder is reached through its public entry points, openspiel and envs
    internal = {"exhibition_lab.core", "exhibition_lab.games", "exhibition_lab.ui", "exhibition_lab.adapters"}
    assert set(api_modules()) == (top - internal) | {"exhibition_lab"}


# ---------------------------------------------------------------------- links, in Chromium
class Ids(HTMLParser):
    """Every id (and old-style ``name``) of a page: the anchors a link may end on."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for key, value in attrs:
            if key == "id" or (key == "name" and tag == "a"):
                self.ids.add(value or "")


def page_ids(path: Path, cache: dict[Path, set[str]]) -> set[str]:
    if path not in cache:
        parser = Ids()
        parser.feed(path.read_text(encoding="utf-8"))
        cache[path] = parser.ids
    return cache[path]


def broken_links(site: Path, hrefs: list[str], cache: dict[Path, set[str]]) -> list[str]:
    broken = []
    for href in hrefs:
        parts = urlsplit(href)
        if parts.scheme != "file":
            continue
        path = Path(unquote(parts.path))
        if path.is_dir():
            path = path / "index.html"
        if not path.is_file() or not path.is_relative_to(site):
            broken.append(f"{href}: no such page")
        elif parts.fragment and path.suffix == ".html" and unquote(parts.fragment) not in page_ids(path, cache):
            broken.append(f"{href}: no such anchor")
    return broken


def test_the_link_check_finds_a_missing_page_and_anchor(tmp_path):
    (tmp_path / "a.html").write_text('<h1 id="top">A</h1><a name="old"></a>', encoding="utf-8")
    hrefs = [f"file://{tmp_path}/a.html#top", f"file://{tmp_path}/a.html#old", f"file://{tmp_path}/a.html#gone"]
    hrefs += [f"file://{tmp_path}/b.html", "https://example.org/x"]
    assert broken_links(tmp_path, hrefs, {}) == [
        f"file://{tmp_path}/a.html#gone: no such anchor",
        f"file://{tmp_path}/b.html: no such page",
    ]


def test_the_pages_open_in_chromium_with_no_broken_internal_link(site):
    require_browser()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    problems: dict[str, list[str]] = {}
    cache: dict[Path, set[str]] = {}
    with chromium_page_with_japanese() as page:
        assert page.viewport_size == LAPTOP
        for name, path in PAGES.items():
            page.goto((site / path).as_uri())
            page.wait_for_load_state("load")
            page.screenshot(path=str(ARTIFACTS / f"docs-{name}.png"))
            hrefs = page.eval_on_selector_all("a[href]", "links => links.map(a => a.href)")
            found = broken_links(site, hrefs, cache)
            text = page.inner_text("body")
            found += [f"shows {words!r}" for words in ("model not found", "Error displaying widget") if words in text]
            if len(hrefs) < 20:
                found.append(f"only {len(hrefs)} links: the page did not render its navigation")
            if found:
                problems[name] = found
    assert problems == {}
