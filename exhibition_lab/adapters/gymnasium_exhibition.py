"""Exhibition as Gymnasium environments: the solo game, registered as
``exhibition_lab/Exhibition-solo-v0`` (:class:`SoloEnv`, and :class:`SoloVectorEnv` on the
array engine), and one learner at a table of the package's bots, registered as
``exhibition_lab/Exhibition-v0`` (:class:`TableEnv`: the bots' turns are played inside a step,
so that the learner sees only its own decisions).

One step is one decision of the solo player — take a card (R7), move after a white card (R8),
place it (R10, R10a) — by its id in :class:`~exhibition_lab.games.exhibition.rules.actions.ActionSpace`.
The observation is the player's view as a flat ``float32`` vector
(:mod:`exhibition_lab.games.exhibition.observation`); :meth:`SoloEnv.action_masks` (and
``info["action_mask"]``) tells which ids are legal. The reward is the solo score on its ×100
scale (S2, S7) — at a table, the learner's return per ``utility`` — given when the game ends;
every other step gives 0; ``reward_scale`` multiplies it (``0.01``: the solo score in points). Chance (the deal, every
refill, the Secret Decade) comes from the generator ``reset(seed=…)`` seeds, dealt as
:meth:`Game.new <exhibition_lab.games.exhibition.game.Game.new>` deals.

An illegal action ends the episode with ``illegal_reward`` (by default the worst score the
rules allow) and ``info["illegal_action"]``, so that a learner that tries one learns not to;
``illegal_action="raise"`` refuses it with the rules' own error instead. An action is an exact
whole number of the action space (an ``int``, a numpy integer or a 0-d integer array); a float,
a string or a one-element array raises ``ArgumentError``. Once the episode has ended — by the
rules or by an illegal action — every further step raises ``IllegalAction`` (R10c) until
``reset()``. Seeds are the package's (``0 ≤ seed < 2**63``, :mod:`exhibition_lab.core.seeding`).

>>> import gymnasium
>>> import exhibition_lab.envs
>>> solo = gymnasium.make("exhibition_lab/Exhibition-solo-v0")
>>> observation, info = solo.reset(seed=7)
>>> observation.shape, int(info["action_mask"].sum())
((1034,), 3)
"""

from __future__ import annotations

try:
    import gymnasium
except ImportError as error:  # the extra is not installed
    raise ImportError(
        'exhibition_lab.envs needs Gymnasium; install the extra with: pip install "exhibition_lab[ai]"',
        name="gymnasium",
    ) from error

from collections.abc import Callable, Sequence
from typing import Any, cast

import numpy as np

from ..core.checks import check_action, check_count, check_real
from ..core.errors import ArgumentError, IllegalAction
from ..core.seeding import check_seed
from ..games.exhibition.agents import Bot, make_bot
from ..games.exhibition.arrays.vector import MAX_GAMES, VectorGames, VectorState
from ..games.exhibition.observation import Observer
from ..games.exhibition.rules.actions import Action
from ..games.exhibition.rules.deal import MAX_PLAYERS
from ..games.exhibition.rules.turns import Phase, PlayerView, Setup
from ..games.exhibition.setups import dealt_play, make_setup
from ..games.exhibition.simulate import bot_rng, game_seeds
from .rendering import RENDER_MODES, ansi, check_render_mode, check_scale, html

#: A learned policy: the observation vector and the mask of legal ids in, an action id out
#: (``lambda obs, mask: model.predict(obs, action_masks=mask, deterministic=True)[0]``).
SoloPolicy = Callable[[np.ndarray, np.ndarray], Any]

SOLO_ID = "exhibition_lab/Exhibition-solo-v0"
TABLE_ID = "exhibition_lab/Exhibition-v0"
ILLEGAL_ACTIONS = ("end", "raise")


