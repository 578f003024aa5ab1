"""The play app arranges itself to the width it is given.

In Voila, the app's output area is set to 950 and 1100 px (a notebook cell in
JupyterLab at 1366×768 with the file browser open, a narrower window) and a
short game is played by clicks: at every step every spot, the Depot, both its controls, the
tile and the status lie inside the container, no box scrolls sideways and no control's label
is cut. Then the same in a real JupyterLab (as ``make lab`` starts it) with the file browser
open: 03_play.ipynb is run and played, with the decision (the status line, the cards you may
take, the spots your card may go to, the Depot's controls) in the notebook's visible part at
every step. Screenshots go to build/browser/fit-*.png.

Needs Debian's chromium, voila and playwright (see browser_support).
"""

from __future__ import annotations

import pytest
from browser_support import (
    ARTIFACTS,
    GAME_OVER,
    LAPTOP,
    MOVES_ABOVE_JS,
    MOVES_JS,
    chromium_page,
    click_next,
    clipped,
    cut_short,
    lab_server,
    open_voila_page,
    require_browser,
    voila_server,
)
from test_browser_laptop import DECISION, HALL_AT_JS, TOP_JS, tile_in_sight
from test_lab_voila import TOKEN, _prepare

# 1366 px (Voila full width) is played whole, in three languages, by test_browser_laptop.py
WIDTHS = (950, 1100)
# Each visible element of the selectors that lies (even partly) outside the notebook's
# scrolled panel: what a player sees of the notebook without scrolling.
IN_PANEL_JS = """([selectors, outer]) => {
  const b = document.querySelector(outer).getBoundingClientRect();
  const out = [];
  for (const selector of selectors) {
    [...document.querySelectorAll(selector)].forEach((e, k) => {
      const r = e.getBoundingClientRect();
      if (!r.width || !r.height || getComputedStyle(e).visibility === 'hidden') return;
      if (r.top < b.top - 1 || r.bottom > b.bottom + 1 || r.left < b.left - 1 || r.right > b.right + 1)
        out.push(`${selector}[${k}] at ${Math.round(r.top)}–${Math.round(r.bottom)} outside the notebook's ` +
                 `${Math.round(b.top)}–${Math.round(b.bottom)}`);
    });
  }
  return out;
}"""
# The app's output area made ``w`` px wide, as a notebook cell of that width would be.
SET_WIDTH_JS = """w => { const c = document.querySelector('.exlab-app').parentElement;
  for (const p of ['width', 'max-width', 'min-width']) c.style.setProperty(p, w + 'px', 'important');
  c.style.setProperty('display', 'block', 'important'); }"""


def _play(page, clicks: int, check, shot: str) -> None:
    """Up to ``clicks`` clicks of a simple player (fewer at game over), ``check`` after each;
    a screenshot of the middle of the game and of its end."""
    check("at the start")
    for k in range(clicks):
        if page.locator(GAME_OVER).count():
            break
        before = page.evaluate(MOVES_JS)
        what = click_next(page)
        if what == "over":
            break
        page.wait_for_function(MOVES_ABOVE_JS, arg=before, timeout=60_000)
        page.wait_for_timeout(150)  # the redraw of the bots' turns
        check(f"after click {k + 1} ({what})")
        if k == 12:
            page.screenshot(path=str(ARTIFACTS / f"{shot}-midgame.png"), full_page=True)
    if page.locator(GAME_OVER).count():
        page.screenshot(path=str(ARTIFACTS / f"{shot}-end.png"), full_page=True)


def _assert_fits(page, when: str, outer: str | None = None) -> None:
    problems = clipped(page, outer)
    assert not problems, f"{when}: " + "; ".join(problems[:6])


