"""The coach's figures: hint time, hint-following strength, review losses.

Run: python benchmarks/bench_coach.py [--games 500] [--three 200] [--review 40]
Prints medians and 95% intervals; single runs on a shared machine vary by about ±20%.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

import exhibition_lab as xl
from exhibition_lab import coach
from exhibition_lab.games.exhibition.agents import play_game


def _interval(values, digits: int = 1) -> str:
    values = np.asarray(values, dtype=float)
    half = 1.96 * values.std(ddof=1) / np.sqrt(len(values))
    mean = values.mean()
    return f"{mean:+.{digits}f} [{mean - half:+.{digits}f}, {mean + half:+.{digits}f}] (n={len(values)})"


def hint_times(players: int, positions: int = 12) -> None:
    seconds, used = [], []
    for k in range(positions):
        game = xl.Game.new(players, seed=1000 + k)
        rng = np.random.default_rng(k)
        for _ in range(players * 3 * (k % 4)):  # spread positions over the opening and middle game
            if game.is_over:
                break
            actions = game.legal_actions()
            game.apply(actions[int(rng.integers(len(actions)))])
        if game.is_over or not isinstance(game.legal_actions()[0], xl.Take):
            continue
        start = time.perf_counter()
        advice = coach.hint(game, seed=k)
        seconds.append(time.perf_counter() - start)
        used.append(advice.evaluation.playouts)
    print(
        f"hint, {players} player(s): median {statistics.median(seconds):.3f} s, max {max(seconds):.3f} s, "
        f"{statistics.median(used):.0f} playouts in all ({len(seconds)} positions)"
    )


def solo_strength(games: int) -> None:
    margins = []
    start = time.perf_counter()
    for k in range(games):
        scores = []
        for bot in (coach.HintBot(), "greedy"):
            game = play_game(xl.Game.new(1, seed=5000 + k), [bot], np.random.default_rng(k))
            scores.append(game.score()[game.players[0]].total)
        margins.append(scores[0] - scores[1])
    seconds = time.perf_counter() - start
    print(f"solo, hint-follower minus greedy on the same deals (×100): {_interval(margins)}, {seconds:.0f} s")


def three_player_wins(games: int) -> None:
    wins = []
    start = time.perf_counter()
    for k in range(games):
        game = play_game(xl.Game.new(3, seed=7000 + k), [coach.HintBot(), "greedy", "greedy"], np.random.default_rng(k))
        winners = game.score().winners
        wins.append(1.0 if game.players[0] in winners else 0.0)  # a shared first place counts as a win
    seconds = time.perf_counter() - start
    print(f"3 players, hint-follower's win share against two greedy bots: {_interval(wins, 3)}, {seconds:.0f} s")


def review_losses(games: int) -> None:
    for bot in ("random", "greedy", "search"):
        losses = []
        for k in range(games):
            game = play_game(xl.Game.new(1, seed=9000 + k), [bot], np.random.default_rng(k))
            losses.append(coach.review(game, 0, seed=k).mean_loss)
        print(f"review, mean loss per decision of {bot:>6}: {_interval(losses)} fp")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=500, help="solo games against greedy")
    parser.add_argument("--three", type=int, default=200, help="3-player games (0 to skip)")
    parser.add_argument("--review", type=int, default=40, help="games reviewed per bot")
    args = parser.parse_args()
    hint_times(1)
    hint_times(3, positions=6)
    if args.three:
        three_player_wins(args.three)
    if args.review:
        review_losses(args.review)
    if args.games:
        solo_strength(args.games)


if __name__ == "__main__":
    main()
