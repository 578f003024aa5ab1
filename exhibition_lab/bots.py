"""Bots: opponents for play and policies for simulation.

A bot sees what its seat may see — a :class:`~exhibition_lab.game.PlayerView`, never the
stock order or other players' Secret Decades — plus the legal actions and a seeded
``numpy.random.Generator``, and returns one of the actions.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

import numpy as np

from .actions import Action, EndExhibition, Move, Place, Take, ToDepot
from .cards import CONTINENTS, Card
from .errors import ExhibitionLabError
from .game import Game, PlayerView
from .hall import Hall, _showcase_windows
from .scoring import SoloRules, longest_chain, mid_century_distance

CONTINUE_VALUE = 0.6  # expected fame of an empty spot that later turns may still fill


@runtime_checkable
class Bot(Protocol):
    """Anything with a ``name`` and ``choose(view, actions, rng) -> action``.

    A bot whose class sets ``uses_view = False`` is passed ``None`` instead of the view,
    which spares building one on every move.
    """

    name: str

    def choose(self, view: PlayerView, actions: Sequence[Action], rng: np.random.Generator) -> Action: ...


class RandomBot:
    """Picks a legal action uniformly at random."""

    name = "random"
    uses_view = False

    def __init__(self) -> None:
        self._buffer: np.ndarray = np.empty(0)
        self._next = 0
        self._rng: np.random.Generator | None = None

    def choose(self, view: PlayerView, actions: Sequence[Action], rng: np.random.Generator) -> Action:
        return actions[int(self._uniform(rng) * len(actions))]

    def _uniform(self, rng: np.random.Generator) -> float:
        # Drawing numbers in blocks keeps the generator's per-call cost off the hot path.
        if rng is not self._rng or self._next >= len(self._buffer):
            self._rng, self._buffer, self._next = rng, rng.random(256), 0
        value = self._buffer[self._next]
        self._next += 1
        return value


# ---------------------------------------------------------------- valuation
def _pair_estimate(hall: Hall, solo: bool, market_years: Sequence[int]) -> float:
    for kind, spots in zip(hall.layout, hall.showcases):
        if kind.scoring is None:
            continue
        left, right = spots[0], spots[-1]
        if left is None or right is None or left.year is None or right.year is None:
            return 0.0
        a, b = left.year, right.year
        if kind.scoring == "years_gap":
            hits = sum(1 for y in market_years if y < a or y > b) if solo else None
            return max(0, 5 - hits) if solo else min(5.0, (b - a) / 15)
        if kind.scoring == "short_era":
            hits = sum(1 for y in market_years if a <= y <= b) if solo else None
            return max(0, 5 - hits) if solo else max(0.0, 5 - (b - a) / 5)
        hits = sum(1 for y in market_years if y < b) if solo else None  # antiquity
        return max(0, 5 - hits) if solo else max(0.0, 5 - (b - 1900) / 10)
    return 0.0


def _flexibility(hall: Hall) -> float:
    """How much room the empty spots leave: the sum of their year windows, in centuries."""
    total = 0.0
    for kind, spots in zip(hall.layout, hall.showcases):
        for window in _showcase_windows(kind, spots):
            total += (window.last_year - window.first_year + 1) / 100 if window.exact else 0.5
    return total


def estimate(
    hall: Hall,
    *,
    solo: bool,
    market_years: Sequence[int] = (),
    secret_decade: int | None = None,
    solo_rules: SoloRules | None = None,
    final: bool = False,
) -> float:
    """Expected fame of a hall if play goes on (``final=False``) or stops now.

    The scoring goals of RULES.md with a little credit for progress (continents shown,
    room left in the showcases) so that greedy choices keep options open.
    """
    cards = hall.hall_cards()
    counts = Counter(c.continent for c in cards if c.continent is not None)
    six_full = 1 if solo else 5
    six = six_full if len(counts) == len(CONTINENTS) else (0 if final else six_full * len(counts) / 12)
    years = [c.year for c in cards if c.year is not None]
    value = six + _pair_estimate(hall, solo, market_years)
    value += max(counts.values(), default=0) + len({y // 10 for y in years}) + max(1, len(longest_chain(years)))
    value -= hall.n_empty + len(hall.depot)
    if secret_decade is not None:
        value += sum(1 for y in years if y - y % 10 == secret_decade)
    distance = mid_century_distance(hall)
    if solo:
        value += (solo_rules or SoloRules()).mid_century_points(distance) / 100
    else:
        value -= (50 if distance is None else distance) / 1000  # R26 tiebreak only
    if not final:
        value += CONTINUE_VALUE * hall.n_empty + 0.05 * _flexibility(hall)
    return value


def _view_estimate(view: PlayerView, hall: Hall, *, final: bool = False) -> float:
    decades = view.secret_decades
    return estimate(
        hall,
        solo=len(view.players) == 1,
        market_years=[c.year for cards in view.market.values() for c in cards if c.year is not None],
        secret_decade=None if decades is None else decades[view.seat],
        final=final,
    )


def placement_values(view: PlayerView, card: Card) -> dict[Action, float]:
    """Estimated fame after each way of placing ``card`` (hall spots, Depot, ending)."""
    hall = view.hall
    others = view.others
    spots = hall.legal_spots(card, others, players=len(view.players))
    values: dict[Action, float] = {Place(s, i): _view_estimate(view, hall._with_card(card, s, i)) for s, i in spots}
    if not hall.depot_full:
        values[ToDepot()] = _view_estimate(view, hall.add_to_depot(card))
    if not spots:
        values[EndExhibition()] = _view_estimate(view, hall, final=True)
    return values


class GreedyBot:
    """Takes and places to maximise the estimated fame right after the move.

    Ties go to the earlier action in ``legal_actions()`` order (hall before Depot).
    """

    name = "greedy"

    def choose(self, view: PlayerView, actions: Sequence[Action], rng: np.random.Generator) -> Action:
        return max(actions, key=self.values(view, actions).__getitem__)

    def values(self, view: PlayerView, actions: Sequence[Action]) -> dict[Action, float]:
        """The estimate behind each action (used by the search bot to rank candidates)."""
        first = actions[0]
        if isinstance(first, Take):
            return {a: max(placement_values(view, a.card).values()) for a in actions}
        if isinstance(first, Move):
            return {a: self._continent_value(view, a) for a in actions}
        values = placement_values(view, view.hand)
        return {a: values[a] for a in actions}

    def _continent_value(self, view: PlayerView, move: Move) -> float:
        cards = view.market[move.continent]
        if not cards:
            return -1.0
        # the best card there for the next turn, a little less if another player moves first
        return max(max(placement_values(view, c).values()) for c in cards)


# ---------------------------------------------------------------- search
@dataclass
class SearchStats:
    """Budget use of the last decisions: rollouts and seconds per move."""

    moves: int = 0
    rollouts: int = 0
    seconds: float = 0.0

    @property
    def seconds_per_move(self) -> float:
        return self.seconds / self.moves if self.moves else 0.0


class SearchBot:
    """Determinised Monte Carlo: for the greedy bot's best few candidates, play the game to
    the end many times from states consistent with the view (the hidden stock shuffled
    anew each time) and keep the candidate with the best mean result.

    ``rollouts`` bounds the playouts per decision and ``time_limit`` (seconds) bounds the
    time; whichever ends first stops the search. Playouts use ``rollout`` ("random" or
    "greedy") for every seat.
    """

    name = "search"

    def __init__(
        self, rollouts: int = 48, *, time_limit: float | None = None, candidates: int = 3, rollout: str = "greedy"
    ) -> None:
        if rollouts < 1 or candidates < 1:
            raise ExhibitionLabError("a search needs at least one rollout and one candidate")
        self.rollouts = rollouts
        self.time_limit = time_limit
        self.candidates = candidates
        self.rollout_bot = make_bot(rollout)
        self.greedy = GreedyBot()
        self.stats = SearchStats()

    def choose(self, view: PlayerView, actions: Sequence[Action], rng: np.random.Generator) -> Action:
        if len(actions) == 1:
            return actions[0]
        start = time.perf_counter()
        values = self.greedy.values(view, actions)
        ranked = sorted(actions, key=lambda a: -values[a])[: self.candidates]
        totals = dict.fromkeys(ranked, 0.0)
        runs = dict.fromkeys(ranked, 0)
        for k in range(self.rollouts):
            if self.time_limit is not None and time.perf_counter() - start > self.time_limit:
                break
            action = ranked[k % len(ranked)]
            totals[action] += self._playout(view, action, rng)
            runs[action] += 1
        self.stats.moves += 1
        self.stats.rollouts += sum(runs.values())
        self.stats.seconds += time.perf_counter() - start
        return max(ranked, key=lambda a: (totals[a] / runs[a] if runs[a] else float("-inf"), -ranked.index(a)))

    def _playout(self, view: PlayerView, action: Action, rng: np.random.Generator) -> float:
        game = Game.from_view(view, rng)
        game.apply(action)
        while not game.is_over:
            actions = game.legal_actions()
            if len(actions) == 1:
                game.apply(actions[0])
                continue
            seen = game.view() if getattr(self.rollout_bot, "uses_view", True) else None
            game.apply(self.rollout_bot.choose(seen, actions, rng))
        return outcome(game, view.seat)


def outcome(game: Game, seat: int) -> float:
    """What a seat wants to maximise: the solo total, or its lead over the best other."""
    sheet = game.score()
    totals = [sheet[name].total for name in game.players]
    if game.is_solo:
        return totals[0] / 100
    mine = totals[seat]
    return mine - max(t for s, t in enumerate(totals) if s != seat)


# ---------------------------------------------------------------- names
BOTS = {"random": RandomBot, "greedy": GreedyBot, "search": SearchBot}


def make_bot(spec: str | Bot) -> Bot:
    """A bot from its name (``"random"``, ``"greedy"``, ``"search"``) or the bot itself."""
    if isinstance(spec, str):
        if spec not in BOTS:
            raise ExhibitionLabError(f"unknown bot {spec!r}; choose one of {', '.join(BOTS)}")
        return BOTS[spec]()
    if not isinstance(spec, Bot):
        raise ExhibitionLabError(f"a bot needs a name and choose(view, actions, rng), got {spec!r}")
    return spec


def play_game(game: Game, bots: Sequence[str | Bot], rng: np.random.Generator) -> Game:
    """Let one bot per seat play ``game`` to the end; returns the same game."""
    players = [make_bot(b) for b in bots]
    if len(players) != game.n_players:
        raise ExhibitionLabError(f"{game.n_players} seat(s) need as many bots, got {len(players)}")
    while not game.is_over:
        actions = game.legal_actions()
        if len(actions) == 1:
            game.apply(actions[0])
            continue
        bot = players[game.current]
        view = game.view() if getattr(bot, "uses_view", True) else None
        game.apply(bot.choose(view, actions, rng))
    return game


__all__ = [
    "BOTS",
    "Bot",
    "GreedyBot",
    "RandomBot",
    "SearchBot",
    "estimate",
    "make_bot",
    "outcome",
    "play_game",
]
