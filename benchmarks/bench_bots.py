"""Bots and simulate(): random solo games/s, greedy games/s, search seconds per move.

Run: python benchmarks/bench_bots.py [--games N]
"""

from __future__ import annotations

import argparse
import time

import numpy as np

import exhibition_lab as xl
from exhibition_lab.bots import SearchBot, play_game
from exhibition_lab.simulate import simulate


def rate(n_games: int, bots: list[str], processes: int) -> tuple[float, xl.simulate.SimulationResult]:
    start = time.perf_counter()
    result = simulate(n_games, bots, seed=0, processes=processes, progress=False)
    return n_games / (time.perf_counter() - start), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--search-games", type=int, default=4)
    args = parser.parse_args()
    for bots, n in ((["random"], args.games), (["greedy"], max(args.games // 10, 1))):
        for processes in (1, 2):
            games_per_s, result = rate(n, bots, processes)
            low, high = result.interval()
            print(
                f"{bots[0]:>6} solo, {processes} process(es): {games_per_s:8.0f} games/s  "
                f"mean {result.mean()[0]:8.1f}  95% CI [{low[0]:.1f}, {high[0]:.1f}]  (n={n})"
            )
    bot = SearchBot()
    scores = []
    for seed in range(args.search_games):
        game = play_game(xl.Game.new(1, seed=seed), [bot], np.random.default_rng(seed))
        scores.append(game.score()["You"].total)
    print(
        f"search solo: {bot.stats.seconds_per_move * 1000:.0f} ms/move, {bot.stats.rollouts / bot.stats.moves:.0f} "
        f"rollouts/move, mean {np.mean(scores):.1f} over {len(scores)} games"
    )


if __name__ == "__main__":
    main()
