"""Click-to-redraw time of the play app (Python side): games played by clicks.

A solo game measures the app alone; a game against a greedy bot adds the bot's answer to
every placement click (its turn, told in words, and the running score redrawn).

Run: python benchmarks/bench_widgets.py [--games N]
"""

from __future__ import annotations

import argparse
import statistics
import time

import exhibition_lab as xl
from exhibition_lab.widgets import GameApp


def next_button(app: GameApp):
    phase = app.game.phase
    if phase is xl.Phase.TAKE:
        return app.find("exlab-takeable")[0]
    if phase is xl.Phase.MOVE:
        return next(b for b in app.find("exlab-continent-choice") if not b.disabled)
    legal = app.find("exlab-legal")
    if legal:
        return legal[0]
    depot = app.find("exlab-depot")[0]
    return depot if not depot.disabled else app.find("exlab-end-exhibition")[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=5)
    args = parser.parse_args()
    for seats in (["human"], ["human", "greedy"]):
        clicks, renders = [], []
        for seed in range(args.games):
            app = GameApp(seats=seats, seed=seed)
            while not app.game.is_over:
                button = next_button(app)
                start = time.perf_counter()
                button.click()  # applies the action (and the bot's turn) and redraws everything
                clicks.append(time.perf_counter() - start)
            start = time.perf_counter()
            app.render()
            renders.append(time.perf_counter() - start)
        print(f"{' vs '.join(seats)}:")
        print(
            f"  click → action → redraw: median {statistics.median(clicks) * 1000:.1f} ms, "
            f"max {max(clicks) * 1000:.1f} ms over {len(clicks)} clicks"
        )
        print(f"  full redraw alone:       median {statistics.median(renders) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
