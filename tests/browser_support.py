"""Shared pieces of the browser tests and of benchmarks/bench_classroom.py: servers for
the notebooks (Voila for one notebook, the classroom Voila of ``make classroom``, the
JupyterLab of ``make lab``), Debian's Chromium, and the clicks that play the play app.

Needs Debian's chromium (``apt-get install chromium``), voila and playwright. Without
chromium a browser test is skipped locally; under CI (``CI=true``) it fails instead.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARTIFACTS = ROOT / "build" / "browser"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
LAPTOP = {"width": 1366, "height": 768}

# The command of `make classroom` and `make lab` (Makefile), less the port and browser.
CLASSROOM_ARGS = ["notebooks/", "--Voila.config_file_paths=classroom"]
LAB_CONFIG = ROOT / "lab" / "jupyter_server_config.py"


def require_browser() -> None:
    """Skip (locally) or fail (under CI) when chromium, voila or playwright is missing."""
    missing = []
    if not Path(CHROMIUM).exists():
        missing.append("chromium (apt-get install -y chromium)")
    for module in ("voila", "playwright"):
        try:
            __import__(module)
        except ImportError:
            missing.append(f"{module} (pip install -e '.[test]')")
    if missing:
        message = "browser test needs " + ", ".join(missing)
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for_port(port: int, seconds: float, what: str, log_path: Path) -> None:
    deadline = time.time() + seconds
    while time.time() < deadline:
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.3)
    raise AssertionError(f"{what} did not start within {seconds:.0f} s; see {log_path}")


@dataclass
class Server:
    """A server started for a test: its process, URL and log."""

    process: subprocess.Popen
    url: str
    log_path: Path
    stopped_by_sigterm: bool | None = field(default=None)

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def wait_for_log(self, pattern: str, seconds: float) -> re.Match:
        deadline = time.time() + seconds
        while time.time() < deadline:
            found = re.search(pattern, self.log())
            if found:
                return found
            if self.process.poll() is not None:
                break
            time.sleep(0.5)
        raise AssertionError(f"no {pattern!r} in {self.log_path} within {seconds:.0f} s")

    def children(self) -> list:
        """The server's child processes (its kernels), as psutil.Process objects."""
        return _children(self.process.pid)

    def stop(self, seconds: float = 30) -> bool:
        """SIGTERM, as Ctrl-C or a service manager would stop it; True when the server
        exited by itself within ``seconds`` (else it is killed, with its kernels)."""
        if self.process.poll() is None:
            kernels = _children(self.process.pid)
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=seconds)
                self.stopped_by_sigterm = True
            except subprocess.TimeoutExpired:
                self.stopped_by_sigterm = False
                self.process.kill()
                self.process.wait(timeout=10)
            for kernel in kernels:  # a kernel the server failed to stop must not outlive the test
                with contextlib.suppress(Exception):
                    kernel.kill()
        return bool(self.stopped_by_sigterm)


def _children(pid: int) -> list:
    try:
        import psutil

        return psutil.Process(pid).children(recursive=True)
    except Exception:
        return []


@contextlib.contextmanager
def _serve(args: list[str], port: int, name: str, *, env: dict | None = None, cwd: Path = ROOT) -> Iterator[Server]:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    log_path = ARTIFACTS / f"{name}.log"
    with open(log_path, "w") as log:
        process = subprocess.Popen(
            args, stdout=log, stderr=subprocess.STDOUT, cwd=cwd, env={**os.environ, **(env or {})}
        )
        server = Server(process, f"http://127.0.0.1:{port}/", log_path)
        try:
            wait_for_port(port, 60, name, log_path)
            yield server
        finally:
            server.stop()


@contextlib.contextmanager
def voila_server(notebook: str) -> Iterator[str]:
    """Serve ``notebooks/<notebook>`` with Voila on a free loopback port; yields its URL."""
    require_browser()
    port = free_port()
    args = [
        sys.executable,
        "-m",
        "voila",
        str(ROOT / "notebooks" / notebook),
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
    ]
    # the app's kernels play long runs at the test budget, like the notebook kernels (conftest.py)
    with _serve(args, port, f"voila-{Path(notebook).stem}", env={"EXHIBITION_LAB_BUDGET": "0.05"}) as server:
        yield server.url


