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
