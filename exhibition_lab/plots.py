"""Charts for the odds and simulation results (matplotlib; every function returns a Figure).

Figures are built without pyplot, so nothing piles up in global state during long runs.
Without pyplot no inline backend teaches Jupyter to draw them, so each chart is a
:class:`Chart`, a Figure that renders itself as a PNG image.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Mapping, Sequence

import numpy as np
from matplotlib.colors import to_rgba
from matplotlib.figure import Figure
from matplotlib.patches import Patch

from .cards import CONTINENTS, FIRST_YEAR, LAST_YEAR, Card
from .odds import expected_fp
from .scoring import SoloRules, costs_a_point
from .simulate import SimulationResult

WHITE_EDGE = "#555555"


class Chart(Figure):
    """A matplotlib Figure that Jupyter shows as an image (``_repr_png_``)."""

    def _repr_png_(self) -> bytes:
        buffer = io.BytesIO()
        self.savefig(buffer, format="png", dpi=100)
        return buffer.getvalue()


def _figure(width: float = 7.0, height: float = 4.0) -> tuple[Figure, object]:
    fig = Chart(figsize=(width, height), layout="constrained")
    return fig, fig.add_subplot()


def plot_years_gap_grid(grid: np.ndarray, *, title: str = "Expected solo Years Gap fame (S4)") -> Figure:
    """Heatmap of :func:`~exhibition_lab.odds.years_gap_grid`: left year up, right year across."""
    fig, ax = _figure(6.5, 5.5)
    image = ax.imshow(
        grid,
        origin="lower",
        extent=(FIRST_YEAR - 0.5, LAST_YEAR + 0.5, FIRST_YEAR - 0.5, LAST_YEAR + 0.5),
        cmap="viridis",
        vmin=0,
        vmax=5,
    )
    ax.set_xlabel("right card (year)")
    ax.set_ylabel("left card (year)")
    ax.set_title(title)
    fig.colorbar(image, ax=ax, label="expected fame points (0–5)")
    return fig


def plot_penalty_odds(
    exact: np.ndarray,
    simulated: np.ndarray | None = None,
    *,
    title: str = "Market cards that cost a point",
    labels: tuple[str, str] = ("exact (uniform market)", "simulated"),
) -> Figure:
    """Bars of ``p[k]`` for k = 0 … 18, exact and (optionally) simulated side by side."""
    fig, ax = _figure()
    k = np.arange(len(exact))
    width = 0.4 if simulated is not None else 0.8
    ax.bar(
        k - (width / 2 if simulated is not None else 0),
        exact,
        width,
        label=f"{labels[0]}: E[fp] = {expected_fp(exact):.2f}",
    )
    if simulated is not None:
        ax.bar(k + width / 2, simulated[: len(k)], width, label=f"{labels[1]}: E[fp] = {expected_fp(simulated):.2f}")
    last = int(np.max(np.nonzero((exact > 1e-4) | ((simulated if simulated is not None else exact) > 1e-4)))) + 1
    ax.set_xlim(-0.6, max(last, 6) + 0.6)
    ax.axvspan(4.5, max(last, 6) + 0.6, color="#dddddd", alpha=0.5, zorder=0, label="5 or more: 0 fp")
    ax.set_xlabel("market cards that cost a point (k)")
    ax.set_ylabel("probability")
    ax.set_title(title)
    ax.legend()
    return fig


def plot_score_histograms(
    results: Mapping[str, SimulationResult | np.ndarray],
    *,
    seat: int = 0,
    bins: int = 40,
    title: str | None = None,
    density: bool = False,
) -> Figure:
    """Histograms of totals per bot (or any label), with each mean marked; ``density=True``
    compares runs of very different sizes (share of games instead of counts)."""
    fig, ax = _figure()
    data = {
        label: (r.scores[:, seat] if isinstance(r, SimulationResult) else np.asarray(r)) for label, r in results.items()
    }
    low = min(v.min() for v in data.values())
    high = max(v.max() for v in data.values())
    edges = np.linspace(low, high + 1, bins + 1)
    for (label, values), color in zip(data.items(), ["C0", "C1", "C2", "C3", "C4", "C5"]):
        ax.hist(
            values,
            bins=edges,
            alpha=0.5,
            color=color,
            density=density,
            label=f"{label}: mean {values.mean():.0f} (n={len(values)})",
        )
        ax.axvline(values.mean(), color=color, linestyle="--")
    solo = any(isinstance(r, SimulationResult) and r.is_solo for r in results.values())
    ax.set_xlabel("solo score (×100)" if solo else "total fame points")
    ax.set_ylabel("share of games" if density else "games")
    ax.set_title(title or "Scores by bot")
    ax.legend()
    return fig


def plot_mid_century_readings(readings: Sequence[SoloRules] | None = None) -> Figure:
    """The solo Mid Century term (S6) by card year under each reading of D11."""
    readings = readings or (SoloRules.harsh_reading(), SoloRules.tiebreak_reading())
    fig = Chart(figsize=(9, 3.6), layout="constrained")
    years = np.arange(FIRST_YEAR, LAST_YEAR + 1)
    for k, rules in enumerate(readings):
        ax = fig.add_subplot(1, len(readings), k + 1)
        points = [rules.mid_century_points(abs(int(y) - 1950)) for y in years]
        ax.plot(years, points, color=f"C{k}")
        ax.axhline(rules.mid_century_points(None), color="grey", linestyle=":", label="empty or Einstein")
        ax.axhline(0, color="black", linewidth=0.5)
        ax.set_title(f"{rules.name} reading: {rules.base} − {rules.per_year}·|year − 1950|")
        ax.set_xlabel("Mid Century card (year)")
        ax.set_ylabel("solo points (×100 scale)")
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
    ax.set_yticks(range(len(CONTINENTS) + 1), [c.code for c in CONTINENTS] + ["white"])
    ax.set_xlim(FIRST_YEAR - 1, LAST_YEAR + 1)
    ax.set_xlabel("year")
    if left is not None and right is not None:
        ax.axvspan(left, right, color="#ffe082", alpha=0.4, zorder=1)
        outside = sum(1 for c in cards if c.year is not None and costs_a_point("years_gap", c.year, left, right))
        title = title or f"Pool of {len(cards)} cards: {outside} outside {left}–{right}"
    ax.set_title(title or f"Pool of {len(cards)} cards")
    ax.legend(
        handles=[Patch(color=c.color, label=c.title) for c in CONTINENTS],
        ncols=6,
        fontsize=7,
        loc="upper center",
        bbox_to_anchor=(0.5, -0.25),
    )
    return fig
