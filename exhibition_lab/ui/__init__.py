"""The user interface: everything that shows a game — HTML and charts (:mod:`.render`), rules
in words (:mod:`.text`), the rules course (:mod:`.course`) and the ipywidgets apps
(:mod:`.widgets`).

The top layer (ui -> games -> core): ui may import games and core; core and games never
import ui at load time. Importing this package loads no widget or plot code (the engine's
``_repr_html_`` methods fetch their HTML from here lazily). It exports the pictures the
notebooks call.
"""

from .course.pictures import TurnSteps, tile_picture, try_card, try_cards
from .render.board import Boards, HallPicture, compare_scores
from .render.timeline import cards_html, view_html

__all__ = [
    "Boards",
    "HallPicture",
    "TurnSteps",
    "cards_html",
    "compare_scores",
    "tile_picture",
    "try_card",
    "try_cards",
    "view_html",
]
