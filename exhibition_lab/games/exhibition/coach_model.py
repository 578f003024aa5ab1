"""A coach: what to do here and why, and where a finished game lost its points.

Three questions, answered from one seat's own view (never from the hidden stock order):

- :func:`evaluate` — every option worth showing for the current decision (for a take, whole
  turns: card, move, placement) with its expected final result over playouts from positions
  consistent with the view. Solo: the expected ×100 score (S2). With opponents: the expected
  fame margin over the best opponent, and the chance to win.
- :func:`hint` — the best option and why, from the explained score sheet: what it changes
  now (:class:`GoalChange`) and what it risks later (:class:`Risk`).
- :func:`review` — every decision a seat made in a finished game against the best option
  found from the same view, its loss and a label (good / inaccuracy / mistake / blunder).
- :func:`best_possible` — after a solo game, the best score its cards allowed (the
  clairvoyant ceiling of :mod:`.ceiling`: the stock is known once the game is over), its
  line, and whether the pair goal's market penalty could have been avoided (S4, S5).

Playouts run in lock-step on the batch engine (:mod:`exhibition_lab.games.exhibition.arrays.engine`) for every
game, with its heuristic policy for every seat, the way the search bot plans. Each
determinisation (a shuffle of the unseen stock) is shared by every option of a decision
(common random numbers), so differences between options are measured on the same futures.
Budgets are explicit (``playouts`` per option, ``time_limit`` in seconds) and every number is
reproducible from ``seed``.

The coach returns data; its words (``str(hint)``, ``review.summary()``) are the ui's
(:mod:`exhibition_lab.ui.text.coach_words`), given by its word table (:func:`~exhibition_lab.core.words.use_words`).
"""

from __future__ import annotations

import math
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, cast

import numpy as np

from ...core.errors import ArgumentError
from ...core.words import Phrase, told
from .agents import SearchBot, TurnPlan, forced_turns, plan_card, seat_outcomes
from .arrays.engine import determinisations, play
from .arrays.policies import make_policy
from .arrays.scoring import score, winners
from .arrays.state import select
from .ceiling import SoloCeiling, solo_ceiling
from .game import Game, PlayerView
from .rules.actions import Action, Move, Place, Take, ToDepot
from .rules.cards import Card, Continent
from .rules.goals import DEPOT, EMPTY_SPOTS
from .rules.hall import Hall
from .rules.layout import Layout
from .rules.scoring import SOLO_SCALE, ScoreLine, SoloRules, score_halls, solo_score

if TYPE_CHECKING:
    from tqdm.auto import tqdm

#: Loss thresholds in fame points (solo: hundreds of ×100 points) for the review labels,
#: in the manner of chess analysis boards: below 0.5 fp a choice is good.
THRESHOLDS: tuple[tuple[float, str], ...] = ((0.5, "good"), (1.5, "inaccuracy"), (3.0, "mistake"))
BLUNDER = "blunder"
Z95 = 1.959963984540054  # two-sided 95% normal quantile, for the intervals of the means
ROUND = 32  # determinisations per lock-step round; the time limit is checked between rounds
PLAYOUTS = 256  # per option by default: a 95% interval of about ±0.3 fp in solo
ROLLOUT = "heuristic"  # the batch engine's greedy-like policy plays every seat in a playout
#: Score lines that only ever take points away: never a reason on their own for a better turn.
PENALTIES = frozenset({EMPTY_SPOTS.key, DEPOT.key})
CACHE_SIZE = 512  # evaluated decisions kept, so a review repeats the hint's numbers


def label_for(loss: float) -> str:
    """The review label of a loss in fame points (see :data:`THRESHOLDS`).

    >>> label_for(0.2), label_for(1.0), label_for(2.0), label_for(7.5)
    ('good', 'inaccuracy', 'mistake', 'blunder')
    """
    for limit, label in THRESHOLDS:
        if loss < limit:
            return label
    return BLUNDER


# ---------------------------------------------------------------- values
@dataclass(frozen=True)
class Option:
    """One way to play the rest of the turn and what it is expected to bring.

    ``value`` is the mean over ``playouts`` playouts: the final ×100 solo score, or with
    opponents the fame margin over the best other player (positive: ahead). ``low``/``high``
    bound its 95% confidence interval; ``win_chance`` is the share of playouts won (ties
    shared; ``None`` in solo).
    """

    plan: TurnPlan
    value: float
    low: float
    high: float
    playouts: int
    win_chance: float | None = None
    #: the outcome of each playout, in the order of the shared shuffles (common random numbers)
    samples: np.ndarray | None = field(default=None, repr=False, compare=False)

    @property
    def actions(self) -> list[Action]:
        return self.plan.actions()

    def fame(self) -> float:
        """The value in fame points (solo totals are ×100)."""
        return self.value / SOLO_SCALE if self.win_chance is None else self.value


@dataclass(frozen=True)
class Evaluation:
    """The options of one decision, best first, and the budget they used."""

    seat: int
    solo: bool
    options: tuple[Option, ...]
    playouts: int
    seconds: float
    view: PlayerView = field(repr=False, compare=False)

    @property
    def best(self) -> Option:
        return self.options[0]

    @property
    def unit(self) -> str:
        """What the values measure, in words (``points (×100)`` in solo)."""
        words: str = told(self, "unit")
        return words

    def describe(self, option: Option) -> str:
        """An option in words: ``take 1953 · Everest … (Asia), place it in Mid Century``."""
        words: str = told(self, "describe", option)
        return words

    def table(self) -> list[dict[str, object]]:
        """One row per option (for a DataFrame or a notebook table)."""
        rows: list[dict[str, object]] = told(self, "table")
        return rows


