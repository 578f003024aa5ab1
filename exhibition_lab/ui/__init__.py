"""The user interface: everything that shows a game — HTML and charts (:mod:`.render`), the
words the app and the course say (:mod:`.text`), the rules course (:mod:`.course`), the
ipywidgets apps (:mod:`.widgets`) and the notebook pictures of the engine's objects
(:mod:`.formatters`).

The top layer (ui -> games -> core): ui may import games and core; core and games never
import ui, not even lazily. Importing this package loads no widget or plot code. It exports
the pictures the notebooks call.
"""

from .course.pictures import TurnSteps, tile_picture, try_card, try_cards
from .render.pictures import Boards, HallPicture
from .render.sheets import compare_scores
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
