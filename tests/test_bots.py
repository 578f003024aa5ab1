"""Bots and simulate(): legality, hidden information, budgets, determinism across workers."""

from __future__ import annotations

import numpy as np
import pytest

import exhibition_lab as xl
from exhibition_lab.bots import GreedyBot, RandomBot, SearchBot, make_bot, play_game
from exhibition_lab.simulate import game_seeds, simulate


def test_bots_by_name_and_unknown_names():
    assert isinstance(make_bot("random"), RandomBot)
    assert isinstance(make_bot("greedy"), GreedyBot)
    assert isinstance(make_bot("search"), SearchBot)
    with pytest.raises(xl.ExhibitionLabError, match="unknown bot"):
        make_bot("chess")
    with pytest.raises(xl.ExhibitionLabError):
        simulate(1, ["random", "nobody"], progress=False)


class Spy:
    """A bot that records what it is shown, then plays like the greedy bot."""

    name = "spy"

    def __init__(self) -> None:
        self.views: list[xl.PlayerView] = []

    def choose(self, view, actions, rng):
        self.views.append(view)
        return GreedyBot().choose(view, actions, rng)


def test_bots_see_only_their_view():
    spy = Spy()
    game = xl.Game.new(3, seed=5, secret_decades=True)
    play_game(game, [spy, "random", "random"], np.random.default_rng(0))
    assert spy.views
    for view in spy.views:
        assert view.seat == 0 and not hasattr(view, "stock")
        assert view.secret_decades[1] is None and view.secret_decades[2] is None
        assert len(view.unseen) == view.stock_size
        assert list(view.unseen) == sorted(view.unseen, key=lambda c: c.sort_key)


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_mixed_bots_play_legal_games_to_the_end(players):
    names = ["greedy", "random", "search", "random", "greedy"][:players]
    bots = [SearchBot(rollouts=4, rollout="random") if n == "search" else n for n in names]
    for seed in range(3):
        game = play_game(xl.Game.new(players, seed=seed), bots, np.random.default_rng(seed))
        assert game.is_over
        replay = xl.Game.new(players, seed=seed)
        for _, action in game.history:
            replay.apply(action)  # every move was legal: apply re-checks it
        assert replay == game


def test_random_bot_never_plays_illegal_moves_over_many_games():
    for seed in range(600):
        game = play_game(xl.Game.new(1 + seed % 5, seed=seed), ["random"] * (1 + seed % 5), np.random.default_rng(seed))
        assert game.is_over and all(game.final)


def test_greedy_beats_random_in_solo():
    result_random = simulate(150, ["random"], seed=2, processes=1, progress=False)
    result_greedy = simulate(150, ["greedy"], seed=2, processes=1, progress=False)
    assert result_greedy.interval()[0, 0] > result_random.interval()[1, 0]


def test_search_bot_respects_rollout_budget():
    bot = SearchBot(rollouts=6, candidates=2, rollout="random")
    play_game(xl.Game.new(1, seed=1), [bot], np.random.default_rng(1))
    assert bot.stats.moves > 0 and bot.stats.rollouts <= 6 * bot.stats.moves


def test_search_bot_respects_time_limit():
    bot = SearchBot(rollouts=10_000, time_limit=0.02, rollout="random")
    game = xl.Game.new(2, seed=3)
    play_game(game, [bot, "random"], np.random.default_rng(3))
    # one playout may start just before the limit; a random playout takes milliseconds
    assert bot.stats.seconds_per_move < 0.02 + 0.05
    assert bot.stats.rollouts < 10_000 * bot.stats.moves


def test_from_view_keeps_every_public_fact():
    game = xl.Game.new(3, seed=9, secret_decades=True)
    play_game(game.copy(), ["random"] * 3, np.random.default_rng(9))
    for _ in range(17):
        game.apply(game.legal_actions()[0])
    view = game.view()
    twin = xl.Game.from_view(view, np.random.default_rng(1))
    twin_view = twin.view(view.seat)
    for attr in ["market", "vehicles", "halls", "final", "discard", "stock_size", "current", "phase", "hand", "round"]:
        assert getattr(twin_view, attr) == getattr(view, attr), attr
    assert set(twin_view.unseen) == set(view.unseen)
    assert twin.secret_decades[view.seat] == game.secret_decades[view.seat]
    assert twin.legal_actions() == game.legal_actions()


def test_game_seeds_depend_only_on_seed_and_index():
    assert np.array_equal(game_seeds(7, 10)[:5], game_seeds(7, 5))
    assert not np.array_equal(game_seeds(7, 5), game_seeds(8, 5))


def test_simulate_same_seed_same_scores_for_1_2_4_processes():
    runs = [simulate(40, ["random", "greedy"], seed=11, processes=p, progress=False) for p in (1, 2, 4)]
    for run in runs[1:]:
        assert np.array_equal(run.scores, runs[0].scores)
    assert runs[0].scores.shape == (40, 2)
    assert set(runs[0].points) >= {"six_continents", "years_gap", "chain"}


def test_simulate_on_a_dask_local_cluster_matches():
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(n_workers=2, processes=False, dashboard_address=None) as cluster,
        distributed.Client(cluster) as client,
    ):
        on_dask = simulate(30, ["random"], seed=4, client=client, progress=False)
    local = simulate(30, ["random"], seed=4, processes=1, progress=False)
    assert np.array_equal(on_dask.scores, local.scores)


def test_simulate_solo_scores_are_solo_totals():
    result = simulate(20, ["random"], seed=1, processes=1, progress=True)
    for row, game_seed in enumerate(result.seeds):
        game = play_game(
            xl.Game.new(1, seed=int(game_seed)), ["random"], np.random.default_rng([int(game_seed), 0xB07])
        )
        assert result.scores[row, 0] == game.score()["You"].total
    frame = result.to_frame()
    assert len(frame) == 20 and "total" in frame and "mid_century" in frame
    assert "seat 0 (random)" in result.summary()


class Interrupting:
    name = "interrupting"

    def __init__(self) -> None:
        self.moves = 0

    def choose(self, view, actions, rng):
        self.moves += 1
        if self.moves > 30:
            raise KeyboardInterrupt
        return actions[0]


def test_simulate_interrupt_returns_nothing():
    with pytest.raises(KeyboardInterrupt):
        simulate(50, [Interrupting()], processes=1, progress=False)
