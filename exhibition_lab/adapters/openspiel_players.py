"""Players for matches on OpenSpiel states: the package's bots and OpenSpiel's searches
(ISMCTS, MCTS), each timed per decision, and :func:`play_deal`, one game on the deal
``Game.new`` would deal, so that line-ups compare on the same cards; and :class:`SpielBot`,
any bot of the package as a ``pyspiel.Bot``, which OpenSpiel's ``evaluate_bots`` and its
tournaments seat like their own.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from ..core.errors import ArgumentError
from ..core.seeding import check_seed
from ..games.exhibition.agents import make_bot
from ..games.exhibition.rules.deal import deal_cards
from ..games.exhibition.rules.turns import DealOrder
from ..games.timeline.agents import make_timeline_bot
from ..games.timeline.rules import TimelineRules
from .openspiel_bridge import ProtocolGame, ProtocolState, pyspiel
from .openspiel_exhibition import ExhibitionGame, ExhibitionState


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


def package_move(bot: Any, state: ProtocolState, rng: np.random.Generator) -> int:
    """The action id ``bot`` (a package bot: ``choose(view, moves, rng)``) chooses at
    ``state``, seeing its seat's view only (:meth:`Rules.view`)."""
    rules, now = state.rules, state.rule_state
    seat = rules.current_player(now)
    if seat < 0:
        raise ArgumentError("a bot chooses where a seat is to move, not at a chance node or the end")
    moves = rules.legal_moves(now)
    # a bot that reads no view is passed None, which spares building one (the Bot protocol)
    view = rules.view(now, seat) if getattr(bot, "uses_view", True) else None
    action: int = rules.encode(now, bot.choose(view, moves, rng))
    return action


class SpielBot(pyspiel.Bot):  # type: ignore[misc]  # pyspiel ships no type information
    """A bot of the package as an OpenSpiel bot: ``SpielBot(game, "greedy", seed=0)`` — a
    name (Exhibition's ``"random"``, ``"greedy"``, ``"search"``; Timeline's ``"random"`` or a
    knowledge spread in years such as ``10``) or a bot object with ``choose(view, moves, rng)``. It sees its
    seat's view only, draws from its own seeded generator, and keeps no state between
    decisions, so ``restart_at`` and ``inform_action`` have nothing to do."""

    def __init__(self, game: ProtocolGame, bot: Any, *, seed: int = 0) -> None:
        pyspiel.Bot.__init__(self)
        if not isinstance(game, ProtocolGame):
            raise ArgumentError(f"game is one of the package's OpenSpiel games, not {type(game).__name__}")
        timeline = isinstance(game.rules, TimelineRules)
        self.bot = make_timeline_bot(bot) if timeline else make_bot(bot)
        self.name = str(getattr(self.bot, "name", type(self.bot).__name__))
        self.game = game
        self.rng = np.random.default_rng(check_seed(seed))

    def step(self, state: ProtocolState) -> int:
        if not isinstance(state, self.game.STATE):
            raise ArgumentError(f"this bot plays {self.game.NAME}, not a {type(state).__name__}")
        return package_move(self.bot, state, self.rng)

    def restart_at(self, state: ProtocolState) -> None:
        """Nothing to forget: each decision reads the state afresh."""

    def inform_action(self, state: ProtocolState, player_id: int, action: int) -> None:
        """Nothing to remember: each decision reads the state afresh."""

    def provides_policy(self) -> bool:
        return False

    def is_clone_implemented(self) -> bool:
        return False


class BotPlayer(Player):
    """A bot of the package (``"search"``, ``"greedy"``, ``"random"`` or any object with
    ``choose(view, moves, rng)``): it sees its seat's view (:meth:`Setup.view`) only."""

    def __init__(self, bot: Any, seed: int = 0, name: str | None = None) -> None:
        self.bot = make_bot(bot)
        super().__init__(name or self.bot.name)
        self.rng = np.random.default_rng(seed)

    def choose(self, state: ExhibitionState) -> int:
        return package_move(self.bot, state, self.rng)


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


def ismcts_bot(game: ProtocolGame, simulations: int, seed: int = 0, uct_c: float = 2.0) -> Any:
    """OpenSpiel's ISMCTS with random rollouts and ``simulations`` simulations a decision, as
    a ``pyspiel.Bot`` that ``evaluate_bots`` seats: it searches afresh at every step, so
    ``restart_at`` and ``inform_action`` (which OpenSpiel's class leaves unimplemented) have
    nothing to do."""
    from open_spiel.python.algorithms import ismcts, mcts

    class SeatedISMCTS(ismcts.ISMCTSBot):  # type: ignore[misc]  # OpenSpiel ships no type information
        def restart_at(self, state: ProtocolState) -> None:
            """A new search at every step: nothing to forget."""

        def inform_action(self, state: ProtocolState, player_id: int, action: int) -> None:
            """A new search at every step: nothing to remember."""

        def resample_from_infostate(self, state: ProtocolState) -> ProtocolState:
            """A world the seat cannot tell apart (the others' Secret Decades redrawn, V7),
            drawn with this bot's own seeded generator: OpenSpiel's default sampler is seeded
            afresh in every process, so the same seed would not play the same game."""
            return state.resample_from_infostate(state.current_player(), self._random_state.uniform)

    rng = np.random.RandomState(check_seed(seed) % 2**32)
    return SeatedISMCTS(game, mcts.RandomRolloutEvaluator(1, rng), uct_c, simulations, random_state=rng)


def ismcts_player(game: ExhibitionGame, simulations: int, seed: int = 0, uct_c: float = 2.0) -> SpielPlayer:
    """OpenSpiel's ISMCTS with random rollouts and ``simulations`` simulations a decision."""
    return SpielPlayer(ismcts_bot(game, simulations, seed, uct_c), f"ismcts-{simulations}")


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
    state: ExhibitionState = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rules.encode(state.rule_state, chance(state.rule_state)))
            continue
        legal = state.legal_actions()
        state.apply_action(legal[0] if len(legal) == 1 else players[state.current_player()].act(state))
    return state


__all__ = [
    "BotPlayer",
    "Player",
    "SpielBot",
    "SpielPlayer",
    "ismcts_bot",
    "ismcts_player",
    "mcts_player",
    "package_move",
    "play_deal",
]
