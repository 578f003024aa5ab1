"""Read-only panels: the turn banner and status line, the running score, other players'
compact halls, the log and the score sheet."""

from __future__ import annotations

from html import escape

import ipywidgets as w

from ..display import STYLE, claimed_continent, halls_table_html, score_sheet_html, vehicle_html
from ..scoring import GOAL_LABELS
from ..session import PlaySession

#: Column headers of the running score, short enough for a side panel (full name on hover).
SHORT_GOALS = {
    "six_continents": "6 cont.",
    "years_gap": "Gap",
    "short_era": "Short",
    "antiquity": "Antiq.",
    "continent_focus": "Focus",
    "decades": "Decades",
    "chain": "Chain",
    "empty_spots": "Empty",
    "depot": "Depot",
    "secret_decade": "Secret",
    "mid_century": "Mid C.",
}


def rule_tag(rule: str) -> str:
    """The rule id as a small suffix after plain words."""
    return f"<span class='exlab-rule' title='rule {escape(rule)} in RULES.md'>{escape(rule)}</span>"


class StatusBar(w.VBox):
    """The banner (what the player may do now) and the status line (what just happened)."""

    def __init__(self) -> None:
        self.banner = w.HTML()
        self.banner.add_class("exlab-banner")
        self.status = w.HTML()
        self.status.add_class("exlab-status")
        super().__init__([self.banner, self.status], layout=w.Layout(flex="1 1 auto"))

    def render(self, session: PlaySession) -> None:
        game = session.game
        if game.is_over:
            winners = " and ".join(game.score().winners)
            text = f"Game over — {escape(winners)} {'win' if ' and ' in winners else 'wins'}"
        else:
            text = escape(session.what_now())
        round_ = "" if game.is_over else f"Round {game.round} · "
        self.banner.value = f"{round_}{text} <small style='font-weight:400'>(stock: {game.stock_size} cards)</small>"

    def say(self, message: str, *, error: bool = False, rule: str | None = None) -> None:
        """Show a message in plain words, with the rule id as a small suffix."""
        css = "exlab-error" if error else "exlab-info"
        tag = rule_tag(rule) if rule else ""
        self.status.value = f"<span class='{css}'>{escape(message)}</span>{tag}"

    def say_html(self, html: str) -> None:
        self.status.value = html


class LiveScoreView(w.HTML):
    """Each player's fame points so far, by goal: the engine's score of the halls as they
    stand (:meth:`PlaySession.live_score`); others' Secret Decades stay hidden."""

    def __init__(self) -> None:
        super().__init__()
        self.add_class("exlab-live-score")
        self.add_class("exlab-panel")

    def render(self, session: PlaySession) -> None:
        sheet = session.live_score()
        goals = list(sheet.goals)
        hidden = session.game.secret_decades is not None and not session.game.is_over
        unit = " (×100, solo)" if session.game.is_solo else " (fame points)"
        head = "".join(
            f"<th title='{escape(GOAL_LABELS.get(g, g))}'>{escape(SHORT_GOALS.get(g, g))}</th>" for g in goals
        )
        rows = []
        for seat, name in enumerate(session.game.players):
            score = sheet[name]
            cells = []
            for goal in goals:
                if goal in score.points:
                    line = score.line(goal)
                    points = f"{line.points * score.scale:g}".replace("-", "−")
                    cells.append(f"<td title='{escape(str(line))}'>{points}</td>")
                else:
                    cells.append("<td title='hidden until the end (V7)'>?</td>" if hidden else "<td></td>")
            me = " class='exlab-me'" if seat == session.viewer else ""
            total = str(score.total).replace("-", "−")
            rows.append(
                f"<tr{me}><td>{escape(name)}</td>{''.join(cells)}<td class='exlab-live-total'><b>{total}</b></td></tr>"
            )
        title = "Final score" if session.game.is_over else "Score so far"
        when = "" if session.game.is_over else " — if the game ended now"
        self.value = (
            f"<b>{title}</b><small>{unit}{when}</small>"
            f"<table class='exlab-table'><thead><tr><th>Player</th>{head}<th>Total</th></tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table>"
        )


class OpponentsView(w.HTML):
    """Every other player's hall in miniature, one row each: cards by year (subject on
    hover), the continent claimed in One Continent, the Depot count, where the vehicle is."""

    def __init__(self) -> None:
        super().__init__()
        self.add_class("exlab-opponents")

    def render(self, session: PlaySession) -> None:
        game = session.game
        rows = []
        for seat in range(game.n_players):
            if seat == session.viewer:
                continue
            notes = []
            if game.final[seat]:
                notes.append("final")
            elif seat == game.current and not game.is_over:
                notes.append("to move")
            claim = claimed_continent(game.hall(seat))
            claim_line = f"<br><small>claims {escape(claim.title)}</small>" if claim is not None else ""
            label = (
                f"<div class='exlab-opponent' title='{escape(session.seat_label(seat))}'>"
                f"<b>{escape(game.players[seat])}</b> <small>{escape(_kind(session, seat))}</small><br>"
                f"{vehicle_html(game, seat, where=True)} <small>{escape(' · '.join(notes))}</small>{claim_line}</div>"
            )
            rows.append((label, game.hall(seat)))
        self.value = STYLE + "<div class='exlab-board'>" + halls_table_html(rows) + "</div>" if rows else ""
        self.layout.display = "block" if rows else "none"


def _kind(session: PlaySession, seat: int) -> str:
    return "human" if session.is_human(seat) else f"{session.seats[seat]} bot"


class LogView(w.HTML):
    """Every action so far in words, newest first, folded away under the board."""

    def __init__(self) -> None:
        super().__init__()
        self.add_class("exlab-log")

    def render(self, session: PlaySession) -> None:
        lines = session.log_lines()[::-1]
        items = "".join(f"<li>{escape(line)}</li>" for line in lines[:200])
        self.value = f"<details><summary>Log ({len(lines)} moves)</summary><ol reversed>{items}</ol></details>"


class ScoreSheetView(w.HTML):
    """The score sheet with every goal explained, shown once the game is over."""

    def __init__(self) -> None:
        super().__init__()
        self.add_class("exlab-score-sheet")

    def render(self, session: PlaySession) -> None:
        game = session.game
        if not game.is_over:
            self.value = ""
            return
        sheet = game.score()
        explained = "".join(
            f"<details><summary>{escape(name)}: {sheet[name].total} — why</summary>"
            f"<pre style='font-size:11px'>{escape(sheet[name].explain())}</pre></details>"
            for name in sheet.ranking
        )
        title = "<h3 style='margin:2px 0'>Score sheet</h3>"
        self.value = title + score_sheet_html(sheet) + explained
