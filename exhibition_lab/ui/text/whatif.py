"""What the what-if explorer says: its controls, the question and the answer, how to read
the map, the simulated games. Sentences that carry bold numbers are templates whose named
fields the renderer fills (:mod:`exhibition_lab.ui.render.whatif`)."""

from __future__ import annotations

from ...games.exhibition.rules.goals import MID_CENTURY, PAIR_GOALS, YEARS_GAP, goal
from ...games.exhibition.rules.scoring import MID_CENTURY_YEAR, SoloRules
from .i18n import N_, _, ngettext, translate
from .names import reading_name, seat_kind_name
from .numbers import decimal_sign, number


def goal_options() -> tuple[tuple[str, str], ...]:
    """The goals a pair showcase scores, as (label, key) for the goal buttons, in the reader's language."""
    return tuple((translate(g.label), g.key) for g in PAIR_GOALS)


#: The goal buttons' options in English (:func:`goal_options` gives them in the reader's language).
GOAL_OPTIONS = tuple((g.label, g.key) for g in PAIR_GOALS)

CONTROLS = {
    "left": N_("Left card"),
    "right": N_("Right card"),
    "goal": N_("Goal"),
    "pool": N_("Possible cards"),
    "bot": N_("Bot"),
    "games": N_("Games"),
    "reading": MID_CENTURY.label,
    "harsh": N_("harsh: −{per_year} a year"),
    "tiebreak": N_("tiebreak: −{per_year} a year"),
    "simulate": N_("Simulate play"),
    "stop": N_("Stop"),
    "whole_deck": N_("whole deck"),
    "this_game": N_("cards still to come"),
    "progress": N_("simulated games"),
    "map_alt": N_("expected fame of every pair"),
}


def control(key: str) -> str:
    """A control's label by key (see :data:`CONTROLS`); a solo reading's label quotes its
    Mid Century step from its record (S6, D11)."""
    if key in ("harsh", "tiebreak"):
        return _(CONTROLS[key]).format(per_year=SoloRules.by_name(key).per_year)
    return _(CONTROLS[key])


