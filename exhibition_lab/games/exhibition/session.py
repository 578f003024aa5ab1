"""A play session of Exhibition: a game, which seats are people and which are bots, and the
facts the apps show about it.

:class:`PlaySession` is the game's :class:`~exhibition_lab.core.session.Session`: seats,
:meth:`~exhibition_lab.core.session.Session.act`, the bots' turns and Undo to a person's last
decision come from there. This module adds what Exhibition's apps need to know — which spots
the card in hand fits, which turns the others played since yours, which tile cards came since
your last decision, what Undo would take back, the live score sheet — as facts, never as
sentences: the ``ui`` layer says them (:mod:`exhibition_lab.ui.text.play`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from ...core.errors import ArgumentError
from ...core.seeding import MAX_SEED
from ...core.session import HUMAN, Session, UndoRefusal
from .agents import BOTS, Bot
from .game import Game, Phase
from .rules.actions import Action, EndExhibition, Place, Take
from .rules.cards import Card
from .rules.deal import MAX_PLAYERS, YOU
from .rules.goals import SECRET_DECADE
from .rules.hall import DEPOT_SIZE
from .rules.layout import Layout
from .rules.scoring import PlayerScore, ScoreSheet

__all__ = [
    "HUMAN",
    "SEAT_KINDS",
    "YOU",
    "PlaySession",
    "SetUp",
    "Turn",
    "UndoRefusal",
    "UndoScope",
]

SEAT_KINDS = (HUMAN, *BOTS)
#: A round of turns is at most a few actions per seat: the window the "since your last turn"
#: facts look back through.
ACTIONS_PER_TURN = 8


@dataclass(frozen=True)
class SetUp:
    """What a new game is made of, kept so that "Play again" can deal the same set-up anew."""

    seats: tuple[str, ...] = (HUMAN, "greedy")
    names: tuple[str, ...] = ()
    seed: int = 0
    variations: tuple[str, ...] = ()
    secret_decades: bool = False

    def deals_like(self, other: SetUp) -> bool:
        """Whether ``other`` deals the same cards: the same seed, number of players,
        variations and Secret Decade (names and bot kinds do not change the deal)."""
        return (self.seed, len(self.seats), self.variations, self.secret_decades) == (
            other.seed,
            len(other.seats),
            other.variations,
            other.secret_decades,
        )

    def next(self) -> SetUp:
        """The same set-up with the next seed: a new deal, the same players and rules. After
        the largest seed comes 0, so Play again never leaves the seed range."""
        return replace(self, seed=(self.seed + 1) % MAX_SEED)


@dataclass(frozen=True)
class Turn:
    """One turn of one seat: the actions ``game.history[start:stop]`` (a take, a move after a
    white card, the placement — or the actions of it played so far)."""

    seat: int
    start: int
    stop: int


@dataclass(frozen=True)
class UndoScope:
    """What :meth:`PlaySession.undo` would take back: the decision of ``owner`` at
    ``game.history[index]`` (``card`` is the card it concerned, if any), whether the forced
    end of that seat's exhibition goes back with it, and the other seats whose turns follow
    it (in the order they played)."""

    owner: int
    index: int
    decision: Action
    card: Card | None
    forced_end: bool
    others: tuple[int, ...]


class PlaySession(Session[Game]):
    """One game with a kind per seat (``"human"`` or a bot name).

    A person's actions go through :meth:`act`; the bots then play until a person is to move
    or the game is over. :meth:`undo` takes back the last real decision of a person: a forced
    move (the only legal one, e.g. the End exhibition left when the card fits nowhere and the
    Depot is full, R10a) goes back with the decision before it, so Undo never offers the same
    forced move again — at game over too. Hot-seat (several people at one screen): each takes
    back only their own decisions.
    """

    bots = BOTS
    rng_key = 0x5E55

    def __init__(self, game: Game, seats: Sequence[str | Bot], *, seed: int = 0, you: str = YOU) -> None:
        super().__init__(game, seats, seed=seed)
        #: the name that stands for the person at the screen (the apps say "you" to it): the
        #: default name of a lone person, in the reader's language
        self.you = you
        self.setup = SetUp(
            tuple(self.seats), tuple(game.players), seed, game.layout.variations, game.secret_decades is not None
        )

    @classmethod
    def new(
        cls,
        seats: Sequence[str] = (HUMAN, "greedy"),
        *,
        names: Sequence[str] | None = None,
        seed: int = 0,
        variations: Sequence[str] = (),
        secret_decades: bool = False,
        you: str = YOU,
        kind_words: Mapping[str, str] | None = None,
    ) -> PlaySession:
        """A new game: one kind per seat (1 to ``MAX_PLAYERS`` seats), optional names, variation
        showcases; ``you`` is the default name of a lone person (:data:`YOU`, or its
        translation), ``kind_words`` the word a default name gives each seat kind (see
        :meth:`default_names`)."""
        if not 1 <= len(seats) <= MAX_PLAYERS:
            raise ArgumentError(f"a game has 1 to {MAX_PLAYERS} players (R4), not {len(seats)}", rule="R4")
        names = list(names) if names else cls.default_names(seats, you=you, kind_words=kind_words)
        layout = Layout.base().with_variations(*variations)
        game = Game.new(names, seed=seed, layout=layout, secret_decades=secret_decades)
        session = cls(game, seats, seed=seed, you=you)
        session.run_bots()
        return session

    @classmethod
    def from_setup(cls, setup: SetUp, *, you: str = YOU) -> PlaySession:
        """A new game from a :class:`SetUp` (names default as in :meth:`new`)."""
        return cls.new(
            setup.seats,
            names=setup.names or None,
            seed=setup.seed,
            variations=setup.variations,
            secret_decades=setup.secret_decades,
            you=you,
        )

    def again(self) -> PlaySession:
        """Play again: the same players and rules, a new deal (the next seed)."""
        return type(self).from_setup(self.setup.next(), you=self.you)

    @staticmethod
    def default_names(
        seats: Sequence[str], *, you: str = YOU, kind_words: Mapping[str, str] | None = None
    ) -> list[str]:
        """``you`` (:data:`YOU` unless told) for a lone person, ``Human 1``, ``Greedy 2`` …
        otherwise (seats from 1); ``kind_words`` gives a seat kind's word in the reader's language
        (``{"greedy": "Codicioso"}``), the kind's own name capitalised where it has none."""
        words = kind_words or {}
        names = []
        for k, kind in enumerate(seats):
            word = words.get(kind, kind.capitalize())
            names.append(you if kind == HUMAN and seats.count(HUMAN) == 1 else f"{word} {k + 1}")
        return names

    # ------------------------------------------------------------------ who is who
    def is_addressed(self, seat: int) -> bool:
        """Whether the apps say "you" to this seat's player rather than its name."""
        return self.game.players[seat] == self.you

    @property
    def placing(self) -> bool:
        """A person holds a card to place now."""
        return self.humans_turn and self.game.phase is Phase.PLACE

    # ------------------------------------------------------------------ what is legal
    def legal_spots(self) -> list[tuple[int, int]]:
        """The hall spots the card in hand may go to now, as ``(showcase, spot)``."""
        return [(a.showcase, a.spot) for a in self.game.legal_actions() if isinstance(a, Place)]

    def can(self, kind: type) -> bool:
        """Whether a person may make an action of this kind (Take, Move, Place, ToDepot,
        EndExhibition) now."""
        return self.humans_turn and any(isinstance(a, kind) for a in self.game.legal_actions())

    def takeable(self) -> set[Card]:
        """The tile cards a person may take now (R7)."""
        if not self.humans_turn:
            return set()
        return {a.card for a in self.game.legal_actions() if isinstance(a, Take)}

    def hand_fits_nowhere(self) -> bool:
        """A person holds a card that no spot of their hall takes (R10a: Depot or the end)."""
        return self.placing and not self.legal_spots()

    def depot_is_full(self) -> bool:
        return len(self.game.hall(self.game.current).depot) >= DEPOT_SIZE

    def ends_exhibition_if_taken(self, card: Card) -> bool:
        """Taking ``card`` now would leave it no spot of the person's hall and no Depot
        place (full): the turn could only end their exhibition (R10a). Said before the take,
        so a full Depot is no trap."""
        game = self.game
        if not self.humans_turn or game.phase is not Phase.TAKE or not self.depot_is_full():
            return False
        return not game.hall(game.current).legal_spots(card, game.others(), players=game.n_players)

    # ------------------------------------------------------------------ turns
    def turns_since(self, start: int) -> list[Turn]:
        """The actions ``game.history[start:]`` grouped into turns: a turn begins at a take
        or where another seat acts."""
        turns: list[Turn] = []
        history = self.game.history
        for k in range(start, len(history)):
            seat, action = history[k]
            if turns and turns[-1].seat == seat and not isinstance(action, Take):
                turns[-1] = replace(turns[-1], stop=k + 1)
            else:
                turns.append(Turn(seat, k, k + 1))
        return turns

    def turn_start(self, index: int) -> int:
        """The history index where the turn holding ``history[index]`` began (its take)."""
        history = self.game.history
        while 0 < index < len(history) and not isinstance(history[index][1], Take):
            index -= 1
        return index

    def others_last_turns(self) -> list[Turn]:
        """The other players' turns since the viewer's previous turn (what happened while
        the viewer was not deciding); in a solo game, the last full turn while the next one
        is under way."""
        game = self.game
        window = max(0, len(game.history) - ACTIONS_PER_TURN * game.n_players)
        turns = self.turns_since(self.turn_start(window))
        viewer = self.viewer
        k = len(turns)
        if self.humans_turn and not game.is_over:
            while k and turns[k - 1].seat == viewer:
                k -= 1  # the viewer's own turn in progress
        # at the end the viewer's last turn is finished: only the turns after it are told
        # (none when the viewer's turn ended the game, D4)
        others = []
        while k and turns[k - 1].seat != viewer:
            others.append(turns[k - 1])
            k -= 1
        if others or game.n_players > 1:
            return others[::-1]
        # solo: while a turn is under way (told in the message line), the turn before it
        in_progress = self.humans_turn and game.phase is not Phase.TAKE
        finished = [t for t in turns if t.seat == viewer][:-1]
        return finished[-1:] if in_progress else []

    def cards_of_last_turns(self) -> set[Card]:
        """The cards the other players took in :meth:`others_last_turns` (marked in their
        halls): the card taken is the card placed or put in the Depot."""
        game = self.game
        turns = self.others_last_turns()
        if not turns or game.n_players == 1:
            return set()
        seats = {t.seat for t in turns}
        viewer = self.viewer
        cards: set[Card] = set()
        for seat, action in reversed(game.history[-ACTIONS_PER_TURN * game.n_players :]):
            if seat == viewer and cards:
                break  # back at the viewer's previous turn
            if seat in seats and seat != viewer and isinstance(action, Take):
                cards.add(action.card)
        return cards

    def recent_takes(self) -> list[Card]:
        """The cards taken in the last round of turns (named by year alone when several
        turns share a line)."""
        window = self.game.history[-ACTIONS_PER_TURN * self.game.n_players :]
        return [a.card for _, a in window if isinstance(a, Take)]

    def has_finished_a_turn(self, seat: int) -> bool:
        """Whether ``seat`` has played a whole turn already (the turn under way does not count)."""
        game = self.game
        takes = sum(1 for s, action in game.history if s == seat and isinstance(action, Take))
        if self.humans_turn and game.current == seat and game.phase is not Phase.TAKE:
            takes -= 1
        return takes > 0

    def tile_before_last_action(self, seat: int) -> set[Card]:
        """The open cards as they lay just before ``seat``'s latest action (the tile at the
        start of the game when ``seat`` has not acted yet); the game itself is not changed."""
        game = self.game
        history = game.history
        last = next((k for k in range(len(history) - 1, -1, -1) if history[k][0] == seat), 0)
        past = game.copy()
        for _ in range(len(history) - last):
            past.undo()
        return {c for cards in past.market.values() for c in cards}

    def new_tile_cards(self) -> set[Card]:
        """The tile cards that came since the viewer's last decision (R9 refills). Read from
        the game itself, so a redraw, a refused click or an Undo shows the marks the position
        had when it was first reached."""
        now = {c for cards in self.game.market.values() for c in cards}
        return now - self.tile_before_last_action(self.viewer)

    # ------------------------------------------------------------------ undo
    def undo_scope(self) -> UndoScope | None:
        """What :meth:`undo` would take back now (``None`` when there is nothing)."""
        last = self.last_decision()
        if last is None:
            return None
        history = self.game.history
        owner, action = history[last]
        forced_end = not isinstance(action, EndExhibition) and any(
            seat == owner and isinstance(a, EndExhibition) for seat, a in history[last + 1 :]
        )
        others: list[int] = []
        for turn in self.turns_since(last + 1):
            if turn.seat != owner and turn.seat not in others:
                others.append(turn.seat)
        return UndoScope(owner, last, action, self.card_of(last), forced_end, tuple(others))

    def card_of(self, index: int) -> Card | None:
        """The card the action ``game.history[index]`` concerned: the card taken, or the card
        of the take before a move, a placement or a Depot move."""
        for _, action in reversed(self.game.history[: index + 1]):
            if isinstance(action, Take):
                return action.card
        return None

    # ------------------------------------------------------------------ the score
    def live_score(self) -> ScoreSheet:
        """The engine's explained score of the halls as they stand (:meth:`Game.score`),
        with hidden information left out until the end: another seat's Secret Decade
        line (V7) is dropped, so its total is what the others may know."""
        sheet = self.game.score()
        if self.game.is_over or self.game.secret_decades is None:
            return sheet
        viewer = self.viewer
        scores = {}
        for seat, name in enumerate(self.game.players):
            score = sheet[name]
            if seat != viewer:
                lines = tuple(line for line in score.lines if line.goal != SECRET_DECADE.key)
                score = PlayerScore(score.name, lines, score.tiebreak, score.scale)
            scores[name] = score
        return ScoreSheet(scores)

    def hidden_from_viewer(self) -> bool:
        """Other seats' Secret Decades are hidden from the viewer now (V7)."""
        return self.game.secret_decades is not None and not self.game.is_over
