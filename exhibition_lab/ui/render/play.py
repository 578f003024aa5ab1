"""The play app's screen as HTML: the banner, the status lines, the no-fit box, the running
score, the other players' halls, the log, the score sheet and the card in hand.

Each function takes a piece of :class:`~exhibition_lab.ui.screens.play.PlayScreen` (plain
data and sentences) and returns the HTML the widget shows; no game logic and no words of
its own here.
"""

from __future__ import annotations

import re
from html import escape

from ..screens.play import (
    HallScreen,
    HandScreen,
    Message,
    NoFit,
    Opponents,
    ScoreTable,
    Sheet,
)
from ..text import play as words
from ..text.numbers import minus
from ..text.rules import rule_hover, rule_sentence
from .cards import card_html
from .css import style
from .halls import halls_table_html
from .sheets import score_sheet_html
from .tile import vehicle_html


def rule_tag(rule: str) -> str:
    """The rule id as a small suffix after plain words; hovering it says what the code is and
    the rule in a sentence. A space stands before it, so copied text reads "distintos R12",
    never "distintosR12"."""
    sentence = rule_sentence(rule)
    hover = f"{rule_hover(rule)} — {sentence}" if sentence else rule_hover(rule)
    return f" <span class='exlab-rule' title='{escape(hover)}'>{escape(rule)}</span>"


#: A rule id of the rules reference in running text: R10a, S6, V3, D11, T2 …
RULE_ID = re.compile(r"\b[RSVDT]\d{1,2}[a-z]?\b")


def tag_rules(html: str) -> str:
    """Escaped text with its rule ids turned into :func:`rule_tag` tags: ``"(R10a)"`` becomes
    the tag alone, ``"(−7 fame points, R24)"`` the words in brackets and then the tag."""
    rule = RULE_ID.pattern
    pattern = re.compile(rf"\s*\(({rule})\)|,\s*({rule})\)|(?<![\w'>])({rule})(?![\w<])")

    def tag(match: re.Match[str]) -> str:
        alone, closing, bare = match.groups()
        if closing:
            return ")" + rule_tag(closing)
        return rule_tag(alone or bare)

    return pattern.sub(tag, html)


def plain_html(text: str) -> str:
    """A sentence as HTML: escaped, true minus signs, rule ids as tags."""
    return tag_rules(escape(minus(text)))


def stand_in_html(state: str, what_to_run: str) -> str:
    """The play app's stand-in on a page that cannot draw it: where the game stands, then
    what to run to play."""
    return f"{style('stand-in')}<div class='exlab-stand-in'><b>{escape(state)}</b><br>{escape(what_to_run)}</div>"


def tool_title_html(label: str) -> str:
    """An open tool's head: its name and where it stands on the page (under your hall)."""
    return f"<b>{escape(label)}</b> <small>{escape(words.tool_place())}</small>"


def banner_html(text: str, stock: str) -> str:
    """One line that never wraps; the whole sentence on hover if a long name cuts it."""
    small = f"<small class='exlab-banner-stock'>{escape(stock)}</small>"
    return f"<span title='{escape(text)}'>{escape(text)} {small}</span>"


def turns_html(label: str, turns: tuple[str, ...], short: tuple[str, ...] = ()) -> str:
    """The turns line: its label in bold, then each turn as a sentence of the language. With
    ``short`` (the cards by their year alone) both forms are drawn: the style sheet shows the
    short one where the app is narrow, the whole one where it is wide or the line is opened."""
    if not turns:
        return ""
    told = escape(minus(words.sentences(turns)))
    if short:
        told = (
            f"<span class='exlab-turns-long'>{told}</span>"
            f"<span class='exlab-turns-short'>{escape(minus(words.sentences(short)))}</span>"
        )
    return f"<b>{escape(words.label_of(label))}</b> {told}"


