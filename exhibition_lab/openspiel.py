"""Exhibition as OpenSpiel games: search, game theory and learning algorithms on the rules.

Importing this module registers four games with OpenSpiel (``pip install "exhibition_lab[ai]"``):

- ``python_exhibition`` — 2 to 5 players. Parameters: ``players`` (2), ``variations`` (``""``;
  variation keys joined by ``+``, e.g. ``"links+short_era"``, V1–V6a), ``secret_decades``
  (``False``, V7) and ``utility`` (``"margin"``: fame minus the best other seat's; ``"win"``:
  an equal share of 1 for the winners, R26 deciding equal totals; ``"score"``: fame).
- ``python_exhibition_solo`` — the solo game (S1–S7). Parameters: ``variations``,
  ``secret_decades`` and ``mid_century`` (``"harsh"`` or ``"tiebreak"``, D11); the return is
  the solo score on its ×100 scale (S2).
- ``python_exhibition_timeline`` — Timeline for 2 to 8 players (T1–T7), the winners sharing 1
  (T5). Parameters: ``players`` (2), ``hand_size`` (0: T1's table), ``max_rounds`` (200, D16)
  and ``deck_seed`` (0), the shuffle that numbers the cards so that an id tells nothing about a
  year (T7); ``Timeline.new(players, seed=s)`` numbers them as ``deck_seed=s`` does.
- ``python_exhibition_timeline_practice`` — Timeline alone (T8): ``mistakes`` (3) and
  ``deck_seed``; the return is the number of cards placed right.

The solo game is its own game because OpenSpiel fixes a game's utility model per game
type: a solo score is a single-agent target on another scale, while the multi-player
utilities are constant-sum (``"win"``), zero-sum (``"margin"`` with two seats) or
general-sum (the rest) — each instance states its own. Each instance also states its
information: perfect without Secret Decades (the stock is a set all seats know, its draws are
chance, like backgammon's dice), imperfect with them (search over hidden information, such as
ISMCTS, needs them on).

Everything is read from the rules (:class:`~exhibition_lab.games.exhibition.rules.turns.Setup`):
chance is explicit — the deal card by card, each refill and each Secret Decade are chance
nodes whose outcomes are the cards (or decades) that may come; actions are the integer ids
of :class:`~exhibition_lab.games.exhibition.rules.actions.ActionSpace`; a player's
observation is what that seat may know (:mod:`exhibition_lab.games.exhibition.observation`),
never the stock's order nor another seat's Secret Decade before the end.

>>> import pyspiel
>>> import exhibition_lab.openspiel
>>> game = pyspiel.load_game("python_exhibition(players=3)")
>>> state = game.new_initial_state()
>>> state.is_chance_node(), game.num_distinct_actions(), game.observation_tensor_shape()
(True, 125, [1454])
"""

from __future__ import annotations

try:
    import pyspiel
except ImportError as error:  # the extra is not installed
    raise ImportError(
        'exhibition_lab.openspiel needs OpenSpiel; install the extra with: pip install "exhibition_lab[ai]"'
    ) from error

import re
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from .core.checks import check_action
from .core.errors import ArgumentError
from .core.protocol import CHANCE, Rules, parse_int
from .core.seeding import check_seed
from .games.exhibition.agents import make_bot
from .games.exhibition.notation import write_position
from .games.exhibition.observation import EMPTY, Observer, visible_decades
from .games.exhibition.rules.actions import DealDecade, Event
from .games.exhibition.rules.cards import TILE_CARDS
from .games.exhibition.rules.deal import DECADES, MAX_PLAYERS, deal_cards, player_names
from .games.exhibition.rules.layout import Layout
from .games.exhibition.rules.scoring import SoloRules
from .games.exhibition.rules.turns import DealOrder, Phase, Setup, State
from .games.timeline.rules import (
    DEFAULT_MISTAKES,
    MAX_HAND,
    TimelineRules,
    shuffle_order,
    timeline_deck,
    timeline_player_names,
)
from .games.timeline.rules import MAX_PLAYERS as TIMELINE_PLAYERS
from .games.timeline.rules import Phase as TimelinePhase

