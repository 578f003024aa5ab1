"""HTML for Timeline (no widget imports): card faces, the timeline with its gaps, a game,
the knowledge table. The words come from :mod:`exhibition_lab.ui.text.timeline`.

Timeline cards reuse the package's continent colours (:mod:`exhibition_lab.ui.render.board`); a
card in a hand shows its subject only, on a neutral face, since even its colour could give
its year away (the 1945 card is the only white one, T7). CSS classes start ``exlab-tl-``.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from ...games.exhibition.rules.cards import Continent
from ..text import timeline as words
from .board import WHITE_CARD_COLOR

if TYPE_CHECKING:
    from ...games.timeline.agents import KnowledgeResult
    from ...games.timeline.game import Timeline
    from ...games.timeline.rules import Subject, TimelineCard, TimelineView

HAND_FACE = "#fff8e1"
HAND_BORDER = "#b0a58a"
RIGHT_COLOR = "#2e7d32"
WRONG_COLOR = "#c62828"

STYLE = """
<style>
.exlab-tl{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#222}
.exlab-tl-row{display:flex;flex-wrap:wrap;align-items:stretch;gap:0;row-gap:8px}
.exlab-tl-card{width:120px;min-height:104px;box-sizing:border-box;border:1px solid #555;border-radius:7px;
  background:#fff;box-shadow:0 1px 3px rgba(0,0,0,.25);overflow:hidden;display:flex;flex-direction:column}
.exlab-tl-band{height:30px;display:flex;align-items:center;justify-content:center;font-weight:800;
  font-size:20px;letter-spacing:.5px}
.exlab-tl-title{font-size:11.5px;line-height:1.25;padding:4px 6px;text-align:center}
.exlab-tl-card.exlab-tl-new{outline:3px solid #2e7d32;outline-offset:1px}
.exlab-tl-subject{width:150px;min-height:96px;box-sizing:border-box;border:2px solid #b0a58a;border-radius:7px;
  background:#fff8e1;padding:6px 8px;font-size:12.5px;line-height:1.3;font-weight:600;display:flex;
  flex-direction:column;justify-content:center;text-align:center}
.exlab-tl-subject small{display:block;color:#8d7f5c;font-weight:700;font-size:15px;margin-bottom:3px}
.exlab-tl-gapmark{width:22px;display:flex;align-items:center;justify-content:center;color:#9e9276;font-size:11px}
.exlab-tl-hand{display:flex;gap:8px;flex-wrap:wrap}
.exlab-tl-caption{font-weight:700;color:#6d5f3a;margin:8px 0 4px}
.exlab-tl-right{color:#2e7d32;font-weight:700}
.exlab-tl-wrong{color:#c62828;font-weight:700}
</style>
"""


def text_color(card: TimelineCard) -> str:
    """Dark text on light bands (white cards, North America's yellow), white elsewhere."""
    return "#222" if card.continent in (None, Continent.NA) else "#fff"


def band_color(card: TimelineCard) -> str:
    return WHITE_CARD_COLOR if card.continent is None else card.continent.color


def timeline_card_html(card: TimelineCard, *, new: bool = False) -> str:
    """A face-up card: a continent-coloured band with the year, the subject below."""
    extra = " exlab-tl-new" if new else ""
    return (
        f'<div class="exlab-tl-card{extra}" title="{escape(card.title)}">'
        f'<div class="exlab-tl-band" style="background:{band_color(card)};color:{text_color(card)}">{card.year}</div>'
        f'<div class="exlab-tl-title">{escape(card.title)}</div></div>'
    )


def subject_card_html(subject: Subject) -> str:
    """A card in hand: the subject only, the year a question mark (T7)."""
    return f'<div class="exlab-tl-subject"><small>?</small>{escape(subject.title)}</div>'


def gap_mark_html(gap: int) -> str:
    return f'<div class="exlab-tl-gapmark" title="{escape(words.gap_title(gap))}">{gap}</div>'


def timeline_row_html(cards: tuple[TimelineCard, ...], *, new_index: int | None = None) -> str:
    """The timeline left to right with its gaps numbered as :class:`~exhibition_lab.games.timeline.game.Play`
    counts them."""
    parts = [gap_mark_html(0)]
    for k, card in enumerate(cards):
        parts += [timeline_card_html(card, new=k == new_index), gap_mark_html(k + 1)]
    return f'<div class="exlab-tl-row exlab-tl-timeline">{"".join(parts)}</div>'


def view_html(view: TimelineView, *, new_index: int | None = None) -> str:
    """What one player sees (T7): the timeline with years, the own hand as subjects, and
    how many cards every other player holds."""
    status = escape(words.view_status(view))
    counts = " · ".join(
        escape(words.hand_count(name, size) + words.out_mark(view.active[s]))
        for s, (name, size) in enumerate(zip(view.players, view.hand_sizes))
    )
    hand = "".join(subject_card_html(s) for s in view.hand) or f"<i>{escape(words.no_cards())}</i>"
    return (
        f'{STYLE}<div class="exlab-tl"><div class="exlab-tl-caption">{status} · '
        f"{escape(words.pile_count(view.pile_size))} · {counts}</div>"
        f'<div class="exlab-tl-caption">{escape(words.timeline_label())}</div>'
        f"{timeline_row_html(view.timeline, new_index=new_index)}"
        f'<div class="exlab-tl-caption">{escape(words.hand_of(view.players[view.seat]))}</div>'
        f'<div class="exlab-tl-hand">{hand}</div></div>'
    )


def game_html(game: Timeline, seat: int = 0) -> str:
    """A game as ``seat`` sees it (seat 0 by default): the notebook's picture of a
    :class:`~exhibition_lab.games.timeline.game.Timeline`."""
    return view_html(game.view(seat))


def cards_html(cards: tuple[TimelineCard, ...], caption: str = "") -> str:
    """A few face-up cards in a row (for pictures of the rules)."""
    row = "".join(timeline_card_html(c) + '<div style="width:8px"></div>' for c in cards)
    head = f'<div class="exlab-tl-caption">{escape(caption)}</div>' if caption else ""
    return f'{STYLE}<div class="exlab-tl">{head}<div class="exlab-tl-row">{row}</div></div>'


def knowledge_html(result: KnowledgeResult) -> str:
    """The knowledge table (:func:`~exhibition_lab.games.timeline.agents.knowledge_win_rates`):
    one row per player count, one column per spread, and the fair share."""
    head = "".join(f"<th>{escape(words.spread_heading(s))}</th>" for s in result.spreads)
    body = "".join(
        f"<tr><th>{escape(words.players_heading(p))}</th>"
        + "".join(f"<td>{result.win_rate[i, j]:.0%}</td>" for j in range(len(result.spreads)))
        + f"<td><i>{1 / p:.0%}</i></td></tr>"
        for i, p in enumerate(result.players)
    )
    return (
        f"<table class='exlab-tl-knowledge'><caption>{escape(words.knowledge_caption(result))}</caption>"
        f"<tr><th></th>{head}<th>{escape(words.fair_share_label())}</th></tr>{body}</table>"
    )
