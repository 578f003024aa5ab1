"""How much work the long runs of the notebooks do.

Notebooks ask for the sample sizes a reader should see (``simulate(20_000, ...)``). The
test suite executes the same notebooks with a smaller budget: its IPython kernels start with
``tests/ipython/profile_default/startup/00-budget.py``, which sets :data:`SCALE` below, so
no code cell has to show a switch. Plain Python (scripts, unit tests, the analyst's own
kernel) always runs at scale 1: a run does exactly what was asked.
"""

from __future__ import annotations

#: Fraction of every requested sample size that long runs actually play (1.0 = as asked).
SCALE: float = 1.0


def scaled(n: int, *, minimum: int = 1) -> int:
    """``n`` scaled by :data:`SCALE`, never below ``min(n, minimum)``.

    >>> scaled(20_000)
    20000
    """
    if SCALE >= 1.0:
        return n
    return max(min(n, minimum), round(n * SCALE))
