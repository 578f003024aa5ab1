"""The conformance test every game passes (OpenSpiel's ``random_sim_test``, written once).

:func:`check_random_plays` plays random games through the integer protocol — chance
outcomes drawn with their probabilities — and checks at every step that:

- the seat to move is a seat, :data:`CHANCE` or :data:`TERMINAL`;
- legal action ids are sorted, distinct, inside the declared action space, and each one
  encodes, decodes and writes (``action_to_string``/``string_to_action``) back to itself;
  the legal-action mask agrees with them;
- chance outcomes have ids inside the declared range and probabilities that sum to 1;
- :meth:`Rules.child` is pure: the state before is unchanged (equal and same hash);
- every seat's view survives :meth:`Rules.resample` (a redraw of what that seat cannot see
  changes nothing it sees), so a view depends on what the seat may know only;
- an optional ``roundtrip`` (a save file written and read back) gives the same play after
  every step;
- the game ends within the declared maximum length, with no legal action at the end and
  returns inside the declared utility range (summing to the declared constant, if any).

A failure raises :class:`ConformanceError` naming the game, the play, the step and the
state, so it can be replayed.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from .history import History
from .protocol import CHANCE, TERMINAL, Rules


class ConformanceError(AssertionError):
    """A game broke the protocol; the message says where."""


@dataclass(frozen=True)
class Report:
    """What a conformance run covered."""

    plays: int
    steps: int
    decisions: int
    chance_steps: int
    longest: int

    def __str__(self) -> str:
        return (
            f"{self.plays} plays, {self.steps} steps ({self.decisions} decisions, {self.chance_steps} chance "
            f"outcomes), longest play {self.longest} steps"
        )


def check_random_plays(
    rules: Rules[Any, Any, Any],
    plays: int,
    *,
    seed: int = 0,
    start: Callable[[int], History[Any, Any]] | None = None,
    roundtrip: Callable[[History[Any, Any]], History[Any, Any]] | None = None,
    resamples: int = 1,
) -> Report:
    """Play ``plays`` random games of ``rules`` and check every step (see the module text).

    ``start(k)`` gives play ``k`` as a game wrapper that resolves chance its own way (a
    seeded deal); without it every play starts at :meth:`Rules.initial` and chance outcomes
    are drawn here. ``roundtrip`` takes the play so far and returns it written and read back
    (a save file); it is checked after every step. ``resamples`` redraws per step and seat
    for the view check (0 skips it).
    """
    rng = np.random.default_rng(seed)
    steps = decisions = chance_steps = longest = 0
    for play in range(plays):
        history: History[Any, Any] = History(rules) if start is None else start(play)
        if history.rules != rules:
            raise ConformanceError(f"{rules.name}: start({play}) plays other rules: {history.rules!r}")
        where = _Where(rules.name, play, seed)
        while True:
            where.step = len(history.steps)
            _check_state(rules, history.state, where, rng, resamples)
            if roundtrip is not None:
                _check_roundtrip(history, roundtrip, where)
            if rules.is_terminal(history.state):
                break
            if len(history.steps) >= rules.info.max_game_length:
                raise ConformanceError(
                    f"{where}: no end after {rules.info.max_game_length} steps, the declared maximum"
                )
            player = rules.current_player(history.state)
            if player == CHANCE:
                ids, weights = zip(*rules.chance_outcomes(history.state), strict=True)
                action = ids[int(rng.choice(len(ids), p=np.array(weights) / sum(weights)))]
                chance_steps += 1
            else:
                legal = rules.legal_ids(history.state)
                action = legal[int(rng.integers(len(legal)))]
                decisions += 1
            _apply_purely(rules, history, action, where)
        steps += len(history.steps)
        longest = max(longest, len(history.steps))
    return Report(plays, steps, decisions, chance_steps, longest)


class _Where:
    """Where a check failed, for the message."""

    def __init__(self, name: str, play: int, seed: int) -> None:
        self.name, self.play, self.seed, self.step = name, play, seed, 0

    def __str__(self) -> str:
        return f"{self.name}, play {self.play} of seed {self.seed}, step {self.step}"


def _fail(where: _Where, message: str, state: Any) -> ConformanceError:
    return ConformanceError(f"{where}: {message}\nstate: {state!r}")


def _check_state(
    rules: Rules[Any, Any, Any], state: Any, where: _Where, rng: np.random.Generator, resamples: int
) -> None:
    info = rules.info
    player = rules.current_player(state)
    if player not in (CHANCE, TERMINAL) and not 0 <= player < info.num_players:
        raise _fail(where, f"current_player {player} is no seat, CHANCE or TERMINAL", state)
    if player == TERMINAL:
        _check_end(rules, state, where)
    elif player == CHANCE:
        _check_chance(rules, state, where)
    else:
        _check_decision(rules, state, where)
    if resamples:
        _check_views(rules, state, where, rng, resamples)


def _check_decision(rules: Rules[Any, Any, Any], state: Any, where: _Where) -> None:
    info = rules.info
    legal = rules.legal_ids(state)
    if not legal:
        raise _fail(where, "a seat is to move but has no legal action", state)
    if legal != sorted(set(legal)):
        raise _fail(where, f"legal actions are not sorted and distinct: {legal}", state)
    if not all(0 <= a < info.num_distinct_actions for a in legal):
        raise _fail(where, f"an action id lies outside 0…{info.num_distinct_actions - 1}: {legal}", state)
    mask = rules.legal_action_mask(state)
    if mask.shape != (info.num_distinct_actions,) or np.flatnonzero(mask).tolist() != legal:
        raise _fail(where, "the legal-action mask disagrees with the legal actions", state)
    for action in legal:
        move = rules.decode(state, action)
        if rules.encode(state, move) != action:
            raise _fail(where, f"action {action} decodes to {move!r}, which encodes to another id", state)
        text = rules.action_to_string(state, action)
        if rules.string_to_action(state, text) != action:
            raise _fail(where, f"action {action} is written {text!r}, which reads back as another id", state)


def _check_chance(rules: Rules[Any, Any, Any], state: Any, where: _Where) -> None:
    outcomes = rules.chance_outcomes(state)
    if not outcomes:
        raise _fail(where, "a chance node without outcomes", state)
    ids = [a for a, _ in outcomes]
    if ids != sorted(set(ids)) or not all(0 <= a < rules.info.max_chance_outcomes for a in ids):
        raise _fail(where, f"chance outcome ids are not distinct ids inside the declared range: {ids}", state)
    total = sum(p for _, p in outcomes)
    if not math.isclose(total, 1.0, abs_tol=1e-9) or min(p for _, p in outcomes) <= 0:
        raise _fail(where, f"chance probabilities are not positive with sum 1 (sum {total})", state)
    for action in ids:
        if rules.encode(state, rules.decode(state, action)) != action:
            raise _fail(where, f"chance outcome {action} does not encode back to itself", state)


def _check_end(rules: Rules[Any, Any, Any], state: Any, where: _Where) -> None:
    info = rules.info
    if rules.legal_ids(state):
        raise _fail(where, "the game is over but legal actions remain", state)
    returns = rules.returns(state)
    if len(returns) != info.num_players:
        raise _fail(where, f"{len(returns)} returns for {info.num_players} seats", state)
    if not all(info.min_utility <= r <= info.max_utility for r in returns):
        raise _fail(where, f"returns {returns} outside [{info.min_utility}, {info.max_utility}]", state)
    if info.utility_sum is not None and not math.isclose(sum(returns), info.utility_sum, abs_tol=1e-9):
        raise _fail(where, f"returns {returns} do not sum to {info.utility_sum}", state)


def _check_views(rules: Rules[Any, Any, Any], state: Any, where: _Where, rng: np.random.Generator, n: int) -> None:
    for seat in range(rules.info.num_players):
        seen = rules.view(state, seat)
        for _ in range(n):
            twin = rules.resample(state, seat, rng)
            if rules.view(twin, seat) != seen:
                raise _fail(where, f"seat {seat}'s view changed when only what it cannot see was redrawn", state)
            if rules.current_player(twin) != rules.current_player(state):
                raise _fail(where, "a redraw of hidden things changed who is to move", state)


def _apply_purely(rules: Rules[Any, Any, Any], history: History[Any, Any], action: int, where: _Where) -> None:
    state = history.state
    fingerprint = (hash(state), repr(state))
    if rules.is_chance_node(state):
        history.push(rules.decode(state, action))
    else:
        history.apply(rules.decode(state, action))  # a wrapper resolves the chance that follows
    if (hash(state), repr(state)) != fingerprint:
        raise _fail(where, f"applying action {action} changed the state it was applied to", state)


def _check_roundtrip(
    history: History[Any, Any], roundtrip: Callable[[History[Any, Any]], History[Any, Any]], where: _Where
) -> None:
    back = roundtrip(history)
    if back != history:
        raise _fail(where, "the play written and read back differs from the play", history.state)
