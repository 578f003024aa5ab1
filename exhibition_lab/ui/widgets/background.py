"""A job in a background thread with a progress bar and a Stop button's event, so a widget
stays live while it runs (the what-if explorer's simulated games)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tqdm import tqdm  # the notebook's bar is one too (tqdm.notebook.tqdm)


class BackgroundRun:
    """Runs one job at a time: ``start(job, on_done)`` calls ``job(should_stop)`` in a daemon
    thread (or at once with ``background=False``), then ``on_done()`` whatever happened; a job
    that failed leaves its exception in ``error`` for ``on_done`` to tell the player (an
    exception in a thread is otherwise only printed to a log no player reads)."""

    def __init__(self) -> None:
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.error: Exception | None = None

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(
        self, job: Callable[[Callable[[], bool]], object], on_done: Callable[[], None], *, background: bool = True
    ) -> bool:
        """Start ``job``; returns ``False`` (and starts nothing) while another job runs."""
        if self.running:
            return False
        self._stop.clear()
        self.error = None

        def run() -> None:
            try:
                job(self._stop.is_set)
            except Exception as error:
                self.error = error
            finally:
                on_done()

        if background:
            self._thread = threading.Thread(target=run, daemon=True)
            self._thread.start()
        else:
            run()
        return True

    @property
    def stopped(self) -> bool:
        """Whether the last job was asked to stop."""
        return self._stop.is_set()

    def stop(self) -> None:
        """Ask the job to stop after its current step; what it did is kept."""
        self._stop.set()

    def wait(self, timeout: float | None = None) -> None:
        """Block until the job is done (for scripts and tests)."""
        if self._thread is not None:
            self._thread.join(timeout)


def progress_bar(total: int, unit: str, description: str) -> tqdm:
    """A notebook bar (tqdm's widget, placed by the caller, never printed), or a bar that
    shows nothing where tqdm has no widget: a console bar run from a widget's thread writes
    its lines to JupyterLab's log console, where no player looks."""
    try:
        from tqdm.notebook import tqdm

        # the description alone beside the bar, its spaces unbreakable: tqdm widens every plain
        # space of its label to a figure space, which read as "simulated  games"
        label = description.replace(" ", "\u00a0")
        return tqdm(total=total, unit=unit, desc=label, display=False, bar_format="{desc}\u00a0{bar}")
    except Exception:  # no ipywidgets front end for tqdm's bar (its ImportError or a refusal)
        from tqdm import tqdm as console_tqdm

        return console_tqdm(total=total, unit=unit, desc=description, disable=True)


def hide_readout(bar: tqdm) -> None:
    """Keep the progress bar, drop tqdm's numbers beside it (rates and times read as noise
    to a player); the description says what is counted."""
    container = getattr(bar, "container", None)
    for part in getattr(container, "children", ())[2:]:
        part.layout.display = "none"
