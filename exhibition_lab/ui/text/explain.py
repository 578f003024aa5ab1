"""Hall requirements and moves in plain words, for people rather than tests.

:meth:`Hall.why_not` answers with the rule id first and spot coordinates (``R11 (ascending
years): 1904AF cannot go to General (0, 4): …``), which tests and logs rely on. The play app
and the course speak to a player instead: plain words first, the rule id as a small suffix
(``1904 must stand left of 1923 in General: years ascend`` + ``R11``). The words come from
the facts of the :class:`~exhibition_lab.games.exhibition.rules.hall.Problem` the engine
finds (the cards and spots involved, the measured value and the rule's limit): no rule is
checked here, so the words can never disagree with the engine, and every number they quote
is the rule's own.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from ...games.exhibition.rules.actions import Action, EndExhibition, Move, Place, Take, ToDepot
from ...games.exhibition.rules.cards import CONTINENTS, Card
from ...games.exhibition.rules.hall import Hall, Problem
from ...games.exhibition.rules.layout import Layout
from ...games.exhibition.rules.turns import State
from .i18n import N_, _, language, ngettext, pgettext
from .names import (
    capital,
    card_name,
    card_title,
    continent_name,
    decade_name,
    showcase_in_sentence,
    showcase_name,
    spot_in_sentence,
    vehicle_name,
)

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
    "joined_actions",
    "placement_in_words",
    "refusal_in_words",
    "turns_in_words",
]


def card_with_subject(card: Card) -> str:
    """``1953 · Hillary and Tenzing reach the summit of Everest`` (the year alone without a title)."""
    title = card_title(card)
    return _("{card} · {title}").format(card=card_name(card), title=title) if title else card_name(card)


def card_with_quoted_subject(card: Card) -> str:
    """``1953 “Hillary and Tenzing reach the summit of Everest”``: the subject in the language's
    quotes, so words after it cannot be read as part of the event (the year alone without a title)."""
    title = card_title(card)
    return _("{card} “{title}”").format(card=card_name(card), title=title) if title else card_name(card)


def placement_in_words(
    hall: Hall, card: Card, showcase: int, spot: int, others: Iterable[Hall] = (), *, players: int | None = None
) -> Plain | None:
    """Why ``card`` may not go to ``(showcase, spot)`` in plain words, or ``None`` if it may.

    Decided once, by :meth:`Hall.placement_problem` (the same check as :meth:`Hall.why_not`),
    and said by :func:`refusal_in_words`.
    """
    problem = hall.placement_problem(card, showcase, spot, others, players=players)
    return None if problem is None else refusal_in_words(problem, hall.layout)


def fits_nowhere_in_words(
    hall: Hall, card: Card, others: Iterable[Hall] = (), *, players: int | None = None
) -> list[tuple[str, Plain]]:
    """One short reason per showcase why ``card`` fits none of its empty spots.

    Each entry is ``(showcase name, reason)``; a full showcase says so. The reason is the
    one :meth:`Hall.showcase_refusal` finds: where the card's year would stand in order
    (R11), either that no spot is free there, or why the free spot there refuses it.
    """
    others = tuple(others)
    result = []
    for s, kind in enumerate(hall.layout):
        problem = hall.showcase_refusal(card, s, others, players=players)
        if problem is not None:
            result.append((showcase_name(kind), refusal_in_words(problem, hall.layout)))
    return result


# ---------------------------------------------------------------- one refusal in words
def refusal_in_words(problem: Problem, layout: Layout) -> Plain:
    """A refusal in the reader's language, from its facts alone: the cards and spots it names,
    the value the engine measured and the rule's limit. ``layout`` names the showcase."""
    return Plain(_words(problem, layout), problem.rule)


class _Facts(NamedTuple):
    """What a sentence names: the showcase, the card being placed (the first card named where
    the refusal is a whole hall's) and the other card the refusal names."""

    showcase: str
    card: Card | None
    other: Card | None
    free: int  # free spots between the two cards named


def _facts(problem: Problem, layout: Layout) -> _Facts:
    # the name as a sentence says it ("en la Vitrina 1950"); capital where it opens the sentence
    where = showcase_in_sentence(layout[problem.showcase]) if problem.showcase is not None else ""
    placed = problem.placed
    named = list(zip(problem.spots, problem.cards))
    card = placed if placed is not None else (problem.cards[0] if problem.cards else None)
    others = [c for i, c in named if i != problem.spot] if placed is not None else [c for _, c in named[1:]]
    free = abs(problem.spots[-1] - problem.spots[0]) - 1 if len(problem.spots) > 1 else 0
    return _Facts(where, card, others[0] if others else None, free)