GAME_NAME = "python_exhibition"
SOLO_NAME = "python_exhibition_solo"
TIMELINE_NAME = "python_exhibition_timeline"
PRACTICE_NAME = "python_exhibition_timeline_practice"
#: The parameters of each game and their defaults.
DEFAULTS: dict[str, dict[str, Any]] = {
    GAME_NAME: {"players": 2, "variations": "", "secret_decades": False, "utility": "margin"},
    SOLO_NAME: {"variations": "", "secret_decades": False, "mid_century": "harsh"},
    TIMELINE_NAME: {"players": 2, "hand_size": 0, "max_rounds": 200, "deck_seed": 0},
    PRACTICE_NAME: {"mistakes": DEFAULT_MISTAKES, "deck_seed": 0},
}
#: Each game's long name and its fewest and most players.
_GAMES = {
    GAME_NAME: ("Exhibition: 20th Century", 2, MAX_PLAYERS),
    SOLO_NAME: ("Exhibition: 20th Century (solo)", 1, 1),
    TIMELINE_NAME: ("Timeline with the Exhibition deck", 2, TIMELINE_PLAYERS),
    PRACTICE_NAME: ("Timeline with the Exhibition deck (practice)", 1, 1),
}
_PRIVATE = {
    pyspiel.PrivateInfoType.SINGLE_PLAYER: "own",
    pyspiel.PrivateInfoType.ALL_PLAYERS: "all",
    pyspiel.PrivateInfoType.NONE: "none",
}


def game_type(
    name: str,
    utility: pyspiel.GameType.Utility = pyspiel.GameType.Utility.GENERAL_SUM,
    information: pyspiel.GameType.Information = pyspiel.GameType.Information.IMPERFECT_INFORMATION,
) -> pyspiel.GameType:
    """The OpenSpiel game type of ``name`` with the given utility model and information."""
    long_name, fewest, most = _GAMES[name]
    return pyspiel.GameType(
        short_name=name,
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
        parameter_specification=DEFAULTS[name],
    )


def variations_of(text: str) -> tuple[str, ...]:
    """The variation keys of a ``variations`` parameter: ``"links+short_era"`` (spaces work too)."""
    if not isinstance(text, str):
        raise ArgumentError(f"variations are keys joined by '+', such as 'links+short_era', not {text!r}")
    return tuple(part for part in re.split(r"[+\s]+", text.strip()) if part)


def setup_of(name: str, params: dict[str, Any]) -> Setup:
    """The rules a game's parameters ask for; an unknown parameter or value raises
    :class:`~exhibition_lab.core.errors.ArgumentError`."""
    unknown = sorted(set(params) - set(DEFAULTS[name]))
    if unknown:
        raise ArgumentError(f"{name} has no parameter {unknown[0]!r}; its parameters are {', '.join(DEFAULTS[name])}")
    values = {**DEFAULTS[name], **params}
    layout = Layout.base().with_variations(*variations_of(values["variations"]))
    secret = values["secret_decades"]
    if not isinstance(secret, bool):
        raise ArgumentError(f"secret_decades is True or False, not {secret!r}", rule="V7")
    if name == SOLO_NAME:
        rules = SoloRules.by_name(values["mid_century"])
        return Setup(player_names(1), layout, secret_decades=secret, solo_rules=rules, utility="score")
    players = values["players"]
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= MAX_PLAYERS:
        raise ArgumentError(
            f"{GAME_NAME} has 2 to {MAX_PLAYERS} players (R4), not {players!r}; the solo game is {SOLO_NAME}", rule="R4"
        )
    return Setup(player_names(players), layout, secret_decades=secret, utility=values["utility"])


def utility_model(setup: Setup) -> pyspiel.GameType.Utility:
    """OpenSpiel's name for how the returns of ``setup`` add up."""
    if setup.utility == "win":
        return pyspiel.GameType.Utility.CONSTANT_SUM
    if setup.utility == "margin" and setup.n_players == 2:
        return pyspiel.GameType.Utility.ZERO_SUM
    return pyspiel.GameType.Utility.GENERAL_SUM