def evaluate(
    game: Game,
    seat: int | str | None = None,
    *,
    playouts: int | None = None,
    time_limit: float | None = None,
    candidates: int = 8,
    seed: int = 0,
    include: Sequence[TurnPlan] = (),
) -> Evaluation:
    """Evaluate the current decision of ``seat`` (a seat number or a player's name; default:
    the player to move). A seat that is not to move, or that the game does not have, is
    refused with :class:`ArgumentError`.

    The options are the greedy estimate's ``candidates`` best turns (a white card with every
    move) plus any plan in ``include``, each played out ``playouts`` times (default
    :data:`PLAYOUTS`) from the seat's own view with the unseen stock shuffled anew;
    ``time_limit`` stops early (the first round of 32 playouts always runs).
    """
    view = _decision_view(game, seat)
    for plan in include:
        _check_plan(game, plan)
    return evaluate_view(
        view,
        game.legal_actions(),
        playouts=playouts,
        time_limit=time_limit,
        candidates=candidates,
        seed=seed,
        include=include,
    )


def _check_plan(game: Game, plan: object) -> None:
    """A turn handed to the coach is one the rules allow from here: its actions are played in
    order on a copy of the game, which refuses the first one the rules forbid with the rule it
    breaks (R7–R10), so a plan the rules forbid is never played out as if it were a turn."""
    if not isinstance(plan, TurnPlan):
        raise ArgumentError(f"include takes TurnPlan values, not {plan!r}")
    trial = game.copy()
    for action in plan.actions():
        trial.apply(action)


def evaluate_view(
    view: PlayerView,
    actions: Sequence[Action],
    *,
    playouts: int | None = None,
    time_limit: float | None = None,
    candidates: int = 8,
    seed: int | np.random.Generator = 0,
    include: Sequence[TurnPlan] = (),
) -> Evaluation:
    """:func:`evaluate` for a seat's view and its legal actions (what a bot is given).

    With an integer ``seed`` the evaluation is kept: asked again for the same decision, seed,
    playouts and candidates (a hint, then the review of the turn it suggested), the coach
    answers with the same numbers instead of new playouts — unless a plan in ``include`` is
    not among its options."""
    key = None
    if not isinstance(seed, np.random.Generator):
        key = (decision_key(view), tuple(actions), seed, playouts or PLAYOUTS, candidates)
        with _KEEPING:
            kept = _EVALUATIONS.get(key)
            if kept is not None and all(any(o.plan == plan for o in kept.options) for plan in include):
                _EVALUATIONS.move_to_end(key)
                return kept
    ev = _evaluate_view(view, actions, playouts, time_limit, candidates, seed, include)
    if key is not None:
        with _KEEPING:
            _EVALUATIONS[key] = ev
            while len(_EVALUATIONS) > CACHE_SIZE:
                _EVALUATIONS.popitem(last=False)
    return ev


_EVALUATIONS: OrderedDict[tuple[object, ...], Evaluation] = OrderedDict()
_KEEPING = threading.Lock()  # the app's review works in a thread of its own


def forget_evaluations() -> None:
    """Drop every kept evaluation (the next question is played out anew)."""
    with _KEEPING:
        _EVALUATIONS.clear()


def decision_key(view: PlayerView) -> tuple[object, ...]:
    """A hashable key of everything a seat's view holds: one decision of one seat."""
    return tuple(tuple(view.market.items()) if f.name == "market" else getattr(view, f.name) for f in fields(view))


def decision_seed(seed: int, view: PlayerView) -> int:
    """The playouts' seed of one decision, derived from a game's ``seed``: the hint and the
    review of the same turn use the same one, so they play the same futures."""
    return int(np.random.default_rng([seed, view.seat, view.turn]).integers(2**63))


def _evaluate_view(
    view: PlayerView,
    actions: Sequence[Action],
    playouts: int | None,
    time_limit: float | None,
    candidates: int,
    seed: int | np.random.Generator,
    include: Sequence[TurnPlan],
) -> Evaluation:
    rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
    plans = _plans(view, list(actions), candidates, include)
    start = time.perf_counter()
    values, wins = _playouts(view, plans, rng, playouts or PLAYOUTS, time_limit, start)
    options = [_option(plan, values[k], None if wins is None else wins[k]) for k, plan in enumerate(plans)]
    # best first; on equal means the greedy order (the candidates' order) decides
    order = sorted(range(len(options)), key=lambda k: -options[k].value)
    return Evaluation(
        seat=view.seat,
        solo=len(view.players) == 1,
        options=tuple(options[k] for k in order),
        playouts=int(values.size),
        seconds=time.perf_counter() - start,
        view=view,
    )


