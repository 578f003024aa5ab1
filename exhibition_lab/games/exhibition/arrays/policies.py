"""Batch players: for many games at once, one of the legal choices of each decision.

``"random"`` (:class:`RandomPolicy`) is the same player as
:class:`~exhibition_lab.games.exhibition.agents.RandomBot`; ``"heuristic"``
(:class:`HeuristicPolicy`) is a fast vectorised heuristic of its own. Write another by
subclassing :class:`Policy`.
"""

from __future__ import annotations

import numpy as np

from ....core.errors import ArgumentError
from ..rules.cards import CONTINENTS, FIRST_YEAR, LAST_YEAR, OPEN_CARDS, TILE_CARDS
from ..rules.scoring import MID_CENTURY_YEAR
from .masks import fits
from .state import BatchGames


class Policy:
    """A batch player: picks, for many games at once, one of the legal choices.

    ``take`` gets a (games, 18) mask of the takeable market places and returns a place
    per game; ``move`` a continent per game (after a white card, any is legal); ``place``
    gets a (games, spots + 2) mask (spots, Depot, end) and returns a code per game.
    """

    name = "policy"

    def take(self, b: BatchGames, games: np.ndarray, mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
        raise NotImplementedError

    def move(self, b: BatchGames, games: np.ndarray, rng: np.random.Generator) -> np.ndarray:
        raise NotImplementedError

    def place(self, b: BatchGames, games: np.ndarray, mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


def uniform_choice(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Per row, a uniformly random True column."""
    counts = mask.sum(axis=1)
    k = (rng.random(len(mask)) * counts).astype(np.intp)
    chosen: np.ndarray = np.argmax(np.cumsum(mask, axis=1) > k[:, None], axis=1)
    return chosen


def random_moves(n: int, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random continent per row (R8 after a white card)."""
    return (rng.random(n) * len(CONTINENTS)).astype(np.int8)


class RandomPolicy(Policy):
    """Uniform over the legal choices of each decision — the same player as
    :class:`~exhibition_lab.games.exhibition.agents.RandomBot` (uniform over ``Game.legal_actions()``)."""

    name = "random"

    def take(self, b: BatchGames, games: np.ndarray, mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
        return uniform_choice(mask, rng)

    def move(self, b: BatchGames, games: np.ndarray, rng: np.random.Generator) -> np.ndarray:
        return random_moves(len(games), rng)

    def place(self, b: BatchGames, games: np.ndarray, mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
        return uniform_choice(mask, rng)


class HeuristicPolicy(Policy):
    """A fast vectorised heuristic (not :class:`~exhibition_lab.games.exhibition.agents.GreedyBot`, hence
    its own name): take the card that fits the most spots and lies nearest Mid Century;
    place it in the tightest fitting window, near Mid Century's year in Mid Century, old left and
    young right in the scored pair; the Depot before ending."""

    name = "heuristic"

    def take(self, b: BatchGames, games: np.ndarray, mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
        market = b.market[games]
        # every market card against each game's hall at once: one mask of (games·18) rows
        every = np.repeat(games, TILE_CARDS)
        fitting = fits(b, every, b.hall_row(every), np.maximum(market, 0).ravel())
        flexibility = fitting.sum(axis=1).reshape(len(games), TILE_CARDS)
        return take_choice(mask, flexibility, market, b.deck.year)

    def move(self, b: BatchGames, games: np.ndarray, rng: np.random.Generator) -> np.ndarray:
        return stay(b.taken_slot[games])

    def place(self, b: BatchGames, games: np.ndarray, mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
        t = b.tables
        h = b.hall_row(games)
        weights = placement_weights(b.low[h], b.high[h], b.deck.year[b.hand[games]], t.mid_spot, t.pair_spots)
        return best(mask, weights)


def stay(taken_slot: np.ndarray) -> np.ndarray:
    """The heuristic's move after a white card: stay where the card was taken (the tile there is known)."""
    return (taken_slot // OPEN_CARDS).astype(np.int8)


def best(mask: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """Per row, the True column of highest weight (the first on ties)."""
    chosen: np.ndarray = np.argmax(np.where(mask, weights, -np.inf), axis=1)
    return chosen


def take_choice(mask: np.ndarray, flexibility: np.ndarray, market: np.ndarray, year: np.ndarray) -> np.ndarray:
    """The heuristic's take: the most fitting spots, then nearest Mid Century; the card
    id breaks ties, so the choice depends on the cards, not on their places."""
    years = year[np.maximum(market, 0)]
    near = np.abs(np.where(years < 0, MID_CENTURY_YEAR, years) - MID_CENTURY_YEAR)
    return best(mask, flexibility - near / 50.0 - market * 1e-6)


def placement_weights(
    low: np.ndarray, high: np.ndarray, year: np.ndarray, mid_spot: int, pair_spots: tuple[int, int] | None
) -> np.ndarray:
    """The heuristic's preferences over the spots, the Depot and ending: the tightest
    window, near Mid Century's year in Mid Century, old left and young right in the scored pair."""
    mid = float(MID_CENTURY_YEAR)
    year = np.where(year < 0, mid, year.astype(np.float64))
    width = np.clip(high - low + 1, 1, LAST_YEAR - FIRST_YEAR + 2).astype(np.float64)
    weights = 2.0 - width / 60.0
    if mid_spot >= 0:
        weights[:, mid_spot] = 4.0 - np.abs(year - mid) / 3.0
    if pair_spots is not None:
        weights[:, pair_spots[0]] = (mid - 15 - year) / 8.0
        weights[:, pair_spots[1]] = (year - mid - 15) / 8.0
    return np.hstack([weights, np.tile([-1.5, -9.0], (len(year), 1))])


POLICIES: dict[str, type[Policy]] = {"random": RandomPolicy, "heuristic": HeuristicPolicy}


def make_policy(spec: str | Policy) -> Policy:
    """A policy from its name (``"random"``, ``"heuristic"``) or the policy itself."""
    if isinstance(spec, Policy):
        return spec
    if spec not in POLICIES:
        raise ArgumentError(f"the batch engine's players are {', '.join(POLICIES)}, not {spec!r}")
    return POLICIES[spec]()