def pool_options(keys: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """The market's pools as (label, key): the labels in the reader's language, the keys fixed."""
    return tuple((control(key), key) for key in keys)


def bot_options(kinds: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """The bots that can play the simulated games as (name, kind), named in the reader's language."""
    return tuple((seat_kind_name(kind), kind) for kind in kinds)


def map_labels() -> dict[str, str]:
    """The map's axes and its hover line (``1940–1987: 0.01 fp expected``); ``{value}`` is
    filled in the browser with two decimals and the language's decimal sign."""
    return {
        "left": _("left card ↑"),
        "right": _("right card →"),
        "none": _("no such pair"),
        "expected": _("{value} fp expected"),
        "decimal": decimal_sign(),
        # the colour scale's ends: a pair keeps at most its 5 fp (S4, S5)
        "top": _("{fp} fp").format(fp=5),
        "bottom": _("{fp} fp").format(fp=0),
    }


def goal_name(key: str) -> str:
    """A goal's name in the reader's language, from its key (``"years_gap"`` → Years gap, R20)."""
    return translate(goal(key).label)


def not_solo() -> str:
    return _("market penalties are a solo rule (S4, S5); this game has several players")


def reading_note(rules: SoloRules) -> str:
    return _(
        "Mid Century is counted as in this game: the {name} reading, +{base} minus {per_year} points per year "
        "from {year} (S6, D11)."
    ).format(name=reading_name(rules.name), base=rules.base, per_year=rules.per_year, year=MID_CENTURY_YEAR)


def lead(goal_key: str, penalty: str, rule: str) -> str:
    """The explorer's first line, in plain words before any number: what the pair scores
    in a solo game and what the sliders ask (S4, S5)."""
    return _(
        "In a solo game your {goal} pair scores 5 fp, minus 1 for each card left on the tile at the end that "
        "is {penalty} ({rule}). Choose its two years to see how much it can expect to keep; the details follow."
    ).format(goal=goal_name(goal_key), penalty=penalty, rule=rule)


def map_takeaway(left: int, right: int, best: float, share_under_1: float) -> str:
    """What the map says at a glance, under the lead: its best pair, and how many pairs keep
    less than 1 fp (most of them, for Years gap: cards outside the pair are many, S4)."""
    return _(
        "On the map below, {share} of the pairs keep less than 1 fp; the best, {left}–{right}, is expected to "
        "keep {value}."
    ).format(left=left, right=right, value=fame_points(best), share=percent(share_under_1))


def heading_template() -> str:
    """``What if your {goal} pair were …`` (the goal's name in bold, then where the preset comes from)."""
    return _("What if your {goal} pair were …")


def preset_in_words(left: int | None, right: int | None, held: set[int | None]) -> str:
    """Where the preset sliders come from, side by side, in a few words."""

    def side(name: str, year: int | None) -> str:
        if year is None:
            return _("{side}: no card of yours yet, pick any year").format(side=name)
        whose = _("your card there") if year in held else _("the card in your hand")
        return _("{side} {year}: {whose}").format(side=name, year=year, whose=whose)

    return _("{left}; {right}").format(left=side(_("left card"), left), right=side(_("right card"), right))


def compare_with_play() -> str:
    return _("Compare with real play")


def compare_with_play_note() -> str:
    return _("bots keep cards they can use, so the market they leave is not a uniform draw:")


def side_moved(side: str, year: int, to: int) -> str:
    """Why a slider moved by itself: its card is no longer left to take."""
    if side == "left":
        return _(
            "{year} is no longer left to take: the left card moved to {to}, the nearest year still to come."
        ).format(year=year, to=to)
    return _("{year} is no longer left to take: the right card moved to {to}, the nearest year still to come.").format(
        year=year, to=to
    )


def no_answer() -> str:
    return _("No answer for this pair.")


def nothing_to_simulate(reason: str) -> str:
    """Why "Simulate play" plays nothing: the chosen pair is one the rules never allow."""
    return _("Nothing to simulate: {reason}").format(reason=reason)


def expected_template() -> str:
    """The answer's first line; ``value`` and ``keep`` are set in bold by the renderer."""
    return _(
        "{goal} {left}–{right}: expected {value} (= {points} on the ×100 solo scale) · chance to keep all 5 fp: {keep}"
    )


def fp_help() -> str:
    """What ``fp`` means, for a newcomer (the hover of the fame table, and the help line)."""
    return _("fp = fame points, the game's score (a solo game shows them ×100)")


def k_help(rule: str) -> str:
    """What ``k`` and a solo rule id mean: the pair's 5 fp lose one per costly card left (S4, S5)."""
    return _(
        "k = how many cards left on the final tile cost 1 fp each: the pair scores 5 fp minus k, "
        "never below 0 ({rule} is the solo rule that says so)"
    ).format(rule=rule)


def worked_out_help() -> str:
    """What the worked-out row and bars mean (a uniform draw, in plain words)."""
    return _("worked out: the final tile taken as a random draw of the cards")


def simulated_help() -> str:
    return _("simulated play: the tiles that games played by bots really leave")


def glossary(rule: str) -> str:
    """The short help line under the answer: every term of the answer, the chart and the table."""
    parts = [fp_help(), k_help(rule), worked_out_help(), simulated_help()]
    return _("How to read: {terms}.").format(terms=_("; ").join(parts))


def points(value: float) -> str:
    """``"1 point"``, ``"12 points"``: a rounded count of solo points with its plural."""
    rounded = round(value)
    return ngettext("{n} point", "{n} points", rounded).format(n=rounded)


def pool_note(*, whole_deck: bool, draws: int, pool_size: int, marked: int, penalty: str, rule: str) -> str:
    """How the final market is drawn and which of its cards cost a point."""
    cards = _("cards of the deck") if whole_deck else _("cards still in the market or the stock")
    return _(
        "The final market is {draws} cards drawn from the {size} {cards} (the pair's own two cards left out); "
        "{marked} of them are {penalty} and each one drawn costs 1 fp ({rule})."
    ).format(draws=draws, size=pool_size, cards=cards, marked=marked, penalty=penalty, rule=rule)


def random_draw_note(*, outside: float, rule: str) -> str:
    """Why a pair the coach suggests may show about 0 fp here: the worked-out figure draws the
    final tile at random, while in play the cards outside the pair can be taken off the tile."""
    return _(
        "Drawn at random, the final tile would hold about {k} cards outside this pair, and each costs 1 fp "
        "({rule}); in play those cards can still be taken off the tile (each one taken lowers k), which the "
        "coach's simulated games count and this random draw does not."
    ).format(k=number(outside, ".1f"), rule=rule)


def map_help(goal_key: str, *, this_game: bool) -> list[str]:
    """How to read the map, and why some rows and columns are blank."""
    lines = [
        _("Drag the sliders or click a square of the map (left card up, right card across)."),
        _("Red cross: the pair on the sliders. White lines: 1, 2, 3 and 4 fp. Outlined squares: the example pairs."),
    ]
    if goal_key != YEARS_GAP.key:
        lines.append(_("Blank at 1945: the white card may not go in a variation showcase (V1)."))
    if this_game:
        lines.append(_("Blank rows and columns: years whose card is already placed or gone."))
    return lines


def map_title(goal_key: str) -> str:
    return _("Expected {goal} fame, every pair").format(goal=goal_name(goal_key))


def press_simulate_template() -> str:
    """``Press {button} to see …``: the button's name is set in bold by the renderer."""
    return _("Press {button} to see what real games leave on the tile.")


def simulated_template() -> str:
    """The simulated games' summary; ``games``, ``fame`` and ``mean`` are set in bold, ``kept``
    is a share written with :func:`kept_share`."""
    return _(
        "{games}{stopped}: expected fame of this pair in their markets {fame}, all 5 fp kept in {kept} of games. "
        "Those games scored {mean} points on average (solo, ×100 scale; Mid Century counted {base} minus "
        "{per_year} points per year away from {year}, the {reading} reading)."
    )


def kept_share(share: float) -> str:
    """A share of games as the reader writes a percentage: ``87.5%``."""
    return number(share, ".1%")


def percent(share: float, spec: str = ".0%") -> str:
    """A chance as the reader writes a percentage: ``0.4%``, ``0,4 %``."""
    return number(share, spec)


def fame_points(value: float) -> str:
    """An expected number of fame points: ``1.02 fp``, ``1,02 pf``."""
    return _(CHART["fp"]).format(fp=number(value, ".2f"))


def games_by(n: int, bot: str) -> str:
    return ngettext("{n} game by the {bot} bot", "{n} games by the {bot} bot", n).format(n=n, bot=bot)


def stopped_after(n: int, requested: int) -> str:
    return _(" (stopped after {n} of {requested})").format(n=n, requested=requested)


def describe(
    left: int,
    right: int,
    goal_key: str,
    *,
    whole_deck: bool,
    expected: float | None,
    keep_all: float | None,
    refusal: str = "",
) -> str:
    """The chosen question and its answer in one sentence."""
    question = _("{left}–{right}, {goal}").format(left=left, right=right, goal=goal_name(goal_key))
    if expected is None:
        return _("{question}: no answer, {refusal}").format(question=question, refusal=refusal)
    where = _("the whole deck") if whole_deck else _("the cards still to come in this game")
    return _("{question}, market from {where}: expected {expected} fp, all 5 kept with probability {keep}").format(
        question=question, where=where, expected=number(expected, ".2f"), keep=number(keep_all or 0.0, ".3f")
    )


def explorer_repr(description: str) -> str:
    return _("YearsGapExplorer: {description}").format(description=description)


CHART = {
    "lost": N_("grey: 5 or more, all 5 fp lost"),
    "axis": N_("cards left on the final tile that cost 1 fp each (k)"),
    "exact": N_("worked out (tile drawn at random)"),
    "simulated": N_("simulated play"),
    "bar": N_("k = {k} costly cards left: {percent}"),
    "fame": N_("fame (fp)"),
    "exact_row": N_("worked out"),
    "simulated_row": N_("simulated play"),
    "fp": N_("{fp} fp"),
}


def chart(key: str) -> str:
    """A label of the penalty chart or the fame table (see :data:`CHART`)."""
    return _(CHART[key])
