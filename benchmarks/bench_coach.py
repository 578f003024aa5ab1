"""The coach's figures: hint time, hint-following strength, review losses.

Run: python benchmarks/bench_coach.py [--games 500] [--three 200] [--review 40] [--app-review 5]
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


def _follow_hints(players: int, seed: int) -> xl.Game:
    """Seat 0 follows the app's hint every turn (its time limit, its seed per decision); the
    other seats take the first legal action."""
    game = xl.Game.new(players, seed=seed)
    while not game.is_over:
        legal = game.legal_actions()
        if game.current != 0 or len(legal) == 1:
            game.apply(legal[0])
            continue
        for action in coach.hint(game, time_limit=1.0, seed=coach.decision_seed(seed, game.view())).actions:
            game.apply(action)
    return game


def app_review_times(games: int) -> None:
    """The play app's Review (0.4 s per decision): a game played without hints, and a game
    whose every turn followed the hint (the review reuses the hint's evaluations)."""
    for players in (1, 3):
        fresh, followed, flagged = [], [], 0
        for k in range(games):
            game = play_game(xl.Game.new(players, seed=11000 + k), ["greedy"] * players, np.random.default_rng(k))
            start = time.perf_counter()
            coach.review(game, 0, time_limit=0.4, seed=k)
            fresh.append(time.perf_counter() - start)
            game = _follow_hints(players, 11000 + k)
            start = time.perf_counter()
            result = coach.review(game, 0, time_limit=0.4, seed=11000 + k)
            followed.append(time.perf_counter() - start)
            flagged += result.counts()["mistake"] + result.counts()["blunder"]
        print(
            f"app review, {players} player(s): median {statistics.median(fresh):.2f} s without hints, "
            f"{statistics.median(followed):.2f} s after following every hint "
            f"({flagged} mistakes or blunders flagged in {games} hint-following games)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=500, help="solo games against greedy")
    parser.add_argument("--three", type=int, default=200, help="3-player games (0 to skip)")
    parser.add_argument("--review", type=int, default=40, help="games reviewed per bot")
    parser.add_argument("--app-review", type=int, default=5, help="games reviewed as the app does (0 to skip)")
    args = parser.parse_args()
    hint_times(1)
    hint_times(3, positions=6)
    if args.three:
        three_player_wins(args.three)
    if args.app_review:
        app_review_times(args.app_review)
    if args.review:
        review_losses(args.review)
    if args.games:
        solo_strength(args.games)


if __name__ == "__main__":
    main()
