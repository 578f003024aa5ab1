"""Game state, turn flow (R5–R10c, D3, D4), undo, player views and JSON save/load.

A :class:`Game` is one play. Its state after every action is an immutable snapshot, so
:meth:`Game.undo` restores the previous snapshot exactly and :meth:`Game.copy` is cheap.
Randomness is used only where something hidden is dealt — :meth:`Game.new` (the shuffle and
the Secret Decade cards), :meth:`Game.from_position` and :meth:`Game.from_view` (the unseen
stock and unknown decades) — and comes from a ``numpy.random.Generator`` built from the
``seed`` passed in.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from ...core.errors import ArgumentError, ExhibitionLabError, IllegalAction, NotationError
from ...core.history import History
from ...core.seeding import check_seed, generator
from . import savefile
from .notation import check_tile, parse_position, write_position
from .rules.actions import Action, Event, parse_action
from .rules.cards import CONTINENTS, Card, Continent, check_deck, standard_deck
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
from .rules.scoring import ScoreSheet, SoloRules
from .rules.turns import (
    DealOrder,
    Phase,
    PlayerView,
    Setup,
    State,
    determinise,
    next_state,
    other_halls,
    player_view,
    score_state,
    start_state,
)
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


class Game(History[State, Event]):
    """One game of 1–5 players (R4). Build it with :meth:`Game.new`, :meth:`Game.from_position`
    or :meth:`Game.from_json`.

    A game is a :class:`~exhibition_lab.core.history.History` of its :class:`Setup`'s rules
    whose chance outcomes — the deal, the refills, the Secret Decades — come from a seeded
    shuffle of the deck (:class:`Deal`): every refill is the next card of that order.
    """

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
        deck = _deck(deck)
        if not _dealt:  # a deal from deal_cards() is right by construction
            check_deal(deal, deck, len(names))
            if seed is not None:
                _check_seed_deals(deal, deck, len(names), seed)
        setup = Setup(names, layout or Layout.base(), deck, secret_decades=deal.secret_decades is not None)
        self._begin(setup, deal, seed, start_state(setup, deal), start=None)

    def _begin(self, setup: Setup, deal: Deal, seed: int | None, state: State, start: str | None) -> None:
        """Set every attribute; a game starts from a deal or, with ``start``, from a position."""
        History.__init__(self, setup, state, chance=DealOrder(deal))
        self._setup = setup
        self._deal = deal
        self._seed = seed
        self._start_position = start

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

        ``seed`` is a whole number 0 ≤ seed < 2**63 or a ``numpy.random.Generator``; the
        same number gives the same deal. ``layout`` selects variation showcases (V1);
        ``secret_decades`` deals V7's cards.

        >>> game = Game.new(["Ann", "Bob"], seed=7)
        >>> game.current_player, str(game.phase), game.round
        ('Ann', 'take', 1)
        >>> Game.new(["Ann", "Bob"], seed=7) == game  # the same seed deals the same cards
        True
        """
        names = player_names(players)
        rng, saved_seed = generator(seed)
        deck = _deck(deck)
        deal = deal_cards(deck, len(names), rng, secret_decades=secret_decades)
        return cls(names, deal, layout=layout, deck=deck, seed=saved_seed, _dealt=True)

    # ------------------------------------------------------------------ reading
    @property
    def players(self) -> tuple[str, ...]:
        return self._setup.players

    @property
    def n_players(self) -> int:
        return len(self._setup.players)

    @property
    def is_solo(self) -> bool:
        return len(self._setup.players) == 1

    @property
    def layout(self) -> Layout:
        return self._setup.layout

    @property
    def deck(self) -> tuple[Card, ...]:
        return self._setup.deck

    @property
    def deal(self) -> Deal:
        return self._deal

    @property
    def seed(self) -> int | None:
        return self._seed

    @property
    def setup(self) -> Setup:
        """The game's rules: the seats, the layout, the deck and the variants
        (:class:`~exhibition_lab.games.exhibition.rules.turns.Setup`)."""
        return self._setup

    @property
    def start_position(self) -> str | None:
        """The position this game started from (:meth:`from_position`), ``None`` after a deal."""
        return self._start_position

    @property
    def current(self) -> int:
        """Seat whose turn it is (0 = start player, R6)."""
        return self._state.seat

    @property
    def current_player(self) -> str:
        return self._setup.players[self._state.seat]

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
    def stock_order(self) -> tuple[Card, ...]:
        """The cards still in the stock in the order this game's deal draws them (R9): hidden
        information, for tests and replays; :attr:`state` holds the stock as a set."""
        stock = self._deal.stock
        return stock[len(stock) - len(self._state.stock) :]

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
        return self._state.halls[self.seat_index(seat)]

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
        return self._state.secret_decades  # type: ignore[return-value]  # a game's own state knows every Secret Decade; only views hide some

    @property
    def is_over(self) -> bool:
        return self._state.phase is Phase.OVER

    @property
    def history(self) -> tuple[tuple[int, Action], ...]:
        """Every action the seats made so far, with the seat that made it (chance outcomes
        are in :attr:`steps`)."""
        return self.decisions  # type: ignore[return-value]  # a seat's decisions are actions; draws and dealt decades are chance's

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
        return player_view(self._setup, st, st.seat if seat is None else self.seat_index(seat))

    @classmethod
    def from_view(cls, view: PlayerView, rng: np.random.Generator) -> Game:
        """A game in the position ``view`` shows, with what it hides drawn from ``rng``:
        the stock order and other players' Secret Decades (a determinisation for search).
        The new game has no history."""
        setup, state, stock = determinise(view, rng)
        game = object.__new__(cls)
        game._begin(setup, Deal(state.market, stock, state.secret_decades), None, state, start=None)  # type: ignore[arg-type]  # determinise fills in every Secret Decade
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
        decades = self._state.secret_decades
        own = None if seat is None else self.seat_index(seat)
        if decades is not None and own is not None and not self.is_over:
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
        deck = _deck(deck)
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
        check_tile(parsed, len(unseen))
        rng, saved_seed = generator(seed)
        # always drawn, so that '?' decades come from the same draws with or without a stock given
        shuffled = tuple(unseen[i] for i in rng.permutation(len(unseen)))
        if stock is None:
            stock = shuffled
        else:
            stock = tuple(stock)
            if len(stock) != len(unseen) or set(stock) != set(unseen):
                raise ArgumentError("the stock must hold exactly the deck cards out of sight in this position")
            stock = tuple(by_card[c] for c in stock)
            if saved_seed is not None and stock != shuffled:
                # a save file records the seed and replays its shuffle: the two must agree
                raise ArgumentError(
                    f"the stock does not match seed {saved_seed}: give the stock's order or the seed, not two orders"
                )
        decades = _fill_decades(parsed.secret_decades, rng)
        setup = Setup(parsed.setup.players, parsed.setup.layout, deck, secret_decades=decades is not None)
        state = _with_deck_cards(parsed.state._replace(stock=setup.unseen(stock), secret_decades=decades), by_card)
        deal = Deal(state.market, stock, decades)
        game = object.__new__(cls)
        start = write_position(setup, state, decades)
        game._begin(setup, deal, saved_seed, state, start=start)
        return game

    def seat_index(self, seat: int | str) -> int:
        """The seat ``seat`` names: a seat number 0… or a player's name; anything else is
        refused with :class:`ArgumentError` naming it.

        >>> game = Game.new(["Ann", "Bob"], seed=7)
        >>> game.seat_index("Bob"), game.seat_index(0)
        (1, 0)
        >>> game.seat_index("Nobody")
        Traceback (most recent call last):
        ...
        exhibition_lab.core.errors.ArgumentError: no player named 'Nobody'; players are Ann, Bob
        """
        players = self._setup.players
        if isinstance(seat, str):
            if seat not in players:
                raise ArgumentError(f"no player named {seat!r}; players are {', '.join(players)}")
            return players.index(seat)
        if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) or not 0 <= seat < len(players):
            raise ArgumentError(f"no seat {seat!r}; seats are 0–{len(players) - 1}")
        return int(seat)

    # ------------------------------------------------------------------ actions
    def legal_actions(self) -> list[Action]:
        """Exactly the allowed actions, in a fixed order: takes by continent then year,
        moves in tile order, places in layout order, then depot, then end
        (:func:`exhibition_lab.games.exhibition.rules.turns.legal_actions`)."""
        legal = self._legal
        if legal is None or legal[0] is not self._state:
            legal = self._legal_here()
        return list(legal[2])  # type: ignore[arg-type]  # the legal moves of a seat are actions; draws are chance's

    def is_legal(self, action: Action | str) -> bool:
        try:
            next_state(self._setup, self._state, parse_action(action))
        except (IllegalAction, NotationError):
            return False
        return True

    def apply(self, action: Action | str) -> Game:  # type: ignore[override]  # a player applies actions only; draws and dealt decades are chance's
        """Apply one action (an Action or its text, e.g. ``"take 1969NA"``); the refill it
        leads to comes from the deal (R9).

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
        History.apply(self, parse_action(action))
        return self

    def undo(self) -> Action:
        """Step back one action and return it; the state is exactly the one before it (a
        refill the action led to goes back into the stock).

        >>> game = Game.new(2, seed=7)
        >>> before = game.copy()
        >>> action = game.legal_actions()[0]
        >>> game.apply(action).undo() == action, game == before
        (True, True)
        """
        if not self.decisions:
            raise ExhibitionLabError("nothing to undo: no action has been applied")
        return History.undo(self)  # type: ignore[return-value]  # undo takes back a decision, an action

    def copy(self) -> Game:
        """An independent game in the same state with the same history."""
        return History.copy(self)  # type: ignore[return-value]  # History.copy copies the subclass

    # ------------------------------------------------------------------ scoring
    def score(self, solo_rules: SoloRules | str | None = None) -> ScoreSheet:
        """The score sheet of the halls as they stand (final once :attr:`is_over`).

        A solo game is scored with S1–S7 on the ×100 scale; ``solo_rules`` picks the
        Mid Century reading (``SoloRules()`` by default, D11), or its name (``"harsh"``,
        ``"tiebreak"``).
        """
        if isinstance(solo_rules, str):
            solo_rules = SoloRules.by_name(solo_rules)
        elif solo_rules is not None and not isinstance(solo_rules, SoloRules):
            raise ArgumentError(f"solo_rules is a SoloRules or a reading's name, not {solo_rules!r:.60}")
        return score_state(self._setup, self._state, solo_rules)

    # ------------------------------------------------------------------ identity
    def _identity(self) -> tuple[Any, ...]:
        return (*super()._identity(), self._deal, self._seed, self._start_position)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self._identity() == other._identity() and _titles(self.deck) == _titles(other.deck)

    __hash__ = None  # a Game is mutable

    def __repr__(self) -> str:
        status = "over" if self.is_over else f"round {self.round}, {self.current_player} to {self.phase}"
        return f"<Game {', '.join(self.players)}: {status}>"

    # ------------------------------------------------------------------ save / load
    def to_dict(self) -> dict[str, Any]:  # JSON data
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


def _check_seed_deals(deal: Deal, deck: tuple[Card, ...], players: int, seed: object) -> None:
    """A seed recorded with a deal is the one that deals it (R5): a save file replays it."""
    rng, checked = generator(check_seed(seed))
    if deal_cards(deck, players, rng, secret_decades=deal.secret_decades is not None) != deal:
        raise ArgumentError(f"the deal does not match seed {checked}: pass this deal without a seed", rule="R5")


def _deck(deck: Sequence[Card] | None) -> tuple[Card, ...]:
    """The reference deck, or ``deck`` once :func:`check_deck` accepts it (R2, R5)."""
    return standard_deck() if deck is None else check_deck(deck)


def _fill_decades(decades: tuple[int | None, ...] | None, rng: np.random.Generator) -> tuple[int, ...] | None:
    """Unknown Secret Decades (``None``) drawn from the decades nobody is known to hold (V7)."""
    if decades is None or None not in decades:
        return decades  # type: ignore[return-value]  # no decade is unknown here (the test above)
    free = [d for d in DECADES if d not in decades]
    drawn = iter(free[i] for i in rng.permutation(len(free)))
    return tuple(d if d is not None else next(drawn) for d in decades)


def _with_deck_cards(state: State, by_card: dict[Card, Card]) -> State:
    """The state with every card replaced by the deck's own: equal, but with its title
    (parsed cards carry the reference deck's titles, a custom deck may name them otherwise)."""

    def same(cards: Iterable[Card]) -> tuple[Card, ...]:
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
