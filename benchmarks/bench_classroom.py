"""A classroom against one server: N simulated students (Playwright, Debian's Chromium)
open the play app served by ``make classroom``, each plays ten turns (a lit card, then a
lit spot or the Depot), then closes the tab.

Measured per class: time to ready (page opened → board drawn), click → redraw latency
(p50/p95), memory (RSS of the Voila server and all its kernels: before, at the peak,
after), each student kernel's CPU to start and to play, and how long after the last tab
closed no student's kernel was left (Voila's shutdown on close, or the culling).

    .venv/bin/python benchmarks/bench_classroom.py                 # N = 1, 5, 10, 20
    .venv/bin/python benchmarks/bench_classroom.py -n 30 --spread 60   # 30 arriving within a minute

A fresh server per N (its pools filled first). Figures in docs/classroom.md.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
os.environ.setdefault("IPYTHONDIR", str(ROOT / "tests" / "ipython"))  # the test suite's kernels

from browser_support import classroom_server, run_class  # noqa: E402


def _p(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    return values[min(len(values) - 1, round(q * (len(values) - 1)))]


def _line(n: int, run, load: str) -> str:
    ready = sorted(s.ready_s for s in run.ready)
    first_byte = sorted(s.page_s for s in run.students if s.page_s is not None)
    clicks = run.clicks
    cpu_start = [s.cpu_ready_s for s in run.students if s.cpu_ready_s is not None]
    cpu_play = [s.cpu_play_s for s in run.students if s.cpu_play_s is not None]
    turns = [s.turns for s in run.students]
    freed = "never" if run.freed_after_s is None else f"{run.freed_after_s:.0f} s"
    return (
        f"N={n:>2}: ready {len(run.ready)}/{n}"
        + (f" in {ready[0]:.1f}–{ready[-1]:.1f} s (median {statistics.median(ready):.1f})" if ready else "")
        + (f", page sent in {statistics.median(first_byte):.1f} s (max {first_byte[-1]:.1f})" if first_byte else "")
        + f" | clicks {len(clicks)}: p50 {_p(clicks, 0.5) * 1000:.0f} ms, p95 {_p(clicks, 0.95) * 1000:.0f} ms"
        + f" | turns {min(turns)}–{max(turns)}"
        + f" | RSS {run.rss_before_mb:.0f} → peak {run.rss_peak_mb:.0f} → {run.rss_after_mb:.0f} MB"
        + f" | kernels {run.kernels_before} → {run.kernels_peak} → {run.kernels_after}"
        + (f" | kernel CPU to start {statistics.median(cpu_start):.2f} s" if cpu_start else "")
        + (f", to play {statistics.median(cpu_play):.2f} s" if cpu_play else "")
        + f" | students' kernels gone {freed} after the tabs closed"
        + f" | CPU: server+kernels {run.server_cpu_s:.0f} s, students' Chromium {run.browser_cpu_s:.0f} s"
        + f" | {run.wall_s:.0f} s | load {load}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-n", type=int, nargs="*", default=[1, 5, 10, 20], help="class sizes")
    parser.add_argument("--turns", type=int, default=10)
    parser.add_argument("--spread", type=float, default=0.0, help="arrivals spread over this many seconds")
    parser.add_argument("--notebook", default="03_play.ipynb")
    args = parser.parse_args()
    for n in args.n:
        with classroom_server() as server:
            time.sleep(2)  # let the pool's last kernel settle
            load = " ".join(f"{x:.2f}" for x in os.getloadavg())
            run = asyncio.run(run_class(server, n, turns=args.turns, spread_s=args.spread, notebook=args.notebook))
            print(_line(n, run, load), flush=True)
            for student in run.students:
                if student.failed:
                    print(f"   student {student.index}: {student.failed}; console: {student.console}", flush=True)
            if run.left:
                print(f"   kernels left: {run.left}", flush=True)


if __name__ == "__main__":
    main()
