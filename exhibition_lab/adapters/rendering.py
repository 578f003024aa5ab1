"""What the environments share: their pictures (the position notation as text, the package's
board pictures as HTML), the check of a render mode and of a reward scale."""

from __future__ import annotations

from html import escape

from ..core.checks import check_real
from ..core.errors import ArgumentError
from ..games.exhibition.game import Game
from ..games.exhibition.notation import write_position
from ..games.exhibition.rules.turns import Phase, Setup, State
from ..ui import Boards, tile_picture
from ..ui.text.play import final_hall, game_status

#: The render modes of every environment: printed text, the text itself, HTML for notebooks.
RENDER_MODES = ("human", "ansi", "html")


def check_render_mode(render_mode: str | None) -> str | None:
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ArgumentError(f"render_mode is one of {', '.join(RENDER_MODES)} or None, not {render_mode!r}")
    return render_mode


def check_scale(reward_scale: object) -> float:
    """A reward scale: a real number above 0 (a reward's sign says who did better)."""
    scale = check_real(reward_scale, what="reward_scale")
    if not scale > 0:
        raise ArgumentError(f"reward_scale is a number above 0, not {reward_scale!r}")
    return scale


def table_decades(state: State) -> tuple[int | None, ...] | None:
    """The Secret Decades as the table sees them: none before the end (V7)."""
    decades = state.secret_decades
    if decades is None or state.phase is Phase.OVER:
        return decades
    return tuple(None for _ in decades)


def ansi(setup: Setup, state: State) -> str:
    """The position in the notation of :mod:`exhibition_lab.games.exhibition.notation`: what
    everybody at the table sees (no stock order, no Secret Decade before the end)."""
    return write_position(setup, state, table_decades(state))


def html(setup: Setup, state: State) -> str:
    """The Continents tile and every hall, drawn by the package's board pictures."""
    game = Game.from_position(ansi(setup, state), seed=0, deck=setup.deck)
    halls = {final_hall(name) if state.final[s] else name: state.halls[s] for s, name in enumerate(setup.players)}
    tile = tile_picture(game)._repr_html_()
    return f"<div><p><b>{escape(game_status(game))}</b></p>{tile}{Boards(halls)._repr_html_()}</div>"
