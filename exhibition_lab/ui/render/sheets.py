"""Score sheets: the sheet of a finished (or any) game, and one player's score before and
after a change (:func:`compare_scores`). Goal labels are the goal records' names
(:func:`~exhibition_lab.ui.text.score.goal_label`). No widget imports.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING, TypedDict, cast

from ..text.numbers import number
from ..text.score import (
    column,
    comparison_heads,
    goal_label,
    reason_words,
    sheet_caption,
    sheet_goal_column,
    sheet_hint,
    winner_mark,
)
from .css import style

if TYPE_CHECKING:
    from ...games.exhibition.rules.scoring import PlayerScore, ScoreLine, ScoreSheet


class ComparisonRow(TypedDict):
    """One goal of a :class:`ScoreComparison` (``before``/``after`` are ``None`` where the goal
    is absent on that side; ``changed`` is falsy, ``None`` included, when nothing moved)."""

    goal: str
    rule: str
    before: float | None
    after: float | None
    before_reason: str
    after_reason: str
    changed: bool | None


@dataclass(frozen=True, repr=False)
class ScoreComparison:
    """One player's score before and after a change, goal by goal, changed lines marked.

    ``rows()`` gives the data; in a notebook it shows as a table with the reasons for both
    sides and the difference of every changed line.
    """

    before: PlayerScore
    after: PlayerScore
    before_label: str | None = None  # "before" in the reader's language
    after_label: str | None = None  # "after" in the reader's language

    @property
    def labels(self) -> tuple[str, str]:
        """The two columns' names (the given ones, or "before" and "after")."""
        heads = comparison_heads()
        return self.before_label or heads["before"], self.after_label or heads["after"]

    def rows(self) -> list[ComparisonRow]:
        """One dict per goal: label, rule, points and reason before and after, changed."""
        goals = list(dict.fromkeys([*(line.goal for line in self.before.lines), *(ln.goal for ln in self.after.lines)]))
        rows: list[ComparisonRow] = []
        for goal in goals:
            old = _line_or_none(self.before, goal)
            new = _line_or_none(self.after, goal)
            line = new or old
            assert line is not None  # the goal came from one side's lines
            rows.append(
                {
                    "goal": goal_label(goal),
                    "rule": line.rule,
                    "before": None if old is None else old.points,
                    "after": None if new is None else new.points,
                    "before_reason": "" if old is None else reason_words(old),
                    "after_reason": "" if new is None else reason_words(new),
                    # score lines are never falsy, so this is a bool, or None when a side lacks the goal
                    "changed": cast(
                        "bool | None", (old is None) != (new is None) or (old and new and old.points != new.points)
                    ),
                }
            )
        return rows

    @property
    def changed_goals(self) -> list[str]:
        """Labels of the goals whose points differ."""
        return [row["goal"] for row in self.rows() if row["changed"]]

    def __repr__(self) -> str:
        heads = comparison_heads()
        changed = ", ".join(self.changed_goals) or heads["nothing"]
        before_label, after_label = self.labels
        return (
            f"{self.before.name}: {before_label} {_signed_points(self.before.total)} → {after_label} "
            f"{_signed_points(self.after.total)}"
            f" ({heads['changed']}: {changed})"
        )

    def _repr_html_(self) -> str:
        heads = comparison_heads()
        body = []
        for row in self.rows():
            changed = bool(row["changed"])
            # a goal present on one side only counts as 0 on the other (e.g. a Secret Decade)
            delta = _signed_points((row["after"] or 0) - (row["before"] or 0), plus=True) if changed else ""
            body.append(
                f'<tr class="{"exlab-changed" if changed else ""}">'
                f"<th>{escape(str(row['goal']))} <small>{escape(str(row['rule']))}</small></th>"
                f'<td class="exlab-points">{_signed_points(row["before"])}</td>'
                f'<td class="exlab-reason">{escape(str(row["before_reason"]))}</td>'
                f'<td class="exlab-points">{_signed_points(row["after"])}</td>'
                f'<td class="exlab-reason">{escape(str(row["after_reason"]))}</td>'
                f'<td class="exlab-mark">{"◀ " + delta if changed else ""}</td></tr>'
            )
        before, after = self.before.total, self.after.total
        mark = "◀ " + _signed_points(after - before, plus=True) if before != after else ""
        total_class = "exlab-total exlab-changed" if before != after else "exlab-total"
        body.append(
            f'<tr class="{total_class}"><th>{escape(heads["total"])}</th>'
            f'<td class="exlab-points">{_signed_points(before)}</td><td></td>'
            f'<td class="exlab-points">{_signed_points(after)}</td><td></td><td class="exlab-mark">{mark}</td></tr>'
        )
        before_label, after_label = self.labels
        head = (
            f"<tr><th>{escape(heads['goal'])}</th><th colspan=2>{escape(before_label)}</th>"
            f"<th colspan=2>{escape(after_label)}</th><th>{escape(heads['change'])}</th></tr>"
        )
        return f'{style("compare")}<table class="exlab-compare">{head}{"".join(body)}</table>'


