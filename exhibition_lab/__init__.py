"""exhibition_lab: play, learn and analyse *Exhibition: 20th Century* in Jupyter.

The engine (cards, layout, hall, game, scoring) imports no display or widget code; rule ids
in docstrings and messages refer to the rules reference ``docs/rules.md`` (:func:`rules_path`).
Imported inside IPython (a notebook), the package registers the pictures of its objects
(:mod:`exhibition_lab.ui.formatters`); ``%load_ext exhibition_lab`` does the same.
The app, the coach and the score speak English, Spanish or Japanese (:func:`set_language`).
"""

from .core.errors import (
    ArgumentError,
    DeckError,
    ExhibitionLabError,
    IllegalAction,
    IllegalHall,
    NotationError,
    RuleViolation,
    SaveFileError,
)
from .games.exhibition.examples import Example, example_names, load_example
from .games.exhibition.game import Deal, Game, Phase, PlayerView
from .games.exhibition.notation import Position, parse_position, write_position
from .games.exhibition.rules.actions import (
    Action,
    ActionSpace,
    DealDecade,
    Draw,
    EndExhibition,
    Event,
    Move,
    Place,
    Take,
    ToDepot,
    parse_action,
)
from .games.exhibition.rules.cards import (
    CONTINENTS,
    EINSTEIN,
    Card,
    Continent,
    load_deck,
    rules_path,
    seeds_path,
    standard_deck,
)
from .games.exhibition.rules.hall import DEPOT_SIZE, Hall, Problem
from .games.exhibition.rules.layout import VARIATIONS, Layout, ShowcaseKind
from .games.exhibition.rules.scoring import PlayerScore, ScoreLine, ScoreSheet, SoloRules, score_halls, solo_score
from .games.exhibition.rules.turns import Setup, State
from .games.timeline.game import Timeline
from .ui.formatters import load_ipython_extension, register_in_running_ipython
from .ui.text import coach as _coach_words  # noqa: F401  (registers the coach's words: print(coach.hint(game)))
from .ui.text.i18n import LANGUAGES, language, set_language

__version__ = "0.1.0"

register_in_running_ipython()

__all__ = [
    "CONTINENTS",
    "DEPOT_SIZE",
    "EINSTEIN",
    "LANGUAGES",
    "VARIATIONS",
    "Action",
    "ActionSpace",
    "ArgumentError",
    "Card",
    "Continent",
    "Deal",
    "DealDecade",
    "DeckError",
    "Draw",
    "EndExhibition",
    "Event",
    "Example",
    "ExhibitionLabError",
    "Game",
    "Hall",
    "IllegalAction",
    "IllegalHall",
    "Layout",
    "Move",
    "NotationError",
    "Phase",
    "Place",
    "PlayerScore",
    "PlayerView",
    "Position",
    "Problem",
    "RuleViolation",
    "SaveFileError",
    "ScoreLine",
    "ScoreSheet",
    "Setup",
    "ShowcaseKind",
    "SoloRules",
    "State",
    "Take",
    "Timeline",
    "ToDepot",
    "example_names",
    "language",
    "load_deck",
    "load_example",
    "load_ipython_extension",
    "parse_action",
    "parse_position",
    "rules_path",
    "score_halls",
    "seeds_path",
    "set_language",
    "solo_score",
    "standard_deck",
    "write_position",
]
