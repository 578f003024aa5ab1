"""Intervals for every result the package reports: a mean's normal interval and a share's
Wilson interval, computed once here."""

from __future__ import annotations

from statistics import NormalDist

import numpy as np


def z_value(level: float = 0.95) -> float:
    """The two-sided normal quantile for a confidence ``level`` (1.96 for 0.95)."""
    return NormalDist().inv_cdf(0.5 + level / 2)


def mean_interval(values: np.ndarray, level: float = 0.95, *, axis: int = 0) -> np.ndarray:
    """Normal-approximation interval of the mean along ``axis``: rows (low, high).

    >>> mean_interval(np.array([[1.0], [2.0], [3.0], [4.0]])).round(2).tolist()  # one column
    [[1.23], [3.77]]
    """
    values = np.asarray(values, dtype=float)
    n = max(values.shape[axis], 1)
    mean = values.mean(axis=axis)
    sem = values.std(axis=axis, ddof=1) / np.sqrt(n) if n > 1 else np.zeros_like(mean)
    z = z_value(level)
    return np.vstack([mean - z * sem, mean + z * sem])


def wilson_interval(share: np.ndarray | float, n: int, level: float = 0.95) -> np.ndarray:
    """Wilson score interval of a share observed in ``n`` trials: rows (low, high).

    Unlike the normal approximation it stays inside 0…1 and is not empty for a share of
    0 or 1.

    >>> wilson_interval(0.0, 10).round(3).tolist()
    [[0.0], [0.278]]
    """
    share = np.atleast_1d(np.asarray(share, dtype=float))
    n = max(int(n), 1)
    z = z_value(level)
    centre = (share + z * z / (2 * n)) / (1 + z * z / n)
    half = z * np.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return np.vstack([np.clip(centre - half, 0, 1), np.clip(centre + half, 0, 1)])


def share_interval(share: np.ndarray, n: int, level: float = 0.95) -> tuple[np.ndarray, np.ndarray]:
    """Normal-approximation band of shares observed in ``n`` trials, clipped to 0…1."""
    share = np.asarray(share, dtype=float)
    half = z_value(level) * np.sqrt(share * (1 - share) / max(int(n), 1))
    return np.clip(share - half, 0, 1), np.clip(share + half, 0, 1)
