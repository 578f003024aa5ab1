"""Many games played by bots, on processes or dask: the public names of
:mod:`exhibition_lab.games.exhibition.simulate`, where the code lives.

Kept at the top so ``from exhibition_lab.simulate import simulate`` goes on working; it only
re-exports.
"""

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
    "game_seeds",
    "seating",
    "simulate",
]
