"""Exhibition as OpenSpiel games: search, game theory and learning algorithms on the rules.

Importing this module registers four games with OpenSpiel (``pip install "exhibition_lab[ai]"``):

- ``python_exhibition`` — 2 to 5 players. Parameters: ``players`` (2), ``variations`` (``""``;
  variation keys joined by ``+``, e.g. ``"links+short_era"``, V1–V6a), ``secret_decades``
  (``False``, V7) and ``utility`` (``"margin"``: fame minus the best other seat's; ``"win"``:
  an equal share of 1 for the winners, R26 deciding equal totals; ``"score"``: fame).
- ``python_exhibition_solo`` — the solo game (S1–S7). Parameters: ``variations``,
  ``secret_decades`` and ``mid_century`` (``"harsh"`` or ``"tiebreak"``, D11); the return is
  the solo score on its ×100 scale (S2).
- ``python_exhibition_timeline`` — Timeline for 2 to 8 players (T1–T7), the winners sharing 1
  (T5). Parameters: ``players`` (2), ``hand_size`` (0: T1's table), ``max_rounds`` (200, D16)
  and ``deck_seed`` (0), the shuffle that numbers the cards so that an id tells nothing about a
  year (T7); ``Timeline.new(players, seed=s)`` numbers them as ``deck_seed=s`` does.
- ``python_exhibition_timeline_practice`` — Timeline alone (T8): ``mistakes`` (3) and
  ``deck_seed``; the return is the number of cards placed right.

The solo game is its own game because OpenSpiel fixes a game's utility model per game
type: a solo score is a single-agent target on another scale, while the multi-player
utilities are constant-sum (``"win"``), zero-sum (``"margin"`` with two seats) or
general-sum (the rest) — each instance states its own. Each instance also states its
information: perfect without Secret Decades (the stock is a set all seats know, its draws are
chance, like backgammon's dice), imperfect with them (search over hidden information, such as
ISMCTS, needs them on).

:class:`SpielBot` seats any bot of the package as a ``pyspiel.Bot`` (OpenSpiel's
``evaluate_bots`` and tournaments take it), :func:`ismcts_bot` OpenSpiel's ISMCTS ready for
``evaluate_bots``; :class:`BotPlayer`, :class:`SpielPlayer` and
:func:`play_deal` time line-ups on the same deals.

The games live in :mod:`exhibition_lab.adapters` (one module per game, in the shape of
OpenSpiel's ``python/games``); this module is their public entry point.

>>> import pyspiel
>>> import exhibition_lab.openspiel
>>> game = pyspiel.load_game("python_exhibition(players=3)")
>>> state = game.new_initial_state()
>>> state.is_chance_node(), game.num_distinct_actions(), game.observation_tensor_shape()
(True, 125, [1454])
"""

from __future__ import annotations

from typing import Any

from .adapters.openspiel_exhibition import (
    GAME_DEFAULTS,
    GAME_NAME,
    SOLO_DEFAULTS,
    SOLO_NAME,
    ExhibitionGame,
    ExhibitionObserver,
    ExhibitionSoloGame,
    ExhibitionState,
)
from .adapters.openspiel_players import (
    BotPlayer,
    Player,
    SpielBot,
    SpielPlayer,
    ismcts_bot,
    ismcts_player,
    mcts_player,
    play_deal,
)
from .adapters.openspiel_timeline import (
    PRACTICE_DEFAULTS,
    PRACTICE_NAME,
    TIMELINE_DEFAULTS,
    TIMELINE_NAME,
    TimelineGame,
    TimelineObserver,
    TimelinePracticeGame,
    TimelineSpielState,
)

#: The parameters of each game and their defaults.
DEFAULTS: dict[str, dict[str, Any]] = {
    GAME_NAME: GAME_DEFAULTS,
    SOLO_NAME: SOLO_DEFAULTS,
    TIMELINE_NAME: TIMELINE_DEFAULTS,
    PRACTICE_NAME: PRACTICE_DEFAULTS,
}

__all__ = [
    "DEFAULTS",
    "GAME_NAME",
    "PRACTICE_NAME",
    "SOLO_NAME",
    "TIMELINE_NAME",
    "BotPlayer",
    "ExhibitionGame",
    "ExhibitionObserver",
    "ExhibitionSoloGame",
    "ExhibitionState",
    "Player",
    "SpielBot",
    "SpielPlayer",
    "TimelineGame",
    "TimelineObserver",
    "TimelinePracticeGame",
    "TimelineSpielState",
    "ismcts_bot",
    "ismcts_player",
    "mcts_player",
    "play_deal",
]