class SoloEnv(gymnasium.Env):
    """The solo game (S1–S7) for one learner: ``variations`` (V1–V6a), ``secret_decades``
    (V7), ``mid_century`` (``"harsh"`` or ``"tiebreak"``, D11), what an illegal action does
    (``illegal_action``: ``"end"`` or ``"raise"``) and ``reward_scale``."""

    # Gymnasium declares it an instance variable, and reads it from the class
    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        *,
        variations: str | Sequence[str] = (),
        secret_decades: bool = False,
        mid_century: str = "harsh",
        illegal_action: str = "end",
        illegal_reward: float | None = None,
        reward_scale: float = 1.0,
        render_mode: str | None = None,
    ) -> None:
        rules = make_setup(1, variations=variations, secret_decades=secret_decades, mid_century=mid_century)
        self._configure(rules, illegal_action, illegal_reward, reward_scale, render_mode)

    def _configure(
        self,
        rules: Setup,
        illegal_action: str,
        illegal_reward: float | None,
        reward_scale: float,
        render_mode: str | None,
        *,
        seat: int = 0,
        bots: dict[int, Bot] | None = None,
    ) -> None:
        if illegal_action not in ILLEGAL_ACTIONS:
            raise ArgumentError(f"illegal_action is one of {', '.join(ILLEGAL_ACTIONS)}, not {illegal_action!r}")
        self.rules = rules
        self.seat = seat  # the learner's seat
        self.bots = bots or {}  # the other seats' players
        self.observer = Observer(rules)
        self.render_mode = check_render_mode(render_mode)
        self.illegal_action = illegal_action
        self.reward_scale = check_scale(reward_scale)
        worst = rules.info.min_utility * self.reward_scale  # the worst return the rules allow
        self.illegal_reward = check_real(worst if illegal_reward is None else illegal_reward, what="illegal_reward")
        self.observation_space = gymnasium.spaces.Box(0.0, 1.0, (self.observer.layout.size,), dtype=np.float32)
        self.action_space = gymnasium.spaces.Discrete(rules.info.num_distinct_actions)
        self.play = dealt_play(rules, np.random.default_rng(0))
        self._ended = False  # by the rules or by an illegal action

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=None if seed is None else check_seed(seed))
        self.play = dealt_play(self.rules, self.np_random)
        self._ended = False
        self._others_play()
        return self._observation(), self._info()

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        play, rules = self.play, self.rules
        if self._ended or play.state.phase is Phase.OVER:
            raise IllegalAction("R10c: the episode is over; call reset() before the next step", rule="R10c")
        action = check_action(action, rules.info.num_distinct_actions)
        if self.illegal_action == "end" and action not in rules.legal_ids(play.state):
            self._ended = True
            return self._observation(), self.illegal_reward, True, False, {**self._info(), "illegal_action": True}
        play.apply(rules.decode(play.state, action))  # the rules refuse an illegal action, naming the rule
        self._others_play()
        over = self._ended = rules.is_terminal(play.state)
        reward = float(rules.returns(play.state)[self.seat]) * self.reward_scale if over else 0.0
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, over, False, self._info()

    def action_masks(self) -> np.ndarray:
        """Which action ids are legal now (sb3-contrib's ``MaskablePPO`` reads this)."""
        if self.rules.current_player(self.play.state) != self.seat:  # over: nothing is legal
            return np.zeros(self.rules.info.num_distinct_actions, dtype=bool)
        return self.rules.legal_action_mask(self.play.state)

    def render(self) -> str | None:
        if self.render_mode == "html":
            return html(self.rules, self.play.state)
        if self.render_mode is None:
            return None
        text = ansi(self.rules, self.play.state)
        if self.render_mode == "human":
            print(text, end="\n\n")
            return None
        return text

    def _others_play(self) -> None:
        """The other seats' turns, each bot seeing its seat's view only, until the learner
        is to move or the game is over (R6, R10c)."""
        play, rules = self.play, self.rules
        while True:
            player = rules.current_player(play.state)
            if player < 0 or player == self.seat:
                return
            play.apply(self.bot_move(self.bots[player], self.np_random))

    def bot_move(self, bot: Bot, rng: np.random.Generator) -> Action:
        """The move ``bot`` chooses for the seat to move, from that seat's view only; a forced
        move is played as it is, without asking the bot (as :func:`play_game` does)."""
        rules, state = self.rules, self.play.state
        moves = cast("list[Action]", rules.legal_moves(state))  # a seat's moves are actions (R7–R10)
        if len(moves) == 1:
            return moves[0]
        # a bot that reads no view is passed None, which spares building one (the Bot protocol)
        view = rules.view(state, rules.current_player(state)) if getattr(bot, "uses_view", True) else None
        return bot.choose(cast(PlayerView, view), moves, rng)

    def _observation(self) -> np.ndarray:
        return self.observer.vector(self.play.state, self.seat)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks()}


