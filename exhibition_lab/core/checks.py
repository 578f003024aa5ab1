"""The checks every entry point makes on what it is given: an action id, a batch of them, a
mask, row numbers, a count, a flag, a real number.

The engine and every adapter (OpenSpiel, PettingZoo, Gymnasium, the vectorised games) share
these, so that a value is refused the same way wherever it comes in: with
:class:`~exhibition_lab.core.errors.ArgumentError`, naming the argument, before any framework
or numpy code sees it.

An action id is an exact whole number: a Python ``int``, a numpy integer, or a numpy array of
shape ``()`` with an integer dtype (what indexing a batch of actions gives). A ``bool``, a
float (even ``3.0``), a string, a complex number and a one-element array are refused: taking
them would mean guessing which action the caller meant.

>>> check_action(3, 125)
3
>>> check_action(3.0, 125)
Traceback (most recent call last):
...
exhibition_lab.core.errors.ArgumentError: an action id is a whole number from 0 to 124, not 3.0
"""

from __future__ import annotations

import math
import operator
from typing import SupportsIndex, cast

import numpy as np

from .errors import ArgumentError


def is_whole(value: object) -> bool:
    """Whether ``value`` is an exact whole number: ``int``, a numpy integer or a 0-d integer
    array (``bool`` is not a number here)."""
    if isinstance(value, np.ndarray):
        return value.shape == () and value.dtype.kind in "iu"
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def check_action(action: object, size: int, *, what: str = "an action id") -> int:
    """``action`` as an ``int`` in ``0 … size − 1``, or :class:`ArgumentError`."""
    number = _whole(action)
    if number is None or not 0 <= number < size:
        raise ArgumentError(f"{what} is a whole number from 0 to {size - 1}, not {action!r:.80}")
    return number


def check_actions(actions: object, n: int, *, what: str = "actions") -> np.ndarray:
    """``actions`` as an ``int64`` array of shape ``(n,)``: an integer array (or a list of
    whole numbers) of that shape; floats, booleans and other shapes are refused."""
    array = _integer_array(actions, what)
    if array.shape != (n,):
        raise ArgumentError(f"{what} has one action id per game: shape ({n},), not {array.shape}")
    return array.astype(np.int64, copy=False)


def check_mask(mask: object, n: int, *, what: str = "acting") -> np.ndarray:
    """``mask`` as a boolean array of shape ``(n,)``; a mask of another dtype (0/1 integers,
    floats) is refused rather than read as true or false."""
    if isinstance(mask, np.ndarray):
        array: np.ndarray | None = mask
    elif isinstance(mask, (list, tuple)) and all(isinstance(flag, (bool, np.bool_)) for flag in mask):
        # a list of flags only: numpy would refuse a ragged one with its own error
        array = np.asarray(mask, dtype=np.bool_)
    else:
        array = None
    if array is None or array.dtype != np.bool_ or array.shape != (n,):
        shape = None if array is None else (array.dtype, array.shape)
        raise ArgumentError(f"{what} is a boolean array of shape ({n},), one flag per game, not {shape or mask!r:.80}")
    return array


def check_rows(rows: object, n: int, *, what: str = "rows") -> np.ndarray:
    """``rows`` as distinct row numbers of a batch of ``n`` games (``0 … n − 1``, no negative
    index counting from the end)."""
    array = _integer_array(rows, what)
    if array.ndim != 1:
        raise ArgumentError(f"{what} is a one-dimensional array of row numbers, not shape {array.shape}")
    if len(array) and (array.min() < 0 or array.max() >= n):
        raise ArgumentError(f"{what} are row numbers from 0 to {n - 1}, not {array.tolist()!r:.80}")
    if len(np.unique(array)) != len(array):
        raise ArgumentError(f"{what} name each game at most once, not {array.tolist()!r:.80}")
    return array.astype(np.int64, copy=False)


def check_count(value: object, *, least: int, most: int, what: str, rule: str | None = None) -> int:
    """``value`` as an ``int`` in ``least … most``, or :class:`ArgumentError` naming ``what``."""
    number = _whole(value)
    if number is None or not least <= number <= most:
        raise ArgumentError(f"{what} is a whole number from {least} to {most}, not {value!r:.80}", rule=rule)
    return number


def check_flag(value: object, *, what: str, rule: str | None = None) -> bool:
    """``value`` as a ``bool`` (``True``/``False`` or numpy's), or :class:`ArgumentError`."""
    if not isinstance(value, (bool, np.bool_)):
        raise ArgumentError(f"{what} is True or False, not {value!r:.80}", rule=rule)
    return bool(value)


def check_real(value: object, *, what: str) -> float:
    """``value`` as a finite ``float`` (an ``int`` or a float, not a ``bool``), or
    :class:`ArgumentError`."""
    if (
        isinstance(value, (bool, np.bool_))
        or not isinstance(value, (int, float, np.integer, np.floating))
        or not math.isfinite(float(value))
    ):
        raise ArgumentError(f"{what} is a finite real number, not {value!r:.80}")
    return float(value)


def _whole(value: object) -> int | None:
    return operator.index(cast("SupportsIndex", value)) if is_whole(value) else None


_INT64 = np.iinfo(np.int64)


def _integer_array(values: object, what: str) -> np.ndarray:
    if isinstance(values, np.ndarray):
        array = values
    elif isinstance(values, (list, tuple)) and all(is_whole(v) for v in values):
        if any(not _INT64.min <= operator.index(cast("SupportsIndex", v)) <= _INT64.max for v in values):
            # no row, game or action id is that large: refused before numpy overflows on it
            raise ArgumentError(f"{what} are numbers an int64 array holds, not {values!r:.80}")
        array = np.asarray(values, dtype=np.int64) if values else np.zeros(0, dtype=np.int64)
    else:
        raise ArgumentError(f"{what} is an integer array, not {values!r:.80}")
    if array.dtype.kind not in "iu":
        raise ArgumentError(f"{what} is an integer array, not an array of {array.dtype}")
    return array
