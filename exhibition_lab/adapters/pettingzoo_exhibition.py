"""Exhibition as a PettingZoo AEC environment: ``env(players=3)`` and ``raw_env``.

Agents are ``player_0`` … ``player_{n−1}`` in seat order (seat 0 starts, R6). An agent's
observation is a dict: ``observation``, the seat's view as a flat ``float32`` vector
(:mod:`exhibition_lab.games.exhibition.observation`), and ``action_mask``, an ``int8`` mask
over the action ids of :class:`~exhibition_lab.games.exhibition.rules.actions.ActionSpace`
(all zeros when it is not the agent's turn). Chance — the deal, the refills, the Secret
Decades — is resolved inside from the generator ``reset(seed=…)`` seeds, exactly as
:meth:`Game.new <exhibition_lab.games.exhibition.game.Game.new>` deals: ``reset(seed=7)``
plays the deal of ``Game.new(players, seed=7)``. Rewards come at the end, per ``utility``
(``"margin"``, ``"win"``, ``"score"``; see :class:`~exhibition_lab.games.exhibition.rules.turns.Setup`).

``max_cycles`` truncates a game after that many rounds (every seat one turn, R6): each agent
is then truncated with no reward. ``reward_scale`` multiplies every reward (the rules' returns,
e.g. ``0.01`` for fame in hundreds).

There is no parallel API: Exhibition is played in turns (R6), one agent acting at a time,
and a parallel step would ask every agent for an action only one of them may take; the
metadata says ``is_parallelizable: False``, so that PettingZoo's ``aec_to_parallel`` refuses
it rather than inventing simultaneous moves.

``raw_env`` refuses an illegal action with the rules' own error (``IllegalAction``, naming the
rule); ``env()`` wraps it as PettingZoo's classic games are wrapped — an illegal action ends the
game with ``illegal_reward`` for the agent who played it — and checks the order of calls.

>>> from exhibition_lab.envs import env
>>> aec = env(players=3)
>>> aec.reset(seed=7)
>>> observation, reward, terminated, truncated, info = aec.last()
>>> aec.agent_selection, observation["observation"].shape, int(observation["action_mask"].sum())
('player_0', (1454,), 3)
"""

from __future__ import annotations

try:
    import gymnasium
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as error:  # the extra is not installed
    raise ImportError(
        'exhibition_lab.envs needs PettingZoo; install the extra with: pip install "exhibition_lab[ai]"',
        name="pettingzoo",
    ) from error

from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np

from ..core.checks import check_action, check_count, check_real
from ..core.errors import IllegalAction
from ..core.seeding import generator
from ..games.exhibition.observation import Observer
from ..games.exhibition.rules.turns import Phase
from ..games.exhibition.setups import dealt_play, make_setup
from .rendering import RENDER_MODES, ansi, check_render_mode, check_scale, html

#: A step once every agent has left is refused as the rules refuse a move after the end.
AFTER_THE_END = "R10c: every agent has left the game; call reset() before the next step"


def env(illegal_reward: float = -1.0, **kwargs: Any) -> AECEnv:
    """A wrapped :class:`raw_env`: an illegal action ends the game with ``illegal_reward``
    for the agent who played it; actions that are not whole numbers of the space, steps after
    every agent has left and calls out of order raise."""
    aec = raw_env(**kwargs)
    aec = wrappers.TerminateIllegalWrapper(aec, illegal_reward=check_real(illegal_reward, what="illegal_reward"))
    return StrictOrderWrapper(aec)


class StrictOrderWrapper(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]  # untyped PettingZoo
    """PettingZoo's order checks, and the package's checks of a step before any wrapper reads
    the action: an action id is a whole number of the action space (``ArgumentError``), and a
    step once every agent has left is refused as the rules refuse a move after the end (R10c)."""

    def step(self, action: Any) -> None:
        if self._has_reset:
            if not self.agents:
                raise IllegalAction(AFTER_THE_END, rule="R10c")
            agent = self.agent_selection
            if not (action is None and (self.terminations[agent] or self.truncations[agent])):
                action = check_action(action, self.action_space(agent).n)
        super().step(action)


class raw_env(AECEnv):  # type: ignore[misc]  # PettingZoo ships no type information
    """Exhibition for ``players`` seats (1–5) with ``variations`` (V1–V6a), ``secret_decades``
    (V7) and a ``utility``; ``max_cycles`` rounds at most (none: the rules end the game, R10c),
    rewards times ``reward_scale``; ``render_mode`` ``"human"`` (prints), ``"ansi"`` or ``"html"``."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": list(RENDER_MODES),
        "name": "exhibition_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        players: int = 2,
        *,
        variations: str | Sequence[str] = (),
        secret_decades: bool = False,
        utility: str | None = None,
        max_cycles: int | None = None,
        reward_scale: float = 1.0,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.rules = make_setup(players, variations=variations, secret_decades=secret_decades, utility=utility)
        most = self.rules.max_decisions  # no game lasts as many rounds as it has decisions
        self.max_cycles = None if max_cycles is None else check_count(max_cycles, least=1, most=most, what="max_cycles")
        self.reward_scale = check_scale(reward_scale)
        self.render_mode = check_render_mode(render_mode)
        self.observer = Observer(self.rules)
        self.possible_agents = [f"player_{seat}" for seat in range(self.rules.n_players)]
        self.agents = self.possible_agents[:]
        actions = self.rules.info.num_distinct_actions
        vector = gymnasium.spaces.Box(0.0, 1.0, (self.observer.layout.size,), dtype=np.float32)
        self.observation_spaces = {
            agent: gymnasium.spaces.Dict(
                {"observation": vector, "action_mask": gymnasium.spaces.Box(0, 1, (actions,), dtype=np.int8)}
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: gymnasium.spaces.Discrete(actions) for agent in self.possible_agents}
        self._rng = np.random.default_rng()
        self.play = dealt_play(self.rules, self._rng)

    # ------------------------------------------------------------------ PettingZoo's API
    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng, _ = generator(seed)
        self.play = dealt_play(self.rules, self._rng)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.play.state.seat]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        state = self.play.state
        mask = np.zeros(self.rules.info.num_distinct_actions, dtype=np.int8)
        if self.rules.current_player(state) == seat:
            mask[self.rules.legal_ids(state)] = 1
        return {"observation": self.observer.vector(state, seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        if not self.agents:
            raise IllegalAction(AFTER_THE_END, rule="R10c")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        play, rules = self.play, self.rules
        action = check_action(action, rules.info.num_distinct_actions)
        self._cumulative_rewards[agent] = 0.0
        play.apply(rules.decode(play.state, action))  # checked by the rules; chance follows from the deal
        state = play.state
        if state.phase is Phase.OVER:
            for seat, value in enumerate(rules.returns(state)):
                self.rewards[self.possible_agents[seat]] = value * self.reward_scale
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.max_cycles is not None and state.round > self.max_cycles:
            self.truncations = dict.fromkeys(self.agents, True)  # the game stops unfinished: no returns
            self.agent_selection = self.possible_agents[state.seat]
        else:
            self.agent_selection = self.possible_agents[state.seat]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode")
            return None
        if self.render_mode == "html":
            return html(self.rules, self.play.state)
        text = ansi(self.rules, self.play.state)
        if self.render_mode == "human":
            print(text, end="\n\n")
            return None
        return text

    def close(self) -> None:
        """Nothing to release: the environment holds no window or file."""
