"""Timeline on the deck's subjects (T1–T8, D14, D15): a small exact engine of its own.

Players hold subject cards with the year hidden and take turns playing one into a gap of a
face-up timeline; a card whose year does not fit is removed and its player draws (T3). The
engine follows the main one: seeded set-up from a ``numpy.random.Generator``, immutable
snapshots with :meth:`Timeline.undo`, :class:`~exhibition_lab.core.errors.IllegalAction` with
``.rule`` for moves that are not allowed, views that hide other hands and the years of
unplayed cards (T7), and versioned JSON that loading re-checks by replaying every action.

>>> game = Timeline.new(["Ann", "Ben"], seed=1)
>>> len(game.hand(0)), len(game.timeline)
(6, 1)
>>> action = game.legal_actions()[0]
>>> str(action).startswith("play ")
True

Decisions where T1–T8 are silent (see the README section of this game):

- Card ids are positions in the shuffled deck, so an id says nothing about a year.
- A miss first removes the card, then draws (T3); if the pile is empty the removed cards,
  the missed one included, become the new pile (T6, D14), so a miss can always draw.
- When several players emptied their hands but the pile and the removed cards together
  cannot give each of them a card (T5), the game ends and they share the win.
- Solo practice (T8, D15): the hand holds the one card to place; after every play the next
  card is drawn. The game ends at the mistake limit or when no card is left to draw.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

import numpy as np

from ...core.errors import ArgumentError, ExhibitionLabError, IllegalAction, NotationError, SaveFileError
from ..exhibition.rules.cards import Card, Continent, standard_deck
from ..exhibition.rules.deal import player_names
from ..exhibition.savefile import parse_json

MAX_PLAYERS = 8  # T1
DEFAULT_MISTAKES = 3  # T8 / D15
SAVE_FORMAT = "exhibition_lab/timeline"
SAVE_VERSION = 1
MAX_SAVE_CHARS = 2_000_000
MAX_ACTIONS = 20_000
_KEY_BITS = 63


def hand_size_for(players: int) -> int:
    """Cards dealt to each player (T1): 6 with 2–3 players, 5 with 4–5, 4 with 6–8."""
    if not 2 <= players <= MAX_PLAYERS:
        raise ArgumentError(f"T1: a Timeline game deals hands to 2–{MAX_PLAYERS} players, not {players}", rule="T1")
    return 6 if players <= 3 else 5 if players <= 5 else 4


# ---------------------------------------------------------------------- cards
@dataclass(frozen=True, slots=True)
class TimelineCard:
    """One Timeline card: a subject and its year (any whole year; several cards may share
    a year, T4). ``continent`` is only colour for display (``None``: a white card)."""

    year: int
    title: str
    continent: Continent | None = None

    def __post_init__(self) -> None:
        if isinstance(self.year, bool) or not isinstance(self.year, (int, np.integer)):
            raise ArgumentError(f"a Timeline card needs a whole year, not {self.year!r}")
        if not -10_000 <= int(self.year) <= 10_000:
            raise ArgumentError(f"year {self.year} is out of range (−10000 … 10000)")
        if not isinstance(self.title, str) or not self.title.strip():
            raise ArgumentError("a Timeline card needs a subject title")

    @classmethod
    def from_card(cls, card: Card) -> TimelineCard:
        """The Timeline card of an Exhibition card (Einstein has no year: refused)."""
        if card.year is None:
            raise ArgumentError("Einstein has no year and cannot be a Timeline card")
        return cls(card.year, card.title or card.token, card.continent)


@dataclass(frozen=True, slots=True)
class Subject:
    """A card as its holder sees it: the subject side only, year hidden (T7)."""

    id: int
    title: str

    def __str__(self) -> str:
        return self.title


def timeline_deck(cards: Iterable[Card | TimelineCard] | None = None) -> tuple[TimelineCard, ...]:
    """A Timeline deck from Exhibition cards (the standard deck by default) or Timeline
    cards; cards without a year (Einstein) are left out."""
    source = standard_deck() if cards is None else cards
    deck = []
    for card in source:
        if isinstance(card, TimelineCard):
            deck.append(card)
        elif isinstance(card, Card):
            if card.year is not None:
                deck.append(TimelineCard.from_card(card))
        else:
            raise ArgumentError(f"a Timeline deck holds cards, not {type(card).__name__}")
    return tuple(deck)


# ---------------------------------------------------------------------- actions and reveals
@dataclass(frozen=True, slots=True)
class Play:
    """Play hand card ``card`` (its id) into gap ``gap`` of the timeline (T2): gap 0 is left
    of everything, gap ``len(timeline)`` right of everything."""

    card: int
    gap: int

    def __str__(self) -> str:
        return f"play {self.card} {self.gap}"

    @classmethod
    def parse(cls, text: str | Play) -> Play:
        """Read ``"play 12 3"`` (card id 12 into gap 3)."""
        if isinstance(text, Play):
            return text
        if not isinstance(text, str) or len(text) > 40:
            raise NotationError(f"a Timeline action is a Play or text like 'play 12 3', not {text!r}")
        words = text.split()
        if len(words) == 3 and words[0].lower() == "play" and all(w.isdigit() and len(w) <= 6 for w in words[1:]):
            return cls(int(words[1]), int(words[2]))
        raise NotationError(f"{text!r} is not a Timeline action; write 'play <card id> <gap>'", token=text)


@dataclass(frozen=True, slots=True)
class Reveal:
    """What everyone saw when a card was played and turned over (T2, T3).

    ``correct`` says whether the year fitted (T3); ``left_year``/``right_year`` are the
    years of the gap's neighbours (``None`` at an end);
    ``round_end`` tells what the end-of-round check (T5) decided after this play:
    ``""`` (no round end or nobody emptied), ``"win"``, ``"playoff"`` or ``"shared"``;
    ``emptied`` lists the seats that had emptied their hands at that check.
    """

    seat: int
    card: TimelineCard
    gap: int
    correct: bool
    left_year: int | None
    right_year: int | None
    drew: bool
    reshuffled: bool = False
    round_end: str = ""
    emptied: tuple[int, ...] = ()


class _State(NamedTuple):
    hands: tuple[tuple[int, ...], ...]
    timeline: tuple[int, ...]
    pile: tuple[int, ...]  # top first
    removed: tuple[int, ...]
    active: tuple[bool, ...]
    seat: int = 0
    round: int = 1
    turn: int = 1
    reshuffles: int = 0
    over: bool = False
    winners: tuple[int, ...] = ()
    placed: tuple[int, ...] = ()  # right placements per seat
    mistakes: int = 0  # solo (T8)
    streak: int = 0  # solo: right placements in a row
    best_streak: int = 0
    last: Reveal | None = None


@dataclass(frozen=True, slots=True)
class TimelineView:
    """What one seat may know (T7): the timeline with years, its own hand as subjects,
    the other hands as counts, the removed cards (they were shown when played)."""

    seat: int
    players: tuple[str, ...]
    hand: tuple[Subject, ...]
    hand_sizes: tuple[int, ...]
    timeline: tuple[TimelineCard, ...]
    removed: tuple[TimelineCard, ...]
    pile_size: int
    active: tuple[bool, ...]
    current: int
    round: int
    turn: int
    over: bool
    winners: tuple[int, ...]
    placed: tuple[int, ...]
    mistakes: int
    mistake_limit: int
    streak: int
    best_streak: int
    last: Reveal | None

    @property
    def years(self) -> tuple[int, ...]:
        """The timeline's years, left to right."""
        return tuple(c.year for c in self.timeline)

    @property
    def is_solo(self) -> bool:
        return len(self.players) == 1


