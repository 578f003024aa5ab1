"""The what-if explorer's pictures: the chart of market penalties (SVG), the table of fame
values, the answer and the map's help as HTML, and the heatmap as a PNG for readers
without a kernel. The words come from :mod:`exhibition_lab.ui.text.whatif`."""

from __future__ import annotations

from html import escape

import numpy as np

from ...games.exhibition import odds
from ...games.exhibition.rules.cards import FIRST_YEAR
from ...games.exhibition.rules.goals import pair_goal
from ...games.exhibition.rules.scoring import MID_CENTURY_YEAR, SoloRules
from ..text import whatif as words
from ..text.i18n import translate
from ..text.names import reading_name, seat_kind_name
from ..text.numbers import number

EXACT_COLOR, SIMULATED_COLOR = "#3b6fb6", "#e08a1e"


def _shown_range(exact: np.ndarray, simulated: np.ndarray | None) -> int:
    both = exact if simulated is None else np.maximum(exact, simulated[: len(exact)])
    significant = np.nonzero(both > 5e-4)[0]
    return int(max(7, (significant.max() + 1) if len(significant) else 7))


def penalty_chart_svg(exact: np.ndarray, simulated: np.ndarray | None = None) -> str:
    """Bars of P(k market cards cost a point), exact and simulated side by side, as SVG."""
    shown = _shown_range(exact, simulated)
    width, height, pad_left, pad_bottom, top = 540, 206, 40, 34, 28
    plot_w, plot_h = width - pad_left - 10, height - pad_bottom - top
    peak = max(float(exact[:shown].max()), float(simulated[:shown].max()) if simulated is not None else 0.0, 0.05)
    slot = plot_w / shown
    parts = [
        f"<svg class='exlab-whatif-svg' width='{width}' height='{height}' viewBox='0 0 {width} {height}' "
        "xmlns='http://www.w3.org/2000/svg' font-size='11' font-family='sans-serif'>",
        # k ≥ 5 takes every point: shade it so the eye sees where the goal is lost
        f"<rect x='{pad_left + 5 * slot:.1f}' y='{top}' width='{plot_w - 5 * slot:.1f}' height='{plot_h}' "
        "fill='#eeeeee'/>",
        f"<text x='{pad_left + plot_w:.1f}' y='14' fill='#666' text-anchor='end'>{escape(words.chart('lost'))}</text>",
    ]
    series = [(exact, EXACT_COLOR)] + ([(simulated, SIMULATED_COLOR)] if simulated is not None else [])
    bar_w = slot * 0.8 / len(series)
    for s, (values, color) in enumerate(series):
        for k in range(shown):
            p = float(values[k]) if k < len(values) else 0.0
            h = plot_h * p / peak
            x = pad_left + k * slot + slot * 0.1 + s * bar_w
            title = words.chart("bar").format(k=k, percent=words.percent(p, ".1%"))
            parts.append(
                f"<rect x='{x:.1f}' y='{top + plot_h - h:.1f}' width='{bar_w:.1f}' height='{h:.1f}' "
                f"fill='{color}'><title>{escape(title)}</title></rect>"
            )
    for k in range(shown):
        parts.append(
            f"<text x='{pad_left + (k + 0.5) * slot:.1f}' y='{top + plot_h + 13}' text-anchor='middle'>{k}</text>"
        )
    for frac in (0, 0.5, 1):
        y = top + plot_h * (1 - frac)
        tick = words.percent(peak * frac, ".0%")
        parts.append(f"<text x='{pad_left - 4}' y='{y + 4:.1f}' text-anchor='end'>{tick}</text>")
    parts.append(
        f"<line x1='{pad_left}' y1='{top + plot_h}' x2='{pad_left + plot_w}' y2='{top + plot_h}' stroke='#333'/>"
    )
    parts.append(
        f"<text x='{pad_left + plot_w / 2:.1f}' y='{height - 4}' text-anchor='middle'>"
        f"{escape(words.chart('axis'))}</text>"
    )
    legend = [(words.chart("exact"), EXACT_COLOR)] + (
        [(words.chart("simulated"), SIMULATED_COLOR)] if simulated is not None else []
    )
    x, y = pad_left, 14
    for label, color in legend:  # above the bars, never over them; each label keeps its room
        parts.append(
            f"<rect x='{x}' y='{y - 9}' width='10' height='10' fill='{color}'/>"
            f"<text x='{x + 14}' y='{y}'>{escape(label)}</text>"
        )
        x += 14 + 6 * len(label) + 16
    parts.append("</svg>")
    return "".join(parts)