@contextlib.contextmanager
def classroom_server(*, port: int | None = None, pools: tuple[int, int] | None = None) -> Iterator[Server]:
    """The classroom Voila of ``make classroom`` on a loopback port, its kernel pools
    filled; ``pools`` sizes the play and Timeline pools (classroom/voila.py reads them)."""
    require_browser()
    port = port or free_port()
    env = {}
    if pools is not None:
        env = {"CLASSROOM_PLAY_POOL": str(pools[0]), "CLASSROOM_TIMELINE_POOL": str(pools[1])}
    args = [sys.executable, "-m", "voila", *CLASSROOM_ARGS, f"--port={port}", "--Voila.ip=127.0.0.1"]
    with _serve(args, port, "voila-classroom", env=env) as server:
        if pools is None or pools[0] > 0:
            server.wait_for_log(r"Kernel pool of 03_play\.ipynb is filled", 240)
            wait_until_kernels_rest(server.process.pid)
        yield server


def wait_until_kernels_rest(pid: int, *, within_s: float = 180, quiet_s: float = 3.0) -> float:
    """Wait until the server's kernels have run their notebooks: "pool filled" is logged
    when the pooled kernels have started, and each then runs its app — as when a teacher
    starts the server before the class, the students come once the machine is quiet again
    (the server and its kernels use under a tenth of a core for ``quiet_s`` seconds).
    Returns the seconds waited."""
    start = time.perf_counter()
    before = _cpu_s_of(server_processes(pid))
    quiet_since = start
    while time.perf_counter() - start < within_s:
        time.sleep(1.0)
        now = _cpu_s_of(server_processes(pid))
        if now - before > 0.1:
            quiet_since = time.perf_counter()
        elif time.perf_counter() - quiet_since >= quiet_s:
            break
        before = now
    return time.perf_counter() - start


@contextlib.contextmanager
def lab_server(root_dir: Path, data_dir: Path, token: str) -> Iterator[Server]:
    """JupyterLab as ``make lab`` starts it (its config file), on ``root_dir``, headless
    on a loopback port; the user's own Jupyter settings, trust database and workspaces
    are replaced by empty ones under ``data_dir``."""
    require_browser()
    port = free_port()
    bin_dir = Path(sys.executable).parent
    args = [
        str(bin_dir / "jupyter"),
        "lab",
        f"--config={LAB_CONFIG}",
        f"--ServerApp.root_dir={root_dir}",
        "--no-browser",
        f"--port={port}",
        "--ServerApp.ip=127.0.0.1",
        f"--LabApp.workspaces_dir={data_dir / 'workspaces'}",
    ]
    env = {
        "JUPYTER_TOKEN": token,
        "JUPYTER_CONFIG_DIR": str(data_dir / "config"),
        "JUPYTER_DATA_DIR": str(data_dir / "data"),
        "JUPYTER_RUNTIME_DIR": str(data_dir / "runtime"),
    }
    with _serve(args, port, "jupyter-lab", env=env) as server:
        yield server


def kernel_exists(server_url: str, kernel_id: str) -> bool:
    """Whether the server still runs the kernel (GET /api/kernels/<id>)."""
    try:
        with urllib.request.urlopen(f"{server_url}api/kernels/{kernel_id}", timeout=10) as response:
            return response.status == 200
    except urllib.error.HTTPError as error:
        if error.code == 404:
            return False
        raise


@contextlib.contextmanager
def chromium_page(viewport: dict[str, int] | None = None) -> Iterator:
    """A Playwright page in Debian's headless Chromium (1366×768 unless told)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser.new_page(viewport=viewport or LAPTOP)
        finally:
            browser.close()


def open_voila_page(page, url: str, selector: str, timeout_s: float = 180) -> None:
    """Open a Voila page and wait until ``selector`` is drawn. Voila runs the notebook when
    the page is asked for; on a loaded machine a kernel can fail to start and leave the page
    blank, which a player would mend by reloading — so a page that stays blank is reloaded
    once (a fresh kernel) before the wait fails."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    page.goto(url, timeout=timeout_s * 1000)
    try:
        page.wait_for_selector(selector, timeout=timeout_s * 1000)
    except PlaywrightTimeout:
        page.reload(timeout=timeout_s * 1000)
        page.wait_for_selector(selector, timeout=timeout_s * 1000)


# --- playing the play app: the next click of a simple player ------------------------------