def _decision_view(game: Game, seat: int | str | None) -> PlayerView:
    index = None if seat is None else game.seat_index(seat)
    if game.is_over:
        raise ArgumentError("the game is over: there is no decision left to evaluate (R10c)", rule="R10c")
    view = game.view()
    if index is not None and index != view.current:
        raise ArgumentError(
            f"seat {seat!r} ({game.players[index]}) has no decision now: it is {game.current_player}'s turn"
        )
    return view


def _plans(view: PlayerView, actions: list[Action], candidates: int, include: Sequence[TurnPlan]) -> list[TurnPlan]:
    if candidates < 1:
        raise ArgumentError("the coach needs at least one candidate per decision")
    plans = SearchBot(candidates=candidates).candidate_plans(view, actions)
    for plan in include:
        if plan not in plans:
            plans.append(plan)
    return plans


def _option(plan: TurnPlan, values: np.ndarray, wins: np.ndarray | None) -> Option:
    n = len(values)
    mean = float(values.mean())
    half = Z95 * float(values.std(ddof=1)) / math.sqrt(n) if n > 1 else math.inf
    win = None if wins is None else float(wins.mean())
    return Option(plan, mean, mean - half, mean + half, n, win, values)


def gap(best: Option, other: Option) -> tuple[float, float]:
    """How much more ``best`` is expected to bring than ``other`` (in the options' unit), and
    the half-width of that difference's 95% interval: the playouts' noise.

    Options of one evaluation share their shuffles, so the difference is measured playout by
    playout (far less noisy than two separate intervals); without samples the two intervals
    are combined as independent."""
    diff = best.value - other.value
    a, b = best.samples, other.samples
    if a is not None and b is not None and len(a) == len(b) and len(a) > 1:
        return diff, Z95 * float(np.std(a - b, ddof=1)) / math.sqrt(len(a))
    half_a, half_b = (best.high - best.low) / 2, (other.high - other.low) / 2
    return diff, math.hypot(half_a, half_b)


def within_noise(best: Option, other: Option) -> bool:
    """Whether the two options differ by no more than the noise of their playouts."""
    diff, noise = gap(best, other)
    return abs(diff) <= noise


def _out_of_time(start: float, time_limit: float | None) -> bool:
    return time_limit is not None and time.perf_counter() - start > time_limit


def _playouts(
    view: PlayerView,
    plans: list[TurnPlan],
    rng: np.random.Generator,
    budget: int,
    time_limit: float | None,
    start: float,
) -> tuple[np.ndarray, np.ndarray | None]:
    """Outcomes (plans × shuffles) on the lock-step engine: the final ×100 score in solo,
    else the fame margin over the best other seat; and the win shares (``None`` in solo).
    Row ``plan · shuffles + k`` plays plan ``plan`` on shuffle ``k`` of the unseen stock."""
    policy = make_policy(ROLLOUT)
    solo = len(view.players) == 1
    values: list[np.ndarray] = []
    wins: list[np.ndarray] = []
    done = 0
    while done < budget and (done == 0 or not _out_of_time(start, time_limit)):
        shuffles = min(budget - done, ROUND)
        shuffled = determinisations(view, rng, shuffles)
        rows = select(shuffled, np.tile(np.arange(shuffles), len(plans)))
        play(rows, policy, rng, forced=forced_turns(rows, plans, shuffles))
        scores = score(rows)
        outcome = scores.totals[:, 0].astype(np.float64) if solo else seat_outcomes(scores.totals, view.seat)
        values.append(outcome.reshape(len(plans), shuffles))
        if not solo:
            won = winners(scores)
            share = won[:, view.seat] / won.sum(axis=1)
            wins.append(share.reshape(len(plans), shuffles))
        done += shuffles
    return np.hstack(values), None if solo else np.hstack(wins)


class HintBot:
    """A player that always follows :func:`hint`: the best option of each decision, then the
    rest of that turn as planned. ``playouts``/``time_limit`` are the coach's budget."""

    name = "coach"

    def __init__(self, playouts: int | None = None, *, time_limit: float | None = None, candidates: int = 8) -> None:
        self.playouts = playouts
        self.time_limit = time_limit
        self.candidates = candidates
        self._rest: list[Action] = []

    def choose(self, view: PlayerView, actions: Sequence[Action], rng: np.random.Generator) -> Action:
        if len(actions) == 1:
            return actions[0]
        if self._rest and self._rest[0] in actions:
            return self._rest.pop(0)
        ev = evaluate_view(
            view, actions, playouts=self.playouts, time_limit=self.time_limit, candidates=self.candidates, seed=rng
        )
        first, *self._rest = ev.best.actions
        return first


# ---------------------------------------------------------------- reasons
@dataclass(frozen=True)
class GoalChange:
    """A score line the plan changes at once: ``goal`` from ``old`` to ``new`` fame points,
    with the engine's reason and rule for the new value (``phrase``: the reason as a message
    id and its facts, for the ui's words)."""

    goal: str
    old: float
    new: float
    reason: str
    rule: str
    phrase: Phrase | None = None

    @property
    def delta(self) -> float:
        return self.new - self.old

    def __str__(self) -> str:
        words: str = told(self)
        return words


@dataclass(frozen=True)
class Risk:
    """An empty spot the plan leaves with ``count`` cards still to come that fit it (none:
    it likely stays empty, R24)."""

    spot: tuple[int, int]
    count: int
    layout: Layout = field(repr=False)

    @property
    def lost(self) -> bool:
        """No card still to come fits the spot."""
        return self.count == 0

    def __str__(self) -> str:
        words: str = told(self)
        return words


