"""The one progress bar of long runs (``tqdm``): shown in notebooks and terminals, never
stored in a built notebook, closed on Ctrl-C."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


class _Silent:
    """A bar that shows nothing (``progress=False``)."""

    def update(self, n: int = 1) -> None:
        pass

    def close(self) -> None:
        pass


@contextmanager
def progress_bar(total: int, *, enabled: bool = True, desc: str = "", unit: str = "game") -> Iterator[Any]:
    """A bar counting to ``total`` that is closed however the block ends (an interrupt
    included); ``enabled=False`` gives a bar that shows nothing."""
    if not enabled:
        yield _Silent()
        return
    from tqdm.auto import tqdm

    bar = tqdm(total=total, unit=unit, desc=desc)
    try:
        yield bar
    finally:
        bar.close()
