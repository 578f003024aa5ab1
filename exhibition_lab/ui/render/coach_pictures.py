"""The coach's panels as HTML: the hint with its options table, a review's summary and one
reviewed decision beside the hall before it. The sentences come from
:mod:`exhibition_lab.ui.text.coach_words`; only their places are set here."""

from __future__ import annotations

from html import escape

from ...games.exhibition.coach_model import Decision, Hint, Option, Review
from ...games.exhibition.rules.actions import Place
from ...games.exhibition.rules.cards import Card
from ..text import coach_words as words
from ..text.numbers import signed
from .cards import card_html
from .halls import hall_html

LABEL_COLOURS = {"good": "#1b5e20", "inaccuracy": "#8d6e00", "mistake": "#b34700", "blunder": "#b71c1c"}


#: The characters of a card's subject an option of the hint's table shows.
OPTION_SUBJECT = 22


def hint_html(advice: Hint, rows: int = 3) -> str:
    """The suggested move and at once its one-line why (the reason is read with the move it
    explains), then the best options in the coach's order with the figure it ranks them by and
    its likely range (no search jargon) — the why's gap and noise are those figures' — and what
    it changes (folded)."""
    ev = advice.evaluation
    digits = 0 if ev.solo else 1
    # each option's card by its year, continent and the start of its subject (the whole turn on
    # hover): the rows stay short enough for the options to be compared side by side
    # beside the tile in a notebook cell the short form (year and continent) is shown, so the
    # panel stays about as tall as the tile and leaves the hall's spots in sight
    body = "".join(
        f"<tr{' class=exlab-hint-best' if k == 0 else ''}><td title='{escape(ev.describe(o))}'>"
        f"<span class='exlab-hint-long'>"
        f"{escape(words.describe_plan(ev.view, o.plan, subject_width=OPTION_SUBJECT))}</span>"
        f"<span class='exlab-hint-short'>{escape(words.describe_plan(ev.view, o.plan, subject_width=0))}</span></td>"
        f"<td>{signed(o.value, digits)}</td>"
        f"<td>{escape(words.between(signed(o.low, digits), signed(o.high, digits)))}</td>"
        "</tr>"
        for k, o in enumerate(ev.options[:rows])
    )
    label = words.hint_panel
    # one figure per option, the one the coach ranks by, so the rows read best first
    if ev.solo:
        value = f"<th>{escape(label('solo_value'))}</th>"
    else:  # a short heading that never stands one word a line; its hover says it in full
        value = f"<th title='{escape(label('value_note'))}'>{escape(label('value_short'))}</th>"
    head = f"{value}<th>{escape(label('between'))}</th>"
    note = "" if ev.solo else f"<div class='exlab-hint-note'>{escape(label('value_note'))}</div>"
    # where the panel is narrow the note is left out: one short line over the options says it,
    # in sight with the suggestion, its why and the best option
    legend = "" if ev.solo else f"<div class='exlab-hint-legend'>{escape(label('value_legend'))}</div>"
    details = "".join(f"<li>{escape(line)}</li>" for line in words.hint_details(advice))
    return (
        f"<div class='exlab-hint-box'>"
        f"<b>{escape(label('suggests'))}</b> {escape(ev.describe(ev.best))} <small>{escape(label('lit'))}</small>"
        f"<div class='exlab-hint-why'><b>{escape(label('why'))}</b> {escape(words.why_line(advice))}.</div>"
        f"{legend}<table class='exlab-hint-table'><tr><th>{escape(label('option'))}</th>{head}</tr>{body}</table>{note}"
        f"<details><summary>{escape(label('changes'))}</summary><ul>{details}</ul></details>"
        # the panel scrolls inside: while more of it lies below its foot, a line there says so;
        # at the end the line is covered by the one after it (the cue stays stuck to the foot
        # only while words go on below)
        f"<div class='exlab-hint-more' aria-hidden='true'>{escape(label('more_below'))}</div>"
        "<div class='exlab-hint-more-end'></div></div>"
    )


def reviewing_html() -> str:
    """The line beside the progress bar while the coach reviews."""
    return f"<i>{escape(words.reviewing_game())}</i>"


def review_cancelled_html() -> str:
    return f"<i>{escape(words.review_cancelled())}</i>"


def review_failed_html(error: Exception) -> str:
    """Said in place of the review when the coach's work raised: the player sees why."""
    return f"<span class='exlab-error'>{escape(words.review_failed(str(error)))}</span>"


def working_out_best_html() -> str:
    """The progress line's words while the best possible score of a solo game is worked out."""
    return f"<i>{escape(words.working_out_best())}</i>"


def review_summary_html(review: Review) -> str:
    return (
        f"<h4 class='exlab-review-title'>{escape(words.review_title(review.player))}</h4>"
        f"<div>{escape(words.review_counts(review), quote=False)}</div>"
    )


def _taken(option: Option, d: Decision) -> Card | None:
    return option.plan.take.card if option.plan.take is not None else d.view.hand


def _same_spot(d: Decision) -> bool:
    return d.played.plan.place == d.best.plan.place


def _other_card(d: Decision) -> tuple[str, str]:
    """When the coach would have taken another card: a sentence naming it, and both card
    faces side by side (``("", "")`` when the cards are the same)."""
    mine, best = _taken(d.played, d), _taken(d.best, d)
    if mine is None or best is None or mine == best:
        return "", ""
    line = f"<br><b>{escape(words.other_card(best, same_spot=_same_spot(d)))}</b>"
    faces = (
        "<div class='exlab-review-cards'>"
        f"<div><small>{escape(words.you_took())}</small>{card_html(mine)}</div>"
        f"<div><small>{escape(words.coach_would_take())}</small>{card_html(best)}</div></div>"
    )
    return line, faces


def decision_html(d: Decision, index: int, *, solo: bool) -> str:
    """One reviewed decision: what was played and what was better, why (for a decision that
    lost points), the two cards beside the words, and the hall before the decision with the
    spot played outlined red and the better spot green."""
    marks = {}
    if isinstance(d.played.plan.place, Place):
        marks[(d.played.plan.place.showcase, d.played.plan.place.spot)] = "bad"
    if isinstance(d.best.plan.place, Place):
        marks[(d.best.plan.place.showcase, d.best.plan.place.spot)] = "good"
    said = words.decision_in_words(d, index, solo=solo)
    lost = d.label != "good"  # a good decision is not lectured
    reason = escape(words.review_reason(d))
    why = f"<br>{escape(words.coach_reason_template(), quote=False).format(reason=reason)}" if lost else ""
    more = words.review_details(d) if d.label in ("mistake", "blunder") else []
    details = "".join(f"<li>{escape(line)}.</li>" for line in more)
    details = f"<ul class='exlab-review-details'>{details}</ul>" if details else ""
    card_line, cards = _other_card(d) if lost else ("", "")
    legend = words.review_legend(same_spot=_same_spot(d) and bool(card_line))
    text = (
        f"<div class='exlab-review-words'><b>{escape(said['head'])}</b> {escape(said['round'])} "
        f"<b style='color:{LABEL_COLOURS[d.label]}'>{escape(said['label'])}</b>, {escape(said['loss'])}<br>"
        f"{escape(said['played'])}<br>"
        f"{escape(said['best'])}{card_line}{why}"
        f"{details}<small>{escape(legend)}</small></div>"
    )
    # the two cards sit beside the words, so the hall below stays where it was
    return f"<div class='exlab-review-decision'>{text}{cards}</div>{hall_html(d.view.hall, numbered=True, marks=marks)}"