# In this order, the first control that is there is clicked: a lit card of the tile, a
# continent after a white card, the first lit spot, the Depot, End exhibition.
NEXT_CONTROLS = [
    (".exlab-market-card.exlab-takeable", "take"),
    (".exlab-continent-choice:not([disabled])", "move"),
    (".exlab-legal", "place"),
    (".exlab-depot:not([disabled])", "depot"),
    (".exlab-end-exhibition:not([disabled])", "end"),
]
# The number of actions the log counts (its data-moves): every click that acts adds one.
MOVES_JS = "() => parseInt(document.querySelector('.exlab-log details').dataset.moves)"
MOVES_ABOVE_JS = "n => parseInt(document.querySelector('.exlab-log details').dataset.moves) > n"
GAME_OVER = ".exlab-score-sheet h3"
KERNEL_ID_JS = "() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"


#: Any control a simple player may click, or the end of the game.
ANY_NEXT = ", ".join([*(selector for selector, _ in NEXT_CONTROLS), GAME_OVER])


def click_next(page) -> str:
    """Click the next control of a simple player (sync Playwright); says which, or ``over``
    at game over. The controls may be redrawn just after a move (the bots' turns): wait for one."""
    page.wait_for_selector(ANY_NEXT, timeout=30_000)
    for selector, what in NEXT_CONTROLS:
        target = page.locator(selector)
        if target.count():
            target.first.click()
            return what
    if page.locator(GAME_OVER).count():
        return "over"
    raise AssertionError("no control to click, but the game is not over")


async def click_next_async(page) -> str:
    """:func:`click_next` for async Playwright (the classroom's simulated students)."""
    for selector, what in NEXT_CONTROLS:
        target = page.locator(selector)
        if await target.count():
            await target.first.click()
            return what
    raise AssertionError("no control to click, but the game is not over")


# --- the classroom: students in one Chromium, each in a browser context of their own --------

READY_OR_FAILED = "body.exlab-ready, body.exlab-failed"  # the classroom template's notice
STARTING_JS = "() => getComputedStyle(document.body, '::before').content"
# What lay under the notice when it said the game could not start.
DIAGNOSE_JS = """() => [
  document.getElementById('rendered_cells')?.style.display === 'none' ? 'cells hidden' : 'cells shown',
  document.querySelectorAll('.jp-OutputArea-output').length + ' outputs',
  document.querySelector('.exlab-app') ? 'app drawn' : 'no app',
  document.querySelector("[data-mime-type='application/vnd.jupyter.error']") ? 'an error output' : 'no error output',
].join(', ')"""


@dataclass
class Student:
    """What one simulated student saw: seconds from opening the page to the board (None
    when it never came), the notice on the way, every click's round trip, the kernel."""

    index: int
    ready_s: float | None = None
    page_s: float | None = None  # seconds until the server sent the page's first byte
    failed: str | None = None
    saw_starting: bool = False
    board_cards: int = 0
    kernel_id: str | None = None
    turns: int = 0
    clicks_s: list[float] = field(default_factory=list)
    cpu_ready_s: float | None = None  # CPU seconds its kernel had used when the board was there
    cpu_play_s: float | None = None  # CPU seconds its kernel used for the turns
    console: list[str] = field(default_factory=list)  # the page's console errors
    reloaded: list[str] = field(default_factory=list)  # what each page that could not start showed
    earlier_kernels: list[str] = field(default_factory=list)  # kernels of the pages reloaded


def server_processes(pid: int) -> list:
    """The server's process and its kernels (psutil.Process objects)."""
    import psutil

    server = psutil.Process(pid)
    return [server, *server.children(recursive=True)]


def kernel_process(pid: int, kernel_id: str):
    """The kernel's process, found by the connection file on its command line."""
    for child in _children(pid):
        with contextlib.suppress(Exception):
            if any(kernel_id in part for part in child.cmdline()):
                return child
    return None


async def _play_turn(page, student: Student) -> bool:
    """One turn: a lit card (and a continent after a white card), then a lit spot, the
    Depot or End exhibition; each click timed to the redraw. False at game over."""
    while True:
        if await page.locator(GAME_OVER).count():
            return False
        before = await page.evaluate(MOVES_JS)
        start = time.perf_counter()
        what = await click_next_async(page)
        await page.wait_for_function(MOVES_ABOVE_JS, arg=before, timeout=60_000)
        student.clicks_s.append(time.perf_counter() - start)
        if what in ("place", "depot", "end"):
            # the bots' turns follow at once; the turn is over when a card may be taken again
            await page.wait_for_selector(f".exlab-market-card.exlab-takeable, {GAME_OVER}", timeout=60_000)
            student.turns += 1
            return True


