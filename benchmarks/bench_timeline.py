"""Timeline speed: random games, history-bot games, and the knowledge grid (prints figures)."""

from __future__ import annotations

import time

import numpy as np

from exhibition_lab.games.timeline.agents import knowledge_win_rates, simulate_timeline
from exhibition_lab.games.timeline.game import Timeline


def random_games(n: int) -> tuple[float, int]:
    start, plays = time.perf_counter(), 0
    for seed in range(n):
        game = Timeline.new(1 + seed % 8, seed=seed)
        rng = np.random.default_rng(seed)
        while not game.is_over:
            actions = game.legal_actions()
            game.apply(actions[rng.integers(len(actions))])
            plays += 1
    return time.perf_counter() - start, plays


def main() -> None:
    seconds, plays = random_games(500)
    print(f"random play: 500 games, {plays} plays in {seconds:.2f} s ({plays / seconds:,.0f} plays/s)")
    start = time.perf_counter()
    result = simulate_timeline(500, (10, 10, 10), progress=False)
    seconds = time.perf_counter() - start
    print(f"history bots, 3 players: 500 games in {seconds:.2f} s ({result.turns.mean():.1f} plays per game)")
    start = time.perf_counter()
    grid = knowledge_win_rates(100, players=(2, 4, 6), progress=False)
    print(f"knowledge grid: {grid.win_rate.size} cells x 100 games in {time.perf_counter() - start:.2f} s")


if __name__ == "__main__":
    main()