@pytest.mark.parametrize("width", WIDTHS)
def test_play_app_fits_its_container(width):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with voila_server("03_play.ipynb") as url, chromium_page({"width": 1366, "height": 900}) as page:
        open_voila_page(page, url, ".exlab-market-card", timeout_s=90)
        page.evaluate(SET_WIDTH_JS, width)
        page.wait_for_timeout(300)
        shot = f"fit-voila-{width}"
        page.screenshot(path=str(ARTIFACTS / f"{shot}-start.png"), full_page=True)
        page.locator(".exlab-hint").click()
        page.wait_for_selector(".exlab-hint-panel .exlab-hint-close", state="visible", timeout=60_000)
        _assert_fits(page, f"{width} px, the hint open")
        page.screenshot(path=str(ARTIFACTS / f"{shot}-hint.png"), full_page=True)
        page.locator(".exlab-hint-close").click()
        page.wait_for_selector(".exlab-hint-panel", state="hidden")
        _play(page, 200, lambda when: _assert_fits(page, f"{width} px, {when}"), shot)
        assert page.locator(GAME_OVER).count(), "the game did not end"
        more = page.locator(".exlab-status-more")
        if more.is_visible():  # the last news is longer than the box: it opens inside the width
            more.click()
            page.wait_for_selector(".exlab-status-box.exlab-status-open")
            _assert_fits(page, f"{width} px, the status opened at game over")


@pytest.mark.parametrize("language", ["es", "en", "ja"])
def test_the_new_game_panel_shows_every_line_of_every_variation(language):
    """The New game panel at a JupyterLab cell's width (930 px, file browser open) and at 600,
    950 and 1100 px: every variation's line (V2–V7) wraps whole, no line cut at its bottom,
    each "Seat n" on one line, nothing clipped sideways."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    notebook = "03_play.ipynb" if language == "en" else f"{language}/03_play.ipynb"
    problems: list[str] = []
    with voila_server(notebook) as url, chromium_page({"width": 1366, "height": 900}) as page:
        open_voila_page(page, url, ".exlab-market-card", timeout_s=180)
        page.locator(".exlab-setup-toggle").first.click()
        page.wait_for_selector(".exlab-setup .exlab-new-game", state="visible")
        for width in (930, 600, 950, 1100):
            page.evaluate(SET_WIDTH_JS, width)
            page.wait_for_timeout(400)
            problems.extend(f"{width} px: {p}" for p in cut_short(page) + clipped(page))
            seats = page.evaluate(SEAT_HEIGHTS_JS)
            problems.extend(f"{width} px: a seat's label on {h} px, two lines" for h in seats if h > 24)
            page.locator(".exlab-setup").screenshot(path=str(ARTIFACTS / f"fit-setup-{language}-{width}.png"))
    assert not problems, f"{language}: " + "; ".join(problems[:6])


# The height of each visible "Seat n" label of the New game panel.
SEAT_HEIGHTS_JS = """() => [...document.querySelectorAll('.exlab-seat-label')]
  .map(e => e.getBoundingClientRect().height).filter(h => h > 0)"""


def _accept_kernel_choice(page) -> None:
    """JupyterLab may ask which kernel to start when it knows several (the test kernel is one):
    take the notebook's own, Python 3, as a user would."""
    dialog = page.locator(".jp-Dialog")
    try:
        dialog.wait_for(timeout=5_000)
    except Exception:
        return  # no question asked
    choices = dialog.locator("select")
    if choices.count():
        label = next((o for o in choices.first.locator("option").all_inner_texts() if o.startswith("Python 3")), None)
        if label is not None:
            choices.first.select_option(label=label)
    dialog.locator(".jp-Dialog-button.jp-mod-accept").click()