def _year(card: Card | None) -> int | str:
    """A dated card's year as the sentences quote it (Einstein by name)."""
    assert card is not None  # a sentence quotes the year of a card its refusal names
    return card_name(card) if card.year is None else card.year


def _words(problem: Problem, layout: Layout) -> str:
    facts = _facts(problem, layout)
    sentence = _SENTENCES.get((problem.rule, problem.case)) or _SENTENCES[(problem.rule, "")]
    return sentence(problem, facts, layout)


def _taken_spot(problem: Problem, facts: _Facts, layout: Layout) -> str:
    assert problem.showcase is not None
    return _("{spot} already holds {card}").format(
        spot=capital(spot_in_sentence(layout, problem.showcase, problem.spots[0])), card=card_name(problem.cards[0])
    )


def _full(problem: Problem, facts: _Facts, layout: Layout) -> str:
    return _("full")


def _one_per_year(problem: Problem, facts: _Facts, layout: Layout) -> str:
    assert facts.card is not None  # R2 names the card whose year the hall already holds
    return _("your hall already holds a card of {card}: one card per year").format(card=card_name(facts.card))


def _no_white(problem: Problem, facts: _Facts, layout: Layout) -> str:
    return _("white cards may not go in {showcase}, a variation showcase").format(showcase=facts.showcase)


def _ascending(problem: Problem, facts: _Facts, layout: Layout) -> str:
    if problem.placed is None or problem.spot == problem.spots[0]:  # the card named first is the left one
        assert facts.other is not None  # R11 names the two cards out of order
        return _("{card} must stand right of {other} in {showcase}: years ascend").format(
            card=_year(facts.card), other=card_name(facts.other), showcase=facts.showcase
        )
    return _("{card} must stand left of {other} in {showcase}: years ascend").format(
        card=_year(facts.card), other=card_name(problem.cards[0]), showcase=facts.showcase
    )


def _no_spot_between(problem: Problem, facts: _Facts, layout: Layout) -> str:
    return _(
        "{card} must stand between {left} and {right} in {showcase}, and no spot is free there: years ascend"
    ).format(
        card=_year(problem.placed),
        left=card_name(problem.cards[0]),
        right=card_name(problem.cards[1]),
        showcase=facts.showcase,
    )


def _no_spot_right_of(problem: Problem, facts: _Facts, layout: Layout) -> str:
    return _("{card} must stand right of {left} in {showcase}, and no spot is free there: years ascend").format(
        card=_year(problem.placed), left=card_name(problem.cards[0]), showcase=facts.showcase
    )


def _no_spot_left_of(problem: Problem, facts: _Facts, layout: Layout) -> str:
    return _("{card} must stand left of {right} in {showcase}, and no spot is free there: years ascend").format(
        card=_year(problem.placed), right=card_name(problem.cards[0]), showcase=facts.showcase
    )


def _same_continent_twice(problem: Problem, facts: _Facts, layout: Layout) -> str:
    other = facts.other or problem.cards[0]
    assert other.continent is not None  # R12 names two cards of one continent
    return _("{showcase} already shows {continent} ({card}): continents must differ").format(
        showcase=capital(facts.showcase), continent=continent_name(other.continent), card=card_name(other)
    )


def _no_continent_left(problem: Problem, facts: _Facts, layout: Layout) -> str:
    return _("no continent is left for the white card in {showcase}: continents must differ").format(
        showcase=facts.showcase
    )


def _other_continent(problem: Problem, facts: _Facts, layout: Layout) -> str:
    other = facts.other or problem.cards[0]
    assert other.continent is not None  # R13 names two coloured cards
    return _("{showcase} holds {continent}: all its cards share one continent").format(
        showcase=capital(facts.showcase), continent=continent_name(other.continent)
    )


def _claimed_continent(problem: Problem, facts: _Facts, layout: Layout) -> str:
    continent = problem.cards[0].continent
    assert continent is not None  # a claim is a coloured card's (D6)
    return _("another player's {showcase} already holds {continent}: first come, first served").format(
        showcase=facts.showcase, continent=continent_name(continent)
    )