@dataclass(frozen=True)
class Hint:
    """The coach's advice: the best option, what it changes now and what it risks later."""

    evaluation: Evaluation
    now: tuple[GoalChange, ...]  # empty: no goal changes at once
    risks: tuple[Risk, ...]

    @property
    def option(self) -> Option:
        return self.evaluation.best

    @property
    def actions(self) -> list[Action]:
        return self.option.actions

    def __str__(self) -> str:
        words: str = told(self)
        return words


def hint(
    game: Game,
    seat: int | str | None = None,
    *,
    playouts: int | None = None,
    time_limit: float | None = None,
    candidates: int = 8,
    seed: int = 0,
) -> Hint:
    """The best option for the current decision and why (see :func:`evaluate` for budgets)."""
    ev = evaluate(game, seat, playouts=playouts, time_limit=time_limit, candidates=candidates, seed=seed)
    return Hint(ev, tuple(changes_now(ev.view, ev.best.plan)), tuple(risks_later(ev.view, ev.best.plan)))


def _hall_after(view: PlayerView, plan: TurnPlan) -> Hall:
    card = plan_card(view, plan)
    if isinstance(plan.place, Place):
        return view.hall.place(card, plan.place.showcase, plan.place.spot, view.others, players=len(view.players))
    if isinstance(plan.place, ToDepot):
        return view.hall.add_to_depot(card)
    return view.hall


def _lines(
    view: PlayerView, halls: tuple[Hall, ...], market: list[Card], six_round: list[int | None]
) -> dict[str, ScoreLine]:
    if len(view.players) == 1:
        return {line.goal: line for line in solo_score(halls[0], market).lines}
    names = view.players
    sheet = score_halls(dict(zip(names, halls)), dict(zip(names, six_round)))
    return {line.goal: line for line in sheet[names[view.seat]].lines}


def _scored_after(view: PlayerView, plan: TurnPlan) -> tuple[dict[str, ScoreLine], dict[str, ScoreLine]]:
    """The seat's score lines before the plan and right after it, as if the game ended now on
    the visible cards (the market without the taken card; the refill is unknown)."""
    card = plan.take.card if plan.take is not None else view.hand
    market = [c for cards in view.market.values() for c in cards if c != card]
    halls = list(view.halls)
    before = _lines(view, tuple(halls), market, list(view.six_round))
    halls[view.seat] = _hall_after(view, plan)
    rounds = list(view.six_round)
    if rounds[view.seat] is None and halls[view.seat].has_all_continents:
        rounds[view.seat] = view.round
    return before, _lines(view, tuple(halls), market, rounds)


def changes_now(view: PlayerView, plan: TurnPlan) -> list[GoalChange]:
    """The score lines of the seat that the plan changes at once (none: its value lies in
    what later turns can add).

    Scored as if the game ended now on the visible cards (the market without the taken card;
    the refill is unknown), so ranks against the other halls are included.
    """
    before, after = _scored_after(view, plan)
    changes = []
    for goal, line in after.items():
        old = before.get(goal)
        # every placement fills a spot; that line would only repeat itself on every hint
        if old is None or old.points == line.points or goal == EMPTY_SPOTS.key:
            continue
        changes.append(GoalChange(goal, old.points, line.points, line.reason, line.rule, line.phrase))
    return changes


def deciding_goals(view: PlayerView, better: TurnPlan, other: TurnPlan) -> list[GoalChange]:
    """The goals on which ``better`` leaves the seat ahead of ``other`` at once, largest gap
    first: each as a :class:`GoalChange` from ``other``'s points to ``better``'s.

    A goal both turns change alike decides nothing, so it is left out. Penalty lines (the
    Depot, empty spots) only ever take points away: a turn is not better *because* of a
    smaller penalty alone, so when they are all that differs the list is empty (the turn's
    worth then lies in what later cards can add)."""
    _, mine = _scored_after(view, better)
    _, theirs = _scored_after(view, other)
    ahead = []
    for goal, line in mine.items():
        old = theirs.get(goal)
        if old is not None and line.points > old.points:
            ahead.append(GoalChange(goal, old.points, line.points, line.reason, line.rule, line.phrase))
    ahead.sort(key=lambda change: -change.delta)
    if all(change.goal in PENALTIES for change in ahead):
        return []
    return ahead


def _fitting(view: PlayerView, hall: Hall, to_come: list[Card]) -> dict[tuple[int, int], int]:
    counts = dict.fromkeys(hall.empty_spots(), 0)
    for card in to_come:
        for spot in hall.legal_spots(card, view.others, players=len(view.players)):
            counts[spot] += 1
    return counts


def risks_later(view: PlayerView, plan: TurnPlan, *, few: int = 3) -> list[Risk]:
    """Empty spots that the plan leaves with no card, or only a few cards, still to come.

    The cards still to come are the unseen stock and the market (without the taken card);
    a spot no such card fits stays empty (R24: −1 fp) unless a white card helps.
    """
    card = plan.take.card if plan.take is not None else view.hand
    to_come = [c for c in view.unseen] + [c for cards in view.market.values() for c in cards if c != card]
    before = _fitting(view, view.hall, to_come)
    after = _fitting(view, _hall_after(view, plan), to_come)
    risks = []
    for spot, count in after.items():
        if (count == 0 and before.get(spot, 0) > 0) or (0 < count <= few and before.get(spot, 0) > few):
            risks.append(Risk(spot, count, view.layout))
    return risks


