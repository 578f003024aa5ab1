"""The rules of a game as pure functions of a state (R4–R10c, R19, V7, D3, D4), on the
game protocol of :mod:`exhibition_lab.core.protocol`.

A :class:`State` is one immutable snapshot of a game. :class:`Setup` — the seats, the
layout, the deck and the variants — is the game's :class:`~exhibition_lab.core.protocol.Rules`:
:meth:`Setup.legal_moves` lists what may happen in a state and :meth:`Setup.next_state`
returns the snapshot after it, leaving the given one untouched.

Chance is explicit. The stock is the *set* of cards out of sight (in deck order, never an
order of draws); dealing the tile (R5), each refill (R9) and each Secret Decade card (V7) is
a chance node whose outcomes are the cards (or decades) that may come, all equally likely.
A game dealt from a shuffled deck — :class:`~exhibition_lab.game.Game` — is one way to
draw them; a search that samples another order is another.

>>> from exhibition_lab.games.exhibition.rules.deal import deal_cards
>>> from exhibition_lab.games.exhibition.rules.cards import standard_deck
>>> import numpy as np
>>> setup = Setup(("Ann", "Bob"))
>>> state = start_state(setup, deal_cards(standard_deck(), 2, np.random.default_rng(7), secret_decades=False))
>>> take = legal_actions(setup, state)[0]
>>> after = next_state(setup, state, take)
>>> after.phase in (Phase.MOVE, Phase.REFILL), after.hand == take.card, state.hand is None
(True, True, True)
>>> setup.current_player(after) if after.phase is Phase.REFILL else CHANCE  # the refill is chance (R9)
-1
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import Enum
from functools import cached_property
from typing import Any, NamedTuple

import numpy as np

from ....core.errors import ArgumentError, IllegalAction
from ....core.protocol import CHANCE, TERMINAL, GameInfo, Rules
from .actions import (
    ActionSpace,
    DealDecade,
    Draw,
    EndExhibition,
    Event,
    Move,
    Place,
    Take,
    ToDepot,
    parse_event,
)
from .cards import CONTINENTS, OPEN_CARDS, TILE_CARDS, Card, Continent, standard_deck
from .deal import DECADES, START_CONTINENTS, Deal, player_names
from .hall import DEPOT_SIZE, Hall
from .layout import Layout
from .scoring import SOLO_SCALE, ScoreSheet, SoloRules, score_halls, solo_score

#: What :meth:`Setup.returns` gives each seat (see :class:`Setup`).
UTILITIES = ("margin", "win", "score")


class Phase(Enum):
    """Where the game stands: dealing (chance), a turn's steps (R7–R10), or over."""

    DEAL = "deal"  # R5: the tile is dealt card by card (chance)
    DECADES = "decades"  # V7: each seat is dealt a Secret Decade card (chance)
    TAKE = "take"  # R7
    MOVE = "move"  # R8, only after a white card
    REFILL = "refill"  # R9: the card that comes from the stock (chance)
    PLACE = "place"  # R10
    OVER = "over"  # R10c / D4

    # Members are singletons: identity hashing is exact and much faster than Enum's.
    __hash__ = object.__hash__

    def __str__(self) -> str:
        return self.value

    @property
    def is_chance(self) -> bool:
        return self is Phase.REFILL or self is Phase.DEAL or self is Phase.DECADES


