"""Timeline on the deck's subjects (T1–T8, D14–D16): a seeded play of :class:`TimelineRules`.

A :class:`Timeline` is a :class:`~exhibition_lab.core.history.History` of its rules whose
chance outcomes come from a seeded order (:class:`DrawOrder`): the shuffle of the deck
deals and draws in card-id order, and every reshuffle of the removed cards (T6) comes from
the game's reshuffle key. Players hold subject cards with the year hidden and take turns
playing one into a gap of a face-up timeline; a card whose year does not fit is removed
and its player draws (T3). Undo restores the state before a play exactly, the draw it led
to included; moves that are not allowed raise
:class:`~exhibition_lab.core.errors.IllegalAction` with ``.rule``; views hide other hands
and the pile (T7); the versioned JSON of :mod:`.savefile` is re-checked by replaying every
play.

>>> game = Timeline.new(["Ann", "Ben"], seed=1)
>>> len(game.hand(0)), len(game.timeline)
(6, 1)
>>> action = game.legal_actions()[0]
>>> str(action).startswith("play ")
True
>>> game.apply(action).undo() == action
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ...core.errors import ArgumentError, IllegalAction, NotationError
from ...core.history import History
from ...core.protocol import CHANCE
from ...core.seeding import check_seed, generator, is_seed
from ..exhibition.rules.cards import Card
from . import savefile
from .rules import (
    DEFAULT_MISTAKES,
    MAX_PLAYERS,
    DrawOrder,
    Move,
    Phase,
    Play,
    Reveal,
    Subject,
    TimelineCard,
    TimelineRules,
    TimelineState,
    TimelineView,
    hand_size_for,
    shuffle_order,
    timeline_deck,
    timeline_player_names,
)
from .savefile import SAVE_FORMAT, SAVE_VERSION

# the rules' names stay importable from here, where they were first defined
__all__ = [
    "DEFAULT_MISTAKES",
    "MAX_PLAYERS",
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "DrawOrder",
    "IllegalAction",
    "Play",
    "Reveal",
    "Subject",
    "Timeline",
    "TimelineCard",
    "TimelineRules",
    "TimelineState",
    "TimelineView",
    "hand_size_for",
    "shuffle_order",
    "timeline_deck",
]


class Timeline(History[TimelineState, Move]):
    """One game of Timeline for 1–8 players (T1; one player is solo practice, T8).

    Build it with :meth:`new` (seeded) or :meth:`from_json`. ``deck`` is any sequence of
    cards with years (:func:`timeline_deck`; the standard deck without Einstein by
    default); ``order`` is the shuffle as deck indices: card id ``k`` is ``deck[order[k]]``
    (unshuffled by default); ``reshuffle_key`` fixes every reshuffle (T6).
    """

    def __init__(
        self,
        players: int | Sequence[str],
        deck: Sequence[Card | TimelineCard] | None = None,
        order: Sequence[int] | None = None,
        *,
        reshuffle_key: int = 0,
        hand_size: int | None = None,
        mistakes: int = DEFAULT_MISTAKES,
        seed: int | None = None,
    ) -> None:
        names = timeline_player_names(players)
        cards = timeline_deck(deck)
        order = tuple(range(len(cards))) if order is None else tuple(int(i) for i in order)
        if sorted(order) != list(range(len(cards))):
            raise ArgumentError("T1: the shuffle must hold every deck card exactly once", rule="T1")
        if not is_seed(reshuffle_key):
            raise ArgumentError(f"the reshuffle key is a whole number from 0 to 2**63 − 1, not {reshuffle_key!r}")
        # the seed a save file records: the same range as every seed of the package
        seed = None if seed is None else check_seed(seed)
        rules = TimelineRules(names, tuple(cards[i] for i in order), hand_size=hand_size, mistakes=mistakes)
        self._game_rules = rules  # the rules (also :attr:`rules`), typed as Timeline's
        self._deck = cards
        self._order = order
        self._key = int(reshuffle_key)
        self._seed = seed
        self._draws = DrawOrder(self._key)
        History.__init__(self, rules, chance=self._draws)

    @classmethod
    def new(
        cls,
        players: int | Sequence[str] = 2,
        seed: int | np.random.Generator | None = None,
        *,
        deck: Sequence[Card | TimelineCard] | None = None,
        hand_size: int | None = None,
        mistakes: int = DEFAULT_MISTAKES,
    ) -> Timeline:
        """A new seeded game (T1): ``players`` is a count (1–8) or a list of names.

        ``seed`` is a whole number 0 ≤ seed < 2**63 or a ``numpy.random.Generator``; the
        same number gives the same deal and the same later reshuffles (T6). ``hand_size``
        overrides T1's table (as experienced players may agree); ``mistakes`` is the solo
        limit (T8).

        >>> Timeline.new(3, seed=5) == Timeline.new(3, seed=5)
        True
        """
        rng, saved = generator(seed)
        cards = timeline_deck(deck)
        order, key = shuffle_order(rng, len(cards))
        return cls(players, cards, order, reshuffle_key=key, hand_size=hand_size, mistakes=mistakes, seed=saved)

    # ------------------------------------------------------------------ the set-up
    @property
    def players(self) -> tuple[str, ...]:
        return self._game_rules.players

    @property
    def n_players(self) -> int:
        return len(self._game_rules.players)

    @property
    def is_solo(self) -> bool:
        return self._game_rules.is_solo

    @property
    def deck(self) -> tuple[TimelineCard, ...]:
        """The deck in its own order (card ids follow :attr:`order`)."""
        return self._deck

    @property
    def order(self) -> tuple[int, ...]:
        """The shuffle: card id ``k`` is ``deck[order[k]]``."""
        return self._order

    @property
    def reshuffle_key(self) -> int:
        """The key of the reshuffles (T6): with the order, it fixes every later draw."""
        return self._key

    @property
    def seed(self) -> int | None:
        return self._seed

    @property
    def hand_size(self) -> int:
        return self._game_rules.hand_size  # type: ignore[return-value]  # the rules set hand_size when made

    @property
    def mistake_limit(self) -> int:
        """Solo practice ends at this many mistakes (T8)."""
        return self._game_rules.mistakes

    def card(self, card_id: int) -> TimelineCard:
        """The card with this id (both sides: use :meth:`view` for what a player may see)."""
        return self._game_rules.deck[card_id]

    @property
    def n_cards(self) -> int:
        return self._game_rules.n_cards

    # ------------------------------------------------------------------ where the cards are
    def hand(self, seat: int | str = 0) -> tuple[int, ...]:
        """The ids of the cards in a seat's hand."""
        return self._state.hands[self._seat_index(seat)]

    @property
    def hands(self) -> tuple[tuple[int, ...], ...]:
        return self._state.hands

    @property
    def timeline(self) -> tuple[int, ...]:
        """Card ids of the timeline, left to right."""
        return self._state.timeline

    @property
    def timeline_cards(self) -> tuple[TimelineCard, ...]:
        deck = self._game_rules.deck
        return tuple(deck[i] for i in self._state.timeline)

    @property
    def years(self) -> tuple[int, ...]:
        years = self._game_rules.years
        return tuple(years[i] for i in self._state.timeline)

    @property
    def pile(self) -> tuple[int, ...]:
        """Card ids of the draw pile in the order this game draws them, top first: hidden
        information, for tests and replays; :attr:`state` holds the pile as a set."""
        return self._draws.pile_order(self._state)

    @property
    def removed(self) -> tuple[int, ...]:
        """Card ids removed after a wrong placement (T3), oldest first."""
        return self._state.removed

    def card_locations(self) -> dict[str, int]:
        """How many cards lie where; the total is always the deck size."""
        st = self._state
        return {
            "hands": sum(len(h) for h in st.hands),
            "timeline": len(st.timeline),
            "pile": len(st.pile),
            "removed": len(st.removed),
        }

    def fitting_gaps(self, card_id: int) -> list[int]:
        """Every gap where this card's year fits the order (T3, T4)."""
        return self._game_rules.fitting_gaps(self._state, card_id)

    # ------------------------------------------------------------------ how it stands
    @property
    def active(self) -> tuple[bool, ...]:
        """Who still plays: after a round where several emptied their hands, only they do (T5)."""
        return self._state.active

    @property
    def current(self) -> int:
        """The seat to play (once over: the seat that played last)."""
        return self._state.seat

    @property
    def current_player(self) -> str:
        return self.players[self._state.seat]

    @property
    def round(self) -> int:
        return self._state.round

    @property
    def turn(self) -> int:
        return self._state.turn

    @property
    def reshuffles(self) -> int:
        """How often removed cards became a new pile (T6)."""
        return len(self._state.reshuffled)

    @property
    def is_over(self) -> bool:
        return self._state.phase is Phase.OVER

    @property
    def winners(self) -> tuple[int, ...]:
        """Winning seats once over: one (T5), several only when the cards ran out (shared
        win) or the last round ended (D16), none in solo practice."""
        return self._state.winners

    @property
    def winner_names(self) -> tuple[str, ...]:
        return tuple(self.players[s] for s in self._state.winners)

    @property
    def placed(self) -> tuple[int, ...]:
        """Right placements per seat."""
        return self._state.placed

    @property
    def score(self) -> int:
        """Solo practice score (T8): the number of cards placed right."""
        return self._state.placed[0]

    @property
    def mistakes(self) -> int:
        """Solo practice: wrong placements so far (T8)."""
        return self._state.mistakes

    @property
    def streak(self) -> int:
        """Solo practice: right placements in a row, now."""
        return self._state.streak

    @property
    def best_streak(self) -> int:
        return self._state.best_streak

    @property
    def last(self) -> Reveal | None:
        """The most recent play, as everyone saw it."""
        return self._state.last

    def reveals(self) -> tuple[Reveal, ...]:
        """Every play so far as everyone saw it, oldest first: one per move of
        :attr:`history`, with the draws it led to."""
        states = self.states()
        marks = [k for k, step in enumerate(self.steps) if step.player != CHANCE]
        ends = [*marks[1:], len(states) - 1] if marks else []  # the state just before the next play, or now
        return tuple(states[end].last for end in ends)  # type: ignore[misc]  # every state after a play keeps its reveal

    @property
    def history(self) -> tuple[tuple[int, Play], ...]:
        """Every play so far with the seat that made it (draws are in :attr:`steps`)."""
        return self.decisions  # type: ignore[return-value]  # a seat's decisions are plays; draws are chance's

    @property
    def can_undo(self) -> bool:
        return bool(self.decisions)

    def summary(self) -> dict[str, Any]:
        """The visible state a save file records, so a load can check its replay."""
        return savefile.state_summary(self)

    def view(self, seat: int | str | None = None) -> TimelineView:
        """What ``seat`` (default: the player to move) may see (T7)."""
        st = self._state
        return self._game_rules.view(st, st.seat if seat is None else self._seat_index(seat))

    def _seat_index(self, seat: int | str) -> int:
        players = self.players
        if isinstance(seat, str):
            if seat not in players:
                raise ArgumentError(f"no player named {seat!r}; players are {', '.join(players)}")
            return players.index(seat)
        if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) or not 0 <= seat < len(players):
            raise ArgumentError(f"no seat {seat!r}; seats are 0–{len(players) - 1}")
        return int(seat)

    # ------------------------------------------------------------------ plays
    def legal_actions(self) -> list[Play]:
        """Every card of the current hand into every gap (T2), hand order then gap order."""
        return self.legal_moves()  # type: ignore[return-value]  # the moves of a seat are plays; draws are chance's

    def is_legal(self, action: Play | str) -> bool:
        try:
            self._rules.next_state(self._state, Play.parse(action))
        except (IllegalAction, NotationError):
            return False
        return True

    def apply(self, action: Play | str) -> Timeline:  # type: ignore[override]  # a player applies plays only; draws are chance's
        """Play a card (a :class:`Play` or ``"play <id> <gap>"``) and resolve it (T2–T6, T8).

        Raises :class:`IllegalAction` (``.rule`` names the T-rule) and changes nothing when
        the card is not in the current hand, the gap does not exist or the game is over.
        """
        History.apply(self, Play.parse(action))
        return self

    def undo(self) -> Play:
        """Step back one play; the state is exactly the one before it (a card it made a
        player draw goes back to the pile)."""
        if not self.decisions:
            raise ArgumentError("nothing to undo: no card has been played")
        return History.undo(self)  # type: ignore[return-value]  # undo takes back a decision, a play

    def copy(self) -> Timeline:
        """An independent game in the same state with the same history."""
        return History.copy(self)  # type: ignore[return-value]  # History.copy copies the subclass

    # ------------------------------------------------------------------ identity
    def _identity(self) -> tuple[Any, ...]:
        return (*super()._identity(), self._deck, self._order, self._key, self._seed)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Timeline):
            return NotImplemented
        return self._identity() == other._identity()

    __hash__ = None  # a game is mutable

    def __repr__(self) -> str:
        if self.is_over:
            status = "over" + (f", won by {', '.join(self.winner_names)}" if self.winners else f", score {self.score}")
        else:
            status = f"round {self.round}, {self.current_player} to play"
        return f"<Timeline {', '.join(self.players)}: {status}>"

    # ------------------------------------------------------------------ save / load
    def to_dict(self) -> dict[str, Any]:
        """The game as plain JSON data: set-up, the plays, and a state summary that loading
        checks against the replay (:mod:`.savefile`)."""
        return savefile.game_to_dict(self)

    def to_json(self, indent: int | None = None) -> str:
        """A versioned JSON document; :meth:`from_json` loads it back identically."""
        return savefile.game_to_json(self, indent=indent)

    @classmethod
    def from_json(cls, text: str | bytes) -> Timeline:
        """Load a saved game, re-checking it: the schema, the deal against its seed, every
        play by replaying it, and the saved state against the replay. Anything wrong raises
        :class:`SaveFileError`; nothing half-loaded is returned."""
        maker: savefile.TimelineMaker[Timeline] = cls  # a subclass loads as itself
        return savefile.load_game(text, game_type=maker)
