"""The bridge from a game's :class:`~exhibition_lab.core.protocol.Rules` to OpenSpiel: a state
(:class:`ProtocolState`) and a game (:class:`ProtocolGame`) whose every answer comes from the
rules, and the type and sizes OpenSpiel is told. Each game's own module
(:mod:`.openspiel_exhibition`, :mod:`.openspiel_timeline`) names itself, reads its parameters
and says how its seats observe, then registers itself.
"""

from __future__ import annotations

try:
    import pyspiel
except ImportError as error:  # the extra is not installed
    raise ImportError(
        'exhibition_lab.openspiel needs OpenSpiel; install the extra with: pip install "exhibition_lab[ai]"',
        name="pyspiel",
    ) from error

import re
from collections.abc import Callable
from typing import Any, ClassVar

import numpy as np

from ..core.checks import check_action
from ..core.errors import ArgumentError
from ..core.protocol import CHANCE, Rules, parse_int
from ..games.exhibition.rules.actions import Place
from ..games.exhibition.rules.turns import Setup

#: A game's parameters as OpenSpiel passes them: names to bools, ints, floats and strings.
Params = dict[str, Any]

#: OpenSpiel's private-information kinds as the observers name them.
PRIVATE = {
    pyspiel.PrivateInfoType.SINGLE_PLAYER: "own",
    pyspiel.PrivateInfoType.ALL_PLAYERS: "all",
    pyspiel.PrivateInfoType.NONE: "none",
}


class PlayerError(ArgumentError, pyspiel.SpielError):  # type: ignore[misc]  # untyped pyspiel
    """A player number that is not a seat of the game: the package's ``ArgumentError`` and,
    for OpenSpiel's own checks, a ``pyspiel.SpielError``."""


def check_player(player: object, players: int) -> int:
    """``player`` as a seat from 0 to ``players − 1`` (R4), or :class:`PlayerError`."""
    try:
        return check_action(player, players, what="a player (a seat, R4)")
    except ArgumentError:
        # OpenSpiel's own checks are worded so; its API test reads the words
        message = f"a player is a seat, R4 (player >= 0 and player < {players}), not {player!r:.80}"
        raise PlayerError(message, rule="R4") from None


def game_type(
    short_name: str,
    long_name: str,
    players: tuple[int, int],
    parameters: Params,
    utility: Any = pyspiel.GameType.Utility.GENERAL_SUM,
    information: Any = pyspiel.GameType.Information.IMPERFECT_INFORMATION,
) -> Any:
    """The OpenSpiel game type of a game of ``players`` (fewest, most) seats, with the given
    utility model and information."""
    fewest, most = players
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=information,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=most,
        min_num_players=fewest,
        provides_information_state_string=True,
        # a tensor of the present view is not an information state: a perfect-recall
        # algorithm needs the history, which the information-state string carries
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


def variations_of(text: object) -> tuple[str, ...]:
    """The variation keys of a ``variations`` parameter: ``"links+short_era"`` (spaces work too)."""
    if not isinstance(text, str):
        raise ArgumentError(f"variations are keys joined by '+', such as 'links+short_era', not {text!r}")
    return tuple(part for part in re.split(r"[+\s]+", text.strip()) if part)


def known_parameters(name: str, defaults: Params, params: Params) -> Params:
    """``params`` over ``defaults``; a parameter the game does not have raises ``ArgumentError``."""
    unknown = sorted(set(params) - set(defaults))
    if unknown:
        raise ArgumentError(f"{name} has no parameter {unknown[0]!r}; its parameters are {', '.join(defaults)}")
    return {**defaults, **params}


