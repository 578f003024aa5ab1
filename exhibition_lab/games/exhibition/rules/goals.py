"""The game's vocabulary as records: every goal (R19–R25, V5–V7, S3–S6) and every rule a
refusal can cite, each stated once.

A :class:`Goal` holds what the engines need (its key, rule ids, how a pair is measured and
ranked, the solo market penalty) and the words the app and the course show (label, short
column heading, hover text) as *message ids*: English sentences marked with
:func:`~exhibition_lab.core.words.N_`, translated where they are shown. Scoring, the array
engine, the odds, the charts and the app loop over :data:`GOALS`; no other module spells a
goal's key.

>>> YEARS_GAP.key, YEARS_GAP.rule, YEARS_GAP.solo_rule
('years_gap', 'R20', 'S4')
>>> goal("short_era") is SHORT_ERA, SHORT_ERA.measure(1940, 1960), SHORT_ERA.higher_is_better
(True, 20, False)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ....core.errors import ArgumentError
from ....core.words import N_

FIRST_DATED_YEAR = 1900  # R2: the first year a card can have; below it a market place is empty or Einstein


@dataclass(frozen=True, slots=True)
class Goal:
    """One goal of the score sheet.

    ``rule`` is the multi-player rule, ``solo_rule`` the solo one (``None`` where the solo
    game counts it ×100 like the others, S2). A *pair goal* (Years Gap and the variations
    over it) has a ``measure`` of its two years, ranked densely with ``higher_is_better``
    among the players (R20, V5, V6), and in solo a market penalty: ``costs_a_point(year,
    left, right)`` says whether a card left on the tile costs the pair a point (S4, S5).
    """

    key: str
    rule: str
    label: str  # message id: the goal's name
    short: str  # message id: a narrow column heading
    hover: str  # message id: what the goal counts, with its rule
    solo_rule: str | None = None
    solo_hover: str | None = None  # message id, where solo scoring differs (S3–S6)
    measure: Callable[[Any, Any], Any] | None = None  # pair goals: value of (left year, right year)
    measure_name: str | None = None  # message id: what the value is ("gap")
    higher_is_better: bool = True
    costs_a_point: Callable[[Any, Any, Any], Any] | None = None  # solo pair goals (S4, S5)
    penalty: str | None = None  # message id: which tile cards cost a point
    market_reason: str | None = None  # message id: the same, short, with the pair's years {a} and {b}
    solo_only: bool = False

    @property
    def is_pair(self) -> bool:
        """Scored on the two cards of the Years Gap showcase or the variation over it."""
        return self.measure is not None

    def __str__(self) -> str:
        return self.key


def _outside(year: Any, left: Any, right: Any) -> Any:
    return (year >= FIRST_DATED_YEAR) & ((year < left) | (year > right))


def _within(year: Any, left: Any, right: Any) -> Any:
    return (year >= FIRST_DATED_YEAR) & (left <= year) & (year <= right)


def _older_than_right(year: Any, left: Any, right: Any) -> Any:
    return (year >= FIRST_DATED_YEAR) & (year < right)


SIX_CONTINENTS = Goal(
    "six_continents",
    "R19",
    N_("All 6 Continents"),
    N_("6 cont."),
    N_(
        "All 6 Continents (R19): {ranks} fame points in the order players get a coloured card of every "
        "continent into their hall"
    ),
    solo_rule="S3",
    solo_hover=N_("All 6 Continents (S3): {scale} points once your hall holds every continent"),
)
YEARS_GAP = Goal(
    "years_gap",
    "R20",
    N_("Years Gap"),
    N_("Gap"),
    N_("Years Gap (R20): the biggest gap between its two cards gets {first}, the next {second} … {last}"),
    solo_rule="S4",
    solo_hover=N_(
        "Years Gap (S4): {pair} points minus {scale} for each card left on the tile older than the left card "
        "or younger than the right card; 0 until both spots are filled"
    ),
    measure=lambda left, right: right - left,
    measure_name=N_("gap"),
    higher_is_better=True,
    costs_a_point=_outside,
    penalty=N_("older than the left card or younger than the right one"),
    market_reason=N_("outside {a}–{b}"),
)
SHORT_ERA = Goal(
    "short_era",
    "V5",
    N_("Short Era"),
    N_("Short"),
    N_("Short Era (V5): the smallest gap between its two cards gets {first}, the next {second} … {last}"),
    solo_rule="S5",
    solo_hover=N_(
        "Short Era (S5): {pair} points minus {scale} for each tile card from the left year to the right year; "
        "0 until both spots are filled"
    ),
    measure=lambda left, right: right - left,
    measure_name=N_("difference"),
    higher_is_better=False,
    costs_a_point=_within,
    penalty=N_("from the left card's year to the right card's year"),
    market_reason=N_("within {a}–{b}"),
)
ANTIQUITY = Goal(
    "antiquity",
    "V6",
    N_("Antiquity"),
    N_("Antiq."),
    N_("Antiquity (V6): the oldest right card gets {first}, the next {second} … {last}"),
    solo_rule="S5",
    solo_hover=N_(
        "Antiquity (S5): {pair} points minus {scale} for each tile card older than the right card; 0 until both "
        "spots are filled"
    ),
    measure=lambda left, right: right,
    measure_name=N_("right-hand year"),
    higher_is_better=False,
    costs_a_point=_older_than_right,
    penalty=N_("older than the right card"),
    market_reason=N_("older than {b}"),
)
CONTINENT_FOCUS = Goal(
    "continent_focus",
    "R21",
    N_("Continent Focus"),
    N_("Focus"),
    N_("Continent Focus (R21): 1 fame point per hall card of your most frequent continent"),
)
DECADES = Goal(
    "decades",
    "R22",
    N_("Number of Decades"),
    N_("Decades"),
    N_("Number of Decades (R22): 1 fame point per decade with a card in your hall"),
)
CHAIN = Goal(
    "chain",
    "R23",
    N_("Chain of Years"),
    N_("Chain"),
    N_(
        "Chain of Years (R23): 1 fame point per card in your longest run of consecutive years; at least 1 fame "
        "point, so an empty hall already shows it"
    ),
)
EMPTY_SPOTS = Goal(
    "empty_spots",
    "R24",
    N_("Empty Spots"),
    N_("Empty"),
    N_("Empty Spots (R24): −1 fame point per empty hall spot (all {spots} are empty at the start)"),
)
DEPOT = Goal("depot", "R25", N_("Depot"), N_("Depot"), N_("Depot (R25): −1 fame point per Depot card"))
SECRET_DECADE = Goal(
    "secret_decade",
    "V7",
    N_("Secret Decade"),
    N_("Secret"),
    N_("Secret Decade (V7): +1 fame point per hall card of your hidden decade"),
)
MID_CENTURY = Goal(
    "mid_century",
    "S6",
    N_("Mid Century"),
    N_("Mid C."),
    N_("Mid Century (S6, D11): the solo term of the card nearest {year}"),
    solo_rule="S6",
    solo_hover=N_(
        "Mid Century (S6, D11): +{base} minus {per_year} points per year your card is away from {year}; an empty Mid "
        "Century counts as the farthest, {empty} years away: {base} − {per_year} × {empty} = {empty_points}"
    ),
    solo_only=True,
)

#: Every goal, in score-sheet order.
GOALS: tuple[Goal, ...] = (
    SIX_CONTINENTS,
    YEARS_GAP,
    SHORT_ERA,
    ANTIQUITY,
    CONTINENT_FOCUS,
    DECADES,
    CHAIN,
    EMPTY_SPOTS,
    DEPOT,
    SECRET_DECADE,
    MID_CENTURY,
)
#: The goals scored on the pair showcase (Years Gap or the variation over it).
PAIR_GOALS: tuple[Goal, ...] = tuple(g for g in GOALS if g.is_pair)

_BY_KEY = {g.key: g for g in GOALS}


def goal(key: str | Goal) -> Goal:
    """The goal with this key (a :class:`Goal` is returned as it is)."""
    if isinstance(key, Goal):
        return key
    found = _BY_KEY.get(key)
    if found is None:
        raise ArgumentError(f"unknown goal {key!r}; goals: {', '.join(_BY_KEY)}")
    return found


def pair_goal(key: str | Goal) -> Goal:
    """The pair goal with this key; any other goal is refused, naming the pair goals."""
    found = _BY_KEY.get(key.key if isinstance(key, Goal) else key)
    if found is None or not found.is_pair:
        raise ArgumentError(f"no market penalty for goal {key!r}; goals: {', '.join(g.key for g in PAIR_GOALS)}")
    return found


@dataclass(frozen=True, slots=True)
class Rule:
    """A rule a refusal can cite: its id, a short name and the rule in one plain sentence
    (both message ids)."""

    id: str
    name: str
    sentence: str


RULES: tuple[Rule, ...] = (
    Rule("R2", N_("one card per year"), N_("A hall never holds two cards of the same year.")),
    Rule(
        "R3",
        N_("hall and depot spots"),
        N_("A hall has {spots} spots in {showcases} showcases and a Depot of {depot_size}."),
    ),
    Rule(
        "R10",
        N_("place the card"),
        N_(
            "The card taken goes into an empty hall spot where it fits, or into a free Depot spot; a spot "
            "holds one card."
        ),
    ),
    Rule("R11", N_("ascending years"), N_("In every showcase the years must rise from left to right.")),
    Rule(
        "R12",
        N_("distinct continents"),
        N_("No two cards in one showcase may come from the same continent (One Continent excepted)."),
    ),
    Rule(
        "R13",
        N_("One Continent"),
        N_(
            "One Continent holds cards of a single continent, and no other player may already show that "
            "continent in their own One Continent."
        ),
    ),
    Rule(
        "R14",
        N_("One Era"),
        N_(
            "In One Era two cards may be at most {step} years apart, plus {step} more years for every free spot "
            "between them."
        ),
    ),
    Rule(
        "R16",
        N_("white cards"),
        N_(
            "A white card fits only if some choice of its continent (and, for Einstein, its year) satisfies every rule."
        ),
    ),
    Rule("V1", N_("no white cards in variations"), N_("White cards may not go into a variation showcase.")),
    Rule(
        "V2",
        N_("Spread the Years"),
        N_(
            "In Spread the Years two cards must be at least {step} years apart, plus {step} for every free spot "
            "between them."
        ),
    ),
    Rule(
        "V3",
        N_("Links"),
        N_("In Links two neighbouring cards must share a continent or lie at most {years} years apart."),
    ),
    Rule("V4", N_("One Decade"), N_("In One Decade every card comes from the same decade.")),
    Rule(
        "V6a",
        N_("Unique Decades"),
        N_("In Unique Decades every card's decade must be new to that showcase at the whole table."),
    ),
)

_RULE_BY_ID = {r.id: r for r in RULES}


def rule(rule_id: str) -> Rule | None:
    """The record of a rule a refusal can cite, or ``None`` for another id."""
    return _RULE_BY_ID.get(rule_id)


def rule_name(rule_id: str) -> str:
    """The name of a rule that has a record (a showcase's name is its rule's: R13 is One
    Continent); an id without a record is a mistake in the package, a ``KeyError``."""
    return _RULE_BY_ID[rule_id].name