def message_html(message: Message) -> str:
    """The message line: the answer in plain words with its rule as a tag, then the no-fit box."""
    css = "exlab-error" if message.error else "exlab-info"
    body = plain_html(message.text) if message.text else ""
    if message.short:  # both forms, as the turns line draws them: the short one where the app is narrow
        body = (
            f"<span class='exlab-turns-long'>{body}</span>"
            f"<span class='exlab-turns-short'>{plain_html(message.short)}</span>"
        )
    if message.no_fit is not None:
        box = no_fit_html(message.no_fit)
        # the way out and its cost, then why each showcase refuses the card, come first: they
        # are what the player must choose now, in sight while the box is closed; the take is told after
        body = f"{box} {body}" if body else box
    tag = rule_tag(message.rule) if message.rule else ""
    # a refused click: the reason first, then the line it answered, which stays told
    kept = f"<br><span class='exlab-kept'>{plain_html(message.kept)}</span>" if message.kept else ""
    return f"<span class='{css}'>{body}</span>{tag}{kept}"


def no_fit_html(no_fit: NoFit) -> str:
    costs = "; ".join(
        f"<b>{escape(cost.label)}</b>: {plain_html(cost.cost)}{rule_tag(cost.rule) if cost.rule else ''}"
        for cost in no_fit.costs
    )
    reasons = " · ".join(
        f"<b>{escape(reason.showcase)}</b>: {plain_html(reason.words)}{rule_tag(reason.rule)}"
        for reason in no_fit.reasons
    )
    return (
        f"<div class='exlab-nofit'><b>{escape(no_fit.title)}</b> {escape(no_fit.why_label)} {reasons}. {costs}.</div>"
    )


def hall_title_html(hall: HallScreen) -> str:
    notes = "".join(f" · {escape(note)}" for note in hall.notes)
    hand = f" · {escape(hall.hand_label)} <b>{escape(hall.hand)}</b>" if hall.hand else ""
    return f"<b class='exlab-hall-title'>{escape(hall.title, quote=False)}</b>{notes}{hand}"


def score_table_html(table: ScoreTable) -> str:
    """The running score: one row per player, a column per goal (its meaning on hover)."""
    head = "".join(
        f"<th class='exlab-goal-head' title='{escape(hover)}'>{escape(short)}</th>" for short, hover in table.heads
    )
    rows = []
    for row in table.rows:
        cells = "".join(
            f"<td title='{escape(hover)}'>{escape(points)}</td>" if hover else "<td></td>"
            for points, hover in row.cells
        )
        me = " class='exlab-me'" if row.me else ""
        rows.append(
            f"<tr{me}><td>{escape(row.name)}</td>{cells}<td class='exlab-live-total'><b>{row.total}</b></td></tr>"
        )
    return (
        f"<b>{escape(table.title)}</b><small>{escape(table.note)}</small>"
        f"<table class='exlab-table'><thead><tr><th>{escape(table.player_head)}</th>{head}"
        f"<th>{escape(table.total_head)}</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
        + (f"<div class='exlab-score-legend'>{escape(table.legend)}</div>" if table.legend else "")
        + (f"<div class='exlab-score-footnote'>{escape(table.footnote)}</div>" if table.footnote else "")
    )


def opponents_html(opponents: Opponents) -> str:
    """Every other player's hall in miniature, one row each (empty when there is none)."""
    rows = []
    for row in opponents.rows:
        claim = f"<br><small>{escape(row.claim)}</small>" if row.claim else ""
        # the notes ride on the name line: the vehicle's line is the longest of the label,
        # and the label column is narrow so that 4-5 players' halls fit 1366 px
        note = f" · <b>{escape(' · '.join(row.notes))}</b>" if row.notes else ""
        label = (
            f"<div class='exlab-opponent' title='{escape(row.hover)}'>"
            f"<b>{escape(row.name)}</b> <small>{escape(row.kind)}{note}</small><br>"
            f"{vehicle_html(opponents.table, row.seat, where=True)}{claim}</div>"
        )
        rows.append((label, row.hall))
    if not rows:
        return ""
    return style("board") + "<div class='exlab-board'>" + halls_table_html(rows, marked=opponents.marked) + "</div>"