class State(NamedTuple):
    """One immutable snapshot of a game: everything the rules read or change.

    ``stock`` is the set of cards out of sight, in deck order (what may still come, never
    the order it comes in); ``market`` holds each continent's open cards in
    :data:`~exhibition_lab.CONTINENTS` order, sorted by year; ``taken_at`` is where
    the card in ``hand`` was taken (the refill goes there, R9); ``six_round`` is the round
    in which each seat first had all six continents in its hall (R19);
    ``secret_decades`` holds each seat's Secret Decade (V7; ``None`` without the variant,
    shorter while they are being dealt).
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
    secret_decades: tuple[int | None, ...] | None = None


@dataclass(frozen=True, slots=True)
class PlayerView:
    """What one seat may know: the stock only as a count and the set of unseen cards, the
    other seats' Secret Decades only once the game is over (V7)."""

    seat: int
    players: tuple[str, ...]
    layout: Layout
    market: dict[Continent, tuple[Card, ...]]
    vehicles: tuple[Continent, ...]
    halls: tuple[Hall, ...]
    final: tuple[bool, ...]
    discard: tuple[Card, ...]
    stock_size: int
    unseen: tuple[Card, ...]  # the stock as a set, in deck order: what may still appear
    current: int
    phase: Phase
    hand: Card | None
    round: int
    secret_decades: tuple[int | None, ...] | None
    six_round: tuple[int | None, ...]
    taken_at: Continent | None = None  # where the card in hand came from (refill, R9)
    turn: int = 1

    @property
    def hall(self) -> Hall:
        return self.halls[self.seat]

    @property
    def others(self) -> tuple[Hall, ...]:
        return self.halls[: self.seat] + self.halls[self.seat + 1 :]


