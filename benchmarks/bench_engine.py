"""Engine throughput: random games per second through the scalar engine (1, 3 and 5
players), and positions written and read back per second (Game.position/from_position).

Run: python benchmarks/bench_engine.py [--games N]
"""

from __future__ import annotations

import argparse
import time

import numpy as np

import exhibition_lab as xl


def play_random_game(seed: int, players: int = 1) -> xl.Game:
    rng = np.random.default_rng(seed)
    game = xl.Game.new(players, seed=seed)
    while not game.is_over:
        actions = game.legal_actions()
        game.apply(actions[rng.integers(len(actions))])
    return game


def games_per_second(n_games: int, players: int) -> tuple[float, float]:
    start = time.perf_counter()
    actions = 0
    for seed in range(n_games):
        actions += len(play_random_game(seed, players).history)
    elapsed = time.perf_counter() - start
    return n_games / elapsed, actions / elapsed


def positions_per_second(n_games: int, players: int) -> float:
    """Every position of ``n_games`` finished games, written and set up again."""
    texts = []
    for seed in range(n_games):
        game = play_random_game(seed, players)
        replay = xl.Game.new(players, seed=seed)
        texts.append(replay.position())
        for _, action in game.history:
            texts.append(replay.apply(action).position())
    start = time.perf_counter()
    for k, text in enumerate(texts):
        xl.Game.from_position(text, seed=k).position()
    return len(texts) / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000)
    args = parser.parse_args()
    for players in (1, 3, 5):
        n = args.games if players == 1 else max(args.games // 4, 1)
        gps, aps = games_per_second(n, players)
        print(f"random games, {players} player(s): {gps:8.0f} games/s  {aps:9.0f} actions/s  (n={n}, one core)")
    for players in (1, 5):
        pps = positions_per_second(max(args.games // 40, 1), players)
        print(f"positions, {players} player(s): read and rewritten {pps:8.0f} positions/s  (one core)")


if __name__ == "__main__":
    main()
