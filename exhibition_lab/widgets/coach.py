"""The coach in the play app: a hint panel during the game and a review after it.

Both only display what :mod:`exhibition_lab.coach` computes from the player's own view.
"""

from __future__ import annotations

from html import escape

import ipywidgets as w

from ..actions import Action, EndExhibition, Move, Place, Take, ToDepot
from ..coach import Decision, Hint, Review
from ..display import hall_html

#: The play app's budget: enough playouts to rank the options, bounded so a click answers
#: within about a second (the first round of playouts always runs).
HINT_TIME_LIMIT = 1.0
REVIEW_TIME_LIMIT = 0.4  # per reviewed decision
LABEL_COLOURS = {"good": "#1b5e20", "inaccuracy": "#8d6e00", "mistake": "#b34700", "blunder": "#b71c1c"}


def hint_target(action: Action) -> tuple[str, object]:
    """Which control of the app a suggested action lights: ``("card", Card)``,
    ``("continent", Continent)``, ``("spot", (s, i))``, ``("depot", None)`` or ``("end", None)``."""
    if isinstance(action, Take):
        return "card", action.card
    if isinstance(action, Move):
        return "continent", action.continent
    if isinstance(action, Place):
        return "spot", (action.showcase, action.spot)
    if isinstance(action, ToDepot):
        return "depot", None
    if isinstance(action, EndExhibition):
        return "end", None
    raise ValueError(f"no control for {action}")


class HintPanel(w.HTML):
    """The coach's advice in words with its best options and their values."""

    def __init__(self) -> None:
        super().__init__()
        self.add_class("exlab-hint-panel")
        self.layout.display = "none"

    def show(self, advice: Hint) -> None:
        ev = advice.evaluation
        unit = "final score (×100)" if ev.solo else "fp margin over the best opponent"
        rows = "".join(
            f"<tr{' class=exlab-hint-best' if k == 0 else ''}><td>{escape(ev.describe(o))}</td>"
            f"<td>{o.value:+,.{0 if ev.solo else 1}f}</td>"
            f"<td>{o.low:+,.{0 if ev.solo else 1}f} … {o.high:+,.{0 if ev.solo else 1}f}</td>"
            f"{'' if ev.solo else f'<td>{o.win_chance:.0%}</td>'}</tr>"
            for k, o in enumerate(ev.options[:3])
        )
        win = "" if ev.solo else "<th>wins</th>"
        lines = "".join(f"<li>{escape(line)}</li>" for line in (*advice.now, *advice.risks))
        self.value = (
            f"<div style='border:2px solid #5e35b1;border-radius:6px;padding:4px 8px;background:#f3effa'>"
            f"<b>Coach:</b> {escape(ev.describe(ev.best))} "
            f"<small>(lit in purple; {ev.best.playouts} playouts per option, {ev.seconds:.1f} s)</small>"
            f"<ul style='margin:2px 0 2px 18px;padding:0'>{lines}</ul>"
            f"<table style='font-size:12px'><tr><th>option</th><th>expected {unit}</th><th>95% interval</th>"
            f"{win}</tr>{rows}</table></div>"
        )
        self.layout.display = "block"

    def hide(self) -> None:
        self.layout.display = "none"


class ReviewView(w.VBox):
    """Step through a reviewed game: the hall before each decision, the turn played and the
    coach's better turn (outlined red and green), with the loss and its label."""

    def __init__(self, review: Review) -> None:
        self.review = review
        self.index = 0
        self.summary = w.HTML(self._summary_html())
        self.board = w.HTML()
        self.previous = w.Button(description="◀ Previous", layout=w.Layout(width="auto"))
        self.next = w.Button(description="Next ▶", layout=w.Layout(width="auto"))
        self.position = w.HTML()
        self.previous.add_class("exlab-review-previous")
        self.next.add_class("exlab-review-next")
        self.previous.on_click(lambda _: self.go(self.index - 1))
        self.next.on_click(lambda _: self.go(self.index + 1))
        super().__init__([self.summary, w.HBox([self.previous, self.position, self.next]), self.board])
        self.add_class("exlab-review-panel")
        self.go(0)

    def _summary_html(self) -> str:
        review = self.review
        counts = ", ".join(f"{n} {label}" for label, n in review.counts().items() if n) or "no decisions"
        return (
            f"<h4 style='margin:4px 0'>Review of {escape(review.player)}</h4>"
            f"<div>{len(review.decisions)} decisions: {counts}; {review.total_loss:.1f} fp lost in all "
            f"({review.mean_loss:.2f} per decision). Labels: good under 0.5 fp lost, inaccuracy under 1.5, "
            f"mistake under 3, blunder beyond.</div>"
        )

    @property
    def decision(self) -> Decision | None:
        return self.review.decisions[self.index] if self.review.decisions else None

    def go(self, index: int) -> None:
        """Show decision ``index`` (clamped to the game)."""
        count = len(self.review.decisions)
        self.index = max(0, min(index, count - 1))
        self.previous.disabled = self.index == 0
        self.next.disabled = self.index >= count - 1
        self.position.value = f"&nbsp;decision {self.index + 1 if count else 0} of {count}&nbsp;"
        self.board.value = self._decision_html(self.decision) if self.decision else "<i>No decisions to review.</i>"

    def _decision_html(self, d: Decision) -> str:
        marks = {}
        if isinstance(d.played.plan.place, Place):
            marks[(d.played.plan.place.showcase, d.played.plan.place.spot)] = "bad"
        if isinstance(d.best.plan.place, Place):
            marks[(d.best.plan.place.showcase, d.best.plan.place.spot)] = "good"
        colour = LABEL_COLOURS[d.label]
        scale = 100 if self.review.solo else 1
        digits = 0 if self.review.solo else 1
        return (
            f"<div class='exlab-review-decision'><b>Turn {d.turn}</b> (round {d.round}): "
            f"<b style='color:{colour}'>{d.label}</b>, {d.loss:.1f} fp lost.<br>"
            f"You played: {escape(d.played_words)} (expected {d.played.value:+,.{digits}f}).<br>"
            f"Best found: {escape(d.best_words)} (expected {d.best.value:+,.{digits}f}).<br>"
            f"<small>Expected values are {'final solo scores (×100)' if scale == 100 else 'fp margins'}; "
            f"the hall before the turn, the spot played outlined red and the better spot green.</small></div>"
            f"{hall_html(d.view.hall, numbered=True, marks=marks)}"
        )
