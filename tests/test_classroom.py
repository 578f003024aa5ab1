"""A class on one server: ``make classroom``'s Voila (classroom/voila.py) and ten students
who arrive together in Chromium, each in a browser context of their own.

Every student gets the board (the page says "Starting the game…" until then, never the
text without the board), plays ten turns (a lit card, then a lit spot or the Depot) and
closes the tab; then no student's kernel is left (Voila's shutdown request on closing,
refused before for its missing ``_xsrf`` token, or the culling). The figures of a run are
printed (``-s``); benchmarks/bench_classroom.py measures other class sizes.

Here the ten students' browsers share the server's two cores, and on such a loaded machine
a page's widgets occasionally never start (two pages in about seventy measured): the page
then says so and asks the student to reload it. A simulated student does what the notice
says, once; at most two of the ten may need it, and the reload must bring the board.
"""

from __future__ import annotations

import asyncio
import statistics

import pytest
from browser_support import ARTIFACTS, classroom_server, run_class

pytestmark = [pytest.mark.slow, pytest.mark.classroom]  # about 1–2 minutes on two cores, alone

STUDENTS = 10
RELOADS_AT_MOST = 2  # pages of the class that may need the reload their notice asks for


def test_ten_students_arrive_together_play_and_leave_no_kernel():
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with classroom_server() as server:
        run = asyncio.run(run_class(server, STUDENTS, turns=10, reloads=1))
        log = server.log()
    problems = [f"student {s.index}: {s.failed}" for s in run.students if s.failed]
    assert not problems, "; ".join(problems) + f" (server log: {server.log_path})"
    reloaded = [f"student {s.index}: {seen}" for s in run.students for seen in s.reloaded]
    assert len(reloaded) <= RELOADS_AT_MOST, "pages that could not start: " + "; ".join(reloaded)
    assert len(run.ready) == STUDENTS
    for student in run.students:
        assert student.board_cards == 18, f"student {student.index} had {student.board_cards} cards on the tile"
        assert student.turns == 10, f"student {student.index} played {student.turns} turns"
    assert sum(s.saw_starting for s in run.students) >= 1, "no page said 'Starting the game…' while loading"
    assert "'_xsrf' argument missing" not in log, "a kernel shutdown request was refused"
    assert not run.left, f"kernels left after the tabs closed: {run.left}"
    ready = sorted(s.ready_s for s in run.ready)
    clicks = run.clicks
    print(
        f"{STUDENTS} students: ready in {ready[0]:.1f}–{ready[-1]:.1f} s, clicks median "
        f"{statistics.median(clicks) * 1000:.0f} ms (max {clicks[-1] * 1000:.0f} ms), RSS "
        f"{run.rss_before_mb:.0f} → {run.rss_peak_mb:.0f} MB, kernels gone {run.freed_after_s:.0f} s after closing"
        + (f"; reloaded: {reloaded}" if reloaded else "")
    )
