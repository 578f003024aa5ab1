"""Timeline, the second game on the deck (T1–T8): the game, its computer players, its
pictures and the sentences that tell a play.

- :class:`Timeline` is a seeded play; :class:`TimelineCard` a subject card whose year is
  hidden until played; :func:`timeline_deck` the deck's subjects as Timeline cards;
  :class:`TimelineRules`, :class:`TimelineState` and :class:`TimelineView` are its rules as
  pure functions, a state and what one seat may see (T7).
- :class:`HistoryBot` knows some share of the years (its "book"); :class:`RandomTimelineBot`
  guesses; :class:`TimelineSession` seats people and bots at one game;
  :func:`play_timeline`, :func:`simulate_timeline` and :func:`knowledge_win_rates` play many.
- :func:`describe` tells a play in a sentence; :func:`cards_html` and :func:`view_html` draw
  cards and a seat's view.

The app is :class:`exhibition_lab.widgets.TimelineApp`; the knowledge chart is
:func:`exhibition_lab.plots.plot_knowledge`.

>>> from exhibition_lab.timeline import Timeline
>>> game = Timeline.new(["Ann", "Ben"], seed=1)
>>> len(game.hand(0)), len(game.timeline)
(6, 1)
"""

from __future__ import annotations

from ._moved import moved_attribute
from .games.timeline.agents import (
    HUMAN,
    HistoryBot,
    KnowledgeResult,
    RandomTimelineBot,
    TimelineResult,
    TimelineSession,
    book_of,
    knowledge_win_rates,
    make_timeline_bot,
    play_timeline,
    simulate_timeline,
)
from .games.timeline.game import (
    DEFAULT_MISTAKES,
    MAX_PLAYERS,
    Play,
    Reveal,
    Timeline,
    TimelineCard,
    TimelineRules,
    TimelineState,
    TimelineView,
    timeline_deck,
)
from .ui.render.timeline import cards_html, view_html
from .ui.text.timeline import describe

__all__ = [
    "DEFAULT_MISTAKES",
    "HUMAN",
    "MAX_PLAYERS",
    "HistoryBot",
    "KnowledgeResult",
    "Play",
    "RandomTimelineBot",
    "Reveal",
    "Timeline",
    "TimelineCard",
    "TimelineResult",
    "TimelineRules",
    "TimelineSession",
    "TimelineState",
    "TimelineView",
    "book_of",
    "cards_html",
    "describe",
    "knowledge_win_rates",
    "make_timeline_bot",
    "play_timeline",
    "simulate_timeline",
    "timeline_deck",
    "view_html",
]


def __getattr__(name: str) -> object:
    """The other names the module of this path held before the package had layers (its
    save-file constants, the draw order …) still answer, with a warning: they are internal."""
    return moved_attribute(__name__, name, "exhibition_lab.games.timeline.game")
