"""What game-AI researchers expect to find: the package's bots as ``pyspiel.Bot`` (so
OpenSpiel's ``evaluate_bots`` seats them against its ISMCTS), PettingZoo's ``max_cycles``
truncation (and, a turn-based game, no parallel API), a Gymnasium id for one learner
against the package's bots, and a ``reward_scale`` on every environment."""

from __future__ import annotations

import math

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import exhibition_lab as xl  # noqa: E402
import exhibition_lab.openspiel as xos  # noqa: E402
from exhibition_lab.core.errors import ArgumentError  # noqa: E402
from exhibition_lab.envs import TABLE_ID, SoloEnv, SoloVectorEnv, TableEnv, env, raw_env  # noqa: E402


# ---------------------------------------------------------------- pyspiel.Bot
def test_evaluate_bots_seats_a_package_bot_against_ismcts():
    from open_spiel.python.algorithms import evaluate_bots

    game = pyspiel.load_game("python_exhibition(players=2,secret_decades=True)")
    rng = np.random.RandomState(3)
    search = xos.ismcts_bot(game, simulations=8, seed=3)  # OpenSpiel's ISMCTSBot, seatable
    greedy = xos.SpielBot(game, "greedy", seed=3)
    assert isinstance(greedy, pyspiel.Bot)
    state = game.new_initial_state()
    returns = evaluate_bots.evaluate_bots(state, [greedy, search], rng)
    assert state.is_terminal() and len(returns) == 2
    assert returns == state.returns() and math.isclose(sum(returns), 0.0, abs_tol=1e-9)  # "margin", two seats
    assert len(state.history()) > 40  # a whole game was played (R10c)


def test_a_seeded_ismcts_plays_the_same_game_every_time():
    # Its worlds redraw the others' Secret Decades (V7) with the bot's own seeded generator,
    # never with OpenSpiel's default sampler, which is seeded afresh each time.
    game = pyspiel.load_game("python_exhibition(players=3,secret_decades=True)")

    def play() -> list[int]:
        players = [xos.BotPlayer("greedy"), xos.BotPlayer("greedy"), xos.ismcts_player(game, 10, seed=0)]
        return xos.play_deal(game, players, seed=100).history()

    assert play() == play()


def test_a_timeline_bot_is_a_pyspiel_bot_too():
    from open_spiel.python.algorithms import evaluate_bots

    game = pyspiel.load_game("python_exhibition_timeline(players=3)")
    bots = [xos.SpielBot(game, "random", seed=1), xos.SpielBot(game, 10, seed=2), pyspiel.make_uniform_random_bot(2, 5)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(1))
    assert math.isclose(sum(returns), 1.0)  # the winners share 1 (T5)


def test_a_package_bot_plays_only_its_own_game_and_only_at_a_decision():
    game = pyspiel.load_game("python_exhibition(players=2)")
    with pytest.raises(ArgumentError):
        xos.SpielBot(pyspiel.load_game("tic_tac_toe"), "greedy")
    with pytest.raises(ArgumentError):
        xos.SpielBot(game, "no such bot")
    with pytest.raises(ArgumentError):
        xos.SpielBot(game, "greedy", seed=-1)
    bot = xos.SpielBot(game, "random")
    with pytest.raises(ArgumentError):
        bot.step(game.new_initial_state())  # the deal is chance's (R5)
    other = pyspiel.load_game("python_exhibition_timeline(players=2)")
    with pytest.raises(ArgumentError):
        bot.step(other.new_initial_state())


# ---------------------------------------------------------------- PettingZoo
def play_randomly(aec, seed: int) -> dict[str, float]:
    aec.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total = dict.fromkeys(aec.possible_agents, 0.0)
    for agent in aec.agent_iter():
        observation, reward, terminated, truncated, _ = aec.last()
        total[agent] += reward
        legal = np.flatnonzero(observation["action_mask"])
        aec.step(None if terminated or truncated else int(legal[rng.integers(len(legal))]))
    return total


def test_max_cycles_truncates_after_that_many_rounds():
    aec = raw_env(players=3, max_cycles=2)
    aec.reset(seed=4)
    rng = np.random.default_rng(4)
    while not any(aec.truncations.values()):
        mask = aec.observe(aec.agent_selection)["action_mask"]
        aec.step(int(rng.choice(np.flatnonzero(mask))))
    assert all(aec.truncations.values()) and not any(aec.terminations.values())
    assert aec.play.state.round == 3 and aec.play.state.phase is not xl.Phase.OVER  # two rounds played (R6)
    assert all(reward == 0.0 for reward in aec.rewards.values())  # an unfinished game has no returns
    assert play_randomly(env(players=3, max_cycles=2), seed=4) == dict.fromkeys(aec.possible_agents, 0.0)


