"""SimulationResult: win shares with their intervals, ties, and seats that rotate from game to game."""

from __future__ import annotations

import numpy as np
import pytest

from exhibition_lab.core.errors import ArgumentError
from exhibition_lab.simulate import SimulationResult, seating, simulate


def result(bots, scores, **points) -> SimulationResult:
    scores = np.array(scores)
    seeds = np.arange(len(scores))
    goals = {goal: np.array(values, dtype=float) for goal, values in points.items()}
    return SimulationResult(tuple(bots), 0, seeds, scores, goals)


def test_wins_count_a_shared_first_place_for_each_and_shared_wins_counts_those_games():
    run = result(("a", "b"), [[3, 1], [3, 3], [0, 2], [5, 1]])
    assert list(run.wins()) == [0.75, 0.5]
    assert run.shared_wins() == 1


def test_win_interval_is_wilsons_and_stays_inside_zero_to_one():
    never = result(("a", "b"), [[0, 1]] * 10)  # a never wins, b always does
    low, high = never.win_interval()
    # Wilson 95% interval for 0 successes in 10 trials: [0, 0.2775] (and 1 − that for 10 of 10)
    assert low[0] == pytest.approx(0.0, abs=1e-12) and high[0] == pytest.approx(0.2775, abs=1e-4)
    assert low[1] == pytest.approx(1 - 0.2775, abs=1e-4) and high[1] == pytest.approx(1.0)
    half = result(("a", "b"), [[1, 0], [0, 1]] * 50)
    low, high = half.win_interval()
    assert low[0] < 0.5 < high[0] and high[0] - low[0] == pytest.approx(2 * 1.96 * 0.05, abs=0.005)
    assert (half.win_interval(0.99)[1] > high).all()


def test_rotated_seats_play_each_game_with_the_seating_turned_and_report_columns_by_bot():
    rotated = simulate(4, ["random", "greedy"], seed=3, processes=1, progress=False, rotate_seats=True)
    fixed = simulate(4, ["random", "greedy"], seed=3, processes=1, progress=False)
    swapped = simulate(4, ["greedy", "random"], seed=3, processes=1, progress=False)
    assert rotated.rotated and rotated.bots == ("random", "greedy")
    assert [seating(2, k, True) for k in range(3)] == [[0, 1], [1, 0], [0, 1]]
    for game in range(4):
        expected = fixed if game % 2 == 0 else swapped
        columns = [0, 1] if game % 2 == 0 else [1, 0]  # in odd games greedy sits first
        assert rotated.scores[game].tolist() == expected.scores[game, columns].tolist()
        for goal in ("decades", "empty_spots"):
            assert rotated.points[goal][game].tolist() == expected.points[goal][game, columns].tolist()
    assert "seats rotating" in rotated.summary() and "greedy: mean" in rotated.summary()


def test_rotating_seats_needs_distinct_bots_on_the_scalar_engine():
    with pytest.raises(ArgumentError, match="repeat"):
        simulate(2, ["greedy", "greedy"], rotate_seats=True, progress=False)
    with pytest.raises(ArgumentError, match="scalar engine"):
        simulate(2, ["random", "heuristic"], rotate_seats=True, progress=False)


def test_a_budget_passed_to_simulate_and_play_outs_scales_the_run():
    from exhibition_lab.core.budget import Budget
    from exhibition_lab.odds import play_outs

    result = simulate(2000, ["random"], seed=3, progress=False, budget=Budget(0.05))
    assert result.n_games == len(result.scores) == 100
    assert len(simulate(60, ["random"], seed=3, progress=False, budget=Budget(0.05)).scores) == 50
    outs = play_outs(400, "random", seed=1, progress=False, budget=Budget(0.1))
    assert len(outs.markets) == 40
