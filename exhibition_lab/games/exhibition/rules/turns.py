"""The rules of a turn as pure functions of a state (R6–R10c, R19, D3, D4).

A :class:`State` is one immutable snapshot of a game; :func:`legal_actions` lists what the
player to move may do in it and :func:`next_state` returns the snapshot after one action,
leaving the given one untouched. Nothing here keeps history or draws random numbers:
:class:`~exhibition_lab.games.exhibition.game.Game` wraps these functions with history, undo, views and save
files, and :mod:`exhibition_lab.games.exhibition.arrays.engine` is their batch counterpart (the shape of pgx's
``step(state, action)`` and OpenSpiel's ``apply_action``).

>>> from exhibition_lab.games.exhibition.rules.deal import deal_cards
>>> from exhibition_lab.games.exhibition.rules.cards import standard_deck
>>> import numpy as np
>>> setup = Setup(("Ann", "Bob"))
>>> state = start_state(setup, deal_cards(standard_deck(), 2, np.random.default_rng(7), secret_decades=False))
>>> take = legal_actions(setup, state)[0]
>>> after = next_state(setup, state, take)
>>> after.phase in (Phase.MOVE, Phase.PLACE), after.hand == take.card, state.hand is None
(True, True, True)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import NamedTuple

from ....core.errors import IllegalAction
from .actions import Action, EndExhibition, Move, Place, Take, ToDepot
from .cards import CONTINENTS, Card, Continent
from .deal import START_CONTINENTS, Deal
from .hall import Hall
from .layout import Layout


class Phase(Enum):
    """Where the current turn stands (R7–R10)."""

    TAKE = "take"  # R7
    MOVE = "move"  # R8, only after a white card
    PLACE = "place"  # R10
    OVER = "over"  # R10c / D4

    def __str__(self) -> str:
        return self.value


class State(NamedTuple):
    """One immutable snapshot of a game: everything the rules of a turn read or change.

    ``market`` holds each continent's open cards in :data:`~exhibition_lab.games.exhibition.rules.cards.CONTINENTS`
    order, sorted by year; ``stock`` is top card first; ``taken_at`` is where the card in
    ``hand`` was taken (the refill goes there, R9); ``six_round`` is the round in which each
    seat first had all six continents in its hall (R19).
    """

    stock: tuple[Card, ...]
    market: tuple[tuple[Card, ...], ...]
    vehicles: tuple[Continent, ...]
    halls: tuple[Hall, ...]
    final: tuple[bool, ...]
    discard: tuple[Card, ...]
    six_round: tuple[int | None, ...]
    seat: int = 0
    phase: Phase = Phase.TAKE
    hand: Card | None = None
    taken_at: Continent | None = None
    round: int = 1
    turn: int = 1


@dataclass(frozen=True, slots=True)
class Setup:
    """What stays fixed during a game: the seats' names (R4) and the hall layout (R3, V1)."""

    players: tuple[str, ...]
    layout: Layout = field(default_factory=Layout.base)

    @property
    def n_players(self) -> int:
        return len(self.players)


def start_state(setup: Setup, deal: Deal) -> State:
    """The state after set-up (R5, R6): empty halls, vehicles on their start continents."""
    n = setup.n_players
    return State(
        stock=deal.stock,
        market=deal.market,
        vehicles=START_CONTINENTS[:n],  # R6
        halls=(Hall(setup.layout),) * n,
        final=(False,) * n,
        discard=(),
        six_round=(None,) * n,
    )


def other_halls(state: State, seat: int | None = None) -> tuple[Hall, ...]:
    """The halls of every seat but ``seat`` (default: the one to move)."""
    seat = state.seat if seat is None else seat
    return state.halls[:seat] + state.halls[seat + 1 :]


def takeable(state: State) -> list[Card]:
    """The open cards the player to move may take (R7)."""
    here = state.market[state.vehicles[state.seat].index]
    if here:
        return list(here)
    # R7: with no card at the vehicle's continent, any open card may be taken.
    return [card for cards in state.market for card in cards]


def legal_actions(setup: Setup, state: State) -> list[Action]:
    """Exactly the allowed actions, in a fixed order: takes by continent then year, moves in
    tile order, places in layout order, then depot, then end; none once the game is over."""
    if state.phase is Phase.TAKE:
        return [Take(card) for card in takeable(state)]
    if state.phase is Phase.MOVE:
        return [Move(c) for c in CONTINENTS]
    if state.phase is Phase.PLACE:
        hall = state.halls[state.seat]
        spots = hall.legal_spots(state.hand, other_halls(state), players=setup.n_players)
        actions: list[Action] = [Place(s, i) for s, i in spots]
        if not hall.depot_full:
            actions.append(ToDepot())
        if not spots:
            actions.append(EndExhibition())
        return actions
    return []


_EXPECTED = {
    Phase.TAKE: "take a card (R7)",
    Phase.MOVE: "move the vehicle (R8)",
    Phase.PLACE: "place the card (R10)",
}