def game_info(rules: Rules[Any, Any, Any]) -> Any:
    """OpenSpiel's sizes and bounds, as the rules declare them. OpenSpiel's game length counts
    decision nodes only: Exhibition's is :attr:`Setup.max_decisions`; Timeline's stays its
    count of every step, an upper bound."""
    info = rules.info
    longest = rules.max_decisions if isinstance(rules, Setup) else info.max_game_length
    two_seat_margin = isinstance(rules, Setup) and rules.utility == "margin" and rules.n_players == 2
    return pyspiel.GameInfo(
        num_distinct_actions=info.num_distinct_actions,
        max_chance_outcomes=info.max_chance_outcomes,
        num_players=info.num_players,
        min_utility=info.min_utility,
        max_utility=info.max_utility,
        utility_sum=0.0 if two_seat_margin else info.utility_sum,
        max_game_length=longest,
    )


class _Ids:
    """Action ids of moves, as the rules' :class:`ActionSpace` gives them; the deck's own card
    objects (the only ones in play) are found by identity, which search and rollouts ask for
    millions of times."""

    def __init__(self, rules: Setup) -> None:
        self._rules = rules
        self._cards = {id(card): k for k, card in enumerate(rules.deck)}
        # a placement's id: the placements' first id, then the hall's spots in layout order (R10)
        self._place_base, self._starts = rules.space.place_base, rules.space.starts

    def __call__(self, state: Any, move: Any) -> int:
        if type(move) is Place:  # most of a seat's choices, every placement turn
            return self._place_base + self._starts[move.showcase] + move.spot
        card = getattr(move, "card", None)  # take k and draw k both have id k
        found = None if card is None else self._cards.get(id(card))
        return self._rules.encode(state, move) if found is None else found


def ids_of(rules: Rules[Any, Any, Any]) -> Callable[[Any, Any], int]:
    """The fastest encoder of moves as ids for these rules."""
    return _Ids(rules) if isinstance(rules, Setup) else rules.encode


def id_bound(rules: Rules[Any, Any, Any]) -> int:
    """One more than the largest id of an action or a chance outcome of ``rules``."""
    info = rules.info
    return max(info.num_distinct_actions, info.max_chance_outcomes)


class Now:
    """A state's rules and immutable rule state. OpenSpiel clones a Python state by deep-copying
    its attributes; a ``Now`` is never changed (applying an action makes a new one), so a
    clone shares it and costs microseconds. What is worked out from the state once (the legal
    moves, the chance outcomes, a view's arrays) is kept on it."""

    __slots__ = ("bound", "cache", "ids", "legal", "player", "rules", "shared", "state")

    def __init__(
        self,
        rules: Rules[Any, Any, Any],
        state: Any,
        ids: Callable[[Any, Any], int],
        bound: int,
        shared: dict[str, Any] | None = None,
    ) -> None:
        self.rules = rules
        self.state = state
        self.ids = ids
        self.bound = bound  # ids of actions and chance outcomes lie below it
        self.legal: dict[int, Any] | None = None  # the seat's moves by id, once asked for
        self.player: int = rules.current_player(state)  # OpenSpiel asks for it many times a step
        self.cache: dict[object, Any] = {}  # answers worked out from this state, by name
        #: what every state of one game shares (an observer, the deck's ids), by name
        self.shared: dict[str, Any] = {} if shared is None else shared

    def __deepcopy__(self, memo: dict[int, Any]) -> Now:
        return self

    def __getstate__(self) -> tuple[Any, Any]:
        return self.rules, self.state

    def __setstate__(self, values: tuple[Any, Any]) -> None:
        self.rules, self.state = values
        self.ids = ids_of(self.rules)
        self.bound = id_bound(self.rules)
        self.legal = None
        self.player = self.rules.current_player(self.state)
        self.cache = {}
        self.shared = {}

    def then(self, state: Any) -> Now:
        return Now(self.rules, state, self.ids, self.bound, self.shared)

    def moves(self) -> dict[int, Any]:
        if self.legal is None:
            state, ids = self.state, self.ids
            self.legal = {ids(state, move): move for move in self.rules.legal_moves(state)}
        return self.legal


