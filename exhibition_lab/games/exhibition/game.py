"""Game state, turn flow (R5–R10c, D3, D4), undo, player views and JSON save/load.

A :class:`Game` is one play. Its state after every action is an immutable snapshot, so
:meth:`Game.undo` restores the previous snapshot exactly and :meth:`Game.copy` is cheap.
Randomness is used only where something hidden is dealt — :meth:`Game.new` (the shuffle and
the Secret Decade cards), :meth:`Game.from_position` and :meth:`Game.from_view` (the unseen
stock and unknown decades) — and comes from a ``numpy.random.Generator`` built from the
``seed`` passed in.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ...core.errors import ArgumentError, ExhibitionLabError, IllegalAction, NotationError
from . import savefile
from .notation import parse_position, write_position
from .rules.actions import Action, parse_action
from .rules.cards import CONTINENTS, Card, Continent, standard_deck
from .rules.deal import (
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
from .rules.hall import Hall
from .rules.layout import Layout
from .rules.scoring import ScoreSheet, SoloRules, score_game
from .rules.turns import Phase, Setup, State, legal_actions, next_state, other_halls, start_state
from .savefile import SAVE_FORMAT, SAVE_VERSION

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
    "Setup",
    "State",
    "deal_cards",
]


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
    """One game of 1–5 players (R4). Build it with :meth:`Game.new`, :meth:`Game.from_position`
    or :meth:`Game.from_json`."""

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
        names = player_names(players)
        deck = tuple(deck) if deck is not None else standard_deck()
        if not _dealt:  # a deal from deal_cards() is right by construction
            check_deal(deal, deck, len(names))
        setup = Setup(names, layout or Layout.base())
        self._begin(setup, deck, deal, seed, start_state(setup, deal), start=None)

    def _begin(
        self, setup: Setup, deck: tuple[Card, ...], deal: Deal, seed: int | None, state: State, start: str | None
    ) -> None:
        """Set every attribute; a game starts from a deal or, with ``start``, from a position."""
        self._setup = setup
        self._players = setup.players
        self._layout = setup.layout
        self._deck = deck
        self._deal = deal
        self._seed = seed
        self._start = start
        self._state = state
        self._history: list[State] = []
        self._log: list[tuple[int, Action]] = []
        # legal_actions() of the current snapshot: actions found there need no re-check
        self._legal: tuple[State, tuple[Action, ...]] | None = None

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
        rng, saved_seed = _generator(seed)
        deck = tuple(deck) if deck is not None else standard_deck()
        deal = deal_cards(deck, len(names), rng, secret_decades=secret_decades)
        return cls(names, deal, layout=layout, deck=deck, seed=saved_seed, _dealt=True)

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
    def setup(self) -> Setup:
        """The seats' names and the layout: what :mod:`exhibition_lab.games.exhibition.rules.turns` needs
        besides a state."""
        return self._setup

    @property
    def state(self) -> State:
        """The current immutable snapshot, for :func:`exhibition_lab.games.exhibition.rules.turns.next_state`
        and friends."""
        return self._state

    @property
    def start_position(self) -> str | None:
        """The position this game started from (:meth:`from_position`), ``None`` after a deal."""
        return self._start

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
        return other_halls(self._state, seat)

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
        decades = _fill_decades(view.secret_decades, rng)
        market = tuple(view.market[c] for c in CONTINENTS)
        known = [c for cards in market for c in cards] + list(stock) + list(view.discard)
        known += [c for hall in view.halls for c in hall.cards()] + ([view.hand] if view.hand else [])
        deck = tuple(sorted(known, key=lambda c: c.sort_key))
        state = State(
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
        game = object.__new__(cls)
        game._begin(Setup(view.players, view.layout), deck, Deal(market, stock, decades), None, state, start=None)
        return game

    # ------------------------------------------------------------------ positions
    def position(self, seat: int | str | None = None) -> str:
        """The visible state in the position notation (:mod:`exhibition_lab.games.exhibition.notation`).

        With ``seat``, other players' Secret Decades are written as ``?`` until the game is
        over, as :meth:`view` hides them. The stock's order is never written.

        >>> game = Game.new(["Ann", "Bob"], seed=7)
        >>> print(game.position().splitlines()[5])
        stock: 83
        >>> Game.from_position(game.position(), seed=1).position() == game.position()
        True
        """
        decades = self._deal.secret_decades
        if decades is not None and seat is not None and not self.is_over:
            own = self._seat_index(seat)
            decades = tuple(d if s == own else None for s, d in enumerate(decades))
        return write_position(self._setup, self._state, decades)

    @classmethod
    def from_position(
        cls,
        text: str,
        seed: int | np.random.Generator | None = None,
        *,
        deck: Sequence[Card] | None = None,
        stock: Sequence[Card] | None = None,
    ) -> Game:
        """A game in the position ``text`` shows, with no history.

        What a position does not show is drawn from ``seed``: the order of the stock (every
        card of ``deck`` not in sight) and Secret Decades written as ``?``. A malformed or
        impossible position raises :class:`NotationError` naming the line and the token.
        ``stock`` gives the stock's order (top first) instead of a shuffle, as a save file
        records it; it must hold exactly the cards out of sight.

        >>> text = Game.new(["Ann", "Bob"], seed=7).position()
        >>> game = Game.from_position(text, seed=3)
        >>> game.players, game.stock_size, game.position() == text
        (('Ann', 'Bob'), 83, True)
        >>> Game.from_position(text.replace("stock: 83", "stock: 80"))
        Traceback (most recent call last):
        ...
        exhibition_lab.core.errors.NotationError: stock: 80 cards, but the deck leaves 83 cards out of sight
        """
        parsed = parse_position(text)
        deck = tuple(deck) if deck is not None else standard_deck()
        by_card = {c: c for c in deck}
        visible = parsed.visible_cards()
        missing = [c for c in visible if c not in by_card]
        if missing:
            raise NotationError(f"{missing[0]} is not a card of the deck", token=missing[0].token, rule="R2")
        seen = set(visible)
        unseen = [c for c in deck if c not in seen]
        if parsed.stock_size is not None and parsed.stock_size != len(unseen):
            raise NotationError(
                f"stock: {parsed.stock_size} cards, but the deck leaves {len(unseen)} cards out of sight",
                token=str(parsed.stock_size),
            )
        rng, saved_seed = _generator(seed)
        if stock is None:
            stock = tuple(unseen[i] for i in rng.permutation(len(unseen)))
        else:
            stock = tuple(stock)
            if len(stock) != len(unseen) or set(stock) != set(unseen):
                raise ArgumentError("the stock must hold exactly the deck cards out of sight in this position")
            stock = tuple(by_card[c] for c in stock)
        decades = _fill_decades(parsed.secret_decades, rng)
        state = _with_deck_cards(parsed.state._replace(stock=stock), by_card)
        deal = Deal(state.market, stock, decades)
        game = object.__new__(cls)
        start = write_position(parsed.setup, state, decades)
        game._begin(parsed.setup, deck, deal, saved_seed, state, start=start)
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
        moves in tile order, places in layout order, then depot, then end
        (:func:`exhibition_lab.games.exhibition.rules.turns.legal_actions`)."""
        st = self._state
        if self._legal is None or self._legal[0] is not st:
            self._legal = (st, tuple(legal_actions(self._setup, st)))
        return list(self._legal[1])

    def is_legal(self, action: Action | str) -> bool:
        try:
            next_state(self._setup, self._state, parse_action(action))
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
        exhibition_lab.core.errors.IllegalAction: R10: place 0 0 is not possible now; Player 1 must take a card (R7)
        """
        action = parse_action(action)
        trusted = self._legal is not None and self._legal[0] is self._state and action in self._legal[1]
        new_state = next_state(self._setup, self._state, action, trusted=trusted)
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
        twin._begin(self._setup, self._deck, self._deal, self._seed, self._state, start=self._start)
        twin._history = list(self._history)
        twin._log = list(self._log)
        twin._legal = self._legal
        return twin

    # ------------------------------------------------------------------ scoring
    def score(self, solo_rules: SoloRules | None = None) -> ScoreSheet:
        """The score sheet of the halls as they stand (final once :attr:`is_over`).

        A solo game is scored with S1–S7 on the ×100 scale; ``solo_rules`` picks the
        Mid Century reading (``SoloRules()`` by default, D11).
        """
        return score_game(self, solo_rules)

    # ------------------------------------------------------------------ identity
    def _identity(self) -> tuple:
        return (self._setup, self._deck, self._deal, self._seed, self._start, tuple(self._log), self._state)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self._identity() == other._identity() and _titles(self._deck) == _titles(other._deck)

    __hash__ = None  # a Game is mutable

    def __repr__(self) -> str:
        status = "over" if self.is_over else f"round {self.round}, {self.current_player} to {self.phase}"
        return f"<Game {', '.join(self._players)}: {status}>"

    def _repr_html_(self) -> str:
        from ...ui.render.board import game_html  # lazily, so the engine never loads display code

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


def _generator(seed: int | np.random.Generator | None) -> tuple[np.random.Generator, int | None]:
    """The generator to draw from, and the seed a save file can record (an int seed only:
    a Generator passed in cannot be written down)."""
    if isinstance(seed, np.random.Generator):
        return seed, None
    saved = int(seed) if isinstance(seed, (int, np.integer)) and not isinstance(seed, bool) else None
    return np.random.default_rng(seed), saved


def _fill_decades(decades: tuple[int | None, ...] | None, rng: np.random.Generator) -> tuple[int, ...] | None:
    """Unknown Secret Decades (``None``) drawn from the decades nobody is known to hold (V7)."""
    if decades is None or None not in decades:
        return decades
    free = [d for d in DECADES if d not in decades]
    drawn = iter(free[i] for i in rng.permutation(len(free)))
    return tuple(d if d is not None else next(drawn) for d in decades)


def _with_deck_cards(state: State, by_card: dict[Card, Card]) -> State:
    """The state with every card replaced by the deck's own: equal, but with its title
    (parsed cards carry the reference deck's titles, a custom deck may name them otherwise)."""

    def same(cards):
        return tuple(by_card[c] for c in cards)

    def retitled(hall: Hall) -> Hall:
        if all(c.title == by_card[c].title for c in hall.cards()):
            return hall
        showcases = [[None if c is None else by_card[c] for c in spots] for spots in hall.showcases]
        return Hall(hall.layout, showcases, same(hall.depot), players=len(state.halls))

    return state._replace(
        market=tuple(same(col) for col in state.market),
        halls=tuple(retitled(h) for h in state.halls),
        discard=same(state.discard),
        hand=None if state.hand is None else by_card[state.hand],
    )


def _titles(deck: Sequence[Card]) -> tuple[str, ...]:
    return tuple(c.title for c in deck)
