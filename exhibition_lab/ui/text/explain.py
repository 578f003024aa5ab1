"""Hall requirements and moves in plain words, for people rather than tests.

:meth:`Hall.why_not` answers with the rule id first and spot coordinates (``R11 (ascending
years): 1904AF cannot go to General (0, 4): …``), which tests and logs rely on. The play app
and the course speak to a player instead: plain words first, the rule id as a small suffix
(``1904 must stand left of 1923 in General: years ascend`` + ``R11``). This module builds
those words from the same :class:`~exhibition_lab.games.exhibition.rules.hall.Problem` the engine finds, so the two
can never disagree about *whether* a card fits, only about how it is said.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from ...games.exhibition.rules.actions import Action, EndExhibition, Move, Place, Take, ToDepot
from ...games.exhibition.rules.cards import CONTINENTS, Card
from ...games.exhibition.rules.hall import Hall, Problem
from ...games.exhibition.rules.layout import Layout, ShowcaseKind, unique_decades_range
from ...games.exhibition.rules.turns import State
from .i18n import DEFAULT_LANGUAGE, _, language, ngettext, pgettext
from .names import card_name, card_title, continent_name, decade_name, showcase_name, spot_name, vehicle_name
from .rules import rule_name

if TYPE_CHECKING:
    from ...games.exhibition.game import Game


class Plain(NamedTuple):
    """A reason in plain words and the id of the rule behind it."""

    words: str
    rule: str

    def __str__(self) -> str:
        return f"{self.words} ({self.rule})"


__all__ = [
    "Plain",
    "action_in_words",
    "action_in_words_at",
    "card_name",
    "card_with_subject",
    "fits_nowhere_in_words",
    "history_in_words",
    "placement_in_words",
    "turns_in_words",
]


def card_with_subject(card: Card) -> str:
    """``1953 · Hillary and Tenzing reach the summit of Everest`` (the year alone without a title)."""
    title = card_title(card)
    return _("{card} · {title}").format(card=card_name(card), title=title) if title else card_name(card)


def placement_in_words(
    hall: Hall, card: Card, showcase: int, spot: int, others: Iterable[Hall] = (), *, players: int | None = None
) -> Plain | None:
    """Why ``card`` may not go to ``(showcase, spot)`` in plain words, or ``None`` if it may.

    Decided by :meth:`Hall.placement_problem` (the same check as :meth:`Hall.why_not`).
    """
    others = tuple(others)
    problem = hall.placement_problem(card, showcase, spot, others, players=players)
    if problem is None:
        return None
    players = players or len(others) + 1
    return Plain(_words(hall, card, showcase, spot, problem, players, _claims(others)), problem.rule)


def _claims(others: Iterable[Hall]) -> frozenset:
    """Continents the other players' One Continent showcases hold (R13; D6: coloured cards)."""
    claims = set()
    for other in others:
        for kind, spots in zip(other.layout, other.showcases):
            if kind.same_continent:
                claims.update(c.continent for c in spots if c is not None and c.continent is not None)
    return frozenset(claims)


def fits_nowhere_in_words(
    hall: Hall, card: Card, others: Iterable[Hall] = (), *, players: int | None = None
) -> list[tuple[str, Plain]]:
    """One short reason per showcase why ``card`` fits none of its empty spots.

    Each entry is ``(showcase name, reason)``; a full showcase says so. The reason is the
    one a player looks for: where the card's year would stand in order (R11), either that no
    spot is free there, or why the free spot there refuses it (e.g. One Era's step, R14).
    Only for a card without a year, or when several such spots disagree, the reason shared by
    most of them is given (the leftmost on a tie).
    """
    others = tuple(others)
    result = []
    for s, kind in enumerate(hall.layout):
        spots = hall.showcases[s]
        empty = [i for i, c in enumerate(spots) if c is None]
        if not empty:
            result.append((showcase_name(kind), Plain(_("full"), "R10")))
            continue
        reasons = {i: placement_in_words(hall, card, s, i, others, players=players) for i in empty}
        if any(r is None for r in reasons.values()):
            continue  # the card fits here after all; nothing to explain
        in_order = _spots_in_year_order(spots, card, empty)
        if in_order == []:
            result.append((showcase_name(kind), Plain(_no_free_spot_in_order(kind, spots, card), "R11")))
            continue
        chosen = in_order or empty
        if kind.max_step is not None and in_order:
            # One Era allows more years across free spots (R14): the roomiest spot is the
            # one a player tries, so its limit is the one worth telling
            chosen = [max(in_order, key=lambda i: _room(spots, i))]
        candidates = [reasons[i] for i in chosen]
        counts = Counter(candidates)
        result.append((showcase_name(kind), max(candidates, key=lambda r: (counts[r], -candidates.index(r)))))
    return result


