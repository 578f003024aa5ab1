"""The Timeline app in a real browser: Voila serves 06_timeline_app.ipynb, Chromium plays a
whole game at 1366×768 and keeps screenshots in build/browser/.

Needs Debian's chromium, voila and playwright; without chromium the test is skipped locally
and fails under CI.
"""

from __future__ import annotations

import pytest
from browser_support import ARTIFACTS, chromium_page, voila_server


@pytest.fixture
def voila_url():
    with voila_server("06_timeline_app.ipynb") as url:
        yield url


def _plays(page) -> int:
    text = page.locator(".exlab-tl-log summary").inner_text()
    return int(text.split("(")[1].split(")")[0])


def _new_game(page, label: str, ready: str) -> None:
    """Choose ``label`` in the players menu and start a new game; ``ready`` is a JS test of
    the new page. The menu's value reaches the kernel on its own message, so a click that
    came first is simply repeated."""
    page.locator(".exlab-tl-app select").first.select_option(label=label)
    for _ in range(3):
        page.wait_for_timeout(300)
        page.locator(".exlab-tl-new-game").click()
        try:
            page.wait_for_function(ready, timeout=10_000)
            return
        except Exception:
            continue
    raise AssertionError(f"'New game' with {label!r} did not start it")


PLAYS_GROW = "n => parseInt(document.querySelector('.exlab-tl-log summary').innerText.split('(')[1]) > n"


def _play_first_gap(page, *, pick_card: bool) -> None:
    """Play into the first lit gap and wait for the play to show in the log. On a busy
    machine a click can reach the page while it is still redrawing; it is tried again."""
    before = page.locator(".exlab-tl-status").first.inner_text()
    for _ in range(3):
        if pick_card and not page.locator(".exlab-tl-gap-lit").count():  # a second click would unpick it
            page.locator(".exlab-tl-hand-card").first.click()
        page.wait_for_selector(".exlab-tl-gap-lit", timeout=30_000)
        page.wait_for_timeout(400)  # the whole timeline is redrawn after a pick; click once it settled
        page.locator(".exlab-tl-gap-lit").first.click()
        try:
            # every play rewrites the status with its reveal (the plays counter may still show
            # the previous game's count right after "New game")
            page.wait_for_function(
                "t => document.querySelector('.exlab-tl-status').innerText !== t", arg=before, timeout=15_000
            )
            return
        except Exception:
            continue
    page.screenshot(path=str(ARTIFACTS / "timeline-stuck.png"), full_page=True)
    status = page.locator(".exlab-tl-status").first.inner_text()
    raise AssertionError(f"three plays changed nothing; status: {status!r}")


def test_play_timeline_in_chromium(voila_url):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with chromium_page() as page:
        page.goto(voila_url, timeout=90_000)
        page.wait_for_selector(".exlab-tl-hand-card", timeout=90_000)
        assert page.locator(".exlab-tl-hand-card").count() == 6
        assert page.locator(".exlab-tl-gap").count() == 2
        page.screenshot(path=str(ARTIFACTS / "timeline-start.png"))
        clicks = 0
        while "Game over" not in page.locator(".exlab-tl-banner").inner_text():
            before = _plays(page)
            page.locator(".exlab-tl-hand-card").first.click()
            page.wait_for_selector(".exlab-tl-gap-lit", timeout=30_000)
            if clicks == 2:
                page.screenshot(path=str(ARTIFACTS / "timeline-selected.png"))
            gaps = page.locator(".exlab-tl-gap-lit")
            # alternate ends and middle so some plays are right and some wrong
            gaps.nth([0, gaps.count() // 2, gaps.count() - 1][clicks % 3]).click()
            try:
                page.wait_for_function(PLAYS_GROW, arg=before, timeout=30_000)
            except Exception:
                page.screenshot(path=str(ARTIFACTS / "timeline-stuck.png"), full_page=True)
                status = page.locator(".exlab-tl-status").first.inner_text()
                raise AssertionError(f"click {clicks + 1} changed nothing; status: {status!r}") from None
            clicks += 1
            status = page.locator(".exlab-tl-status").first.inner_text()
            assert "right" in status or "wrong" in status
            if clicks == 3:
                page.screenshot(path=str(ARTIFACTS / "timeline-midgame.png"))
            assert clicks < 150, "the game did not end"
        banner = page.locator(".exlab-tl-banner").inner_text()
        assert "wins" in banner or "win" in banner
        page.screenshot(path=str(ARTIFACTS / "timeline-end.png"))
        # eight players: the hand and seven bots' reveals still fit the laptop screen
        _new_game(page, "8 players", "document.querySelectorAll('.exlab-tl-hand-card').length == 4")
        # one play, then the layout: the hand, the timeline and seven bots' reveals on one screen
        _play_first_gap(page, pick_card=True)
        assert page.locator(".exlab-tl-bot-play").count() >= 1
        page.screenshot(path=str(ARTIFACTS / "timeline-8-players.png"))
        # solo practice from the controls
        _new_game(page, "Solo practice", "document.querySelector('.exlab-tl-banner').innerText.includes('Solo')")
        for _ in range(40):
            if "Practice over" in page.locator(".exlab-tl-banner").inner_text():
                break
            _play_first_gap(page, pick_card=False)
        assert "Practice over" in page.locator(".exlab-tl-banner").inner_text()
        assert "streak" in page.locator(".exlab-tl-streak").inner_text()
        page.screenshot(path=str(ARTIFACTS / "timeline-solo.png"))
    assert (ARTIFACTS / "timeline-end.png").stat().st_size > 10_000