def information_model(setup: Setup) -> pyspiel.GameType.Information:
    """Without Secret Decades nothing is hidden from one seat that another sees: the stock is a
    set everybody knows and its draws are chance, as backgammon's dice are (perfect
    information); each seat's Secret Decade (V7) makes the information imperfect."""
    if setup.secret_decades:
        return pyspiel.GameType.Information.IMPERFECT_INFORMATION
    return pyspiel.GameType.Information.PERFECT_INFORMATION


def game_info(rules: Rules[Any, Any, Any]) -> pyspiel.GameInfo:
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

    def __call__(self, state: State, move: Event) -> int:
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


class _Now:
    """A state's rules and immutable rule state. OpenSpiel clones a Python state by deep-copying
    its attributes; a ``_Now`` is never changed (applying an action makes a new one), so a
    clone shares it and costs microseconds."""

    __slots__ = ("bound", "ids", "legal", "rules", "state")

    def __init__(self, rules: Rules[Any, Any, Any], state: Any, ids: Callable[[Any, Any], int], bound: int) -> None:
        self.rules = rules
        self.state = state
        self.ids = ids
        self.bound = bound  # ids of actions and chance outcomes lie below it
        self.legal: dict[int, Any] | None = None  # the seat's moves by id, once asked for

    def __deepcopy__(self, memo: dict[int, Any]) -> _Now:
        return self

    def __getstate__(self) -> tuple[Any, Any]:
        return self.rules, self.state

    def __setstate__(self, values: tuple[Any, Any]) -> None:
        self.rules, self.state = values
        self.ids = ids_of(self.rules)
        self.bound = id_bound(self.rules)
        self.legal = None

    def then(self, state: Any) -> _Now:
        return _Now(self.rules, state, self.ids, self.bound)

    def moves(self) -> dict[int, Any]:
        if self.legal is None:
            state, ids = self.state, self.ids
            self.legal = {ids(state, move): move for move in self.rules.legal_moves(state)}
        return self.legal


class ProtocolState(pyspiel.State):
    """An OpenSpiel state over a state of a game's :class:`~exhibition_lab.core.protocol.Rules`:
    every answer comes from the rules (the integer API of the protocol)."""

    def __init__(self, game: ProtocolGame, state: Any = None) -> None:
        super().__init__(game)
        # OpenSpiel builds a clone through this constructor too: the game keeps its start
        self._now = game.start if state is None else game.start.then(state)

    @property
    def rules(self) -> Any:
        return self._now.rules

    @property
    def rule_state(self) -> Any:
        """The rule state, e.g. Exhibition's :class:`~exhibition_lab.games.exhibition.rules.turns.State`."""
        return self._now.state

    # ------------------------------------------------------------------ OpenSpiel's API
    def current_player(self) -> int:
        return self._now.rules.current_player(self._now.state)

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._now.moves())

    def apply_action(self, action: int) -> None:
        """Play ``action``, an exact whole number of the game's ids (an ``int`` or a numpy
        integer; ``ArgumentError`` otherwise, before OpenSpiel converts it); the rules refuse
        an illegal one, naming the rule, and a move after the end (R10c)."""
        super().apply_action(check_action(action, self._now.bound))

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
        return now.rules.action_to_string(now.state, action)

    def is_terminal(self) -> bool:
        now = self._now
        return now.rules.is_terminal(now.state)

    def returns(self) -> list[float]:
        now = self._now
        if not now.rules.is_terminal(now.state):
            return [0.0] * now.rules.info.num_players  # terminal rewards only
        return list(now.rules.returns(now.state))

    def __str__(self) -> str:
        return repr(self._now.state)

    def __deepcopy__(self, memo: dict[int, Any]) -> ProtocolState:
        return self.clone()

    def __copy__(self) -> ProtocolState:
        return self.clone()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> ProtocolState:
        """A state ``player_id`` cannot tell apart from this one, what it cannot see drawn
        anew by the rules (:meth:`Rules.resample`). Its history stays this state's: a game
        whose history would tell the redrawn cards replays a history of its own."""
        now = self._now
        twin = now.rules.resample(now.state, player_id, np.random.default_rng(int(probability_sampler() * 2**53)))
        resampled = self.clone()
        resampled._now = now.then(twin)  # noqa: SLF001  (a state of the same class)
        return resampled

    # the ids that replay to this state when they are not its history (a resampled state)
    _replayed: list[int] | None = None

    def serialize(self) -> str:
        """The action ids from the start, one a line (:meth:`ProtocolGame.deserialize_state`):
        ids that replay to this very state, a resampled one included."""
        ids = self.history() if self._replayed is None else self._replayed
        return "\n".join(str(action) for action in ids)


