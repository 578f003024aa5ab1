"""How much work a long run does: a :class:`Budget` passed to it.

Analyses ask for the sample sizes a reader should see (``simulate(20_000, ...)``); a
``budget=`` argument scales that request (``Budget(scale=0.05)`` plays a twentieth). Without
one, a run uses :meth:`Budget.from_environment`: the variable ``EXHIBITION_LAB_BUDGET``
(a fraction, e.g. ``0.05``) when it is set, else the full size. The test suite starts its
notebook kernels (nbval, Voila) with that variable in their environment, so the notebooks'
code stays exactly as a reader sees it and no module-level setting changes behind anyone's
back; the package never sets it.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass

from .errors import ArgumentError

#: The environment variable a test harness sets to scale the runs of the kernels it starts.
ENVIRONMENT_VARIABLE = "EXHIBITION_LAB_BUDGET"


@dataclass(frozen=True, slots=True)
class Budget:
    """A fraction of every requested sample size that long runs actually play.

    >>> Budget().scaled(20_000)
    20000
    >>> Budget(scale=0.05).scaled(20_000, minimum=50)
    1000
    >>> Budget(scale=0.001).scaled(20_000, minimum=50)
    50
    """

    scale: float = 1.0

    def __post_init__(self) -> None:
        if isinstance(self.scale, bool) or not isinstance(self.scale, (int, float)):
            raise ArgumentError(f"a budget's scale is a number, not {self.scale!r}")
        if not (math.isfinite(self.scale) and 0 < self.scale <= 1):
            raise ArgumentError(f"a budget's scale lies in (0, 1], not {self.scale!r}")

    @classmethod
    def from_environment(cls) -> Budget:
        """The budget ``EXHIBITION_LAB_BUDGET`` asks for, or the full size when unset."""
        raw = os.environ.get(ENVIRONMENT_VARIABLE, "").strip()
        if not raw:
            return cls()
        try:
            return cls(float(raw))
        except ValueError:
            raise ArgumentError(f"{ENVIRONMENT_VARIABLE} is a fraction such as 0.05, not {raw!r}") from None

    @classmethod
    def of(cls, budget: Budget | None) -> Budget:
        """``budget``, or the environment's when ``None``."""
        if budget is None:
            return cls.from_environment()
        if not isinstance(budget, Budget):
            raise ArgumentError(f"budget is a Budget or None, not {budget!r}")
        return budget

    def scaled(self, n: int, *, minimum: int = 1) -> int:
        """``n`` scaled, never below ``min(n, minimum)``; ``n`` itself at full size."""
        if self.scale >= 1.0:
            return n
        return max(min(n, minimum), round(n * self.scale))


def scaled(n: int, *, minimum: int = 1, budget: Budget | None = None) -> int:
    """``n`` scaled by ``budget`` (the environment's when ``None``), never below
    ``min(n, minimum)``.

    >>> scaled(20_000, budget=Budget(0.1))
    2000
    """
    return Budget.of(budget).scaled(n, minimum=minimum)
