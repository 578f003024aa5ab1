"""Exhibition as OpenSpiel games: search, game theory and learning algorithms on the rules.

Importing this module registers two games with OpenSpiel (``pip install "exhibition_lab[ai]"``):

- ``python_exhibition`` — 2 to 5 players. Parameters: ``players`` (2), ``variations`` (``""``;
  variation keys joined by ``+``, e.g. ``"links+short_era"``, V1–V6a), ``secret_decades``
  (``False``, V7) and ``utility`` (``"margin"``: fame minus the best other seat's; ``"win"``:
  an equal share of 1 for the winners, R26 deciding equal totals; ``"score"``: fame).
- ``python_exhibition_solo`` — the solo game (S1–S7). Parameters: ``variations``,
  ``secret_decades`` and ``mid_century`` (``"harsh"`` or ``"tiebreak"``, D11); the return is
  the solo score on its ×100 scale (S2).

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
from typing import Any

import numpy as np

from .core.errors import ArgumentError
from .core.protocol import CHANCE, parse_int
from .games.exhibition.agents import make_bot
from .games.exhibition.notation import write_position
from .games.exhibition.observation import EMPTY, Observer, encode, visible_decades
from .games.exhibition.rules.actions import DealDecade, Event
from .games.exhibition.rules.cards import TILE_CARDS
from .games.exhibition.rules.deal import DECADES, MAX_PLAYERS, deal_cards, player_names
from .games.exhibition.rules.layout import Layout
from .games.exhibition.rules.scoring import SoloRules
from .games.exhibition.rules.turns import DealOrder, Phase, Setup, State

GAME_NAME = "python_exhibition"
SOLO_NAME = "python_exhibition_solo"
#: The parameters of each game and their defaults.
DEFAULTS: dict[str, dict[str, Any]] = {
    GAME_NAME: {"players": 2, "variations": "", "secret_decades": False, "utility": "margin"},
    SOLO_NAME: {"variations": "", "secret_decades": False, "mid_century": "harsh"},
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
    solo = name == SOLO_NAME
    return pyspiel.GameType(
        short_name=name,
        long_name="Exhibition: 20th Century" + (" (solo)" if solo else ""),
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=information,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=1 if solo else MAX_PLAYERS,
        min_num_players=1 if solo else 2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
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


def game_info(setup: Setup) -> pyspiel.GameInfo:
    """OpenSpiel's sizes and bounds, as the rules declare them."""
    info = setup.info
    two_seat_margin = setup.utility == "margin" and setup.n_players == 2
    return pyspiel.GameInfo(
        num_distinct_actions=info.num_distinct_actions,
        max_chance_outcomes=info.max_chance_outcomes,
        num_players=info.num_players,
        min_utility=info.min_utility,
        max_utility=info.max_utility,
        utility_sum=0.0 if two_seat_margin else info.utility_sum,
        max_game_length=info.max_game_length,
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


class _Now:
    """A state's rules and immutable rule state. OpenSpiel clones a Python state by deep-copying
    its attributes; a ``_Now`` is never changed (applying an action makes a new one), so a
    clone shares it and costs microseconds."""

    __slots__ = ("ids", "legal", "rules", "state")

    def __init__(self, rules: Setup, state: State, ids: _Ids) -> None:
        self.rules = rules
        self.state = state
        self.ids = ids
        self.legal: dict[int, Event] | None = None  # the seat's moves by id, once asked for

    def __deepcopy__(self, memo: dict[int, Any]) -> _Now:
        return self

    def __getstate__(self) -> tuple[Setup, State]:
        return self.rules, self.state

    def __setstate__(self, values: tuple[Setup, State]) -> None:
        self.rules, self.state = values
        self.ids = _Ids(self.rules)
        self.legal = None

    def then(self, state: State) -> _Now:
        return _Now(self.rules, state, self.ids)

    def moves(self) -> dict[int, Event]:
        if self.legal is None:
            state, ids = self.state, self.ids
            self.legal = {ids(state, move): move for move in self.rules.legal_moves(state)}
        return self.legal


class ExhibitionState(pyspiel.State):
    """An OpenSpiel state over a rule state of :class:`Setup`."""

    def __init__(self, game: ExhibitionGame, state: State | None = None) -> None:
        super().__init__(game)
        # OpenSpiel builds a clone through this constructor too: the game keeps its start
        self._now = game.start if state is None else game.start.then(state)

    @property
    def rules(self) -> Setup:
        return self._now.rules

    @property
    def rule_state(self) -> State:
        """The rule state (:class:`~exhibition_lab.games.exhibition.rules.turns.State`)."""
        return self._now.state

    # ------------------------------------------------------------------ OpenSpiel's API
    def current_player(self) -> int:
        return self._now.rules.current_player(self._now.state)

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._now.moves())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        now = self._now
        return sorted((now.ids(now.state, outcome), p) for outcome, p in now.rules.chance_odds(now.state))

    def _apply_action(self, action: int) -> None:
        now = self._now
        move = now.moves().get(action) if now.legal is not None else None
        # a move taken from this very state's legal moves needs no re-check
        trusted = move is not None
        state = now.rules.next_trusted(now.state, move) if trusted else now.rules.apply(now.state, int(action))
        self._now = now.then(state)

    def _action_to_string(self, player: int, action: int) -> str:
        space = self._now.rules.space
        if player == CHANCE:
            if self._now.state.phase is Phase.DECADES:
                return str(space.decode_decade(action))
            return str(space.decode_draw(action))
        return str(space.decode_action(action))

    def is_terminal(self) -> bool:
        return self._now.state.phase is Phase.OVER

    def returns(self) -> list[float]:
        now = self._now
        if now.state.phase is not Phase.OVER:
            return [0.0] * now.rules.n_players  # terminal rewards only
        return list(now.rules.returns(now.state))

    def __str__(self) -> str:
        state = self._now.state
        return write_position(self._now.rules, state, state.secret_decades)

    def __deepcopy__(self, memo: dict[int, Any]) -> ExhibitionState:
        return self.clone()

    def __copy__(self) -> ExhibitionState:
        return self.clone()

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

    def serialize(self) -> str:
        """The action ids from the start, one a line (:meth:`ExhibitionGame.deserialize_state`)."""
        return "\n".join(str(action) for action in self.history())


