"""Bots and simulate(): legality, hidden information, budgets, determinism across workers."""

from __future__ import annotations

import numpy as np
import pytest

import exhibition_lab as xl
from exhibition_lab.games.exhibition.agents import GreedyBot, RandomBot, SearchBot, make_bot, play_game
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


def test_search_bot_beats_greedy_on_the_same_deals():
    def solo_totals(bot) -> list[int]:
        games = [play_game(xl.Game.new(1, seed=s), [bot], np.random.default_rng(s)) for s in range(8)]
        return [game.score()["You"].total for game in games]

    assert np.mean(solo_totals(SearchBot(rollouts=64, candidates=4))) > np.mean(solo_totals("greedy")) + 500


def test_search_bot_plays_the_turn_it_planned():
    game = xl.Game.new(1, seed=4)
    bot = SearchBot(rollouts=32, candidates=3)
    rng = np.random.default_rng(4)
    take = bot.choose(game.view(), game.legal_actions(), rng)
    planned = list(bot._plan[2])
    game.apply(take)
    while game.phase is not xl.Phase.TAKE and not game.is_over:
        action = bot.choose(game.view(), game.legal_actions(), rng)
        assert action == planned.pop(0)
        game.apply(action)
    assert not planned and bot.stats.moves == 1  # one search for the whole turn


def white_card_positions(n_games: int, players: int = 1) -> list[xl.Game]:
    """Positions in every phase, white cards taken whenever offered (for R8's MOVE)."""
    positions = []
    for seed in range(n_games):
        game, rng = xl.Game.new(players, seed=seed), np.random.default_rng(seed)
        while not game.is_over:
            actions = game.legal_actions()
            positions.append(game.copy())
            white = [a for a in actions if isinstance(a, xl.Take) and a.card.is_white]
            game.apply(white[0] if white else actions[int(rng.integers(len(actions)))])
    return positions


@pytest.mark.parametrize("players", [1, 3])
def test_batched_search_rows_start_exactly_where_the_scalar_game_stands(players):
    # Every candidate turn, played as the forced first batch turn from the position, must
    # leave the halls, Depots, market, vehicles and turn order the scalar engine leaves.
    from exhibition_lab.games.exhibition.agents import forced_turns
    from exhibition_lab.games.exhibition.arrays import engine as lockstep
    from exhibition_lab.games.exhibition.arrays.state import OVER, select
    from tests.arrays_support import from_games

    bot, rng = SearchBot(rollouts=10_000, candidates=4), np.random.default_rng(0)
    phases = set()
    positions = white_card_positions(40 if players == 1 else 6, players)
    # a sample of every phase; white-card moves are rare, so all of those
    sample = [p for k, p in enumerate(positions) if k % (3 * players) == 0 or p.phase is xl.Phase.MOVE]
    for position in sample:
        view, actions = position.view(), position.legal_actions()
        plans = bot.candidate_plans(view, actions)
        determinised = xl.Game.from_view(view, rng)
        rows = select(from_games([determinised]), np.zeros(len(plans), dtype=np.intp))
        lockstep.play(rows, "random", rng, forced=forced_turns(rows, plans, 1), turns=1)
        for row, plan in enumerate(plans):
            scalar = determinised.copy()
            for action in plan.actions():
                scalar.apply(action)
            for seat, hall in enumerate(scalar.halls):
                h = row * players + seat
                spots = [-1 if c is None else rows.deck.index()[c] for _, c in hall.iter_spots()]
                assert rows.hall[h].tolist() == spots
                assert [rows.deck.cards[k] for k in rows.depot[h] if k >= 0] == list(hall.depot)
            for k, continent in enumerate(xl.CONTINENTS):
                here = rows.market[row, 3 * k : 3 * k + 3]
                assert sorted(rows.deck.cards[c].sort_key for c in here if c >= 0) == [
                    c.sort_key for c in scalar.market[continent]
                ]
            assert [xl.CONTINENTS[v] for v in rows.vehicle[row]] == list(scalar.vehicles)
            assert rows.seat[row] == scalar.current and (rows.phase[row] == OVER) == scalar.is_over
            assert lockstep.legal_actions(rows, row) == sorted(scalar.legal_actions(), key=rows.space.encode)
        phases.add(view.phase)
    assert phases == {xl.Phase.TAKE, xl.Phase.MOVE, xl.Phase.PLACE}


