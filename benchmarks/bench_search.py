"""SearchBot in 3-player games: playouts per decision and seconds, and its record
against two GreedyBots.

Run: python benchmarks/bench_search.py [--decisions 30] [--games 200]

Every decision's playouts run in lock-step on the batch engine (one core). In the
tournament the search bot's seat rotates (game k: seat k mod 3), every game is seeded by
its index, and a shared first place counts as a win (R26 ties); the interval is Wilson's
95% score interval.
"""

from __future__ import annotations

import argparse
import time
from statistics import NormalDist

import numpy as np

import exhibition_lab as xl
from exhibition_lab.games.exhibition.agents import GreedyBot, SearchBot, play_game


def wilson(wins: int, n: int, level: float = 0.95) -> tuple[float, float]:
    z = NormalDist().inv_cdf(0.5 + level / 2)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def budget(decisions: int) -> None:
    """Playouts and seconds per decision over the first decisions of a few games."""
    seconds, playouts = [], []
    seed = 0
    while len(seconds) < decisions:
        game = xl.Game.new(3, seed=seed)
        bot = SearchBot()
        rng = np.random.default_rng(seed)
        while not game.is_over and len(seconds) < decisions:
            actions = game.legal_actions()
            if game.current == 0 and len(actions) > 1:
                before = (bot.stats.rollouts, bot.stats.seconds, bot.stats.moves)
                game.apply(bot.choose(game.view(), actions, rng))
                if bot.stats.moves > before[2]:
                    playouts.append(bot.stats.rollouts - before[0])
                    seconds.append(bot.stats.seconds - before[1])
            else:
                game.apply(actions[0] if len(actions) == 1 else GreedyBot().choose(game.view(), actions, rng))
        seed += 1
    s = np.array(seconds)
    print(
        f"SearchBot, 3 players: {min(playouts)}–{max(playouts)} playouts per decision; "
        f"{s.mean():.3f} s mean, {np.median(s):.3f} s median, {s.max():.3f} s max over {len(s)} decisions (one core)"
    )


def tournament(games: int, candidates: int | None = None) -> None:
    wins = 0
    start = time.perf_counter()
    for k in range(games):
        seat = k % 3
        bots = ["greedy", "greedy", "greedy"]
        bots[seat] = SearchBot() if candidates is None else SearchBot(candidates=candidates)
        game = play_game(xl.Game.new(3, seed=k), bots, np.random.default_rng(k))
        wins += game.players[seat] in game.score().winners
        if (k + 1) % 20 == 0:
            print(f"  {k + 1} games: {wins} wins", flush=True)
    low, high = wilson(wins, games)
    print(
        f"SearchBot vs two GreedyBots, {games} games (seat rotating): {wins} wins = {wins / games:.1%}, "
        f"95% interval [{low:.1%}, {high:.1%}], {time.perf_counter() - start:.0f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--decisions", type=int, default=30)
    parser.add_argument("--games", type=int, default=0, help="tournament games (200 for the acceptance figure)")
    parser.add_argument("--candidates", type=int, default=None, help="SearchBot candidates (default: its own)")
    args = parser.parse_args()
    budget(args.decisions)
    if args.games:
        tournament(args.games, args.candidates)


if __name__ == "__main__":
    main()
