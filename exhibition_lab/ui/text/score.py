"""The score in words: what each goal counts (its header's hover), each line of a player's
score, the solo scale, and how the tiebreak decided (R19–R26, S2–S6, V7)."""

from __future__ import annotations

from ...core.words import WordTable
from ...games.exhibition.rules.goals import CHAIN, GOALS, MID_CENTURY, SECRET_DECADE, goal
from ...games.exhibition.rules.layout import Layout
from ...games.exhibition.rules.scoring import (
    MID_CENTURY_YEAR,
    RANK_POINTS,
    PlayerScore,
    ScoreLine,
    ScoreSheet,
    solo_numbers,
)
from .i18n import _, ngettext, pgettext, translate
from .names import phrase_words
from .numbers import minus, number

_KNOWN = {g.key for g in GOALS}


def goal_label(key: str) -> str:
    """A goal's name: ``Years Gap``."""
    return translate(goal(key).label) if key in _KNOWN else key


def goal_short(key: str) -> str:
    """A goal's narrow column heading: ``Gap``."""
    return translate(goal(key).short) if key in _KNOWN else key


def goal_legend(keys: list[str]) -> str:
    """One line under the running score that spells out its narrow headings:
    ``6 cont. = All 6 Continents · Gap = Years Gap · …`` (a heading that is its whole name is left out)."""
    pairs = [(goal_short(k), translate(goal(k).label)) for k in keys if k in _KNOWN]
    return _(" · ").join(_("{short} = {name}").format(short=short, name=name) for short, name in pairs if short != name)


def goal_hover(key: str, *, solo: bool) -> str:
    """What a score column counts, in plain words with its rule (solo: on the ×100 scale)."""
    if key not in _KNOWN:
        return key
    record = goal(key)
    if solo and record.solo_hover is not None:
        return translate(record.solo_hover).format(**solo_numbers_in_words())
    # a hover quotes the numbers it names from the rule records: the solo ones and the ranks' points
    words = translate(record.hover).format(**solo_numbers_in_words(), **rank_numbers_in_words())
    if solo:  # every other goal counts ×100 in a solo game (S2)
        # the hover's numbers are already the table's: the note says the unit once, as what one
        # fame point is shown as, never as a second ×100 on top of them
        words = words.replace(_("1 fame point"), _("100 points"))
        return _("{hover} (in a solo game 1 fame point is shown as 100 points, S2)").format(hover=words)
    return words


def rank_numbers_in_words() -> dict[str, str]:
    """The points of the ranked goals (R19, R20, V5, V6) and the hall's spot count (R24), as the
    goals' hovers quote them: ``{ranks}`` lists the points of ``RANK_POINTS`` in order."""
    return {
        "ranks": _(", ").join(str(points) for points in RANK_POINTS),
        "first": str(RANK_POINTS[0]),
        "second": str(RANK_POINTS[1]),
        "last": str(RANK_POINTS[-1]),
        "spots": str(Layout.base().n_spots),
    }


def solo_numbers_in_words() -> dict[str, str]:
    """The numbers the solo sentences quote (:func:`solo_numbers`), negative ones with the
    minus sign the sheet prints."""
    # the year is a name, written as it is; every other number is grouped as the sheet writes it
    return {name: str(value) if name == "year" else minus(number(value, "g")) for name, value in solo_numbers().items()}


def reason_words(line: ScoreLine) -> str:
    """Why a score line has its points, in the reader's language (a line made by hand without
    a phrase gives its own reason)."""
    return phrase_words(line.phrase) if line.phrase is not None else line.reason


def comparison_heads() -> dict[str, str]:
    """The headings of a before/after score table: ``goal``, ``before``, ``after``,
    ``change``, ``changed``, ``Total`` and ``nothing`` (no goal changed)."""
    return {
        "goal": pgettext("score table", "goal"),
        "before": pgettext("score table", "before"),
        "after": pgettext("score table", "after"),
        "change": pgettext("score table", "change"),
        "changed": pgettext("score table", "changed"),
        "total": _("Total"),
        "nothing": _("nothing"),
    }


def line_words(line: ScoreLine) -> str:
    """A score line as the engine prints it (``Years Gap (R20): gap 1972 − 1903 = 69, rank 1 → 5``),
    in the reader's language."""
    return _("{goal} ({rule}): {reason} → {points}").format(
        goal=goal_label(line.goal), rule=line.rule, reason=reason_words(line), points=number(line.points, "g")
    )


def line_tooltip(line: ScoreLine, scale: int = 1) -> str:
    """A score line for hovering, in the unit the table shows (points ×100 in a solo game);
    Chain of Years' minimum said as a rule, not a contradiction (R23); an empty solo Mid
    Century said as the farthest distance (S6, D11)."""
    points = minus(number(line.points * scale, "g"))
    if line.goal == CHAIN.key and len(line.cards) <= 1:
        one = _("100 points") if scale != 1 else _("1 point")
        return _(
            "Chain of Years (R23): {one} per card in your longest run of consecutive years; "
            "it is at least {one}, even before two cards of neighbouring years → {points}{unit}"
        ).format(one=one, points=points, unit=_(" points") if scale != 1 else "")
    if line.goal == MID_CENTURY.key and line.reason.startswith("empty"):
        return _(
            "Mid Century ({rule}): empty (or Einstein), so it counts as the farthest from {year}, {empty} years "
            "away (D11): {base} − {per_year} × {empty} → {points} points"
        ).format(rule=line.rule, points=points, **solo_numbers_in_words())
    return _("{goal} ({rule}): {reason} → {points}{unit}").format(
        goal=goal_label(line.goal),
        rule=line.rule,
        reason=minus(reason_words(line)),
        points=points,
        unit=_(" points") if scale != 1 else "",
    )


