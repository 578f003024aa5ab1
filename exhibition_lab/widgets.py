"""The ipywidgets apps and board components (:mod:`exhibition_lab.ui.widgets`) and the course's
exercises (:mod:`exhibition_lab.ui.course.exercises`), where the code lives.

Kept at the top so ``from exhibition_lab.widgets import GameApp`` goes on working; it only
re-exports.
"""

from .ui.course.exercises import (
    CountPoints,
    Exercise,
    IsLegal,
    NextDecision,
    PickCards,
    PickSpots,
)
from .ui.widgets import (
    ContinentChooser,
    GameApp,
    HallView,
    LiveScoreView,
    LogView,
    MarketView,
    NewGameControls,
    OpponentsView,
    PairHeatmap,
    ScoreSheetView,
    StatusBar,
    TimelineApp,
    YearsGapExplorer,
)

#: Empty: ``exhibition_lab.widgets`` was a folder once, and its modules of before
#: (``exhibition_lab.widgets.timeline`` …) still import, with a warning (:mod:`exhibition_lab._moved`);
#: an import system looks for a submodule only in a module that has a path.
__path__: list[str] = []

__all__ = [
    "ContinentChooser",
    "CountPoints",
    "Exercise",
    "GameApp",
    "HallView",
    "IsLegal",
    "LiveScoreView",
    "LogView",
    "MarketView",
    "NewGameControls",
    "NextDecision",
    "OpponentsView",
    "PairHeatmap",
    "PickCards",
    "PickSpots",
    "ScoreSheetView",
    "StatusBar",
    "TimelineApp",
    "YearsGapExplorer",
]
