"""Timeline's rules (T1–T8, D14–D16) as pure functions of an immutable state, on the game
protocol of :mod:`exhibition_lab.core.protocol`.

:class:`TimelineRules` holds what stays fixed — the players, the deck, the hand size and
the solo mistake limit — and, as the game's :class:`~exhibition_lab.core.protocol.Rules`,
everything that follows from them. A :class:`TimelineState` is one immutable snapshot.

Chance is explicit and what is out of sight is a *set*: the pile is the cards nobody has
seen, written in card-id order, never an order of draws. Dealing each hand card and the
first timeline card (T1), every draw after a miss (T3), each tied player's card in a
play-off (T5) and each card of solo practice (T8) is a chance node whose outcomes are the
pile's cards, all equally likely. When the pile is used up, the removed cards become the
new pile (T6, D14): again a set, so its shuffle is nothing but the draws that follow.
The order a seeded :class:`~exhibition_lab.games.timeline.game.Timeline` draws
(:class:`DrawOrder`) is one way to sample them.

Card ids index :attr:`TimelineRules.deck`. A seeded game shuffles the deck once before it
deals, so that an id tells nothing about a year (T7).

>>> rules = TimelineRules(("Ann", "Ben"))
>>> state = rules.initial()
>>> rules.current_player(state) == CHANCE  # the deal is chance (T1)
True
>>> while rules.current_player(state) == CHANCE:
...     state = rules.next_state(state, rules.legal_moves(state)[0])
>>> [len(hand) for hand in state.hands], len(state.timeline), len(state.pile)
([6, 6], 1, 87)

Decisions where T1–T8 are silent (see also D14–D16 in the rules reference):

- A miss first removes the card, then draws (T3); if the pile is empty the removed cards,
  the missed one included, become the new pile (T6, D14), so a miss can always draw.
- When several players emptied their hands but the pile and the removed cards together
  cannot give each of them a card (T5), the game ends and they share the win.
- A game that reaches the end of round :data:`MAX_ROUNDS` without a sole winner ends there:
  the players still in it holding the fewest cards share the win (D16), so every game ends.
- Solo practice (T8, D15): the hand holds the one card to place; after every play the next
  card is drawn. The game ends at the mistake limit or when no card is left to draw.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from functools import cached_property
from typing import NamedTuple, TypeVar

import numpy as np

from ...core.errors import ArgumentError, IllegalAction, NotationError
from ...core.protocol import CHANCE, TERMINAL, GameInfo, Rules, parse_int
from ...core.seeding import MAX_SEED
from ..exhibition.rules.cards import Card, Continent, standard_deck
from ..exhibition.rules.deal import player_names

MAX_PLAYERS = 8  # T1
DEFAULT_MISTAKES = 3  # T8 / D15
MAX_MISTAKES = 100  # the largest solo mistake limit one may choose (T8)
MAX_HAND = 20  # the largest hand players may agree on (T1)
MAX_ROUNDS = 10_000  # D16: the last round of a game with several players
#: The latest last round a game may set (D16): its longest game, 3 steps a seat a round,
#: stays a count every framework keeps in a 32-bit integer.
MOST_ROUNDS = 1_000_000


def hand_size_for(players: int) -> int:
    """Cards dealt to each player (T1): 6 with 2–3 players, 5 with 4–5, 4 with 6–8."""
    if not 2 <= players <= MAX_PLAYERS:
        raise ArgumentError(f"T1: a Timeline game deals hands to 2–{MAX_PLAYERS} players, not {players}", rule="T1")
    return 6 if players <= 3 else 5 if players <= 5 else 4


def timeline_player_names(players: int | Iterable[str]) -> tuple[str, ...]:
    """The seat names: a count (1–8; 1 is practice, T8) or a list of distinct names (T1)."""
    return player_names(players, most=MAX_PLAYERS, limits="Timeline has 1 (practice) to {most} players", rule="T1")


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
        return cls(card.year, card.subject or card.token, card.continent)  # the reader's language once the ui speaks it


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


# ---------------------------------------------------------------------- moves and reveals
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
        if len(words) == 3 and words[0].lower() == "play" and all(len(w) <= 6 for w in words[1:]):
            return cls(parse_int(words[1], what="a card id"), parse_int(words[2], what="a gap"))
        raise NotationError(f"{text!r} is not a Timeline action; write 'play <card id> <gap>'", token=text)


@dataclass(frozen=True, slots=True)
class Draw:
    """A chance outcome: card ``card`` comes from the pile (T1, T3, T5, T6, T8)."""

    card: int

    def __str__(self) -> str:
        return f"draw {self.card}"


Move = Play | Draw


@dataclass(frozen=True, slots=True)
class Reveal:
    """What everyone saw when a card was played and turned over (T2, T3).

    ``correct`` says whether the year fitted (T3); ``left_year``/``right_year`` are the
    years of the gap's neighbours (``None`` at an end); ``drew`` whether the player drew a
    card after it (T3, T8); ``reshuffled`` whether removed cards became a new pile on the way
    (T6); ``round_end`` tells what the end-of-round check decided after this play: ``""``
    (no round end or nobody emptied), ``"win"``, ``"playoff"``, ``"shared"`` (T5) or
    ``"limit"`` (D16); ``emptied`` lists the seats that had emptied their hands at that check.
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


