"""exhibition_lab: play, learn and analyse *Exhibition: 20th Century* in Jupyter.

The engine (cards, layout, hall, game, scoring) imports no display or widget code; rule ids
in docstrings and messages refer to the rules reference ``docs/rules.md`` (:func:`rules_path`).
Imported inside IPython (a notebook), the package registers the pictures of its objects
(:mod:`exhibition_lab.ui.formatters`); ``%load_ext exhibition_lab`` does the same.
The app, the coach and the score speak English, Spanish or Japanese (:func:`set_language`).

This module holds the game itself: cards, halls, layouts, games, positions, scores, goals,
errors, budgets and languages. The other public modules (``exhibition_lab._public``):
:mod:`exhibition_lab.agents` (bots), :mod:`exhibition_lab.timeline` (the second game),
:mod:`exhibition_lab.coach`, :mod:`exhibition_lab.odds`, :mod:`exhibition_lab.simulate`,
:mod:`exhibition_lab.widgets` (the apps), :mod:`exhibition_lab.plots`,
:mod:`exhibition_lab.pictures` (the course's pictures), :mod:`exhibition_lab.openspiel` and
:mod:`exhibition_lab.envs`. ``core``, ``games`` and ``ui`` are internal. The command line is
``exhibition-lab`` (``python -m exhibition_lab``).
"""

from ._moved import install as _install_moved_paths
from .core.budget import Budget
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
from .core.words import use_words
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
from .games.exhibition.rules.goals import GOALS, Goal, Rule, rule
from .games.exhibition.rules.hall import DEPOT_SIZE, Hall, Problem
from .games.exhibition.rules.layout import VARIATIONS, Layout, ShowcaseKind, unique_decades_range
from .games.exhibition.rules.scoring import PlayerScore, ScoreLine, ScoreSheet, SoloRules, score_halls, solo_score
from .games.exhibition.rules.turns import Setup, State, score_state
from .games.timeline.game import Timeline
from .ui.formatters import load_ipython_extension, register_in_running_ipython
from .ui.text.coach_words import WORDS as _COACH_WORDS
from .ui.text.i18n import LANGUAGES, language, set_language, when_language_changes
from .ui.text.names import WORDS as _NAME_WORDS
from .ui.text.numbers import tables_follow as _tables_follow
from .ui.text.score import WORDS as _SCORE_WORDS
from .ui.text.timeline import WORDS as _TIMELINE_WORDS

#: The package's version, written only here (pyproject.toml reads it; CHANGELOG.md has its section).
__version__ = "0.2.0"

# The engine's objects print in the reader's language: the ui's word tables, given once here
# (the engine never imports the ui; print(coach.hint(game)), print(score_line), Card.subject…).
use_words(_NAME_WORDS, _SCORE_WORDS, _TIMELINE_WORDS, _COACH_WORDS)
when_language_changes(_tables_follow)  # pandas tables write decimals as the reader does
register_in_running_ipython()
_install_moved_paths()  # exhibition_lab.bots and the other paths of before still import, with a warning

__all__ = [
    "CONTINENTS",
    "DEPOT_SIZE",
    "EINSTEIN",
    "GOALS",
    "LANGUAGES",
    "VARIATIONS",
    "Action",
    "ActionSpace",
    "ArgumentError",
    "Budget",
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
    "Goal",
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
    "Rule",
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
    "rule",
    "rules_path",
    "score_halls",
    "score_state",
    "seeds_path",
    "set_language",
    "solo_score",
    "standard_deck",
    "unique_decades_range",
    "write_position",
]