def _cpu_s(server_pid: int | None, kernel_id: str | None) -> float | None:
    process = kernel_process(server_pid, kernel_id) if server_pid and kernel_id else None
    if process is None:
        return None
    times = process.cpu_times()
    return times.user + times.system


async def run_student(
    browser,
    url: str,
    index: int,
    *,
    turns: int,
    delay_s: float = 0.0,
    timeout_s: float = 180,
    server_pid: int | None = None,
    reloads: int = 0,
):
    """One student: opens the page after ``delay_s``, waits for the board (or the error;
    up to ``reloads`` times the page is reloaded then, as its notice asks), plays ``turns``
    turns; returns (Student, page, context) with the tab still open."""
    await asyncio.sleep(delay_s)
    student = Student(index)
    context = await browser.new_context(viewport=LAPTOP)
    page = await context.new_page()
    page.on("console", lambda m: m.type == "error" and len(student.console) < 5 and student.console.append(m.text))
    start = time.perf_counter()
    try:
        await page.goto(url, timeout=timeout_s * 1000, wait_until="commit")
        student.page_s = time.perf_counter() - start
        while True:
            with contextlib.suppress(Exception):
                await page.wait_for_function("() => document.body !== null", timeout=timeout_s * 1000)
                student.saw_starting |= "Starting the game" in (await page.evaluate(STARTING_JS))
            await page.wait_for_selector(READY_OR_FAILED, timeout=timeout_s * 1000)
            if not await page.locator("body.exlab-failed").count():
                break
            seen = f"{await page.evaluate(DIAGNOSE_JS)}; console: {student.console}"
            if len(student.reloaded) >= reloads:
                student.failed = f"the page said the game could not start ({seen})"
                break
            # what the notice asks of the student: reload the page (its kernel is shut down on leaving)
            student.reloaded.append(seen)
            student.earlier_kernels.append(await page.evaluate(KERNEL_ID_JS))
            student.console.clear()
            await page.reload(timeout=timeout_s * 1000, wait_until="commit")
        if student.failed is None:
            student.ready_s = time.perf_counter() - start
            student.board_cards = await page.locator(".exlab-market-card").count()
        student.kernel_id = await page.evaluate(KERNEL_ID_JS)
        student.cpu_ready_s = _cpu_s(server_pid, student.kernel_id)
        for _ in range(turns if student.ready_s is not None else 0):
            if not await _play_turn(page, student):
                break
        done = _cpu_s(server_pid, student.kernel_id)
        if done is not None and student.cpu_ready_s is not None:
            student.cpu_play_s = done - student.cpu_ready_s
    except Exception as error:  # reported with the student's result
        student.failed = student.failed or f"{type(error).__name__}: {str(error).splitlines()[0]}"
    if student.failed:
        with contextlib.suppress(Exception):
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            await page.screenshot(path=str(ARTIFACTS / f"classroom-student-{index}-failed.png"))
    return student, page, context


async def close_tab(page, context) -> None:
    """Close the tab as a person does: the page's beforeunload runs (Voila asks there for
    its kernel's shutdown), then the browser context goes."""
    with contextlib.suppress(Exception):
        await page.close(run_before_unload=True)
    await asyncio.sleep(1.0)  # let the shutdown beacon leave before the context is gone
    with contextlib.suppress(Exception):
        await context.close()


@dataclass
class ClassRun:
    """A class of simulated students against one server, from arrival to closed tabs."""

    students: list[Student]
    wall_s: float
    rss_before_mb: float  # the server and its kernels (the pools) before the class came
    rss_peak_mb: float
    rss_after_mb: float
    kernels_before: int
    kernels_peak: int
    kernels_after: int
    freed_after_s: float | None  # from the last closed tab until no student's kernel was left
    left: list[str]  # students' kernels still running at the end
    server_cpu_s: float  # CPU seconds of the server and its kernels while the class played
    browser_cpu_s: float  # CPU seconds of the simulated students' Chromium in the same time

    @property
    def ready(self) -> list[Student]:
        return [s for s in self.students if s.ready_s is not None]

    @property
    def clicks(self) -> list[float]:
        return sorted(c for s in self.students for c in s.clicks_s)


def _cpu_s_of(processes) -> float:
    total = 0.0
    for process in processes:
        with contextlib.suppress(Exception):
            times = process.cpu_times()
            total += times.user + times.system + times.children_user + times.children_system
    return total