def test_play_app_fits_in_jupyterlab_with_the_file_browser_open(tmp_path):
    require_browser()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    notebooks, home = _prepare(tmp_path)
    with lab_server(notebooks, home, TOKEN) as server, chromium_page(LAPTOP) as page:
        # the play lessons' kernels start with the server (lab/prestart_kernels.py)
        server.wait_for_log(r"Kernels of the play lessons started", 120)
        page.goto(f"{server.url}lab/tree/03_play.ipynb?token={TOKEN}", timeout=120_000)
        page.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=120_000)
        assert page.locator(".jp-FileBrowser").first.is_visible(), "the file browser is not open"
        # a newcomer runs the lesson as soon as it opens: the first Run All draws the board
        # (JupyterLab drops or misroutes a run sent while the notebook's kernel still starts)
        page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
        page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
        _accept_kernel_choice(page)
        try:
            page.wait_for_selector(".jp-NotebookPanel .exlab-market-card", timeout=90_000)
        except Exception:
            page.screenshot(path=str(ARTIFACTS / "fit-lab-stuck.png"))
            raise
        outer = ".jp-NotebookPanel .jp-WindowedPanel-outer"
        # Run All brings the board into view by itself: the tile below the status line
        hidden = tile_in_sight(page, "JupyterLab, after Run All", outer)
        page.screenshot(path=str(ARTIFACTS / "fit-lab-start.png"))
        assert not hidden, "; ".join(hidden)
        page.locator(".exlab-app").scroll_into_view_if_needed()
        width = page.locator(".exlab-app").evaluate("e => e.parentElement.getBoundingClientRect().width")
        print(f"the app's output area in JupyterLab at 1366×768, file browser open: {width:.0f} px")
        page.evaluate(TOP_JS)
        hall_at = {page.evaluate(HALL_AT_JS)}

        def check(when: str) -> None:
            _assert_fits(page, f"JupyterLab, {when}", outer)
            # the decision in the notebook's visible part, the status line at its top; while
            # a card waits for its spot, both of the Depot's controls too, lit or not (R10a, R24)
            shown = list(DECISION)
            if page.locator(".exlab-legal, .exlab-depot.exlab-lit").count():
                shown += [".exlab-depot", ".exlab-end-exhibition"]
            found = page.evaluate(IN_PANEL_JS, [shown, outer])
            assert not found, f"JupyterLab, {when}: " + "; ".join(found[:6])
            if not page.locator(GAME_OVER).count():
                hall_at.add(page.evaluate(HALL_AT_JS))
                assert len(hall_at) == 1, f"JupyterLab, {when}: your hall moved, its top at {sorted(hall_at)} px"

        _play(page, 20, check, "fit-lab")
        page.locator(".exlab-app").scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / "fit-lab-played.png"))


# Each tile card: the lines of its words wholly inside the card and all of them, whether it is
# marked new, where its first line starts below the card's top, and the gap to the card under it.
CARD_LINES_JS = """() => [...document.querySelectorAll('.exlab-market-card')].filter(b =>
    getComputedStyle(b).visibility !== 'hidden' && b.getBoundingClientRect().height).map(b => {
  const r = b.getBoundingClientRect(), range = document.createRange();
  range.selectNodeContents(b);
  const lines = new Map();
  for (const q of range.getClientRects()) if (q.width > 0) lines.set(Math.round(q.top), q.bottom);
  const tops = [...lines.keys()].sort((x, y) => x - y);
  const shown = tops.filter(t => t >= r.top - 0.5 && lines.get(t) <= r.bottom + 0.5).length;
  const next = b.nextElementSibling && b.nextElementSibling.classList.contains('exlab-market-card')
    && getComputedStyle(b.nextElementSibling).visibility !== 'hidden' ? b.nextElementSibling : null;
  return {text: b.innerText.replace(/\\n/g, ' / '), shown, total: tops.length,
          fresh: b.classList.contains('exlab-new-card'),
          first: tops.length ? tops[0] - r.top : 0,
          gap: next ? next.getBoundingClientRect().top - r.bottom : null};
})"""
# The hint panel: its scroll, the rows of options wholly in its visible part, its headings' height.
HINT_JS = """() => { const p = document.querySelector('.exlab-hint-panel'), b = p.getBoundingClientRect();
  const rows = [...p.querySelectorAll('table.exlab-hint-table tr')].slice(1);
  const line = parseFloat(getComputedStyle(p.querySelector('table.exlab-hint-table')).lineHeight) || 16;
  const tile = document.querySelector('.exlab-market').getBoundingClientRect();
  return {top: p.scrollTop, rows: rows.filter(r => r.getBoundingClientRect().bottom <= b.bottom + 0.5).length,
          all: rows.length, overflow: p.scrollHeight - p.clientHeight, below: b.bottom - tile.bottom,
          heading: Math.max(...[...p.querySelectorAll('table.exlab-hint-table th')]
                               .map(h => h.getBoundingClientRect().height)),
          line}; }"""


