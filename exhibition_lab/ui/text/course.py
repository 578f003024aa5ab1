"""What the rules course says: the captions of its pictures and the questions, feedback and
answers of its exercises, as message ids.

Each id is an English sentence marked with :func:`~exhibition_lab.core.words.N_`; the course
shows it through :func:`~exhibition_lab.ui.text.i18n._`, which fills the ``{named}``
placeholders. The rules' own sentences are the rule records
(:data:`~exhibition_lab.games.exhibition.rules.goals.RULES`) and the goals' names the goal
records (:data:`~exhibition_lab.games.exhibition.rules.goals.GOALS`); they are not repeated
here. Sentences may hold a little HTML (``<b>``) where the course shows them as HTML.
"""

from __future__ import annotations

from ...core.words import N_

# ---------------------------------------------------------------- lists and rule references
AND_LIST = N_("{items} and {last}")
REASON_WITH_RULE = N_("{sentence} Here: {detail} (rule {rule})")

# ---------------------------------------------------------------- pictures
TILE = N_("The Continents tile")
TILE_WITH_STOCK = N_("{caption} · {n} card in the stock")
TILE_WITH_STOCK_PLURAL = N_("{caption} · {n} cards in the stock")
AFTER_TAKE = N_("After Take: {player} holds {card} ({subject})")
AFTER_MOVE = N_("After Move: the {vehicle} stands on {continent}")
AFTER_REFILL = N_("After Refill: from the stock to {continent} came {cards}")
REFILLED_NOTHING = N_("nothing: the stock is empty")
THIS_HALL = N_("This hall")
TRYING = N_("{owner}, trying {cards}")
OWNERS_HALL = N_("{name}'s hall")
TRY_FITS = N_("✓ <b>{card}</b> in <b>{where}</b>: it fits there.")
TRY_REFUSED = N_("✗ <b>{card}</b> in <b>{where}</b>: {reason}")

# ---------------------------------------------------------------- every exercise
EXERCISE = N_("<b>Exercise.</b> {question}")
CHECK = N_("Check")
SHOW_ANSWER = N_("Show answer")
RUN_TO_ANSWER = N_("Run the notebook to answer it yourself and get feedback.")
EXERCISE_TEXT = N_("Exercise (run the notebook to answer it): {question}")
RIGHT = N_("Right!")
NOT_QUITE = N_("Not quite.")
ANSWER = N_("Answer:")
CHOICES = N_("Choices: {choices}")

# ---------------------------------------------------------------- which spots (PickSpots)
PICK_SPOTS = N_(
    "Which empty spots can <b>{card}</b>{subject} go to? Click them (a second click takes a spot back), "
    "then <b>Check</b>."
)
NO_SPOT = N_("no spot at all")
IT_FITS_THERE = N_("it fits there")
FITS_EXACTLY_AT = N_("{card} fits exactly at: {spots}.")
WRONG_SPOT = N_("✗ {spot}: {reason}")
MISSED_SPOTS = N_("You missed {n} spot where the card fits.")
MISSED_SPOTS_PLURAL = N_("You missed {n} spots where the card fits.")
FITS_AT = N_("{card} fits at: {spots}.")

# ---------------------------------------------------------------- legal or not (IsLegal)
LEGAL = N_("legal")
NOT_LEGAL = N_("not legal")
MAY_IT_GO = N_("May <b>{card}</b> go to <b>{where}</b> (outlined in blue)?")
IT_FITS_BY_THE_RULES = N_("It fits. The rules of {showcase}: {rules} All of them hold with {card} there.")
CHOOSE_LEGAL = N_("Choose <i>legal</i> or <i>not legal</i> first.")
VERDICT_AND_REASON = N_("{verdict}. {reason}")

# ---------------------------------------------------------------- count the points (CountPoints)
A_WHOLE_NUMBER = N_("a whole number")
THE_GOAL = N_("the {goal} goal")
THE_HALL_IN_TOTAL = N_("this hall in total")
HOW_MANY_POINTS = N_("How many fame points does {name} score for {what}?")
WRITE_A_NUMBER = N_("Write a whole number (negative with a minus sign), not {text}.")
GOAL_BY_GOAL = N_("Goal by goal:<br>{explanation}")
TOO_HIGH = N_("{given} is too high. Count each goal again: {goals}.")
TOO_LOW = N_("{given} is too low. Count each goal again: {goals}.")
FAME_POINTS = N_("{points} fame points.<br>{explanation}")

# ---------------------------------------------------------------- which cards (PickCards)
NO_CARDS = N_("no cards")
PICK_CARDS = N_(
    "It is {player}'s turn; the {vehicle} stands on {continent}. Which cards may they take? Click them, "
    "then <b>Check</b>."
)
TAKE_HERE = N_("The vehicle stands on {continent}, which has cards, so only its cards may be taken (rule R7).")
TAKE_ANYWHERE = N_("{continent} has no cards left, so any card on the tile may be taken (rule R7).")
NOT_TAKEABLE = N_("Not takeable: {cards}.")
MISSED_CARDS = N_("You missed {n} card.")
MISSED_CARDS_PLURAL = N_("You missed {n} cards.")
CARDS_AND_RULE = N_("{cards}. {rule}")

# ---------------------------------------------------------------- the next decision (NextDecision)
TAKE_A_CARD = N_("Take a card")
MOVE_THE_VEHICLE = N_("Move the vehicle")
PLACE_THE_CARD = N_("Place the card")
NOTHING_GAME_OVER = N_("Nothing: the game is over")
NEXT_DECISION = N_("What is the next decision in this game?")
NEXT_IS_MOVE = N_(
    "{player} took the white card {card}, which belongs to no continent, so they choose where their vehicle "
    "goes (rule R8); the refill follows the move."
)
NEXT_IS_PLACE = N_(
    "{player} holds {card}; the vehicle has moved and the emptied continent was refilled (rules R8, R9), so "
    "the card must now be placed (rule R10)."
)
NEXT_IS_TAKE = N_("A new turn begins: {player} takes a card first (rule R7).")
NEXT_IS_NOTHING = N_("Every exhibition is final, so nobody plays (rule R10c).")
CHOOSE_A_BUTTON = N_("Choose one of the buttons first.")
