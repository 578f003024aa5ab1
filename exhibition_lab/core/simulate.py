"""Many games at once, for every game: seeded, split into tasks, run here, over processes or
on a dask cluster, with one progress bar and a clean stop on Ctrl-C.

A game's simulation cuts its run into *tasks* — a function and its arguments, each playing
a slice of the games and returning plain arrays — and hands them to :func:`run_tasks`.
Every game's randomness derives from the run's seed and the game's index alone
(:func:`~exhibition_lab.core.seeding.derived_seeds`), so the results never depend on the
number of processes or how the games were split.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from multiprocessing import get_all_start_methods, get_context
from typing import Any

import numpy as np

from .errors import ArgumentError
from .progress import progress_bar
from .stats import mean_interval, wilson_interval

#: A task: a picklable function and its arguments, returning a dict of arrays whose first
#: axis is the task's games.
Task = tuple[Callable[..., dict[str, np.ndarray]], tuple[Any, ...]]


def shards(n_games: int, workers: int, *, largest: int = 500) -> list[slice]:
    """Slices of the games for ``workers`` processes: small enough for a lively progress
    bar and an even load, at most ``largest`` games each."""
    size = max(1, min(largest, -(-n_games // (workers * 8))))
    return [slice(k, min(k + size, n_games)) for k in range(0, n_games, size)]


def worker_count(processes: int | None) -> int:
    """``processes``, or every core when ``None``."""
    if processes is not None and (isinstance(processes, bool) or not isinstance(processes, int) or processes < 1):
        raise ArgumentError(f"processes is a positive whole number or None, not {processes!r}")
    return processes or os.cpu_count() or 1


def run_tasks(
    tasks: Sequence[Task],
    *,
    total: int,
    processes: int | None = None,
    client: Any = None,
    progress: bool = True,
    desc: str = "simulate",
    count_key: str = "scores",
) -> dict[str, np.ndarray]:
    """Run every task and join their arrays in task order.

    ``client`` (a ``dask.distributed.Client``) runs them on a cluster; else ``processes``
    worker processes (every core when ``None``; one task runs here). The bar counts the
    games each finished task played (the length of its ``count_key`` array). Ctrl-C cancels
    what has not started and raises ``KeyboardInterrupt``: no partial result is returned.
    """
    workers = 1 if client is None and len(tasks) == 1 else worker_count(processes)
    with progress_bar(total, enabled=progress, desc=desc) as bar:

        def tick(part: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
            bar.update(len(part[count_key]))
            return part

        if client is not None:
            parts = _run_on_dask(client, tasks, tick)
        elif workers == 1:
            parts = [tick(function(*args)) for function, args in tasks]
        else:
            parts = _run_on_processes(workers, tasks, tick)
    return {key: np.concatenate([p[key] for p in parts]) for key in parts[0]}


def _run_on_processes(
    workers: int, tasks: Sequence[Task], tick: Callable[[dict[str, np.ndarray]], dict[str, np.ndarray]]
) -> list[dict[str, np.ndarray]]:
    parts: list[dict[str, np.ndarray]] = [{} for _ in tasks]
    # fork starts workers at once and works from notebooks and scripts alike; spawn elsewhere
    method = "fork" if "fork" in get_all_start_methods() else "spawn"
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=get_context(method))
    try:
        futures = {pool.submit(function, *args): k for k, (function, args) in enumerate(tasks)}
        for future in as_completed(futures):
            parts[futures[future]] = tick(future.result())
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()
    return parts


def _run_on_dask(
    client: Any, tasks: Sequence[Task], tick: Callable[[dict[str, np.ndarray]], dict[str, np.ndarray]]
) -> list[dict[str, np.ndarray]]:
    from distributed import as_completed as dask_completed

    futures = [client.submit(function, *args, pure=False) for function, args in tasks]
    index = {f.key: k for k, f in enumerate(futures)}
    parts: list[dict[str, np.ndarray]] = [{} for _ in tasks]
    try:
        for future in dask_completed(futures):
            parts[index[future.key]] = tick(future.result())
    except BaseException:
        client.cancel(futures)
        raise
    return parts


def seating(n_seats: int, game_index: int, rotate: bool) -> list[int]:
    """Which player sits in each seat of a game: player ``(seat + game_index) % n_seats``
    when ``rotate``, so that over every ``n_seats`` games each sits once in each seat."""
    shift = game_index % n_seats if rotate else 0
    return [(seat + shift) % n_seats for seat in range(n_seats)]


class SeatResults:
    """What results of many games share: ``scores`` holds one row per game and one column
    per seat (or per player when the seats rotated). A game's result class (a dataclass
    with a ``scores`` field) mixes this in for :meth:`mean`, :meth:`interval`, :meth:`wins`
    and :meth:`win_interval`."""

    scores: np.ndarray

    @property
    def n_games(self) -> int:
        return len(self.scores)

    def mean(self) -> np.ndarray:
        """Mean total per column."""
        return np.asarray(self.scores.mean(axis=0))

    def interval(self, level: float = 0.95) -> np.ndarray:
        """Normal-approximation interval of each column's mean: rows (low, high)."""
        return mean_interval(self.scores, level)

    def wins(self) -> np.ndarray:
        """Share of games each column won outright or shared (ties by total only)."""
        best = self.scores.max(axis=1, keepdims=True)
        return np.asarray((self.scores == best).mean(axis=0))

    def shared_wins(self) -> int:
        """Games in which two or more columns tied for the best total."""
        best = self.scores.max(axis=1, keepdims=True)
        return int(((self.scores == best).sum(axis=1) > 1).sum())

    def win_interval(self, level: float = 0.95) -> np.ndarray:
        """Wilson score interval of each column's :meth:`wins` share: rows (low, high)."""
        return wilson_interval(self.wins(), self.n_games, level)