class TableEnv(SoloEnv):
    """One learner at a table of the package's bots (``exhibition_lab/Exhibition-v0``):
    ``opponents`` — one bot per other seat (``"random"``, ``"greedy"``, ``"search"`` or a bot
    object; 1 to 4 of them, R4) — the learner's ``seat`` (0 starts, R6), ``variations``,
    ``secret_decades``, the ``utility`` of the reward (``"margin"``, ``"win"``, ``"score"``),
    ``illegal_action``, ``illegal_reward`` and ``reward_scale``. A step is one decision of the
    learner; the bots' turns that follow are played inside it with the environment's
    generator, so that ``reset(seed=s)`` replays the same game for the same actions."""

    def __init__(
        self,
        *,
        opponents: Sequence[str | Bot] = ("greedy",),
        seat: int = 0,
        variations: str | Sequence[str] = (),
        secret_decades: bool = False,
        utility: str | None = None,
        illegal_action: str = "end",
        illegal_reward: float | None = None,
        reward_scale: float = 1.0,
        render_mode: str | None = None,
    ) -> None:
        if isinstance(opponents, str) or not isinstance(opponents, Sequence):
            raise ArgumentError(f"opponents is a list of bots, one per other seat, not {opponents!r:.80}")
        players = check_count(len(opponents) + 1, least=2, most=MAX_PLAYERS, what="the number of players", rule="R4")
        seat = check_action(seat, players, what="seat, the learner's seat")
        rules = make_setup(players, variations=variations, secret_decades=secret_decades, utility=utility)
        others = [s for s in range(players) if s != seat]
        bots = {s: make_bot(bot) for s, bot in zip(others, opponents)}
        self._configure(rules, illegal_action, illegal_reward, reward_scale, render_mode, seat=seat, bots=bots)


