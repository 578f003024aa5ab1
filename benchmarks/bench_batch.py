"""Batch engines: games/s against the scalar engine in the same run, and peak memory.

Run: python benchmarks/bench_batch.py [--games N] [--ten-million]

Prints random solo games on the solo kernel (``batch.play_batch``), random 3-player games
of the base layout on the lock-step engine (``lockstep``) against the scalar engine
(``simulate(engine="scalar")``, one core), 5-player games, and a layout with three
variations. Every figure is the median of three runs on one core.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import time

import numpy as np

import exhibition_lab as xl
from exhibition_lab.games.exhibition.arrays import engine as lockstep
from exhibition_lab.games.exhibition.arrays import solo as batch
from exhibition_lab.simulate import simulate

THREE_VARIATIONS = xl.Layout.base().with_variations("links", "spread_the_years", "short_era")


def rate(function, n: int, repeats: int = 3) -> float:
    """Median games/s over a few repeats (single runs on a shared machine are noisy)."""
    rates = []
    for _ in range(repeats):
        start = time.perf_counter()
        function(n)
        rates.append(n / (time.perf_counter() - start))
    return statistics.median(rates)


def lockstep_rate(players: int, layout: xl.Layout, policy: str, n: int) -> float:
    def run(n: int) -> None:
        rng = np.random.default_rng(0)
        b = lockstep.deal_games(n, rng, players=players, layout=layout)
        lockstep.play(b, policy, rng)
        lockstep.score(b)

    return rate(run, n)


def scalar_rate(players: int, layout: xl.Layout, n: int) -> float:
    return rate(
        lambda n: simulate(n, ["random"] * players, layout=layout, processes=1, progress=False, engine="scalar"), n
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200_000, help="solo kernel games per run")
    parser.add_argument("--multi", type=int, default=10_000, help="lock-step games per run")
    parser.add_argument("--scalar", type=int, default=300, help="scalar games per run")
    parser.add_argument("--ten-million", action="store_true", help="also play 10,000,000 solo games (summary only)")
    args = parser.parse_args()
    batch.play_batch(2_000)  # warm up
    base = xl.Layout.base()
    for policy in ("random", "heuristic"):
        n = args.games if policy == "random" else args.games // 4
        games_per_s = rate(lambda n, p=policy: batch.play_batch(n, policy=p, chunk=10_000, keep_games=False), n)
        print(f"solo kernel, {policy:>9}: {games_per_s:9.0f} games/s (n={n})", flush=True)
    print(f"lock-step solo, random:    {lockstep_rate(1, base, 'random', args.multi):9.0f} games/s", flush=True)
    for players, layout, label in (
        (3, base, "base layout"),
        (5, base, "base layout"),
        (3, THREE_VARIATIONS, "3 variations"),
    ):
        batch_rate = lockstep_rate(players, layout, "random", args.multi)
        scalar = scalar_rate(players, layout, args.scalar)
        print(
            f"{players} players, {label:>12}, random: lock-step {batch_rate:8.0f} games/s   "
            f"scalar {scalar:6.0f} games/s   ratio {batch_rate / scalar:.0f}x",
            flush=True,
        )
    heuristic = lockstep_rate(3, base, "heuristic", args.multi // 4)
    print(f"3 players, base layout, heuristic: lock-step {heuristic:8.0f} games/s", flush=True)
    if args.ten_million:
        start = time.perf_counter()
        summary = batch.play_batch(10_000_000, chunk=10_000, keep_games=False)
        seconds = time.perf_counter() - start
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"10,000,000 random games: {seconds:.0f} s, mean {summary.mean:.1f}, peak RSS {peak:.0f} MiB")


if __name__ == "__main__":
    main()