class ExhibitionState(ProtocolState):
    """An OpenSpiel state over a rule state of :class:`Setup`."""

    def _action_to_string(self, player: int, action: int) -> str:
        space = self._now.rules.space
        if player == CHANCE:
            if self._now.state.phase is Phase.DECADES:
                return str(space.decode_decade(action))
            return str(space.decode_draw(action))
        return str(space.decode_action(action))

    def is_terminal(self) -> bool:
        return self._now.state.phase is Phase.OVER

    def __str__(self) -> str:
        state = self._now.state
        return write_position(self._now.rules, state, state.secret_decades)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> ExhibitionState:
        """A state ``player_id`` cannot tell apart from this one: the other seats' Secret
        Decades drawn anew (V7); the stock is a set and has no order to redraw."""
        seed = int(probability_sampler() * 2**53)
        now = self._now
        twin = now.rules.resample(now.state, player_id, np.random.default_rng(seed))
        if twin.secret_decades == now.state.secret_decades:
            return self.clone()
        game = self.get_game()
        actions = list(self.history())
        for seat, decade in enumerate(twin.secret_decades or ()):  # the deal's decade outcomes follow the tile
            actions[TILE_CARDS + seat] = now.rules.encode(now.state, DealDecade(decade))
        return game.replay(actions)


