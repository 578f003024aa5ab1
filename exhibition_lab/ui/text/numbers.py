"""Numbers as the app writes them: the true minus sign and signed values."""

from __future__ import annotations

import re

#: A hyphen used as a minus sign: before a number, not inside a word or a range (1972-73).
_HYPHEN_MINUS = re.compile(r"(?<![\w)\]])-(?=\d)")


def minus(text: str) -> str:
    """``text`` with each hyphen used as a minus sign written as the true minus sign “−”.

    >>> minus("-8700, 1972-73")
    '−8700, 1972-73'
    """
    return _HYPHEN_MINUS.sub("−", text)


def signed(value: float, digits: int) -> str:
    """``+1.5``, ``−800``: a value with its sign and thousands separators.

    >>> signed(-1234.5, 0)
    '−1,234'
    """
    return f"{value:+,.{digits}f}".replace("-", "−")
