"""What-if grid: the vectorised 100 × 100 Years Gap grid against a per-pair loop.

Run: python benchmarks/bench_odds.py
"""

from __future__ import annotations

import time

import numpy as np

import exhibition_lab as xl
from exhibition_lab import odds


def best_of(function, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    pool = xl.standard_deck()
    fast = best_of(lambda: odds.years_gap_grid(pool), 20)
    slow = best_of(lambda: odds.years_gap_grid_by_loop(pool), 3)
    same = np.allclose(odds.years_gap_grid(pool), odds.years_gap_grid_by_loop(pool), equal_nan=True)
    print(f"years_gap_grid (vectorised): {fast * 1000:8.2f} ms")
    print(f"per-pair loop (4,950 pairs): {slow * 1000:8.2f} ms")
    print(f"speed-up: {slow / fast:.0f}x   identical: {same}")


if __name__ == "__main__":
    main()
