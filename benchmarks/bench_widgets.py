"""Click-to-redraw time of the play app (Python side): a solo game played by clicks.

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
        return next(b for b in app.find("exlab-market-card") if not b.disabled)
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
    clicks, renders = [], []
    for seed in range(args.games):
        app = GameApp(seats=["human"], seed=seed)
        while not app.game.is_over:
            button = next_button(app)
            start = time.perf_counter()
            button.click()  # applies the action and redraws every component
            clicks.append(time.perf_counter() - start)
        start = time.perf_counter()
        app.render()
        renders.append(time.perf_counter() - start)
    print(
        f"click → action → redraw: median {statistics.median(clicks) * 1000:.1f} ms, "
        f"max {max(clicks) * 1000:.1f} ms over {len(clicks)} clicks"
    )
    print(f"full redraw alone:       median {statistics.median(renders) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
