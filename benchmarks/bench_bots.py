"""Bots and simulate(): random solo games/s, greedy games/s, search seconds per move.

Run: python benchmarks/bench_bots.py [--games N] [--search-games N]

``simulate(..., ["random"])`` plays on the batch engine (``engine="auto"``); the scalar
engine's rate is printed beside it for comparison.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

import exhibition_lab as xl
from exhibition_lab.games.exhibition.agents import SearchBot, play_game
from exhibition_lab.simulate import SimulationResult, simulate


def rate(n_games: int, bots: list[str], processes: int, engine: str = "auto") -> tuple[float, SimulationResult]:
    start = time.perf_counter()
    result = simulate(n_games, bots, seed=0, processes=processes, progress=False, engine=engine)
    return n_games / (time.perf_counter() - start), result


def report(label: str, games_per_s: float, result: SimulationResult) -> None:
    low, high = result.interval()
    print(
        f"{label:<34} {games_per_s:9.0f} games/s  mean {result.mean()[0]:8.1f}  "
        f"95% CI [{low[0]:.1f}, {high[0]:.1f}]  (n={result.n_games})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200_000)
    parser.add_argument("--search-games", type=int, default=20)
    args = parser.parse_args()
    simulate(10_000, ["random"], processes=1, progress=False)  # warm up
    for processes in (1, 2):
        report(f"random solo, {processes} process(es)", *rate(args.games, ["random"], processes))
    report("random solo, scalar engine, 1 process", *rate(2_000, ["random"], 1, "scalar"))
    for processes in (1, 2):
        report(f"greedy solo, {processes} process(es)", *rate(200, ["greedy"], processes))
    bot = SearchBot()
    scores = []
    for seed in range(args.search_games):
        game = play_game(xl.Game.new(1, seed=seed), [bot], np.random.default_rng(seed))
        scores.append(game.score()["You"].total)
    print(
        f"search solo (rollouts={bot.rollouts or bot.BATCH_ROLLOUTS}, candidates={bot.candidates}): "
        f"{bot.stats.seconds_per_move * 1000:.1f} ms per searched turn, "
        f"{bot.stats.rollouts / bot.stats.moves:.0f} rollouts per turn, mean {np.mean(scores):.1f} "
        f"over {len(scores)} games"
    )


if __name__ == "__main__":
    main()