def test_search_bot_respects_time_limit():
    bot = SearchBot(rollouts=10_000, time_limit=0.02, rollout="random")
    game = xl.Game.new(2, seed=3)
    play_game(game, [bot, "random"], np.random.default_rng(3))
    # the limit, not the playout budget, ended each search (how long it took is the benchmarks' business)
    assert bot.stats.rollouts < 10_000 * bot.stats.moves
    # solo: the lock-step rounds (32 shuffles of every candidate) stop at the limit too
    solo = SearchBot(rollouts=1_000_000, time_limit=0.001)
    play_game(xl.Game.new(1, seed=3), [solo], np.random.default_rng(3))
    assert solo.stats.rollouts <= 32 * 48 * solo.stats.moves  # one round: at most 8 candidates × 6 moves


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
    runs = [(30, ["random"], "scalar"), (25_000, ["random"], "auto"), (30, ["greedy", "random"], "auto")]
    with (
        distributed.LocalCluster(n_workers=2, processes=False, dashboard_address=None) as cluster,
        distributed.Client(cluster) as client,
    ):
        on_dask = [simulate(n, bots, seed=4, client=client, progress=False, engine=e) for n, bots, e in runs]
    for (n, bots, e), remote in zip(runs, on_dask):
        local = simulate(n, bots, seed=4, processes=1, progress=False, engine=e)
        assert np.array_equal(remote.scores, local.scores) and np.array_equal(remote.markets, local.markets)


def test_auto_engine_plays_random_solo_on_the_batch_engine_whatever_the_processes():
    # three chunks of the batch engine: the split over processes must not change a game
    runs = [simulate(25_000, ["random"], seed=6, processes=p, progress=False) for p in (1, 2, 4)]
    direct = simulate(25_000, ["random"], seed=6, engine="batch", processes=1, progress=False)
    for run in runs:
        assert np.array_equal(run.scores, direct.scores) and np.array_equal(run.markets, direct.markets)
        assert np.array_equal(run.points["chain"], direct.points["chain"])
    assert (runs[0].seeds == -1).all()
    # a bot the batch engine does not play stays on the scalar engine …
    greedy = simulate(5, ["greedy", "random"], seed=6, processes=1, progress=False)
    assert (greedy.seeds >= 0).all()
    # … while random play of any layout and player count runs on the batch engine
    links = xl.Layout.base().with_variations("links")
    with_variant = [simulate(3000, ["random"] * 2, seed=6, layout=links, processes=p, progress=False) for p in (1, 2)]
    assert (with_variant[0].seeds == -1).all()
    assert np.array_equal(with_variant[0].scores, with_variant[1].scores)


def test_simulate_solo_scores_are_solo_totals():
    result = simulate(20, ["random"], seed=1, processes=1, progress=True, engine="scalar")
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


def test_search_bot_plays_variations_and_secret_decades_on_the_batch_engine():
    # every game's playouts run on the batch engine: legal, finished, same seed same game
    layout = xl.Layout.base().with_variations("links", "unique_decades")

    def one(seed):
        bot = SearchBot(rollouts=24, candidates=2)
        game = xl.Game.new(2, seed=seed, layout=layout, secret_decades=True)
        play_game(game, [bot, "random"], np.random.default_rng(seed))
        return bot, game

    bot, game = one(4)
    assert game.is_over and bot.stats.moves > 0 and bot.stats.rollouts >= 24 * bot.stats.moves
    replay = xl.Game.new(2, seed=4, layout=layout, secret_decades=True)
    for _, action in game.history:
        replay.apply(action)
    assert replay == game and one(4)[1].history == game.history