def open_spots(view: PlayerView, plan: TurnPlan) -> list[tuple[int, int]]:
    """The empty spots of the seat's hall after the plan that at least one card still to
    come fits (the unseen stock and the market without the taken card): the room the plan
    keeps for later turns (each spot left empty costs 1 fp at the end, R24)."""
    card = plan.take.card if plan.take is not None else view.hand
    to_come = [c for c in view.unseen] + [c for cards in view.market.values() for c in cards if c != card]
    return [spot for spot, n in _fitting(view, _hall_after(view, plan), to_come).items() if n > 0]


def cards_to_come(view: PlayerView, *plans: TurnPlan) -> list[Card]:
    """The cards still to come whichever of ``plans`` is played: the unseen stock and the
    market, without the cards the plans take (so turns taking different cards are compared
    on the same cards)."""
    taken = {plan_card(view, plan) for plan in plans}
    return [c for c in view.unseen] + [c for cards in view.market.values() for c in cards if c not in taken]


@dataclass(frozen=True)
class RoomEdge:
    """Where one turn leaves more room than another for the cards still to come, as facts a
    reader can check on the board: after the better turn the empty ``spot`` takes ``cards``
    (``market`` of them lie on the Continents tile now); after the other turn they fit no spot
    at all (``nowhere``) or at least not this one, which then fits no card still to come and
    likely stays empty (−1 fp, R24). ``rule`` is the requirement that shuts them out after the
    other turn (R11 ascending years, R12 distinct continents, R13, R14, …)."""

    spot: tuple[int, int]
    cards: tuple[Card, ...]
    market: int
    rule: str
    nowhere: bool
    layout: Layout = field(repr=False)


def room_edge(view: PlayerView, better: TurnPlan, other: TurnPlan) -> RoomEdge | None:
    """What room ``better`` keeps that ``other`` does not (``None`` if it keeps none).

    Two measures, both over the same cards still to come (:func:`cards_to_come`): first the
    empty spots some card still fits (each one left empty costs 1 fp at the end, R24), then the
    cards that fit at least one spot. The better turn must lead on the measure; the spot named
    is the one holding most of the cards the other turn shuts out."""
    to_come = cards_to_come(view, better, other)
    mine_hall, theirs_hall = _hall_after(view, better), _hall_after(view, other)
    mine, theirs = _fits(view, mine_hall, to_come), _fits(view, theirs_hall, to_come)
    mine_open = [spot for spot, cards in mine.items() if cards]
    theirs_open = [spot for spot, cards in theirs.items() if cards]
    market = {c for cards in view.market.values() for c in cards}
    if len(mine_open) > len(theirs_open):
        # a spot the other turn leaves empty with no card to come that fits it (R24)
        shut = [spot for spot in mine_open if spot in theirs and not theirs[spot]]
        if shut:
            spot = max(shut, key=lambda s: len(mine[s]))
            cards = mine[spot]
            problem = theirs_hall.placement_problem(cards[0], *spot, view.others, players=len(view.players))
            rule = problem.rule if problem is not None else EMPTY_SPOTS.rule
            return RoomEdge(spot, cards, sum(c in market for c in cards), rule, False, view.layout)
    room_mine = {c for cards in mine.values() for c in cards}
    room_theirs = {c for cards in theirs.values() for c in cards}
    gained = room_mine - room_theirs
    if gained and len(gained) > len(room_theirs - room_mine):
        spot = max(mine_open, key=lambda s: (len(gained.intersection(mine[s])), -mine_open.index(s)))
        cards = tuple(c for c in mine[spot] if c in gained)
        refusal = theirs_hall.showcase_refusal(cards[0], spot[0], view.others, players=len(view.players))
        rule = refusal.rule if refusal is not None else EMPTY_SPOTS.rule
        return RoomEdge(spot, cards, sum(c in market for c in cards), rule, True, view.layout)
    return None


def _fits(view: PlayerView, hall: Hall, to_come: list[Card]) -> dict[tuple[int, int], tuple[Card, ...]]:
    """Each empty spot of ``hall`` with the cards still to come that fit it, in deck order."""
    fits: dict[tuple[int, int], list[Card]] = {spot: [] for spot in hall.empty_spots()}
    for card in sorted(to_come, key=lambda c: (c.year is None, c.year or 0)):
        for spot in hall.legal_spots(card, view.others, players=len(view.players)):
            fits[spot].append(card)
    return {spot: tuple(cards) for spot, cards in fits.items()}


@dataclass(frozen=True)
class Sides:
    """The empty spots of a showcase on each side of a card just placed there and the cards
    still to come that fit them: years ascend left to right (R11), so the ``left`` spots can
    only take ``older`` cards and the ``right`` ones ``newer`` cards."""

    left: int
    older: tuple[Card, ...]
    right: int
    newer: tuple[Card, ...]


