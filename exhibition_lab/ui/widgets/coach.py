"""The coach in the play app: a hint panel during the game and a review after it.

Both only display what :mod:`exhibition_lab.coach` computes from the player's own view.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from html import escape

import ipywidgets as w

from ...games.exhibition import coach
from ...games.exhibition.coach import Decision, Hint, Review, changes_now, open_spots, risks_later
from ...games.exhibition.game import Game
from ...games.exhibition.rules.actions import Action, EndExhibition, Move, Place, Take, ToDepot
from ..render.cards import card_html
from ..render.halls import hall_html
from ..text.explain import card_with_subject

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


class HintPanel(w.VBox):
    """The coach's advice in plain words: the suggested move, a one-line why, and the best
    options with what each is expected to bring (no search jargon). It lies over the side
    column of the board (see the app's layout) and closes with its button or the next move."""

    def __init__(self, on_close: Callable[[], None] | None = None) -> None:
        self.text = w.HTML()
        self.close_button = w.Button(
            description="Close", icon="times", layout=w.Layout(width="90px", align_self="flex-end")
        )
        self.close_button.add_class("exlab-hint-close")
        self.close_button.on_click(lambda _: on_close() if on_close is not None else self.hide())
        super().__init__([self.text, self.close_button])
        self.add_class("exlab-hint-panel")
        self.layout.display = "none"

    @property
    def value(self) -> str:
        """The advice as HTML (what the panel shows)."""
        return self.text.value

    def show(self, advice: Hint) -> None:
        ev = advice.evaluation
        digits = 0 if ev.solo else 1
        rows = "".join(
            f"<tr{' class=exlab-hint-best' if k == 0 else ''}><td>{escape(ev.describe(o))}</td>"
            f"<td>{_signed(o.value, digits)}</td>"
            f"<td>{_signed(o.low, digits)} to {_signed(o.high, digits)}</td>"
            f"{'' if ev.solo else f'<td>{o.win_chance:.0%}</td>'}</tr>"
            for k, o in enumerate(ev.options[:3])
        )
        if ev.solo:
            head = "<th>final score to expect (×100 points)</th><th>likely between</th>"
        else:
            head = "<th>points ahead of your best opponent at the end</th><th>likely between</th><th>chance to win</th>"
        details = "".join(f"<li>{escape(plain_line(line))}</li>" for line in (*advice.now, *advice.risks)[:3])
        self.text.value = (
            f"<div class='exlab-hint-box'>"
            f"<b>Coach suggests:</b> {escape(ev.describe(ev.best))} <small>(lit in purple on the board)</small>"
            f"<div class='exlab-hint-why'><b>Why:</b> {escape(why_line(advice))}.</div>"
            f"<table class='exlab-hint-table'><tr><th>option</th>{head}</tr>{rows}</table>"
            f"<details><summary>What it changes</summary><ul>{details}</ul></details></div>"
        )
        self.layout.display = "flex"

    def hide(self) -> None:
        self.layout.display = "none"


_CHANGE = re.compile(r"^(?P<goal>.+?) (?P<old>-?[\d.]+) → (?P<new>-?[\d.]+) \((?P<delta>[+-][\d.]+) fp\)")


def why_line(advice: Hint) -> str:
    """The coach's reason in one line of plain words: what the suggested move brings at once,
    or why it is the Depot or the end, and how far ahead of the next option it is."""
    ev = advice.evaluation
    place = ev.best.plan.place
    if isinstance(place, (ToDepot, EndExhibition)):
        reason = "the card fits no spot of your hall where it would pay off; "
        reason += (
            "the Depot costs only 1 fame point at the end (R25)"
            if isinstance(place, ToDepot)
            else "ending keeps your hall as it is and stops further losses"
        )
    else:
        change = next((plain for plain in map(plain_change, advice.now) if plain), None)
        if change is not None:
            reason = f"{change} at once"
        else:
            reason = "no score changes at once, but it keeps the most spots open for the cards still to come"
    if len(ev.options) > 1:
        reason += "; " + ahead_words(ev.best, ev.options[1], solo=ev.solo)
    return reason


def ahead_words(best: coach.Option, runner: coach.Option, *, solo: bool) -> str:
    """How the suggested option compares with the next one: *about equal* when the gap is
    within the playouts' error (their 95% ranges overlap), else the gap in the table's unit."""
    if runner.high >= best.low:
        return "about equal to the next option: the gap is within the coach's margin of error"
    gap = best.value - runner.value
    unit = "points" if solo else "fame points"
    return f"about {gap:,.{0 if solo else 1}f} {unit} better than the next option"


def plain_change(line: str) -> str | None:
    """``Number of Decades 2 → 3 (+1 fp): …`` said plainly: ``Number of Decades goes from 2
    to 3 (+1 fame point)``; ``None`` for a line that is not a score change."""
    change = _CHANGE.match(line)
    if change is None:
        return None
    delta = float(change["delta"])
    points = f"{delta:+g} fame point{'s' if abs(delta) != 1 else ''}"
    return minus(f"{change['goal']} goes from {change['old']} to {change['new']} ({points})")


def plain_line(line: str) -> str:
    """A line of the engine's coach in plain words: a score change as :func:`plain_change`,
    any other line with ``fp`` written out and true minus signs."""
    return plain_change(line) or minus(re.sub(r"(\d) fp\b", r"\1 fame point", line))


def minus(text: str) -> str:
    """Hyphens used as minus signs (before a digit, not inside a word or a range) as “−”."""
    return re.sub(r"(?<![\w−])-(?=\d)", "−", text)


def _signed(value: float, digits: int) -> str:
    return f"{value:+,.{digits}f}".replace("-", "−")


class ReviewView(w.VBox):
    """Step through a reviewed game: the hall before each decision, the turn played and the
    coach's better turn (outlined red and green), with the loss and its label.

    Built with :meth:`for_game`, it reviews every human seat of a finished game: with
    several, a row of name buttons chooses whose decisions are shown (each seat's review is
    computed on its first choice and kept)."""

    def __init__(
        self,
        review: Review,
        *,
        chooser: Callable[[int], Review] | None = None,
        seats: Sequence[tuple[str, int]] = (),
    ) -> None:
        self.review = review
        self.index = 0
        self._reviews = {review.seat: review}
        self._review_of = chooser
        self.seat_chooser = w.ToggleButtons(options=list(seats) or [(review.player, review.seat)], value=review.seat)
        self.seat_chooser.add_class("exlab-review-seats")
        self.seat_chooser.style.button_width = "auto"
        self.seat_chooser.layout.display = "flex" if len(seats) > 1 else "none"
        self.seat_chooser.observe(lambda change: self.show_seat(change["new"]), names="value")
        self.summary = w.HTML(self._summary_html())
        self.board = w.HTML()
        self.previous = w.Button(description="◀ Previous", layout=w.Layout(width="auto"))
        self.next = w.Button(description="Next ▶", layout=w.Layout(width="auto"))
        self.position = w.HTML()
        self.previous.add_class("exlab-review-previous")
        self.next.add_class("exlab-review-next")
        self.previous.on_click(lambda _: self.go(self.index - 1))
        self.next.on_click(lambda _: self.go(self.index + 1))
        super().__init__(
            [self.seat_chooser, self.summary, w.HBox([self.previous, self.position, self.next]), self.board]
        )
        self.add_class("exlab-review-panel")
        self.go(0)

    @classmethod
    def for_game(
        cls, game: Game, seats: Sequence[int], *, seed: int = 0, time_limit: float | None = REVIEW_TIME_LIMIT
    ) -> ReviewView:
        """The review of ``seats[0]``, with a chooser for the other seats when there are several."""

        def review_of(seat: int) -> Review:
            return coach.review(game, seat, time_limit=time_limit, seed=seed)

        named = [(game.players[seat], seat) for seat in seats]
        return cls(review_of(seats[0]), chooser=review_of, seats=named)

    def show_seat(self, seat: int) -> None:
        """Show the review of ``seat`` from its first decision (reviewed on first demand)."""
        if seat not in self._reviews:
            if self._review_of is None:
                raise ValueError(f"this review covers seat {self.review.seat} only")
            name = dict((s, n) for n, s in self.seat_chooser.options).get(seat, seat)
            self.summary.value = f"<i>Reviewing {escape(str(name))}’s decisions…</i>"
            self._reviews[seat] = self._review_of(seat)
        self.review = self._reviews[seat]
        self.summary.value = self._summary_html()
        self.go(0)

    def _summary_html(self) -> str:
        review = self.review
        counts = ", ".join(counted(n, label) for label, n in review.counts().items() if n) or "nothing to review"
        n = len(review.decisions)
        return (
            f"<h4 style='margin:4px 0'>Review of {escape(review.player)}</h4>"
            f"<div>{counted(n, 'decision')}: {counts}; {review.total_loss:.1f} fame points lost in all "
            f"({review.mean_loss:.2f} per decision). A decision is good when it loses under 0.5 fame points "
            f"against the coach's best, an inaccuracy under 1.5, a mistake under 3, a blunder beyond.</div>"
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
        self.position.value = f"&nbsp;Decision {self.index + 1 if count else 0} of {count}&nbsp;"
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
        reason = review_reason(d) if d.label != "good" else ""
        why = f"<br>The coach's reason: {escape(reason)}." if reason else ""
        more = review_details(d) if d.label in ("mistake", "blunder") else []
        details = "".join(f"<li>{escape(line)}.</li>" for line in more)
        details = f"<ul class='exlab-review-details' style='margin:2px 0'>{details}</ul>" if details else ""
        worth = "final score (×100)" if scale == 100 else "points ahead of the best opponent"
        card_line, cards = _other_card(d) if d.label != "good" else ("", "")
        same = " (the same spot: the card made the difference)" if _same_spot(d) and card_line else ""
        text = (
            f"<div style='flex:1 1 auto'><b>Decision {self.index + 1}</b> (round {d.round}): "
            f"<b style='color:{colour}'>{d.label}</b>, {d.loss:.1f} fame points lost.<br>"
            f"You played: {escape(d.played_words)} (expected {worth}: {_signed(d.played.value, digits)}).<br>"
            f"Best found: {escape(d.best_words)} (expected {_signed(d.best.value, digits)}).{card_line}{why}"
            f"{details}<small>The hall before the decision; the spot you played is outlined red, the better spot "
            f"green{same}.</small></div>"
        )
        # the two cards sit beside the words, so the hall below stays where it was
        return (
            f"<div class='exlab-review-decision' style='display:flex;gap:12px;align-items:flex-start'>"
            f"{text}{cards}</div>{hall_html(d.view.hall, numbered=True, marks=marks)}"
        )


def _taken(option: coach.Option, d: Decision):
    return option.plan.take.card if option.plan.take is not None else d.view.hand


def _same_spot(d: Decision) -> bool:
    return d.played.plan.place == d.best.plan.place


def _other_card(d: Decision) -> tuple[str, str]:
    """When the coach would have taken another card: a sentence naming it, and both card
    faces side by side (``("", "")`` when the cards are the same). Said for decisions that
    lost points; for a good one "Best found" names the card quietly enough."""
    mine, best = _taken(d.played, d), _taken(d.best, d)
    if mine is None or best is None or mine == best:
        return "", ""
    where = " for the same spot" if _same_spot(d) else ""
    line = f"<br><b>The coach would have taken {escape(card_with_subject(best))} instead{where}.</b>"
    faces = (
        "<div class='exlab-review-cards' style='display:flex;gap:10px;align-items:flex-start;flex:0 0 auto'>"
        f"<div><small>You took</small>{card_html(mine)}</div>"
        f"<div><small>The coach would have taken</small>{card_html(best)}</div></div>"
    )
    return line, faces


def review_reason(d: Decision) -> str:
    """Why the better turn was better, in one line: a score change only it brings at once,
    else a risk only the turn played took, else the room it leaves for later cards."""
    best_now = changes_now(d.view, d.best.plan)
    played_now = set(changes_now(d.view, d.played.plan))
    only_best = [line for line in best_now if line not in played_now and not line.startswith("no goal")]
    if only_best:
        return f"with the better turn, {plain_line(only_best[0])}"
    only_played = _risks_only_played(d)
    if only_played:
        return f"your turn {plain_line(only_played[0])}"
    return "both change the score alike at once; the better turn leaves more room for the cards still to come"


def _risks_only_played(d: Decision) -> list[str]:
    best_risks = set(risks_later(d.view, d.best.plan))
    return [risk for risk in risks_later(d.view, d.played.plan) if risk not in best_risks]


def review_details(d: Decision) -> list[str]:
    """More than one line for a large loss: every risk only the turn played took, and how
    many empty spots each turn keeps that cards still to come can fill (R24)."""
    lines = [f"your turn {plain_line(risk)}" for risk in _risks_only_played(d)][:3]
    mine, best = len(open_spots(d.view, d.played.plan)), len(open_spots(d.view, d.best.plan))
    if mine != best:
        lines.append(
            f"the coach's turn keeps {_spots(best)} that cards still to come can fill, yours {_spots(mine)} "
            "(each spot left empty costs 1 fame point at the end, R24)"
        )
    best_now = [plain_line(line) for line in changes_now(d.view, d.best.plan) if not line.startswith("no goal")]
    if best_now and len(best_now) > 1:
        lines.append("the coach's turn at once: " + "; ".join(best_now))
    return lines


def _spots(n: int) -> str:
    return f"{n} spot{'s' if n != 1 else ''}"


PLURALS = {"inaccuracy": "inaccuracies", "good": "good"}


def counted(n: int, noun: str) -> str:
    """``1 mistake``, ``3 inaccuracies``, ``5 good``: a count with its noun in the right number."""
    if n == 1:
        return f"1 {noun}"
    return f"{n} {PLURALS.get(noun, noun + 's')}"