# ---------------------------------------------------------------------- the game
class Timeline:
    """One game of Timeline for 1–8 players (T1; one player is solo practice, T8).

    Build it with :meth:`new` (seeded) or :meth:`from_json`. ``deck`` is any sequence of
    cards with years (:func:`timeline_deck`; the standard deck without Einstein by
    default); ``order`` is the shuffle as deck indices: card id ``k`` is ``deck[order[k]]``.
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
        self._players = _player_names(players)
        self._deck = timeline_deck(deck)
        n_cards = len(self._deck)
        self._order = tuple(range(n_cards)) if order is None else tuple(int(i) for i in order)
        if sorted(self._order) != list(range(n_cards)):
            raise ArgumentError("T1: the shuffle must hold every deck card exactly once", rule="T1")
        if not 0 <= int(reshuffle_key) < 2**_KEY_BITS:
            raise ArgumentError("the reshuffle key is a non-negative 63-bit integer")
        self._key = int(reshuffle_key)
        self._cards = tuple(self._deck[i] for i in self._order)
        n = len(self._players)
        self._hand_size = _check_hand_size(n, hand_size)
        self._mistake_limit = _check_mistakes(n, mistakes)
        self._seed = seed
        dealt = n * self._hand_size
        if n_cards < dealt + 2:
            raise ArgumentError(
                f"T1: {n} player(s) with {self._hand_size} card(s) each need at least {dealt + 2} cards, "
                f"the deck has {n_cards}",
                rule="T1",
            )
        # T1: deal one card at a time round the table, then turn the next card face up.
        hands = tuple(tuple(range(s, dealt, n)) for s in range(n))
        self._state = _State(
            hands=hands,
            timeline=(dealt,),
            pile=tuple(range(dealt + 1, n_cards)),
            removed=(),
            active=(True,) * n,
            placed=(0,) * n,
        )
        if n == 1:  # T8: the first card to place comes from the pile
            self._state = self._draw(self._state, 0)[0]
        self._history: list[_State] = []
        self._log: list[tuple[int, Play]] = []

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

        ``seed`` is an int or a ``numpy.random.Generator``; the same int gives the same
        deal and the same later reshuffles (T6). ``hand_size`` overrides T1's table (as
        experienced players may agree); ``mistakes`` is the solo limit (T8).
        """
        rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
        cards = timeline_deck(deck)
        order, key = _shuffle(rng, len(cards))
        saved = seed if isinstance(seed, (int, np.integer)) and not isinstance(seed, bool) else None
        return cls(
            players,
            cards,
            order,
            reshuffle_key=key,
            hand_size=hand_size,
            mistakes=mistakes,
            seed=None if saved is None else int(saved),
        )

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
    def deck(self) -> tuple[TimelineCard, ...]:
        return self._deck

    @property
    def reshuffle_key(self) -> int:
        """The key of the reshuffles (T6): with the order, it fixes every later draw."""
        return self._key

    def summary(self) -> dict[str, Any]:
        """The visible state a save file records, so a load can check its replay."""
        return _summary(self._state)

    @property
    def order(self) -> tuple[int, ...]:
        """The shuffle: card id ``k`` is ``deck[order[k]]``."""
        return self._order

    @property
    def seed(self) -> int | None:
        return self._seed

    @property
    def hand_size(self) -> int:
        return self._hand_size

    @property
    def mistake_limit(self) -> int:
        """Solo practice ends at this many mistakes (T8)."""
        return self._mistake_limit

    def card(self, card_id: int) -> TimelineCard:
        """The card with this id (both sides: use :meth:`view` for what a player may see)."""
        return self._cards[card_id]

    @property
    def n_cards(self) -> int:
        return len(self._cards)

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
        return tuple(self._cards[i] for i in self._state.timeline)

    @property
    def years(self) -> tuple[int, ...]:
        return tuple(self._cards[i].year for i in self._state.timeline)

    @property
    def pile(self) -> tuple[int, ...]:
        """Card ids of the draw pile, top first."""
        return self._state.pile

    @property
    def removed(self) -> tuple[int, ...]:
        """Card ids removed after a wrong placement (T3), oldest first."""
        return self._state.removed

    @property
    def active(self) -> tuple[bool, ...]:
        """Who still plays: after a round where several emptied their hands, only they do (T5)."""
        return self._state.active

    @property
    def current(self) -> int:
        return self._state.seat

    @property
    def current_player(self) -> str:
        return self._players[self._state.seat]

    @property
    def round(self) -> int:
        return self._state.round

    @property
    def turn(self) -> int:
        return self._state.turn

    @property
    def reshuffles(self) -> int:
        """How often removed cards became a new pile (T6)."""
        return self._state.reshuffles

    @property
    def is_over(self) -> bool:
        return self._state.over

    @property
    def winners(self) -> tuple[int, ...]:
        """Winning seats once over: one (T5), several only when the cards ran out (shared
        win), none in solo practice."""
        return self._state.winners

    @property
    def winner_names(self) -> tuple[str, ...]:
        return tuple(self._players[s] for s in self._state.winners)

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

    @property
    def history(self) -> tuple[tuple[int, Play], ...]:
        return tuple(self._log)

    @property
    def can_undo(self) -> bool:
        return bool(self._history)

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
        years = self.years
        year = self._cards[card_id].year
        return [g for g in range(len(years) + 1) if _fits(years, g, year)]

    def view(self, seat: int | str | None = None) -> TimelineView:
        """What ``seat`` (default: the player to move) may see (T7)."""
        st = self._state
        seat = st.seat if seat is None else self._seat_index(seat)
        return TimelineView(
            seat=seat,
            players=self._players,
            hand=tuple(Subject(i, self._cards[i].title) for i in st.hands[seat]),
            hand_sizes=tuple(len(h) for h in st.hands),
            timeline=self.timeline_cards,
            removed=tuple(self._cards[i] for i in st.removed),
            pile_size=len(st.pile),
            active=st.active,
            current=st.seat,
            round=st.round,
            turn=st.turn,
            over=st.over,
            winners=st.winners,
            placed=st.placed,
            mistakes=st.mistakes,
            mistake_limit=self._mistake_limit,
            streak=st.streak,
            best_streak=st.best_streak,
            last=st.last,
        )

    def _seat_index(self, seat: int | str) -> int:
        if isinstance(seat, str):
            if seat not in self._players:
                raise ArgumentError(f"no player named {seat!r}; players are {', '.join(self._players)}")
            return self._players.index(seat)
        if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) or not 0 <= seat < len(self._players):
            raise ArgumentError(f"no seat {seat!r}; seats are 0–{len(self._players) - 1}")
        return int(seat)

    # ------------------------------------------------------------------ actions
    def legal_actions(self) -> list[Play]:
        """Every card of the current hand into every gap (T2), hand order then gap order."""
        st = self._state
        if st.over:
            return []
        gaps = range(len(st.timeline) + 1)
        return [Play(card, gap) for card in st.hands[st.seat] for gap in gaps]

    def is_legal(self, action: Play | str) -> bool:
        try:
            self._check(Play.parse(action))
        except (IllegalAction, NotationError):
            return False
        return True

    def apply(self, action: Play | str) -> Timeline:
        """Play a card (a :class:`Play` or ``"play <id> <gap>"``) and resolve it (T2–T6, T8).

        Raises :class:`IllegalAction` (``.rule`` names the T-rule) and changes nothing when
        the card is not in the current hand, the gap does not exist or the game is over.
        """
        action = Play.parse(action)
        self._check(action)
        new_state = self._resolve(self._state, action)
        self._history.append(self._state)
        self._log.append((self._state.seat, action))
        self._state = new_state
        return self

    def undo(self) -> Play:
        """Step back one play; the state is exactly the one before it."""
        if not self._history:
            raise ArgumentError("nothing to undo: no card has been played")
        self._state = self._history.pop()
        return self._log.pop()[1]

    def copy(self) -> Timeline:
        """An independent game in the same state with the same history."""
        twin = object.__new__(Timeline)
        twin.__dict__.update(self.__dict__)
        twin._history = list(self._history)
        twin._log = list(self._log)
        return twin

    def _check(self, action: Play) -> None:
        st = self._state
        if st.over:
            rule = "T8" if self.is_solo else "T5"
            raise IllegalAction(f"{rule}: the game is over; {action} is not possible", rule=rule)
        hand = st.hands[st.seat]
        if action.card not in hand:
            held = ", ".join(str(i) for i in hand)
            raise IllegalAction(
                f"T2: card {action.card} is not in {self.current_player}'s hand (cards {held})", rule="T2"
            )
        if not 0 <= action.gap <= len(st.timeline):
            raise IllegalAction(
                f"T2: the timeline has {len(st.timeline)} card(s), so its gaps are 0–{len(st.timeline)}, "
                f"not {action.gap}",
                rule="T2",
            )

    def _resolve(self, st: _State, action: Play) -> _State:
        seat, card_id, gap = st.seat, action.card, action.gap
        card = self._cards[card_id]
        years = tuple(self._cards[i].year for i in st.timeline)
        correct = _fits(years, gap, card.year)  # T3, T4
        hands = list(st.hands)
        hands[seat] = tuple(i for i in hands[seat] if i != card_id)
        st = st._replace(hands=tuple(hands), turn=st.turn + 1)
        left_year = years[gap - 1] if gap > 0 else None
        right_year = years[gap] if gap < len(years) else None
        reshuffles = st.reshuffles
        if correct:
            placed = list(st.placed)
            placed[seat] += 1
            st = st._replace(timeline=st.timeline[:gap] + (card_id,) + st.timeline[gap:], placed=tuple(placed))
            if self.is_solo:  # T8: the streak counter of practice
                st = st._replace(streak=st.streak + 1, best_streak=max(st.best_streak, st.streak + 1))
        else:
            st = st._replace(removed=st.removed + (card_id,))
            if self.is_solo:
                st = st._replace(streak=0, mistakes=st.mistakes + 1)
        reveal = Reveal(seat, card, gap, correct, left_year, right_year, drew=False)
        if self.is_solo:
            return self._after_solo_play(st, reveal, reshuffles)
        if not correct:
            st, drew = self._draw(st, seat)  # T3: always possible, the missed card is in the removed
            reveal = _with(reveal, drew=drew)
        reveal = _with(reveal, reshuffled=st.reshuffles > reshuffles)
        return self._next_seat(st, reveal)

    def _after_solo_play(self, st: _State, reveal: Reveal, reshuffles: int) -> _State:
        """T8 / D15: stop at the mistake limit; otherwise the next card comes from the pile."""
        if st.mistakes >= self._mistake_limit:
            return st._replace(over=True, last=reveal)
        st, drew = self._draw(st, 0)
        reveal = _with(reveal, drew=drew, reshuffled=st.reshuffles > reshuffles)
        if not drew:  # every card is in the timeline: nothing is left to practise on
            return st._replace(over=True, last=reveal)
        return st._replace(round=st.round + 1, last=reveal)

    def _next_seat(self, st: _State, reveal: Reveal) -> _State:
        """T2: the next active seat in seat order; after the last one the round ends (T5)."""
        n = len(st.active)
        following = [s for s in range(st.seat + 1, n) if st.active[s]]
        if following:
            return st._replace(seat=following[0], last=reveal)
        return self._end_round(st, reveal)

    def _end_round(self, st: _State, reveal: Reveal) -> _State:
        """T5: one empty hand wins; several play on alone, each drawing a card; none: go on."""
        emptied = tuple(s for s in range(len(st.active)) if st.active[s] and not st.hands[s])
        if len(emptied) == 1:
            return st._replace(over=True, winners=emptied, last=_with(reveal, round_end="win", emptied=emptied))
        if len(emptied) > 1:
            if len(st.pile) + len(st.removed) < len(emptied):
                # Decision: no card for each of them (T5 cannot go on): they share the win.
                last = _with(reveal, round_end="shared", emptied=emptied)
                return st._replace(over=True, winners=emptied, last=last)
            st = st._replace(active=tuple(s in emptied for s in range(len(st.active))))
            before = st.reshuffles
            for s in emptied:
                st, _ = self._draw(st, s)
            reshuffled = reveal.reshuffled or st.reshuffles > before
            reveal = _with(reveal, round_end="playoff", emptied=emptied, reshuffled=reshuffled)
        first = next(s for s in range(len(st.active)) if st.active[s])
        return st._replace(seat=first, round=st.round + 1, last=reveal)

    def _draw(self, st: _State, seat: int) -> tuple[_State, bool]:
        """Top card of the pile into ``seat``'s hand; an empty pile is first refilled from
        the removed cards, shuffled (T6, D14). Returns ``(state, drew)``."""
        if not st.pile and st.removed:
            st = _reshuffled(st, self._key)
        if not st.pile:
            return st, False
        hands = list(st.hands)
        hands[seat] = hands[seat] + (st.pile[0],)
        return st._replace(hands=tuple(hands), pile=st.pile[1:]), True

    # ------------------------------------------------------------------ identity
    def _identity(self) -> tuple:
        return (
            self._players,
            self._deck,
            self._order,
            self._key,
            self._hand_size,
            self._mistake_limit,
            self._seed,
            tuple(self._log),
            self._state,
        )

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
        return f"<Timeline {', '.join(self._players)}: {status}>"

    # ------------------------------------------------------------------ save / load
    def to_dict(self) -> dict[str, Any]:
        """The game as plain JSON data: set-up, the plays, and a state summary that loading
        checks against the replay."""
        standard = self._deck == timeline_deck()
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "players": list(self._players),
            "seed": self._seed,
            "deck": None
            if standard
            else [[c.year, c.title, None if c.continent is None else c.continent.code] for c in self._deck],
            "order": list(self._order),
            "reshuffle_key": self._key,
            "hand_size": self._hand_size,
            "mistakes": self._mistake_limit,
            "actions": [str(action) for _, action in self._log],
            "state": _summary(self._state),
        }

    def to_json(self, indent: int | None = None) -> str:
        """A versioned JSON document; :meth:`from_json` loads it back identically."""
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str | bytes) -> Timeline:
        """Load a saved game, re-checking it: the schema, the deal against its seed, every
        play by replaying it, and the saved state against the replay. Anything wrong raises
        :class:`SaveFileError`; nothing half-loaded is returned."""
        return _load(text)


