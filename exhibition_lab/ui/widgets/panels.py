"""Read-only panels: the turn banner and status line, the running score, other players'
compact halls, the log, the score sheet and the card in hand.

Each panel paints one piece of the play screen (:mod:`exhibition_lab.ui.screens.play`);
``render(session)`` presents the session first, for a panel used on its own.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from html import unescape

import anywidget
import ipywidgets as w
import traitlets

from ...games.exhibition.session import PlaySession
from ..render import play as html
from ..screens import play as screens
from ..screens.play import HandScreen, Message, Opponents, PlayScreen, ScoreTable, Sheet
from .cards import set_class

#: Plain-text length beyond which a line of the status box may be cut, so the box offers
#: "More": two lines hold about 260 characters at 1366 px but only about 150 in a notebook
#: cell beside JupyterLab's file browser.
MORE_AFTER = 140


class StatusBar(w.VBox):
    """The banner (what the player may do now), then a box of fixed height, so the board
    never moves: the other players' last turns on their own line (``turns``, kept until they
    play again) and the answer to your last click (``status``). A *More* button opens the box
    when its text is longer than the box: it then takes the room its words need above the
    board, so it covers nothing it talks about (while a card waits for its spot it lies over
    the waiting tile, your hall and the Depot staying put), until the next answer folds it."""

    def __init__(self) -> None:
        self.banner = w.HTML()
        self.banner.add_class("exlab-banner")
        self.turns = w.HTML()
        self.turns.add_class("exlab-turns")
        self.status = w.HTML()
        self.status.add_class("exlab-status")
        self._more_words = ("More", "Less")
        self.more = w.ToggleButton(value=False, description="More", icon="chevron-down", layout=w.Layout(width="72px"))
        self.more.add_class("exlab-status-more")
        self.more.observe(lambda change: self._open(change["new"]), names="value")
        # your own last move first, then what the others did after it
        self.box = w.VBox([self.status, self.turns])
        self.box.add_class("exlab-status-box")
        frame = w.HBox([self.box, self.more, CutWatch()])
        frame.add_class("exlab-status-frame")
        super().__init__([self.banner, frame], layout=w.Layout(flex="1 1 auto"))
        self.add_class("exlab-statusbar")

    def paint(self, screen: PlayScreen) -> None:
        """The banner and the turns line of ``screen`` (the message line is :meth:`say`'s)."""
        self._more_words = (screen.more, screen.less)
        self.banner.value = html.banner_html(screen.banner, screen.stock)
        self.turns.value = html.turns_html(screen.turns_label, screen.turns, screen.turns_short)
        self._offer_more()

    def render(self, session: PlaySession) -> None:
        self.paint(screens.present(session))

    def say(self, message: Message) -> None:
        """Show the answer to the last click (folded again: the opened box makes room above
        the board, which comes back to its place with the next answer)."""
        self.status.value = html.message_html(message)
        self.more.value = False
        self._offer_more()

    def _offer_more(self) -> None:
        # each line shows two lines of text at most (about MORE_AFTER characters)
        # a turns line drawn in two forms is measured by its short one: the whole one shows
        # only where the app is wide, with room for it in two lines
        parts = (_plain(_LONG_TURNS.sub("", self.turns.value)), _plain(_LONG_TURNS.sub("", self.status.value)))
        long = any(len(text) > MORE_AFTER for text in parts) or "exlab-nofit" in self.status.value
        self.more.layout.visibility = "visible" if long else "hidden"  # hidden keeps its room
        if not long:
            self.more.value = False
        self._label_more(self.more.value)

    def _open(self, on: bool) -> None:
        set_class(self.box, "exlab-status-open", on)
        self._label_more(on)

    def _label_more(self, on: bool) -> None:
        self.more.description = self._more_words[1] if on else self._more_words[0]
        self.more.icon = "chevron-up" if on else "chevron-down"


_LONG_TURNS = re.compile(r"<span class='exlab-turns-long'>.*?</span>", re.S)


def _plain(value: str) -> str:
    return unescape(re.sub(r"<[^>]+>", "", value))


class LiveScoreView(w.HTML):
    """Each player's fame points so far, by goal: the engine's score of the halls as they
    stand; others' Secret Decades stay hidden. Each column header says on hover what it
    counts ("Gap" and "Chain" mean nothing to a new player until explained)."""

    def __init__(self) -> None:
        super().__init__()
        self.add_class("exlab-live-score")
        self.add_class("exlab-panel")

    def paint(self, table: ScoreTable) -> None:
        self.value = html.score_table_html(table)
        self.layout.display = "block" if table.shown else "none"  # at the end the sheet says it all

    def render(self, session: PlaySession) -> None:
        self.paint(screens.score_table(session))


class OpponentsView(w.HTML):
    """Every other player's hall in miniature, one row each: cards by year (subject on
    hover), the continent claimed in One Continent, the Depot count, where the vehicle is;
    the cards they took since your last turn are outlined."""

    def __init__(self) -> None:
        super().__init__()
        self.add_class("exlab-opponents")

    def paint(self, opponents: Opponents) -> None:
        self.value = html.opponents_html(opponents)
        self.layout.display = "block" if opponents.rows else "none"

    def render(self, session: PlaySession) -> None:
        self.paint(screens.opponents_screen(session))


class LogView(w.HTML):
    """Every turn so far in words, newest first, folded away under the board."""

    def __init__(self) -> None:
        super().__init__()
        self.add_class("exlab-log")

    def paint(self, screen: PlayScreen) -> None:
        self.value = html.log_html(screen.log_summary, screen.log, screen.log_moves)

    def render(self, session: PlaySession) -> None:
        self.paint(screens.present(session))


class ScoreSheetView(w.HTML):
    """The score sheet with every goal explained, shown once the game is over; compact
    (one line of "why" folds under the table), since it stands in the tile's place."""

    def __init__(self) -> None:
        super().__init__()
        self.add_class("exlab-score-sheet")

    def paint(self, sheet: Sheet) -> None:
        self.value = html.sheet_html(sheet)

    def render(self, session: PlaySession) -> None:
        self.paint(screens.sheet_screen(session))


class HandView(w.HTML):
    """The card in hand as a card face, beside the score: it stays in sight while you choose
    a continent after a white card and while you look for its spot. An empty frame of the
    same size otherwise, so nothing moves."""

    def __init__(self) -> None:
        super().__init__()
        self.add_class("exlab-hand")

    def paint(self, hand: HandScreen) -> None:
        self.value = html.hand_html(hand)
        self.layout.display = "block" if hand.shown else "none"

    def render(self, session: PlaySession) -> None:
        self.paint(screens.hand_screen(session))


class CutWatch(anywidget.AnyWidget):
    """An invisible mark in the status frame that tells the page whether any of its lines is
    cut: the kernel offers *More* by the length of the words, but on a wide page (Voilà,
    a full-width notebook) they may all fit, and *More* would open nothing new, while on a
    narrow one (Lab's Voilà preview) shorter words are cut too. With nothing cut the frame
    is marked ``exlab-all-shown`` and the stylesheet hides a closed *More* (a card that fits
    nowhere keeps it: its ways out are read whole when opened); with a line cut it is marked
    ``exlab-some-cut`` and *More* shows."""

    _esm = """
    export default {
      render({ el }) {
        const frame = () => el.closest('.exlab-status-frame');
        const check = () => {
          const f = frame(), box = f && f.querySelector('.exlab-status-box');
          if (!box) return;
          const open = box.classList.contains('exlab-status-open');
          const cut = box.scrollHeight > box.clientHeight + 2 ||
            [...box.querySelectorAll('.widget-html-content')].some(e => e.scrollHeight > e.clientHeight + 1);
          f.classList.toggle('exlab-all-shown', !open && !cut && !box.querySelector('.exlab-nofit'));
          f.classList.toggle('exlab-some-cut', !open && cut);
        };
        const watch = () => {
          const f = frame();
          if (!f) { setTimeout(watch, 200); return; }
          new MutationObserver(() => requestAnimationFrame(check)).observe(f.querySelector('.exlab-status-box') || f,
            { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['class'] });
          if (window.ResizeObserver) new ResizeObserver(() => requestAnimationFrame(check)).observe(f);
          check();
        };
        watch();
      }
    };
    """

    def __init__(self) -> None:
        super().__init__()
        self.add_class("exlab-scroll-anchor")


class ScrollAnchor(anywidget.AnyWidget):
    """An invisible mark that brings the panel holding it (its closest ``exlab-scroll-target``)
    into the window each time ``tick`` changes: Python cannot scroll the page itself.

    The app's status line stays at the top of the window while the board scrolls under it, so
    a panel is shown from just below that line; a panel whose top and first lines are already
    in sight is left where it is (the page never moves under the reader's eyes for nothing).

    With ``decision`` the mark stands in the app's top bar and brings the decision into view
    — the top bar, the tile and your hall down to its Depot — when the app is drawn (a
    notebook run, a new game) and at each ``tick``; it also keeps the app's
    ``--exlab-bar`` at the top bar's height, which the stylesheet leaves free above what
    the page scrolls to."""

    _esm = """
    const scroller = el => {
      for (let p = el.parentElement; p; p = p.parentElement) {
        const y = getComputedStyle(p).overflowY;
        if ((y === 'auto' || y === 'scroll' || y === 'overlay') && p.scrollHeight > p.clientHeight + 1) return p;
      }
      return document.scrollingElement;
    };
    // the part of the scrolling box in the window, below its border and padding (where the
    // status line sticks)
    const seen = box => {
      if (box === document.scrollingElement) return { top: 0, bottom: window.innerHeight };
      const r = box.getBoundingClientRect();
      return { top: r.top + box.clientTop + parseFloat(getComputedStyle(box).paddingTop || '0'), bottom: r.bottom };
    };
    // move the page by the least that shows [top, bottom] between the window's top (plus
    // what covers it) and its bottom; what does not fit is shown from its top
    const show = (el, top, bottom, covered, behavior) => {
      const box = scroller(el), inner = seen(box);
      const from = inner.top + covered;
      let by = 0;
      if (top < from || bottom - top > inner.bottom - from) by = top - from;
      else if (bottom > inner.bottom) by = bottom - inner.bottom;
      if (Math.abs(by) > 1) ownScroll(box, by, behavior);
    };
    const ownScroll = (box, by, behavior) => box.scrollBy({ top: by, behavior });
    const barOf = app => app && app.querySelector(':scope > .exlab-topbar');
    export default {
      render({ model, el }) {
        const decision = model.get('decision');
        const app = () => el.closest('.exlab-app');
        if (decision) {
          const bar = barOf(app());
          if (bar && window.ResizeObserver) {
            const keep = () => app() && app().style.setProperty('--exlab-bar', bar.offsetHeight + 'px');
            new ResizeObserver(keep).observe(bar);
            keep();
          }
        }
        // wait for the new content to be drawn before scrolling to it
        const go = () => setTimeout(() => {
          const board = app();
          if (decision) {
            const hall = board && board.querySelector(':scope > .exlab-hall');
            if (!hall || hall.offsetParent === null) return;
            // all in sight already: nothing moves; else the app's top at the window's top,
            // the same place every time
            const top = board.getBoundingClientRect().top, bottom = hall.getBoundingClientRect().bottom;
            const box = scroller(board), inner = seen(box);
            if (top >= inner.top - 1 && bottom <= inner.bottom + 1) return;
            ownScroll(box, top - inner.top, 'auto');
            return;
          }
          const panel = el.closest('.exlab-scroll-target') || el.parentElement || el;
          if (panel.offsetParent === null) return;
          const bar = barOf(board);
          const r = panel.getBoundingClientRect();
          const covered = bar ? bar.getBoundingClientRect().height : 0;
          const inner = seen(scroller(panel));
          // in sight already (whole, or its top in the upper part of the window): the reader
          // scrolls on if they like; else its top just below the status line
          const room = inner.bottom - inner.top - covered;
          if (r.top >= inner.top + covered && (r.bottom <= inner.bottom || r.top <= inner.top + covered + 0.4 * room))
            return;
          show(panel, r.top, r.bottom, covered, 'smooth');
        }, 400);
        model.on('change:tick', go);
        // your turn played: the next tile (the score sheet at game over) brought out from under
        // the status line if the page left its top there, in the narrow layout where the
        // tile, your hall and the score do not fit the window together; else nothing moves
        model.on('change:turn', () => setTimeout(() => {
          const board = app(), bar = barOf(board);
          const tiles = board && board.querySelector('.exlab-tile-row');
          // (where the whole app fits a laptop's window, the wide layout, the reader scrolled
          // on purpose: the page stays)
          if (!bar || !tiles || tiles.offsetParent === null || board.clientWidth >= 1250) return;
          const by = tiles.getBoundingClientRect().top - bar.getBoundingClientRect().bottom - 4;
          if (by < -1) ownScroll(scroller(board), by, 'auto');
        }, 400));
        // once more when the page around has settled (a notebook's other outputs, the fonts)
        if (decision) { go(); setTimeout(go, 1200); }
        // the board is on the page: the kernel sends every part's state once more, for a
        // page that opened while the kernel was still starting can miss some of the first
        // changes (a column of the tile drawn blank until a reload)
        if (decision) model.send({ drawn: true });
      }
    };
    """
    tick = traitlets.Int(0).tag(sync=True)
    turn = traitlets.Int(0).tag(sync=True)  # with ``decision``: a turn of yours was played
    decision = traitlets.Bool(False).tag(sync=True)

    def __init__(self, *, decision: bool = False, on_drawn: Callable[[], None] | None = None) -> None:
        super().__init__(decision=decision)
        self.add_class("exlab-scroll-anchor")
        self._on_drawn = on_drawn
        self.on_msg(self._page_said)

    def _page_said(self, _: object, content: object, buffers: object) -> None:
        # a decision mark tells when the page has drawn the board (see the module's script)
        if isinstance(content, dict) and content.get("drawn") is True and self._on_drawn is not None:
            self._on_drawn()


class ScrollToTop(anywidget.AnyWidget):
    """An invisible mark that scrolls the box holding it (its closest ``box`` class) back to
    its top each time ``tick`` changes: a panel that opens again with new words is read from
    its first line, not from where the reader left the last ones.

    The box is also brought into the window where the page was scrolled so far that its top
    lies under the app's status line (which stays at the window's top) or above the window:
    the page moves by the least that shows the box's top just below that line."""

    _esm = """
    const scroller = el => {
      for (let p = el.parentElement; p; p = p.parentElement) {
        const y = getComputedStyle(p).overflowY;
        if ((y === 'auto' || y === 'scroll' || y === 'overlay') && p.scrollHeight > p.clientHeight + 1) return p;
      }
      return document.scrollingElement;
    };
    export default {
      render({ model, el }) {
        const box = () => el.closest('.' + model.get('box'));
        const top = () => { const b = box(); if (b) b.scrollTop = 0; };
        const reveal = () => {
          const b = box();
          if (!b || b.offsetParent === null) return;
          const app = b.closest('.exlab-app');
          const bar = app && app.querySelector(':scope > .exlab-topbar');
          const page = scroller(b);
          const window_top = page === document.scrollingElement ? 0 : page.getBoundingClientRect().top;
          const covered = bar ? Math.max(bar.getBoundingClientRect().bottom, window_top) : window_top;
          const by = b.getBoundingClientRect().top - covered - 4;
          if (by < -1) page.scrollBy({ top: by, behavior: 'auto' });
        };
        // once now, and again once the new words are drawn and the box is shown
        model.on('change:tick', () => {
          top();
          requestAnimationFrame(top);
          setTimeout(() => { top(); reveal(); }, 120);
        });
      }
    };
    """
    tick = traitlets.Int(0).tag(sync=True)
    box = traitlets.Unicode("").tag(sync=True)

    def __init__(self, box: str) -> None:
        super().__init__(box=box)
        self.add_class("exlab-scroll-anchor")