@dataclass(frozen=True)
class Setup(Rules[State, Event, PlayerView]):
    """What stays fixed during a game — the seats' names (R4), the hall layout (R3, V1),
    the deck (R2), whether Secret Decades are dealt (V7), the solo Mid Century reading
    (S6, D11) — and, as the game's rules, everything that follows from them.

    ``utility`` picks :meth:`returns`: ``"margin"`` (the default) gives each seat its
    fame minus the best other seat's (its ×100 total in solo); ``"win"`` gives the winners
    (R26 deciding equal totals) an equal share of 1; ``"score"`` gives each seat its total.
    """

    players: tuple[str, ...]
    layout: Layout = field(default_factory=Layout.base)
    deck: tuple[Card, ...] = field(default_factory=standard_deck, repr=False)
    secret_decades: bool = False
    solo_rules: SoloRules = field(default_factory=SoloRules)
    utility: str = "margin"

    name = "exhibition"

    def __post_init__(self) -> None:
        if not isinstance(self.players, tuple) or player_names(self.players) != self.players:
            raise ArgumentError(f"a game's players are a tuple of names, not {self.players!r:.60}")
        if not isinstance(self.layout, Layout):
            raise ArgumentError(f"a layout is a Layout (Layout.base(), …), not {self.layout!r:.60}")
        if len(self.deck) < TILE_CARDS:
            raise ArgumentError(f"a deck needs at least {TILE_CARDS} cards to deal the Continents tile (R5)", rule="R5")
        if self.utility not in UTILITIES:
            raise ArgumentError(f"utility is one of {', '.join(UTILITIES)}, not {self.utility!r}")

    @property
    def n_players(self) -> int:
        return len(self.players)

    @cached_property
    def space(self) -> ActionSpace:
        """The integer ids of actions and chance outcomes."""
        return ActionSpace(self.deck, self.layout.sizes)

    @cached_property
    def _deck_order(self) -> dict[Card, int]:
        return {card: k for k, card in enumerate(self.deck)}

    def unseen(self, cards: Iterable[Card]) -> tuple[Card, ...]:
        """``cards`` as a stock: the set in deck order (the deck's own card objects are
        found by identity, others by equality)."""
        cards = tuple(cards)
        ids = set(map(id, cards))
        found = tuple([c for c in self.deck if id(c) in ids])
        if len(found) == len(cards):
            return found
        return tuple(sorted(cards, key=self._deck_order.__getitem__))

    @staticmethod
    def without(stock: tuple[Card, ...], card: Card) -> tuple[Card, ...] | None:
        """``stock`` without ``card``, or ``None`` when it is not there. Cards drawn from a
        deal are the deck's own objects, so identity finds them at once (a refill happens
        every turn, R9); an equal card of another object is found by equality."""
        kept = tuple([c for c in stock if c is not card])
        if len(kept) == len(stock) - 1:
            return kept
        if card not in stock:
            return None
        k = stock.index(card)
        return stock[:k] + stock[k + 1 :]

    # ------------------------------------------------------------------ protocol: facts
    @cached_property
    def max_decisions(self) -> int:
        """The most decisions a game can hold (chance outcomes not counted). A seat takes at
        most as many turns as it has hall spots and Depot places: each turn fills one, and the
        turn that ends an exhibition early (R10a) leaves a hall spot empty (R10b, R10c); no more
        turns than cards either (D4). A turn is a take (R7) and a placement (R10), and a white
        card adds the choice of a continent (R8). A solo game reaches it."""
        turns = min(self.n_players * (self.layout.n_spots + DEPOT_SIZE), len(self.deck))
        return 2 * turns + sum(card.is_white for card in self.deck)

    @cached_property
    def info(self) -> GameInfo:
        n = self.n_players
        turns = self.layout.n_spots + DEPOT_SIZE + 1  # R10a, R10b: at most this many turns per seat
        low, high = self._utility_range()
        return GameInfo(
            num_players=n,
            num_distinct_actions=self.space.size,
            max_chance_outcomes=max(len(self.deck), len(DECADES)),
            max_game_length=TILE_CARDS + n + n * turns * 4,  # deal, decades, take/move/refill/place
            min_utility=low,
            max_utility=high,
            utility_sum=1.0 if self.utility == "win" else None,
        )

    def _utility_range(self) -> tuple[float, float]:
        if self.utility == "win":
            return 0.0, 1.0
        spots = self.layout.n_spots
        worst = -(spots + DEPOT_SIZE)  # R24, R25
        best = 2 * len(DECADES) + 3 * spots + 5 + 5  # R19–R23 and V7, generously
        if self.n_players == 1:
            rules = self.solo_rules
            mid = (rules.base - rules.per_year * rules.empty_distance, rules.base)
            return worst * SOLO_SCALE + min(mid), best * SOLO_SCALE + max(mid)
        if self.utility == "score":
            return float(worst), float(best)
        return float(worst - best), float(best - worst)

    # ------------------------------------------------------------------ protocol: play
    def initial(self) -> State:
        """Before the deal: every card in the stock, an empty tile (R5)."""
        n = self.n_players
        return State(
            stock=self.deck,
            market=((),) * len(CONTINENTS),
            vehicles=START_CONTINENTS[:n],  # R6
            halls=(Hall(self.layout),) * n,
            final=(False,) * n,
            discard=(),
            six_round=(None,) * n,
            phase=Phase.DEAL,
            secret_decades=() if self.secret_decades else None,
        )

    def current_player(self, state: State) -> int:
        phase = state.phase
        if phase is Phase.TAKE or phase is Phase.PLACE or phase is Phase.MOVE:
            return state.seat
        return TERMINAL if phase is Phase.OVER else CHANCE

    def legal_moves(self, state: State) -> list[Event]:
        return legal_actions(self, state)

    def next_state(self, state: State, move: Event) -> State:
        return next_state(self, state, move)

    def next_trusted(self, state: State, move: Event) -> State:
        return next_state(self, state, move, trusted=True)

    def returns(self, state: State) -> tuple[float, ...]:
        sheet = score_state(self, state)
        totals = [float(sheet[name].total) for name in self.players]
        if self.n_players == 1 or self.utility == "score":
            return tuple(totals)
        if self.utility == "win":
            winners = sheet.winners
            return tuple(1.0 / len(winners) if name in winners else 0.0 for name in self.players)
        return tuple(t - max(totals[:k] + totals[k + 1 :]) for k, t in enumerate(totals))

    def view(self, state: State, seat: int) -> PlayerView:
        return player_view(self, state, seat)

    def resample(self, state: State, seat: int, rng: np.random.Generator) -> State:
        """The same state with the other seats' Secret Decades drawn anew from the decades
        ``seat`` cannot see (V7); nothing else is hidden, the stock being a set."""
        decades = state.secret_decades
        if decades is None or state.phase is Phase.OVER:
            return state
        return state._replace(secret_decades=redraw_decades(decades, seat, rng))

    def encode(self, state: State, move: Event) -> int:
        return self.space.encode(move)

    def decode(self, state: State, action: int) -> Event:
        if state.phase is Phase.DECADES:
            return self.space.decode_decade(action)
        if state.phase.is_chance:
            return self.space.decode_draw(action)
        return self.space.decode_action(action)

    def parse_move(self, state: State, text: str) -> Event:
        return parse_event(text)