# ---------------------------------------------------------------------- pure helpers
def _fits(years: Sequence[int], gap: int, year: int) -> bool:
    """T3/T4: not earlier than the left neighbour and not later than the right one."""
    left_ok = gap == 0 or years[gap - 1] <= year
    right_ok = gap == len(years) or year <= years[gap]
    return left_ok and right_ok


def _with(reveal: Reveal, **changes: Any) -> Reveal:
    return replace(reveal, **changes)


def _reshuffled(st: _State, key: int) -> _State:
    """T6 / D14: the removed cards, shuffled, become the new pile. The shuffle depends only
    on the game's key and how many reshuffles came before, so replays repeat it."""
    rng = np.random.default_rng([key, st.reshuffles])
    pile = tuple(st.removed[i] for i in rng.permutation(len(st.removed)))
    return st._replace(pile=pile, removed=(), reshuffles=st.reshuffles + 1)


def _shuffle(rng: np.random.Generator, n_cards: int) -> tuple[tuple[int, ...], int]:
    order = tuple(int(i) for i in rng.permutation(n_cards))
    key = int(rng.integers(0, 2**_KEY_BITS))
    return order, key


def _check_hand_size(players: int, hand_size: int | None) -> int:
    if players == 1:
        return 0  # T8: no dealt hand; the card to place is drawn
    if hand_size is None:
        return hand_size_for(players)
    if isinstance(hand_size, bool) or not isinstance(hand_size, (int, np.integer)) or not 1 <= hand_size <= 20:
        raise ArgumentError(f"T1: a hand holds 1–20 cards, not {hand_size!r}", rule="T1")
    return int(hand_size)


