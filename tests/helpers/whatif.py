"""Reading the what-if explorer's answer back as numbers."""

from __future__ import annotations

import re

import numpy as np
import pytest

from exhibition_lab import odds


def shown_expected(explorer) -> float:
    match = re.search(r"exlab-whatif-expected-value'>([0-9.]+) fp", explorer.expected.value)
    assert match, explorer.expected.value
    return float(match.group(1))


def shown_bars(explorer) -> dict[int, float]:
    """The exact series of the chart (the first bar of each k), in percent."""
    bars = {}
    for k, pct in re.findall(r"<title>k = (\d+) costly cards left: ([0-9.]+)%</title>", explorer.chart.value):
        bars.setdefault(int(k), float(pct))
    return bars


def shown_fame(explorer) -> list[float]:
    row = re.search(r"<tr><th[^>]*>worked out</th>(.*?)</tr>", explorer.chart.value).group(1)
    return [float(v) for v in re.findall(r"([0-9.]+)%", row)]  # 5 fp … 0 fp


def check_shows(explorer, expected: odds.PairOdds) -> None:
    assert shown_expected(explorer) == pytest.approx(round(expected.expected, 2))
    bars = shown_bars(explorer)
    assert len(bars) >= 7
    for k, pct in bars.items():
        assert pct == pytest.approx(round(100 * expected.penalty[k], 1), abs=0.051)
    np.testing.assert_allclose(shown_fame(explorer), 100 * expected.fame[::-1], atol=0.051)
    assert f"{100 * expected.keep_all:.1f}%" in explorer.expected.value
