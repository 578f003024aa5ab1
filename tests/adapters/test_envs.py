"""Exhibition for learning agents: PettingZoo's own suites (``api_test``, ``seed_test``,
``render_test``), Gymnasium's ``check_env`` on the solo game, and the vectorised environment on
the array engine (pgx's shape, no framework needed)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pettingzoo_test = pytest.importorskip("pettingzoo.test")
gymnasium = pytest.importorskip("gymnasium")

import exhibition_lab as xl  # noqa: E402
from exhibition_lab.core.errors import ArgumentError, IllegalAction  # noqa: E402
from exhibition_lab.envs import SOLO_ID, SoloEnv, SoloVectorEnv, VectorGames, env, raw_env, solo_scores  # noqa: E402
from exhibition_lab.games.exhibition.observation import Observer  # noqa: E402


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():  # the suites warn about dict observations, as for every classic game
        warnings.simplefilter("ignore")
        yield


def is_html(text) -> bool:
    return isinstance(text, str) and text.startswith("<div") and "exlab-board" in text


# ---------------------------------------------------------------- PettingZoo
@pytest.mark.parametrize("players, options", [(1, {}), (3, {"secret_decades": True}), (5, {"variations": "links"})])
def test_pettingzoo_api_test(players, options):
    pettingzoo_test.api_test(env(players=players, **options), num_cycles=400)


def test_pettingzoo_seed_test():
    pettingzoo_test.seed_test(lambda **kw: env(players=3, secret_decades=True, **kw), num_cycles=60)


def test_pettingzoo_render_test():
    pettingzoo_test.render_test(
        lambda render_mode=None: env(players=2, render_mode=render_mode),
        custom_tests={"html": is_html, "ansi": lambda text: text.startswith("seat 1: Player 1")},
    )


def test_reset_with_a_seed_deals_the_game_of_that_seed():
    aec = raw_env(players=3, secret_decades=True)
    aec.reset(seed=42)
    game = xl.Game.new(3, seed=42, secret_decades=True)
    assert aec.play.state == game.state
    observation, *_ = aec.last()
    assert np.array_equal(observation["observation"], Observer(game.setup).vector(game.state, 0))
    assert np.flatnonzero(observation["action_mask"]).tolist() == game.setup.legal_ids(game.state)
    assert aec.observe("player_1")["action_mask"].sum() == 0  # not their turn


def test_an_agent_sees_its_own_secret_decade_only():
    aec = raw_env(players=3, secret_decades=True)
    aec.reset(seed=1)
    layout = aec.observer.layout
    for seat, agent in enumerate(aec.agents):
        decades = layout.split(aec.observe(agent)["observation"])["secret_decades"]
        assert decades.sum() == 1 and decades[0].argmax() == (aec.play.state.secret_decades[seat] - 1900) // 10


def test_the_raw_environment_refuses_an_illegal_action_the_wrapped_one_ends_the_game():
    raw = raw_env(players=2)
    raw.reset(seed=3)
    with pytest.raises(IllegalAction) as refused:
        raw.step(raw.rules.space.depot)  # a card must be taken first (R7)
    assert refused.value.rule == "R10"
    wrapped = env(players=2, illegal_reward=-5)
    wrapped.reset(seed=3)
    wrapped.step(wrapped.unwrapped.rules.space.depot)
    assert all(wrapped.terminations.values()) and wrapped.rewards["player_0"] == -5


def test_rewards_at_the_end_are_the_rules_returns():
    for utility in ("margin", "win", "score"):
        aec = raw_env(players=3, utility=utility)
        aec.reset(seed=5)
        rng = np.random.default_rng(5)
        totals = dict.fromkeys(aec.agents, 0.0)
        for agent in aec.agent_iter():
            observation, reward, terminated, _, _ = aec.last()
            totals[agent] += reward
            action = None if terminated else int(rng.choice(np.flatnonzero(observation["action_mask"])))
            aec.step(action)
        assert list(totals.values()) == list(aec.rules.returns(aec.play.state))


# ---------------------------------------------------------------- Gymnasium
def test_gymnasium_check_env():
    from gymnasium.utils.env_checker import check_env

    check_env(gymnasium.make(SOLO_ID, render_mode="ansi").unwrapped)


def test_the_solo_reward_is_the_score():
    solo = gymnasium.make(SOLO_ID, variations=["short_era"])
    _, info = solo.reset(seed=11)
    game = xl.Game.new(1, seed=11, layout=xl.Layout.base().with_variations("short_era"))
    rng = np.random.default_rng(11)
    total, done = 0.0, False
    while not done:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        game.apply(game.setup.decode(game.state, action))
        _, reward, done, truncated, info = solo.step(action)
        total += reward
        assert not truncated
    assert game.is_over and total == game.score()["You"].total  # S7, on the ×100 scale


def test_an_illegal_solo_action_ends_the_episode_or_raises():
    solo = SoloEnv()
    solo.reset(seed=2)
    _, reward, done, _, info = solo.step(solo.rules.space.end)
    assert done and info["illegal_action"] and reward == solo.rules.info.min_utility
    strict = SoloEnv(illegal_action="raise")
    strict.reset(seed=2)
    with pytest.raises(IllegalAction):
        strict.step(strict.rules.space.end)
    assert strict.action_masks().sum() == 3  # nothing changed: three cards to take at Oceania (R7)
    with pytest.raises(ArgumentError):
        SoloEnv(illegal_action="ignore")


@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_solo_scores_of_a_bot_are_what_simulate_gives_it_on_the_same_deals(bot):
    from exhibition_lab.simulate import simulate

    scores = solo_scores(bot, 6, seed=4)
    assert (
        scores.tolist()
        == simulate(6, [bot], seed=4, processes=1, progress=False, engine="scalar").scores[:, 0].tolist()
    )  # S7


def test_solo_scores_of_a_learned_policy_play_the_masked_ids_on_paired_deals():
    seen = []

    def first_legal(observation, mask):  # always the lowest legal id
        assert observation.shape == (1034,) and mask.dtype == bool and mask.any()
        seen.append(observation)
        return int(np.flatnonzero(mask)[0])

    scores = solo_scores(first_legal, 3, seed=9)
    again = solo_scores(first_legal, 3, seed=9)
    assert scores.dtype == np.int64 and scores.tolist() == again.tolist()  # the same deals, game for game
    game = xl.Game.new(1, seed=int(xl.simulate.game_seeds(9, 3)[0]))
    while not game.is_over:
        game.apply(game.setup.decode(game.state, int(np.flatnonzero(game.setup.legal_action_mask(game.state))[0])))
    assert scores[0] == game.score()["You"].total  # game 0 is dealt from the run's first game seed (S7)


def test_solo_scores_refuse_an_illegal_id_and_a_count_of_no_games():
    with pytest.raises(IllegalAction):  # the Depot is not a move before a card is taken (R7, R10)
        solo_scores(lambda observation, mask: 123, 1)
    with pytest.raises(ArgumentError):
        solo_scores("greedy", 0)


def test_the_gymnasium_vector_environment_resets_games_as_they_end():
    vec = gymnasium.make_vec(SOLO_ID, num_envs=16, vectorization_mode="vector_entry_point")
    assert isinstance(vec.unwrapped, SoloVectorEnv)
    observations, info = vec.reset(seed=3)
    assert observations.shape == (16, 1034) and info["action_mask"].shape == (16, 125)
    rng = np.random.default_rng(3)
    finished, steps, ended = 0, 0, np.zeros(16, dtype=bool)
    while finished < 20:
        mask = info["action_mask"]
        assert mask[~ended].any(axis=1).all() and not mask[ended].any()
        # a game that just ended takes no action: the next step deals it anew (next-step autoreset)
        actions = np.array([rng.choice(np.flatnonzero(row)) if row.any() else 0 for row in mask])
        observations, rewards, terminated, truncated, info = vec.step(actions)
        assert not terminated[ended].any() and info["action_mask"][ended].any(axis=1).all()
        ended = terminated
        finished += int(terminated.sum())
        assert np.all(rewards[~terminated] == 0) and not truncated.any()
        steps += 1
    assert steps < 200


def test_the_gymnasium_vector_environment_without_copies_writes_one_array_over():
    """``copy=False`` as Gymnasium's own vector environments take it: every step returns the
    same observation memory, holding what a copying environment on the same seed returns."""
    fast, safe = SoloVectorEnv(8, copy=False), SoloVectorEnv(8)
    board, _ = fast.reset(seed=4)
    kept, info = safe.reset(seed=4)
    assert np.array_equal(board, kept)
    rng = np.random.default_rng(4)
    for _ in range(60):
        actions = np.array([rng.choice(np.flatnonzero(row)) if row.any() else 0 for row in info["action_mask"]])
        observations, *_ = fast.step(actions)
        copied, _, _, _, info = safe.step(actions)
        assert np.shares_memory(observations, board) and np.array_equal(board, copied)
        assert not np.shares_memory(copied, kept)  # the copying one never writes over a held observation
    with pytest.raises(ArgumentError):
        SoloVectorEnv(8, copy=1)


# ---------------------------------------------------------------- vectorised, no framework
def test_vector_games_play_to_the_end_with_masks_rewards_and_observations():
    games = VectorGames(players=3, secret_decades=True, utility="win")
    state = games.reset(64, seed=9)
    assert state.observation.shape == (64, 1454) and state.legal_action_mask.shape == (64, 125)
    rng = np.random.default_rng(9)
    rewards = np.zeros((64, 3))
    while not state.terminated.all():
        state = games.step(games.random_actions(state, rng))
        rewards += state.rewards
    assert np.allclose(rewards.sum(axis=1), 1.0)  # "win": the winners share 1
    assert (state.current_player == -1).all() and not state.legal_action_mask.any()
    assert np.array_equal(rewards, games.returns())


def test_vector_games_refuse_an_illegal_action_and_change_nothing():
    games = VectorGames(players=2)
    state = games.reset(4, seed=1)
    before = games.state()
    actions = games.random_actions(state, np.random.default_rng(0))
    actions[2] = games.rules.space.depot  # R7 first
    with pytest.raises(IllegalAction) as refused:
        games.step(actions)
    assert refused.value.rule == "R7" and "game 2" in str(refused.value)
    assert np.array_equal(games.state().observation, before.observation)
    with pytest.raises(ArgumentError):
        games.step(actions[:3])


def test_the_same_seed_deals_the_same_batch():
    first = VectorGames(players=1).reset(8, seed=5)
    again = VectorGames(players=1).reset(8, seed=5)
    assert np.array_equal(first.observation, again.observation)


def test_a_step_advances_the_games_in_place_and_returns_a_new_snapshot():
    """The games advance in place (a Gymnasium vector environment's shape); every state
    returned is new arrays that no later step changes (pgx's State), so a learner may keep
    the state of the step before."""
    games = VectorGames(players=2, secret_decades=True)
    first = games.reset(16, seed=3)
    kept = {name: np.array(value, copy=True) for name, value in first._asdict().items()}
    rng = np.random.default_rng(3)
    second = games.step(games.random_actions(first, rng))
    games.step(games.random_actions(second, rng))
    for name, value in first._asdict().items():
        assert np.array_equal(value, kept[name]), name
        assert not np.shares_memory(value, second._asdict()[name]), name
    # the batch itself moved on: the state now is the third, not the first (R7, R10)
    assert not np.array_equal(games.state().observation, first.observation)