def redraw_decades(
    decades: tuple[int | None, ...], seat: int | None, rng: np.random.Generator
) -> tuple[int | None, ...]:
    """Every Secret Decade but ``seat``'s drawn anew from the decades nobody is known to
    hold (V7): one each, all different. ``None`` entries (not known) are drawn too."""
    keep = {seat} if seat is not None and seat < len(decades) and decades[seat] is not None else set()
    known = {decades[s] for s in keep}
    free = [d for d in DECADES if d not in known]
    drawn = iter(free[i] for i in rng.permutation(len(free)))
    return tuple(d if s in keep else next(drawn) for s, d in enumerate(decades))


def determinise(view: PlayerView, rng: np.random.Generator) -> tuple[Setup, State, tuple[Card, ...]]:
    """One world the view allows: the setup of the cards it accounts for (its deck, sorted),
    the state with the unseen stock in an order drawn from ``rng`` and the other seats'
    Secret Decades drawn anew (V7), and that stock order (for search and playouts)."""
    order = tuple(view.unseen[i] for i in rng.permutation(len(view.unseen)))
    decades = None if view.secret_decades is None else redraw_decades(view.secret_decades, view.seat, rng)
    market = tuple(view.market[c] for c in CONTINENTS)
    known = [c for cards in market for c in cards] + list(order) + list(view.discard)
    known += [c for hall in view.halls for c in hall.cards()] + ([view.hand] if view.hand else [])
    deck = tuple(sorted(known, key=lambda c: c.sort_key))
    setup = Setup(view.players, view.layout, deck, secret_decades=decades is not None)
    state = State(
        stock=setup.unseen(order),
        market=market,
        vehicles=view.vehicles,
        halls=view.halls,
        final=view.final,
        discard=view.discard,
        six_round=view.six_round,
        seat=view.current,
        phase=view.phase,
        hand=view.hand,
        taken_at=view.taken_at,
        round=view.round,
        turn=view.turn,
        secret_decades=decades,
    )
    return setup, state, order


def start_state(setup: Setup, deal: Deal) -> State:
    """The state after set-up (R5, R6, V7): the state :meth:`Setup.initial` reaches once the
    deal's chance outcomes are played, built at once."""
    n = setup.n_players
    return State(
        stock=setup.unseen(deal.stock),
        market=deal.market,
        vehicles=START_CONTINENTS[:n],  # R6
        halls=(Hall(setup.layout),) * n,
        final=(False,) * n,
        discard=(),
        six_round=(None,) * n,
        secret_decades=deal.secret_decades,
    )


def dealing_outcomes(deal: Deal) -> list[Event]:
    """The chance outcomes that deal ``deal`` from :meth:`Setup.initial`: the tile card by
    card (three per continent, in tile order), then each seat's Secret Decade."""
    events: list[Event] = [Draw(card) for cards in deal.market for card in cards]
    if deal.secret_decades is not None:
        events += [DealDecade(d) for d in deal.secret_decades]
    return events


class DealOrder:
    """A chance source that plays a dealt order: the tile and Secret Decades of ``deal``,
    then each refill from the top of ``deal.stock`` (R5, R9, V7). A seeded shuffle of the
    deck — :func:`~exhibition_lab.deal.deal_cards` — fixes every chance outcome of a game."""

    __slots__ = ("_deal", "_tile")

    def __init__(self, deal: Deal) -> None:
        self._deal = deal
        self._tile = [card for cards in deal.market for card in cards]

    def __call__(self, state: State) -> Event:
        if state.phase is Phase.DEAL:
            return Draw(self._tile[sum(len(cards) for cards in state.market)])
        if state.phase is Phase.DECADES:
            assert self._deal.secret_decades is not None and state.secret_decades is not None
            return DealDecade(self._deal.secret_decades[len(state.secret_decades)])
        # R9: refills come from the top of the dealt stock, in order
        return Draw(self._deal.stock[len(self._deal.stock) - len(state.stock)])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DealOrder) and other._deal == self._deal

    def __hash__(self) -> int:
        return hash(self._deal)


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


