"""The batched numpy solo engine: exact to the scalar engine, same statistics, bounded runs."""

from __future__ import annotations

import numpy as np
import pytest

import exhibition_lab as xl
from exhibition_lab import batch
from exhibition_lab.simulate import simulate

DECK = xl.standard_deck()


def check_replays(result: batch.BatchResult, games: range) -> int:
    """Replay each game through the scalar Game; returns how many held Einstein."""
    with_einstein = 0
    for i in games:
        game = batch.replay(result, i)
        assert game.is_over
        hall = game.hall(0)
        spots = [c for _, c in hall.iter_spots()]
        assert [DECK[k] if k >= 0 else None for k in result.halls[i]] == spots
        assert [DECK[k] for k in result.depots[i] if k >= 0] == list(hall.depot)
        years = [-1 if c.year is None else c.year for c in game.market_cards]
        assert [y for y in result.markets[i] if y != -1] == [y for y in years if y != -1]
        assert game.score()["You"].total == result.scores[i]
        with_einstein += xl.EINSTEIN in hall.cards()
    return with_einstein


def test_random_batch_games_replay_exactly_through_the_scalar_engine():
    result = batch.play_batch(1200, policy="random", seed=7, chunk=400, record=True)
    with_einstein = check_replays(result, range(1200))
    assert with_einstein > 0  # the wild-year card was exercised


def test_greedy_batch_games_replay_exactly_through_the_scalar_engine():
    result = batch.play_batch(300, policy="greedy", seed=8, record=True)
    check_replays(result, range(300))


def test_batch_and_scalar_random_play_agree_statistically():
    # Tolerance: means of total and of each goal within 4 combined standard errors.
    scalar = simulate(1500, ["random"], seed=3, processes=1, progress=False)
    batched = simulate(30_000, ["random"], seed=3, engine="batch", progress=False)
    for goal in ["years_gap", "continent_focus", "decades", "chain", "empty_spots", "depot", "mid_century"]:
        a, b = scalar.points[goal][:, 0], batched.points[goal][:, 0]
        se = np.sqrt(a.var(ddof=1) / len(a) + b.var(ddof=1) / len(b))
        assert abs(a.mean() - b.mean()) <= 4 * se + 1e-9, goal
    a, b = scalar.scores[:, 0], batched.scores[:, 0]
    assert abs(a.mean() - b.mean()) <= 4 * np.sqrt(a.var() / len(a) + b.var() / len(b))


def test_vectorised_greedy_beats_random():
    random = batch.play_batch(5000, policy="random", seed=1)
    greedy = batch.play_batch(5000, policy="greedy", seed=1)
    assert greedy.scores.mean() > random.scores.mean() + 1000


def test_summary_mode_keeps_only_aggregates():
    full = batch.play_batch(4000, seed=2, chunk=1000)
    summary = batch.play_batch(4000, seed=2, chunk=1000, keep_games=False)
    assert summary.n_games == 4000 and summary.histogram.sum() == 4000
    assert summary.mean == pytest.approx(full.scores.mean())
    assert summary.std == pytest.approx(full.scores.std())
    assert summary.goal_means["chain"] == pytest.approx(full.points["chain"].mean())


def test_same_seed_same_games_and_bad_requests():
    a = batch.play_batch(500, seed=4)
    b = batch.play_batch(500, seed=4)
    assert np.array_equal(a.scores, b.scores) and np.array_equal(a.markets, b.markets)
    with pytest.raises(xl.ExhibitionLabError):
        batch.play_batch(10, policy="search")
    with pytest.raises(xl.ExhibitionLabError):
        simulate(10, ["random", "random"], engine="batch", progress=False)
    with pytest.raises(xl.ExhibitionLabError):
        simulate(10, ["random"], engine="batch", layout=xl.Layout.base().with_variations("links"), progress=False)
    with pytest.raises(xl.ExhibitionLabError):
        simulate(10, ["random"], engine="warp", progress=False)
    with pytest.raises(xl.ExhibitionLabError, match="record=True"):
        batch.replay(a, 0)
