"""The page tells the kernel when it has drawn the board, and the kernel answers with every
part of it once more: a page opened while the kernel was still starting can miss some of the
first changes that painted it (a tile column drawn blank until a reload).

Needs Debian's chromium, voila and playwright (see browser_support).
"""

from __future__ import annotations

import nbformat
from browser_support import chromium_page, open_voila_page, voila_server

# the app as the play lesson draws it, with a line that turns to "sent again" when the kernel
# has answered the page's word
APP = """
import ipywidgets as w
from exhibition_lab.widgets import GameApp

app = GameApp(seats=["human", "greedy"], seed=3)
answered = w.HTML("waiting", layout=w.Layout(display="block"))
answered.add_class("answered")
resend = app.send_whole_state
app._decision_anchor._on_drawn = lambda: (resend(), setattr(answered, "value", "sent again"))
w.VBox([answered, app])
"""


def test_the_board_drawn_in_a_page_is_sent_once_more(tmp_path):
    notebook = tmp_path / "drawn.ipynb"
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(APP)]), notebook)
    with voila_server(str(notebook)) as url, chromium_page() as page:
        open_voila_page(page, url, ".exlab-market-card")
        page.wait_for_function(
            "() => document.querySelector('.answered')?.textContent.includes('sent again')", timeout=60_000
        )
        years = page.locator(".exlab-market-card").all_inner_texts()
        assert sum(any(ch.isdigit() for ch in text) for text in years) == 18  # every open card shows (R5)


# the closed status box: whether a line of it is cut, and whether More is offered
MORE_JS = """() => {
  const box = document.querySelector('.exlab-status-box');
  const more = document.querySelector('.exlab-status-more');
  const cut = box.scrollHeight > box.clientHeight + 2 ||
    [...box.querySelectorAll('.widget-html-content')].some(e => e.scrollHeight > e.clientHeight + 1);
  return {cut, more: getComputedStyle(more).visibility !== 'hidden', text: box.innerText};
}"""


def test_more_is_offered_exactly_when_a_line_of_the_status_is_cut():
    from browser_support import click_next

    seen = set()
    with voila_server("03_play.ipynb") as url:
        for width in (1366, 460):
            with chromium_page({"width": width, "height": 768}) as page:
                open_voila_page(page, url, ".exlab-market-card")
                for _ in range(6):
                    page.wait_for_timeout(1_500)
                    state = page.evaluate(MORE_JS)
                    assert state["more"] == state["cut"], (width, state)
                    seen.add((width, state["cut"]))
                    click_next(page)
    assert (1366, False) in seen and (460, True) in seen  # both cases met