def spot_sides(view: PlayerView, plan: TurnPlan) -> Sides | None:
    """The room ``plan`` leaves on each side of its card in its showcase (:class:`Sides`);
    ``None`` for the Depot, the end, or a showcase with no other empty spot."""
    place = plan.place
    if not isinstance(place, Place):
        return None
    hall = _hall_after(view, plan)
    fits = _fits(view, hall, cards_to_come(view, plan))
    row = hall.showcases[place.showcase]
    left = [(place.showcase, i) for i in range(place.spot) if row[i] is None]
    right = [(place.showcase, i) for i in range(place.spot + 1, len(row)) if row[i] is None]
    if not left and not right:
        return None

    def fitting(spots: list[tuple[int, int]]) -> tuple[Card, ...]:
        found = {c for spot in spots for c in fits[spot]}
        return tuple(sorted(found, key=lambda c: (c.year is None, c.year or 0)))

    return Sides(len(left), fitting(left), len(right), fitting(right))


@dataclass(frozen=True)
class ShowcaseRoom:
    """A showcase where one turn leaves room for more cards still to come than another:
    ``cards`` fit one of its empty spots after the better turn, ``other`` of them (a count)
    after the other turn."""

    showcase: int
    cards: tuple[Card, ...]
    other: int
    market: int
    rule: str  # the requirement that shuts the other turn's lost cards out (R11, R12, R14, …)


def showcase_room(view: PlayerView, better: TurnPlan, other: TurnPlan) -> ShowcaseRoom | None:
    """When both turns place a card in the same showcase, whether ``better`` keeps room there
    for more cards still to come (:func:`cards_to_come`) than ``other``: where a card goes in
    its showcase decides which years still fit around it (R11, R14) — else ``None``."""
    mine_place, their_place = better.place, other.place
    if not isinstance(mine_place, Place) or not isinstance(their_place, Place):
        return None
    if mine_place.showcase != their_place.showcase:
        return None
    showcase = mine_place.showcase
    to_come = cards_to_come(view, better, other)
    theirs_hall = _hall_after(view, other)
    room = _in_showcase(_fits(view, _hall_after(view, better), to_come), showcase)
    theirs = _in_showcase(_fits(view, theirs_hall, to_come), showcase)
    if len(room) <= len(theirs):
        return None
    # the requirement that shuts out, after the other turn, the first card it loses there
    shut = next(c for c in room if c not in theirs)
    refusal = theirs_hall.showcase_refusal(shut, showcase, view.others, players=len(view.players))
    rule = refusal.rule if refusal is not None else view.layout[showcase].rule
    market = {c for cards in view.market.values() for c in cards}
    return ShowcaseRoom(showcase, room, len(theirs), sum(c in market for c in room), rule)


def _in_showcase(fits: dict[tuple[int, int], tuple[Card, ...]], showcase: int) -> tuple[Card, ...]:
    found = {c for spot, cards in fits.items() if spot[0] == showcase for c in cards}
    return tuple(sorted(found, key=lambda c: (c.year is None, c.year or 0)))


def showcase_cards(view: PlayerView, plan: TurnPlan) -> tuple[Card, ...]:
    """The cards still to come (:func:`cards_to_come`) that fit an empty spot of the
    showcase where ``plan`` places its card, once it is there (R11–R15): what the placement
    leaves that showcase to be filled with; empty for the Depot or the end."""
    place = plan.place
    if not isinstance(place, Place):
        return ()
    return _in_showcase(_fits(view, _hall_after(view, plan), cards_to_come(view, plan)), place.showcase)


@dataclass(frozen=True)
class VehicleEdge:
    """Where each turn leaves the seat's vehicle (R8) and how many of the cards on that
    continent now would fit the hall after the turn: the cards of the next take (R7)."""

    continent: Continent
    fits: int
    other_continent: Continent
    other_fits: int


def vehicle_edge(view: PlayerView, better: TurnPlan, other: TurnPlan) -> VehicleEdge | None:
    """The vehicle's next stop under each turn when they differ and ``better``'s offers more
    cards that fit the hall it leaves (the tile as it is now, without the cards the turns
    take; the refill, R9, and the other players' takes are unknown); else ``None``."""
    mine, theirs = _vehicle_after(view, better), _vehicle_after(view, other)
    if mine == theirs:
        return None
    taken = {plan_card(view, better), plan_card(view, other)}
    n_mine = _fitting_there(view, better, mine, taken)
    n_theirs = _fitting_there(view, other, theirs, taken)
    return VehicleEdge(mine, n_mine, theirs, n_theirs) if n_mine > n_theirs else None


def _vehicle_after(view: PlayerView, plan: TurnPlan) -> Continent:
    if plan.move is not None:  # a white card: the continent chosen (R8)
        return plan.move.continent
    card = plan_card(view, plan)
    if plan.take is not None and card.continent is not None:
        return card.continent
    return view.vehicles[view.seat]


def _fitting_there(view: PlayerView, plan: TurnPlan, continent: Continent, taken: set[Card]) -> int:
    hall = _hall_after(view, plan)
    cards = [c for c in view.market.get(continent, ()) if c not in taken]
    return sum(bool(hall.legal_spots(c, view.others, players=len(view.players))) for c in cards)


def risks_only(view: PlayerView, plan: TurnPlan, other: TurnPlan) -> list[Risk]:
    """The risks ``plan`` takes (:func:`risks_later`) that ``other`` does not."""
    theirs = set(risks_later(view, other))
    return [risk for risk in risks_later(view, plan) if risk not in theirs]


