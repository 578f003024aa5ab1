"""The array engine: many games at once over numpy arrays, fed straight from the rules' data.

- :mod:`.tables` — a layout and a player count compiled into rule tables (cached), the deck
  as arrays;
- :mod:`.state` — :class:`~.state.BatchGames`, the state of many games as arrays;
- :mod:`.masks` — the rules of a turn on arrays: what may be taken, where a card fits, the
  legal-action mask over the integer action space, placing a card;
- :mod:`.engine` — new batches (from deals, rule states or a seat's view), the turn's steps
  and :func:`~.engine.play`, records of finished games;
- :mod:`.policies` — batch players;
- :mod:`.scoring` — scores and winners;
- :mod:`.solo` — the solo fast path: solo games a whole turn at a time (``play_batch``).

Imports only core and :mod:`exhibition_lab.games.exhibition.rules` — never the scalar wrapper
(``game.py``, the notation, save files, bots, the coach) nor ui.
"""

from .engine import (
    Forced,
    GameRecord,
    deal_games,
    determinisations,
    from_states,
    games_from_deals,
    legal_actions,
    make_setup,
    play,
    replay,
    start_snapshot,
)
from .masks import fits, legal_mask, placements, takeable
from .policies import POLICIES, HeuristicPolicy, Policy, RandomPolicy, make_policy
from .scoring import BatchScores, score, winners
from .solo import BatchResult, BatchSummary, play_batch, play_solo
from .state import BatchGames, select
from .tables import DeckArrays, Tables, deck_arrays, tables

__all__ = [
    "POLICIES",
    "BatchGames",
    "BatchResult",
    "BatchScores",
    "BatchSummary",
    "DeckArrays",
    "Forced",
    "GameRecord",
    "HeuristicPolicy",
    "Policy",
    "RandomPolicy",
    "Tables",
    "deal_games",
    "deck_arrays",
    "determinisations",
    "fits",
    "from_states",
    "games_from_deals",
    "legal_actions",
    "legal_mask",
    "make_policy",
    "make_setup",
    "placements",
    "play",
    "play_batch",
    "play_solo",
    "replay",
    "score",
    "select",
    "start_snapshot",
    "tables",
    "takeable",
    "winners",
]
