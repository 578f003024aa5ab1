"""Charts for the odds and simulation results (matplotlib; every function returns a Figure).
The words come from :mod:`exhibition_lab.ui.text.charts`, in the reader's language.

Figures are built without pyplot, so nothing piles up in global state during long runs.
Without pyplot no inline backend teaches Jupyter to draw them, so each chart is a
:class:`Chart`, a Figure that renders itself as a PNG image.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

import numpy as np
from matplotlib.axes import Axes
from matplotlib.backend_bases import RendererBase
from matplotlib.colors import to_rgba
from matplotlib.figure import Figure
from matplotlib.patches import Patch
from matplotlib.ticker import Formatter

from ...games.exhibition.agents import plan_card
from ...games.exhibition.odds import expected_fp
from ...games.exhibition.rules.actions import Place, ToDepot
from ...games.exhibition.rules.cards import CONTINENTS, FIRST_YEAR, LAST_YEAR, Card
from ...games.exhibition.rules.goals import DEPOT, YEARS_GAP
from ...games.exhibition.rules.scoring import MID_CENTURY_YEAR, SoloRules, costs_a_point
from ...games.exhibition.simulate import SimulationResult
from ..text import charts as words
from ..text.coach_words import label_name
from ..text.i18n import _, translate
from ..text.names import continent_name, seat_kind_name, spot_name
from ..text.numbers import tick_label
from .fonts import use_cjk_fallback

if TYPE_CHECKING:
    from ...games.exhibition.coach_model import Evaluation, Option, Review

WHITE_EDGE = "#555555"


class Chart(Figure):
    """A matplotlib Figure that Jupyter shows as an image (``_repr_png_``); its words may be
    Japanese (a font with their glyphs is added, ``use_cjk_fallback``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        use_cjk_fallback()
        super().__init__(*args, **kwargs)

    def __repr__(self) -> str:
        # the text a notebook stores next to the PNG: say what the chart shows, not its object
        titles = [ax.get_title() for ax in self.axes if ax.get_title()]
        return f"Chart: {'; '.join(titles)}" if titles else "Chart"

    def draw(self, renderer: RendererBase) -> None:
        # the tick labels follow the reader's decimal sign (0,25 in Spanish), whatever formatter
        # a chart chose; the wrapping is done once per axis
        for ax in self.axes:
            for axis in (ax.xaxis, ax.yaxis):
                formatter = axis.get_major_formatter()
                if not isinstance(formatter, _LocalTicks):
                    axis.set_major_formatter(_LocalTicks(formatter))
        super().draw(renderer)

    def _repr_png_(self) -> bytes:
        buffer = io.BytesIO()
        self.savefig(buffer, format="png", dpi=100)
        return buffer.getvalue()


class _LocalTicks(Formatter):
    """Another formatter's tick labels in the reader's decimal and grouping signs."""

    def __init__(self, inner: Formatter) -> None:
        self.inner = inner

    # Any: matplotlib types this argument with its private dummy-axis classes
    def set_axis(self, axis: Any) -> None:
        super().set_axis(axis)
        self.inner.set_axis(axis)

    def set_locs(self, locs: list[float]) -> None:
        self.inner.set_locs(locs)

    def __call__(self, x: float, pos: int | None = None) -> str:
        return tick_label(self.inner(x, pos))

    def get_offset(self) -> str:
        return tick_label(self.inner.get_offset())

    def format_data_short(self, value: float) -> str:
        return tick_label(self.inner.format_data_short(value))


def _figure(width: float = 7.0, height: float = 4.0) -> tuple[Chart, Axes]:
    fig = Chart(figsize=(width, height), layout="constrained")
    return fig, fig.add_subplot()


def plot_years_gap_grid(grid: np.ndarray, *, title: str | None = None) -> Chart:
    """Heatmap of :func:`~exhibition_lab.odds.years_gap_grid`: left year up, right year across
    (titled ``Expected solo Years Gap fame (S4)`` unless ``title`` is given)."""
    fig, ax = _figure(6.5, 5.5)
    image = ax.imshow(
        grid,
        origin="lower",
        extent=(FIRST_YEAR - 0.5, LAST_YEAR + 0.5, FIRST_YEAR - 0.5, LAST_YEAR + 0.5),
        cmap="viridis",
        vmin=0,
        vmax=5,
    )
    ax.set_xlabel(words.card_year_axis("right"))
    ax.set_ylabel(words.card_year_axis("left"))
    ax.set_title(title or words.solo_fame_title())
    fig.colorbar(image, ax=ax, label=words.fame_scale())
    return fig


def plot_penalty_odds(
    exact: np.ndarray,
    simulated: np.ndarray | None = None,
    *,
    title: str | None = None,
    labels: tuple[str, str] | None = None,
    margin: float | None = None,
) -> Figure:
    """Bars of ``p[k]`` for k = 0 … 18, exact and (optionally) simulated side by side.

    ``margin`` is the half width of the 95% interval of the simulated average; the legend shows
    it, because a simulated average without its noise invites reading too much into it.
    ``title`` and ``labels`` (the names of the exact and the simulated bars) are in the
    reader's language unless given.
    """
    labels = labels or words.penalty_series()
    fig, ax = _figure()
    k = np.arange(len(exact))
    width = 0.4 if simulated is not None else 0.8
    ax.bar(
        k - (width / 2 if simulated is not None else 0),
        exact,
        width,
        label=words.expected_entry(labels[0], expected_fp(exact)),
    )
    if simulated is not None:
        ax.bar(
            k + width / 2,
            simulated[: len(k)],
            width,
            label=words.expected_entry(labels[1], expected_fp(simulated), margin),
        )
    last = int(np.max(np.nonzero((exact > 1e-4) | ((simulated if simulated is not None else exact) > 1e-4)))) + 1
    ax.set_xlim(-0.6, max(last, 6) + 0.6)
    ax.axvspan(4.5, max(last, 6) + 0.6, color="#dddddd", alpha=0.5, zorder=0, label=words.all_lost_band())
    ax.set_xlabel(words.penalty_axis())
    ax.set_ylabel(words.probability_axis())
    ax.set_title(title or words.penalty_title())
    # room above the tallest bar, so the legend never hides the bars it names
    peak = float(max(np.max(exact), np.max(simulated) if simulated is not None else 0.0))
    ax.set_ylim(0, peak * 1.5)
    ax.legend(loc="upper left", fontsize=8)
    return fig


#: One colour per bot in every chart of bots, so a bot keeps its colour from figure to figure.
BOT_COLORS = {"search": "C0", "greedy": "C1", "random": "C2", "heuristic": "C3"}
_OTHER_COLORS = ("C4", "C5", "C6", "C7", "C8", "C9")


def bot_colors(labels: Iterable[str]) -> dict[str, str]:
    """The colour of each label: a bot's own colour (:data:`BOT_COLORS`), other labels the
    remaining colours in order."""
    labels = list(labels)
    spare = iter(_OTHER_COLORS)
    return {label: BOT_COLORS.get(label) or next(spare, "C9") for label in labels}


def plot_score_histograms(
    results: Mapping[str, SimulationResult | np.ndarray],
    *,
    seat: int = 0,
    bins: int = 40,
    title: str | None = None,
    density: bool = False,
) -> Figure:
    """Histograms of totals per bot (or any label), with each mean marked; each bot keeps its
    colour (:func:`bot_colors`). ``density=True`` compares runs of very different sizes: each
    bar is then the share of that bot's games in the bin (the bars of a bot sum to 1)."""
    fig, ax = _figure()
    data = {
        label: (r.scores[:, seat] if isinstance(r, SimulationResult) else np.asarray(r)) for label, r in results.items()
    }
    low = min(v.min() for v in data.values())
    high = max(v.max() for v in data.values())
    edges = np.linspace(low, high + 1, bins + 1)
    colors = bot_colors(data)
    for label, values in data.items():
        ax.hist(
            values,
            # matplotlib's stubs accept only sequences here, though an array of edges is documented
            bins=cast("Sequence[float]", edges),
            alpha=0.5,
            color=colors[label],
            weights=np.full(len(values), 1 / len(values)) if density else None,
            label=words.mean_entry(seat_kind_name(label), values.mean(), len(values)),
        )
        ax.axvline(values.mean(), color=colors[label], linestyle="--")
    solo = any(isinstance(r, SimulationResult) and r.is_solo for r in results.values())
    ax.set_xlabel(words.score_axis(solo=solo))
    ax.set_ylabel(words.games_axis(shares=density))
    if density:
        ax.yaxis.set_major_formatter(lambda v, _: words.percent(v))
    ax.set_title(title or words.scores_title())
    ax.legend()
    return fig


def plot_mid_century_readings(readings: Sequence[SoloRules] | None = None) -> Figure:
    """The solo Mid Century term (S6) by card year under each reading of D11."""
    readings = readings or (SoloRules.harsh_reading(), SoloRules.tiebreak_reading())
    fig = Chart(figsize=(9, 3.6), layout="constrained")
    years = np.arange(FIRST_YEAR, LAST_YEAR + 1)
    for k, rules in enumerate(readings):
        ax = fig.add_subplot(1, len(readings), k + 1)
        points = [rules.mid_century_points(abs(int(y) - MID_CENTURY_YEAR)) for y in years]
        ax.plot(years, points, color=f"C{k}")
        ax.axhline(rules.mid_century_points(None), color="grey", linestyle=":", label=words.empty_mid_century())
        ax.axhline(0, color="black", linewidth=0.5)
        ax.set_title(words.reading_title(rules.name, rules.base, rules.per_year))
        ax.set_xlabel(words.mid_century_axis())
        ax.set_ylabel(words.solo_points_axis())
        ax.legend()
    return fig


def plot_pool_timeline(
    pool: Iterable[Card], left: int | None = None, right: int | None = None, *, title: str | None = None
) -> Figure:
    """Cards of a pool on a timeline, one row per continent in its colour; an optional
    [left, right] window (a Years Gap) is shaded and the cards outside are counted."""
    fig, ax = _figure(9, 3.2)
    cards = list(pool)
    rows = {c: k for k, c in enumerate(CONTINENTS)}
    for card in cards:
        if card.year is None:
            continue
        row = rows[card.continent] if card.continent else len(CONTINENTS)
        face = card.continent.color if card.continent else "white"
        ax.scatter(card.year, row, s=36, color=to_rgba(face), edgecolor=WHITE_EDGE, linewidth=0.6, zorder=3)
    ax.set_yticks(range(len(CONTINENTS) + 1), [c.code for c in CONTINENTS] + [words.white_row()])
    ax.set_xlim(FIRST_YEAR - 1, LAST_YEAR + 1)
    ax.set_xlabel(words.year_axis())
    if left is not None and right is not None:
        ax.axvspan(left, right, color="#ffe082", alpha=0.4, zorder=1)
        outside = sum(1 for c in cards if c.year is not None and costs_a_point(YEARS_GAP.key, c.year, left, right))
        title = title or words.pool_title(len(cards), outside, left, right)
    ax.set_title(title or words.pool_title(len(cards)))
    ax.legend(
        handles=[Patch(color=c.color, label=continent_name(c)) for c in CONTINENTS],
        ncols=6,
        fontsize=7,
        loc="upper center",
        bbox_to_anchor=(0.5, -0.25),
    )
    return fig


# ---------------------------------------------------------------- coach
# Okabe–Ito colours, told apart by every reader, colour-blind ones included (inaccuracy blue, as
# chess review boards draw it, so that it never reads as the orange of a mistake); a blunder is a
# dark red, much darker than the mistake's light orange, so the two differ in lightness as well
# as in hue and stay apart for readers who do not see red
LABEL_COLOURS = {"good": "#009e73", "inaccuracy": "#56b4e9", "mistake": "#e69f00", "blunder": "#b71c1c"}


def plot_options(evaluation: Evaluation, *, top: int = 8) -> Figure:
    """The options of one decision (:func:`exhibition_lab.coach.evaluate`) with their 95%
    intervals, best on top."""
    options = evaluation.options[:top]
    fig, ax = _figure(8.0, 0.5 + 0.45 * len(options))
    rows = np.arange(len(options))[::-1]
    values = np.array([o.value for o in options])
    errors = np.array([[o.value - o.low for o in options], [o.high - o.value for o in options]])
    colours = ["#1565c0"] + ["#90a4ae"] * (len(options) - 1)
    ax.barh(rows, values, xerr=errors, color=colours, capsize=3)
    ax.set_yticks(rows, [_option_label(evaluation, o) for o in options], fontsize=8)
    ax.axvline(0, color="#333333", linewidth=0.8)
    ax.set_xlabel(words.options_axis(evaluation.unit))
    ax.set_title(words.options_title(evaluation.best.playouts))
    return fig


def _option_label(evaluation: Evaluation, option: Option) -> str:
    """A short label that keeps what tells options apart: the card, the move, the placement
    (the subject is left out; a cut describe() text would end before the placement)."""
    plan = option.plan
    card = plan_card(evaluation.view, plan)
    parts = [_("take {card}", card=card.token)] if plan.take is not None else [card.token]
    if plan.move is not None:
        parts.append(_("move to {continent}", continent=continent_name(plan.move.continent)))
    place = plan.place
    if isinstance(place, Place):
        parts.append(spot_name(evaluation.view.layout, place.showcase, place.spot))
    else:
        parts.append(translate(DEPOT.label) if isinstance(place, ToDepot) else _("end the exhibition"))
    return " → ".join(parts)


def plot_review(review: Review) -> Figure:
    """Across a reviewed game: the expected result of the best turn and of the turn played,
    each decision coloured by its label (:func:`exhibition_lab.coach.review`)."""
    fig, ax = _figure(8.0, 4.0)
    turns = [d.turn for d in review.decisions]
    # the values are already in the game's unit: fp margins, or a solo score's points (×100, S2)
    best = [d.best.value for d in review.decisions]
    played = [d.played.value for d in review.decisions]
    best_label, played_label = words.review_lines()
    # black, so that no label's dot (inaccuracy is sky blue) reads as part of the best line
    ax.plot(turns, best, color="#222222", marker=".", label=best_label)
    ax.plot(turns, played, color="#555555", linestyle="--", label=played_label)
    for d, y in zip(review.decisions, played):
        ax.scatter(d.turn, y, color=LABEL_COLOURS[d.label], zorder=3, s=40)
    handles = [Patch(color=c, label=label_name(label)) for label, c in LABEL_COLOURS.items()]
    ax.legend(handles=[*ax.get_legend_handles_labels()[0], *handles], fontsize=8, loc="best")
    ax.set_xlabel(words.turn_axis())
    ax.set_ylabel(words.review_axis(solo=review.solo))
    ax.set_title(words.review_title(review.player, review.total_loss, len(turns), solo=review.solo))
    return fig


def plot_penalty_grid(
    grid: np.ndarray,
    goal: str = YEARS_GAP.key,
    *,
    marks: Sequence[tuple[int, int]] = (),
    chosen: tuple[int, int] | None = None,
    levels: Sequence[float] = (1, 2, 3, 4),
) -> Chart:
    """Heatmap of :func:`~exhibition_lab.odds.penalty_grid` with contour lines at whole fame
    points, the ``marks`` pairs labelled and the ``chosen`` pair circled."""
    fig = plot_years_gap_grid(grid, title=words.every_pair_title(goal))
    ax = fig.axes[0]
    years = np.arange(FIRST_YEAR, LAST_YEAR + 1)
    filled = np.where(np.isnan(grid), -1.0, grid)  # contour needs numbers; -1 lies below every level
    lines = ax.contour(years, years, filled, levels=list(levels), colors="white", linewidths=0.8)
    ax.clabel(lines, fmt=words.fame_points, fontsize=8)
    for (left, right), marker in zip(marks, "soD^v<>p"):
        ax.plot(
            right,
            left,
            linestyle="none",
            marker=marker,
            markersize=8,
            markerfacecolor="none",
            markeredgecolor="white",
            markeredgewidth=1.5,
            label=f"{left}–{right}",
        )
    if chosen is not None:
        ax.plot(
            chosen[1],
            chosen[0],
            marker="o",
            markersize=11,
            markerfacecolor="none",
            markeredgecolor="#e0301e",
            markeredgewidth=2,
            linestyle="none",
            label=words.chosen_pair(chosen[0], chosen[1]),
        )
    if marks or chosen is not None:
        # the empty half (left ≥ right) holds the key, away from the crowded corner
        ax.legend(loc="upper left", facecolor="#666666", labelcolor="white", framealpha=0.9, fontsize=8)
    return fig
