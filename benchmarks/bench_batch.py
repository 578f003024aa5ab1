"""The array engine against the scalar engine: games per CPU second, search and coach costs.

Run: python benchmarks/bench_batch.py [--games N] [--multi N] [--scalar N] [--ten-million]

Prints random solo games on the solo fast path (``arrays.play_batch``), random games of
1, 3 and 5 players on the lock-step engine and on the scalar engine
(``simulate(engine="scalar")``, one core), 3 players with Links + Spread the Years + Short
Era, the heuristic policy, ``SearchBot``'s playouts per decision (3 players) and the coach's
hint time. The machine is shared, so every figure is CPU time (``time.process_time``), the
best of three runs, and the load average is printed before and after.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import time
from collections.abc import Callable

import numpy as np

import exhibition_lab as xl
from exhibition_lab import coach
from exhibition_lab.games.exhibition import arrays
from exhibition_lab.games.exhibition.agents import GreedyBot, SearchBot
from exhibition_lab.simulate import simulate

THREE_VARIATIONS = xl.Layout.base().with_variations("links", "spread_the_years", "short_era")


def rate(function: Callable[[int], object], n: int, repeats: int = 3) -> float:
    """Games per CPU second, the best of a few repeats (others' load only slows a run down)."""
    rates = []
    for _ in range(repeats):
        start = time.process_time()
        function(n)
        rates.append(n / (time.process_time() - start))
    return max(rates)


def array_rate(players: int, layout: xl.Layout, policy: str, n: int) -> float:
    def run(n: int) -> None:
        rng = np.random.default_rng(0)
        b = arrays.deal_games(n, rng, players=players, layout=layout)
        arrays.play(b, policy, rng)
        arrays.score(b)

    return rate(run, n)


def scalar_rate(players: int, layout: xl.Layout, n: int) -> float:
    return rate(
        lambda n: simulate(n, ["random"] * players, layout=layout, processes=1, progress=False, engine="scalar"), n
    )


def search(decisions: int) -> tuple[list[int], list[float]]:
    """SearchBot's playouts and CPU seconds per decision in 3-player games against GreedyBots."""
    seconds: list[float] = []
    playouts: list[int] = []
    seed = 0
    while len(seconds) < decisions:
        game = xl.Game.new(3, seed=seed)
        bot = SearchBot()
        rng = np.random.default_rng(seed)
        while not game.is_over and len(seconds) < decisions:
            actions = game.legal_actions()
            if game.current == 0 and len(actions) > 1:
                moves, rollouts = bot.stats.moves, bot.stats.rollouts
                start = time.process_time()
                game.apply(bot.choose(game.view(), actions, rng))
                spent = time.process_time() - start
                if bot.stats.moves > moves:
                    playouts.append(bot.stats.rollouts - rollouts)
                    seconds.append(spent)
            else:
                game.apply(actions[0] if len(actions) == 1 else GreedyBot().choose(game.view(), actions, rng))
        seed += 1
    return playouts, seconds


def hint_seconds(players: int, positions: int) -> list[float]:
    """CPU seconds of ``coach.hint`` on positions over the opening and middle game."""
    seconds = []
    for k in range(positions):
        game = xl.Game.new(players, seed=1000 + k)
        rng = np.random.default_rng(k)
        for _ in range(players * 3 * (k % 4)):
            if game.is_over:
                break
            actions = game.legal_actions()
            game.apply(actions[int(rng.integers(len(actions)))])
        if game.is_over or not isinstance(game.legal_actions()[0], xl.Take):
            continue
        start = time.process_time()
        coach.hint(game, seed=k)
        seconds.append(time.process_time() - start)
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200_000, help="solo fast-path games per run")
    parser.add_argument("--multi", type=int, default=10_000, help="lock-step games per run")
    parser.add_argument("--scalar", type=int, default=200, help="scalar games per run")
    parser.add_argument("--decisions", type=int, default=30, help="SearchBot decisions")
    parser.add_argument("--ten-million", action="store_true", help="also play 10,000,000 solo games (summary only)")
    args = parser.parse_args()
    print(f"load average before: {' '.join(f'{x:.1f}' for x in os.getloadavg())}", flush=True)
    arrays.play_batch(2_000)  # warm up
    base = xl.Layout.base()
    for policy in ("random", "heuristic"):
        n = args.games if policy == "random" else args.games // 4
        games_per_s = rate(lambda n, p=policy: arrays.play_batch(n, policy=p, chunk=10_000, keep_games=False), n)
        print(f"solo fast path, {policy:>9}: {games_per_s:9.0f} games/CPU-s (n={n})", flush=True)
    for players, layout, label in (
        (1, base, "base layout"),
        (3, base, "base layout"),
        (5, base, "base layout"),
        (3, THREE_VARIATIONS, "Links+Spread+Short"),
    ):
        batch_rate = array_rate(players, layout, "random", args.multi)
        scalar = scalar_rate(players, layout, args.scalar)
        print(
            f"{players} player(s), {label:>18}, random: lock-step {batch_rate:8.0f}   "
            f"scalar {scalar:6.0f} games/CPU-s   ratio {batch_rate / scalar:.0f}x",
            flush=True,
        )
    heuristic = array_rate(3, base, "heuristic", args.multi // 4)
    print(f"3 players, base layout, heuristic: lock-step {heuristic:8.0f} games/CPU-s", flush=True)
    playouts, seconds = search(args.decisions)
    print(
        f"SearchBot, 3 players: {min(playouts)}–{max(playouts)} playouts per decision, "
        f"median {statistics.median(seconds):.3f} CPU-s, mean {statistics.mean(seconds):.3f} CPU-s",
        flush=True,
    )
    for players, positions in ((1, 12), (3, 6)):
        hints = hint_seconds(players, positions)
        print(f"coach hint, {players} player(s): median {statistics.median(hints):.3f} CPU-s", flush=True)
    if args.ten_million:
        start = time.process_time()
        summary = arrays.play_batch(10_000_000, chunk=10_000, keep_games=False)
        seconds_10m = time.process_time() - start
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"10,000,000 random games: {seconds_10m:.0f} CPU-s, mean {summary.mean:.1f}, peak RSS {peak:.0f} MiB")
    print(f"load average after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}", flush=True)


if __name__ == "__main__":
    main()
