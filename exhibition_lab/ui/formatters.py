"""Notebook pictures of the engine's objects, registered with IPython.

The engine's classes carry no display code. Here each is paired with the renderer that draws
it, and IPython's HTML formatter learns the pairs: a :class:`Card`, :class:`Hall`,
:class:`Game`, :class:`ScoreSheet`, :class:`Timeline` or :class:`KnowledgeResult` left at
the end of a notebook cell shows as its picture. ``import exhibition_lab`` inside IPython
registers them (:func:`register_in_running_ipython`); ``%load_ext exhibition_lab`` does the
same (:func:`load_ipython_extension`). Outside IPython nothing is registered and IPython is
never imported.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from ..games.exhibition.game import Game
from ..games.exhibition.rules.cards import Card
from ..games.exhibition.rules.hall import Hall
from ..games.exhibition.rules.scoring import ScoreSheet
from ..games.timeline.agents import KnowledgeResult
from ..games.timeline.game import Timeline
from .render import timeline
from .render.cards import card_picture_html
from .render.halls import hall_html
from .render.pictures import game_html
from .render.sheets import score_sheet_html

#: The HTML of each engine class in a notebook.
HTML_FORMATTERS: dict[type, Callable[[Any], str]] = {
    Card: card_picture_html,
    Hall: hall_html,
    Game: game_html,
    ScoreSheet: score_sheet_html,
    Timeline: timeline.game_html,
    KnowledgeResult: timeline.knowledge_html,
}


def register(shell: Any) -> None:
    """Teach ``shell`` (an IPython ``InteractiveShell``) the HTML of every engine class."""
    html = shell.display_formatter.formatters["text/html"]
    for cls, render in HTML_FORMATTERS.items():
        html.for_type(cls, render)


def register_in_running_ipython() -> bool:
    """Register the pictures with the IPython running this code, if any; whether it did.

    IPython is only looked up among the modules already loaded: a kernel has loaded it, a
    plain Python process has not and gains nothing from it.
    """
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    if shell is None:
        return False
    register(shell)
    return True


def load_ipython_extension(shell: Any) -> None:
    """``%load_ext exhibition_lab``: show the engine's objects as pictures in this shell."""
    register(shell)