def fame_table_html(result: odds.PairOdds, simulated: np.ndarray | None = None) -> str:
    """Chance of each fame value 5 … 0, exact and (if given) simulated."""
    exact = result.fame
    rows = [(words.chart("exact_row"), words.worked_out_help(), exact)]
    if simulated is not None:
        rows.append((words.chart("simulated_row"), words.simulated_help(), odds.fp_distribution(simulated)))
    head = "".join(f"<th>{escape(words.chart('fp').format(fp=fp))}</th>" for fp in range(5, -1, -1))
    # each heading explains itself on hover: a newcomer meets "fp" and "worked out" here first
    body = "".join(
        f"<tr><th title='{escape(hover)}'>{escape(label)}</th>"
        + "".join(f"<td>{words.percent(values[fp], '.1%')}</td>" for fp in range(5, -1, -1))
        + "</tr>"
        for label, hover, values in rows
    )
    fame = f"<th title='{escape(words.fp_help())}'>{escape(words.chart('fame'))}</th>"
    return f"<table class='exlab-fame'><tr>{fame}{head}</tr>{body}</table>"


def expected_html(result: odds.PairOdds, *, whole_deck: bool) -> str:
    """The answer: the expected fame in large type, the chance to keep all 5, how the market is drawn."""
    record = pair_goal(result.goal)
    first = words.expected_template().format(
        goal=escape(words.goal_name(result.goal)),
        left=result.left,
        right=result.right,
        value=f"<b class='exlab-big exlab-whatif-expected-value'>{escape(words.fame_points(result.expected))}</b>",
        points=escape(words.points(100 * result.expected)),
        keep=f"<b>{words.percent(result.keep_all, '.1%')}</b>",
    )
    note = words.pool_note(
        whole_deck=whole_deck,
        draws=result.draws,
        pool_size=result.pool_size,
        marked=result.marked,
        penalty=translate(record.penalty or ""),
        rule=record.solo_rule or record.rule,
    )
    rule = record.solo_rule or record.rule
    if result.expected < 1 and result.pool_size:
        # early on, a pair the coach suggests may be worth about 0 here: say why the two differ
        outside = result.draws * result.marked / result.pool_size
        note = f"{note} {words.random_draw_note(outside=outside, rule=rule)}"
    glossary = f"<div class='exlab-whatif-help'>{escape(words.glossary(rule), quote=False)}</div>"
    return f"{first}<br><small>{escape(note, quote=False)}</small>{glossary}"


def lead_html(goal: str, grid: np.ndarray | None = None) -> str:
    """The explorer's plain first line: what the pair scores in a solo game (S4, S5); with
    the map's ``grid`` (expected fp, left year by right year, NaN where no pair), what the map
    shows at a glance: its best pair and the share of pairs that keep under 1 fp."""
    record = pair_goal(goal)
    said = words.lead(goal, translate(record.penalty or ""), record.solo_rule or record.rule)
    if grid is not None and np.isfinite(grid).any():
        left, right = np.unravel_index(int(np.nanargmax(grid)), grid.shape)
        pairs = grid[np.isfinite(grid)]
        best = float(grid[left, right])
        first = FIRST_YEAR
        said = f"{said} {words.map_takeaway(first + int(left), first + int(right), best, float(np.mean(pairs < 1)))}"
    return f"<div class='exlab-whatif-lead'>{escape(said, quote=False)}</div>"


def map_help_html(goal: str, *, this_game: bool) -> str:
    """How to read the map, one line each."""
    return "<div class='exlab-whatif-help'>" + "<br>".join(words.map_help(goal, this_game=this_game)) + "</div>"


def simulated_html(played: odds.PlayOuts | None, simulated: np.ndarray | None, reading: str) -> str:
    """The simulated games beside the exact odds (or how to get them)."""
    if played is None or simulated is None:
        button = f"<b>{escape(words.control('simulate'))}</b>"
        return f"<i>{words.press_simulate_template().format(button=button)}</i>"
    rules = SoloRules.by_name(reading)
    totals = played.totals[reading]
    stopped = "" if played.complete else words.stopped_after(played.n_games, played.requested)
    return words.simulated_template().format(
        games=f"<b>{escape(words.games_by(played.n_games, seat_kind_name(played.bot)))}</b>",
        stopped=escape(stopped),
        fame=f"<b>{escape(words.fame_points(odds.expected_fp(simulated)))}</b>",
        kept=words.kept_share(simulated[0]),
        mean=f"<b>{number(totals.mean(), '.0f')}</b>",
        base=rules.base,
        per_year=rules.per_year,
        year=MID_CENTURY_YEAR,
        reading=escape(reading_name(rules.name)),
    )