def _check_mistakes(players: int, mistakes: int) -> int:
    if isinstance(mistakes, bool) or not isinstance(mistakes, (int, np.integer)) or not 1 <= mistakes <= 100:
        raise ArgumentError(f"T8: the mistake limit is 1–100, not {mistakes!r}", rule="T8")
    return int(mistakes)


def _player_names(players: int | Iterable[str]) -> tuple[str, ...]:
    return player_names(players, most=MAX_PLAYERS, limits="Timeline has 1 (practice) to {most} players", rule="T1")


def _summary(st: _State) -> dict[str, Any]:
    return {
        "hands": [list(h) for h in st.hands],
        "timeline": list(st.timeline),
        "pile": list(st.pile),
        "removed": list(st.removed),
        "active": list(st.active),
        "seat": st.seat,
        "round": st.round,
        "over": st.over,
        "winners": list(st.winners),
        "placed": list(st.placed),
        "mistakes": st.mistakes,
        "best_streak": st.best_streak,
    }


# ---------------------------------------------------------------------- strict loading
_KEYS = {
    "format",
    "version",
    "players",
    "seed",
    "deck",
    "order",
    "reshuffle_key",
    "hand_size",
    "mistakes",
    "actions",
    "state",
}


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise SaveFileError(f"cannot load the Timeline game: {message}")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _parse_document(text: str | bytes) -> dict:
    doc = parse_json(text, what="the Timeline game", max_chars=MAX_SAVE_CHARS)
    _require(isinstance(doc, dict), "the document must be a JSON object")
    missing, extra = sorted(_KEYS - doc.keys()), sorted(doc.keys() - _KEYS)
    _require(not missing, f"the document lacks {', '.join(repr(k) for k in missing)}")
    _require(not extra, f"the document has unknown {', '.join(repr(k) for k in extra)}")
    _require(doc["format"] == SAVE_FORMAT, f"'format' must be {SAVE_FORMAT!r}, found {doc['format']!r}")
    _require(_is_int(doc["version"]), f"'version' must be an integer, found {doc['version']!r}")
    _require(doc["version"] == SAVE_VERSION, f"version {doc['version']} is not supported (this reads {SAVE_VERSION})")
    return doc


