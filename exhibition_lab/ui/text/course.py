"""What the rules course says: the captions of its pictures and the questions, feedback and
answers of its exercises.

Each sentence is a message id with named fields, filled after translation. The rules' own
sentences come from the rule records (:func:`~exhibition_lab.ui.text.rules.rule_sentence`)
and the goals' names from the goal records (:func:`~exhibition_lab.ui.text.score.goal_label`);
they are not repeated here. Sentences may hold a little HTML (``<b>``) where the course shows
them as HTML; the fields are filled with HTML already escaped.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...games.exhibition.game import Phase
from .i18n import N_, _, ngettext, translate

#: The decisions of a turn in order, as the exercises name them (Refill needs no decision).
PHASE_CHOICES = {
    Phase.TAKE: N_("Take a card"),
    Phase.MOVE: N_("Move the vehicle"),
    Phase.PLACE: N_("Place the card"),
    Phase.OVER: N_("Nothing: the game is over"),
}


def and_list(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(items) < 2:
        return "".join(items)
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


def reason_with_rule(sentence: str, detail: str, rule: str) -> str:
    """A refusal in words: the rule's sentence, the engine's detail, the rule id."""
    return _("{sentence} Here: {detail} (rule {rule})").format(sentence=sentence, detail=detail, rule=rule).strip()


# ---------------------------------------------------------------- pictures
def tile() -> str:
    return _("The Continents tile")


def tile_with_stock(caption: str, n: int) -> str:
    return ngettext("{caption} · {n} card in the stock", "{caption} · {n} cards in the stock", n).format(
        caption=caption, n=n
    )


def after_take(player: str, card: object, subject: str) -> str:
    return _("After Take: {player} holds {card} ({subject})").format(player=player, card=card, subject=subject)


def after_move(vehicle: str, continent: str) -> str:
    return _("After Move: the {vehicle} stands on {continent}").format(vehicle=vehicle, continent=continent)


def after_refill(continent: str, cards: str) -> str:
    return _("After Refill: from the stock to {continent} came {cards}").format(continent=continent, cards=cards)


def refilled_nothing() -> str:
    return _("nothing: the stock is empty")


def this_hall() -> str:
    return _("This hall")


def trying(owner: str, cards: Sequence[str]) -> str:
    return _("{owner}, trying {cards}").format(owner=owner, cards=and_list(cards))


def owners_hall(name: str) -> str:
    return _("{name}'s hall").format(name=name)


def try_fits(card: object, where: str) -> str:
    return _("✓ <b>{card}</b> in <b>{where}</b>: it fits there.").format(card=card, where=where)


def try_refused(card: object, where: str, reason: str) -> str:
    return _("✗ <b>{card}</b> in <b>{where}</b>: {reason}").format(card=card, where=where, reason=reason)


# ---------------------------------------------------------------- every exercise
def exercise(question: str) -> str:
    return _("<b>Exercise.</b> {question}").format(question=question)


def check() -> str:
    return _("Check")


def show_answer() -> str:
    return _("Show answer")


def run_to_answer() -> str:
    return _("Run the notebook to answer it yourself and get feedback.")


def exercise_text(question: str) -> str:
    """What a rendering without widgets shows instead of the exercise."""
    return _("Exercise (run the notebook to answer it): {question}").format(question=question)


def right() -> str:
    return _("Right!")


def not_quite() -> str:
    return _("Not quite.")


def answer() -> str:
    return _("Answer:")


def choices(options: Sequence[str]) -> str:
    return _("Choices: {choices}").format(choices=" · ".join(options))


def verdict_and_reason(verdict: str, reason: str) -> str:
    return _("{verdict}. {reason}").format(verdict=verdict, reason=reason)


# ---------------------------------------------------------------- which spots (PickSpots)
def pick_spots(card: object, subject: str) -> str:
    return _(
        "Which empty spots can <b>{card}</b>{subject} go to? Click them (a second click takes a spot back), "
        "then <b>Check</b>."
    ).format(card=card, subject=subject)


def no_spot() -> str:
    return _("no spot at all")


def it_fits_there() -> str:
    return _("it fits there")


def fits_exactly_at(card: object, spots: str) -> str:
    return _("{card} fits exactly at: {spots}.").format(card=card, spots=spots)


def wrong_spot(spot: str, reason: str) -> str:
    return _("✗ {spot}: {reason}").format(spot=spot, reason=reason)


def missed_spots(n: int) -> str:
    return ngettext("You missed {n} spot where the card fits.", "You missed {n} spots where the card fits.", n).format(
        n=n
    )


def fits_at(card: object, spots: str) -> str:
    return _("{card} fits at: {spots}.").format(card=card, spots=spots)


# ---------------------------------------------------------------- legal or not (IsLegal)
def legal() -> str:
    return _("legal")


def not_legal() -> str:
    return _("not legal")


def may_it_go(card: object, where: str) -> str:
    return _("May <b>{card}</b> go to <b>{where}</b> (outlined in blue)?").format(card=card, where=where)


def it_fits_by_the_rules(showcase: str, rules: str, card: object) -> str:
    return _("It fits. The rules of {showcase}: {rules} All of them hold with {card} there.").format(
        showcase=showcase, rules=rules, card=card
    )


def choose_legal() -> str:
    return _("Choose <i>legal</i> or <i>not legal</i> first.")


# ---------------------------------------------------------------- count the points (CountPoints)
def a_whole_number() -> str:
    return _("a whole number")


def the_goal(goal: str) -> str:
    return _("the {goal} goal").format(goal=goal)


def the_hall_in_total() -> str:
    return _("this hall in total")


def how_many_points(name: str, what: str) -> str:
    return _("How many fame points does {name} score for {what}?").format(name=name, what=what)


def write_a_number(text: str) -> str:
    return _("Write a whole number (negative with a minus sign), not {text}.").format(text=text)


def goal_by_goal(explanation: str) -> str:
    return _("Goal by goal:<br>{explanation}").format(explanation=explanation)


def too_high(given: int, goals: str) -> str:
    return _("{given} is too high. Count each goal again: {goals}.").format(given=given, goals=goals)


def too_low(given: int, goals: str) -> str:
    return _("{given} is too low. Count each goal again: {goals}.").format(given=given, goals=goals)


def fame_points(points: int, explanation: str) -> str:
    return _("{points} fame points.<br>{explanation}").format(points=points, explanation=explanation)


# ---------------------------------------------------------------- which cards (PickCards)
def no_cards() -> str:
    return _("no cards")


def pick_cards(player: str, vehicle: str, continent: str) -> str:
    return _(
        "It is {player}'s turn; the {vehicle} stands on {continent}. Which cards may they take? Click them, "
        "then <b>Check</b>."
    ).format(player=player, vehicle=vehicle, continent=continent)


def take_here(continent: str) -> str:
    return _("The vehicle stands on {continent}, which has cards, so only its cards may be taken (rule R7).").format(
        continent=continent
    )


def take_anywhere(continent: str) -> str:
    return _("{continent} has no cards left, so any card on the tile may be taken (rule R7).").format(
        continent=continent
    )


def not_takeable(cards: str) -> str:
    return _("Not takeable: {cards}.").format(cards=cards)


def missed_cards(n: int) -> str:
    return ngettext("You missed {n} card.", "You missed {n} cards.", n).format(n=n)


# ---------------------------------------------------------------- the next decision (NextDecision)
def phase_choice(phase: Phase) -> str:
    """The decision a phase of the turn asks for, in the reader's language (take a card, R7;
    move the vehicle after a white card, R8; place the card, R10)."""
    return translate(PHASE_CHOICES[phase])


def next_decision() -> str:
    return _("What is the next decision in this game?")


def next_is_move(player: str, card: object) -> str:
    return _(
        "{player} took the white card {card}, which belongs to no continent, so they choose where their vehicle "
        "goes (rule R8); the refill follows the move."
    ).format(player=player, card=card)


def next_is_place(player: str, card: object) -> str:
    return _(
        "{player} holds {card}; the vehicle has moved and the emptied continent was refilled (rules R8, R9), so "
        "the card must now be placed (rule R10)."
    ).format(player=player, card=card)


def next_is_take(player: str) -> str:
    return _("A new turn begins: {player} takes a card first (rule R7).").format(player=player)


def next_is_nothing() -> str:
    return _("Every exhibition is final, so nobody plays (rule R10c).")


def choose_a_button() -> str:
    return _("Choose one of the buttons first.")
