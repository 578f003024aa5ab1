"""What the charts say (:mod:`exhibition_lab.ui.render.plots`): titles, axis labels, legend
entries and the numbers written on them, in the reader's language.

Goal names, continent names, spot names, review labels and the coach's phrases come from
their own modules (:mod:`.score`, :mod:`.names`, :mod:`.coach_words`); the numbers a reader reads
as text take the language's decimal sign (:func:`~.numbers.number`).
"""

from __future__ import annotations

from ...games.exhibition.rules.goals import MID_CENTURY, YEARS_GAP, pair_goal
from ...games.exhibition.rules.scoring import MID_CENTURY_YEAR, SOLO_SCALE
from .coach_words import confidence
from .i18n import _, ngettext, translate
from .names import reading_name
from .numbers import number


def fame_points(value: float, spec: str = "g") -> str:
    """A number of fame points as a label writes it: ``2 fp``, ``1.25 fp``, ``2 pf``."""
    return _("{fp} fp").format(fp=number(value, spec))


def percent(share: float, spec: str = ".0%") -> str:
    """A share as the reader writes a percentage: ``40%``, ``40 %``."""
    return number(share, spec)


# ---------------------------------------------------------------- maps of every pair
def solo_fame_title(goal_key: str = YEARS_GAP.key) -> str:
    """``Expected solo Years Gap fame (S4)``: the map of every pair of one goal."""
    record = pair_goal(goal_key)
    return _("Expected solo {goal} fame ({rule})").format(
        goal=translate(record.label), rule=record.solo_rule or record.rule
    )


def every_pair_title(goal_key: str) -> str:
    """``Expected solo Years Gap fame, every pair``: the map with its contour lines."""
    return _("Expected solo {goal} fame, every pair").format(goal=translate(pair_goal(goal_key).label))


def card_year_axis(side: str) -> str:
    """``left card (year)`` or ``right card (year)``: the axes of a map of pairs."""
    return {"left": _("left card (year)"), "right": _("right card (year)")}[side]


def fame_scale() -> str:
    """The colour bar of a map of pairs."""
    return _("expected fame points (0–5)")


def chosen_pair(left: int, right: int) -> str:
    """The legend entry of the circled pair: ``chosen: 1912–1987``."""
    return _("chosen: {left}–{right}").format(left=left, right=right)


# ---------------------------------------------------------------- market penalties
def penalty_title() -> str:
    return _("Costly market cards (each −1 fp)")


def penalty_series() -> tuple[str, str]:
    """The names of the exact and the simulated bars."""
    return _("exact (uniform market)"), _("simulated")


def expected_entry(label: str, expected: float, margin: float | None = None) -> str:
    """``exact: E[fp] = 1.02``, with ``± 0.12`` when the value is a simulated average."""
    value = number(expected, ".2f")
    if margin is None:
        return _("{label}: E[fp] = {value}").format(label=label, value=value)
    return _("{label}: E[fp] = {value} ± {margin}").format(label=label, value=value, margin=number(margin, ".2f"))


def all_lost_band() -> str:
    """The shaded band of five or more costly cards, where the goal scores nothing."""
    return _("5 or more: 0 fp")


def penalty_axis() -> str:
    return _("costly market cards (k), each −1 fp")


def probability_axis() -> str:
    return _("probability")


# ---------------------------------------------------------------- scores of bots
def mean_entry(label: str, mean: float, games: int) -> str:
    """``random: mean 812 (n=1,000)``: a histogram's legend entry."""
    return _("{label}: mean {mean} (n={n})").format(label=label, mean=number(mean, ".0f"), n=number(games, ",.0f"))


def score_axis(*, solo: bool) -> str:
    return _("solo score (×100)") if solo else _("total fame points")


def games_axis(*, shares: bool) -> str:
    return _("share of the bot's games in each bar") if shares else _("games")


def scores_title() -> str:
    return _("Scores by bot")


# ---------------------------------------------------------------- the solo Mid Century
def empty_mid_century() -> str:
    """The dotted line of an empty Mid Century showcase (or Einstein in it), S6, D11."""
    return _("empty or Einstein")


def reading_title(name: str, base: int, per_year: int) -> str:
    """``harsh reading: {base} − {per_year}·|year − {year}|`` with the numbers of the reading's
    record (:class:`~exhibition_lab.games.exhibition.rules.scoring.SoloRules`, S6, D11)."""
    return _("{reading} reading: {base} − {per_year}·|year − {year}|").format(
        reading=reading_name(name), base=base, per_year=per_year, year=MID_CENTURY_YEAR
    )


def mid_century_axis() -> str:
    return _("{goal} card (year)").format(goal=translate(MID_CENTURY.label))


def solo_points_axis() -> str:
    return _("solo points (×100 scale)")


# ---------------------------------------------------------------- a pool of cards
def white_row() -> str:
    """The row of the white cards, beside the continents' codes."""
    return _("white")


def year_axis() -> str:
    return _("year")


def pool_title(size: int, outside: int | None = None, left: int | None = None, right: int | None = None) -> str:
    """``Pool of 40 cards``, or with a Years Gap window ``…: 12 outside 1912–1987``."""
    if outside is None:
        return ngettext("Pool of {n} card", "Pool of {n} cards", size).format(n=size)
    return ngettext(
        "Pool of {n} card: {outside} outside {left}–{right}",
        "Pool of {n} cards: {outside} outside {left}–{right}",
        size,
    ).format(n=size, outside=outside, left=left, right=right)


# ---------------------------------------------------------------- the coach
def options_axis(unit: str) -> str:
    """``expected points (×100) (bars: 95% interval)``."""
    return _("expected {unit} (bars: {level} interval)").format(unit=unit, level=confidence())


def options_title(playouts: int) -> str:
    return ngettext(
        "Options of this decision ({n} playout each)", "Options of this decision ({n} playouts each)", playouts
    ).format(n=playouts)


def review_lines() -> tuple[str, str]:
    """The two lines of a review: the best turn found and the turn played."""
    return _("best turn found"), _("turn played")


def review_axis(*, solo: bool) -> str:
    # a solo review speaks in the solo score's own points (×100, S2), like its summary and table
    return _("expected final score (points)") if solo else _("expected fp margin")


def turn_axis() -> str:
    return _("turn")


def review_title(player: str, lost: float, decisions: int, *, solo: bool = False) -> str:
    """``Review of Ann: 3.4 fp lost over 12 decisions``; a solo review counts the loss in points
    (×100, S2): ``Review of Ann: 340 points lost over 12 decisions``."""
    if solo:
        return ngettext(
            "Review of {player}: {lost} points lost over {n} decision",
            "Review of {player}: {lost} points lost over {n} decisions",
            decisions,
        ).format(player=player, lost=number(lost * SOLO_SCALE, ",.0f"), n=decisions)
    return ngettext(
        "Review of {player}: {lost} fp lost over {n} decision",
        "Review of {player}: {lost} fp lost over {n} decisions",
        decisions,
    ).format(player=player, lost=number(lost, ".1f"), n=decisions)
