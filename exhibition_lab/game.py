"""Game state, turn flow (R5–R10c, D3, D4), undo, player views and JSON save/load.

A :class:`Game` is one play. Its state after every action is an immutable snapshot, so
:meth:`Game.undo` restores the previous snapshot exactly and :meth:`Game.copy` is cheap.
Randomness is used only in :meth:`Game.new` (the shuffle and the Secret Decade cards) and
comes from a ``numpy.random.Generator`` built from the ``seed`` passed in.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple

import numpy as np

from . import savefile
from .actions import Action, EndExhibition, Move, Place, Take, ToDepot, parse_action
from .cards import CONTINENTS, Card, Continent, standard_deck
from .deal import (
    DECADES,
    MARKET_SIZE,
    MAX_PLAYERS,
    START_CONTINENTS,
    VEHICLES,
    Deal,
    check_deal,
    deal_cards,
    player_names,
)
from .errors import ArgumentError, ExhibitionLabError, IllegalAction, NotationError
from .hall import Hall
from .layout import Layout
from .savefile import SAVE_FORMAT, SAVE_VERSION
from .scoring import ScoreSheet, SoloRules, score_game

# the set-up names stay importable from here, where they were first defined
__all__ = [
    "DECADES",
    "MARKET_SIZE",
    "MAX_PLAYERS",
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "START_CONTINENTS",
    "VEHICLES",
    "Deal",
    "Game",
    "Phase",
    "PlayerView",
    "deal_cards",
]


class Phase(Enum):
    """Where the current turn stands (R7–R10)."""

    TAKE = "take"  # R7
    MOVE = "move"  # R8, only after a white card
    PLACE = "place"  # R10
    OVER = "over"  # R10c / D4

    def __str__(self) -> str:
        return self.value


class _State(NamedTuple):
    """One immutable snapshot of a game; undo restores the previous snapshot."""

    stock: tuple[Card, ...]
    market: tuple[tuple[Card, ...], ...]
    vehicles: tuple[Continent, ...]
    halls: tuple[Hall, ...]
    final: tuple[bool, ...]
    discard: tuple[Card, ...]
    six_round: tuple[int | None, ...]  # round in which each seat first had all six (R19)
    seat: int = 0
    phase: Phase = Phase.TAKE
    hand: Card | None = None
    taken_at: Continent | None = None
    round: int = 1
    turn: int = 1


@dataclass(frozen=True, slots=True)
class PlayerView:
    """What one seat may know (the stock order and others' Secret Decades stay hidden)."""

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


class Game:
    """One game of 1–5 players (R4). Build it with :meth:`Game.new` or :meth:`Game.from_json`."""

    def __init__(
        self,
        players: Sequence[str],
        deal: Deal,
        *,
        layout: Layout | None = None,
        deck: Sequence[Card] | None = None,
        seed: int | None = None,
        _dealt: bool = False,
    ) -> None:
        self._players = player_names(players)
        self._layout = layout or Layout.base()
        self._deck = tuple(deck) if deck is not None else standard_deck()
        self._deal = deal
        self._seed = seed
        if not _dealt:  # a deal from deal_cards() is right by construction
            check_deal(deal, self._deck, len(self._players))
        n = len(self._players)
        self._state = _State(
            stock=deal.stock,
            market=deal.market,
            vehicles=START_CONTINENTS[:n],  # R6
            halls=(Hall(self._layout),) * n,
            final=(False,) * n,
            discard=(),
            six_round=(None,) * n,
        )
        self._history: list[_State] = []
        self._log: list[tuple[int, Action]] = []
        # legal_actions() of the current snapshot: actions found there need no re-check
        self._legal: tuple[_State, tuple[Action, ...]] | None = None

    @classmethod
    def new(
        cls,
        players: int | Sequence[str] = 1,
        seed: int | np.random.Generator | None = None,
        *,
        layout: Layout | None = None,
        secret_decades: bool = False,
        deck: Sequence[Card] | None = None,
    ) -> Game:
        """Set up a new game (R5, R6): ``players`` is a count (1–5) or a list of names.

        ``seed`` is an int or a ``numpy.random.Generator``; the same int gives the same deal.
        ``layout`` selects variation showcases (V1); ``secret_decades`` deals V7's cards.

        >>> game = Game.new(["Ann", "Bob"], seed=7)
        >>> game.current_player, str(game.phase), game.round
        ('Ann', 'take', 1)
        >>> Game.new(["Ann", "Bob"], seed=7) == game  # the same seed deals the same cards
        True
        """
        names = player_names(players)
        rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
        deck = tuple(deck) if deck is not None else standard_deck()
        deal = deal_cards(deck, len(names), rng, secret_decades=secret_decades)
        saved_seed = seed if isinstance(seed, (int, np.integer)) and not isinstance(seed, bool) else None
        seed = None if saved_seed is None else int(saved_seed)
        return cls(names, deal, layout=layout, deck=deck, seed=seed, _dealt=True)

    # ------------------------------------------------------------------ reading
    @property
    def players(self) -> tuple[str, ...]:
        return self._players

    @property
    def n_players(self) -> int:
        return len(self._players)

    @property
    def is_solo(self) -> bool:
        return len(self._players) == 1

    @property
    def layout(self) -> Layout:
        return self._layout

    @property
    def deck(self) -> tuple[Card, ...]:
        return self._deck

    @property
    def deal(self) -> Deal:
        return self._deal

    @property
    def seed(self) -> int | None:
        return self._seed

    @property
    def current(self) -> int:
        """Seat whose turn it is (0 = start player, R6)."""
        return self._state.seat

    @property
    def current_player(self) -> str:
        return self._players[self._state.seat]

    @property
    def phase(self) -> Phase:
        return self._state.phase

    @property
    def hand(self) -> Card | None:
        """The card taken this turn and not yet placed."""
        return self._state.hand

    @property
    def market(self) -> dict[Continent, tuple[Card, ...]]:
        """Open cards at each continent, sorted by year (R5, R9)."""
        return dict(zip(CONTINENTS, self._state.market))

    @property
    def market_cards(self) -> tuple[Card, ...]:
        return tuple(c for cards in self._state.market for c in cards)

    @property
    def stock_size(self) -> int:
        return len(self._state.stock)

    @property
    def vehicles(self) -> tuple[Continent, ...]:
        return self._state.vehicles

    @property
    def halls(self) -> tuple[Hall, ...]:
        return self._state.halls

    def hall(self, seat: int | str = 0) -> Hall:
        return self._state.halls[self._seat_index(seat)]

    @property
    def final(self) -> tuple[bool, ...]:
        """Whose exhibition is final (R10a, R10b, D4)."""
        return self._state.final

    @property
    def discard(self) -> tuple[Card, ...]:
        """Cards that left the game (D3)."""
        return self._state.discard

    @property
    def round(self) -> int:
        """Round number from 1: the start player's turn and the seats after it (R19)."""
        return self._state.round

    @property
    def turn(self) -> int:
        return self._state.turn

    @property
    def six_continents_round(self) -> tuple[int | None, ...]:
        """Round in which each seat first had all six continents in the hall (R19)."""
        return self._state.six_round

    @property
    def secret_decades(self) -> tuple[int, ...] | None:
        """Every seat's Secret Decade (V7). Use :meth:`view` to respect hidden information."""
        return self._deal.secret_decades

    @property
    def is_over(self) -> bool:
        return self._state.phase is Phase.OVER

    @property
    def history(self) -> tuple[tuple[int, Action], ...]:
        """Every action applied so far with the seat that made it."""
        return tuple(self._log)

    def others(self, seat: int | None = None) -> tuple[Hall, ...]:
        """The halls of every seat but ``seat`` (default: the current one)."""
        seat = self._state.seat if seat is None else seat
        halls = self._state.halls
        return halls[:seat] + halls[seat + 1 :]

    def card_locations(self) -> dict[str, int]:
        """How many cards lie where; the total is always the deck size (R2)."""
        st = self._state
        return {
            "stock": len(st.stock),
            "market": sum(len(cards) for cards in st.market),
            "halls": sum(len(h.hall_cards()) for h in st.halls),
            "depots": sum(len(h.depot) for h in st.halls),
            "discard": len(st.discard),
            "hand": 0 if st.hand is None else 1,
        }

    def view(self, seat: int | str | None = None) -> PlayerView:
        """What ``seat`` (default: the current player) may see: the stock only as a count and
        an unordered set, other players' Secret Decades only once the game is over."""
        st = self._state
        seat = st.seat if seat is None else self._seat_index(seat)
        decades = self._deal.secret_decades
        if decades is not None and not self.is_over:
            decades = tuple(d if s == seat else None for s, d in enumerate(decades))
        stock = set(st.stock)
        return PlayerView(
            seat=seat,
            players=self._players,
            layout=self._layout,
            market=self.market,
            vehicles=st.vehicles,
            halls=st.halls,
            final=st.final,
            discard=st.discard,
            stock_size=len(st.stock),
            unseen=tuple(c for c in self._deck if c in stock),
            current=st.seat,
            phase=st.phase,
            hand=st.hand,
            round=st.round,
            secret_decades=decades,
            six_round=st.six_round,
            taken_at=st.taken_at,
            turn=st.turn,
        )

    @classmethod
    def from_view(cls, view: PlayerView, rng: np.random.Generator) -> Game:
        """A game in the position ``view`` shows, with what it hides drawn from ``rng``:
        the stock order and other players' Secret Decades (a determinisation for search).
        The new game has no history."""
        stock = tuple(view.unseen[i] for i in rng.permutation(len(view.unseen)))
        decades = view.secret_decades
        if decades is not None and None in decades:
            free = [d for d in DECADES if d not in decades]
            drawn = iter(free[i] for i in rng.permutation(len(free)))
            decades = tuple(d if d is not None else next(drawn) for d in decades)
        market = tuple(view.market[c] for c in CONTINENTS)
        known = [c for cards in market for c in cards] + list(stock) + list(view.discard)
        known += [c for hall in view.halls for c in hall.cards()] + ([view.hand] if view.hand else [])
        deck = tuple(sorted(known, key=lambda c: c.sort_key))
        game = cls(view.players, Deal(market, stock, decades), layout=view.layout, deck=deck, _dealt=True)
        game._state = _State(
            stock=stock,
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
        )
        return game

    def _seat_index(self, seat: int | str) -> int:
        if isinstance(seat, str):
            if seat not in self._players:
                raise ArgumentError(f"no player named {seat!r}; players are {', '.join(self._players)}")
            return self._players.index(seat)
        if not isinstance(seat, (int, np.integer)) or not 0 <= seat < len(self._players):
            raise ArgumentError(f"no seat {seat!r}; seats are 0–{len(self._players) - 1}")
        return int(seat)

    # ------------------------------------------------------------------ actions
    def legal_actions(self) -> list[Action]:
        """Exactly the allowed actions, in a fixed order: takes by continent then year,
        moves in tile order, places in layout order, then depot, then end."""
        st = self._state
        if self._legal is None or self._legal[0] is not st:
            self._legal = (st, tuple(self._compute_legal_actions(st)))
        return list(self._legal[1])

    def _compute_legal_actions(self, st: _State) -> list[Action]:
        if st.phase is Phase.TAKE:
            return [Take(card) for card in self._takeable()]
        if st.phase is Phase.MOVE:
            return [Move(c) for c in CONTINENTS]
        if st.phase is Phase.PLACE:
            hall = st.halls[st.seat]
            spots = hall.legal_spots(st.hand, self.others(), players=self.n_players)
            actions: list[Action] = [Place(s, i) for s, i in spots]
            if not hall.depot_full:
                actions.append(ToDepot())
            if not spots:
                actions.append(EndExhibition())
            return actions
        return []

    def is_legal(self, action: Action | str) -> bool:
        try:
            self._next_state(parse_action(action))
        except (IllegalAction, NotationError):
            return False
        return True

    def apply(self, action: Action | str) -> Game:
        """Apply one action (an Action or its text, e.g. ``"take 1969NA"``).

        Raises :class:`IllegalAction` (with ``.rule``) and leaves the game unchanged when the
        action is not allowed now. Returns the game, so calls can be chained.

        >>> game = Game.new(2, seed=7)
        >>> take = game.legal_actions()[0]  # R7: take an open card
        >>> game.apply(take).phase is Phase.PLACE and game.hand == take.card
        True
        >>> game.undo() == take
        True
        >>> game.apply("place 0 0")  # R7 first: a card must be taken before it is placed
        Traceback (most recent call last):
        ...
        exhibition_lab.errors.IllegalAction: R10: place 0 0 is not possible now; Player 1 must take a card (R7)
        """
        action = parse_action(action)
        trusted = self._legal is not None and self._legal[0] is self._state and action in self._legal[1]
        new_state = self._next_state(action, trusted=trusted)
        self._history.append(self._state)
        self._log.append((self._state.seat, action))
        self._state = new_state
        return self

    def undo(self) -> Action:
        """Step back one action and return it; the state is exactly the one before it.

        >>> game = Game.new(2, seed=7)
        >>> before = game.copy()
        >>> action = game.legal_actions()[0]
        >>> game.apply(action).undo() == action, game == before
        (True, True)
        """
        if not self._history:
            raise ExhibitionLabError("nothing to undo: no action has been applied")
        self._state = self._history.pop()
        return self._log.pop()[1]

    def copy(self) -> Game:
        """An independent game in the same state with the same history."""
        twin = object.__new__(Game)
        twin.__dict__.update(self.__dict__)
        twin._history = list(self._history)
        twin._log = list(self._log)
        return twin

    def _next_state(self, action: Action, *, trusted: bool = False) -> _State:
        """The snapshot after ``action``; ``trusted`` skips re-checking an action that
        :meth:`legal_actions` produced for this very snapshot."""
        st = self._state
        if st.phase is Phase.OVER:
            raise IllegalAction(f"R10c: the game is over; {action} is not possible", rule="R10c")
        handler, phase, rule = _HANDLERS[type(action)]
        if st.phase is not phase:
            expected = {
                Phase.TAKE: "take a card (R7)",
                Phase.MOVE: "move the vehicle (R8)",
                Phase.PLACE: "place the card (R10)",
            }
            raise IllegalAction(
                f"{rule}: {action} is not possible now; {self.current_player} must {expected[st.phase]}", rule=rule
            )
        return handler(self, st, action, trusted)

    def _takeable(self) -> list[Card]:
        st = self._state
        here = st.market[st.vehicles[st.seat].index]
        if here:
            return list(here)
        # R7: with no card at the vehicle's continent, any open card may be taken.
        return [card for cards in st.market for card in cards]

    def _take(self, st: _State, action: Take, trusted: bool = False) -> _State:
        card = action.card
        where = next((k for k, cards in enumerate(st.market) if card in cards), None)
        if where is None:
            raise IllegalAction(f"R7: {card} is not on the Continents tile", rule="R7")
        if card not in self._takeable():
            vehicle = st.vehicles[st.seat]
            options = " ".join(c.token for c in st.market[vehicle.index])
            raise IllegalAction(
                f"R7: {self.current_player}'s vehicle stands on {vehicle.title}; take one of {options}, not {card}",
                rule="R7",
            )
        market = list(st.market)
        market[where] = tuple(c for c in market[where] if c != card)
        st = st._replace(market=tuple(market), hand=card, taken_at=CONTINENTS[where])
        if card.is_white:
            return st._replace(phase=Phase.MOVE)  # R8: the player chooses where to go
        return _refill(_move_vehicle(st, card.continent))

    def _move(self, st: _State, action: Move, trusted: bool = False) -> _State:
        return _refill(_move_vehicle(st, action.continent))

    def _place(self, st: _State, action: Place, trusted: bool = False) -> _State:
        hall = st.halls[st.seat]
        if trusted:
            hall = hall.with_card(st.hand, action.showcase, action.spot)
        else:
            hall = hall.place(st.hand, action.showcase, action.spot, self.others(), players=self.n_players)
        st = _with_hall(st, hall)
        if st.six_round[st.seat] is None and hall.has_all_continents:
            six = list(st.six_round)
            six[st.seat] = st.round
            st = st._replace(six_round=tuple(six))
        if hall.is_full:
            st = _with_final(st, st.seat)  # R10b
        return self._end_turn(st)

    def _to_depot(self, st: _State, action: ToDepot, trusted: bool = False) -> _State:
        hall = st.halls[st.seat].add_to_depot(st.hand)
        return self._end_turn(_with_hall(st, hall))

    def _end_exhibition(self, st: _State, action: EndExhibition, trusted: bool = False) -> _State:
        spots = () if trusted else st.halls[st.seat].legal_spots(st.hand, self.others(), players=self.n_players)
        if spots:
            raise IllegalAction(
                f"R10a: {st.hand} still fits the hall at {spots[0]}; the exhibition may end only "
                "with a card that fits no hall spot",
                rule="R10a",
            )
        st = st._replace(discard=st.discard + (st.hand,))  # D3
        return self._end_turn(_with_final(st, st.seat))

    def _end_turn(self, st: _State) -> _State:
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

    # ------------------------------------------------------------------ scoring
    def score(self, solo_rules: SoloRules | None = None) -> ScoreSheet:
        """The score sheet of the halls as they stand (final once :attr:`is_over`).

        A solo game is scored with S1–S7 on the ×100 scale; ``solo_rules`` picks the
        Mid Century reading (``SoloRules()`` by default, D11).
        """
        return score_game(self, solo_rules)

    # ------------------------------------------------------------------ identity
    def _identity(self) -> tuple:
        return (self._players, self._layout, self._deck, self._deal, self._seed, tuple(self._log), self._state)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self._identity() == other._identity() and _titles(self._deck) == _titles(other._deck)

    __hash__ = None  # a Game is mutable

    def __repr__(self) -> str:
        status = "over" if self.is_over else f"round {self.round}, {self.current_player} to {self.phase}"
        return f"<Game {', '.join(self._players)}: {status}>"

    def _repr_html_(self) -> str:
        from .display import game_html  # lazily, so the engine never loads display code

        return game_html(self)

    # ------------------------------------------------------------------ save / load
    def to_dict(self) -> dict:
        """The game as plain JSON data: set-up, the actions, and a summary of the state
        that loading checks against the replay (written by :func:`savefile.game_to_dict`)."""
        return savefile.game_to_dict(self)

    def to_json(self, indent: int | None = None) -> str:
        """A versioned JSON document; :meth:`from_json` loads it back identically."""
        return savefile.game_to_json(self, indent=indent)

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Load a saved game, re-checking everything by replaying its actions.

        A malformed, unknown-version or tampered document raises :class:`SaveFileError`
        saying what is wrong; nothing half-loaded is ever returned.
        """
        return savefile.load_game(text, game_type=cls)


def _move_vehicle(st: _State, continent: Continent) -> _State:
    vehicles = list(st.vehicles)
    vehicles[st.seat] = continent
    return st._replace(vehicles=tuple(vehicles), phase=Phase.PLACE)


def _refill(st: _State) -> _State:
    """R9: the top stock card goes where the card was taken; skipped on an empty stock."""
    if not st.stock:
        return st
    where = st.taken_at.index
    market = list(st.market)
    market[where] = tuple(sorted(market[where] + (st.stock[0],), key=lambda c: c.sort_key))
    return st._replace(market=tuple(market), stock=st.stock[1:])


def _with_hall(st: _State, hall: Hall) -> _State:
    halls = list(st.halls)
    halls[st.seat] = hall
    return st._replace(halls=tuple(halls))


def _with_final(st: _State, seat: int) -> _State:
    final = list(st.final)
    final[seat] = True
    return st._replace(final=tuple(final))


_HANDLERS = {
    Take: (Game._take, Phase.TAKE, "R7"),
    Move: (Game._move, Phase.MOVE, "R8"),
    Place: (Game._place, Phase.PLACE, "R10"),
    ToDepot: (Game._to_depot, Phase.PLACE, "R10"),
    EndExhibition: (Game._end_exhibition, Phase.PLACE, "R10a"),
}


def _titles(deck: Sequence[Card]) -> tuple[str, ...]:
    return tuple(c.title for c in deck)