# ---------------------------------------------------------------------- states and views
class Phase(Enum):
    """Where a game stands: a chance node (the deal, a draw, a play-off's cards), a seat's
    turn, or over."""

    DEAL = "deal"  # T1, and the first card of solo practice (T8)
    PLAY = "play"  # T2
    DRAW = "draw"  # T3: the player who missed draws; T8: the next card to place
    PLAYOFF = "playoff"  # T5: each tied player draws one card
    OVER = "over"

    # Members are singletons: identity hashing is exact and faster than Enum's.
    __hash__ = object.__hash__

    @property
    def is_chance(self) -> bool:
        return self is Phase.DRAW or self is Phase.DEAL or self is Phase.PLAYOFF


class TimelineState(NamedTuple):
    """One immutable snapshot of a game.

    ``pile`` is the set of cards out of sight, in card-id order (what may still come, never
    the order it comes in); ``hands`` hold each seat's cards in the order they came;
    ``removed`` the cards placed wrong, oldest first (T3); ``reshuffled`` the removed cards
    each time they became a new pile, in the order they had been removed (T6; public, since
    every removed card was turned over); ``drawing`` the seats still to draw, in order.
    """

    hands: tuple[tuple[int, ...], ...]
    timeline: tuple[int, ...]
    pile: tuple[int, ...]
    removed: tuple[int, ...]
    active: tuple[bool, ...]
    placed: tuple[int, ...]  # right placements per seat
    phase: Phase = Phase.DEAL
    seat: int = 0
    drawing: tuple[int, ...] = ()
    round: int = 1
    turn: int = 1
    winners: tuple[int, ...] = ()
    mistakes: int = 0  # solo (T8)
    streak: int = 0  # solo: right placements in a row
    best_streak: int = 0
    last: Reveal | None = None
    reshuffled: tuple[tuple[int, ...], ...] = ()

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER


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