def next_state(setup: Setup, state: State, action: Action, *, trusted: bool = False) -> State:
    """The state after ``action``; ``state`` itself is never changed.

    Raises :class:`IllegalAction` (with ``.rule``) when the action is not allowed in
    ``state``. ``trusted=True`` skips re-checking a placement or an end that
    :func:`legal_actions` produced for this very state (the fast path of bots and search).

    >>> from exhibition_lab import Game, parse_action
    >>> game = Game.new(1, seed=7)
    >>> next_state(game.setup, game.state, parse_action("depot"))
    Traceback (most recent call last):
    ...
    exhibition_lab.core.errors.IllegalAction: R10: depot is not possible now; You must take a card (R7)
    >>> take = legal_actions(game.setup, game.state)[0]
    >>> next_state(game.setup, game.state, take).hand == take.card, game.state.hand is None
    (True, True)
    """
    if state.phase is Phase.OVER:
        raise IllegalAction(f"R10c: the game is over; {action} is not possible", rule="R10c")
    handler, phase, rule = _HANDLERS[type(action)]
    if state.phase is not phase:
        player = setup.players[state.seat]
        raise IllegalAction(f"{rule}: {action} is not possible now; {player} must {_EXPECTED[state.phase]}", rule=rule)
    return handler(setup, state, action, trusted)


def _take(setup: Setup, st: State, action: Take, trusted: bool) -> State:
    card = action.card
    where = next((k for k, cards in enumerate(st.market) if card in cards), None)
    if where is None:
        raise IllegalAction(f"R7: {card} is not on the Continents tile", rule="R7")
    if card not in takeable(st):
        vehicle = st.vehicles[st.seat]
        options = " ".join(c.token for c in st.market[vehicle.index])
        raise IllegalAction(
            f"R7: {setup.players[st.seat]}'s vehicle stands on {vehicle.title}; take one of {options}, not {card}",
            rule="R7",
        )
    market = list(st.market)
    market[where] = tuple(c for c in market[where] if c != card)
    st = st._replace(market=tuple(market), hand=card, taken_at=CONTINENTS[where])
    if card.is_white:
        return st._replace(phase=Phase.MOVE)  # R8: the player chooses where to go
    return _refill(_move_vehicle(st, card.continent))


def _move(setup: Setup, st: State, action: Move, trusted: bool) -> State:
    return _refill(_move_vehicle(st, action.continent))


def _place(setup: Setup, st: State, action: Place, trusted: bool) -> State:
    hall = st.halls[st.seat]
    if trusted:
        hall = hall.with_card(st.hand, action.showcase, action.spot)
    else:
        hall = hall.place(st.hand, action.showcase, action.spot, other_halls(st), players=setup.n_players)
    st = _with_hall(st, hall)
    if st.six_round[st.seat] is None and hall.has_all_continents:
        six = list(st.six_round)
        six[st.seat] = st.round
        st = st._replace(six_round=tuple(six))
    if hall.is_full:
        st = _with_final(st, st.seat)  # R10b
    return _end_turn(st)


def _to_depot(setup: Setup, st: State, action: ToDepot, trusted: bool) -> State:
    hall = st.halls[st.seat].add_to_depot(st.hand)
    return _end_turn(_with_hall(st, hall))


def _end_exhibition(setup: Setup, st: State, action: EndExhibition, trusted: bool) -> State:
    spots = () if trusted else st.halls[st.seat].legal_spots(st.hand, other_halls(st), players=setup.n_players)
    if spots:
        raise IllegalAction(
            f"R10a: {st.hand} still fits the hall at {spots[0]}; the exhibition may end only "
            "with a card that fits no hall spot",
            rule="R10a",
        )
    st = st._replace(discard=st.discard + (st.hand,))  # D3
    return _end_turn(_with_final(st, st.seat))


def _end_turn(st: State) -> State:
    st = st._replace(hand=None, taken_at=None)
    if all(st.final):
        return st._replace(phase=Phase.OVER)
    if not any(st.market):
        # D4: no card can be taken any more; every open exhibition becomes final.
        return st._replace(final=(True,) * len(st.final), phase=Phase.OVER)
    n = len(st.final)
    following = [(st.seat + k) % n for k in range(1, n + 1)]
    nxt = next(s for s in following if not st.final[s])  # R10c: final seats are skipped
    wrapped = nxt <= st.seat
    return st._replace(seat=nxt, phase=Phase.TAKE, round=st.round + wrapped, turn=st.turn + 1)


def _move_vehicle(st: State, continent: Continent) -> State:
    vehicles = list(st.vehicles)
    vehicles[st.seat] = continent
    return st._replace(vehicles=tuple(vehicles), phase=Phase.PLACE)


def _refill(st: State) -> State:
    """R9: the top stock card goes where the card was taken; skipped on an empty stock."""
    if not st.stock:
        return st
    where = st.taken_at.index
    market = list(st.market)
    market[where] = tuple(sorted(market[where] + (st.stock[0],), key=lambda c: c.sort_key))
    return st._replace(market=tuple(market), stock=st.stock[1:])


def _with_hall(st: State, hall: Hall) -> State:
    halls = list(st.halls)
    halls[st.seat] = hall
    return st._replace(halls=tuple(halls))


def _with_final(st: State, seat: int) -> State:
    final = list(st.final)
    final[seat] = True
    return st._replace(final=tuple(final))


_HANDLERS = {
    Take: (_take, Phase.TAKE, "R7"),
    Move: (_move, Phase.MOVE, "R8"),
    Place: (_place, Phase.PLACE, "R10"),
    ToDepot: (_to_depot, Phase.PLACE, "R10"),
    EndExhibition: (_end_exhibition, Phase.PLACE, "R10a"),
}
