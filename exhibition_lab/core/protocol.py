"""The game protocol: a game's rules as pure functions of immutable states.

Every game of the package (Exhibition, Timeline) states its rules once, as a subclass of
:class:`Rules`, in the shape OpenSpiel and pgx share:

- :meth:`Rules.initial` gives the state before anything is dealt; dealing is chance.
- :meth:`Rules.current_player` is a seat, :data:`CHANCE` at a chance node, or
  :data:`TERMINAL` once the game is over.
- At a decision node :meth:`Rules.legal_moves` lists what the seat to move may do; at a
  chance node it lists the outcomes, with their odds in :meth:`Rules.chance_odds`. What is
  still hidden (a stock, a draw pile) is part of the state as a *set*: its order is never
  fixed in advance, so a shuffled order is only one way to sample the outcomes.
- :meth:`Rules.next_state` returns the state after one move or outcome; the given state is
  never changed.
- :meth:`Rules.view` is what one seat may know; :meth:`Rules.resample` draws a state that seat
  cannot tell apart from the true one (for search over hidden information).
- :meth:`Rules.returns` gives every seat's result, within :attr:`GameInfo.min_utility` and
  :attr:`GameInfo.max_utility`.

Moves are readable values (``take 1969NA``); every move and chance outcome also has an
integer id in a fixed action space (:meth:`Rules.encode`, :meth:`Rules.decode`), which is
what the integer API (:meth:`Rules.legal_ids`, :meth:`Rules.child`,
:meth:`Rules.chance_outcomes`) speaks, as the game-AI frameworks expect. Its names say what
they give: ``legal_ids`` gives integers (a game's ``legal_actions()`` gives the moves
themselves), and ``child`` returns a new state (a game's ``apply`` changes that game).

A game writes the typed half; the integer half is written here once.
"""

from __future__ import annotations

import warnings
from abc import ABC, abstractmethod
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

import numpy as np

from .checks import check_action
from .errors import ArgumentError, ExhibitionLabError, NotationError

#: :meth:`Rules.current_player` at a chance node (OpenSpiel's ``kChancePlayerId``).
CHANCE = -1
#: :meth:`Rules.current_player` once the game is over (OpenSpiel's ``kTerminalPlayerId``).
TERMINAL = -4