# ---------------------------------------------------------------------- the rules
@dataclass(frozen=True)
class TimelineRules(Rules[TimelineState, Move, TimelineView]):
    """What stays fixed during a game — the players (T1; one is practice, T8), the deck
    (card ``k`` is ``deck[k]``), the hand size (T1's table unless players agree otherwise),
    the solo mistake limit (T8) and the last round (D16) — and, as the game's rules,
    everything that follows from them.

    :meth:`returns`: with several players the winners share 1 (T5); alone, the score — the
    cards placed right (T8).
    """

    players: tuple[str, ...]
    deck: tuple[TimelineCard, ...] = field(default_factory=timeline_deck, repr=False)
    hand_size: int | None = None
    mistakes: int = DEFAULT_MISTAKES
    max_rounds: int = MAX_ROUNDS

    name = "timeline"

    def __post_init__(self) -> None:
        players = timeline_player_names(self.players)
        deck = timeline_deck(self.deck)
        n = len(players)
        hand_size = _check_hand_size(n, self.hand_size)
        dealt = n * hand_size
        if len(deck) < dealt + 2:
            raise ArgumentError(
                f"T1: {n} player(s) with {hand_size} card(s) each need at least {dealt + 2} cards, "
                f"the deck has {len(deck)}",
                rule="T1",
            )
        if (
            isinstance(self.max_rounds, bool)
            or not isinstance(self.max_rounds, int)
            or not 1 <= self.max_rounds <= MOST_ROUNDS
        ):
            raise ArgumentError(
                f"D16: the last round is a whole number from 1 to {MOST_ROUNDS}, not {self.max_rounds!r:.80}",
                rule="D16",
            )
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "deck", deck)
        object.__setattr__(self, "hand_size", hand_size)
        object.__setattr__(self, "mistakes", _check_mistakes(self.mistakes))

    @property
    def n_players(self) -> int:
        return len(self.players)

    @property
    def is_solo(self) -> bool:
        return len(self.players) == 1

    @property
    def n_cards(self) -> int:
        return len(self.deck)

    @cached_property
    def years(self) -> tuple[int, ...]:
        """The year of every card id."""
        return tuple(int(card.year) for card in self.deck)

    # ------------------------------------------------------------------ protocol: facts
    @cached_property
    def info(self) -> GameInfo:
        n, cards = self.n_players, self.n_cards
        if self.is_solo:
            # T8: at most cards − 1 right placements and `mistakes` wrong ones, each followed by
            # at most one draw; the deal is the timeline card and the first card to place
            length = 2 + 2 * (cards - 1 + self.mistakes)
            return GameInfo(1, cards * cards, cards, length, min_utility=0.0, max_utility=float(cards - 1))
        # T1 deals n·h + 1 cards; each round (at most max_rounds, D16) every seat plays once,
        # a miss draws once (T3) and a play-off gives each tied player one card (T5)
        length = n * self.hand_size + 1 + 3 * n * self.max_rounds  # type: ignore[operator]  # __post_init__ sets hand_size
        return GameInfo(n, cards * cards, cards, length, min_utility=0.0, max_utility=1.0, utility_sum=1.0)

    # ------------------------------------------------------------------ protocol: play
    def initial(self) -> TimelineState:
        """Before the deal: every card in the pile (T1)."""
        n = self.n_players
        return TimelineState(
            hands=((),) * n,
            timeline=(),
            pile=tuple(range(self.n_cards)),
            removed=(),
            active=(True,) * n,
            placed=(0,) * n,
        )

    def current_player(self, state: TimelineState) -> int:
        phase = state.phase
        if phase is Phase.PLAY:
            return state.seat
        return TERMINAL if phase is Phase.OVER else CHANCE

    def legal_moves(self, state: TimelineState) -> list[Move]:
        """Every card of the hand to move into every gap (T2), hand order then gap order;
        at a chance node every card of the pile, in id order."""
        phase = state.phase
        if phase is Phase.PLAY:
            gaps = range(len(state.timeline) + 1)
            return [Play(card, gap) for card in state.hands[state.seat] for gap in gaps]
        if phase is Phase.OVER:
            return []
        return [Draw(card) for card in state.pile]

    def next_state(self, state: TimelineState, move: Move) -> TimelineState:
        if state.phase is Phase.OVER:
            rule = "T8" if self.is_solo else "T5"
            raise IllegalAction(f"{rule}: the game is over; {move} is not possible", rule=rule)
        if isinstance(move, Play):
            self._check_play(state, move)
            return self._play(state, move)
        if isinstance(move, Draw):
            self._check_draw(state, move)
            return self._draw(state, move.card)
        raise ArgumentError(f"a Timeline move is a Play or a Draw, not {move!r}")

    def next_trusted(self, state: TimelineState, move: Move) -> TimelineState:
        return self._play(state, move) if isinstance(move, Play) else self._draw(state, move.card)

    def returns(self, state: TimelineState) -> tuple[float, ...]:
        if self.is_solo:
            return (float(state.placed[0]),)
        share = 1.0 / len(state.winners) if state.winners else 0.0
        return tuple(share if seat in state.winners else 0.0 for seat in range(self.n_players))

    def view(self, state: TimelineState, seat: int) -> TimelineView:
        """What ``seat`` may see (T7): never another hand's cards or the pile's cards."""
        deck = self.deck
        return TimelineView(
            seat=seat,
            players=self.players,
            hand=tuple(Subject(i, deck[i].title) for i in state.hands[seat]),
            hand_sizes=tuple(len(h) for h in state.hands),
            timeline=tuple(deck[i] for i in state.timeline),
            removed=tuple(deck[i] for i in state.removed),
            pile_size=len(state.pile),
            active=state.active,
            current=state.seat,
            round=state.round,
            turn=state.turn,
            over=state.over,
            winners=state.winners,
            placed=state.placed,
            mistakes=state.mistakes,
            mistake_limit=self.mistakes,
            streak=state.streak,
            best_streak=state.best_streak,
            last=state.last,
        )

    def resample(self, state: TimelineState, seat: int, rng: np.random.Generator) -> TimelineState:
        """The other hands and the pile drawn anew from the cards ``seat`` cannot see.

        What everyone saw stays: how many cards each hand holds and when each came. A card
        that was removed and came back from a reshuffled pile (T6) is known to be one of
        that pile's cards, so cards are redrawn only among those that came in the same pile.
        """
        epoch = {card: k for k, cards in enumerate(state.reshuffled, 1) for card in cards}
        current = len(state.reshuffled)
        slots: dict[int, list[tuple[int, int]]] = {}  # pile → (seat, place in hand)
        pools: dict[int, list[int]] = {current: list(state.pile)}
        for other, hand in enumerate(state.hands):
            if other == seat:
                continue
            for place, card in enumerate(hand):
                k = epoch.get(card, 0)
                slots.setdefault(k, []).append((other, place))
                pools.setdefault(k, []).append(card)
        hands = [list(hand) for hand in state.hands]
        pile: list[int] = []
        for k, pool in pools.items():
            drawn = [pool[i] for i in rng.permutation(len(pool))]
            for (other, place), card in zip(slots.get(k, ()), drawn):
                hands[other][place] = card
            if k == current:
                pile = drawn[len(slots.get(k, ())) :]
        return state._replace(hands=tuple(tuple(h) for h in hands), pile=tuple(sorted(pile)))

    def encode(self, state: TimelineState, move: Move) -> int:
        """``play k g`` → ``k · cards + g``; a drawn card → its id."""
        if isinstance(move, Play):
            return move.card * self.n_cards + move.gap
        return move.card

    def decode(self, state: TimelineState, action: int) -> Move:
        if state.phase.is_chance:
            if not 0 <= action < self.n_cards:
                raise ArgumentError(f"a card id lies in 0–{self.n_cards - 1}, not {action}")
            return Draw(action)
        if not 0 <= action < self.n_cards * self.n_cards:
            raise ArgumentError(f"an action id lies in 0–{self.n_cards * self.n_cards - 1}, not {action}")
        return Play(*divmod(action, self.n_cards))

    def parse_move(self, state: TimelineState, text: str) -> Move:
        words = text.split() if isinstance(text, str) else []
        if len(words) == 2 and words[0].lower() == "draw":
            return Draw(parse_int(words[1], what="a card id"))
        return Play.parse(text)

    # ------------------------------------------------------------------ reading a state
    def fitting_gaps(self, state: TimelineState, card: int) -> list[int]:
        """Every gap where this card's year fits the timeline (T3, T4)."""
        years = [self.years[i] for i in state.timeline]
        year = self.years[card]
        return [g for g in range(len(years) + 1) if fits(years, g, year)]

    # ------------------------------------------------------------------ checks
    def _check_play(self, st: TimelineState, move: Play) -> None:
        if st.phase is not Phase.PLAY:
            raise IllegalAction(f"T2: {move} is not possible now; a card is being dealt or drawn", rule="T2")
        hand = st.hands[st.seat]
        if move.card not in hand:
            held = ", ".join(str(i) for i in hand)
            player = self.players[st.seat]
            raise IllegalAction(f"T2: card {move.card} is not in {player}'s hand (cards {held})", rule="T2")
        if not 0 <= move.gap <= len(st.timeline):
            n = len(st.timeline)
            raise IllegalAction(f"T2: the timeline has {n} card(s), so its gaps are 0–{n}, not {move.gap}", rule="T2")

    def _check_draw(self, st: TimelineState, move: Draw) -> None:
        rule = _DRAW_RULES[st.phase]
        if not st.phase.is_chance:
            player = self.players[st.seat]
            raise IllegalAction(f"{rule}: {move} is not possible now; {player} must play a card", rule=rule)
        if move.card not in st.pile:
            raise IllegalAction(f"{rule}: card {move.card} is not in the pile, so it cannot be drawn", rule=rule)

    # ------------------------------------------------------------------ transitions
    def _play(self, st: TimelineState, move: Play) -> TimelineState:
        """T2–T4: the card is turned over; right, it joins the timeline, wrong, it is removed."""
        seat, card, gap = st.seat, move.card, move.gap
        years, line = self.years, st.timeline
        year = years[card]
        left = years[line[gap - 1]] if gap > 0 else None
        right = years[line[gap]] if gap < len(line) else None
        correct = (left is None or left <= year) and (right is None or year <= right)  # T3, T4
        hands = _with_item(st.hands, seat, tuple([i for i in st.hands[seat] if i != card]))
        if correct:
            placed = _with_item(st.placed, seat, st.placed[seat] + 1)
            st = st._replace(hands=hands, turn=st.turn + 1, timeline=(*line[:gap], card, *line[gap:]), placed=placed)
            if self.is_solo:  # T8: the streak counter of practice
                st = st._replace(streak=st.streak + 1, best_streak=max(st.best_streak, st.streak + 1))
        else:
            st = st._replace(hands=hands, turn=st.turn + 1, removed=(*st.removed, card))
            if self.is_solo:
                st = st._replace(streak=0, mistakes=st.mistakes + 1)
        reveal = Reveal(seat, self.deck[card], gap, correct, left, right, drew=False)
        if self.is_solo:
            if st.mistakes >= self.mistakes:  # T8: the mistake limit ends practice
                return st._replace(phase=Phase.OVER, last=reveal)
            return _to_draw(st, (0,), Phase.DRAW, reveal)
        if not correct:
            return _to_draw(st, (seat,), Phase.DRAW, reveal)  # T3
        return self._after_turn(st, reveal)

    def _draw(self, st: TimelineState, card: int) -> TimelineState:
        """One card from the pile: dealt (T1), drawn after a miss (T3, T8) or in a play-off (T5)."""
        pile = tuple([c for c in st.pile if c != card])
        if st.phase is Phase.DEAL:
            return self._deal(st, card, pile)
        seat, rest = st.drawing[0], st.drawing[1:]
        last = st.last
        if st.phase is Phase.DRAW and last is not None and not last.drew:
            last = _revised(last, drew=True)
        hands = _with_item(st.hands, seat, (*st.hands[seat], card))
        st = st._replace(hands=hands, pile=pile, drawing=rest, last=last)
        if rest:
            return _to_draw(st, rest, st.phase, last)  # type: ignore[arg-type]  # draws follow a play, whose reveal st.last keeps
        if st.phase is Phase.PLAYOFF:
            first = st.active.index(True)
            return st._replace(phase=Phase.PLAY, seat=first, round=st.round + 1)
        if self.is_solo:
            return st._replace(phase=Phase.PLAY, round=st.round + 1)
        return self._after_turn(st, last)  # type: ignore[arg-type]  # draws follow a play, whose reveal st.last keeps

    def _deal(self, st: TimelineState, card: int, pile: tuple[int, ...]) -> TimelineState:
        """T1: one card at a time round the table, then the top card starts the timeline;
        in practice (T8) the timeline card first, then the first card to place."""
        n = self.n_players
        dealt = sum(len(h) for h in st.hands)
        if self.is_solo:
            if not st.timeline:
                return st._replace(timeline=(card,), pile=pile)
            return st._replace(hands=((card,),), pile=pile, phase=Phase.PLAY)
        if dealt < n * self.hand_size:  # type: ignore[operator]  # __post_init__ sets hand_size
            seat = dealt % n
            return st._replace(hands=_with_item(st.hands, seat, (*st.hands[seat], card)), pile=pile)
        return st._replace(timeline=(card,), pile=pile, phase=Phase.PLAY)

    def _after_turn(self, st: TimelineState, reveal: Reveal) -> TimelineState:
        """T2: the next active seat in seat order; after the last one the round ends (T5)."""
        for seat in range(st.seat + 1, self.n_players):
            if st.active[seat]:
                return st._replace(seat=seat, phase=Phase.PLAY, last=reveal)
        return self._end_round(st, reveal)

    def _end_round(self, st: TimelineState, reveal: Reveal) -> TimelineState:
        """T5: one empty hand wins; several play on alone, each drawing a card; none: go on.
        D16: the last round ends the game."""
        emptied = tuple(s for s in range(self.n_players) if st.active[s] and not st.hands[s])
        if len(emptied) == 1:
            return _over(st, emptied, _revised(reveal, round_end="win", emptied=emptied))
        if len(emptied) > 1 and len(st.pile) + len(st.removed) < len(emptied):
            # no card for each of them (T5 cannot go on): they share the win
            return _over(st, emptied, _revised(reveal, round_end="shared", emptied=emptied))
        if st.round >= self.max_rounds:  # D16
            fewest = min(len(st.hands[s]) for s in range(self.n_players) if st.active[s])
            winners = tuple(s for s in range(self.n_players) if st.active[s] and len(st.hands[s]) == fewest)
            return _over(st, winners, _revised(reveal, round_end="limit", emptied=emptied))
        if emptied:
            st = st._replace(active=tuple(s in emptied for s in range(self.n_players)))
            return _to_draw(st, emptied, Phase.PLAYOFF, _revised(reveal, round_end="playoff", emptied=emptied))
        return st._replace(seat=st.active.index(True), round=st.round + 1, phase=Phase.PLAY, last=reveal)