def compare_scores(
    before: PlayerScore, after: PlayerScore, *, before_label: str | None = None, after_label: str | None = None
) -> ScoreComparison:
    """A before/after score sheet of one player with the changed lines marked."""
    return ScoreComparison(before, after, before_label, after_label)


def true_minus(text: str) -> str:
    """``text`` with each hyphen used as a minus sign (before a number, not inside a range
    such as 1972-73) written as the true minus sign "−"."""
    return re.sub(r"(?<![\w)\]])-(?=\d)", "−", text)


def _line_or_none(score: PlayerScore, goal: str) -> ScoreLine | None:
    return next((line for line in score.lines if line.goal == goal), None)


def _signed_points(points: float | None, *, plus: bool = False) -> str:
    if points is None:
        return "–"
    text = number(points, "+g" if plus else "g")
    return text.replace("-", "−")


def score_sheet_html(sheet: ScoreSheet) -> str:
    """The score sheet: one column per player (best first, the winner highlighted), one row
    per goal with its rule id, the totals; every number gives its reason on hover. Solo
    sheets (S2) show solo points, ×100, and name the player instead of a winner.
    ``ScoreSheet`` shows this in a notebook and the play app at the end of a game."""
    names = sheet.ranking
    solo = len(names) == 1
    winners = set() if solo else set(sheet.winners)

    def cls(name: str) -> str:
        return ' class="exlab-winner"' if name in winners else ""

    header = "".join(
        f"<th{cls(n)}>{escape(n)}{f'<br><small>{winner_mark()}</small>' if n in winners else ''}</th>" for n in names
    )
    body = []
    for goal in sheet.goals:
        cells = []
        rule = next(s.line(goal).rule for s in sheet if goal in s.points)
        for name in names:
            score = sheet[name]
            if goal in score.points:
                line = score.line(goal)
                points = _signed_points(line.points * score.scale)
                cells.append(f'<td{cls(name)} title="{escape(true_minus(reason_words(line)))}">{points}</td>')
            else:
                cells.append(f"<td{cls(name)}></td>")
        label = escape(goal_label(goal))
        body.append(f'<tr><td>{label} <span class="exlab-rule">{escape(rule)}</span></td>{"".join(cells)}</tr>')
    totals = "".join(f"<td{cls(n)}><b>{_signed_points(sheet[n].total)}</b></td>" for n in names)
    hint = sheet_hint(solo=any(score.scale != 1 for score in sheet))
    caption = sheet_caption([f"<b>{escape(n)}</b>" for n in sheet.winners], solo=solo)
    return (
        f'{style("sheet")}<div class="exlab-score-sheet">'
        f"<div>{caption} <small>{escape(hint)}</small></div>"
        f'<table class="exlab-final-table"><thead><tr><th>{escape(sheet_goal_column())}</th>{header}</tr></thead>'
        f"<tbody>{''.join(body)}<tr><td><b>{escape(column('total'))}</b></td>{totals}</tr></tbody></table></div>"
    )
