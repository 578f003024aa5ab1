"""Players that are programs: the one interface every bot of every game has.

An agent sees only its seat's view and the legal moves, and draws any randomness from the
generator it is handed (never a global one), so a seeded game replays exactly.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

import numpy as np

from .errors import ArgumentError


@runtime_checkable
class Agent(Protocol):
    """Anything with a ``name`` and ``choose(view, moves, rng) -> move``."""

    name: str

    def choose(self, view: Any, moves: Sequence[Any], rng: np.random.Generator) -> Any: ...


class RandomAgent:
    """Plays any legal move, each as likely as the others."""

    name = "random"
    uses_view = False  # a caller may skip building the view

    def choose(self, view: Any, moves: Sequence[Any], rng: np.random.Generator) -> Any:
        return moves[int(rng.integers(len(moves)))]


def make_agent(spec: str | Agent, registry: Mapping[str, Callable[[], Agent]], *, what: str = "bot") -> Agent:
    """An agent from a registry name or an agent object; an unknown name lists the known ones."""
    if isinstance(spec, str):
        if spec not in registry:
            known = ", ".join(repr(k) for k in registry)
            raise ArgumentError(f"unknown {what} {spec!r}; choose one of {known} or pass an object with choose()")
        return registry[spec]()
    if not callable(getattr(spec, "choose", None)):
        raise ArgumentError(f"a {what} is a name or an object with choose(view, moves, rng), not {spec!r}")
    return spec


def agent_label(agent: str | Any) -> str:
    """The name a result table shows for a seat's player."""
    return agent if isinstance(agent, str) else getattr(agent, "name", type(agent).__name__)
