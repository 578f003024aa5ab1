"""Pictures and prepared positions for the rules course (``notebooks/01_rules_tour``).

Plain HTML, no widget imports: a turn shown phase by phase, placements tried on a board with
the verdict of the engine in words, and small games set up to show the rare situations (a
white card to take, a continent without cards). The words are those of
:mod:`exhibition_lab.ui.text.course`; each rule's sentence, the project's own wording of
``docs/rules.md``, is its record in :data:`~exhibition_lab.games.exhibition.rules.goals.RULES`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from html import escape

import numpy as np

from ...games.exhibition.game import Game
from ...games.exhibition.rules.cards import CONTINENTS, OPEN_CARDS, Card, Continent, standard_deck
from ...games.exhibition.rules.deal import Deal
from ...games.exhibition.rules.hall import Hall, Problem
from ..render.cards import is_invented
from ..render.css import style
from ..render.halls import hall_body_html
from ..render.tile import market_html
from ..text import course
from ..text.explain import refusal_in_words
from ..text.i18n import DEFAULT_LANGUAGE, language
from ..text.names import card_title, continent_name, invented_subject, spot_name, vehicle_name
from ..text.rules import rule_sentence

Spot = tuple[int, int]

_SPOT_INDEX = re.compile(r" \(spot \d+\)")
#: Where rule ids link to, relative to the notebooks folder (anchors are lowercase ids).
RULES_URL = "../docs/rules.md"
_RULE_ID = re.compile(r"\b([RSVDT]\d+[a-z]?)\b")


def rules_url() -> str:
    """The rules reference in the reader's language, relative to that language's notebooks
    (a Spanish notebook lives one folder deeper, in ``notebooks/es``)."""
    current = language()
    return RULES_URL if current == DEFAULT_LANGUAGE else f"../../docs/rules.{current}.md"


def link_rule_ids(text: str, url: str | None = None) -> str:
    """HTML-escaped ``text`` with every rule id (R11, D7, V6a …) a small link into the rules
    reference, so ids stay behind the words but one click away."""
    url = url or rules_url()
    return _RULE_ID.sub(lambda m: f'<a href="{url}#{m[1].lower()}"><small>{m[1]}</small></a>', escape(text))


def plain_reason(problem: Problem) -> str:
    """A problem in words: the rule's sentence, then the engine's detail, then the id."""
    detail = _SPOT_INDEX.sub("", problem.reason)  # the engine counts spots from 0; readers don't
    sentence = rule_sentence(problem.rule)
    return course.reason_with_rule(sentence, detail, problem.rule)


def reason_at(
    hall: Hall, card: Card, spot: Spot, problem: Problem, others: Sequence[Hall] = (), *, players: int | None = None
) -> str:
    """Why ``card`` may not go to ``spot``: the rule's sentence, then the detail — the engine's
    own in English, the play app's words for the same facts (:func:`refusal_in_words`) in any
    other language."""
    if language() == DEFAULT_LANGUAGE:
        return plain_reason(problem)
    detail = refusal_in_words(problem.at(card, *spot), hall.layout).words
    return course.reason_with_rule(rule_sentence(problem.rule), detail, problem.rule)


class Picture:
    """Some HTML that shows itself in a notebook (and says what it is in plain text)."""

    def __init__(self, html: str, text: str = "a picture") -> None:
        self.html = html
        self.text = text

    def _repr_html_(self) -> str:
        return self.html

    def __repr__(self) -> str:
        return self.text


def _board(caption: str, body: str) -> str:
    return f'{style("board")}<div class="exlab-board"><div class="exlab-caption"><b>{caption}</b></div>{body}</div>'


def tile_picture(game: Game, *, marked: Iterable[Card] = (), caption: str | None = None) -> Picture:
    """The Continents tile of a game, with the vehicles; ``marked`` cards outlined in blue."""
    caption = caption or course.tile()
    body = market_html(game, marked=marked)
    n = game.stock_size
    head = course.tile_with_stock(caption, n)
    return Picture(_board(head, body), caption)


class TurnSteps:
    """The Continents tile after each automatic step of one take: ``take``, ``move``, ``refill``.

    ``before`` is a copy of the game before the take, ``after`` the game after it (and after the
    move, for a white card). The engine does the move and the refill in the same call as the
    take of a coloured card; these pictures take that call apart so a reader sees each phase.
    """

    def __init__(self, before: Game, after: Game) -> None:
        taken = [c for c in before.market_cards if c not in after.market_cards]
        if len(taken) != 1 or after.hand != taken[0]:
            raise ValueError("TurnSteps needs the game just before and just after one take")
        self.card = taken[0]
        self.before, self.after = before, after
        self.taken_at = next(k for k, cards in before.market.items() if self.card in cards)
        self.refilled = [c for c in after.market_cards if c not in before.market_cards]
        self._market_without = {k: tuple(c for c in cards if c != self.card) for k, cards in before.market.items()}

    @property
    def take(self) -> Picture:
        """The tile with the taken card gone, the vehicle where it was."""
        body = market_html(self.before, market=self._market_without, gone={self.taken_at: self.card})
        caption = course.after_take(self.before.current_player, self.card, card_title(self.card))
        return Picture(_board(caption, body), caption)

    @property
    def move(self) -> Picture:
        """The vehicle on its new continent, the gap not yet refilled."""
        body = market_html(self.after, market=self._market_without, gone={self.taken_at: self.card})
        where = continent_name(self.after.vehicles[self.before.current])
        caption = course.after_move(vehicle_name(self.before.current), where)
        return Picture(_board(caption, body), caption)

    @property
    def refill(self) -> Picture:
        """The tile as the game has it now; the card from the stock is outlined in blue."""
        new = ", ".join(f"{c} ({card_title(c)})" for c in self.refilled) or course.refilled_nothing()
        caption = course.after_refill(continent_name(self.taken_at), new)
        body = market_html(self.after, marked=self.refilled)
        return Picture(_board(caption, body), caption)


def try_card(
    hall: Hall,
    card: Card | str,
    spots: Iterable[Spot],
    *,
    others: Mapping[str, Hall] | None = None,
    players: int | None = None,
    owner: str | None = None,
) -> Picture:
    """``card`` tried at each of ``spots``: see :func:`try_cards`."""
    return try_cards(hall, [(card, spot) for spot in spots], others=others, players=players, owner=owner)


def try_cards(
    hall: Hall,
    tries: Iterable[tuple[Card | str, Spot]],
    *,
    others: Mapping[str, Hall] | None = None,
    players: int | None = None,
    owner: str | None = None,
) -> Picture:
    """Cards tried at spots: the hall with each tried spot outlined green (fits), red (refused)
    or blue (several cards tried there with different verdicts), and under it one sentence per
    try with the engine's reason in words.

    ``others`` are the other players' halls by name (One Continent claims, R13); they are
    drawn too.
    """
    others = dict(others or {})
    verdicts: dict[Spot, set[str]] = {}
    lines, names = [], []
    for card, spot in tries:
        card = Card.parse(card) if isinstance(card, str) else card
        problem = hall.placement_problem(card, *spot, tuple(others.values()), players=players)
        where = spot_name(hall.layout, *spot)
        verdicts.setdefault(spot, set()).add("good" if problem is None else "bad")
        subject = invented_subject() if is_invented(card) else card_title(card)
        name = f"{card}" + (f" ({escape(subject)})" if subject else "")
        if name not in names:
            names.append(name)
        if problem is None:
            lines.append(f"<li>{course.try_fits(card, where)}</li>")
        else:
            reason = link_rule_ids(reason_at(hall, card, spot, problem, tuple(others.values()), players=players))
            lines.append(f"<li>{course.try_refused(card, where, reason)}</li>")
    marks = {spot: seen.pop() if len(seen) == 1 else "ask" for spot, seen in verdicts.items()}
    title = course.trying(owner or course.this_hall(), names)
    body = [f"<div><b>{title}</b></div>", hall_body_html(hall, numbered=True, marks=marks)]
    for name, other in others.items():
        whose = course.owners_hall(escape(name))
        body.append(f"<div class='exlab-owner'><b>{whose}</b></div>{hall_body_html(other)}")
    body.append(f"<ul class='exlab-tries'>{''.join(lines)}</ul>")
    return Picture(f'{style("board")}<div class="exlab-board">{"".join(body)}</div>', title)


def game_with_card_at(token: str, continent: Continent | str, players: Sequence[str], *, seed: int = 0) -> Game:
    """A fresh game whose Continents tile holds the deck card ``token`` at ``continent``.

    The rest of the deal is a seeded shuffle of the reference deck; useful to show a rare
    situation (the first player able to take a white card) on an otherwise normal game.
    """
    deck = standard_deck()
    wanted = next((c for c in deck if c.token == token), None)
    if wanted is None:
        raise ValueError(f"the reference deck has no card {token}")
    continent = Continent.parse(continent) if isinstance(continent, str) else continent
    rest = [deck[i] for i in np.random.default_rng(seed).permutation(len(deck)) if deck[i] != wanted]
    groups = [rest[OPEN_CARDS * k : OPEN_CARDS * (k + 1)] for k in range(len(CONTINENTS))]
    k = CONTINENTS.index(continent)
    rest.append(groups[k].pop())  # the card it replaces goes to the bottom of the stock
    groups[k].append(wanted)
    market = tuple(tuple(sorted(g, key=lambda c: c.sort_key)) for g in groups)
    return Game(players, Deal(market, tuple(rest[OPEN_CARDS * len(CONTINENTS) :])))


def game_without_stock(players: Sequence[str]) -> Game:
    """A game played with only the 18 open cards (three of each continent, the oldest): the
    stock is empty from the start, so taken cards are not replaced — as late in a real game."""
    deck = standard_deck()
    market = tuple(
        tuple(sorted([c for c in deck if c.continent is k][:OPEN_CARDS], key=lambda c: c.sort_key)) for k in CONTINENTS
    )
    return Game(players, Deal(market, ()), deck=[c for cards in market for c in cards])
