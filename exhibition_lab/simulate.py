"""Many games played by bots, on processes or dask, and what to say about their results.

- :func:`simulate` plays many games between bots (processes or dask, seeded, with a
  ``budget=``); :func:`seating` rotates the bots through the seats; :func:`game_seeds` gives
  each game its own seed;
- :func:`mean_interval`, :func:`wilson_interval`, :func:`share_interval` and
  :func:`z_value` are the intervals the results are reported with;
- :mod:`arrays` is the array engine: thousands of games at once over numpy arrays
  (``arrays.deal_games``, ``arrays.play``, ``arrays.score``, ``arrays.winners`` …).

The code lives in :mod:`exhibition_lab.games.exhibition.simulate`, :mod:`exhibition_lab.core.stats`
and :mod:`exhibition_lab.games.exhibition.arrays`; this module only re-exports.

>>> from exhibition_lab.simulate import seating
>>> [seating(3, game, rotate=True) for game in range(3)]
[[0, 1, 2], [1, 2, 0], [2, 0, 1]]
"""

from .core.stats import mean_interval, share_interval, wilson_interval, z_value
from .games.exhibition import arrays
from .games.exhibition.simulate import (
    BATCH_CHUNK,
    LOCKSTEP_CHUNK,
    MARKET_SLOTS,
    SimulationResult,
    game_seeds,
    seating,
    simulate,
)

__all__ = [
    "BATCH_CHUNK",
    "LOCKSTEP_CHUNK",
    "MARKET_SLOTS",
    "SimulationResult",
    "arrays",
    "game_seeds",
    "mean_interval",
    "seating",
    "share_interval",
    "simulate",
    "wilson_interval",
    "z_value",
]
