"""The play app in Spanish and in Japanese, in a real browser at laptop size: Voila serves
notebooks/es/03_play.ipynb and notebooks/ja/03_play.ipynb, Chromium plays one whole game in
each. At every step no text spills out of its box: long Spanish words and Japanese lines stay
inside the cards, the spots, the buttons and the status box. Screenshots go to
build/browser/play-<language>-*.png.

Needs Debian's chromium, voila and playwright (see browser_support.py).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_support import (
    ARTIFACTS,
    CHROMIUM,
    CHROMIUM_ARGS,
    GAME_OVER,
    LAPTOP,
    click_next,
    open_voila_page,
    voila_server,
)

pytestmark = pytest.mark.slow

#: What the app says in each language where the English test reads "Game over" and "Winner".
WORDS = {
    "es": {"over": "Fin de la partida", "winner": "Gana"},
    "ja": {"over": "ゲーム終了", "winner": "勝者"},
}
# The number of moves in the log's summary, whatever brackets the language writes it in
# ("Movimientos (12)", "手順（12件）").
MOVES_JS = "() => parseInt(document.querySelector('.exlab-log details').dataset.moves)"
MOVES_ABOVE_JS = "n => parseInt(document.querySelector('.exlab-log details').dataset.moves) > n"
#: The boxes that hold words a player reads.
TEXT_BOXES = (
    ".exlab-app button",
    ".exlab-app .widget-button",
    ".exlab-market-card",
    ".exlab-spot",
    ".exlab-depot-card",
    ".exlab-status-frame",
    ".exlab-banner",
    ".exlab-turns",
    ".exlab-tile-head",
    ".exlab-live-score th",
    ".exlab-live-score td",
)
# An element whose content is wider or taller than its box, with the text that spills.
OVERFLOW_JS = """selectors => {
  const found = [];
  for (const selector of selectors) {
    for (const e of document.querySelectorAll(selector)) {
      const box = e.getBoundingClientRect();
      if (!box.width || !box.height) continue;  // hidden
      const style = getComputedStyle(e);
      if (style.overflowY === 'auto' || style.overflowY === 'scroll') continue;  // scrolls on purpose
      if (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1) {
        found.push(selector + ': ' + e.innerText.replace(/\\s+/g, ' ').slice(0, 60)
                   + ` (${e.scrollWidth}×${e.scrollHeight} in ${e.clientWidth}×${e.clientHeight})`);
      }
    }
  }
  for (const e of document.querySelectorAll('.exlab-halls-table, .exlab-app')) {
    const box = e.getBoundingClientRect();
    if (box.width && box.right > window.innerWidth + 1) {
      found.push(e.className + ` ends at ${Math.round(box.right)}, beyond the window`);
    }
  }
  return found;
}"""


@contextlib.contextmanager
def chromium_page_with_japanese() -> Iterator:
    """A Playwright page in Debian's headless Chromium at 1366×768 that also finds IPAex
    Gothic, the Japanese font the package ships for its charts (matplotlib-fontja): a test
    machine often has no Japanese font, a Japanese reader's machine always has one."""
    import matplotlib_fontja
    from playwright.sync_api import sync_playwright

    fonts = Path(matplotlib_fontja.__file__).parent / "fonts"
    config = ARTIFACTS / "fonts.conf"
    config.write_text(
        '<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>'
        f'<include ignore_missing="yes">/etc/fonts/fonts.conf</include><dir>{fonts}</dir></fontconfig>'
    )
    env = {**os.environ, "FONTCONFIG_FILE": str(config)}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, env=env)
        try:
            yield browser.new_page(viewport=LAPTOP)
        finally:
            browser.close()


def _overflowing(page) -> list[str]:
    return page.evaluate(OVERFLOW_JS, list(TEXT_BOXES))


def _step(page) -> str:
    before = page.evaluate(MOVES_JS)
    what = click_next(page)
    if what == "over":
        return what
    try:
        page.wait_for_function(MOVES_ABOVE_JS, arg=before, timeout=60_000)
    except Exception:
        page.screenshot(path=str(ARTIFACTS / "play-language-stuck.png"), full_page=True)
        raise AssertionError(f"{what} changed nothing: {page.locator('.exlab-status').first.inner_text()!r}") from None
    return what


@pytest.mark.parametrize("language", sorted(WORDS))
def test_play_app_in_the_language_fits_at_laptop_size(language):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    shot = ARTIFACTS / f"play-{language}"
    problems: dict[str, list[str]] = {}
    with voila_server(f"{language}/03_play.ipynb") as url, chromium_page_with_japanese() as page:
        open_voila_page(page, url, ".exlab-market-card", timeout_s=120)
        page.screenshot(path=f"{shot}-start.png")
        problems["start"] = _overflowing(page)
        page.locator(".exlab-setup-toggle").click()
        page.wait_for_selector(".exlab-setup .exlab-new-game", state="visible")
        page.screenshot(path=f"{shot}-setup.png")
        problems["setup"] = _overflowing(page)
        page.locator(".exlab-setup-toggle").click()
        page.wait_for_selector(".exlab-setup", state="hidden")

        clicks, midgame, nofit = 0, False, False
        while not page.locator(GAME_OVER).count():
            what = _step(page)
            clicks += 1
            assert clicks < 250, "the game did not end"
            if page.locator(GAME_OVER).count():
                break
            if what == "take" or clicks % 5 == 0:
                problems[f"click {clicks}"] = _overflowing(page)
            if not midgame and clicks > 14 and page.locator(".exlab-legal").count():
                midgame = True
                page.screenshot(path=f"{shot}-midgame.png")
                page.locator(".exlab-app").screenshot(path=f"{shot}-board.png")
            if not nofit and page.locator(".exlab-nofit").count():
                nofit = True
                problems["no fit"] = _overflowing(page)
                page.screenshot(path=f"{shot}-no-fit.png")
        problems["end"] = _overflowing(page)
        page.screenshot(path=f"{shot}-end.png")
        assert WORDS[language]["over"] in page.locator(".exlab-banner").inner_text()
        assert WORDS[language]["winner"] in page.locator(".exlab-score-sheet").first.inner_text()
    spilled = {when: found for when, found in problems.items() if found}
    assert not spilled, f"{language}: text spills out of its box: {spilled}"