class ExhibitionObserver:
    """What one seat sees, for OpenSpiel: ``tensor`` (and its segments in ``dict``) and
    strings, for the kinds of observation OpenSpiel asks for:

    - ``private_info``: the seat's own Secret Decade (``SINGLE_PLAYER``), every seat's
      (``ALL_PLAYERS``, a spectator's view) or none before the end (``NONE``, the table's view);
    - ``public_info=False``: only that private part (the Secret Decades, V7);
    - ``perfect_recall``: the string adds the seat's whole history — its view of every step,
      Secret Decades it may not see written ``?``. The tensor is the present view only, so the
      games declare no information-state tensor (``provides_information_state_tensor`` is
      false): the information state is the string.
    """

    def __init__(self, game: ExhibitionGame, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ArgumentError(f"Exhibition's observations take no parameters; passed {params}")
        self._observer = game.observer
        self._recall = iig_obs_type.perfect_recall
        self._public = iig_obs_type.public_info
        self._private = _PRIVATE[iig_obs_type.private_info]
        layout = self._observer.layout
        self.tensor = np.zeros(layout.size if self._public else layout.players * len(DECADES), dtype=np.float32)
        self.dict = layout.split(self.tensor) if self._public else {"secret_decades": self.tensor.reshape(-1, 10)}

    def set_from(self, state: ExhibitionState, player: int) -> None:
        observer = self._observer
        vector = observer.vector(state.rule_state, player, private=self._private)
        self.tensor[:] = vector if self._public else vector[observer.layout.slices["secret_decades"]]

    def string_from(self, state: ExhibitionState, player: int) -> str:
        rules, now = state.rules, state.rule_state
        decades = self._decades(now, player)
        if not self._public:
            return (
                "" if decades is None else "secret decades: " + " ".join("?" if d is None else str(d) for d in decades)
            )
        text = write_position(rules, now, decades)
        if not self._recall:
            return text
        shown = [d is not None for d in decades or ()]
        seen = []
        for step, item in enumerate(state.full_history()):
            seat = step - TILE_CARDS  # the deal's decade outcomes follow the tile, seat by seat
            hidden = item.player == CHANCE and 0 <= seat < len(shown) and not shown[seat]
            seen.append("?" if hidden else str(item.action))
        return f"{text}\nseen: {' '.join(seen)}"

    def _decades(self, now: State, player: int) -> list[int | None] | None:
        """The Secret Decades ``player`` sees, ``None`` for hidden ones (V7)."""
        if now.secret_decades is None:
            return None
        seen = visible_decades(now, player, len(now.secret_decades), private=self._private)
        return [None if d == EMPTY else DECADES[d] for d in seen]


class ProtocolGame(pyspiel.Game):
    """An OpenSpiel game over a game's :class:`~exhibition_lab.core.protocol.Rules`: a
    subclass names itself (``NAME``), reads its parameters into rules (:meth:`rules_of`) and
    says how its seats observe (``STATE``, ``OBSERVER``)."""

    NAME = ""
    STATE: type[ProtocolState] = ProtocolState
    OBSERVER: Callable[..., Any]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**DEFAULTS[self.NAME], **(params or {})}
        rules = self.rules_of(params)
        super().__init__(self.type_of(rules), game_info(rules), params)
        self.rules = rules
        self.start = _Now(rules, rules.initial(), ids_of(rules), id_bound(rules))

    def rules_of(self, params: dict[str, Any]) -> Any:
        raise NotImplementedError

    def type_of(self, rules: Any) -> pyspiel.GameType:
        raise NotImplementedError

    def new_initial_state(self) -> ProtocolState:
        return self.STATE(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> Any:
        return self.OBSERVER(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)

    def replay(self, actions: list[int]) -> ProtocolState:
        """The state after ``actions`` from the start, each checked by the rules."""
        state = self.new_initial_state()
        for action in actions:
            state.apply_action(action)
        return state

    def deserialize_state(self, text: str) -> ProtocolState:
        """The state :meth:`ProtocolState.serialize` wrote: action ids, one a line, replayed
        and checked (an illegal id raises the rules' error, naming the rule; a number beyond
        the ids raises :class:`~exhibition_lab.core.errors.NotationError`)."""
        if not isinstance(text, str):
            raise ArgumentError(f"a serialised state is text, not {type(text).__name__}")
        most = self.start.bound - 1
        lines = [line.strip() for line in text.splitlines()]
        return self.replay([parse_int(line, what="an action id", most=most) for line in lines if line])


class ExhibitionGame(ProtocolGame):
    """``python_exhibition``: Exhibition for 2 to 5 players (see the module text)."""

    NAME = GAME_NAME
    STATE = ExhibitionState
    OBSERVER = ExhibitionObserver

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(params)
        self.observer = Observer(self.rules)

    def rules_of(self, params: dict[str, Any]) -> Setup:
        return setup_of(self.NAME, params)

    def type_of(self, rules: Setup) -> pyspiel.GameType:
        return game_type(self.NAME, utility_model(rules), information_model(rules))


class ExhibitionSoloGame(ExhibitionGame):
    """``python_exhibition_solo``: the solo game, scored on the ×100 scale (S1–S7)."""

    NAME = SOLO_NAME


# ---------------------------------------------------------------------- matches
class Player:
    """A seat's player in a match on an OpenSpiel state: :meth:`act` returns an action id.
    ``seconds`` (processor time, so that other programs on the machine do not count) and
    ``decisions`` count what it spent on decisions with a choice."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.seconds = 0.0
        self.decisions = 0

    def act(self, state: ExhibitionState) -> int:
        start = time.process_time()
        action = self.choose(state)
        self.seconds += time.process_time() - start
        self.decisions += 1
        return action

    def choose(self, state: ExhibitionState) -> int:
        raise NotImplementedError

    @property
    def seconds_per_decision(self) -> float:
        return self.seconds / self.decisions if self.decisions else 0.0


class BotPlayer(Player):
    """A bot of the package (``"search"``, ``"greedy"``, ``"random"`` or any object with
    ``choose(view, moves, rng)``): it sees its seat's view (:meth:`Setup.view`) only."""

    def __init__(self, bot: Any, seed: int = 0, name: str | None = None) -> None:
        self.bot = make_bot(bot)
        super().__init__(name or self.bot.name)
        self.rng = np.random.default_rng(seed)

    def choose(self, state: ExhibitionState) -> int:
        rules, now = state.rules, state.rule_state
        moves = rules.legal_moves(now)
        view = rules.view(now, now.seat) if getattr(self.bot, "uses_view", True) else None
        return rules.encode(now, self.bot.choose(view, moves, self.rng))


class SpielPlayer(Player):
    """An OpenSpiel bot (``step(state) -> action``). With ``determinise`` it searches a world
    drawn from its seat's information (:meth:`ExhibitionState.resample_from_infostate`), so
    that a search for perfect information (MCTS) never sees another seat's Secret Decade."""

    def __init__(self, bot: Any, name: str, *, determinise: bool = False) -> None:
        super().__init__(name)
        self.bot = bot
        self.determinise = determinise
        self.sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)

    def choose(self, state: ExhibitionState) -> int:
        if self.determinise:
            state = state.resample_from_infostate(state.current_player(), self.sampler)
        return int(self.bot.step(state))