def log_html(summary: str, lines: tuple[str, ...], moves: int = 0, limit: int = 200) -> str:
    """The log folded under the board, newest turn first; ``data-moves`` counts the actions
    (every click that acts adds one, which a page script can wait for)."""
    items = "".join(f"<li>{escape(line)}</li>" for line in lines[:limit])
    return f"<details data-moves='{moves}'><summary>{escape(summary)}</summary><ol reversed>{items}</ol></details>"


def sheet_html(sheet: Sheet) -> str:
    """The score sheet with every player's score explained (folded), and the tiebreak."""
    if sheet.sheet is None:
        return ""
    explained = "".join(
        f"<details><summary>{escape(summary)}</summary>{why_html(why)}</details>" for summary, why in sheet.whys
    )
    title = f"<h3 class='exlab-sheet-title'>{escape(sheet.title)}</h3>"
    whys = f"<div class='exlab-whys'>{explained}</div>"
    return title + score_sheet_html(sheet.sheet) + tiebreak_html(sheet.tiebreak, sheet.winner) + whys


#: One goal's line of a score explained: ``Depot (R25): 3 Depot cards: 1906EU … → −3``.
#: (Japanese writes its brackets and colon full-width: ``デポ（R25）：…``.)
WHY_LINE = re.compile(
    r"^(?P<goal>[^:：(（]+?) ?[(（](?P<rule>[RSVDT]\d{1,2}[a-z]?)[)）][:：] ?(?P<detail>.*) → (?P<points>[^→]+)$"
)
#: A card's token as the score's words write it (``1906EU``): read as ``1906 EU``.
CARD_TOKEN = re.compile(r"\b(\d{4}|EIN)(EU|AS|AF|NA|SA|OC|W)\b")


def why_html(why: str) -> str:
    """A player's score explained, one goal a row: the goal and its rule's tag, what counted,
    the points — in the page's type, with the cards' years and continents apart (1906 EU)."""
    rows = []
    for line in why.splitlines():
        found = WHY_LINE.match(line)
        if found is None:  # the total, or a line of its own
            line = CARD_TOKEN.sub("\\1\u00a0\\2", line)
            rows.append(f"<tr class='exlab-why-total'><td colspan='3'>{plain_html(line)}</td></tr>")
            continue
        detail = CARD_TOKEN.sub("\\1\u00a0\\2", found["detail"])
        rows.append(
            f"<tr><td>{escape(found['goal'])}{rule_tag(found['rule'])}</td><td>{plain_html(detail)}</td>"
            f"<td class='exlab-points'>→ {plain_html(found['points'])}</td></tr>"
        )
    return f"<table class='exlab-why'>{''.join(rows)}</table>"


def tiebreak_html(text: str, winner: str = "") -> str:
    """How R26 decided, the winner in bold (``""`` when the totals decided)."""
    if not text:
        return ""
    html = escape(text)
    if winner:
        name = escape(winner)
        html = html.replace(f": {name} ", f": <b>{name}</b> ", 1)
    return f"<div class='exlab-tiebreak'>{html}</div>"


def hand_html(hand: HandScreen) -> str:
    """The card in hand as a card face, or an empty frame of the same size, so nothing moves."""
    face = (
        card_html(hand.card, extra_class="exlab-hand-card")
        if hand.card is not None
        else "<div class='exlab-empty'></div>"
    )
    label = f"<div class='exlab-hand-label'>{escape(hand.label, quote=False)}</div>"
    return f"{style('board')}<div class='exlab-board'>{label}{face}</div>"


__all__ = [
    "banner_html",
    "hall_title_html",
    "hand_html",
    "log_html",
    "message_html",
    "no_fit_html",
    "opponents_html",
    "rule_tag",
    "score_table_html",
    "sheet_html",
    "tag_rules",
    "tiebreak_html",
    "turns_html",
]