class ProtocolState(pyspiel.State):  # type: ignore[misc]  # pyspiel ships no type information
    """An OpenSpiel state over a state of a game's :class:`~exhibition_lab.core.protocol.Rules`:
    every answer comes from the rules (the integer API of the protocol)."""

    #: the ids that replay to this state when they are not its history (a resampled state)
    _replayed: list[int] | None = None

    def __init__(self, game: ProtocolGame, state: Any = None) -> None:
        super().__init__(game)
        # OpenSpiel builds a clone through this constructor too: the game keeps its start
        self._now: Now = game.start if state is None else game.start.then(state)

    @property
    def rules(self) -> Any:
        return self._now.rules

    @property
    def rule_state(self) -> Any:
        """The rule state, e.g. Exhibition's :class:`~exhibition_lab.games.exhibition.rules.turns.State`."""
        return self._now.state

    @property
    def now(self) -> Now:
        """The rules and rule state together, with what was worked out from them."""
        return self._now

    # ------------------------------------------------------------------ OpenSpiel's API
    def current_player(self) -> int:
        return self._now.player

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._now.moves())

    def is_chance_node(self) -> bool:
        """Whether chance moves next, answered here rather than by a round trip through
        OpenSpiel's C++ state, which asks :meth:`current_player` back."""
        return self._now.player == CHANCE

    def is_player_node(self) -> bool:
        """Whether a seat moves next, answered here as :meth:`is_chance_node` is."""
        return self._now.player >= 0

    def legal_actions(self, player: object = None) -> list[int]:
        """OpenSpiel's ``legal_actions``: at a seat's decision, for that seat (or no seat
        named), the ids of :meth:`_legal_actions`, answered here without the round trip
        through OpenSpiel's C++ state (a few microseconds a call, and search asks at every
        node); every other case (chance, the end, another seat) is OpenSpiel's own answer."""
        now = self._now
        if now.player >= 0 and (player is None or (type(player) is int and player == now.player)):
            return self._legal_actions(now.player)
        return super().legal_actions() if player is None else super().legal_actions(player)  # type: ignore[no-any-return]  # pyspiel is untyped

    def apply_action(self, action: object) -> None:
        """Play ``action``, an exact whole number of the game's ids (an ``int`` or a numpy
        integer; ``ArgumentError`` otherwise, before OpenSpiel converts it); the rules refuse
        an illegal one, naming the rule, and a move after the end (R10c)."""
        if type(action) is not int or not 0 <= action < self._now.bound:  # a plain id needs no more
            action = check_action(action, self._now.bound)
        super().apply_action(action)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        now = self._now
        if not now.rules.is_chance_node(now.state):
            raise ArgumentError("no chance outcome here: this is not a chance node (chance deals, refills, draws)")
        return sorted((now.ids(now.state, outcome), p) for outcome, p in now.rules.chance_odds(now.state))

    def _apply_action(self, action: int) -> None:
        now = self._now
        move = now.moves().get(action) if now.legal is not None else None
        # a move taken from this very state's legal moves needs no re-check
        trusted = move is not None
        state = now.rules.next_trusted(now.state, move) if trusted else now.rules.child(now.state, int(action))
        self._now = now.then(state)
        if self._replayed is not None:
            self._replayed = [*self._replayed, int(action)]

    def _action_to_string(self, player: int, action: int) -> str:
        now = self._now
        text: str = now.rules.action_to_string(now.state, action)
        return text

    def is_terminal(self) -> bool:
        now = self._now
        return bool(now.rules.is_terminal(now.state))

    def returns(self) -> list[float]:
        now = self._now
        if not now.rules.is_terminal(now.state):
            return [0.0] * now.rules.info.num_players  # terminal rewards only
        return [float(value) for value in now.rules.returns(now.state)]

    def __str__(self) -> str:
        return repr(self._now.state)

    def __deepcopy__(self, memo: dict[int, Any]) -> ProtocolState:
        return self.clone()  # type: ignore[no-any-return]  # pyspiel's clone is this class

    def __copy__(self) -> ProtocolState:
        return self.clone()  # type: ignore[no-any-return]  # pyspiel's clone is this class

    def with_rule_state(self, state: Any) -> ProtocolState:
        """A clone of this state (its history kept) standing at the rule state ``state``."""
        twin: ProtocolState = self.clone()
        twin._now = self._now.then(state)
        return twin

    def resample_from_infostate(self, player_id: int, probability_sampler: Callable[[], float]) -> ProtocolState:
        """A state ``player_id`` cannot tell apart from this one, what it cannot see drawn
        anew by the rules (:meth:`Rules.resample`). Its history stays this state's: a game
        whose history would tell the redrawn cards replays a history of its own."""
        now = self._now
        twin = now.rules.resample(now.state, player_id, np.random.default_rng(int(probability_sampler() * 2**53)))
        return self.with_rule_state(twin)

    def replay_as(self, ids: list[int]) -> None:
        """Serialise as ``ids``: the history that replays to this state when it is not its
        own history (a resampled state)."""
        self._replayed = ids

    def serialize(self) -> str:
        """The action ids from the start, one a line (:meth:`ProtocolGame.deserialize_state`):
        ids that replay to this very state, a resampled one included."""
        ids = self.history() if self._replayed is None else self._replayed
        return "\n".join(str(action) for action in ids)


class ProtocolGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no type information
    """An OpenSpiel game over a game's :class:`~exhibition_lab.core.protocol.Rules`: a
    subclass names itself (``NAME``), gives its parameters (``DEFAULTS``), reads them into
    rules (:meth:`rules_of`) and says how its seats observe (``STATE``, ``OBSERVER``)."""

    NAME: ClassVar[str] = ""
    DEFAULTS: ClassVar[Params] = {}
    STATE: ClassVar[type[ProtocolState]] = ProtocolState
    OBSERVER: ClassVar[Callable[..., Any]]

    def __init__(self, params: Params | None = None) -> None:
        params = {**self.DEFAULTS, **(params or {})}
        rules = self.rules_of(params)
        super().__init__(self.type_of(rules), game_info(rules), params)
        self.rules = rules
        self.start = Now(rules, rules.initial(), ids_of(rules), id_bound(rules))

    @classmethod
    def rules_of(cls, params: Params) -> Any:
        raise NotImplementedError

    @classmethod
    def type_of(cls, rules: Any) -> Any:
        raise NotImplementedError

    @classmethod
    def registered_type(cls) -> Any:
        """The type the game is registered with: its default instance's (``pyspiel.registered_games()``
        then tells what ``load_game(name)`` gives); an instance with other parameters states its own."""
        return cls.type_of(cls.rules_of(dict(cls.DEFAULTS)))

    def new_initial_state(self) -> ProtocolState:
        return self.STATE(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Params | None = None) -> Any:
        return self.OBSERVER(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)

    def replay(self, actions: list[int]) -> ProtocolState:
        """The state after ``actions`` from the start, each checked by the rules."""
        state = self.new_initial_state()
        for action in actions:
            state.apply_action(action)
        return state

    def deserialize_state(self, text: object) -> ProtocolState:
        """The state :meth:`ProtocolState.serialize` wrote: action ids, one a line, replayed
        and checked (an illegal id raises the rules' error, naming the rule; a number beyond
        the ids raises :class:`~exhibition_lab.core.errors.NotationError`)."""
        if not isinstance(text, str):
            raise ArgumentError(f"a serialised state is text, not {type(text).__name__}")
        most = self.start.bound - 1
        lines = [line.strip() for line in text.splitlines()]
        return self.replay([parse_int(line, what="an action id", most=most) for line in lines if line])


def register(game: type[ProtocolGame]) -> None:
    """Register ``game`` with OpenSpiel under its name, with its default instance's type."""
    pyspiel.register_game(game.registered_type(), game)


__all__ = [
    "PRIVATE",
    "Now",
    "Params",
    "PlayerError",
    "ProtocolGame",
    "ProtocolState",
    "check_player",
    "game_info",
    "game_type",
    "id_bound",
    "ids_of",
    "known_parameters",
    "pyspiel",
    "register",
    "variations_of",
]
