"""Bot strength and legality: solo means with 95% intervals over many games per bot.

Run: python benchmarks/bench_strength.py [--games 2000] [--legality 10000] [--processes 2]

Every game runs on the scalar engine, where ``Game.apply`` checks each bot action
against the rules and raises ``IllegalAction`` on any illegal one, so a run that
finishes is also a legality check over all its games. Means and intervals are reported
for the first ``--games`` games (the same deals for every bot) and for all of them.
"""

from __future__ import annotations

import argparse
import time

from exhibition_lab.simulate import SimulationResult, simulate


def describe(result: SimulationResult, n: int) -> str:
    scores = result.scores[:n, 0]
    sem = scores.std(ddof=1) / len(scores) ** 0.5
    return f"mean {scores.mean():8.1f}  95% CI [{scores.mean() - 1.96 * sem:.1f}, {scores.mean() + 1.96 * sem:.1f}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2_000)
    parser.add_argument("--legality", type=int, default=10_000)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--bots", nargs="+", default=["random", "greedy", "search"])
    args = parser.parse_args()
    n_total = max(args.games, args.legality)
    for bot in args.bots:
        start = time.perf_counter()
        result = simulate(n_total, [bot], seed=2026, processes=args.processes, engine="scalar", progress=False)
        seconds = time.perf_counter() - start
        print(
            f"{bot:>6}: first {args.games}: {describe(result, args.games)} | all {n_total}: "
            f"{describe(result, n_total)} | no illegal action in {n_total} games, {seconds:.0f} s",
            flush=True,
        )


if __name__ == "__main__":
    main()
