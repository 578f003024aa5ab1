"""How fast the what-if explorer answers a slider move (under 50 ms, Python side).

A move recomputes the pair's exact odds and redraws the answer (text, SVG chart, table);
a goal or pool change also recomputes the heatmap of all 4,950 pairs. Prints medians.

    PYTHONPATH=. python benchmarks/bench_whatif.py
"""

from __future__ import annotations

import json
import statistics
import time

from comm.base_comm import BaseComm

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


class JsonComm(BaseComm):
    """A comm that serialises every message to JSON as the kernel would (binary buffers as they
    are), then drops it: the
    Python-side cost of telling the browser, without a browser."""

    sent_bytes = 0

    def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys) -> None:
        JsonComm.sent_bytes += len(json.dumps(data, default=str)) + sum(len(b) for b in buffers or ())


def connect(widget) -> None:
    widget.comm = JsonComm(target_name="jupyter.widget", primary=True)
    for child in getattr(widget, "children", ()):
        connect(child)


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

    print("The same with every widget message serialised to JSON, as a kernel sends it:")
    wired = YearsGapExplorer()
    connect(wired)
    JsonComm.sent_bytes = 0
    moves = timed(lambda k: setattr(wired.right, "value", years[k % len(years)]), 400)
    report("slider move, whole deck, messages included", moves)
    print(f"{'':<44} {JsonComm.sent_bytes / len(moves) / 1000:.1f} kB sent per move")
    JsonComm.sent_bytes = 0
    changes = timed(lambda k: setattr(wired.goal, "value", goals[k % 3]), 30)
    report("goal change, messages included", changes)
    print(f"{'':<44} {JsonComm.sent_bytes / len(changes) / 1000:.1f} kB sent per goal change")


if __name__ == "__main__":
    main()