def empty_mid_century_note(points: str) -> str:
    """Under a solo game's score while Mid Century is empty: why the total starts so low."""
    return _(
        "Mid Century is still empty: it counts as {empty} years away from {year}, {points} points (S6, D11). "
        "A card of {year} there brings +{base}."
    ).format(points=points, **{k: v for k, v in solo_numbers_in_words().items() if k in ("empty", "year", "base")})


def score_in_words(score: PlayerScore) -> str:
    """One player's score explained line by line, every number in the unit the sheet shows
    (solo: points ×100, also Mid Century's, which the engine's text gives in fame points)."""
    if score.scale == 1:
        lines = [line_words(line) for line in score.lines]
        return minus("\n".join([*lines, _("Total: {total} fp").format(total=score.total)]))
    lines = [line_tooltip(line, score.scale) for line in score.lines]
    return "\n".join([*lines, _("Total: {total} points (solo, ×100)").format(total=minus(number(score.total, "g")))])


def _line_text(line: ScoreLine) -> str:
    # print(line) in a notebook: the engine's line, in the reader's language
    return minus(line_words(line))


def _explained(score: PlayerScore) -> str:
    # PlayerScore.explain() in a notebook: the same lines, in the reader's language
    return score_in_words(score)


def hidden_until_the_end() -> str:
    return _("hidden until the end ({rule})").format(rule=SECRET_DECADE.rule)


def live_title(over: bool) -> str:
    return _("Final score") if over else _("Score so far")


def live_note(*, solo: bool, over: bool) -> str:
    """The small words after the title: the unit and, during the game, what the table means."""
    unit = _(" (points ×100, solo)") if solo else _(" (fame points)")
    if over:
        return unit
    return _("{unit} — if the game ended now; hover a heading for what it counts").format(unit=unit)


def column(key: str) -> str:
    """``Player`` or ``Total``: the fixed columns of the score table."""
    return {"player": _("Player"), "total": _("Total")}[key]


def sheet_title() -> str:
    return _("Score sheet")


def why_summary(name: str, total: int) -> str:
    """``Ann: 12 — why``: the fold that opens a player's explained score."""
    return _("{name}: {total} — why").format(name=name, total=minus(number(total, "g")))


def tiebreak_in_words(sheet: ScoreSheet, you: str | None = None) -> str:
    """How R26 decided when the best totals were equal (``""`` otherwise); ``you`` is the
    name the app addresses as "you"."""
    ranking = sheet.ranking
    if len(ranking) < 2 or sheet[ranking[0]].total != sheet[ranking[1]].total:
        return ""
    total = sheet[ranking[0]].total
    tied = [name for name in ranking if sheet[name].total == total]
    held = _("; ").join(_("{name}: {distance}").format(name=n, distance=_distance(sheet[n].tiebreak)) for n in tied)
    winners = sheet.winners
    if len(winners) > 1:
        return _(
            "Equal totals ({total}) and Mid Century cards equally close to {year} ({held}): a shared win (R26)."
        ).format(total=total, held=held, year=MID_CENTURY_YEAR)
    decided = _("{name} win the tiebreak") if winners[0] == you else _("{name} wins the tiebreak")
    return _("Equal totals ({total}): {decided}, the Mid Century card closest to {year} ({held}; R26).").format(
        total=total, decided=decided.format(name=winners[0]), held=held, year=MID_CENTURY_YEAR
    )


def _distance(years: int | None) -> str:
    if years is None:
        return _("no dated card there")
    return ngettext("{n} year from {year}", "{n} years from {year}", years).format(n=years, year=MID_CENTURY_YEAR)


# ---------------------------------------------------------------- the score sheet's table
def sheet_caption(names: list[str], *, solo: bool) -> str:
    """Above the score sheet: who won (names already HTML), or whose solo game it is."""
    joined = _(" and ").join(names)
    if solo:
        return _("Solo game of {name}").format(name=joined)
    return _("Winner: {names}").format(names=joined)


def sheet_hint(*, solo: bool) -> str:
    """The unit of the score sheet's numbers and where their reasons are."""
    if solo:
        return _("(solo points, ×100; hover a number for its reason)")
    return _("(fame points; hover a number for its reason)")


def sheet_goal_column() -> str:
    return _("Goal")


def winner_mark() -> str:
    """Under a winner's name in the score sheet."""
    return _("winner")


#: What this module says of engine objects, handed to :func:`~exhibition_lab.core.words.use_words`
#: by the package's ``__init__`` (``str(obj)`` is ``"text"``).
WORDS: WordTable = {
    (ScoreLine, "text"): _line_text,
    (PlayerScore, "explain"): _explained,
}