def ismcts_player(game: ExhibitionGame, simulations: int, seed: int = 0, uct_c: float = 2.0) -> SpielPlayer:
    """OpenSpiel's ISMCTS with random rollouts and ``simulations`` simulations a decision."""
    from open_spiel.python.algorithms import ismcts, mcts

    rng = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), uct_c, simulations, random_state=rng)
    return SpielPlayer(bot, f"ismcts-{simulations}")


def mcts_player(game: ExhibitionGame, simulations: int, seed: int = 0, uct_c: float = 2.0) -> SpielPlayer:
    """OpenSpiel's MCTS with random rollouts, searching a world drawn from its seat's
    information at each decision (others' Secret Decades redrawn)."""
    from open_spiel.python.algorithms import mcts

    rng = np.random.RandomState(seed)
    bot = mcts.MCTSBot(game, uct_c, simulations, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    return SpielPlayer(bot, f"mcts-{simulations}", determinise=game.rules.secret_decades)


def play_deal(game: ExhibitionGame, players: list[Player], seed: int) -> ExhibitionState:
    """One game of ``game`` with ``players`` in seat order, every chance outcome — the tile,
    the Secret Decades, each refill — from the deal ``Game.new(..., seed=seed)`` deals, so that
    the same seed gives every line-up the same cards. Forced moves (one legal action) are
    played without asking anybody."""
    rules = game.rules
    chance = DealOrder(
        deal_cards(rules.deck, rules.n_players, np.random.default_rng(seed), secret_decades=rules.secret_decades)
    )
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rules.encode(state.rule_state, chance(state.rule_state)))
            continue
        legal = state.legal_actions()
        state.apply_action(legal[0] if len(legal) == 1 else players[state.current_player()].act(state))
    return state


# ---------------------------------------------------------------------- Timeline
def timeline_rules_of(name: str, params: dict[str, Any]) -> TimelineRules:
    """Timeline's rules for a game's parameters: ``players`` (2–8, T1), ``hand_size`` (0: T1's
    table), ``max_rounds`` (D16) — or, for practice, ``mistakes`` (T8) — and ``deck_seed``,
    the shuffle that gives the cards their ids, so that an id tells nothing about a year (T7)."""
    unknown = sorted(set(params) - set(DEFAULTS[name]))
    if unknown:
        raise ArgumentError(f"{name} has no parameter {unknown[0]!r}; its parameters are {', '.join(DEFAULTS[name])}")
    values = {**DEFAULTS[name], **params}
    cards = timeline_deck()
    order, _ = shuffle_order(np.random.default_rng(check_seed(values["deck_seed"], what="deck_seed")), len(cards))
    deck = tuple(cards[i] for i in order)
    if name == PRACTICE_NAME:
        return TimelineRules(timeline_player_names(1), deck, mistakes=values["mistakes"])
    players = values["players"]
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= TIMELINE_PLAYERS:
        raise ArgumentError(
            f"{TIMELINE_NAME} has 2 to {TIMELINE_PLAYERS} players (T1), not {players!r}; practice is {PRACTICE_NAME}",
            rule="T1",
        )
    hand = values["hand_size"] or None
    return TimelineRules(timeline_player_names(players), deck, hand_size=hand, max_rounds=values["max_rounds"])


