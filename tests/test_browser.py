"""The play app in a real browser: Voila serves 03_play.ipynb, Chromium plays a whole game.

Needs Debian's chromium (``apt-get install chromium``), voila and playwright. Without
chromium the test is skipped locally; under CI (``CI=true``) it fails instead.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARTIFACTS = ROOT / "build" / "browser"


def _require_browser() -> None:
    missing = []
    if not Path(CHROMIUM).exists():
        missing.append("chromium (apt-get install -y chromium)")
    for module in ("voila", "playwright"):
        try:
            __import__(module)
        except ImportError:
            missing.append(f"{module} (pip install -e '.[test]')")
    if missing:
        message = "browser test needs " + ", ".join(missing)
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def voila_url():
    _require_browser()
    port = _free_port()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    log = open(ARTIFACTS / "voila.log", "w")  # noqa: SIM115 - closed in the finally below
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "voila",
            str(ROOT / "notebooks" / "03_play.ipynb"),
            "--no-browser",
            f"--port={port}",
            "--Voila.ip=127.0.0.1",
        ],
        stdout=log,
        stderr=subprocess.STDOUT,
        cwd=ROOT,
    )
    try:
        deadline = time.time() + 60
        while time.time() < deadline:
            with socket.socket() as sock:
                if sock.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.3)
        else:
            pytest.fail("voila did not start within 60 s; see build/browser/voila.log")
        yield f"http://127.0.0.1:{port}/"
    finally:
        server.terminate()
        server.wait(timeout=20)
        log.close()


def _moves(page) -> int:
    text = page.locator(".exlab-log summary").inner_text()
    return int(text.split("(")[1].split()[0])


def _click_next(page) -> str:
    for selector, what in [
        (".exlab-market-card:not([disabled])", "take"),
        (".exlab-continent-choice:not([disabled])", "move"),
        (".exlab-legal", "place"),
        (".exlab-depot:not([disabled])", "depot"),
        (".exlab-end-exhibition:not([disabled])", "end"),
    ]:
        target = page.locator(selector)
        if target.count():
            target.first.click()
            return what
    raise AssertionError("no control to click, but the game is not over")


def test_play_a_whole_game_in_chromium(voila_url):
    from playwright.sync_api import sync_playwright

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
        )
        page = browser.new_page(viewport={"width": 1200, "height": 1000})
        page.goto(voila_url, timeout=90_000)
        page.wait_for_selector(".exlab-market-card", timeout=90_000)
        assert page.locator(".exlab-spot").count() == 16
        assert page.locator(".exlab-market-card").count() == 18
        clicks = 0
        while not page.locator(".exlab-score-sheet h3").count():
            before = _moves(page)
            what = _click_next(page)
            try:
                page.wait_for_function(
                    "n => parseInt(document.querySelector('.exlab-log summary').innerText.split('(')[1]) > n",
                    arg=before,
                    timeout=30_000,
                )
            except Exception:
                page.screenshot(path=str(ARTIFACTS / "play-app-stuck.png"), full_page=True)
                status = page.locator(".exlab-status").first.inner_text()
                raise AssertionError(f"click {clicks + 1} ({what}) changed nothing; status: {status!r}") from None
            clicks += 1
            if clicks == 2:
                page.screenshot(path=str(ARTIFACTS / "play-app-midgame.png"))
            assert clicks < 200, f"game did not end (last click: {what})"
        sheet = page.locator(".exlab-score-sheet").first.inner_text()
        assert "Score sheet" in sheet and "Total" in sheet and "Winner" in sheet
        assert "Game over" in page.locator(".exlab-banner").inner_text()
        page.screenshot(path=str(ARTIFACTS / "play-app-end.png"), full_page=True)
        browser.close()
    assert (ARTIFACTS / "play-app-end.png").stat().st_size > 10_000