def _room(spots: Sequence[Card | None], spot: int) -> int:
    """How many spots lie between ``spot`` and the nearest filled one (all, if none is)."""
    filled = [j for j, c in enumerate(spots) if c is not None]
    return min((abs(spot - j) for j in filled), default=len(spots))


def _year_neighbours(spots: Sequence[Card | None], card: Card) -> tuple[int, int]:
    """Where ``card``'s year belongs in a showcase (R11): the index of the latest earlier card
    (-1 if none) and of the earliest later card (``len(spots)`` if none)."""
    left = max((j for j, c in enumerate(spots) if c and c.year is not None and c.year < card.year), default=-1)
    right = min((j for j, c in enumerate(spots) if c and c.year is not None and c.year > card.year), default=len(spots))
    return left, right


def _spots_in_year_order(spots: Sequence[Card | None], card: Card, empty: list[int]) -> list[int] | None:
    """The empty spots where ``card`` would keep the years ascending (R11); ``None`` for a
    card without a year, which has no place of its own."""
    if card.year is None:
        return None
    left, right = _year_neighbours(spots, card)
    return [i for i in empty if left < i < right]


def _no_free_spot_in_order(kind: ShowcaseKind, spots: Sequence[Card | None], card: Card) -> str:
    left, right = _year_neighbours(spots, card)
    name = showcase_name(kind)
    if left >= 0 and right < len(spots):
        return _(
            "{card} must stand between {left} and {right} in {showcase}, and no spot is free there: years ascend"
        ).format(card=card.year, left=card_name(spots[left]), right=card_name(spots[right]), showcase=name)
    if left >= 0:
        return _("{card} must stand right of {left} in {showcase}, and no spot is free there: years ascend").format(
            card=card.year, left=card_name(spots[left]), showcase=name
        )
    return _("{card} must stand left of {right} in {showcase}, and no spot is free there: years ascend").format(
        card=card.year, right=card_name(spots[right]), showcase=name
    )


# ---------------------------------------------------------------- one problem in words
def _words(hall: Hall, card: Card, showcase: int, spot: int, problem: Problem, players: int, claims: frozenset) -> str:
    kind = hall.layout[showcase]
    spots = hall.showcases[showcase]
    where = showcase_name(kind)
    name = card_name(card)
    rule = problem.rule
    if rule == "R10":
        return _("{spot} already holds {card}").format(
            spot=spot_name(hall.layout, showcase, spot), card=card_name(spots[spot])
        )
    if rule == "R2":
        return _("your hall already holds a card of {card}: one card per year").format(card=name)
    if rule == "V1":
        return _("white cards may not go in {showcase}, a variation showcase").format(showcase=where)
    if rule == "R13":
        return _one_continent(kind, spots, card, claims) or _engine_words(problem, where)
    handlers = {
        "R11": _ascending,
        "R12": _distinct,
        "R14": _steps,
        "V2": _steps,
        "V3": _links,
        "V4": _one_decade,
        "V6a": _unique_decades,
    }
    handler = handlers.get(rule)
    words = handler(kind, spots, card, spot, problem, players) if handler else None
    if words is None and rule == "R16":
        words = _("no year is left for Einstein between its neighbours in {showcase}").format(showcase=where)
    return words or _engine_words(problem, where)


def _engine_words(problem: Problem, showcase: str) -> str:
    """A problem no sentence above describes: the engine's own reason in English (it names
    the cards and spots), in another language the showcase and the rule's name."""
    if language() == DEFAULT_LANGUAGE:
        return _without_coordinates(problem.reason)
    name = rule_name(problem.rule) or problem.rule
    return _("{showcase} breaks the rule “{rule}”").format(showcase=showcase, rule=name)


def _neighbours(spots: Sequence[Card | None], spot: int) -> tuple[tuple[int, Card] | None, tuple[int, Card] | None]:
    """The nearest filled spot with a year on each side of ``spot``."""
    left = next(((j, spots[j]) for j in range(spot - 1, -1, -1) if spots[j] and spots[j].year), None)
    right = next(((j, spots[j]) for j in range(spot + 1, len(spots)) if spots[j] and spots[j].year), None)
    return left, right


