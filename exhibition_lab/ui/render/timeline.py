"""HTML for Timeline (no widget imports): card faces, the timeline with its gaps, a game,
the knowledge table. The words come from :mod:`exhibition_lab.ui.text.timeline`.

Timeline cards reuse the package's continent colours (:mod:`exhibition_lab.ui.render.cards`); a
card in a hand shows its subject only, on a neutral face, since even its colour could give
its year away (the 1945 card is the only white one, T7). CSS classes start ``exlab-tl-``.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from ...games.exhibition.rules.cards import Continent
from ..text import timeline as words
from ..text.numbers import number
from .cards import WHITE_CARD_COLOR
from .css import style

if TYPE_CHECKING:
    from ...games.timeline.agents import KnowledgeResult
    from ...games.timeline.game import Timeline
    from ...games.timeline.rules import Subject, TimelineCard, TimelineView

HAND_FACE = "#fff8e1"
HAND_BORDER = "#b0a58a"
RIGHT_COLOR = "#2e7d32"
WRONG_COLOR = "#c62828"


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
        f'{style("timeline")}<div class="exlab-tl"><div class="exlab-tl-caption">{status} · '
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
    row = "".join(timeline_card_html(c) + '<div class="exlab-tl-spacer"></div>' for c in cards)
    head = f'<div class="exlab-tl-caption">{escape(caption)}</div>' if caption else ""
    return f'{style("timeline")}<div class="exlab-tl">{head}<div class="exlab-tl-row">{row}</div></div>'


def knowledge_html(result: KnowledgeResult) -> str:
    """The knowledge table (:func:`~exhibition_lab.games.timeline.agents.knowledge_win_rates`):
    one row per player count, one column per spread, and the fair share."""
    head = "".join(f"<th>{escape(words.spread_heading(s))}</th>" for s in result.spreads)
    body = "".join(
        f"<tr><th>{escape(words.players_heading(p))}</th>"
        # shares in the reader's percent form: "49 %" in Spanish
        + "".join(f"<td>{number(result.win_rate[i, j], '.0%')}</td>" for j in range(len(result.spreads)))
        + f"<td><i>{number(1 / p, '.0%')}</i></td></tr>"
        for i, p in enumerate(result.players)
    )
    return (
        f"<table class='exlab-tl-knowledge'><caption>{escape(words.knowledge_caption(result))}</caption>"
        f"<tr><th></th>{head}<th>{escape(words.fair_share_label())}</th></tr>{body}</table>"
    )
