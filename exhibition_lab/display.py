"""HTML for notebooks: cards, halls, the Continents tile and games (no widget imports).

Every element carries an ``exlab-`` CSS class so the widgets and browser tests can find it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING

from .cards import CONTINENTS, Card

if TYPE_CHECKING:
    from .game import Game
    from .hall import Hall
    from .scoring import PlayerScore

WHITE_CARD_COLOR = "#f5f5f5"

STYLE = """
<style>
.exlab-board{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;font-size:12px;color:#222}
.exlab-row{display:flex;gap:10px;align-items:flex-start;flex-wrap:wrap}
.exlab-showcase{border:2px solid #b0a58a;border-radius:6px;padding:4px;background:#fbf8ef}
.exlab-showcase-name{font-weight:600;font-size:11px;color:#6d5f3a;margin-bottom:3px}
.exlab-spots{display:flex;gap:4px}
.exlab-card,.exlab-empty{width:64px;height:84px;border-radius:5px;box-sizing:border-box;
  display:flex;flex-direction:column;overflow:hidden}
.exlab-card{border:1px solid #555;background:#fff;box-shadow:0 1px 2px rgba(0,0,0,.25)}
.exlab-card-band{height:18px;color:#fff;font-weight:700;display:flex;justify-content:space-between;
  padding:0 4px;align-items:center}
.exlab-card-year{font-size:17px;font-weight:700;text-align:center;margin-top:2px}
.exlab-card-title{font-size:8.5px;line-height:1.1;padding:1px 3px;text-align:center;overflow:hidden}
.exlab-white .exlab-card-band{color:#333;border-bottom:1px solid #ccc}
.exlab-empty{border:2px dashed #c9bd9b;color:#c9bd9b;align-items:center;justify-content:center}
.exlab-depot-view{border:2px solid #888;border-radius:6px;padding:4px;background:#eee}
.exlab-depot-view .exlab-card{transform:rotate(180deg)}
.exlab-continent{border-radius:6px;padding:4px;min-width:70px}
.exlab-continent-name{font-weight:700;color:#fff;text-align:center;border-radius:4px;margin-bottom:3px}
.exlab-marked{outline:3px solid #e65100;outline-offset:1px}
.exlab-vehicle{font-size:10px;background:#fff;border-radius:3px;margin:1px 0;padding:0 2px}
</style>
"""


def card_html(card: Card, *, extra_class: str = "") -> str:
    """One card: a continent-coloured band with year and code, and the subject title."""
    color = card.continent.color if card.continent else WHITE_CARD_COLOR
    code = card.continent.code if card.continent else "white"
    year = "?" if card.year is None else str(card.year)
    kind = "exlab-white" if card.is_white else f"exlab-continent-{code}"
    title = escape(card.title or card.token)
    return (
        f'<div class="exlab-card {kind} {extra_class}" title="{title}">'
        f'<div class="exlab-card-band" style="background:{color}"><span>{escape(code)}</span></div>'
        f'<div class="exlab-card-year">{year if card.year else "EIN"}</div>'
        f'<div class="exlab-card-title">{title}</div></div>'
    )


def empty_spot_html() -> str:
    return '<div class="exlab-empty">·</div>'


def hall_body_html(hall: Hall, *, marked: Iterable[Card | tuple[int, int]] = ()) -> str:
    """The showcases and the Depot of one hall, without the style block.

    ``marked`` lists cards and ``(showcase, spot)`` positions to outline (class
    ``exlab-marked``), e.g. the cards behind a goal or the spot a what-if changed.
    """
    marked = list(marked)
    spots_marked = {m for m in marked if isinstance(m, tuple)}
    cards_marked = {m for m in marked if isinstance(m, Card)}

    def cell(card: Card | None, position: tuple[int, int]) -> str:
        mark = "exlab-marked" if position in spots_marked or card in cards_marked else ""
        if card is None:
            return f'<div class="exlab-empty {mark}">·</div>' if mark else empty_spot_html()
        return card_html(card, extra_class=mark)

    parts = []
    for s, (kind, spots) in enumerate(zip(hall.layout, hall.showcases)):
        cells = "".join(cell(c, (s, i)) for i, c in enumerate(spots))
        parts.append(
            f'<div class="exlab-showcase" data-showcase="{kind.key}">'
            f'<div class="exlab-showcase-name">{escape(kind.name)}</div>'
            f'<div class="exlab-spots">{cells}</div></div>'
        )
    depot = "".join(card_html(c, extra_class="exlab-marked" if c in cards_marked else "") for c in hall.depot)
    depot += empty_spot_html() * (3 - len(hall.depot))
    parts.append(
        f'<div class="exlab-depot-view"><div class="exlab-showcase-name">Depot</div>'
        f'<div class="exlab-spots">{depot}</div></div>'
    )
    return f'<div class="exlab-row">{"".join(parts)}</div>'


def hall_html(hall: Hall) -> str:
    return f'{STYLE}<div class="exlab-board exlab-hall">{hall_body_html(hall)}</div>'


def market_html(game: Game) -> str:
    """The Continents tile: each continent's open cards and the vehicles standing there."""
    from .game import VEHICLES

    columns = []
    for continent, cards in zip(CONTINENTS, game.market.values()):
        vehicles = "".join(
            f'<div class="exlab-vehicle">{escape(VEHICLES[s])}: {escape(name)}</div>'
            for s, name in enumerate(game.players)
            if game.vehicles[s] is continent
        )
        stack = "".join(card_html(c) for c in cards) or '<div class="exlab-empty">none</div>'
        columns.append(
            f'<div class="exlab-continent" style="background:{continent.color}33">'
            f'<div class="exlab-continent-name" style="background:{continent.color}">{continent.code}</div>'
            f"{vehicles}{stack}</div>"
        )
    return f'<div class="exlab-row exlab-market">{"".join(columns)}</div>'


def game_html(game: Game) -> str:
    status = (
        "Game over"
        if game.is_over
        else (
            f"Round {game.round} — {escape(game.current_player)} to {game.phase}"
            + (f" {game.hand.token}" if game.hand else "")
        )
    )
    halls = "".join(
        f"<h4>{escape(name)}{' (final)' if game.final[s] else ''}</h4>{hall_body_html(game.halls[s])}"
        for s, name in enumerate(game.players)
    )
    return (
        f'{STYLE}<div class="exlab-board exlab-game"><div class="exlab-game-status">{status} · '
        f"stock {game.stock_size}</div>{market_html(game)}{halls}</div>"
    )


# ---------------------------------------------------------------- documents: boards and sheets
COMPARE_STYLE = """
<style>
.exlab-boards{display:flex;flex-direction:column;gap:8px}
.exlab-board-caption{font-weight:700;font-size:13px;margin:2px 0}
.exlab-compare{border-collapse:collapse;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;font-size:13px}
.exlab-compare th,.exlab-compare td{border-bottom:1px solid #ddd;padding:3px 8px;vertical-align:top}
table.exlab-compare th,table.exlab-compare td.exlab-reason,table.exlab-compare td.exlab-mark{text-align:left!important}
table.exlab-compare td.exlab-points{text-align:right!important;font-variant-numeric:tabular-nums}
.exlab-compare tr.exlab-changed{background:#fff3e0}
.exlab-compare tr.exlab-changed td.exlab-mark{color:#e65100;font-weight:700}
.exlab-compare .exlab-reason{color:#555;font-size:12px}
.exlab-compare tr.exlab-total td,.exlab-compare tr.exlab-total th{font-weight:700;border-top:2px solid #888}
</style>
"""


@dataclass(frozen=True, repr=False)
class Boards:
    """Halls shown one above the other, each with a caption and optional outlined cards/spots.

    Shows itself as HTML in a notebook: ``Boards({"Ron": ron, "Ann": ann})``.
    """

    halls: dict[str, Hall]
    marked: dict[str, Sequence[Card | tuple[int, int]]] | None = None

    @classmethod
    def of(cls, hall: Hall, caption: str = "", marked: Sequence[Card | tuple[int, int]] = ()) -> Boards:
        """One hall with a caption, the given cards or ``(showcase, spot)`` positions outlined."""
        return cls({caption: hall}, {caption: tuple(marked)})

    def __repr__(self) -> str:
        return "Boards: " + "; ".join(f"{caption} ({hall})" for caption, hall in self.halls.items())

    def _repr_html_(self) -> str:
        marked = self.marked or {}
        rows = "".join(
            f'<div><div class="exlab-board-caption">{escape(caption)}</div>'
            f"{hall_body_html(hall, marked=marked.get(caption, ()))}</div>"
            for caption, hall in self.halls.items()
        )
        return f'{STYLE}{COMPARE_STYLE}<div class="exlab-board exlab-boards">{rows}</div>'


@dataclass(frozen=True, repr=False)
class ScoreComparison:
    """One player's score before and after a change, goal by goal, changed lines marked.

    ``rows()`` gives the data; in a notebook it shows as a table with the reasons for both
    sides and the difference of every changed line.
    """

    before: PlayerScore
    after: PlayerScore
    before_label: str = "before"
    after_label: str = "after"

    def rows(self) -> list[dict[str, object]]:
        """One dict per goal: label, rule, points and reason before and after, changed."""
        goals = list(dict.fromkeys([*(line.goal for line in self.before.lines), *(ln.goal for ln in self.after.lines)]))
        rows = []
        for goal in goals:
            old = _line_or_none(self.before, goal)
            new = _line_or_none(self.after, goal)
            line = new or old
            rows.append(
                {
                    "goal": line.label,
                    "rule": line.rule,
                    "before": None if old is None else old.points,
                    "after": None if new is None else new.points,
                    "before_reason": "" if old is None else old.reason,
                    "after_reason": "" if new is None else new.reason,
                    "changed": (old is None) != (new is None) or (old and new and old.points != new.points),
                }
            )
        return rows

    @property
    def changed_goals(self) -> list[str]:
        """Labels of the goals whose points differ."""
        return [row["goal"] for row in self.rows() if row["changed"]]

    def __repr__(self) -> str:
        changed = ", ".join(self.changed_goals) or "nothing"
        return (
            f"{self.before.name}: {self.before_label} {self.before.total} → {self.after_label} {self.after.total}"
            f" (changed: {changed})"
        )

    def _repr_html_(self) -> str:
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
            f'<tr class="{total_class}"><th>Total</th><td class="exlab-points">{_signed_points(before)}</td><td></td>'
            f'<td class="exlab-points">{_signed_points(after)}</td><td></td><td class="exlab-mark">{mark}</td></tr>'
        )
        head = (
            f"<tr><th>goal</th><th colspan=2>{escape(self.before_label)}</th>"
            f"<th colspan=2>{escape(self.after_label)}</th><th>change</th></tr>"
        )
        return f'{COMPARE_STYLE}<table class="exlab-compare">{head}{"".join(body)}</table>'


def compare_scores(
    before: PlayerScore, after: PlayerScore, *, before_label: str = "before", after_label: str = "after"
) -> ScoreComparison:
    """A before/after score sheet of one player with the changed lines marked."""
    return ScoreComparison(before, after, before_label, after_label)


def _line_or_none(score: PlayerScore, goal: str):
    return next((line for line in score.lines if line.goal == goal), None)


def _signed_points(points: float | None, *, plus: bool = False) -> str:
    if points is None:
        return "–"
    text = f"{points:+g}" if plus else f"{points:g}"
    return text.replace("-", "−")
