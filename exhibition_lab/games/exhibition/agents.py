"""Bots: opponents for play and policies for simulation.

A bot sees what its seat may see — a :class:`~exhibition_lab.games.exhibition.game.PlayerView`, never the
stock order or other players' Secret Decades — plus the legal actions and a seeded
``numpy.random.Generator``, and returns one of the actions.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol, cast, runtime_checkable

import numpy as np

from ...core.errors import ArgumentError
from .arrays.engine import Forced, determinisations, play
from .arrays.policies import POLICIES, make_policy
from .arrays.scoring import score
from .arrays.state import BatchGames, select
from .game import Game, Phase, PlayerView
from .rules.actions import Action, EndExhibition, Move, Place, Take, ToDepot
from .rules.cards import CONTINENTS, FIRST_YEAR, Card
from .rules.goals import SHORT_ERA, YEARS_GAP, pair_goal
from .rules.hall import Hall, showcase_windows
from .rules.scoring import SOLO_SCALE, SoloRules, longest_chain, mid_century_distance, solo_pair_points

CONTINUE_VALUE = 0.6  # expected fame of an empty spot that later turns may still fill
ROOM_VALUE = 0.05  # fame per century of year window the empty spots leave open


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
        value: float = self._buffer[self._next]
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
        goal = pair_goal(kind.scoring)
        if solo:  # S4/S5 exactly, as scored
            assert goal.costs_a_point is not None
            return int(solo_pair_points(sum(1 for y in market_years if goal.costs_a_point(y, a, b))))
        if goal is YEARS_GAP:  # multi-player: a guess at the rank (R20, V5, V6)
            return min(5.0, (b - a) / 15)
        if goal is SHORT_ERA:
            return max(0.0, 5 - (b - a) / 5)
        return max(0.0, 5 - (b - FIRST_YEAR) / 10)  # antiquity
    return 0.0


def _flexibility(hall: Hall) -> float:
    """How much room the empty spots leave: the sum of their year windows, in centuries."""
    total = 0.0
    for kind, spots in zip(hall.layout, hall.showcases):
        for window in showcase_windows(kind, spots):
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
        value += CONTINUE_VALUE * hall.n_empty + ROOM_VALUE * _flexibility(hall)
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
    values: dict[Action, float] = {Place(s, i): _view_estimate(view, hall.with_card(card, s, i)) for s, i in spots}
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
        # the legal actions of a step are all of one kind: takes, moves or placements (R6–R10)
        first = actions[0]
        if isinstance(first, Take):
            return {a: max(placement_values(view, a.card).values()) for a in cast("Sequence[Take]", actions)}
        if isinstance(first, Move):
            return {a: self._continent_value(view, a) for a in cast("Sequence[Move]", actions)}
        assert view.hand is not None  # a card is placed once it is in hand (R10 follows R7)
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


@dataclass(frozen=True)
class TurnPlan:
    """The rest of one turn: the card to take (``None`` once it is in hand), the move after
    a white card, and where the card goes."""

    take: Take | None
    move: Move | None
    place: Action

    def actions(self) -> list[Action]:
        return [a for a in (self.take, self.move, self.place) if a is not None]


def plan_card(view: PlayerView, plan: TurnPlan) -> Card:
    """The card a turn plan places: the one it takes, or without a take the card in hand (R7)."""
    card = plan.take.card if plan.take is not None else view.hand
    assert card is not None  # a plan without a take is made only with a card in hand
    return card


class SearchBot:
    """Determinised Monte Carlo over whole turns.

    For the greedy estimate's best few turns (card, move, placement), the bot plays the game
    to the end many times from states consistent with its view — the hidden stock shuffled
    anew for each playout, the same shuffles for every candidate — and plays the turn with
    the best mean result. Every game — any player count, layout or Secret Decade — runs
    its playouts in lock-step on the batch engine (:mod:`exhibition_lab.games.exhibition.arrays.engine`) with
    the batch policy ``rollout`` (``"heuristic"`` or ``"random"``) for every seat;
    ``rollout="greedy"`` plays them one by one on :class:`Game` with :class:`GreedyBot`.

    ``rollouts`` bounds the playouts per decision — by default 256 on the batch engine and
    24 on the scalar engine, where a playout costs a hundred times more — and
    ``time_limit`` (seconds) bounds the time; whichever ends first stops the search (the
    first playout, or the first lock-step round of one playout per candidate, always runs).
    Without a time limit the bot is deterministic given its generator. The bot maximises
    its solo total, or in a game of several its lead over the best other seat.
    """

    name = "search"
    BATCH_ROLLOUTS = 256
    SCALAR_ROLLOUTS = 24

    def __init__(
        self,
        rollouts: int | None = None,
        *,
        time_limit: float | None = None,
        candidates: int = 8,
        rollout: str = "heuristic",
    ) -> None:
        if (rollouts is not None and rollouts < 1) or candidates < 1:
            raise ArgumentError("a search needs at least one rollout and one candidate")
        if rollout not in (*POLICIES, "greedy"):
            raise ArgumentError(
                f"rollouts are played by the batch policies {', '.join(POLICIES)} or by 'greedy' "
                f"(GreedyBot on the scalar engine), not {rollout!r}"
            )
        self.rollouts = rollouts
        self.time_limit = time_limit
        self.candidates = candidates
        self.rollout = rollout
        self.on_batch = rollout in POLICIES
        self.rollout_bot = None if self.on_batch else make_bot(rollout)
        self.stats = SearchStats()
        self._plan: tuple[int, Card | None, list[Action]] | None = None

    def choose(self, view: PlayerView, actions: Sequence[Action], rng: np.random.Generator) -> Action:
        if len(actions) == 1:
            return actions[0]
        planned = self._follow_plan(view, actions)
        if planned is not None:
            return planned
        start = time.perf_counter()
        on_batch = self.on_batch
        budget = self.rollouts or (self.BATCH_ROLLOUTS if on_batch else self.SCALAR_ROLLOUTS)
        plans = self.candidate_plans(view, actions)[:budget]  # each candidate can be played out
        if on_batch:
            totals, runs = self._batch_playouts(view, plans, rng, start, budget)
        else:
            totals, runs = self._scalar_playouts(view, plans, rng, start, budget)
        self.stats.moves += 1
        self.stats.rollouts += int(runs.sum())
        self.stats.seconds += time.perf_counter() - start
        means = np.where(runs > 0, totals / np.maximum(runs, 1), -np.inf)
        best = plans[int(np.argmax(means))]  # first on ties: the greedy order
        first, *rest = best.actions()
        self._plan = (view.turn, best.take.card if best.take else view.hand, rest)
        return first

    def _follow_plan(self, view: PlayerView, actions: Sequence[Action]) -> Action | None:
        """The next step of the turn planned at its start, if it is still the position."""
        if self._plan is None:
            return None
        turn, card, rest = self._plan
        if turn != view.turn or card != view.hand or not rest or rest[0] not in actions:
            self._plan = None
            return None
        return rest.pop(0)

    def candidate_plans(self, view: PlayerView, actions: Sequence[Action]) -> list[TurnPlan]:
        """The best turns by the greedy estimate, white cards with every move."""
        scored: list[tuple[float, TurnPlan]] = []
        # the legal actions of a step are all of one kind: takes, moves or placements (R6–R10)
        if isinstance(actions[0], Take):
            for take in cast("Sequence[Take]", actions):
                for place, value in placement_values(view, take.card).items():
                    scored.append((value, TurnPlan(take, None, place)))
        elif isinstance(actions[0], Move):
            assert view.hand is not None  # the move follows a white card's take (R8)
            for place, value in placement_values(view, view.hand).items():
                scored.append((value, TurnPlan(None, None, place)))
        else:
            assert view.hand is not None  # a card is placed once it is in hand (R10 follows R7)
            values = placement_values(view, view.hand)
            scored = [(values[a], TurnPlan(None, None, a)) for a in actions]
        scored.sort(key=lambda item: -item[0])  # stable: legal order breaks ties
        plans = []
        for _, plan in scored[: self.candidates]:
            card = plan_card(view, plan)
            if card.is_white and (plan.take is not None or view.phase is Phase.MOVE):
                plans += [TurnPlan(plan.take, Move(c), plan.place) for c in CONTINENTS]
            else:
                plans.append(plan)
        return plans

    def _out_of_time(self, start: float) -> bool:
        return self.time_limit is not None and time.perf_counter() - start > self.time_limit

    def _batch_playouts(
        self, view: PlayerView, plans: list[TurnPlan], rng: np.random.Generator, start: float, budget: int
    ) -> tuple[np.ndarray, np.ndarray]:
        totals = np.zeros(len(plans))
        runs = np.zeros(len(plans), dtype=np.int64)
        per_plan = -(-budget // len(plans))  # at least ``budget`` playouts in all
        policy = make_policy(self.rollout)
        done = 0
        while done < per_plan and (done == 0 or not self._out_of_time(start)):
            shuffles = min(per_plan - done, BATCH_SHUFFLES)
            shuffled = determinisations(view, rng, shuffles)
            # row = plan · shuffles + shuffle: the same shuffles for every plan
            rows = select(shuffled, np.tile(np.arange(shuffles), len(plans)))
            play(rows, policy, rng, forced=forced_turns(rows, plans, shuffles))
            totals += seat_outcomes(score(rows).totals, view.seat).reshape(len(plans), shuffles).sum(axis=1)
            runs += shuffles
            done += shuffles
        return totals, runs

    def _scalar_playouts(
        self, view: PlayerView, plans: list[TurnPlan], rng: np.random.Generator, start: float, budget: int
    ) -> tuple[np.ndarray, np.ndarray]:
        totals = np.zeros(len(plans))
        runs = np.zeros(len(plans), dtype=np.int64)
        for k in range(budget):
            if k > 0 and self._out_of_time(start):
                break  # candidates never played out rank last; with none, greedy's first wins
            index = k % len(plans)
            totals[index] += self._playout(view, plans[index], rng)
            runs[index] += 1
        return totals, runs

    def _playout(self, view: PlayerView, plan: TurnPlan, rng: np.random.Generator) -> float:
        bot = self.rollout_bot
        assert bot is not None  # the scalar engine plays its playouts with rollout="greedy" only
        game = Game.from_view(view, rng)
        for action in plan.actions():
            game.apply(action)
        while not game.is_over:
            actions = game.legal_actions()
            if len(actions) == 1:
                game.apply(actions[0])
                continue
            seen = game.view() if getattr(bot, "uses_view", True) else None
            # a bot with uses_view = False is handed None, as Bot's contract says
            game.apply(bot.choose(cast("PlayerView", seen), actions, rng))
        return outcome(game, view.seat)


BATCH_SHUFFLES = 32  # determinisations per lock-step round; the time limit is checked between rounds


def forced_turns(rows: BatchGames, plans: list[TurnPlan], shuffles: int) -> Forced:
    """Each plan as the forced first turn of its rows, in action ids (−1: no take or no
    move to force)."""
    space = rows.space
    take = [-1 if plan.take is None else space.encode(plan.take) for plan in plans]
    move = [-1 if plan.move is None else space.encode(plan.move) for plan in plans]
    place = [space.encode(plan.place) for plan in plans]
    return Forced(*(np.repeat(np.array(x), shuffles) for x in (take, move, place)))


def seat_outcomes(totals: np.ndarray, seat: int) -> np.ndarray:
    """Per row, what ``seat`` maximises (as :func:`outcome`): the solo total in fame
    points, or the lead over the best other seat."""
    if totals.shape[1] == 1:
        solo: np.ndarray = totals[:, 0] / SOLO_SCALE
        return solo
    others = np.delete(totals, seat, axis=1)
    lead: np.ndarray = totals[:, seat] - others.max(axis=1)
    return lead


def outcome(game: Game, seat: int) -> float:
    """What a seat wants to maximise: the solo total, or its lead over the best other."""
    sheet = game.score()
    totals = [sheet[name].total for name in game.players]
    if game.is_solo:
        return totals[0] / SOLO_SCALE
    mine = totals[seat]
    return mine - max(t for s, t in enumerate(totals) if s != seat)


# ---------------------------------------------------------------- names
BOTS: dict[str, Callable[[], Bot]] = {"random": RandomBot, "greedy": GreedyBot, "search": SearchBot}


def make_bot(spec: str | Bot) -> Bot:
    """A bot from its name (``"random"``, ``"greedy"``, ``"search"``) or the bot itself."""
    if isinstance(spec, str):
        if spec not in BOTS:
            raise ArgumentError(f"unknown bot {spec!r}; choose one of {', '.join(BOTS)}")
        return BOTS[spec]()
    if not isinstance(spec, Bot):
        raise ArgumentError(f"a bot needs a name and choose(view, actions, rng), got {spec!r}")
    return spec


def play_game(game: Game, bots: Sequence[str | Bot], rng: np.random.Generator) -> Game:
    """Let one bot per seat play ``game`` to the end; returns the same game."""
    players = [make_bot(b) for b in bots]
    if len(players) != game.n_players:
        raise ArgumentError(f"{game.n_players} seat(s) need as many bots, got {len(players)}")
    while not game.is_over:
        actions = game.legal_actions()
        if len(actions) == 1:
            game.apply(actions[0])
            continue
        bot = players[game.current]
        view = game.view() if getattr(bot, "uses_view", True) else None
        # a bot with uses_view = False is handed None, as Bot's contract says
        game.apply(bot.choose(cast("PlayerView", view), actions, rng))
    return game


__all__ = [
    "BOTS",
    "Bot",
    "GreedyBot",
    "RandomBot",
    "SearchBot",
    "TurnPlan",
    "estimate",
    "make_bot",
    "outcome",
    "play_game",
]