# ---------------------------------------------------------------- review
@dataclass(frozen=True)
class Decision:
    """One reviewed decision: the turn played and the best turn found from the same view."""

    turn: int
    round: int
    played: Option
    best: Option
    loss: float  # fame points; never below 0
    label: str
    view: PlayerView = field(repr=False, compare=False)
    #: fame points between the turn played and the best, when the playouts cannot tell them
    #: apart (the gap within their noise): the turn is as good as the best, its loss 0
    apart: float = 0.0
    noise: float = 0.0  # the half-width of that gap's 95% interval, in fame points

    @property
    def tied(self) -> bool:
        """Whether the turn played was practically tied with the best found."""
        return self.apart > 0 and self.loss == 0

    @property
    def played_words(self) -> str:
        """The turn played, in words."""
        words: str = told(self, "played")
        return words

    @property
    def best_words(self) -> str:
        """The best turn found, in words."""
        words: str = told(self, "best")
        return words


@dataclass(frozen=True)
class Review:
    """Every decision of one seat in a finished game, with a summary."""

    seat: int
    player: str
    solo: bool
    decisions: tuple[Decision, ...]

    @property
    def total_loss(self) -> float:
        return sum(d.loss for d in self.decisions)

    @property
    def mean_loss(self) -> float:
        return self.total_loss / len(self.decisions) if self.decisions else 0.0

    def worst(self, n: int = 3) -> list[Decision]:
        """The ``n`` decisions that lost most, worst first."""
        return sorted(self.decisions, key=lambda d: -d.loss)[:n]

    def counts(self) -> dict[str, int]:
        """How many decisions got each label."""
        labels = [label for _, label in THRESHOLDS] + [BLUNDER]
        return {label: sum(d.label == label for d in self.decisions) for label in labels}

    def table(self) -> list[dict[str, object]]:
        """One row per decision (for a DataFrame or a notebook table)."""
        rows: list[dict[str, object]] = told(self, "table")
        return rows

    def summary(self) -> str:
        """The review in a few lines: the counts, the loss, the worst decisions."""
        words: str = told(self, "summary")
        return words


def review(
    game: Game,
    seat: int | str = 0,
    *,
    playouts: int | None = None,
    time_limit: float | None = None,
    candidates: int = 8,
    seed: int = 0,
    progress: bool = False,
    should_stop: Callable[[], bool] | None = None,
    on_turn: Callable[[int, int], None] | None = None,
) -> Review:
    """Review every turn ``seat`` (a seat number or a player's name) played in ``game``,
    finished or not: a game dealt with :meth:`~exhibition_lab.Game.new`, set up from a position or loaded
    from a save. A turn still under way (its card not yet placed) is not reviewed.

    Each turn is evaluated from the seat's view at its start with the seed
    :func:`decision_seed` gives, the one the hint uses: the played turn and the candidates
    share the same playouts, and a turn the hint suggested is judged on the hint's own
    numbers. The loss is how much less the played turn is expected to bring than the best
    (0 when it is the best), labelled by :data:`THRESHOLDS`.

    ``on_turn(done, total)`` is told after each turn; when ``should_stop()`` turns true the
    review ends early with the decisions reviewed so far.
    """
    index = game.seat_index(seat)
    replay = _at_start(game)
    log = list(game.history)
    # a turn still under way (the card taken, not yet placed) is not a decision made yet
    turns = [k for k, (s, action) in enumerate(log) if s == index and isinstance(action, Take) and _turn_done(log, k)]
    decisions = []
    bar = _bar(len(turns), progress)
    try:
        done = 0
        for count, k in enumerate(turns, 1):
            if should_stop is not None and should_stop():
                break
            while done < k:
                replay.apply(log[done][1])
                done += 1
            played = _played_plan(log, k)
            if len(replay.legal_actions()) > 1 or played.move is not None:
                decisions.append(_review_turn(replay, played, playouts, time_limit, candidates, seed))
            if bar is not None:
                bar.update(1)
            if on_turn is not None:
                on_turn(count, len(turns))
    finally:
        if bar is not None:
            bar.close()
    return Review(index, game.players[index], game.is_solo, tuple(decisions))


def _bar(total: int, enabled: bool) -> tqdm | None:
    if not enabled:
        return None
    from tqdm.auto import tqdm

    return tqdm(total=total, unit="turn", desc="review")


def _at_start(game: Game) -> Game:
    """The game as it began — a deal or a position — with the same chance to come: every
    action taken back, so replaying them deals the same cards again."""
    replay = game.copy()
    while replay.history:
        replay.undo()
    return replay


def _turn_done(log: list[tuple[int, Action]], k: int) -> bool:
    """Whether the turn whose take is ``log[k]`` was played to its placement (R10)."""
    after = k + 2 if k + 1 < len(log) and isinstance(log[k + 1][1], Move) else k + 1
    return after < len(log)


def _played_plan(log: list[tuple[int, Action]], k: int) -> TurnPlan:
    take = cast(Take, log[k][1])  # a turn's first action is its take (R7)
    after = log[k + 1][1]
    move = after if isinstance(after, Move) else None
    place = log[k + 2 if move is not None else k + 1][1]
    return TurnPlan(take, move, place)


