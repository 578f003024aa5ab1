"""Seeds: the one range every entry point accepts, and the generator a seed gives.

Randomness in the package comes only from a ``numpy.random.Generator``. A seed is a whole
number ``0 ≤ seed < 2**63`` — a save file writes it as a JSON integer that every reader
keeps exactly — or a ``Generator`` passed in (which a save file cannot record).
"""

from __future__ import annotations

import numpy as np

from .errors import ArgumentError

#: Seeds lie in ``0 … MAX_SEED − 1``: a signed 64-bit integer, exact in JSON readers.
MAX_SEED = 2**63


def is_seed(value: object) -> bool:
    """Whether ``value`` is a whole number in the seed range (``bool`` is not a number here)."""
    return isinstance(value, (int, np.integer)) and not isinstance(value, bool) and 0 <= int(value) < MAX_SEED


def check_seed(seed: object, *, what: str = "seed") -> int:
    """``seed`` as an ``int``, or :class:`ArgumentError` saying what a seed is.

    >>> check_seed(7)
    7
    >>> check_seed(-1)
    Traceback (most recent call last):
    ...
    exhibition_lab.core.errors.ArgumentError: a seed is a whole number from 0 to 2**63 − 1, not -1
    """
    if not is_seed(seed):
        raise ArgumentError(f"a {what} is a whole number from 0 to 2**63 − 1, not {seed!r}")
    assert isinstance(seed, (int, np.integer))  # is_seed() said so
    return int(seed)


def generator(seed: int | np.random.Generator | None) -> tuple[np.random.Generator, int | None]:
    """The generator to draw from and the seed a save file can record: an ``int`` seed is
    checked and recorded, a ``Generator`` is used as it is (nothing to record), ``None``
    draws fresh entropy (nothing to record)."""
    if isinstance(seed, np.random.Generator):
        return seed, None
    if seed is None:
        return np.random.default_rng(), None
    checked = check_seed(seed)
    return np.random.default_rng(checked), checked


def derived_seeds(seed: int, n: int, *key: int) -> np.ndarray:
    """``n`` seeds in the seed range, a pure function of ``seed``, ``key`` and the index:
    game ``k`` of a run gets the same seed whatever the number of processes or shards."""
    words = np.random.SeedSequence([check_seed(seed), *key]).generate_state(2 * n, dtype=np.uint32).astype(np.uint64)
    return ((words[0::2] << np.uint64(32)) | words[1::2]) & np.uint64(MAX_SEED - 1)