class TimelineSpielState(ProtocolState):
    """An OpenSpiel state over a :class:`~exhibition_lab.games.timeline.rules.TimelineState`."""

    def __str__(self) -> str:
        return timeline_text(self.rules, self.rule_state, seat=None)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> ProtocolState:
        """The other hands drawn anew (:meth:`TimelineRules.resample`), with the ids that
        replay to them: each draw of a redrawn card reads as the draw of the card now in its
        place, so that the state serialises as itself (T7)."""
        resampled = super().resample_from_infostate(player_id, probability_sampler)
        before, after = self.rule_state.hands, resampled.rule_state.hands
        swap = {a: b for old, new in zip(before, after) for a, b in zip(old, new) if a != b}
        if swap:
            ids = [swap.get(item.action, item.action) if item.player == CHANCE else item.action
                   for item in self.full_history()]  # fmt: skip
            resampled._replayed = ids  # noqa: SLF001  (a state of the same class)
        return resampled


def timeline_text(rules: TimelineRules, state: Any, seat: int | None, *, hands: str = "own") -> str:
    """A Timeline state in words as ``seat`` sees it (T7): the timeline with its years, the
    hands — the seat's own as card ids and subjects, the others as counts (every hand when
    ``seat`` is None or ``hands`` is ``"all"``, none when ``hands`` is ``"none"``, the table's
    view) — the removed cards, the pile's size."""
    deck = rules.deck
    lines = ["timeline: " + " ".join(f"{deck[c].year}:{c}" for c in state.timeline)]
    for other, hand in enumerate(state.hands):
        if hands == "all" or (hands == "own" and (seat is None or other == seat)):
            lines.append(f"hand {other + 1}: " + "; ".join(f"{c} {deck[c].title}" for c in hand))
        else:
            lines.append(f"hand {other + 1}: {len(hand)} cards")
    lines += [
        "removed: " + " ".join(f"{deck[c].year}:{c}" for c in state.removed),
        f"pile: {len(state.pile)}",
        f"round: {state.round} turn: {state.turn} phase: {state.phase.value} to move: {state.seat + 1}",
        f"placed: {' '.join(map(str, state.placed))} mistakes: {state.mistakes}",
    ]
    return "\n".join(lines)