_DRAW_RULES = {Phase.DEAL: "T1", Phase.DRAW: "T3", Phase.PLAYOFF: "T5", Phase.PLAY: "T2"}


# ---------------------------------------------------------------------- a seeded order
def shuffle_order(rng: np.random.Generator, n_cards: int) -> tuple[tuple[int, ...], int]:
    """A seeded game's hidden order: the shuffle of the deck (card id ``k`` is
    ``deck[order[k]]``) and the key of its reshuffles (T6)."""
    order = tuple(int(i) for i in rng.permutation(n_cards))
    key = int(rng.integers(0, MAX_SEED))
    return order, key


class DrawOrder:
    """A chance source that plays a seeded order: the deal and every draw take the lowest
    card id still in the pile (the deck was shuffled before the ids were given); after the
    ``k``-th reshuffle the pile is drawn in the order ``default_rng([key, k − 1])`` shuffles
    the removed cards, taken in the order they were removed (T6, D14). The shuffle depends
    only on the key and how many reshuffles came before, so replays repeat it."""

    __slots__ = ("_key", "_orders")

    def __init__(self, key: int) -> None:
        self._key = key
        self._orders: dict[tuple[int, tuple[int, ...]], tuple[int, ...]] = {}

    def pile_order(self, state: TimelineState) -> tuple[int, ...]:
        """The cards of the pile, top first."""
        if not state.reshuffled:
            return state.pile  # in id order
        pile = set(state.pile)
        return tuple([card for card in self._order(state) if card in pile])

    def _order(self, state: TimelineState) -> tuple[int, ...]:
        k, removed = len(state.reshuffled), state.reshuffled[-1]
        order = self._orders.get((k, removed))
        if order is None:
            shuffle = np.random.default_rng([self._key, k - 1]).permutation(len(removed))
            order = self._orders[(k, removed)] = tuple(removed[i] for i in shuffle)
        return order

    def __call__(self, state: TimelineState) -> Draw:
        if not state.reshuffled:
            return Draw(state.pile[0])
        pile = set(state.pile)
        return Draw(next(card for card in self._order(state) if card in pile))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DrawOrder) and other._key == self._key

    def __hash__(self) -> int:
        return hash(self._key)


