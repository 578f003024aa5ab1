"""ipywidgets board components and the play app (``GameApp``).

The components render from a :class:`~exhibition_lab.games.exhibition.session.PlaySession` and
report clicks back to the app; they hold no game state of their own.

The top of the ui layer (ui -> games -> core): may import games, core and the rest of ui;
nothing but the facade :mod:`exhibition_lab.widgets` imports them.
"""

from .app import GameApp
from .controls import NewGameControls
from .hall import HallView
from .market import ContinentChooser, MarketView
from .panels import LiveScoreView, LogView, OpponentsView, ScoreSheetView, StatusBar
from .timeline import TimelineApp
from .whatif import PairHeatmap, YearsGapExplorer

__all__ = [
    "ContinentChooser",
    "GameApp",
    "HallView",
    "LiveScoreView",
    "LogView",
    "MarketView",
    "NewGameControls",
    "OpponentsView",
    "PairHeatmap",
    "ScoreSheetView",
    "StatusBar",
    "TimelineApp",
    "YearsGapExplorer",
]