S = TypeVar("S", bound=Hashable)  # a state: immutable and hashable
M = TypeVar("M", bound=Hashable)  # a move or chance outcome: immutable and hashable
V = TypeVar("V")  # what one seat sees


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What a game declares about itself (OpenSpiel's ``GameInfo``): the sizes a learner
    or a search allocates for, and the bounds a test checks every play against."""

    num_players: int
    num_distinct_actions: int  # player actions have ids 0 … num_distinct_actions − 1
    max_chance_outcomes: int  # chance outcomes have ids 0 … max_chance_outcomes − 1
    max_game_length: int  # decisions and chance outcomes together, at most
    min_utility: float
    max_utility: float
    utility_sum: float | None = None  # the sum of the returns when it is constant, else None


class Rules(ABC, Generic[S, M, V]):
    """A game's rules: pure functions of an immutable state ``S``, with moves ``M`` and
    views ``V``. Subclasses implement the abstract methods; the integer API comes free."""

    #: A short machine name, e.g. ``"exhibition"``.
    name: str = "game"

    # ------------------------------------------------------------------ what a game writes
    @property
    @abstractmethod
    def info(self) -> GameInfo:
        """Sizes and bounds of this game."""

    @abstractmethod
    def initial(self) -> S:
        """The state before anything is dealt (usually a chance node)."""

    @abstractmethod
    def current_player(self, state: S) -> int:
        """The seat to move, :data:`CHANCE` or :data:`TERMINAL`."""

    @abstractmethod
    def legal_moves(self, state: S) -> Sequence[M]:
        """The moves of the seat to move, in a fixed order; the outcomes at a chance node;
        nothing once the game is over."""

    @abstractmethod
    def next_state(self, state: S, move: M) -> S:
        """The state after ``move``; raises :class:`~exhibition_lab.core.errors.IllegalAction`
        naming the rule when the move is not allowed, and never changes ``state``."""

    @abstractmethod
    def returns(self, state: S) -> tuple[float, ...]:
        """Every seat's result: the final one at a terminal state, as things stand before."""

    @abstractmethod
    def view(self, state: S, seat: int) -> V:
        """What ``seat`` may know of ``state``."""

    @abstractmethod
    def resample(self, state: S, seat: int, rng: np.random.Generator) -> S:
        """A state ``seat`` cannot tell apart from ``state``, with what it cannot see drawn
        from ``rng`` (OpenSpiel's ``resample_from_infostate``)."""

    @abstractmethod
    def encode(self, state: S, move: M) -> int:
        """The integer id of ``move`` (or of a chance outcome) in ``state``."""

    @abstractmethod
    def decode(self, state: S, action: int) -> M:
        """The move (or chance outcome) with id ``action`` in ``state``."""

    @abstractmethod
    def parse_move(self, state: S, text: str) -> M:
        """The move written ``text`` (its ``str``); raises :class:`NotationError`."""

    def next_trusted(self, state: S, move: M) -> S:
        """:meth:`next_state` for a move taken from :meth:`legal_moves` of this very state;
        a game whose checks are costly skips them here (python-chess's ``push`` contract)."""
        return self.next_state(state, move)

    def chance_odds(self, state: S) -> list[tuple[M, float]]:
        """Each chance outcome with its probability; every outcome equally likely unless
        a game says otherwise."""
        outcomes = self.legal_moves(state)
        if not outcomes:
            return []
        p = 1.0 / len(outcomes)
        return [(o, p) for o in outcomes]

    # ------------------------------------------------------------------ written once here
    def is_terminal(self, state: S) -> bool:
        return self.current_player(state) == TERMINAL

    def is_chance_node(self, state: S) -> bool:
        return self.current_player(state) == CHANCE

    def legal_ids(self, state: S) -> list[int]:
        """The ids of :meth:`legal_moves`, ascending (OpenSpiel's order)."""
        return sorted(self.encode(state, m) for m in self.legal_moves(state))

    def legal_action_mask(self, state: S) -> np.ndarray:
        """A boolean mask over the player action space (pgx's ``legal_action_mask``)."""
        mask = np.zeros(self.info.num_distinct_actions, dtype=bool)
        if not self.is_chance_node(state):
            mask[self.legal_ids(state)] = True
        return mask

    def chance_outcomes(self, state: S) -> list[tuple[int, float]]:
        """``(id, probability)`` of every chance outcome, ids ascending."""
        return sorted((self.encode(state, o), p) for o, p in self.chance_odds(state))

    def child(self, state: S, action: int) -> S:
        """The state after the move or outcome with id ``action``; ``state`` is unchanged
        (OpenSpiel's ``State.child``)."""
        info = self.info
        checked = check_action(action, max(info.num_distinct_actions, info.max_chance_outcomes))
        return self.next_state(state, self.decode(state, checked))

    def action_to_string(self, state: S, action: int) -> str:
        return str(self.decode(state, action))

    def string_to_action(self, state: S, text: str) -> int:
        return self.encode(state, self.parse_move(state, text))

    # ------------------------------------------------------------------ earlier names
    def legal_actions(self, state: S) -> list[int]:
        """Deprecated name of :meth:`legal_ids`: a game's ``legal_actions()`` gives moves, not ids."""
        warnings.warn("Rules.legal_actions is deprecated: use legal_ids", DeprecationWarning, stacklevel=2)
        return self.legal_ids(state)

    def apply(self, state: S, action: int) -> S:
        """Deprecated name of :meth:`child`: a game's ``apply`` changes the game, this returns a new state."""
        warnings.warn("Rules.apply is deprecated: use child", DeprecationWarning, stacklevel=2)
        return self.child(state, action)

    def sample_chance(self, state: S, rng: np.random.Generator) -> M:
        """One chance outcome drawn with its probability."""
        odds = self.chance_odds(state)
        if not odds:
            raise ArgumentError("no chance outcome here: this is not a chance node")
        weights = np.array([p for _, p in odds])
        return odds[int(rng.choice(len(odds), p=weights / weights.sum()))][0]

    def play_out(self, state: S, rng: np.random.Generator, *, limit: int | None = None) -> S:
        """The state after uniformly random moves and chance outcomes to the end."""
        limit = self.info.max_game_length if limit is None else limit
        for _ in range(limit + 1):
            if self.is_terminal(state):
                return state
            if self.is_chance_node(state):
                state = self.next_state(state, self.sample_chance(state, rng))
            else:
                moves = self.legal_moves(state)
                state = self.next_state(state, moves[int(rng.integers(len(moves)))])
        raise ExhibitionLabError(f"{self.name}: no end after {limit} steps, beyond the declared maximum game length")


def parse_int(text: str, *, what: str = "a number", most: int | None = None) -> int:
    """A non-negative whole number written in ASCII digits; anything else (``²``, ``٣``,
    ``+1``, ``1_000``) raises :class:`NotationError` naming the token, and so does a number
    above ``most`` (read without converting a text of a thousand digits)."""
    if not (text.isascii() and text.isdigit()):
        raise NotationError(f"{what} is written in the digits 0–9, not {text!r:.80}", token=text[:80])
    if most is not None and (len(text.lstrip("0")) > len(str(most)) or int(text) > most):
        raise NotationError(f"{what} is at most {most}, not {text:.80}", token=text[:80])
    return int(text)
