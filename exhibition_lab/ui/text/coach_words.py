"""Everything the coach says: a turn in words, a hint and its reasons, the value of an
option, a review's summary and the reasons behind each reviewed decision.

The coach (:mod:`exhibition_lab.games.exhibition.coach_model`) returns data; this module words it.
Its :data:`WORDS` table names the sentence of each of the coach's records; the package's
``__init__`` hands it to :func:`~exhibition_lab.core.words.use_words`, so
``print(coach.hint(game))`` and ``review.summary()`` speak these sentences.
"""

from __future__ import annotations

from ...core.errors import ArgumentError
from ...core.words import WordTable
from ...games.exhibition.agents import TurnPlan, plan_card
from ...games.exhibition.coach_model import (
    BLUNDER,
    PENALTIES,
    THRESHOLDS,
    BestPossible,
    Decision,
    Evaluation,
    GoalChange,
    Hint,
    Option,
    PenaltyWhatIf,
    Review,
    Risk,
    changes_now,
    deciding_goals,
    open_spots,
    risks_later,
    within_noise,
)
from ...games.exhibition.game import PlayerView
from ...games.exhibition.rules.actions import Action, EndExhibition, Place, ToDepot
from ...games.exhibition.rules.cards import Card
from ...games.exhibition.rules.goals import EMPTY_SPOTS
from ...games.exhibition.rules.scoring import SOLO_SCALE
from .explain import card_with_subject
from .i18n import N_, _, ngettext, pgettext
from .names import card_name, card_title, continent_name, phrase_words, spot_name
from .numbers import minus, number, signed
from .score import goal_label

# ---------------------------------------------------------------- a turn in words


