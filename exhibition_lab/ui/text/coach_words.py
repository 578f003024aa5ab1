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
    RoomEdge,
    Sides,
    cards_to_come,
    changes_now,
    deciding_goals,
    gap,
    open_spots,
    risks_later,
    risks_only,
    room_edge,
    showcase_cards,
    showcase_room,
    spot_sides,
    vehicle_edge,
)
from ...games.exhibition.game import PlayerView
from ...games.exhibition.odds import pair_odds
from ...games.exhibition.rules.actions import Action, EndExhibition, Place, ToDepot
from ...games.exhibition.rules.cards import Card
from ...games.exhibition.rules.goals import CONTINENT_FOCUS, EMPTY_SPOTS, MID_CENTURY, YEARS_GAP
from ...games.exhibition.rules.layout import Layout
from ...games.exhibition.rules.scoring import SOLO_PAIR_MAX, SOLO_SCALE
from .explain import card_with_subject
from .i18n import N_, _, ngettext, pgettext
from .names import (
    card_name,
    card_title,
    continent_name,
    phrase_words,
    showcase_in_sentence,
    spot_in_sentence,
)
from .numbers import minus, number, signed
from .score import goal_label

# ---------------------------------------------------------------- a turn in words


def card_words(card: Card, *, width: int | None = None, at_word: bool = False) -> str:
    """``1953 · Hillary and Tenzing … (Asia)``: a card with its subject (cut to ``width``,
    ``at_word`` where a word ends; none at width 0) and continent."""
    where = continent_name(card.continent) if card.continent is not None else _("white card")
    year = card_name(card)
    title = card_title(card) if width != 0 else ""
    if width is not None and len(title) > width:
        cut = title[: width - 1]
        if at_word and " " in cut[width // 2 :]:  # "Se termina la…", not "Se termina la pr…"
            cut = cut.rsplit(" ", 1)[0].rstrip(" ,;:·")
        title = cut + "…"
    if title:
        return _("{year} · {title} ({where})").format(year=year, title=title, where=where)
    return _("{year} ({where})").format(year=year, where=where)


def placement_words(view: PlayerView, place: Action, *, looking_back: bool = False) -> str:
    """Where the card goes: ``place it in General, 3rd spot``, the Depot or the end;
    ``looking_back`` says it as a move a review weighs, not as advice (Spanish: *ponerla en…*,
    not *ponela en…*)."""
    if isinstance(place, Place):
        spot = spot_in_sentence(view.layout, place.showcase, place.spot)
        if looking_back:
            return pgettext("looking back", "place it in {spot}").format(spot=spot)
        return _("place it in {spot}").format(spot=spot)
    if isinstance(place, ToDepot):
        return pgettext("looking back", "put it in the Depot") if looking_back else _("put it in the Depot")
    if isinstance(place, EndExhibition):
        return pgettext("looking back", "end the exhibition") if looking_back else _("end the exhibition")
    raise ArgumentError(f"{place} is not a placement")


def describe_plan(
    view: PlayerView, plan: TurnPlan, *, subject_width: int | None = None, looking_back: bool = False
) -> str:
    """A turn in words, e.g. ``take 1953 · Everest … (Asia), place it in General, 3rd spot``
    (the card's subject cut to ``subject_width`` where a narrow table lists several turns);
    ``looking_back``: a turn a review weighs (played or better), said without commanding it
    (Spanish: *tomar 1953…, ponerla en…*)."""
    card = plan_card(view, plan)
    parts = []
    if plan.take is not None:
        taken = card_words(card, width=subject_width, at_word=True)
        take = pgettext("looking back", "take {card}") if looking_back else _("take {card}")
        parts.append(take.format(card=taken))
    if plan.move is not None:
        move = pgettext("looking back", "move to {continent}") if looking_back else _("move to {continent}")
        parts.append(move.format(continent=continent_name(plan.move.continent)))
    parts.append(placement_words(view, plan.place, looking_back=looking_back))
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
        spot = spot_in_sentence(view.layout, place.showcase, place.spot)
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
    name = spot_in_sentence(risk.layout, *risk.spot)
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
    name = spot_in_sentence(risk.layout, *risk.spot)
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
    """The coach's reason in one line of plain words, each fact computed from the position:
    the goals on which the suggested move leaves you ahead of the next option at once,
    largest first; for the Depot and the end, what each costs in fame points (R10a, R24,
    R25). Else, in the board's terms: the penalties when the next option goes to the Depot
    or ends (:func:`filling_reason`), the room kept for the cards still to come — a spot and
    the cards that fit it with the rule that shuts them out after the next option, or the
    risk the next option runs (:func:`room_reason`) —, the vehicle's next stop
    (:func:`vehicle_reason`), what the placement builds in its showcase
    (:func:`showcase_reason`); the abstract sentence only when none of these differs. Then
    how far ahead of the next option it is expected to end."""
    ev = hint.evaluation
    place = ev.best.plan.place
    runner = ev.options[1] if len(ev.options) > 1 else None
    deciding = deciding_goals(ev.view, ev.best.plan, runner.plan) if runner is not None else []
    if isinstance(place, ToDepot):
        reason = depot_reason(ev, runner)
    elif isinstance(place, EndExhibition):
        reason = end_reason(ev)
    elif deciding:
        reason = _("at once, compared with the next option: {goals}").format(goals=goals_ahead(deciding, ev.solo))
    elif runner is None and hint.now:
        reason = _("{change} at once").format(change=plain_change(hint.now[0]))
    else:
        reason = (
            filling_reason(ev, runner)
            or room_reason(ev, runner)
            or vehicle_reason(ev, runner)
            or showcase_reason(ev)
            or _("at once it scores no more than the next option; its worth lies in the cards still to come")
        )
    if runner is not None:
        reason = _("{reason}; {comparison}").format(
            reason=reason, comparison=ahead_words(ev.best, runner, solo=ev.solo)
        )
    return reason


def room_reason(ev: Evaluation, runner: Option | None) -> str | None:
    """Why the suggested turn is ahead when no goal decides at once, in the board's terms:
    the spot it keeps open for cards the next option shuts out (:func:`room_edge`), else a
    risk only the next option runs (:func:`risks_only`); ``None`` when neither differs."""
    if runner is None:
        return None
    edge = room_edge(ev.view, ev.best.plan, runner.plan)
    if edge is not None:
        return edge_words(edge)
    risks = risks_only(ev.view, runner.plan, ev.best.plan)
    if risks and risks[0].lost:
        return _("the next option {risk}").format(risk=plain_risk(risks[0]))
    if risks:  # a spot few cards still fit is likely to stay empty
        return _("the next option {risk}: each spot left empty costs 1 fame point ({rule})").format(
            risk=plain_risk(risks[0]), rule=EMPTY_SPOTS.rule
        )
    room = showcase_room(ev.view, ev.best.plan, runner.plan)
    if room is not None:
        kind = ev.view.layout[room.showcase]
        return _("{showcase} keeps room for {cards}; after the next option, for {m} ({rule})").format(
            showcase=showcase_in_sentence(kind),
            cards=cards_count(room.cards, room.market),
            m=room.other,
            rule=room.rule,
        )
    return None


def filling_reason(ev: Evaluation, runner: Option | None) -> str | None:
    """When the suggested turn fills a hall spot and the next option sends its card to the
    Depot or ends the exhibition, the penalties are the whole difference at once: a spot
    filled spares −1 fp (R24), a Depot card costs 1 (R25), ending keeps every empty spot."""
    place = ev.best.plan.place
    if runner is None or not isinstance(place, Place):
        return None
    spot = spot_in_sentence(ev.view.layout, place.showcase, place.spot)
    if isinstance(runner.plan.place, ToDepot):
        return _(
            "filling {spot} spares the −1 fame point of an empty spot (R24); the next option puts a card in the "
            "Depot: −1 fame point (R25)"
        ).format(spot=spot)
    if isinstance(runner.plan.place, EndExhibition):
        empty = ev.view.hall.n_empty
        return ngettext(
            "filling {spot} spares the −1 fame point of an empty spot (R24); the next option ends the exhibition "
            "with {n} empty spot: −{n} fame point (R10a)",
            "filling {spot} spares the −1 fame point of an empty spot (R24); the next option ends the exhibition "
            "with {n} empty spots: −{n} fame points (R10a)",
            empty,
        ).format(spot=spot, n=empty)
    return None


def vehicle_reason(ev: Evaluation, runner: Option | None) -> str | None:
    """Where the vehicle goes (R8) and the cards there now that fit the hall, when that is
    where the suggested turn and the next option part (:func:`vehicle_edge`)."""
    if runner is None:
        return None
    best, other = ev.best.plan, runner.plan
    edge = vehicle_edge(ev.view, best, other)
    if edge is None:
        if best.move is not None and other.move is not None and (best.take, best.place) == (other.take, other.place):
            # a white card lets you pick the continent (R8): the stop is all that differs
            text = _("the next option differs only in your vehicle's stop (R8): {continent} here, {other} there")
            here, there = continent_name(best.move.continent), continent_name(other.move.continent)
            return text.format(continent=here, other=there)
        return None
    return ngettext(
        "your vehicle goes to {continent}, where {n} card now fits your hall for the next take (R7, R8); the next "
        "option's stop, {other}, has {m}",
        "your vehicle goes to {continent}, where {n} cards now fit your hall for the next take (R7, R8); the next "
        "option's stop, {other}, has {m}",
        edge.fits,
    ).format(
        continent=continent_name(edge.continent),
        n=edge.fits,
        other=continent_name(edge.other_continent),
        m=edge.other_fits,
    )


def pair_reason(ev: Evaluation, left: Card, right: Card) -> str | None:
    """A Years Gap just completed: what it scores and on what (R20; solo S4, with the cards
    on the tile outside its years now)."""
    if left.year is None or right.year is None:
        return None  # Einstein: the pair scores nothing (R20, S4)
    goal = goal_label(YEARS_GAP.key)
    if not ev.solo:
        return _("{goal} {left}–{right} is complete: a gap of {gap} years (R20)").format(
            goal=goal, left=left.year, right=right.year, gap=right.year - left.year
        )
    taken = plan_card(ev.view, ev.best.plan)
    outside = sum(
        1
        for c in ev_market(ev.view)
        if c != taken and c.year is not None and (c.year < left.year or c.year > right.year)
    )
    return ngettext(
        "{goal} {left}–{right} is complete: at the end it scores {most} fame points minus 1 per card left on the "
        "tile outside those years (S4); {n} lies outside now",
        "{goal} {left}–{right} is complete: at the end it scores {most} fame points minus 1 per card left on the "
        "tile outside those years (S4); {n} lie outside now",
        outside,
    ).format(goal=goal, left=left.year, right=right.year, most=SOLO_PAIR_MAX, n=outside)


def showcase_reason(ev: Evaluation) -> str | None:
    """What the suggested placement builds in its showcase, when it is no more ahead of the
    next option at once nor in room: the gap a Years Gap card opens (R20, S4), the continent One
    Continent keeps (R13) for Continent Focus (R21), Mid Century's tiebreak (R26) with
    opponents, else the cards still to come that fit the showcase's other spots."""
    view, plan = ev.view, ev.best.plan
    place = plan.place
    if not isinstance(place, Place):
        return None
    kind = view.layout[place.showcase]
    card = plan_card(view, plan)
    if kind.key == MID_CENTURY.key and not ev.solo:
        return _(
            "with opponents Mid Century only breaks ties (R26): any card there saves the −1 fame point of an "
            "empty spot (R24)"
        )
    cards = showcase_cards(view, plan)
    market = sum(c in ev_market(view) for c in cards)
    if kind.key == YEARS_GAP.key:
        pair = ev.view.hall.place(card, place.showcase, place.spot, view.others, players=len(view.players))
        left, right = pair.showcases[place.showcase]
        if left is not None and right is not None:
            return pair_reason(ev, left, right)
    if kind.key == YEARS_GAP.key and card.year is not None:
        years = [c.year for c in cards if c.year is not None]
        if years:
            reach = max(years) - card.year if place.spot == 0 else card.year - min(years)
            if reach > 0:
                if ev.solo:
                    return solo_half_pair_words(ev, card, place.spot, cards, market, reach)
                return _("{goal}: with {cards} for its other spot, the gap can reach {gap} years (R20)").format(
                    goal=goal_label(YEARS_GAP.key), cards=cards_count(cards, market), gap=reach
                )
    if kind.same_continent and card.continent is not None:
        same = tuple(c for c in cards if c.continent == card.continent)
        if same:
            return _("{showcase} keeps {continent} (R13): {cards} fit its other spots, for {goal} ({rule})").format(
                showcase=showcase_in_sentence(kind),
                continent=continent_name(card.continent),
                cards=cards_count(same, sum(c in ev_market(view) for c in same)),
                goal=goal_label(CONTINENT_FOCUS.key),
                rule=CONTINENT_FOCUS.rule,
            )
    sides = spot_sides(view, plan)
    if sides is not None and card.year is not None:
        return sides_words(view.layout, place, sides)
    if cards:
        return _("the other spots of {showcase} take {cards} ({rule})").format(
            showcase=showcase_in_sentence(kind), cards=cards_count(cards, market), rule=kind.rule
        )
    return None


def solo_half_pair_words(
    ev: Evaluation, card: Card, spot: int, partners: tuple[Card, ...], market: int, reach: int
) -> str:
    """A solo Years Gap half filled: how wide the pair can get, and what the best pair those
    partners make keeps on a final tile drawn at random — the figure What if… shows (S4: 5 fp
    less 1 per tile card outside the pair). A pair worth about nothing that way is said so,
    for then the turn's worth lies in keeping the card out of the other showcases."""
    expected = best_pair_expected(ev, card, spot, partners)
    args = {"goal": goal_label(YEARS_GAP.key), "cards": cards_count(partners, market), "gap": reach}
    if expected < NARROW_PAIR_FP:
        return _(
            "{goal}: with {cards} for its other spot, the pair can span at most {gap} years; each card left on the "
            "tile outside it costs 1 fame point (S4), so the pair is likely worth about {fp} fame points (as What "
            "if… shows): the gain lies in keeping the card out of the other showcases"
        ).format(**args, fp=number(expected, ".1f"))
    return _(
        "{goal}: with {cards} for its other spot, the pair can span {gap} years; each card left on the tile outside "
        "it costs 1 fame point (S4): the best such pair keeps about {fp} of its 5 fame points on a final tile drawn "
        "at random"
    ).format(**args, fp=number(expected, ".1f"))


#: Below this many expected fame points a solo pair is said to be worth about nothing.
NARROW_PAIR_FP = 0.5


def best_pair_expected(ev: Evaluation, card: Card, spot: int, partners: tuple[Card, ...]) -> float:
    """The most fame points a pair of ``card`` and one of ``partners`` keeps on average when
    the final tile is drawn at random from the cards still to come (S4, as What if… works it
    out); ``card`` stands on the pair's left when ``spot`` is 0."""
    pool = cards_to_come(ev.view, ev.best.plan)
    best = 0.0
    for year in {c.year for c in partners if c.year is not None and c.year != card.year}:
        left, right = (card.year, year) if spot == 0 else (year, card.year)
        assert left is not None and right is not None  # Einstein has no year and opens no pair
        best = max(best, pair_odds(YEARS_GAP.key, left, right, pool).expected)
    return best


def sides_words(layout: Layout, place: Place, sides: Sides) -> str:
    """``General, 2nd spot leaves 1 empty spot on its left for 8 older cards still to come,
    4 empty spots on its right for 80 newer cards (R11)``: the room on each side of a card,
    since years ascend left to right (R11; One Era's steps, R14, narrow it further)."""
    kind = layout[place.showcase]
    parts = []
    if sides.left:
        parts.append(
            _("{spots} on its left for {cards}").format(
                spots=ngettext("{n} empty spot", "{n} empty spots", sides.left).format(n=sides.left),
                cards=ngettext(
                    "{n} older card still to come", "{n} older cards still to come", len(sides.older)
                ).format(n=len(sides.older)),
            )
        )
    if sides.right:
        parts.append(
            _("{spots} on its right for {cards}").format(
                spots=ngettext("{n} empty spot", "{n} empty spots", sides.right).format(n=sides.right),
                cards=ngettext("{n} newer card", "{n} newer cards", len(sides.newer)).format(n=len(sides.newer)),
            )
        )
    rules = "R11" if kind.rule in ("R11", "R12", "R15") else _(", ").join(("R11", kind.rule))
    return _("{spot} leaves {sides} ({rule})").format(
        spot=spot_in_sentence(layout, place.showcase, place.spot), sides=_(" and ").join(parts), rule=rules
    )


def ev_market(view: PlayerView) -> set[Card]:
    """The cards on the Continents tile now."""
    return {c for cards in view.market.values() for c in cards}


def edge_words(edge: RoomEdge) -> str:
    """``General, 2nd spot stays open for 6 cards still to come (1921–1929, 2 on the tile); the
    next option leaves them no spot (R11)``."""
    spot = spot_in_sentence(edge.layout, *edge.spot)
    cards = cards_count(edge.cards, edge.market)
    if edge.nowhere and edge.rule == "R10":  # the next option fills that very spot
        return _("{spot} stays open for {cards}; the next option fills it and leaves them no other spot (R10)").format(
            spot=spot, cards=cards
        )
    if edge.nowhere:
        return _("{spot} stays open for {cards}; the next option leaves them no spot ({rule})").format(
            spot=spot, cards=cards, rule=edge.rule
        )
    return _(
        "{spot} stays open for {cards}; after the next option none fits there ({rule}): likely −1 fame point ({empty})"
    ).format(spot=spot, cards=cards, rule=edge.rule, empty=EMPTY_SPOTS.rule)


def cards_count(cards: tuple[Card, ...], market: int) -> str:
    """``6 cards still to come (1921–1929, 2 on the tile)``: how many, their years, and how
    many of them the reader can see on the Continents tile now; ``6 cards of Africa still to
    come …`` when they share a continent."""
    n = len(cards)
    years = sorted(c.year for c in cards if c.year is not None)
    continents = {c.continent for c in cards}
    (shared,) = continents if len(continents) == 1 else (None,)
    if shared is not None and n > 1:
        counted = ngettext("{n} card of {continent} still to come", "{n} cards of {continent} still to come", n).format(
            n=n, continent=continent_name(shared)
        )
    else:
        counted = ngettext("{n} card still to come", "{n} cards still to come", n).format(n=n)
    if not years:
        return counted
    span = str(years[0]) if years[0] == years[-1] else _("{low}–{high}").format(low=years[0], high=years[-1])
    if market == 0:
        return _("{cards} ({years})").format(cards=counted, years=span)
    seen = ngettext("{m} on the tile", "{m} on the tile", market).format(m=market)
    return _("{cards} ({years}, {seen})").format(cards=counted, years=span, seen=seen)


def depot_reason(ev: Evaluation, runner: Option | None) -> str:
    """Why the Depot (R25: −1 fp at the end): the card fits no hall spot, or placing it
    would shut a spot or cards still to come out (:func:`room_edge`, the Depot's plan first)."""
    view = ev.view
    card = plan_card(view, ev.best.plan)
    cost = _("the Depot costs 1 fame point at the end (R25)")
    if runner is not None and isinstance(runner.plan.place, EndExhibition):
        empty = view.hall.n_empty
        cost = ngettext(
            "the Depot costs 1 fame point at the end (R25); ending now would keep {n} empty spot: −{n} fame point "
            "(R24, R10a)",
            "the Depot costs 1 fame point at the end (R25); ending now would keep {n} empty spots: −{n} fame points "
            "(R24, R10a)",
            empty,
        ).format(n=empty)
    if not view.hall.legal_spots(card, view.others, players=len(view.players)):
        return _("{card} fits no spot of your hall (R10); {cost}").format(card=card_name(card), cost=cost)
    if runner is not None and isinstance(runner.plan.place, ToDepot):
        # the next option sends another card to the Depot: what tells the turn apart is where
        # this card could have gone in the hall instead (R10), as the coach's games weighed it
        placed = next(
            (o for o in ev.options if isinstance(o.plan.place, Place) and plan_card(view, o.plan) == card), None
        )
        if placed is not None:
            return _("{cost}; {room}").format(cost=cost, room=depot_over_hall(ev, placed))
    room = room_reason(ev, runner)
    if room is not None:
        return _("{cost}; {room}").format(cost=cost, room=room)
    if runner is None:
        return cost
    # nothing on the board tells them apart: the Depot is weighed against the next option by
    # the playouts alone, so the Why names that option and, past the noise, that it ends lower
    turn = ev.describe(runner)
    if about_equal(ev.best, runner, solo=ev.solo):
        return _("{cost}; the next option: {turn}").format(cost=cost, turn=turn)
    return _("{cost}; the next option ({turn}) is expected to end lower").format(cost=cost, turn=turn)


def depot_over_hall(ev: Evaluation, placed: Option) -> str:
    """``1940 would fit General, 6th spot, but there it is expected to end 1.2 fame points
    lower``: the Depot weighed against the card's best hall spot (R10, R25)."""
    place = placed.plan.place
    assert isinstance(place, Place)  # the option that keeps the card in the hall
    card = plan_card(ev.view, placed.plan)
    spot = spot_in_sentence(ev.view.layout, place.showcase, place.spot)
    if about_equal(ev.best, placed, solo=ev.solo):
        return _("{card} would fit {spot}, and there it is expected to end about the same").format(
            card=card.year or card_name(card), spot=spot
        )
    diff, _noise = _shown_gap(ev.best, placed, solo=ev.solo)
    if ev.solo:
        text = _("{card} would fit {spot}, but there it is expected to end about {gap} points lower")
    else:
        text = _("{card} would fit {spot}, but there it is expected to end about {gap} fame points lower")
    return text.format(card=card.year or card_name(card), spot=spot, gap=number(diff, ",.0f" if ev.solo else ",.1f"))


def end_reason(ev: Evaluation) -> str:
    """Why ending the exhibition (R10a): what the empty spots cost now (R24), how many of them
    a card still to come could fill and how many of those cards fit them, while each card
    sent to the Depot costs 1 fp (R25)."""
    view = ev.view
    hall = view.hall
    empty = hall.n_empty
    to_come = cards_to_come(view, ev.best.plan)
    spots = {c: hall.legal_spots(c, view.others, players=len(view.players)) for c in to_come}
    fillable = sum(1 for spot in hall.empty_spots() if any(spot in found for found in spots.values()))
    fitting = sum(1 for found in spots.values() if found)
    ending = ngettext(
        "ending now keeps {n} empty spot: −{n} fame point (R24, R10a)",
        "ending now keeps {n} empty spots: −{n} fame points (R24, R10a)",
        empty,
    ).format(n=empty)
    if hall.depot_full:
        return ending
    later = ngettext(
        "playing on, {k} of them can still be filled, by {c} of the {total} cards still to come; each card put in "
        "the Depot costs 1 fame point (R25)",
        "playing on, {k} of them can still be filled, by {c} of the {total} cards still to come; each card put in "
        "the Depot costs 1 fame point (R25)",
        fillable,
    ).format(k=fillable, c=fitting, total=len(to_come))
    return _("{ending}; {later}").format(ending=ending, later=later)


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


def _shown_gap(best: Option, runner: Option, *, solo: bool) -> tuple[float, float]:
    """The gap of the two figures the hint's table shows (each rounded once, as the table
    rounds) and the playouts' noise rounded alike: the sentence and the table never disagree
    by a rounding."""
    digits = 0 if solo else 1
    diff = round(best.value, digits) - round(runner.value, digits)
    return diff, round(gap(best, runner)[1], digits)


def about_equal(best: Option, runner: Option, *, solo: bool) -> bool:
    """Whether the suggested option's lead over the next one, as the table shows it, lies
    within the noise of the playouts (or there is no lead)."""
    diff, noise = _shown_gap(best, runner, solo=solo)
    return diff <= 0 or abs(diff) <= noise


def ahead_words(best: Option, runner: Option, *, solo: bool) -> str:
    """How the suggested option compares with the next one, in the table's unit: the gap of
    the two figures the table shows and the playouts' noise (the half-width of the 95%
    interval of the difference, measured playout by playout on the shared shuffles), each
    rounded once as the table rounds; *about equal* only when that gap is within that noise.

    A single playout that ends far lower (a solo card left far from 1950 in Mid Century)
    widens the noise a lot: the sentence then gives both numbers, so "about equal" beside
    +16 and −106 in the table is read as what it is, a gap smaller than the noise."""
    diff, noise = _shown_gap(best, runner, solo=solo)
    shown = ",.0f" if solo else ",.1f"
    n = min(best.playouts, runner.playouts)
    if diff == 0:
        return ngettext(
            "level with the next option in {n} simulated game",
            "level with the next option in {n} simulated games",
            n,
        ).format(n=n)
    if about_equal(best, runner, solo=solo):
        if solo:
            text = ngettext(
                "about equal to the next option: a gap of {gap}, within the noise of {n} simulated game (±{noise})",
                "about equal to the next option: a gap of {gap}, within the noise of {n} simulated games (±{noise})",
                n,
            )
        else:
            text = ngettext(
                "about equal to the next option: a gap of {gap} fame points, within the noise of {n} simulated game "
                "(±{noise})",
                "about equal to the next option: a gap of {gap} fame points, within the noise of {n} simulated "
                "games (±{noise})",
                n,
            )
        return text.format(gap=number(diff, shown), noise=number(noise, shown), n=n)
    if solo:
        text = _("about {gap} points better than the next option (±{noise} from chance in the simulated games)")
    else:
        text = _("about {gap} fame points better than the next option (±{noise} from chance in the simulated games)")
    return text.format(gap=number(diff, shown), noise=number(noise, shown))


HINT_PANEL = {
    "suggests": N_("Coach suggests:"),
    "lit": N_("(lit in purple on the board)"),
    "why": N_("Why:"),
    "option": N_("option"),
    "solo_value": N_("final score to expect (×100 points)"),
    "value": N_("points ahead of your best opponent at the end"),
    # the column's heading, in a narrow panel beside the tile: the full words are its hover
    "value_short": N_("lead over best rival"),
    # under the options table with opponents: what the figure measures, and its sign
    "value_note": N_(
        "Lead: the fame points you are expected to end ahead of your best opponent; negative means behind them."
    ),
    # the same in one short line, in sight over the options where the panel is narrow (beside
    # the tile in a notebook cell), where the long note would push the options out of sight
    "value_legend": N_("Lead = fame points ahead of your best rival at the end (− = behind)"),
    "between": N_("likely between"),
    "win": N_("chance to win"),
    "changes": N_("What it changes"),
    "close": N_("Close"),
    # at the panel's foot while more of it lies below (it scrolls inside)
    "more_below": N_("▾ more below"),
}


def hint_panel(key: str) -> str:
    """A fixed label of the hint panel (see :data:`HINT_PANEL`)."""
    return _(HINT_PANEL[key])


def between(low: str, high: str) -> str:
    """An interval's two ends as written (``+1.0 to +3.5``); one figure where they are the
    same, as every playout of an option ending alike makes them."""
    if low == high:
        return low
    return _("{low} to {high}").format(low=low, high=high)


# ---------------------------------------------------------------- a review
def played_words(decision: Decision) -> str:
    return describe_plan(decision.view, decision.played.plan, looking_back=True)


def best_words(decision: Decision) -> str:
    return describe_plan(decision.view, decision.best.plan, looking_back=True)


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
    keeps on the board for cards still to come (:func:`review_room`), else that the playouts
    find it ahead."""
    deciding = deciding_goals(d.view, d.best.plan, d.played.plan)
    if deciding:
        solo = len(d.view.players) == 1
        return _("the better turn at once: {goals}").format(goals=goals_ahead(deciding, solo))
    only_played = risks_only_played(d)
    if only_played:
        return _("your turn {risk}").format(risk=plain_risk(only_played[0]))
    return review_penalties(d) or review_room(d) or gained_later(d)


def gained_later(d: Decision) -> str:
    """When nothing on the board tells the two turns apart yet: both score the same now, and
    the better one gains the review's loss by the end — the same rounded figure as its label
    ("blunder, 3.1 fame points lost"), so a large loss never reads as "the same"."""
    if len(d.view.players) == 1:  # solo: the review's unit, ×100 points (S2)
        return _(
            "right now both turns score the same; the better turn gains {loss} points by the end, on average "
            "over the simulated games played to the end"
        ).format(loss=number(solo_points(d.loss), ",.0f"))
    return _(
        "right now both turns score the same; the better turn gains {loss} fame points by the end, on average "
        "over the simulated games played to the end"
    ).format(loss=number(d.loss, ".1f"))


def review_penalties(d: Decision) -> str | None:
    """When one of the two turns sends its card to the Depot or ends the exhibition, what
    that costs at once against the other (R10a, R24, R25): the only lines that differ then."""
    best, played = d.best.plan.place, d.played.plan.place
    empty = d.view.hall.n_empty
    if isinstance(best, Place):
        spot = spot_in_sentence(d.view.layout, best.showcase, best.spot)
        if isinstance(played, ToDepot):
            return _(
                "filling {spot} spares the −1 fame point of an empty spot (R24); your turn put a card in the Depot: "
                "−1 fame point (R25)"
            ).format(spot=spot)
        if isinstance(played, EndExhibition):
            return ngettext(
                "filling {spot} spares the −1 fame point of an empty spot (R24); your turn ended the exhibition "
                "with {n} empty spot: −{n} fame point (R10a)",
                "filling {spot} spares the −1 fame point of an empty spot (R24); your turn ended the exhibition "
                "with {n} empty spots: −{n} fame points (R10a)",
                empty,
            ).format(spot=spot, n=empty)
    if isinstance(best, ToDepot) and isinstance(played, EndExhibition):
        return ngettext(
            "the Depot costs 1 fame point at the end (R25); ending kept {n} empty spot: −{n} fame point (R24, R10a)",
            "the Depot costs 1 fame point at the end (R25); ending kept {n} empty spots: −{n} fame points (R24, R10a)",
            empty,
        ).format(n=empty)
    if isinstance(best, EndExhibition) and isinstance(played, ToDepot):
        return ngettext(
            "ending keeps {n} empty spot: −{n} fame point (R24, R10a); your turn kept it too and put a card in the "
            "Depot: −1 fame point more (R25)",
            "ending keeps {n} empty spots: −{n} fame points (R24, R10a); your turn kept them too and put a card in "
            "the Depot: −1 fame point more (R25)",
            empty,
        ).format(n=empty)
    return None


def review_room(d: Decision) -> str | None:
    """The room on the board the better turn keeps and the turn played did not, as the Why of
    a hint says it (:func:`edge_words`): a spot and the cards still to come that fit it, with
    the rule that shuts them out after the turn played; ``None`` when neither measure differs."""
    edge = room_edge(d.view, d.best.plan, d.played.plan)
    if edge is not None:
        spot = spot_in_sentence(edge.layout, *edge.spot)
        cards = cards_count(edge.cards, edge.market)
        if edge.nowhere and edge.rule == "R10":
            text = _(
                "{spot} stays open for {cards} after the better turn; yours fills it and leaves them no other "
                "spot (R10)"
            )
        elif edge.nowhere:
            text = _("{spot} stays open for {cards} after the better turn; yours leaves them no spot ({rule})")
        else:
            text = _(
                "{spot} stays open for {cards} after the better turn; after yours none fits there ({rule}): likely "
                "−1 fame point ({empty})"
            )
        return text.format(spot=spot, cards=cards, rule=edge.rule, empty=EMPTY_SPOTS.rule)
    room = showcase_room(d.view, d.best.plan, d.played.plan)
    if room is not None:
        kind = d.view.layout[room.showcase]
        return _("{showcase} keeps room for {cards} after the better turn; after yours, for {m} ({rule})").format(
            showcase=showcase_in_sentence(kind),
            cards=cards_count(room.cards, room.market),
            m=room.other,
            rule=room.rule,
        )
    return None


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
    # the penalty lines only take points away: listed alone they read as the turn's purpose;
    # and where your turn scores the same goals alike, the coach's gains at once are yours too
    # (the reason says both score the same now): listed, they would read as what you missed
    best_now = [plain_change(c) for c in changes_now(d.view, d.best.plan) if c.goal not in PENALTIES]
    if len(best_now) > 1 and deciding_goals(d.view, d.best.plan, d.played.plan):
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
        "loss": tied_words(d, solo=solo)
        if d.tied
        else (
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


def tied_words(d: Decision, *, solo: bool) -> str:
    """A turn the playouts cannot tell from the best found: how far apart the two are and the
    noise that gap lies within, in the review's unit (solo: ×100 points, S2)."""
    if solo:
        return _("practically tied with the best found: {gap} points apart, within the noise (±{noise}).").format(
            gap=number(solo_points(d.apart), ",.0f"), noise=number(solo_points(d.noise), ",.0f")
        )
    return _("practically tied with the best found: {gap} fame points apart, within the noise (±{noise}).").format(
        gap=number(d.apart, ".1f"), noise=number(d.noise, ".1f")
    )


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
