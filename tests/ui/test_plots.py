"""Every plot function returns a matplotlib Figure that renders."""

from __future__ import annotations

import io

import numpy as np
import pytest
from matplotlib.colors import to_rgba
from matplotlib.figure import Figure

import exhibition_lab as xl
from exhibition_lab import odds, plots
from exhibition_lab.simulate import simulate

DECK = xl.standard_deck()
POOL = [c for c in DECK if c.year not in (1912, 1987)]


def rendered(fig: Figure) -> bytes:
    assert isinstance(fig, Figure)
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png")
    data = buffer.getvalue()
    assert data.startswith(b"\x89PNG") and len(data) > 5_000
    # Jupyter draws the chart from _repr_png_, with no pyplot inline backend involved
    from IPython.core.formatters import PNGFormatter

    assert PNGFormatter()(fig).startswith(b"\x89PNG")
    return data


def titles(fig: Figure) -> list[str]:
    return [ax.get_title() for ax in fig.axes if ax.get_title()]


def test_years_gap_grid_heatmap():
    fig = plots.plot_years_gap_grid(odds.years_gap_grid(DECK))
    rendered(fig)
    assert fig.axes[0].get_xlabel() == "right card (year)" and len(fig.axes) == 2  # plot + colour bar


def test_penalty_odds_exact_and_simulated():
    exact = odds.solo_years_gap_odds(1912, 1987, POOL)
    simulated = odds.market_penalty_from_markets(odds.random_markets(POOL, 500, np.random.default_rng(0)), 1912, 1987)
    fig = plots.plot_penalty_odds(exact, simulated)
    rendered(fig)
    labels = [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
    assert any("exact" in t for t in labels) and any("simulated" in t for t in labels)
    rendered(plots.plot_penalty_odds(exact))


def test_penalty_odds_legend_gives_the_noise_of_the_simulated_average():
    exact = odds.solo_years_gap_odds(1912, 1987, POOL)
    simulated = odds.market_penalty_from_markets(odds.random_markets(POOL, 500, np.random.default_rng(0)), 1912, 1987)
    fig = plots.plot_penalty_odds(exact, simulated, margin=0.123)
    labels = [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
    assert any(t.startswith("simulated: E[fp] = ") and t.endswith(" ± 0.12") for t in labels)
    assert not any("±" in t for t in labels if t.startswith("exact"))


def test_score_histograms_per_bot():
    results = {"random": simulate(20, ["random"], seed=1, processes=1, progress=False), "fixed": np.arange(10)}
    fig = plots.plot_score_histograms(results)
    rendered(fig)
    assert "solo score" in fig.axes[0].get_xlabel()
    shares = plots.plot_score_histograms({"a": np.arange(1000), "b": np.arange(10)}, bins=10, density=True)
    rendered(shares)
    # each bar is a share of that label's games: the bars of one label add up to 1
    heights = [sum(p.get_height() for p in c) for c in shares.axes[0].containers]
    assert heights == pytest.approx([1.0, 1.0]) and "share" in shares.axes[0].get_ylabel()
    assert shares.axes[0].containers[0][0].get_height() == pytest.approx(0.1)  # 100 of a's 1000 games


def test_score_histograms_keep_one_colour_per_bot_whatever_the_order():
    def colours(order):
        fig = plots.plot_score_histograms({bot: np.arange(10) + k for k, bot in enumerate(order)})
        return {bot: to_rgba(c[0].get_facecolor(), 1) for bot, c in zip(order, fig.axes[0].containers)}

    one, other = colours(["search", "greedy", "random"]), colours(["random", "greedy", "search"])
    assert one == other and len(set(one.values())) == 3
    assert plots.bot_colors(["search", "mine", "theirs"]) == {"search": "C0", "mine": "C4", "theirs": "C5"}


def test_mid_century_readings_side_by_side():
    fig = plots.plot_mid_century_readings()
    rendered(fig)
    assert len(fig.axes) == 2 and any("harsh" in t for t in titles(fig)) and any("tiebreak" in t for t in titles(fig))


def test_pool_timeline_uses_continent_colours():
    fig = plots.plot_pool_timeline(POOL, 1912, 1987)
    rendered(fig)
    colours = {tuple(np.round(c.get_facecolor()[0][:3], 3)) for c in fig.axes[0].collections}
    assert len(colours) >= 6
    assert "outside 1912–1987" in titles(fig)[0]