class SoloVectorEnv(gymnasium.vector.VectorEnv):
    """``num_envs`` solo games at once on the array engine (:class:`~.vector.VectorGames`), as a
    Gymnasium vector environment: ``gymnasium.make_vec("exhibition_lab/Exhibition-solo-v0",
    num_envs=…, vectorization_mode="vector_entry_point")``.

    Observations, rewards (the ×100 score when a game ends) and ``info["action_mask"]`` as
    :class:`SoloEnv` gives them, one row a game. A game that ended is dealt anew on the next
    step, whose action for it is ignored (Gymnasium's next-step autoreset). An illegal action
    raises the rules' error. With ``copy=False`` (Gymnasium's ``copy`` of its vector
    environments) the observations returned show one board that the next step writes over.
    """

    metadata: dict[str, Any] = {"autoreset_mode": gymnasium.vector.AutoresetMode.NEXT_STEP}  # noqa: RUF012

    def __init__(
        self,
        num_envs: int = 64,
        *,
        variations: str | Sequence[str] = (),
        secret_decades: bool = False,
        mid_century: str = "harsh",
        reward_scale: float = 1.0,
        copy: bool = True,
    ) -> None:
        self.games = VectorGames(
            1, variations=variations, secret_decades=secret_decades, mid_century=mid_century, copy=copy
        )
        self.reward_scale = check_scale(reward_scale)
        self.num_envs = check_count(num_envs, least=1, most=MAX_GAMES, what="num_envs")
        size, actions = self.games.observation_size, self.games.num_actions
        self.single_observation_space = gymnasium.spaces.Box(0.0, 1.0, (size,), dtype=np.float32)
        self.single_action_space = gymnasium.spaces.Discrete(actions)
        self.observation_space = gymnasium.vector.utils.batch_space(self.single_observation_space, num_envs)
        self.action_space = gymnasium.vector.utils.batch_space(self.single_action_space, num_envs)
        self._restart = np.zeros(num_envs, dtype=bool)
        self._np_random = np.random.default_rng()

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=None if seed is None else check_seed(seed))
        state = self.games.reset(self.num_envs, seed=self.np_random)
        self._restart[:] = False
        return observed(state), {"action_mask": state.legal_action_mask}

    def step(self, actions: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        restart = np.flatnonzero(self._restart)
        self.games.replace_games(restart, self.np_random)
        state = self.games.step(actions, acting=~self._restart)
        self._restart = state.terminated.copy()
        rewards = state.rewards[:, 0].astype(np.float64) * self.reward_scale
        info = {"action_mask": state.legal_action_mask}
        return observed(state), rewards, state.terminated, state.truncated, info

    def action_masks(self) -> np.ndarray:
        """(num_envs, ids) which action ids are legal now, game by game."""
        return self.games.state().legal_action_mask


def observed(state: VectorState) -> np.ndarray:
    """The observations of a batch whose games are observed (``VectorGames(observe=True)``)."""
    if state.observation is None:
        raise ArgumentError("these games carry no observation: build VectorGames with observe=True")
    return state.observation


def solo_scores(
    policy: str | Bot | SoloPolicy,
    n_games: int,
    *,
    seed: int = 0,
    variations: str | Sequence[str] = (),
    secret_decades: bool = False,
    mid_century: str = "harsh",
) -> np.ndarray:
    """The solo score (S7, ×100) of ``policy`` in each of ``n_games`` games of :class:`SoloEnv`.

    ``policy`` is a bot (``"random"``, ``"greedy"``, ``"search"`` or a :class:`Bot`), which
    chooses among the legal moves from its view, or a learned policy: a function of the
    observation vector and the mask of legal ids that returns an action id. The deals are
    those of ``simulate(n_games, [bot], seed=seed)`` — game ``k`` is dealt from
    ``game_seeds(seed, n_games)[k]``, and a bot draws from the same generator there as here —
    so a bot scores here exactly what :func:`~exhibition_lab.simulate.simulate` gives it on
    the scalar engine (``engine="scalar"``; a solo ``"random"`` run defaults to the batch engine), and
    every policy evaluated with one ``seed`` plays the same deals (paired games: the
    difference of two policies' scores, game by game, leaves most of the deal's luck out).
    An illegal id from a learned policy is refused with the rules' own error, naming the rule.
    """
    n_games = check_count(n_games, least=1, most=MAX_GAMES, what="n_games")
    env = SoloEnv(variations=variations, secret_decades=secret_decades, mid_century=mid_century, illegal_action="raise")
    bot = None if callable(policy) and not isinstance(policy, Bot) else make_bot(policy)
    scores = np.zeros(n_games, dtype=np.int64)
    for game, game_seed in enumerate(game_seeds(seed, n_games)):
        observation, info = env.reset(seed=int(game_seed))
        rng = bot_rng(int(game_seed))
        over = False
        while not over:
            if bot is None:
                action = cast(SoloPolicy, policy)(observation, info["action_mask"])
            else:
                action = env.rules.space.encode(env.bot_move(bot, rng))
            observation, reward, over, _, info = env.step(action)
            scores[game] += round(reward)
    return scores


def register_environments() -> None:
    """Register the environments with Gymnasium (done when :mod:`exhibition_lab.envs` is imported)."""
    if SOLO_ID not in gymnasium.registry:
        here = __name__
        gymnasium.register(id=SOLO_ID, entry_point=f"{here}:SoloEnv", vector_entry_point=f"{here}:SoloVectorEnv")
    if TABLE_ID not in gymnasium.registry:
        gymnasium.register(id=TABLE_ID, entry_point=f"{__name__}:TableEnv")