# ---------------------------------------------------------------------- pure helpers
def fits(years: Sequence[int], gap: int, year: int) -> bool:
    """T3/T4: not earlier than the left neighbour and not later than the right one."""
    left_ok = gap == 0 or years[gap - 1] <= year
    right_ok = gap == len(years) or year <= years[gap]
    return left_ok and right_ok


def _to_draw(st: TimelineState, seats: tuple[int, ...], phase: Phase, reveal: Reveal) -> TimelineState:
    """``seats`` draw next, one card each. An empty pile is first refilled with the removed
    cards (T6, D14); with no card anywhere (only in practice: every card lies in the
    timeline) the game is over."""
    if not st.pile and st.removed:
        st = st._replace(pile=tuple(sorted(st.removed)), removed=(), reshuffled=(*st.reshuffled, st.removed))
        reveal = _revised(reveal, reshuffled=True)
    if not st.pile:
        return st._replace(phase=Phase.OVER, drawing=(), last=reveal)
    return st._replace(phase=phase, drawing=seats, last=reveal)


def _revised(
    reveal: Reveal,
    *,
    drew: bool | None = None,
    reshuffled: bool | None = None,
    round_end: str | None = None,
    emptied: tuple[int, ...] | None = None,
) -> Reveal:
    """``reveal`` with what followed the play (the draws, the end of the round)."""
    return Reveal(
        reveal.seat,
        reveal.card,
        reveal.gap,
        reveal.correct,
        reveal.left_year,
        reveal.right_year,
        reveal.drew if drew is None else drew,
        reveal.reshuffled if reshuffled is None else reshuffled,
        reveal.round_end if round_end is None else round_end,
        reveal.emptied if emptied is None else emptied,
    )


def _over(st: TimelineState, winners: tuple[int, ...], reveal: Reveal) -> TimelineState:
    return st._replace(phase=Phase.OVER, winners=winners, drawing=(), last=reveal)


_T = TypeVar("_T")


def _with_item(values: tuple[_T, ...], index: int, value: _T) -> tuple[_T, ...]:
    return (*values[:index], value, *values[index + 1 :])


def _check_hand_size(players: int, hand_size: int | None) -> int:
    if players == 1:
        return 0  # T8: no dealt hand; the card to place is drawn
    if hand_size is None:
        return hand_size_for(players)
    if isinstance(hand_size, bool) or not isinstance(hand_size, (int, np.integer)) or not 1 <= hand_size <= MAX_HAND:
        raise ArgumentError(f"T1: a hand holds 1–{MAX_HAND} cards, not {hand_size!r}", rule="T1")
    return int(hand_size)


def _check_mistakes(mistakes: int) -> int:
    if isinstance(mistakes, bool) or not isinstance(mistakes, (int, np.integer)) or not 1 <= mistakes <= MAX_MISTAKES:
        raise ArgumentError(f"T8: the mistake limit is 1–{MAX_MISTAKES}, not {mistakes!r}", rule="T8")
    return int(mistakes)