def _load_deck(raw: Any) -> tuple[TimelineCard, ...]:
    if raw is None:
        return timeline_deck()
    _require(isinstance(raw, list) and 3 <= len(raw) <= 2_000, "'deck' must be null or a list of 3–2000 cards")
    cards = []
    for k, item in enumerate(raw):
        _require(
            isinstance(item, list)
            and len(item) == 3
            and _is_int(item[0])
            and isinstance(item[1], str)
            and (item[2] is None or isinstance(item[2], str)),
            f"deck entry {k} must be [year, title, continent code or null]",
        )
        try:
            continent = None if item[2] is None else Continent.parse(item[2])
            cards.append(TimelineCard(item[0], item[1], continent))
        except ExhibitionLabError as exc:
            raise SaveFileError(f"cannot load the Timeline game: deck entry {k}: {exc}") from None
    return tuple(cards)


def _load(text: str | bytes) -> Timeline:
    doc = _parse_document(text)
    players, seed, key = doc["players"], doc["seed"], doc["reshuffle_key"]
    _require(isinstance(players, list) and all(isinstance(p, str) for p in players), "'players' must be names")
    _require(seed is None or (_is_int(seed) and 0 <= seed < 2**63), f"'seed' must be null or an integer, not {seed!r}")
    _require(_is_int(key), f"'reshuffle_key' must be an integer, not {key!r}")
    deck = _load_deck(doc["deck"])
    order = doc["order"]
    _require(isinstance(order, list) and all(_is_int(i) for i in order), "'order' must be a list of deck indices")
    _require(_is_int(doc["hand_size"]) and _is_int(doc["mistakes"]), "'hand_size' and 'mistakes' must be integers")
    hand_size = None if len(players) == 1 else doc["hand_size"]
    _require(len(players) != 1 or doc["hand_size"] == 0, "a solo game has no dealt hand ('hand_size' 0)")
    try:
        game = Timeline(
            players, deck, order, reshuffle_key=key, hand_size=hand_size, mistakes=doc["mistakes"], seed=seed
        )
    except ExhibitionLabError as exc:
        raise SaveFileError(f"cannot load the Timeline game: {exc}") from None
    if seed is not None:
        expected = _shuffle(np.random.default_rng(seed), len(deck))
        _require(
            expected == (game.order, game.reshuffle_key), f"the deal does not match seed {seed}: the file was changed"
        )
    actions = doc["actions"]
    _require(isinstance(actions, list) and len(actions) <= MAX_ACTIONS, f"'actions' must be a list of ≤{MAX_ACTIONS}")
    for k, text_action in enumerate(actions):
        _require(isinstance(text_action, str), f"action {k} must be text, found {text_action!r}")
        try:
            game.apply(text_action)
        except ExhibitionLabError as exc:
            raise SaveFileError(f"cannot load the Timeline game: action {k} ({text_action!r}): {exc}") from None
    _require(doc["state"] == game.summary(), "the saved state does not match its actions: the file was changed")
    return game