def _browser_processes(server_pid: int) -> list:
    """This process's descendants but the server's: Playwright's driver and Chromium."""
    import psutil

    server = {server_pid, *(p.pid for p in _children(server_pid))}
    return [p for p in psutil.Process().children(recursive=True) if p.pid not in server]


def _rss_mb(pid: int) -> tuple[float, int]:
    total, kernels = 0, 0
    for process in server_processes(pid):
        with contextlib.suppress(Exception):
            total += process.memory_info().rss
            kernels += process.pid != pid
    return total / 2**20, kernels


async def run_class(
    server: Server,
    n: int,
    *,
    turns: int,
    spread_s: float = 0.0,
    notebook: str = "03_play.ipynb",
    free_within_s: float = 240,
    headless: bool = True,
    reloads: int = 0,
) -> ClassRun:
    """``n`` students open ``notebook`` (together, or one every ``spread_s / n`` seconds),
    play ``turns`` turns each and close their tabs; then wait up to ``free_within_s`` for
    their kernels to go (those of reloaded pages too; ``reloads``: see :func:`run_student`).
    Memory is the RSS of the server and all its kernels."""
    from playwright.async_api import async_playwright

    pid = server.process.pid
    rss_before, kernels_before = _rss_mb(pid)
    peak = [rss_before, kernels_before]
    sampling = True

    async def sample() -> None:
        while sampling:
            rss, kernels = _rss_mb(pid)
            peak[0], peak[1] = max(peak[0], rss), max(peak[1], kernels)
            await asyncio.sleep(1.0)

    url = f"{server.url}voila/render/{notebook}"
    server_cpu = _cpu_s_of(server_processes(pid))
    start = time.perf_counter()
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=headless)
        sampler = asyncio.create_task(sample())
        results = await asyncio.gather(
            *(
                run_student(
                    browser, url, k, turns=turns, delay_s=k * spread_s / max(n, 1), server_pid=pid, reloads=reloads
                )
                for k in range(n)
            )
        )
        wall = time.perf_counter() - start
        server_cpu = _cpu_s_of(server_processes(pid)) - server_cpu
        browser_cpu = _cpu_s_of(_browser_processes(pid))
        await asyncio.gather(*(close_tab(page, context) for _, page, context in results))
        closed = time.perf_counter()
        await browser.close()
    students = [student for student, _, _ in results]
    ids = [k for s in students for k in (*s.earlier_kernels, s.kernel_id) if k]
    freed_after = None
    left = ids
    while time.perf_counter() - closed < free_within_s:
        left = [k for k in ids if kernel_exists(server.url, k)]
        if not left:
            freed_after = time.perf_counter() - closed
            break
        await asyncio.sleep(1.0)
    sampling = False
    await sampler
    rss_after, kernels_after = _rss_mb(pid)
    return ClassRun(
        students,
        wall,
        rss_before,
        peak[0],
        rss_after,
        kernels_before,
        peak[1],
        kernels_after,
        freed_after,
        left,
        server_cpu,
        browser_cpu,
    )


# --- the play app fits its container: nothing clipped, nothing scrolled sideways ----------------

# What a player must always reach: every spot, the Depot, its two controls, the tile, the status.
MUST_FIT = (
    ".exlab-spot",
    ".exlab-depot-box",
    ".exlab-depot-card",
    ".exlab-depot",
    ".exlab-end-exhibition",
    ".exlab-market",
    ".exlab-market-card",
    ".exlab-status-box",
    ".exlab-status-more",
    ".exlab-hint",
    ".exlab-undo",
    ".exlab-play-again",
    ".exlab-hint-panel",
    ".exlab-hint-close",
)