def _ascending(kind: ShowcaseKind, spots, card: Card, spot: int, problem: Problem, players: int) -> str | None:
    if card.year is None:
        return None
    younger_left = [c for c in spots[:spot] if c is not None and c.year is not None and c.year >= card.year]
    if younger_left:
        return _("{card} must stand left of {other} in {showcase}: years ascend").format(
            card=card.year, other=card_name(younger_left[0]), showcase=showcase_name(kind)
        )
    older_right = [c for c in spots[spot + 1 :] if c is not None and c.year is not None and c.year <= card.year]
    if older_right:
        return _("{card} must stand right of {other} in {showcase}: years ascend").format(
            card=card.year, other=card_name(older_right[-1]), showcase=showcase_name(kind)
        )
    return None


def _distinct(kind: ShowcaseKind, spots, card: Card, spot: int, problem: Problem, players: int) -> str | None:
    if card.continent is None:
        return _("no continent is left for the white card in {showcase}: continents must differ").format(
            showcase=showcase_name(kind)
        )
    same = next((c for c in spots if c is not None and c.continent is card.continent), None)
    if same is None:
        return None
    return _("{showcase} already shows {continent} ({card}): continents must differ").format(
        showcase=showcase_name(kind), continent=continent_name(card.continent), card=card_name(same)
    )


def _one_continent(kind: ShowcaseKind, spots, card: Card, claims: frozenset) -> str | None:
    held = next((c.continent for c in spots if c is not None and c.continent is not None), None)
    if card.continent is not None and held is not None and held is not card.continent:
        return _("{showcase} holds {continent}: all its cards share one continent").format(
            showcase=showcase_name(kind), continent=continent_name(held)
        )
    claimed = held or card.continent
    if claimed is not None and claimed in claims:
        return _("another player's {showcase} already holds {continent}: first come, first served").format(
            showcase=showcase_name(kind), continent=continent_name(claimed)
        )
    return None


def _steps(kind: ShowcaseKind, spots, card: Card, spot: int, problem: Problem, players: int) -> str | None:
    if card.year is None:
        return None
    left, right = _neighbours(spots, spot)
    for side in (left, right):
        if side is None:
            continue
        j, other = side
        free = abs(spot - j) - 1
        gap = abs(card.year - other.year)
        if free == 0:
            between = _("side by side")
        else:
            between = ngettext("with {n} free spot between", "with {n} free spots between", free).format(n=free)
        if kind.max_step is not None and gap > kind.max_step * (free + 1):
            return _("{card} and {other} would be {gap} years apart in {showcase}, {between}: at most {limit}").format(
                card=card.year,
                other=other.year,
                gap=gap,
                showcase=showcase_name(kind),
                between=between,
                limit=kind.max_step * (free + 1),
            )
        if kind.min_step is not None and gap < kind.min_step * (free + 1):
            return _(
                "{card} and {other} would be only {gap} years apart in {showcase}, {between}: at least {limit}"
            ).format(
                card=card.year,
                other=other.year,
                gap=gap,
                showcase=showcase_name(kind),
                between=between,
                limit=kind.min_step * (free + 1),
            )
    return None


def _links(kind: ShowcaseKind, spots, card: Card, spot: int, problem: Problem, players: int) -> str | None:
    if card.year is None:
        return None
    for j in (spot - 1, spot + 1):
        if 0 <= j < len(spots) and spots[j] is not None and spots[j].year is not None:
            other = spots[j]
            if other.continent is not card.continent and abs(other.year - card.year) > kind.link_years:
                return _(
                    "{card} and {other} would stand side by side in {showcase}: "
                    "neighbours share a continent or lie within {years} years"
                ).format(card=card.year, other=other.year, showcase=showcase_name(kind), years=kind.link_years)
    return None


def _one_decade(kind: ShowcaseKind, spots, card: Card, spot: int, problem: Problem, players: int) -> str | None:
    held = next((c.decade for c in spots if c is not None and c.decade is not None), None)
    if held is None:
        return None
    return _("{showcase} holds {decade}: all its cards share one decade").format(
        showcase=showcase_name(kind), decade=decade_name(held)
    )


def _unique_decades(kind: ShowcaseKind, spots, card: Card, spot: int, problem: Problem, players: int) -> str | None:
    if card.decade is None:
        return None
    low, high = unique_decades_range(players)
    name = showcase_name(kind)
    if not low <= card.decade <= high:
        return ngettext(
            "with {n} player {showcase} takes only the {low}s–{high}s",
            "with {n} players {showcase} takes only the {low}s–{high}s",
            players,
        ).format(n=players, showcase=name, low=low, high=high)
    if any(c is not None and c.decade == card.decade for c in spots):
        return _("{showcase} already holds {decade}: one card per decade").format(
            showcase=name, decade=decade_name(card.decade)
        )
    return _("another player's {showcase} already holds {decade}: one card per decade").format(
        showcase=name, decade=decade_name(card.decade)
    )


