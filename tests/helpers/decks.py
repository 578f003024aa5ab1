"""Hand-made cards for scenario tests."""

from __future__ import annotations

#: The 18 open cards of a hand-made deal, three per continent in tile order (HAND_DECK tokens).
MARKET = [
    "1901OC",
    "1907OC",
    "1913OC",
    "1911SA",
    "1930SA",
    "1931SA",
    "1902AF",
    "1904AF",
    "1910AF",
    "1900AS",
    "1908AS",
    "1912AS",
    "1905EU",
    "1914EU",
    "1916EU",
    "1903NA",
    "1906NA",
    "1915NA",
]
