"""Matplotlib chart of Timeline simulations (kept out of the engine).

Built without pyplot, as :mod:`exhibition_lab.plots` does: the figure is a
:class:`~exhibition_lab.plots.Chart`, which Jupyter shows as a PNG image.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..text import timeline as words

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure, SubFigure

    from ...games.timeline.agents import KnowledgeResult


def plot_knowledge(result: KnowledgeResult, ax: Axes | None = None) -> Figure | SubFigure:
    """Win rate against the bot's spread in years, one line per player count, with its 95%
    band and the fair share (1 / players) dashed."""
    from matplotlib import rcParams

    from .plots import Chart

    fig: Figure | SubFigure  # an axes given in a subfigure draws there
    if ax is None:
        fig = Chart(figsize=(8, 4.2), layout="constrained")
        ax = fig.add_subplot()
    else:
        fig = ax.figure
    low, high = result.interval()
    colors = rcParams["axes.prop_cycle"].by_key()["color"]
    for i, players in enumerate(result.players):
        color = colors[i % len(colors)]
        ax.plot(result.spreads, result.win_rate[i], marker="o", color=color, label=words.players_heading(players))
        ax.fill_between(result.spreads, low[i], high[i], color=color, alpha=0.15)
        ax.axhline(1 / players, color=color, linestyle="--", linewidth=1)
    ax.axvline(result.reference, color="#888", linestyle=":", linewidth=1)
    ax.annotate(
        words.others_mark(result),
        (result.reference, 0.97),
        textcoords="offset points",
        xytext=(4, 0),
        fontsize=9,
        color="#555",
        va="top",
    )
    ax.set_xlabel(words.knowledge_axis_label())
    ax.set_ylabel(words.win_share_axis_label())
    ax.set_ylim(0, 1)
    ax.yaxis.set_major_formatter(lambda v, _: f"{v:.0%}")
    ax.set_title(words.chart_title(result))
    ax.legend(loc="upper right")
    ax.grid(alpha=0.3)
    return fig