def _without_coordinates(reason: str) -> str:
    """The engine's reason without spot numbers such as ``(spot 3)``."""
    import re

    return re.sub(r"\s*\((?:spot \d+|\d+, \d+)\)", "", reason)


# ---------------------------------------------------------------- moves in words
def action_in_words(game: Game, action: Action, *, short: bool = False) -> str:
    """What ``action`` does, said *before* it is applied to ``game`` (the tile still shows
    the card, the vehicle still stands where it was): ``took 1953 · … from Oceania, moved
    the Ford to Asia``, ``placed it in General, 3rd spot``. ``short`` names a card by its
    year alone."""
    return action_in_words_at(game.layout, game.state, action, short=short)


def action_in_words_at(layout: Layout, state: State, action: Action, *, short: bool = False, you: bool = False) -> str:
    """:func:`action_in_words` for the position ``state`` of a game on ``layout``. ``you``
    says it to the reader about their own seat: Spanish conjugates the second person
    ("tomaste 1954…"), not the third ("tomó")."""
    seat = state.seat
    vehicle = vehicle_name(seat)
    if isinstance(action, Take):
        card = action.card
        column = next((c for c, cards in zip(CONTINENTS, state.market) if card in cards), None)
        name = card_name(card) if short else card_with_subject(card)
        if column is not None:
            text = (
                pgettext("you", "took {card} from {continent}") if you else _("took {card} from {continent}")
            ).format(card=name, continent=continent_name(column))
        else:
            text = (pgettext("you", "took {card}") if you else _("took {card}")).format(card=name)
        if card.continent is None:
            return text
        if card.continent is state.vehicles[seat]:
            return (
                pgettext("you", "{took}, the {vehicle} stays in {continent}")
                if you
                else _("{took}, the {vehicle} stays in {continent}")
            ).format(took=text, vehicle=vehicle, continent=continent_name(card.continent))
        return (
            pgettext("you", "{took}, moved the {vehicle} to {continent}")
            if you
            else _("{took}, moved the {vehicle} to {continent}")
        ).format(took=text, vehicle=vehicle, continent=continent_name(card.continent))
    if isinstance(action, Move):
        return (
            pgettext("you", "moved the {vehicle} to {continent}") if you else _("moved the {vehicle} to {continent}")
        ).format(vehicle=vehicle, continent=continent_name(action.continent))
    if isinstance(action, Place):
        return (pgettext("you", "placed it in {spot}") if you else _("placed it in {spot}")).format(
            spot=spot_name(layout, action.showcase, action.spot)
        )
    if isinstance(action, ToDepot):
        return pgettext("you", "put it in the Depot") if you else pgettext("done", "put it in the Depot")
    if isinstance(action, EndExhibition):
        return (
            pgettext("you", "found no place for it and ended the exhibition (the card leaves the game)")
            if you
            else _("found no place for it and ended the exhibition (the card leaves the game)")
        )
    return str(action)


def history_in_words(game: Game, *, short: bool = False, you: Iterable[int] = ()) -> list[str]:
    """:func:`action_in_words` for every action of ``game.history``, oldest first, each
    said from the position it was played in (the game keeps every state it passed); the
    actions of the seats in ``you`` are said to the reader as their own."""
    layout = game.layout
    yours = frozenset(you)
    return [
        action_in_words_at(layout, state, step.move, short=short, you=state.seat in yours)
        for step, state in zip(game.steps, game.states())
        if not step.is_chance
    ]


def turns_in_words(game: Game, words: Sequence[str], start: int = 0) -> list[tuple[int, str]]:
    """The actions ``history[start:]`` grouped into turns, one sentence each:
    ``(seat, "Greedy 2 took 1953 · … from Oceania, moved the Ford to Asia, placed it in Mid Century")``."""
    turns: list[tuple[int, list[str]]] = []
    for k, (seat, action) in enumerate(game.history[start:], start):
        if not turns or turns[-1][0] != seat or isinstance(action, Take):
            turns.append((seat, []))
        turns[-1][1].append(words[k])
    return [
        (seat, _("{name} {actions}").format(name=game.players[seat], actions=_(", ").join(parts)))
        for seat, parts in turns
    ]