def _every_continent_claimed(problem: Problem, facts: _Facts, layout: Layout) -> str:
    return _("every continent is claimed by other players, so no choice fits the white card")


def _one_decade(problem: Problem, facts: _Facts, layout: Layout) -> str:
    other = facts.other or problem.cards[0]
    assert other.decade is not None  # V1 keeps white cards out of One Decade
    return _("{showcase} holds {decade}: all its cards share one decade").format(
        showcase=capital(facts.showcase), decade=decade_name(other.decade)
    )


def _decade_out_of_range(problem: Problem, facts: _Facts, layout: Layout) -> str:
    players = problem.players or 1
    return ngettext(
        "with {n} player {showcase} takes only the {low}s–{high}s",
        "with {n} players {showcase} takes only the {low}s–{high}s",
        players,
    ).format(n=players, showcase=facts.showcase, low=problem.low, high=problem.limit)


def _decade_twice(problem: Problem, facts: _Facts, layout: Layout) -> str:
    assert problem.value is not None  # the decade both cards share
    return _("{showcase} already holds {decade}: one card per decade").format(
        showcase=capital(facts.showcase), decade=decade_name(problem.value)
    )


def _decade_taken(problem: Problem, facts: _Facts, layout: Layout) -> str:
    assert problem.value is not None  # the decade another player holds
    return _("another player's {showcase} already holds {decade}: one card per decade").format(
        showcase=facts.showcase, decade=decade_name(problem.value)
    )


def _links(problem: Problem, facts: _Facts, layout: Layout) -> str:
    return _(
        "{card} and {other} would stand side by side in {showcase}: "
        "neighbours share a continent or lie within {years} years"
    ).format(card=_year(facts.card), other=_year(facts.other), showcase=facts.showcase, years=problem.limit)


def _between(free: int) -> str:
    if free == 0:
        return _("side by side")
    return ngettext("with {n} free spot between", "with {n} free spots between", free).format(n=free)


#: A gap between two cards refused by its limit: R14's most or V2's least years per step,
#: by the refusal's case; the measured gap and the limit are the refusal's facts.
_GAP_SENTENCES = {
    "at_most": N_("{card} and {other} would be {gap} years apart in {showcase}, {between}: at most {limit}"),
    "at_least": N_("{card} and {other} would be only {gap} years apart in {showcase}, {between}: at least {limit}"),
}


def _gap(problem: Problem, facts: _Facts, layout: Layout) -> str:
    return _(_GAP_SENTENCES[problem.case]).format(
        card=_year(facts.card),
        other=_year(facts.other),
        gap=problem.value,
        showcase=facts.showcase,
        between=_between(facts.free),
        limit=problem.limit,
    )


def _no_year_for_einstein(problem: Problem, facts: _Facts, layout: Layout) -> str:
    return _("no year is left for Einstein between its neighbours in {showcase}").format(showcase=facts.showcase)


#: One sentence per refusal, by its rule id and case (``""``: the rule's only case).
_SENTENCES = {
    ("R10", "taken"): _taken_spot,
    ("R10", "full"): _full,
    ("R2", ""): _one_per_year,
    ("V1", ""): _no_white,
    ("R11", ""): _ascending,
    ("R11", "no_spot_between"): _no_spot_between,
    ("R11", "no_spot_right_of"): _no_spot_right_of,
    ("R11", "no_spot_left_of"): _no_spot_left_of,
    ("R12", "same"): _same_continent_twice,
    ("R12", "count"): _no_continent_left,
    ("R13", "differ"): _other_continent,
    ("R13", "claimed"): _claimed_continent,
    ("R13", "all_claimed"): _every_continent_claimed,
    ("V4", ""): _one_decade,
    ("V6a", "range"): _decade_out_of_range,
    ("V6a", "twice"): _decade_twice,
    ("V6a", "taken"): _decade_taken,
    ("V3", ""): _links,
    ("R14", "at_most"): _gap,
    ("V2", "at_least"): _gap,
    ("R16", ""): _no_year_for_einstein,
}


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
        name = card_name(card) if short else card_with_quoted_subject(card)
        if column is not None:
            # "from the South America column": the column, not where the card's event happened
            text = (
                pgettext("you", "took {card} from the {continent} column")
                if you
                else _("took {card} from the {continent} column")
            ).format(card=name, continent=continent_name(column))
        else:
            text = (pgettext("you", "took {card}") if you else _("took {card}")).format(card=name)
        if card.continent is None:
            return text
        if card.continent is state.vehicles[seat]:
            if column is card.continent:  # taken where the vehicle stands (R7), which stays (R8)
                return (
                    pgettext("you", "{took} (the {vehicle} stayed there)")
                    if you
                    else _("{took} (the {vehicle} stayed there)")
                ).format(took=text, vehicle=vehicle)
            return (
                pgettext("you", "{took} (the {vehicle} stayed in {continent})")
                if you
                else _("{took} (the {vehicle} stayed in {continent})")
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
            spot=spot_in_sentence(layout, action.showcase, action.spot)
        )
    if isinstance(action, ToDepot):
        return pgettext("you", "put it in the Depot") if you else pgettext("done", "put it in the Depot")
    if isinstance(action, EndExhibition):
        # said after the turn's take and move (see joined_actions): why the exhibition ended (R10a)
        return (
            pgettext("you", "as it fit nowhere in the hall, ended the exhibition (the card left the game)")
            if you
            else _("as it fit nowhere in the hall, ended the exhibition (the card left the game)")
        )
    return str(action)


