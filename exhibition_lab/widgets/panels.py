"""Read-only panels: the turn banner and status line, other players' halls, the log and
the score sheet."""

from __future__ import annotations

from html import escape

import ipywidgets as w

from ..display import STYLE, hall_body_html
from ..game import Phase
from ..session import PlaySession

PHASE_TEXT = {
    Phase.TAKE: "take a card from the continent where your vehicle stands (R7)",
    Phase.MOVE: "choose where your vehicle goes (R8)",
    Phase.PLACE: "place the card in a lit spot, in the Depot, or end your exhibition (R10)",
}


class StatusBar(w.VBox):
    """The turn/phase banner and a status line for messages and refused moves."""

    def __init__(self) -> None:
        self.banner = w.HTML()
        self.banner.add_class("exlab-banner")
        self.status = w.HTML()
        self.status.add_class("exlab-status")
        super().__init__([self.banner, self.status])

    def render(self, session: PlaySession) -> None:
        game = session.game
        if game.is_over:
            winners = ", ".join(game.score().winners)
            text = f"Game over — winner: {escape(winners)}"
        elif session.humans_turn:
            text = f"Round {game.round} · {escape(game.current_player)}: {PHASE_TEXT[game.phase]}"
        else:
            text = f"Round {game.round} · {escape(game.current_player)} is thinking…"
        self.banner.value = f"{text} <small>(stock: {game.stock_size} cards)</small>"

    def say(self, message: str, *, error: bool = False) -> None:
        css = "exlab-error" if error else "exlab-info"
        self.status.value = f"<span class='{css}'>{escape(message)}</span>"


class OpponentsView(w.HTML):
    """Every other player's hall and Depot, as the board shows them."""

    def __init__(self) -> None:
        super().__init__()
        self.add_class("exlab-opponents")

    def render(self, session: PlaySession) -> None:
        game = session.game
        parts = []
        for seat, name in enumerate(game.players):
            if seat == session.viewer:
                continue
            final = " — final" if game.final[seat] else ""
            kind = "" if session.is_human(seat) else f" ({session.seats[seat]} bot)"
            parts.append(
                f"<h4 style='margin:6px 0 2px'>{escape(name)}{kind}{final}</h4>{hall_body_html(game.hall(seat))}"
            )
        self.value = STYLE + "<div class='exlab-board'>" + "".join(parts) + "</div>" if parts else ""


class LogView(w.HTML):
    """Every action so far, newest first."""

    def __init__(self) -> None:
        super().__init__()
        self.add_class("exlab-log")

    def render(self, session: PlaySession) -> None:
        lines = session.log_lines()[::-1]
        items = "".join(f"<li>{escape(line)}</li>" for line in lines[:200])
        self.value = f"<details open><summary>Log ({len(lines)} moves)</summary><ol reversed>{items}</ol></details>"


class ScoreSheetView(w.HTML):
    """The score sheet with every goal explained, shown once the game is over."""

    def __init__(self) -> None:
        super().__init__()
        self.add_class("exlab-score-sheet")

    def render(self, session: PlaySession) -> None:
        game = session.game
        if not game.is_over:
            self.value = ""
            self.layout.display = "none"
            return
        sheet = game.score()
        explained = "".join(
            f"<details><summary>{escape(name)}: {sheet[name].total}</summary><pre>{escape(sheet[name].explain())}</pre>"
            "</details>"
            for name in sheet.ranking
        )
        self.value = f"<h3>Score sheet</h3>{sheet._repr_html_()}{explained}"
        self.layout.display = "block"
