"""Batched solo engine: games/s against the scalar engine in the same run, and peak memory.

Run: python benchmarks/bench_batch.py [--games N] [--ten-million]
"""

from __future__ import annotations

import argparse
import resource
import statistics
import time

from exhibition_lab import batch
from exhibition_lab.simulate import simulate


def rate(function, n: int, repeats: int = 3) -> float:
    """Median games/s over a few repeats (single runs on a shared machine are noisy)."""
    rates = []
    for _ in range(repeats):
        start = time.perf_counter()
        function(n)
        rates.append(n / (time.perf_counter() - start))
    return statistics.median(rates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200_000)
    parser.add_argument("--ten-million", action="store_true", help="also play 10,000,000 games (summary only)")
    args = parser.parse_args()
    batch.play_batch(2_000)  # warm up
    scalar = rate(lambda n: simulate(n, ["random"], processes=1, progress=False, engine="scalar"), 2_000)
    for policy in ("random", "heuristic"):
        n = args.games if policy == "random" else args.games // 4
        games_per_s = rate(lambda n, p=policy: batch.play_batch(n, policy=p, chunk=10_000, keep_games=False), n)
        line = f"batch {policy:>6}: {games_per_s:9.0f} games/s (median of 3, chunks of 10,000, one core, n={n})"
        if policy == "random":
            line += f"   scalar random: {scalar:6.0f} games/s   ratio {games_per_s / scalar:.0f}x"
        print(line)
    if args.ten_million:
        start = time.perf_counter()
        summary = batch.play_batch(10_000_000, chunk=10_000, keep_games=False)
        seconds = time.perf_counter() - start
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"10,000,000 random games: {seconds:.0f} s, mean {summary.mean:.1f}, peak RSS {peak:.0f} MiB")


if __name__ == "__main__":
    main()
