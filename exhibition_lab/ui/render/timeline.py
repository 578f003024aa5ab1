"""HTML for Timeline (no widget imports): card faces, the timeline with its gaps, a game, the
table of a knowledge run.

Timeline cards reuse the package's continent colours (:mod:`exhibition_lab.ui.render.cards`); a
card in a hand shows its subject only, on a neutral face, since even its colour could give
its year away (the 1945 card is the only white one, T7). CSS classes start ``exlab-tl-``.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from ...games.exhibition.rules.cards import Continent
from .cards import WHITE_CARD_COLOR
from .css import style

if TYPE_CHECKING:
    from ...games.timeline.agents import KnowledgeResult
    from ...games.timeline.game import Subject, Timeline, TimelineCard, TimelineView

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
    return f'<div class="exlab-tl-gapmark" title="gap {gap}">{gap}</div>'


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
    if view.over:
        names = ", ".join(view.players[s] for s in view.winners)
        status = f"Game over — winner: {escape(names)}" if names else f"Practice over — {view.placed[0]} placed right"
    else:
        status = f"Round {view.round} · {escape(view.players[view.current])} to play"
    counts = " · ".join(
        f"{escape(name)}: {size} card{'s' * (size != 1)}{'' if view.active[s] else ' (out)'}"
        for s, (name, size) in enumerate(zip(view.players, view.hand_sizes))
    )
    hand = "".join(subject_card_html(s) for s in view.hand) or "<i>no cards</i>"
    return (
        f'{style("timeline")}<div class="exlab-tl">'
        f'<div class="exlab-tl-caption">{status} · pile {view.pile_size} · {counts}</div>'
        f'<div class="exlab-tl-caption">Timeline</div>{timeline_row_html(view.timeline, new_index=new_index)}'
        f'<div class="exlab-tl-caption">{escape(view.players[view.seat])}’s hand</div>'
        f'<div class="exlab-tl-hand">{hand}</div></div>'
    )


def game_html(game: Timeline, seat: int = 0) -> str:
    """A game as ``seat`` sees it (seat 0 by default)."""
    return view_html(game.view(seat))


def cards_html(cards: tuple[TimelineCard, ...], caption: str = "") -> str:
    """A few face-up cards in a row (for pictures of the rules)."""
    row = "".join(timeline_card_html(c) + '<div style="width:8px"></div>' for c in cards)
    head = f'<div class="exlab-tl-caption">{escape(caption)}</div>' if caption else ""
    return f'{style("timeline")}<div class="exlab-tl">{head}<div class="exlab-tl-row">{row}</div></div>'


def knowledge_table_html(result: KnowledgeResult) -> str:
    """Win rates of one bot of each spread against bots of the reference spread, one row per
    player count, with the fair share (1 / players) last."""
    head = "".join(f"<th>±{s:g} y</th>" for s in result.spreads)
    body = "".join(
        f"<tr><th>{p} players</th>"
        + "".join(f"<td>{result.win_rate[i, j]:.0%}</td>" for j in range(len(result.spreads)))
        + f"<td><i>{1 / p:.0%}</i></td></tr>"
        for i, p in enumerate(result.players)
    )
    return (
        f"<table class='exlab-tl-knowledge'><caption>Win rate of one bot against bots of ±{result.reference:g} "
        f"years ({result.n_games} games per cell)</caption><tr><th></th>{head}<th>fair share</th></tr>{body}</table>"
    )
