"""The play app in a real browser: Voila serves 03_play.ipynb, Chromium plays a whole game.

Needs Debian's chromium (``apt-get install chromium``), voila and playwright. Without
chromium the test is skipped locally; under CI (``CI=true``) it fails instead.
"""

from __future__ import annotations

import pytest
from browser_support import ARTIFACTS, chromium_page, voila_server


@pytest.fixture
def voila_url():
    with voila_server("03_play.ipynb") as url:
        yield url


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
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with chromium_page({"width": 1200, "height": 1000}) as page:
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
    assert (ARTIFACTS / "play-app-end.png").stat().st_size > 10_000
