"""The tile and the score in a narrow Voila page (Lab's half-width "Render with Voila"
preview is about 515 px wide; 460 px is a notebook pane beside it, 600 and 820 px the next
sizes up, the last with three lines of each card's subject).

Each card of the tile keeps a height a mouse can hit, and its visible words — the year and
the continent — are whole inside it: no line of the subject shows half cut under the year
(the whole subject is the card's hover). The score table keeps its Total column in sight.

Needs Debian's chromium, voila and playwright (see browser_support).
"""

from __future__ import annotations

import pytest
from browser_support import chromium_page, open_voila_page, voila_server

# the least height of a tile card, in px as drawn (after the narrow page's zoom)
MIN_CARD_PX = 19
# For each card of the tile: its height, its hover, and each line of its words that shows
# half: it crosses the card's top or foot (a line wholly below the foot is hidden whole).
CARDS_JS = """() => [...document.querySelectorAll('.exlab-market-card')].map(c => {
  const box = c.getBoundingClientRect();
  const cut = [];
  for (const n of c.childNodes) {
    if (n.nodeType !== 3) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    for (const line of range.getClientRects())
      if (line.height > 1 && ((line.top < box.top - 0.5 && line.bottom > box.top + 0.5) ||
                              (line.top < box.bottom - 0.5 && line.bottom > box.bottom + 0.5)))
        cut.push(`a line at ${Math.round(line.top - box.top)}–${Math.round(line.bottom - box.top)} px`);
  }
  return {text: c.textContent.split('\\n')[0], height: box.height, title: c.title, cut};
})"""
# The Total heading of the live score, and the box that shows the score (the window's width
# at most): the heading must lie inside both.
TOTAL_JS = """() => {
  const score = document.querySelector('.exlab-live-score').getBoundingClientRect();
  const th = [...document.querySelectorAll('.exlab-live-score th')].find(t => t.textContent.trim() === 'Total');
  if (!th) return 'no Total column';
  const r = th.getBoundingClientRect();
  const right = Math.min(score.right, window.innerWidth);
  return r.width > 0 && r.left >= score.left - 1 && r.right <= right + 1 ? ''
    : `Total at ${Math.round(r.left)}–${Math.round(r.right)} px, ` +
      `the score shows ${Math.round(score.left)}–${Math.round(right)}`;
}"""


@pytest.mark.parametrize("width", [460, 515, 600, 820])
def test_tile_cards_keep_their_height_and_whole_words_in_a_narrow_page(width):
    with voila_server("03_play.ipynb") as url, chromium_page({"width": width, "height": 700}) as page:
        open_voila_page(page, url, ".exlab-market-card")
        page.wait_for_timeout(1_000)
        cards = page.evaluate(CARDS_JS)
        total = page.evaluate(TOTAL_JS)
        if width < 760:  # a new card (refilled after a turn) drops its badge here: the same words
            page.evaluate(
                "() => document.querySelectorAll('.exlab-market-card').forEach(c => c.classList.add('exlab-new-card'))"
            )
            cards += page.evaluate(CARDS_JS)
    assert len(cards) >= 6, cards
    low = [f"{c['text']} {c['height']:.0f} px" for c in cards if c["height"] < MIN_CARD_PX]
    assert not low, f"cards thinner than {MIN_CARD_PX} px: {low}"
    cut = [f"{c['text']}: {c['cut']}" for c in cards if c["cut"]]
    assert not cut, f"words cut in the tile's cards: {cut}"
    # the subject left out of the card is its hover (R3: every card names its event)
    assert all(len(c["title"]) > len(c["text"]) for c in cards), cards
    assert not total, total