def test_max_cycles_passes_pettingzoo_api_test_and_is_checked():
    from pettingzoo.test import api_test

    api_test(env(players=2, max_cycles=3), num_cycles=200)
    for bad in (0, -1, 2.5, "3", True, 10**9):
        with pytest.raises(ArgumentError):
            raw_env(players=2, max_cycles=bad)


def test_a_turn_based_game_offers_no_parallel_api():
    from pettingzoo.utils.conversions import aec_to_parallel

    aec = raw_env(players=2)
    assert aec.metadata["is_parallelizable"] is False  # one agent acts at a time (R6)
    with pytest.raises(AssertionError, match="is_parallelizable"):
        aec_to_parallel(aec)


# ---------------------------------------------------------------- Gymnasium, a table of bots
def test_the_table_environment_passes_check_env_and_is_registered():
    from gymnasium.utils.env_checker import check_env

    check_env(TableEnv(opponents=["greedy", "random"]), skip_render_check=True)
    made = gymnasium.make(TABLE_ID, opponents=["random"])
    observation, info = made.reset(seed=2)
    assert observation.shape == made.observation_space.shape
    assert info["action_mask"].any()


def test_the_learner_sees_only_its_own_decisions_and_its_return():
    for seat in (0, 1, 2):
        table = TableEnv(opponents=["greedy", "random"], seat=seat, utility="score")
        observation, info = table.reset(seed=seat)
        rng = np.random.default_rng(seat)
        reward, done, steps = 0.0, False, 0
        while not done:
            assert table.rules.current_player(table.play.state) == seat  # the bots' turns are inside the step
            legal = np.flatnonzero(info["action_mask"])
            observation, reward, done, _, info = table.step(int(rng.choice(legal)))
            steps += 1
        state = table.play.state
        assert state.phase is xl.Phase.OVER and not info["action_mask"].any()
        assert reward == table.rules.returns(state)[seat]  # "score": the learner's fame
        assert np.array_equal(observation, table.observer.vector(state, seat))
        assert steps < table.rules.max_decisions


def test_the_same_seed_and_actions_give_the_same_table_game():
    def played(seed: int) -> tuple[list[float], object]:
        table = TableEnv(opponents=["random", "greedy"])
        _, info = table.reset(seed=seed)
        rewards, done = [], False
        while not done:
            _, reward, done, _, info = table.step(int(np.flatnonzero(info["action_mask"])[0]))
            rewards.append(reward)
        return rewards, table.play.state

    assert played(5) == played(5)  # the deal and the bots' draws come from the seed (R5)
    assert played(5)[1] != played(6)[1]


def test_a_table_is_checked():
    for bad in ({"opponents": []}, {"opponents": ["greedy"] * 5}, {"opponents": "greedy"},
                {"opponents": ["nobody"]}, {"seat": 2}, {"seat": -1}, {"reward_scale": 0}):  # fmt: skip
        with pytest.raises(ArgumentError):
            TableEnv(**{"opponents": ["greedy"], **bad})


# ---------------------------------------------------------------- reward scale
def solo_rewards(solo, seed: int) -> float:
    _, info = solo.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total, done = 0.0, False
    while not done:
        _, reward, done, _, info = solo.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        total += reward
    return total


def test_reward_scale_scales_every_environments_reward():
    assert solo_rewards(SoloEnv(reward_scale=0.01), 6) == pytest.approx(solo_rewards(SoloEnv(), 6) * 0.01)
    assert SoloEnv(reward_scale=0.01).illegal_reward == pytest.approx(SoloEnv().illegal_reward * 0.01)
    plain, scaled = play_randomly(raw_env(players=2), 8), play_randomly(raw_env(players=2, reward_scale=0.5), 8)
    assert scaled == pytest.approx({agent: value * 0.5 for agent, value in plain.items()})
    vector = SoloVectorEnv(4, reward_scale=0.01)
    unscaled = SoloVectorEnv(4)
    _, info = vector.reset(seed=1)
    unscaled.reset(seed=1)
    rng = np.random.default_rng(1)
    for _ in range(60):
        # a game that just ended is dealt anew on the next step, its action ignored
        actions = np.array([rng.choice(np.flatnonzero(row)) if row.any() else 0 for row in info["action_mask"]])
        _, rewards, _, _, info = vector.step(actions)
        _, base, _, _, _ = unscaled.step(actions)
        assert np.allclose(rewards, base * 0.01)


@pytest.mark.parametrize("bad", [0, -1.0, float("nan"), float("inf"), True, "1", None])
def test_a_reward_scale_is_a_number_above_zero(bad):
    for make in (lambda: SoloEnv(reward_scale=bad), lambda: raw_env(reward_scale=bad),
                 lambda: SoloVectorEnv(2, reward_scale=bad), lambda: TableEnv(reward_scale=bad)):  # fmt: skip
        with pytest.raises(ArgumentError):
            make()
