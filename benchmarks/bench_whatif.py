"""How fast the what-if explorer answers a slider move (issue 20: under 50 ms, Python side).

A move recomputes the pair's exact odds and redraws the answer (text, SVG chart, table);
a goal or pool change also recomputes the heatmap of all 4,950 pairs. Prints medians.

    PYTHONPATH=. python benchmarks/bench_whatif.py
"""

from __future__ import annotations

import statistics
import time

import exhibition_lab as xl
from exhibition_lab.widgets import YearsGapExplorer


def timed(action, repeats: int) -> list[float]:
    times = []
    for k in range(repeats):
        start = time.perf_counter()
        action(k)
        times.append(time.perf_counter() - start)
    return times


def report(label: str, times: list[float]) -> None:
    ms = sorted(t * 1000 for t in times)
    print(f"{label:<44} median {statistics.median(ms):6.2f} ms   p95 {ms[int(0.95 * len(ms))]:6.2f} ms   (n={len(ms)})")


def main() -> None:
    explorer = YearsGapExplorer()
    years = list(range(1940, 1999))

    def move_right(k: int) -> None:
        explorer.right.value = years[k % len(years)]

    def move_left(k: int) -> None:
        explorer.left.value = 1900 + k % 40

    print("What-if explorer, Python side (recompute + redraw of the answer):")
    report("slider move, whole deck", timed(move_right, 400) + timed(move_left, 400))
    explorer.goal.value = "short_era"
    report("slider move, Short Era", timed(move_right, 400))
    game = xl.Game.new(["You"], seed=3)
    for _ in range(14):
        game.apply(game.legal_actions()[0])
    live = YearsGapExplorer.for_game(game)
    free = sorted(c.year for c in live.pool_cards if c.year is not None)
    report("slider move, live game pool", timed(lambda k: setattr(live.right, "value", free[-1 - k % 20]), 400))
    goals = ["years_gap", "short_era", "antiquity"]
    report(
        "goal change (heatmap of every pair too)", timed(lambda k: setattr(explorer.goal, "value", goals[k % 3]), 60)
    )


if __name__ == "__main__":
    main()