class ExhibitionObserver:
    """What one seat sees, for OpenSpiel: ``tensor`` (and its segments in ``dict``) and
    strings, for the kinds of observation OpenSpiel asks for:

    - ``private_info``: the seat's own Secret Decade (``SINGLE_PLAYER``), every seat's
      (``ALL_PLAYERS``, a spectator's view) or none before the end (``NONE``, the table's view);
    - ``public_info=False``: only that private part (the Secret Decades, V7);
    - ``perfect_recall``: the string adds the seat's whole history — its view of every step,
      Secret Decades it may not see written ``?`` — while the tensor stays the present view,
      which is all a seat needs to predict what is still hidden (the stock is a set whose order
      never depends on the play).
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
        vector = encode(
            observer.layout, observer.features, observer.fields(state.rule_state, player, private=self._private)
        )
        self.tensor[:] = vector[0] if self._public else vector[0, observer.layout.slices["secret_decades"]]

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


class ExhibitionGame(pyspiel.Game):
    """``python_exhibition``: Exhibition for 2 to 5 players (see the module text)."""

    NAME = GAME_NAME

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**DEFAULTS[self.NAME], **(params or {})}
        rules = setup_of(self.NAME, params)
        kind = game_type(self.NAME, utility_model(rules), information_model(rules))
        super().__init__(kind, game_info(rules), params)
        self.rules = rules
        self.start = _Now(rules, rules.initial(), _Ids(rules))
        self.observer = Observer(rules)

    def new_initial_state(self) -> ExhibitionState:
        return ExhibitionState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> ExhibitionObserver:
        return ExhibitionObserver(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)

    def replay(self, actions: list[int]) -> ExhibitionState:
        """The state after ``actions`` from the start, each checked by the rules."""
        state = self.new_initial_state()
        for action in actions:
            state.apply_action(action)
        return state

    def deserialize_state(self, text: str) -> ExhibitionState:
        """The state :meth:`ExhibitionState.serialize` wrote: action ids, one a line, replayed
        and checked (an illegal id raises the rules' error, naming the rule)."""
        return self.replay([parse_int(line.strip(), what="an action id") for line in text.splitlines() if line.strip()])


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


pyspiel.register_game(game_type(GAME_NAME), ExhibitionGame)
pyspiel.register_game(game_type(SOLO_NAME), ExhibitionSoloGame)