class TimelineObserver:
    """What one Timeline seat sees (T7), for OpenSpiel. The tensor, seats counted from the
    observer: ``phase`` (deal, play, draw, play-off, over), ``to_move`` (P), then per card id
    ``hand`` (the observer's cards), ``timeline``, ``removed`` and ``years`` (a card's year,
    scaled to 0…1 over the deck, where it is face up: on the timeline or removed), then
    ``hand_sizes`` (P, over 20), ``active`` (P) and ``progress`` (pile size, round, mistakes,
    scaled to 0…1). With ``perfect_recall`` the string adds every play so far (plays are
    public); cards drawn stay hidden but in one's own hand.

    The kinds of observation OpenSpiel asks for: ``private_info`` shows the seat's own hand
    (``SINGLE_PLAYER``), every hand (``ALL_PLAYERS``) or none, only the counts (``NONE``);
    ``public_info=False`` keeps only that private part (the tensor's ``hand``, the string's
    hands). Alone (T8) nothing is hidden from anybody: the hand is public and the private part
    is empty, as a game of perfect information has it."""

    PHASES = ("deal", "play", "draw", "playoff", "over")

    def __init__(self, game: TimelineGame, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ArgumentError(f"Timeline's observations take no parameters; passed {params}")
        rules = game.rules
        self._rules = rules
        self._recall = iig_obs_type.perfect_recall
        self._public = iig_obs_type.public_info
        # alone, the hand hides nothing from anybody (T8): it is public, shown whatever is asked
        self._private = "all" if rules.is_solo else _PRIVATE[iig_obs_type.private_info]
        p, d = rules.n_players, rules.n_cards
        self.shapes = {"phase": (5,), "to_move": (p,), "hand": (d,), "timeline": (d,), "removed": (d,),
                       "years": (d,), "hand_sizes": (p,), "active": (p,), "progress": (3,)}  # fmt: skip
        if not self._public:
            self.shapes = {} if rules.is_solo else {"hand": (d,)}
        self.tensor = np.zeros(sum(int(np.prod(shape)) for shape in self.shapes.values()), dtype=np.float32)
        self.dict, start = {}, 0
        for name, shape in self.shapes.items():
            size = int(np.prod(shape))
            self.dict[name] = self.tensor[start : start + size].reshape(shape)
            start += size
        years = np.array(rules.years, dtype=float)
        self._years = (years - years.min()) / max(years.max() - years.min(), 1.0)

    def set_from(self, state: TimelineSpielState, player: int) -> None:
        rules, now, parts = self._rules, state.rule_state, self.dict
        self.tensor[:] = 0.0
        if "hand" in parts:
            if self._private == "own":
                parts["hand"][list(now.hands[player])] = 1.0
            elif self._private == "all":
                for hand in now.hands:
                    parts["hand"][list(hand)] = 1.0
        if not self._public:
            return
        p = rules.n_players
        relative = [(player + r) % p for r in range(p)]
        parts["phase"][self.PHASES.index(now.phase.value)] = 1.0
        if now.phase.value == "play":
            parts["to_move"][(now.seat - player) % p] = 1.0
        parts["timeline"][list(now.timeline)] = 1.0
        parts["removed"][list(now.removed)] = 1.0
        seen = list(now.timeline) + list(now.removed)
        parts["years"][seen] = self._years[seen]
        parts["hand_sizes"][:] = [len(now.hands[s]) / MAX_HAND for s in relative]
        parts["active"][:] = [float(now.active[s]) for s in relative]
        parts["progress"][:] = [
            len(now.pile) / rules.n_cards,
            min(now.round / rules.max_rounds, 1.0),
            now.mistakes / rules.mistakes,
        ]

    def string_from(self, state: TimelineSpielState, player: int) -> str:
        rules, now = self._rules, state.rule_state
        if not self._public:
            if rules.is_solo or self._private == "none":
                return ""
            deck, seats = rules.deck, range(len(now.hands)) if self._private == "all" else [player]
            return "\n".join(f"hand {s + 1}: " + "; ".join(f"{c} {deck[c].title}" for c in now.hands[s]) for s in seats)
        text = timeline_text(rules, now, seat=player, hands=self._private)
        if not self._recall:
            return text
        at_play = now._replace(phase=TimelinePhase.PLAY)  # every play was decided in a play phase
        plays = [str(rules.decode(at_play, item.action)) for item in state.full_history() if item.player != CHANCE]
        return f"{text}\nplays: {', '.join(plays)}"


class TimelineGame(ProtocolGame):
    """``python_exhibition_timeline``: Timeline for 2 to 8 players (T1–T7); the winners share 1 (T5)."""

    NAME = TIMELINE_NAME
    STATE = TimelineSpielState
    OBSERVER = TimelineObserver

    def rules_of(self, params: dict[str, Any]) -> TimelineRules:
        return timeline_rules_of(self.NAME, params)

    def type_of(self, rules: TimelineRules) -> pyspiel.GameType:
        if rules.is_solo:  # alone, nothing is hidden from anybody: the draws are chance (T8)
            return game_type(self.NAME, information=pyspiel.GameType.Information.PERFECT_INFORMATION)
        return game_type(self.NAME, pyspiel.GameType.Utility.CONSTANT_SUM)


class TimelinePracticeGame(TimelineGame):
    """``python_exhibition_timeline_practice``: Timeline alone (T8); the return is the number
    of cards placed right before the mistake limit."""

    NAME = PRACTICE_NAME


def registered_type(game: type[ProtocolGame]) -> pyspiel.GameType:
    """The type a game is registered with: its default instance's (``pyspiel.registered_games()``
    then tells what ``load_game(name)`` gives); an instance with other parameters states its own."""
    return game.type_of(game, game.rules_of(game, dict(DEFAULTS[game.NAME])))  # type: ignore[arg-type]


for _game in (ExhibitionGame, ExhibitionSoloGame, TimelineGame, TimelinePracticeGame):
    pyspiel.register_game(registered_type(_game), _game)

__all__ = [
    "DEFAULTS",
    "GAME_NAME",
    "PRACTICE_NAME",
    "SOLO_NAME",
    "TIMELINE_NAME",
    "BotPlayer",
    "ExhibitionGame",
    "ExhibitionObserver",
    "ExhibitionSoloGame",
    "ExhibitionState",
    "Player",
    "SpielPlayer",
    "TimelineGame",
    "TimelineObserver",
    "TimelinePracticeGame",
    "TimelineSpielState",
    "ismcts_player",
    "mcts_player",
    "play_deal",
]
