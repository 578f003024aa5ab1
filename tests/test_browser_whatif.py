"""The what-if explorer of notebook 04 in real Chromium through Voila: moving the
sliders (keyboard on the slider handle) and clicking the heatmap change the expected-fame
text to what ``odds`` gives for the new pair. Screenshots go to build/browser/."""

from __future__ import annotations

import re

import pytest

import exhibition_lab as xl
from exhibition_lab import odds
from tests.browser_support import ARTIFACTS, chromium_page, open_voila_page, voila_server

DECK = xl.standard_deck()
EXPECTED = ".exlab-whatif-expected .exlab-whatif-expected-value"


@pytest.fixture(scope="module")
def voila_url():
    with voila_server("04_solo_odds.ipynb") as url:
        yield url


def shown_pair(explorer) -> tuple[int, int]:
    values = explorer.locator(".widget-readout")
    return int(values.nth(0).inner_text()), int(values.nth(1).inner_text())


def wait_for_expected(page, explorer, value: float) -> None:
    text = f"{value:.2f} fp"
    page.wait_for_function(
        "([el, text]) => el.innerText.includes(text)",
        arg=[explorer.locator(EXPECTED).element_handle(), text],
        timeout=20_000,
    )


def test_sliders_and_heatmap_change_the_expected_fame(voila_url):
    with chromium_page() as page:
        page.goto(voila_url, timeout=120_000)
        page.wait_for_selector(EXPECTED, timeout=120_000)
        explorer = page.locator(".exlab-whatif").first
        explorer.scroll_into_view_if_needed()
        left, right = shown_pair(explorer)
        assert (left, right) == (1912, 1987)
        first = explorer.locator(EXPECTED).inner_text()
        assert first == f"{odds.pair_odds('years_gap', left, right, DECK).expected:.2f} fp"
        page.screenshot(path=str(ARTIFACTS / "whatif-start.png"))

        # drag the Right card handle to the left and the Left card handle to the right
        for css, dx in ((".exlab-whatif-right", -60), (".exlab-whatif-left", 40)):
            handle = explorer.locator(f"{css} .noUi-handle").bounding_box()
            x, y = handle["x"] + handle["width"] / 2, handle["y"] + handle["height"] / 2
            page.mouse.move(x, y)
            page.mouse.down()
            page.mouse.move(x + dx / 2, y, steps=4)
            page.mouse.move(x + dx, y, steps=4)
            page.mouse.up()
        page.wait_for_timeout(500)
        left, right = shown_pair(explorer)
        assert left > 1912 and right < 1987  # the drags moved both sliders
        wait_for_expected(page, explorer, odds.pair_odds("years_gap", left, right, DECK).expected)
        assert explorer.locator(EXPECTED).inner_text() != first
        page.screenshot(path=str(ARTIFACTS / "whatif-sliders-moved.png"))

        # another goal: the same pair under Short Era
        explorer.locator(".exlab-whatif-goal .widget-toggle-button", has_text="Short Era").click()
        page.wait_for_timeout(500)
        page.screenshot(path=str(ARTIFACTS / "whatif-short-era.png"))
        wait_for_expected(page, explorer, odds.pair_odds("short_era", left, right, DECK).expected)

        # a click on the heatmap square of 1930 (up) and 1970 (across)
        canvas = explorer.locator(".exlab-whatif-heatmap canvas")
        box = canvas.bounding_box()
        x = box["x"] + (1970 - 1900 + 0.5) * box["width"] / 100
        y = box["y"] + (99 - (1930 - 1900) + 0.5) * box["height"] / 100
        page.mouse.click(x, y)
        page.wait_for_timeout(1000)
        page.screenshot(path=str(ARTIFACTS / "whatif-heatmap-click.png"))
        wait_for_expected(page, explorer, odds.pair_odds("short_era", 1930, 1970, DECK).expected)
        assert shown_pair(explorer) == (1930, 1970)
        page.screenshot(path=str(ARTIFACTS / "whatif-heatmap-click.png"))

        # an impossible pair says why: the heatmap's empty half, left 1980 and right 1930
        x = box["x"] + (1930 - 1900 + 0.5) * box["width"] / 100
        y = box["y"] + (99 - (1980 - 1900) + 0.5) * box["height"] / 100
        page.mouse.click(x, y)
        page.wait_for_function(
            "el => /R11/.test(el.innerText)",
            arg=explorer.locator(".exlab-whatif-message").element_handle(),
            timeout=20_000,
        )
        assert re.search(r"older than the right", explorer.locator(".exlab-whatif-message").inner_text())
        page.screenshot(path=str(ARTIFACTS / "whatif-refused.png"))

        # simulated play in the background: the bar fills, the orange bars and summary appear
        page.mouse.click(box["x"] + 95.5 * box["width"] / 100, box["y"] + (99 - 5 + 0.5) * box["height"] / 100)
        explorer.locator(".exlab-whatif-simulate-controls select").select_option("random")
        explorer.locator(".exlab-whatif-simulate").click()
        summary = explorer.locator(".exlab-whatif-simulated")
        page.wait_for_function(
            "el => /\\d+ games by the random bot/.test(el.innerText)", arg=summary.element_handle(), timeout=60_000
        )
        assert "simulated play" in explorer.locator(".exlab-whatif-chart").inner_html()
        summary.scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / "whatif-simulated.png"))
        page.screenshot(path=str(ARTIFACTS / "whatif-page.png"), full_page=True)


def test_the_spanish_map_speaks_spanish():
    """In the Spanish lesson the map's axes and its hover line are Spanish, the value with a
    decimal comma (the words come from the catalog, the browser only fills the number)."""
    with voila_server("es/04_solo_odds.ipynb") as url, chromium_page() as page:
        open_voila_page(page, url, EXPECTED, timeout_s=120)
        explorer = page.locator(".exlab-whatif").first
        explorer.scroll_into_view_if_needed()
        heatmap = explorer.locator(".exlab-whatif-heatmap")
        canvas = heatmap.locator("canvas")
        box = canvas.bounding_box()
        page.mouse.move(
            box["x"] + (1987 - 1900 + 0.5) * box["width"] / 100, box["y"] + (99 - 12 + 0.5) * box["height"] / 100
        )
        page.mouse.click(
            box["x"] + (1987 - 1900 + 0.5) * box["width"] / 100, box["y"] + (99 - 12 + 0.5) * box["height"] / 100
        )
        page.wait_for_timeout(1000)
        said = heatmap.inner_text()
        page.screenshot(path=str(ARTIFACTS / "whatif-es.png"))
        assert "carta izquierda ↑" in said and "carta derecha →" in said and "5 pf" in said, said
        assert re.search(r"se esperan \d+,\d\d pf", said), said
        for english in ("left card", "right card", "fp expected", "no such pair", " fp"):
            assert english not in said, said