def history_in_words(game: Game, *, short: bool = False, you: Iterable[int] = ()) -> list[str]:
    """:func:`action_in_words` for every action of ``game.history``, oldest first, each
    said from the position it was played in (the game keeps every state it passed); the
    actions of the seats in ``you`` are said to the reader as their own."""
    layout = game.layout
    yours = frozenset(you)
    key = (language(), short, yours)
    before = _SAID.get(key, [])
    said: list[_Said] = []
    for step, state in zip(game.steps, game.states()):
        if step.is_chance:
            continue
        k = len(said)
        if k < len(before) and before[k].is_for(layout, state, step.move):
            said.append(before[k])
        else:
            words = action_in_words_at(layout, state, step.move, short=short, you=state.seat in yours)
            said.append(_Said(layout, state, step.move, words))
    _SAID[key] = said
    return [entry.words for entry in said]


class _Said(NamedTuple):
    """An action said from its position: the same layout, position and move (the very
    objects a game keeps for its past) are said the same way again."""

    layout: Layout
    state: State
    move: Action
    words: str

    def is_for(self, layout: Layout, state: State, move: Action) -> bool:
        return self.layout is layout and self.state is state and self.move is move


#: The history said last, per language, card naming and seats said as "you": every redraw
#: of the app says the whole history again, and a past action's words never change.
_SAID: dict[tuple[str, bool, frozenset[int]], list[_Said]] = {}


def turns_in_words(game: Game, words: Sequence[str], start: int = 0) -> list[tuple[int, str]]:
    """The actions ``history[start:]`` grouped into turns, one sentence each: ``(seat, "Greedy 2
    took 1953 “…” from the Oceania column, moved the Ford to Asia and placed it in Mid Century")``."""
    turns: list[tuple[int, list[str], bool]] = []
    for k, (seat, action) in enumerate(game.history[start:], start):
        if not turns or turns[-1][0] != seat or isinstance(action, Take):
            turns.append((seat, [], False))
        turns[-1][1].append(words[k])
        turns[-1] = (seat, turns[-1][1], isinstance(action, EndExhibition))
    return [
        (seat, _("{name} {actions}").format(name=game.players[seat], actions=joined_actions(parts, ending=ending)))
        for seat, parts, ending in turns
    ]


def joined_actions(parts: Sequence[str], *, ending: bool = False) -> str:
    """A turn's actions in one phrase; the language says how its last action joins the
    others (Spanish: "…a Asia y la puso en…"). ``ending``: the last action ends the
    exhibition, said with its reason ("…a Oceanía; como no entraba en tu sala, terminaste…")."""
    if len(parts) < 2:
        return "".join(parts)
    # Japanese tells each action as its own sentence (…を取った。…へ移動した。…に置いた)
    earlier = pgettext("between a turn's actions", ", ").join(parts[:-1])
    if ending:
        return pgettext("a turn's ending", "{earlier} and, {last}").format(earlier=earlier, last=parts[-1])
    return pgettext("a turn's last action", "{earlier} and {last}").format(earlier=earlier, last=parts[-1])


def ends_exhibition(game: Game, stop: int) -> bool:
    """Whether the turn told up to ``history[stop]`` ends its player's exhibition (R10a)."""
    return stop > 0 and isinstance(game.history[stop - 1][1], EndExhibition)
