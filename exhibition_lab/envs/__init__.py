"""Environments for learning agents: PettingZoo (every player count), Gymnasium (the solo
game, registered as ``exhibition_lab/Exhibition-solo-v0``) and a vectorised environment on
the array engine that needs no framework at all.

- :func:`env`, :class:`raw_env` — PettingZoo's AEC environment;
- :class:`SoloEnv`, :class:`SoloVectorEnv`, :class:`TableEnv` — Gymnasium (the solo game, and
  one learner against the package's bots, ``exhibition_lab/Exhibition-v0``);
- :func:`solo_scores` — the solo scores of a bot or a learned policy on the deals of a seed,
  the same deals ``simulate`` plays;
- :class:`VectorGames` — many games stepped at once in place, returning pgx-shaped states.

The environments live in :mod:`exhibition_lab.adapters` (one module per framework) and
:class:`VectorGames` beside the array engine; this package is their public entry point.
PettingZoo and Gymnasium come with the extra ``pip install "exhibition_lab[ai]"``; without it
their names raise an :class:`ImportError` saying so, and :class:`VectorGames` still works.
"""

from __future__ import annotations

from ..games.exhibition.arrays.vector import VectorGames, VectorState

_MISSING: dict[str, ImportError] = {}

try:
    from ..adapters.gymnasium_exhibition import (
        SOLO_ID,
        TABLE_ID,
        SoloEnv,
        SoloVectorEnv,
        TableEnv,
        register_environments,
        solo_scores,
    )
except ImportError as error:
    if error.name != "gymnasium":
        raise
    _MISSING |= dict.fromkeys(
        ("SOLO_ID", "TABLE_ID", "SoloEnv", "SoloVectorEnv", "TableEnv", "register_environments", "solo_scores"),
        error,
    )
else:
    register_environments()

try:
    from ..adapters.pettingzoo_exhibition import env, raw_env
except ImportError as error:
    if error.name != "pettingzoo":
        raise
    _MISSING |= dict.fromkeys(("env", "raw_env"), error)


def __getattr__(name: str) -> object:
    if name in _MISSING:
        raise ImportError(str(_MISSING[name]), name=_MISSING[name].name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "SOLO_ID",
    "TABLE_ID",
    "SoloEnv",
    "SoloVectorEnv",
    "TableEnv",
    "VectorGames",
    "VectorState",
    "env",
    "raw_env",
    "register_environments",
    "solo_scores",
]