# For each visible element of the selectors: does it lie inside the app's container (the output
# area that holds it) and inside every ancestor that clips or scrolls? Does any box of the app,
# or the container, scroll sideways? Does a button's own label overflow it ("Put ir")? Is the
# status cut without its More button?
CLIPPED_JS = """([selectors, outer]) => {
  const app = document.querySelector('.exlab-app');
  const container = app.parentElement;
  const frames = [container, ...(outer ? [...document.querySelectorAll(outer)] : [])];
  const problems = [];
  const name = e => (e.className && e.className.baseVal === undefined ? e.className : e.tagName)
    .toString().split(' ').filter(c => c.startsWith('exlab') || c.startsWith('jp-')).slice(0, 2).join('.');
  const visible = e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 &&
    getComputedStyle(e).visibility !== 'hidden'; };
  for (const selector of selectors) {
    [...document.querySelectorAll(selector)].filter(visible).forEach((e, k) => {
      const r = e.getBoundingClientRect();
      for (const f of frames) {
        const b = f.getBoundingClientRect();
        if (r.left < b.left - 1 || r.right > b.right + 1)
          problems.push(`${selector}[${k}] at ${Math.round(r.left)}–${Math.round(r.right)} outside ${name(f)} ` +
                        `${Math.round(b.left)}–${Math.round(b.right)}`);
      }
      for (let a = e.parentElement; a && a !== container; a = a.parentElement) {
        if (getComputedStyle(a).overflowX === 'visible') continue;
        const b = a.getBoundingClientRect();
        if (r.left < b.left - 1 || r.right > b.right + 1) {
          problems.push(`${selector}[${k}] clipped by ${name(a)}`);
          break;
        }
      }
      if (e.tagName === 'BUTTON' && !e.classList.contains('exlab-cardlike') && e.scrollWidth > e.clientWidth + 1)
        problems.push(`${selector}[${k}] label cut: ${JSON.stringify(e.innerText)}`);
    });
  }
  // the status box keeps a fixed height: text longer than it must come with a visible More
  for (const box of document.querySelectorAll('.exlab-status-box:not(.exlab-status-open)')) {
    const more = box.parentElement.querySelector('.exlab-status-more');
    if (box.scrollHeight > box.clientHeight + 2 && (!more || getComputedStyle(more).visibility === 'hidden'))
      problems.push(`status text cut (${box.scrollHeight} > ${box.clientHeight} px) and no More`);
  }
  for (const e of [container, app, ...app.querySelectorAll('*')]) {
    const s = getComputedStyle(e).overflowX;
    if ((s === 'auto' || s === 'scroll' || e === container || e === app) && e.scrollWidth > e.clientWidth + 1)
      problems.push(`${name(e)} scrolls sideways (${e.scrollWidth} > ${e.clientWidth})`);
  }
  return problems;
}"""


def clipped(page_or_frame, outer: str | None = None) -> list[str]:
    """What of the play app is clipped or scrolled out of its container (and out of each
    element matching ``outer``, e.g. the notebook panel in JupyterLab); empty when all fits."""
    return page_or_frame.evaluate(CLIPPED_JS, [list(MUST_FIT), outer])


# What the coach's open panel lies over: each lit target (the card, continent or spot it
# suggests) whose box meets the panel's, and the Close button if it meets the advice's words.
HINT_COVERS_JS = """() => {
  const box = e => e.getBoundingClientRect();
  const meet = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const panel = document.querySelector('.exlab-hint-panel');
  if (!panel || !box(panel).height) return ['no panel open'];
  const out = [];
  for (const e of document.querySelectorAll('.exlab-app .exlab-hinted'))
    if (meet(box(panel), box(e)))
      out.push(`the panel covers the lit ${e.className.split(' ').find(c => c.startsWith('exlab-'))}`);
  const close = panel.querySelector('.exlab-hint-close'), words = panel.querySelector('.exlab-hint-box');
  if (close && words && meet(box(close), box(words)))
    out.push(`Close ${JSON.stringify(box(close))} lies over the advice ${JSON.stringify(box(words))}`);
  return out;
}"""


def hint_covers(page) -> list[str]:
    """What the open hint panel hides of what it lights (D-coach: the suggested move is lit
    on the board and must stay in sight while the panel is open)."""
    found: list[str] = page.evaluate(HINT_COVERS_JS)
    return found


# Each box of the New game panel that hides part of its own content below its bottom edge
# (a variation's line squeezed to fewer lines than its words need).
CUT_SHORT_JS = """() => {
  const out = [];
  for (const e of document.querySelectorAll('.exlab-app .exlab-setup *')) {
    const r = e.getBoundingClientRect();
    if (!r.width || !r.height || getComputedStyle(e).overflowY === 'visible') continue;
    if (e.scrollHeight > e.clientHeight + 1)
      out.push(`${JSON.stringify(e.innerText.trim().slice(0, 40))} cut (${e.scrollHeight} > ${e.clientHeight} px)`);
  }
  return out;
}"""


def cut_short(page_or_frame) -> list[str]:
    """What of the open New game panel is cut at its bottom; empty when every line shows."""
    found: list[str] = page_or_frame.evaluate(CUT_SHORT_JS)
    return found