def legal_actions(setup: Setup, state: State) -> list[Event]:
    """Exactly what may happen, in a fixed order: takes by continent then year, moves in
    tile order, places in layout order, then depot, then end; at a chance node the cards
    (or decades) that may come, in deck order; nothing once the game is over."""
    phase = state.phase
    if phase is Phase.TAKE:
        return [Take(card) for card in takeable(state)]
    if phase is Phase.PLACE:
        hall = state.halls[state.seat]
        assert state.hand is not None  # R10 follows R7
        spots = hall.legal_spots(state.hand, other_halls(state), players=setup.n_players)
        actions: list[Event] = [Place(s, i) for s, i in spots]
        if not hall.depot_full:
            actions.append(ToDepot())
        if not spots:
            actions.append(EndExhibition())
        return actions
    if phase is Phase.MOVE:
        return [Move(c) for c in CONTINENTS]
    if phase is Phase.REFILL or phase is Phase.DEAL:
        return [Draw(card) for card in state.stock]
    if phase is Phase.DECADES:
        dealt = set(state.secret_decades or ())
        return [DealDecade(d) for d in DECADES if d not in dealt]
    return []


_EXPECTED = {
    Phase.TAKE: "take a card (R7)",
    Phase.MOVE: "move the vehicle (R8)",
    Phase.PLACE: "place the card (R10)",
}


