"""Matplotlib charts: the public names of :mod:`exhibition_lab.ui.render.plots` and the Timeline
chart of :mod:`exhibition_lab.ui.render.timeline_plots`, where the code lives.

Kept at the top so ``from exhibition_lab import plots`` goes on working; it only re-exports.
"""

from .ui.render.plots import (
    BOT_COLORS,
    LABEL_COLOURS,
    WHITE_EDGE,
    Chart,
    bot_colors,
    plot_mid_century_readings,
    plot_options,
    plot_penalty_grid,
    plot_penalty_odds,
    plot_pool_timeline,
    plot_review,
    plot_score_histograms,
    plot_years_gap_grid,
)
from .ui.render.timeline_plots import plot_knowledge

__all__ = [
    "BOT_COLORS",
    "LABEL_COLOURS",
    "WHITE_EDGE",
    "Chart",
    "bot_colors",
    "plot_knowledge",
    "plot_mid_century_readings",
    "plot_options",
    "plot_penalty_grid",
    "plot_penalty_odds",
    "plot_pool_timeline",
    "plot_review",
    "plot_score_histograms",
    "plot_years_gap_grid",
]
