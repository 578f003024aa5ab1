"""Computer players and the game as a program sees it: the bots, a bot's plan for its turn,
whole games played by bots, a seat's observation as numbers, and the integer game protocol
search algorithms walk.

- :class:`Bot` is what a bot is (``choose(view, legal, rng)``); :class:`RandomBot`,
  :class:`GreedyBot` and :class:`SearchBot` are the ones the app and the course seat;
  :func:`make_bot` builds one from its name (:data:`BOTS`).
- :class:`TurnPlan` is a whole turn planned at once; :func:`play_game` plays a game between
  bots; :func:`estimate` and :func:`outcome` value a position by playing it out.
- :class:`Observer` encodes what one seat may know (never the stock's order nor another
  seat's Secret Decade) as the arrays learning agents read; :data:`CARD_FEATURES` names the
  columns of a card's row.
- :data:`CHANCE` and :data:`TERMINAL` are the values ``rules.current_player(state)`` takes
  besides a seat; :func:`check_random_plays` is the conformance check every game passes.

>>> import numpy as np
>>> import exhibition_lab as xl
>>> from exhibition_lab.agents import play_game
>>> game = play_game(xl.Game.new(2, seed=3), ["greedy", "random"], np.random.default_rng(3))
>>> game.is_over
True
"""

from __future__ import annotations

from .core.conformance import ConformanceError, Report, check_random_plays
from .core.protocol import CHANCE, TERMINAL, GameInfo, Rules
from .games.exhibition.agents import (
    BOTS,
    Bot,
    GreedyBot,
    RandomBot,
    SearchBot,
    TurnPlan,
    estimate,
    make_bot,
    outcome,
    play_game,
)
from .games.exhibition.observation import CARD_FEATURES, Observer

__all__ = [
    "BOTS",
    "CARD_FEATURES",
    "CHANCE",
    "TERMINAL",
    "Bot",
    "ConformanceError",
    "GameInfo",
    "GreedyBot",
    "Observer",
    "RandomBot",
    "Report",
    "Rules",
    "SearchBot",
    "TurnPlan",
    "check_random_plays",
    "estimate",
    "make_bot",
    "outcome",
    "play_game",
]
