"""Voila's preview inside JupyterLab, with the Jupytext pairing of ``make lab``.

JupyterLab starts with the configuration of ``make lab`` (lab/jupyter_server_config.py) on
a copy of ``notebooks/`` (a preview saves the notebook, and Jupytext rewrites both files of
the pair), at 1366×768 with the file browser open; "Render with Voilà" on ``03_play.ipynb``
must show the play app's board in the preview, and the server must stop on SIGTERM. The
preview is a half-width panel (about 515×647): a whole game is played in it by clicks, with
the decision inside its window at every step, no word cut, nothing scrolled sideways, and the
answer to a click on a spot that is not lit in sight.

With Jupytext's asynchronous contents manager the preview stayed at "Executing 3 of 3"
("'coroutine' object is not subscriptable" in Voila's exporter) and the server then
ignored SIGTERM. Screenshots go to build/browser/.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from browser_support import ARTIFACTS, GAME_OVER, LAPTOP, ROOT, chromium_page, clipped, lab_server, require_browser
from test_browser_laptop import CUT_JS, DECISION, OUTSIDE_JS, TOP_JS, act, unlit_click

TOKEN = "exlab-test-token"


def _prepare(tmp_path: Path) -> tuple[Path, Path]:
    """The copy of notebooks/ and an empty Jupyter home, prepared as ``make lab`` does:
    the Lab settings overrides in place and the notebooks trusted."""
    notebooks = tmp_path / "notebooks"
    shutil.copytree(ROOT / "notebooks", notebooks, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    now = time.time()
    for path in notebooks.rglob("*"):  # one time for every file, as a fresh clone has them
        os.utime(path, (now, now))
    home = tmp_path / "jupyter"
    settings = Path(sys.prefix) / "share" / "jupyter" / "lab" / "settings"
    settings.mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / "notebooks" / "jupyterlab-overrides.json", settings / "overrides.json")
    subprocess.run(
        [str(Path(sys.executable).parent / "jupyter"), "trust", *map(str, sorted(notebooks.glob("*.ipynb")))],
        check=True,
        capture_output=True,
        env={"JUPYTER_DATA_DIR": str(home / "data"), "PATH": str(Path(sys.executable).parent)},
    )
    return notebooks, home


def _preview_problems(frame, when: str) -> list[str]:
    """What of the decision lies outside the preview's window, what text is cut, what is
    clipped or scrolled sideways, in the preview's frame."""
    frame.evaluate(TOP_JS)
    width = frame.evaluate("() => window.innerWidth")
    found = frame.evaluate(OUTSIDE_JS, list(DECISION)) + frame.evaluate(CUT_JS) + clipped(frame)
    return [f"preview {width} px wide, {when}: {p}" for p in found]


def test_render_with_voila_shows_the_board_and_the_lab_stops(tmp_path):
    require_browser()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    notebooks, home = _prepare(tmp_path)
    with lab_server(notebooks, home, TOKEN) as server:
        with chromium_page(LAPTOP) as page:
            page.goto(f"{server.url}lab/tree/03_play.ipynb?token={TOKEN}", timeout=120_000)
            page.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=120_000)
            assert page.locator(".jp-FileBrowser").first.is_visible(), "the file browser is not open"
            render = page.locator(".jp-NotebookPanel-toolbar .voilaRender")
            render.wait_for(timeout=60_000)
            page.screenshot(path=str(ARTIFACTS / "lab-notebook.png"))
            start = time.perf_counter()
            render.click()
            preview = page.frame_locator("iframe[src*='voila/render']")
            try:
                preview.locator(".exlab-market-card").first.wait_for(timeout=120_000)
            except Exception:
                page.screenshot(path=str(ARTIFACTS / "lab-voila-stuck.png"))
                raise AssertionError(f"no board in the Voila preview within 120 s; see {server.log_path}") from None
            seconds = time.perf_counter() - start
            assert not page.locator(".jp-Dialog").count(), "the preview asked a question (untrusted notebook?)"
            assert preview.locator(".exlab-market-card").count() == 18
            page.screenshot(path=str(ARTIFACTS / "lab-voila-preview.png"))
            # the half-width preview: the decision in its window, no word cut, then a card taken
            frame = page.locator("iframe[src*='voila/render']").element_handle().content_frame()
            problems = _preview_problems(frame, "the start")
            frame.locator(".exlab-market-card.exlab-takeable").first.click()
            frame.wait_for_selector(".exlab-legal", timeout=60_000)
            frame.wait_for_timeout(300)
            problems += _preview_problems(frame, "a card taken")
            page.screenshot(path=str(ARTIFACTS / "lab-voila-preview-taken.png"))
            clicks, unlit = 0, False
            while act(frame) != "over" and not frame.locator(GAME_OVER).count():
                clicks += 1
                assert clicks < 250, "the game did not end"
                problems += _preview_problems(frame, f"click {clicks}")
                # once a card in hand may not go everywhere: a click where it may not
                if not unlit and frame.locator(".exlab-legal").count():
                    unlit = unlit_click(frame, f"the preview, click {clicks}", problems)
                    if unlit:
                        page.screenshot(path=str(ARTIFACTS / "lab-voila-preview-unlit.png"))
            assert unlit, "no card in hand had a spot it may not go to"
            frame.evaluate(TOP_JS)
            page.screenshot(path=str(ARTIFACTS / "lab-voila-preview-end.png"))
            assert not problems, f"{len(problems)} problems: " + "; ".join(problems[:8])
        log = server.log()
        assert "coroutine" not in log and "Traceback" not in log, f"errors in {server.log_path}"
        kernels = server.children()
        assert server.stop(seconds=30), "JupyterLab did not exit within 30 s of SIGTERM"
        assert not [k for k in kernels if k.is_running()], "kernels outlived the server"
    print(f"Render with Voila → board in {seconds:.1f} s")