def _review_turn(
    game: Game, played: TurnPlan, playouts: int | None, time_limit: float | None, candidates: int, seed: int
) -> Decision:
    view = game.view()
    ev = evaluate(
        game,
        playouts=playouts,
        time_limit=time_limit,
        candidates=candidates,
        seed=decision_seed(seed, view),
        include=[played],
    )
    mine = next(o for o in ev.options if o.plan == played)
    diff, noise = gap(ev.best, mine)
    scale = 1.0 if ev.best.win_chance is not None else SOLO_SCALE  # the options' unit in fame points
    if mine.plan != ev.best.plan and diff <= noise:
        # the playouts cannot tell the two turns apart: the turn played is as good as the
        # best found (the hint may well have suggested it), never an inaccuracy
        return Decision(view.turn, view.round, mine, ev.best, 0.0, label_for(0.0), view, diff / scale, noise / scale)
    loss = max(0.0, ev.best.fame() - mine.fame())
    return Decision(view.turn, view.round, mine, ev.best, loss, label_for(loss), view)


# ---------------------------------------------------------------- best possible (solo)
BEST_POSSIBLE_TIME = 1.2  # seconds: the play app shows the ceiling within about two after the game
BEST_POSSIBLE_BEAM = 3  # narrow beams: a good line within that time on a busy machine


@dataclass(frozen=True)
class PenaltyWhatIf:
    """Could the pair goal's market penalty (S4, S5) have been avoided? ``played`` and
    ``best`` are the goal's fame points in the game and on the best line found; ``proven``
    whether that line is proven the best (if not, a better line may keep more of the goal)."""

    goal: str  # the pair goal's key: years_gap, short_era or antiquity
    played: float
    best: float
    proven: bool = True

    @property
    def avoidable(self) -> bool:
        """Whether the best line keeps more of the goal than the game did."""
        return self.best > self.played

    def __str__(self) -> str:
        words: str = told(self)
        return words


@dataclass(frozen=True)
class BestPossible:
    """A finished solo game against the best its cards allowed: the ceiling (``ceiling``,
    from the game's start, with the stock order the game revealed) and the game's own total
    (``played``, ×100, S2)."""

    player: str
    played: int
    ceiling: SoloCeiling
    start: Game = field(repr=False, compare=False)  # the game as it began: the plan replays on it
    final: Game = field(repr=False, compare=False)  # the game as it was played

    @property
    def best(self) -> int:
        """The best total found (×100); proven optimal when ``ceiling.proven``."""
        return self.ceiling.score

    def best_game(self) -> Game:
        """The game played along the best line, to its end."""
        return self.ceiling.replay(self.start)

    def penalty(self) -> PenaltyWhatIf | None:
        """The pair goal of the layout (Years Gap, Short Era or Antiquity) in the game and on
        the best line: "could I have avoided this penalty?"; ``None`` without a pair goal."""
        goal = next((k.scoring for k in self.start.layout if k.scoring is not None), None)
        if goal is None:
            return None
        rules = self.ceiling.solo_rules
        best = self.best_game().score(rules)[self.player].points.get(goal, 0.0)
        played = self.final.score(rules)[self.player].points.get(goal, 0.0)
        return PenaltyWhatIf(goal, played, best, self.ceiling.proven)

    def summary(self) -> str:
        """Best possible with these cards, in words, with the game's own score."""
        words: str = told(self)
        return words


def best_possible(
    game: Game,
    *,
    time_limit: float | None = BEST_POSSIBLE_TIME,
    nodes: int | None = None,
    solo_rules: SoloRules | str | None = None,
) -> BestPossible:
    """After a solo game (S1): the best score its cards allowed, from the deal's start.

    The stock order is hidden during play; once the game is over it is known, and
    :func:`exhibition_lab.odds.solo_ceiling` finds the best line with it (within ``time_limit``
    seconds and ``nodes`` positions; ``ceiling.proven`` says whether it is the very best).
    """
    if not game.is_solo:
        raise ArgumentError(f"best possible is a solo game's (S1), not one of {game.n_players} players", rule="S1")
    start = _at_start(game)
    ceiling = solo_ceiling(start, time_limit=time_limit, nodes=nodes, solo_rules=solo_rules, beam=BEST_POSSIBLE_BEAM)
    total = game.score(ceiling.solo_rules)[game.players[0]].total
    return BestPossible(game.players[0], total, ceiling, start, game.copy())


__all__ = [
    "BEST_POSSIBLE_TIME",
    "THRESHOLDS",
    "BestPossible",
    "Decision",
    "Evaluation",
    "GoalChange",
    "Hint",
    "HintBot",
    "Option",
    "PenaltyWhatIf",
    "Review",
    "Risk",
    "RoomEdge",
    "ShowcaseRoom",
    "Sides",
    "VehicleEdge",
    "best_possible",
    "cards_to_come",
    "changes_now",
    "deciding_goals",
    "decision_seed",
    "evaluate",
    "evaluate_view",
    "forget_evaluations",
    "gap",
    "hint",
    "label_for",
    "open_spots",
    "review",
    "risks_later",
    "risks_only",
    "room_edge",
    "showcase_cards",
    "showcase_room",
    "spot_sides",
    "vehicle_edge",
    "within_noise",
]