def next_state(setup: Setup, state: State, action: Event, *, trusted: bool = False) -> State:
    """The state after ``action`` (a seat's action or a chance outcome); ``state`` itself is
    never changed.

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
    handler, phases, rule = _HANDLERS[type(action)]
    if state.phase not in phases:
        if state.phase.is_chance:
            raise IllegalAction(
                f"{rule}: {action} is not possible now; a card is being dealt ({state.phase})", rule=rule
            )
        player = setup.players[state.seat]
        raise IllegalAction(f"{rule}: {action} is not possible now; {player} must {_EXPECTED[state.phase]}", rule=rule)
    return handler(setup, state, action, trusted)


def _take(setup: Setup, st: State, action: Take, trusted: bool) -> State:
    card = action.card
    where = _column_of(st.market, card)
    if where is None:
        raise IllegalAction(f"R7: {card} is not on the Continents tile", rule="R7")
    if not trusted and card not in takeable(st):
        vehicle = st.vehicles[st.seat]
        options = " ".join(c.token for c in st.market[vehicle.index])
        raise IllegalAction(
            f"R7: {setup.players[st.seat]}'s vehicle stands on {vehicle.title}; take one of {options}, not {card}",
            rule="R7",
        )
    market = st.market
    column = tuple([c for c in market[where] if c is not card])
    if len(column) == len(market[where]):  # an equal card of another object
        column = tuple(c for c in market[where] if c != card)
    market = (*market[:where], column, *market[where + 1 :])
    if card.is_white:  # R8: the player chooses where to go
        return st._replace(market=market, hand=card, taken_at=CONTINENTS[where], phase=Phase.MOVE)
    vehicles = _with_vehicle(st, card.continent)
    phase = Phase.REFILL if st.stock else Phase.PLACE  # R9 after R8: the refill is chance
    return st._replace(market=market, hand=card, taken_at=CONTINENTS[where], vehicles=vehicles, phase=phase)


def _column_of(market: tuple[tuple[Card, ...], ...], card: Card) -> int | None:
    """The continent whose open cards hold ``card`` (identity first: the cards in play are
    the deck's own objects)."""
    for k, cards in enumerate(market):
        for c in cards:
            if c is card:
                return k
    return next((k for k, cards in enumerate(market) if card in cards), None)


def _move(setup: Setup, st: State, action: Move, trusted: bool) -> State:
    phase = Phase.REFILL if st.stock else Phase.PLACE  # R9 after R8: the refill is chance
    return st._replace(vehicles=_with_vehicle(st, action.continent), phase=phase)


def _draw(setup: Setup, st: State, action: Draw, trusted: bool) -> State:
    card = action.card
    stock = setup.without(st.stock, card)
    if stock is None:
        raise IllegalAction(f"R9: {card} is not in the stock, so it cannot come from it", rule="R9")
    market = st.market
    if st.phase is Phase.DEAL:
        where = sum(len(cards) for cards in market) // OPEN_CARDS  # R5: three cards per continent, in tile order
        market = (*market[:where], _insert_sorted(market[where], card), *market[where + 1 :])
        if where == len(CONTINENTS) - 1 and len(market[where]) == OPEN_CARDS:
            phase = Phase.DECADES if st.secret_decades is not None else Phase.TAKE
            return st._replace(market=market, stock=stock, phase=phase)
        return st._replace(market=market, stock=stock)
    assert st.taken_at is not None  # a refill follows a take (R9)
    where = st.taken_at.index
    market = (*market[:where], _insert_sorted(market[where], card), *market[where + 1 :])
    return st._replace(market=market, stock=stock, phase=Phase.PLACE)


def _insert_sorted(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``cards`` (sorted by year, Einstein last) with ``card`` in its place (R5, R9)."""
    year = card.year
    if year is not None:
        for k, c in enumerate(cards):
            if c.year is None or year < c.year:
                return (*cards[:k], card, *cards[k:])
    return (*cards, card)


def _deal_decade(setup: Setup, st: State, action: DealDecade, trusted: bool) -> State:
    dealt = st.secret_decades or ()
    if action.decade not in DECADES or action.decade in dealt:
        raise IllegalAction(
            f"V7: {action.decade} is not a Secret Decade card still to deal (1900 … 1990, each once)", rule="V7"
        )
    decades = (*dealt, action.decade)
    return st._replace(secret_decades=decades, phase=Phase.TAKE if len(decades) == setup.n_players else Phase.DECADES)


def _place(setup: Setup, st: State, action: Place, trusted: bool) -> State:
    seat = st.seat
    hall = st.halls[seat]
    assert st.hand is not None  # R10 follows R7
    if trusted:
        hall = hall.with_card(st.hand, action.showcase, action.spot)
    else:
        hall = hall.place(st.hand, action.showcase, action.spot, other_halls(st), players=setup.n_players)
    six_round = st.six_round
    if six_round[seat] is None and hall.has_all_continents:  # R19: the round it happened in
        six_round = (*six_round[:seat], st.round, *six_round[seat + 1 :])
    final = _with_final(st.final, seat) if hall.is_full else st.final  # R10b
    return _end_turn(st, _with_hall(st, hall), final, six_round=six_round)


def _to_depot(setup: Setup, st: State, action: ToDepot, trusted: bool) -> State:
    assert st.hand is not None
    hall = st.halls[st.seat].add_to_depot(st.hand)
    return _end_turn(st, _with_hall(st, hall), st.final)


def _end_exhibition(setup: Setup, st: State, action: EndExhibition, trusted: bool) -> State:
    assert st.hand is not None
    spots = () if trusted else st.halls[st.seat].legal_spots(st.hand, other_halls(st), players=setup.n_players)
    if spots:
        raise IllegalAction(
            f"R10a: {st.hand} still fits the hall at {spots[0]}; the exhibition may end only "
            "with a card that fits no hall spot",
            rule="R10a",
        )
    return _end_turn(st, st.halls, _with_final(st.final, st.seat), discard=(*st.discard, st.hand))  # D3


def _end_turn(
    st: State,
    halls: tuple[Hall, ...],
    final: tuple[bool, ...],
    *,
    six_round: tuple[int | None, ...] | None = None,
    discard: tuple[Card, ...] | None = None,
) -> State:
    """The turn is over: the next seat whose exhibition is not final takes the next turn
    (R10c), or the game ends (R10c, D4)."""
    six_round = st.six_round if six_round is None else six_round
    discard = st.discard if discard is None else discard
    if all(final) or not any(st.market):
        # D4: with no card left to take, every open exhibition becomes final too.
        return st._replace(
            halls=halls,
            final=(True,) * len(final),
            hand=None,
            taken_at=None,
            phase=Phase.OVER,
            six_round=six_round,
            discard=discard,
        )
    n, seat = len(final), st.seat
    nxt = seat
    for k in range(1, n + 1):
        nxt = (seat + k) % n
        if not final[nxt]:  # R10c: final seats are skipped
            break
    wrapped = nxt <= seat
    return st._replace(
        halls=halls,
        final=final,
        hand=None,
        taken_at=None,
        seat=nxt,
        phase=Phase.TAKE,
        round=st.round + wrapped,
        turn=st.turn + 1,
        six_round=six_round,
        discard=discard,
    )


def _with_vehicle(st: State, continent: Continent | None) -> tuple[Continent, ...]:
    assert continent is not None
    seat = st.seat
    return (*st.vehicles[:seat], continent, *st.vehicles[seat + 1 :])


def _with_hall(st: State, hall: Hall) -> tuple[Hall, ...]:
    seat = st.seat
    return (*st.halls[:seat], hall, *st.halls[seat + 1 :])


def _with_final(final: tuple[bool, ...], seat: int) -> tuple[bool, ...]:
    return (*final[:seat], True, *final[seat + 1 :])


_Handler = Callable[[Setup, State, Any, bool], State]
_HANDLERS: dict[type, tuple[_Handler, frozenset[Phase], str]] = {
    Take: (_take, frozenset({Phase.TAKE}), "R7"),
    Move: (_move, frozenset({Phase.MOVE}), "R8"),
    Place: (_place, frozenset({Phase.PLACE}), "R10"),
    ToDepot: (_to_depot, frozenset({Phase.PLACE}), "R10"),
    EndExhibition: (_end_exhibition, frozenset({Phase.PLACE}), "R10a"),
    Draw: (_draw, frozenset({Phase.DEAL, Phase.REFILL}), "R9"),
    DealDecade: (_deal_decade, frozenset({Phase.DECADES}), "V7"),
}


# ---------------------------------------------------------------------- views and scores
def player_view(setup: Setup, state: State, seat: int) -> PlayerView:
    """What ``seat`` may see of ``state`` (R5, V7): other seats' Secret Decades stay hidden
    until the game is over."""
    decades = state.secret_decades
    if decades is not None and state.phase is not Phase.OVER:
        decades = tuple(d if s == seat else None for s, d in enumerate(decades))
    return PlayerView(
        seat=seat,
        players=setup.players,
        layout=setup.layout,
        market=dict(zip(CONTINENTS, state.market, strict=True)),
        vehicles=state.vehicles,
        halls=state.halls,
        final=state.final,
        discard=state.discard,
        stock_size=len(state.stock),
        unseen=state.stock,
        current=state.seat,
        phase=state.phase,
        hand=state.hand,
        round=state.round,
        secret_decades=decades,
        six_round=state.six_round,
        taken_at=state.taken_at,
        turn=state.turn,
    )


def score_state(setup: Setup, state: State, solo_rules: SoloRules | None = None) -> ScoreSheet:
    """The score sheet of the halls as they stand (final once the game is over): the solo
    sheet on the ×100 scale (S1–S7) or the multi-player sheet (R19–R26, V5–V7)."""
    decades = state.secret_decades
    if decades is not None and len(decades) < setup.n_players:
        decades = None  # still being dealt
    if setup.n_players == 1:
        name = setup.players[0]
        market = [card for cards in state.market for card in cards]
        score = solo_score(
            state.halls[0],
            market,
            solo_rules or setup.solo_rules,
            secret_decade=None if decades is None else decades[0],
            name=name,
        )
        return ScoreSheet({name: score})
    halls = dict(zip(setup.players, state.halls, strict=True))
    rounds = dict(zip(setup.players, state.six_round, strict=True))
    known = None if decades is None else {n: d for n, d in zip(setup.players, decades, strict=True) if d is not None}
    return score_halls(halls, rounds, known)