@pytest.mark.parametrize("language", ["en", "es"])
def test_tile_cards_show_their_subject_and_the_hint_moves_nothing_in_a_notebook_cell(language):
    """In a notebook cell beside JupyterLab's file browser (about 950 px): each tile card shows
    three lines of its subject (enough to scan the tile for a theme), or two under its "new"
    badge, which never lies over a word; no card's last line lies under the green outline of
    the card below. The coach's panel opens beside the tile without moving your hall, ends
    where the tile does (your hall stays in sight), shows the best option without scrolling
    inside it, with headings of at most two lines, and, scrolled, opens at its top again."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    notebook = "03_play.ipynb" if language == "en" else f"{language}/03_play.ipynb"
    with voila_server(notebook) as url, chromium_page({"width": 1366, "height": 900}) as page:
        page.goto(url, timeout=90_000)
        page.wait_for_selector(".exlab-market-card", timeout=90_000)
        page.evaluate(SET_WIDTH_JS, 950)
        problems: list[str] = []

        def check_cards(when: str) -> None:
            page.wait_for_timeout(300)
            for card in page.evaluate(CARD_LINES_JS):
                wanted = min(card["total"], 3 if card["fresh"] else 4)  # the year's line, then the subject
                if card["shown"] < wanted:
                    problems.append(f"{when}: {card['text']!r} shows {card['shown']} of {card['total']} lines")
                if card["fresh"] and card["first"] < 10:
                    problems.append(f"{when}: the new badge lies over {card['text']!r}")
                if card["gap"] is not None and card["gap"] < 3.5:
                    problems.append(f"{when}: {card['gap']:.1f} px under {card['text']!r}, less than its outline")

        check_cards("the start")
        page.locator(".exlab-market-card.exlab-takeable").first.click()
        page.wait_for_selector(".exlab-legal", timeout=60_000)
        page.locator(".exlab-legal").first.click()
        page.wait_for_selector(".exlab-market-card.exlab-takeable", timeout=60_000)
        check_cards("the second turn")  # the bots refilled the tile: new cards
        hall_at = page.evaluate(HALL_AT_JS)
        page.locator(".exlab-hint").click()
        page.wait_for_selector(".exlab-hint-panel .exlab-hint-close", state="visible", timeout=60_000)
        page.wait_for_timeout(500)
        page.screenshot(path=str(ARTIFACTS / f"fit-cell-{language}-hint.png"))
        if page.evaluate(HALL_AT_JS) != hall_at:
            problems.append(f"the hint moved your hall from {hall_at} to {page.evaluate(HALL_AT_JS)} px")
        hint = page.evaluate(HINT_JS)
        # as tall as the tile, never over your hall; the best option in sight without scrolling
        if hint["below"] > 1:
            problems.append(f"the hint panel reaches {hint['below']:.0f} px below the tile, over your hall")
        if hint["rows"] < 1:
            problems.append("the best option is not in sight in the hint panel without scrolling")
        if hint["heading"] > 2 * hint["line"] + 2:
            problems.append(f"a heading of the hint's options is {hint['heading']:.0f} px tall (over two lines)")
        # a panel scrolled down (its words taller than the window allows it) opens again at its top
        page.evaluate("() => { document.querySelector('.exlab-hint-panel').style.maxHeight = '120px'; }")
        page.locator(".exlab-hint-panel").hover()
        page.mouse.wheel(0, 300)
        page.wait_for_timeout(300)
        assert page.evaluate(HINT_JS)["top"] > 0, "the hint panel did not scroll"
        page.locator(".exlab-hint-close").click()
        page.wait_for_selector(".exlab-hint-panel", state="hidden")
        page.locator(".exlab-hint").click()
        page.wait_for_selector(".exlab-hint-panel .exlab-hint-close", state="visible", timeout=60_000)
        page.wait_for_timeout(500)
        if page.evaluate(HINT_JS)["top"] != 0:
            problems.append("the hint opened again scrolled down, its first line hidden")
    assert not problems, f"{language}: {len(problems)} problems: " + "; ".join(problems[:8])