def card_words(card: Card, *, width: int | None = None, at_word: bool = False) -> str:
    """``1953 · Hillary and Tenzing … (Asia)``: a card with its subject (cut to ``width``,
    ``at_word`` where a word ends) and continent."""
    where = continent_name(card.continent) if card.continent is not None else _("white card")
    year = card_name(card)
    title = card_title(card)
    if width is not None and len(title) > width:
        cut = title[: width - 1]
        if at_word and " " in cut[width // 2 :]:  # "Se termina la…", not "Se termina la pr…"
            cut = cut.rsplit(" ", 1)[0].rstrip(" ,;:·")
        title = cut + "…"
    if title:
        return _("{year} · {title} ({where})").format(year=year, title=title, where=where)
    return _("{year} ({where})").format(year=year, where=where)


def placement_words(view: PlayerView, place: Action) -> str:
    """Where the card goes: ``place it in General, 3rd spot``, the Depot or the end."""
    if isinstance(place, Place):
        return _("place it in {spot}").format(spot=spot_name(view.layout, place.showcase, place.spot))
    if isinstance(place, ToDepot):
        return _("put it in the Depot")
    if isinstance(place, EndExhibition):
        return _("end the exhibition")
    raise ArgumentError(f"{place} is not a placement")


def describe_plan(view: PlayerView, plan: TurnPlan, *, subject_width: int | None = None) -> str:
    """A turn in words, e.g. ``take 1953 · Everest … (Asia), place it in General, 3rd spot``
    (the card's subject cut to ``subject_width`` where a narrow table lists several turns)."""
    card = plan_card(view, plan)
    parts = []
    if plan.take is not None:
        parts.append(_("take {card}").format(card=card_words(card, width=subject_width, at_word=True)))
    if plan.move is not None:
        parts.append(_("move to {continent}").format(continent=continent_name(plan.move.continent)))
    parts.append(placement_words(view, plan.place))
    return _(", ").join(parts)


def describe_played(view: PlayerView, plan: TurnPlan) -> str:
    """A turn already played, told in the past (the review's "You played: …"): ``took 1953 ·
    Everest … (Asia) and placed it in General, 3rd spot``; the advice's imperative words
    (:func:`describe_plan`) would read as commands about the past."""
    card = plan_card(view, plan)
    parts = []
    if plan.take is not None:
        parts.append(pgettext("played", "took {card}").format(card=card_words(card)))
    if plan.move is not None:
        parts.append(pgettext("played", "moved to {continent}").format(continent=continent_name(plan.move.continent)))
    place = plan.place
    if isinstance(place, Place):
        spot = spot_name(view.layout, place.showcase, place.spot)
        parts.append(pgettext("played", "placed it in {spot}").format(spot=spot))
    elif isinstance(place, ToDepot):
        parts.append(pgettext("played", "put it in the Depot"))
    elif isinstance(place, EndExhibition):
        parts.append(pgettext("played", "ended the exhibition"))
    else:
        raise ArgumentError(f"{place} is not a placement")
    if len(parts) == 1:
        return parts[0]
    # the placement closes the turn: "…, moved to Asia and placed it in …"
    return pgettext("played", "{earlier} and {last}").format(earlier=_(", ").join(parts[:-1]), last=parts[-1])


#: The coach's intervals hold the true value with this probability.
CONFIDENCE = 0.95


def value_words(option: Option, solo: bool) -> str:
    """What an option is expected to bring, with its 95% interval."""
    if solo:
        return _("a final score of {value} ({level} interval {low} to {high})").format(
            value=number(option.value, "+,.0f"),
            level=confidence(),
            low=number(option.low, "+,.0f"),
            high=number(option.high, "+,.0f"),
        )
    # only the figure the options are ranked by: a win share beside it could disagree with the order
    return _("a margin of {value} fp over the best opponent ({level} interval {low} to {high})").format(
        value=number(option.value, "+.1f"),
        level=confidence(),
        low=number(option.low, "+.1f"),
        high=number(option.high, "+.1f"),
    )


def unit_words(evaluation: Evaluation) -> str:
    return _("points (×100)") if evaluation.solo else _("fp margin over the best opponent")


def option_words(evaluation: Evaluation, option: Option) -> str:
    return describe_plan(evaluation.view, option.plan)


TABLE_COLUMNS = {
    "card": N_("card"),
    "move": N_("move"),
    "placement": N_("placement"),
    "expected": N_("expected"),
    "low": N_("{level} low"),
    "high": N_("{level} high"),
    "playouts": N_("playouts"),
    "win": N_("win chance"),
    "turn": N_("turn"),
    "played": N_("played"),
    "best": N_("best"),
    "loss": N_("loss (fp)"),
    "solo_loss": N_("loss (points)"),
    "label": N_("label"),
}


def column(key: str) -> str:
    """A column heading of the coach's tables."""
    return _(TABLE_COLUMNS[key]).format(level=confidence())


def confidence() -> str:
    """The confidence level of the coach's intervals, as the reader writes a percentage: ``95%``."""
    return number(CONFIDENCE, ".0%")


def evaluation_table(evaluation: Evaluation) -> list[dict[str, object]]:
    """One row per option (for a DataFrame or a notebook table), best first by ``expected``,
    the figure the coach ranks by; the win chance (with opponents) is the share of playouts
    won, shown last since it may order two close options the other way."""
    view = evaluation.view
    rows = []
    for option in evaluation.options:
        plan = option.plan
        card = plan_card(view, plan)
        row: dict[str, object] = {
            column("card"): card_words(card, width=40),
            column("move"): continent_name(plan.move.continent) if plan.move is not None else "",
            column("placement"): placement_words(view, plan.place),
            column("expected"): round(option.value, 1),
            column("low"): round(option.low, 1),
            column("high"): round(option.high, 1),
            column("playouts"): option.playouts,
        }
        if option.win_chance is not None:
            row[column("win")] = round(option.win_chance, 3)
        rows.append(row)
    if not any(row[column("move")] for row in rows):  # only white cards are moved by choice
        for row in rows:
            del row[column("move")]
    return rows


# ---------------------------------------------------------------- reasons
def change_words(change: GoalChange) -> str:
    """``Number of Decades 2 → 3 (+1 fp): three decades (R22)``."""
    return _("{goal} {old} → {new} ({delta} fp): {reason} ({rule})").format(
        goal=goal_label(change.goal),
        old=number(change.old, "g"),
        new=number(change.new, "g"),
        delta=number(change.delta, "+g"),
        reason=phrase_words(change.phrase) if change.phrase is not None else change.reason,
        rule=change.rule,
    )


def plain_change(change: GoalChange) -> str:
    """A score change said plainly: ``Number of Decades goes from 2 to 3 (+1 fame point)``."""
    one = abs(change.delta) == 1
    points = ngettext("{delta} fame point", "{delta} fame points", 1 if one else 2).format(
        delta=number(change.delta, "+g")
    )
    return minus(
        _("{goal} goes from {old} to {new} ({points})").format(
            goal=goal_label(change.goal), old=number(change.old, "g"), new=number(change.new, "g"), points=points
        )
    )


def risk_words(risk: Risk) -> str:
    """``leaves General, 2nd spot with no card still to come that fits: likely −1 fp (R24)``."""
    name = spot_name(risk.layout, *risk.spot)
    if risk.lost:
        return _("leaves {spot} with no card still to come that fits: likely −1 fp ({rule})").format(
            spot=name, rule=EMPTY_SPOTS.rule
        )
    return ngettext(
        "leaves only {n} card still to come that fits {spot}",
        "leaves only {n} cards still to come that fit {spot}",
        risk.count,
    ).format(n=risk.count, spot=name)


def plain_risk(risk: Risk) -> str:
    """A risk with ``fp`` written out and true minus signs."""
    name = spot_name(risk.layout, *risk.spot)
    if risk.lost:
        return _("leaves {spot} with no card still to come that fits: likely −1 fame point ({rule})").format(
            spot=name, rule=EMPTY_SPOTS.rule
        )
    return risk_words(risk)


def no_change_now() -> str:
    return _("no goal changes at once; the value lies in what later turns can add")


def plain_line(line: GoalChange | Risk) -> str:
    """A reason of the coach in plain words (no ``fp``, no arrows)."""
    return plain_change(line) if isinstance(line, GoalChange) else plain_risk(line)


# ---------------------------------------------------------------- a hint
def hint_words(hint: Hint) -> str:
    """The hint as printed: the best turn, its value, what it changes now and risks later,
    the next best."""
    option, ev = hint.option, hint.evaluation
    lines = [
        _("Best: {turn}.").format(turn=ev.describe(option)),
        _("Expected {value} over {n} playouts.").format(value=value_words(option, ev.solo), n=option.playouts),
    ]
    now = [str(change) for change in hint.now] or [no_change_now()]
    lines += [_("Now: {reason}").format(reason=text) for text in now]
    lines += [_("Later: {risk}").format(risk=str(risk)) for risk in hint.risks]
    if len(ev.options) > 1:
        runner = ev.options[1]
        lines.append(
            _("Next best: {turn} ({value}).").format(turn=ev.describe(runner), value=value_words(runner, ev.solo))
        )
    return "\n".join(lines)


def hint_details(hint: Hint, limit: int = 3) -> list[str]:
    """The first reasons of a hint in plain words (the panel's "What it changes")."""
    now = [plain_change(change) for change in hint.now] or [no_change_now()]
    return [*now, *(plain_risk(risk) for risk in hint.risks)][:limit]


def why_line(hint: Hint) -> str:
    """The coach's reason in one line of plain words: the goals on which the suggested move
    leaves you ahead of the next option at once, largest first (or why it is the Depot or
    the end), and how far ahead of the next option it is expected to end."""
    ev = hint.evaluation
    place = ev.best.plan.place
    runner = ev.options[1] if len(ev.options) > 1 else None
    deciding = deciding_goals(ev.view, ev.best.plan, runner.plan) if runner is not None else []
    if isinstance(place, ToDepot):
        reason = _(
            "the card fits no spot of your hall where it would pay off; the Depot costs only 1 fame point at the "
            "end (R25)"
        )
    elif isinstance(place, EndExhibition):
        reason = _(
            "the card fits no spot of your hall where it would pay off; ending keeps your hall as it is and stops "
            "further losses"
        )
    elif deciding:
        reason = _("at once, compared with the next option: {goals}").format(goals=goals_ahead(deciding, ev.solo))
    elif runner is None and hint.now:
        reason = _("{change} at once").format(change=plain_change(hint.now[0]))
    else:
        reason = _("at once it scores no more than the next option; its worth lies in the cards still to come")
    if runner is not None:
        reason = _("{reason}; {comparison}").format(
            reason=reason, comparison=ahead_words(ev.best, runner, solo=ev.solo)
        )
    return reason


def goals_ahead(changes: list[GoalChange], solo: bool, limit: int = 3) -> str:
    """``Number of Decades 4 instead of 3, Chain of Years 3 instead of 2``: the goals that
    decide between two turns, largest gap first, in the game's unit (solo: ×100 points, S2)."""
    scale = SOLO_SCALE if solo else 1
    return minus(
        _(", ").join(
            _("{goal} {new} instead of {old}").format(
                goal=goal_label(change.goal),
                new=number(change.new * scale, "g"),
                old=number(change.old * scale, "g"),
            )
            for change in changes[:limit]
        )
    )


def ahead_words(best: Option, runner: Option, *, solo: bool) -> str:
    """How the suggested option compares with the next one: *about equal* when the gap is
    within the noise of the playouts (the 95% interval of the difference, measured playout
    by playout on the shared shuffles, holds 0), else the gap in the table's unit."""
    if within_noise(best, runner):
        n = min(best.playouts, runner.playouts)
        return ngettext(
            "about equal to the next option: the gap is within the noise of {n} simulated game",
            "about equal to the next option: the gap is within the noise of {n} simulated games",
            n,
        ).format(n=n)
    # the gap of the figures the table beside it shows (each rounded once), so that the
    # sentence and the table never disagree by a rounding
    digits = 0 if solo else 1
    diff = round(best.value, digits) - round(runner.value, digits)
    if solo:
        return _("about {gap} points better than the next option").format(gap=number(diff, ",.0f"))
    return _("about {gap} fame points better than the next option").format(gap=number(diff, ",.1f"))


HINT_PANEL = {
    "suggests": N_("Coach suggests:"),
    "lit": N_("(lit in purple on the board)"),
    "why": N_("Why:"),
    "option": N_("option"),
    "solo_value": N_("final score to expect (×100 points)"),
    "value": N_("points ahead of your best opponent at the end"),
    # the column's heading, in a narrow panel beside the tile: the full words are its hover
    "value_short": N_("lead at the end"),
    "between": N_("likely between"),
    "win": N_("chance to win"),
    "changes": N_("What it changes"),
    "close": N_("Close"),
}


def hint_panel(key: str) -> str:
    """A fixed label of the hint panel (see :data:`HINT_PANEL`)."""
    return _(HINT_PANEL[key])


def between(low: str, high: str) -> str:
    return _("{low} to {high}").format(low=low, high=high)


# ---------------------------------------------------------------- a review
def played_words(decision: Decision) -> str:
    return describe_plan(decision.view, decision.played.plan)


def best_words(decision: Decision) -> str:
    return describe_plan(decision.view, decision.best.plan)


def solo_points(fame: float) -> float:
    """A loss in fame points on the solo scale (×100 points, S2)."""
    return fame * SOLO_SCALE


def review_table(review: Review) -> list[dict[str, object]]:
    loss = column("solo_loss") if review.solo else column("loss")
    return [
        {
            column("turn"): d.turn,
            column("played"): d.played_words,
            column("best"): d.best_words,
            loss: round(solo_points(d.loss)) if review.solo else round(d.loss, 2),
            column("label"): label_name(d.label),
        }
        for d in review.decisions
    ]


def review_summary(review: Review) -> str:
    """The review in a few lines: the counts, the loss, the worst decisions."""
    # each count agrees with its noun: "5 inaccuracies", "5 imprecisiones", never "5 inaccuracy"
    counts = _(", ").join(counted(n, label) for label, n in review.counts().items() if n)
    if review.solo:
        head = _("{player}: {n} decisions reviewed ({counts}); {total} points lost in all, {mean} per decision.")
        total, mean = number(solo_points(review.total_loss), ",.0f"), number(solo_points(review.mean_loss), ",.0f")
    else:
        head = _("{player}: {n} decisions reviewed ({counts}); {total} fp lost in all, {mean} fp per decision.")
        total, mean = number(review.total_loss, ".1f"), number(review.mean_loss, ".2f")
    lines = [head.format(player=review.player, n=len(review.decisions), counts=counts, total=total, mean=mean)]
    for d in review.worst():
        if d.loss > 0:
            if review.solo:
                line = _("Turn {turn}: played {played}; better: {best} (−{loss} points).")
            else:
                line = _("Turn {turn}: played {played}; better: {best} (−{loss} fp).")
            loss = number(solo_points(d.loss), ",.0f") if review.solo else number(d.loss, ".1f")
            lines.append(line.format(turn=d.turn, played=d.played_words, best=d.best_words, loss=loss))
    return "\n".join(lines)


def counted(n: int, noun: str) -> str:
    """``1 mistake``, ``3 inaccuracies``, ``5 good``: a count with its noun in the right number."""
    if noun == "good":
        return ngettext("{n} good", "{n} good", n).format(n=n)
    if noun == "inaccuracy":
        return ngettext("{n} inaccuracy", "{n} inaccuracies", n).format(n=n)
    if noun == "mistake":
        return ngettext("{n} mistake", "{n} mistakes", n).format(n=n)
    if noun == BLUNDER:
        return ngettext("{n} blunder", "{n} blunders", n).format(n=n)
    if noun == "decision":
        return ngettext("{n} decision", "{n} decisions", n).format(n=n)
    raise ArgumentError(f"no count for {noun!r}; nouns: good, inaccuracy, mistake, {BLUNDER}, decision")


#: Each review label's name, as the review shows it.
LABEL_NAMES = {
    "good": N_("good"),
    "inaccuracy": N_("inaccuracy"),
    "mistake": N_("mistake"),
    BLUNDER: N_("blunder"),
}


def label_name(label: str) -> str:
    """A review label as shown: ``good``, ``inaccuracy``, ``mistake``, ``blunder``."""
    return _(LABEL_NAMES.get(label, label))


def review_counts(review: Review) -> str:
    """``12 decisions: 9 good, 2 inaccuracies, 1 mistake; 3.4 fame points lost in all
    (0.28 per decision). A decision is good when …``; a solo review counts ×100 points (S2)."""
    # every label the sentence then defines is counted, none at 0 too ("0 inaccuracies"): a
    # reader meets no defined word that the count left out
    counts = (
        _(", ").join(counted(n, label) for label, n in review.counts().items())
        if review.decisions
        else _("nothing to review")
    )
    limits = [limit for limit, _label in THRESHOLDS]
    if review.solo:
        text = _(
            "{decisions}: {counts}; {total} points lost in all ({mean} per decision). A decision is good "
            "when it loses under {good} points against the coach's best, an inaccuracy under {inaccuracy}, a "
            "mistake under {mistake}, a blunder beyond."
        )
        figures = [solo_points(x) for x in (review.total_loss, review.mean_loss, *limits)]
        specs = (",.0f", ",.0f", ",.0f", ",.0f", ",.0f")
    else:
        text = _(
            "{decisions}: {counts}; {total} fame points lost in all ({mean} per decision). A decision is good "
            "when it loses under {good} fame points against the coach's best, an inaccuracy under {inaccuracy}, a "
            "mistake under {mistake}, a blunder beyond."
        )
        figures = [review.total_loss, review.mean_loss, *limits]
        specs = (".1f", ".2f", "g", "g", "g")
    total, mean, good, inaccuracy, mistake = (number(x, spec) for x, spec in zip(figures, specs))
    return text.format(
        decisions=counted(len(review.decisions), "decision"),
        counts=counts,
        total=total,
        mean=mean,
        good=good,
        inaccuracy=inaccuracy,
        mistake=mistake,
    )


def review_title(player: str) -> str:
    return _("Review of {player}").format(player=player)


def reviewing(player: str) -> str:
    return _("Reviewing {player}’s decisions…").format(player=player)


def reviewing_game() -> str:
    """Said beside the progress bar while the coach reviews a finished game."""
    return _("The coach is reviewing the game…")


def cancel() -> str:
    """The button that stops a review under way."""
    return _("Cancel")


def review_cancelled() -> str:
    return _("Review cancelled.")


def review_failed(reason: str) -> str:
    return _("The coach could not review this game: {reason}").format(reason=reason)


def decision_position(index: int, count: int) -> str:
    return _("Decision {k} of {n}").format(k=index, n=count)


def no_decisions() -> str:
    return _("No decisions to review.")


def review_reason(d: Decision) -> str:
    """Why the better turn was better, in one line: the goals on which it leaves the seat
    ahead at once, largest first, else a risk only the turn played took, else the room it
    leaves for later cards."""
    deciding = deciding_goals(d.view, d.best.plan, d.played.plan)
    if deciding:
        solo = len(d.view.players) == 1
        return _("the better turn at once: {goals}").format(goals=goals_ahead(deciding, solo))
    only_played = risks_only_played(d)
    if only_played:
        return _("your turn {risk}").format(risk=plain_risk(only_played[0]))
    return _("both change the score alike at once; the better turn leaves more room for the cards still to come")


def risks_only_played(d: Decision) -> list[Risk]:
    """The risks the turn played took that the best turn did not."""
    best_risks = set(risks_later(d.view, d.best.plan))
    return [risk for risk in risks_later(d.view, d.played.plan) if risk not in best_risks]


def review_details(d: Decision) -> list[str]:
    """More than one line for a large loss: every risk only the turn played took, and how
    many empty spots each turn keeps that cards still to come can fill (R24)."""
    lines = [_("your turn {risk}").format(risk=plain_risk(risk)) for risk in risks_only_played(d)][:3]
    mine, best = len(open_spots(d.view, d.played.plan)), len(open_spots(d.view, d.best.plan))
    if mine != best:
        lines.append(
            _(
                "the coach's turn keeps {best} that cards still to come can fill, yours {mine} "
                "(each spot left empty costs 1 fame point at the end, R24)"
            ).format(best=_spots(best), mine=_spots(mine))
        )
    # the penalty lines only take points away: listed alone they read as the turn's purpose
    best_now = [plain_change(c) for c in changes_now(d.view, d.best.plan) if c.goal not in PENALTIES]
    if len(best_now) > 1:
        lines.append(_("the coach's turn at once: {changes}").format(changes=_("; ").join(best_now)))
    return lines


def _spots(n: int) -> str:
    return ngettext("{n} spot", "{n} spots", n).format(n=n)


def decision_in_words(d: Decision, index: int, *, solo: bool) -> dict[str, str]:
    """The sentences of one reviewed decision, by part (the review panel places them)."""
    digits = 0 if solo else 1
    worth = _("final score (×100)") if solo else _("points ahead of the best opponent")
    return {
        "head": _("Decision {k}").format(k=index),
        "round": _("(round {round}):").format(round=d.round),
        "label": label_name(d.label),
        "loss": (
            _("{loss} points lost.").format(loss=number(solo_points(d.loss), ",.0f"))
            if solo
            else _("{loss} fame points lost.").format(loss=number(d.loss, ".1f"))
        ),
        "played": _("You played: {turn} (expected {worth}: {value}).").format(
            turn=describe_played(d.view, d.played.plan), worth=worth, value=signed(d.played.value, digits)
        ),
        "best": _("Best found: {turn} (expected {value}).").format(
            turn=d.best_words, value=signed(d.best.value, digits)
        )
        + room_on_the_left(d.view, d.best.plan),
    }


def room_on_the_left(view: PlayerView, plan: TurnPlan) -> str:
    """Why a suggested spot lies right of empty ones (`` The 1st spot stays free for an older
    card: years ascend, R11.``), or ``""``: a newcomer reads "2nd spot" beside an empty 1st as a
    slip, while it keeps room for a card that comes later."""
    place = plan.place
    if not isinstance(place, Place) or place.spot == 0:
        return ""
    row = view.hall.showcases[place.showcase]
    if any(c is not None for c in row[: place.spot]):
        return ""
    if place.spot == 1:
        return " " + _("The 1st spot stays free for an older card: years ascend (R11).")
    return " " + _("The {n} spots on its left stay free for older cards: years ascend (R11).").format(n=place.spot)


def coach_reason_template() -> str:
    """``The coach's reason: {reason}.`` (the renderer fills in the reason)."""
    return _("The coach's reason: {reason}.")


def review_legend(*, same_spot: bool) -> str:
    text = _("The hall before the decision; the spot you played is outlined red, the better spot green")
    if same_spot:
        text = _("{legend} (the same spot: the card made the difference)").format(legend=text)
    return _("{legend}.").format(legend=text)


def other_card(card: Card, *, same_spot: bool) -> str:
    """``The coach would have taken 1953 · … instead (for the same spot).``"""
    if same_spot:
        return _("The coach would have taken {card} instead for the same spot.").format(card=card_with_subject(card))
    return _("The coach would have taken {card} instead.").format(card=card_with_subject(card))


def you_took() -> str:
    return _("You took")


def coach_would_take() -> str:
    return _("The coach would have taken")


def previous_next() -> tuple[str, str]:
    return _("◀ Previous"), _("Next ▶")


# ---------------------------------------------------------------- best possible (solo)
def best_possible_words(best: BestPossible) -> str:
    """``Best possible with these cards: 1,700 points (you scored 900).`` — with the proven
    bound when the search could not prove its line the very best."""
    ceiling = best.ceiling
    figures = {"best": number(best.best, ",.0f"), "played": number(best.played, ",.0f")}
    if ceiling.proven:
        text = _("Best possible with these cards: {best} points (you scored {played}).")
    else:
        text = _("Best possible with these cards: at least {best} points, at most {bound} (you scored {played}).")
        figures["bound"] = number(ceiling.upper_bound, ",.0f")
    return text.format(**figures)


def penalty_what_if_words(what_if: PenaltyWhatIf) -> str:
    """Could the pair goal's market penalty have been avoided (S4, S5)? Answered from the
    best line's points on that goal; a flat "no" only when that line is proven the best,
    since an unproven line leaves room for a better one."""
    figures = {
        "goal": goal_label(what_if.goal),
        "played": number(what_if.played, "g"),
        "best": number(what_if.best, "g"),
    }
    if what_if.avoidable:
        text = _(
            "Could you have avoided this {goal} penalty? Yes: the best line found keeps {best} fp "
            "of the {goal}; you kept {played}."
        )
    elif what_if.best < what_if.played:
        text = _(
            "Could you have avoided this {goal} penalty? You kept {played} fp of the {goal}, more than "
            "the best line found ({best}): it gives them up for more elsewhere."
        )
    elif what_if.proven:
        text = _(
            "Could you have avoided this {goal} penalty? No: the best possible line also keeps {best} fp "
            "of the {goal}, as you did."
        )
    else:
        text = _(
            "Could you have avoided this {goal} penalty? Not on any line the search found: the best line "
            "found also keeps {best} fp of the {goal}, as you did, and a better line is not ruled out."
        )
    return text.format(**figures)


def best_line_words(shown: bool) -> str:
    """The button that shows (or hides) the best line's hall."""
    return _("Hide the best line") if shown else _("Show the best line")


def best_line_title() -> str:
    return _("The best line with these cards: its hall at the end")


def working_out_best() -> str:
    """Said while the best possible score of a solo game is being worked out."""
    return _("Working out the best possible score with these cards…")


#: What this module says of engine objects, handed to :func:`~exhibition_lab.core.words.use_words`
#: by the package's ``__init__`` (``str(obj)`` is ``"text"``).
WORDS: WordTable = {
    (Evaluation, "unit"): unit_words,
    (Evaluation, "describe"): option_words,
    (Evaluation, "table"): evaluation_table,
    (GoalChange, "text"): change_words,
    (Risk, "text"): risk_words,
    (Hint, "text"): hint_words,
    (Decision, "played"): played_words,
    (Decision, "best"): best_words,
    (Review, "table"): review_table,
    (Review, "summary"): review_summary,
    (BestPossible, "text"): best_possible_words,
    (PenaltyWhatIf, "text"): penalty_what_if_words,
}
