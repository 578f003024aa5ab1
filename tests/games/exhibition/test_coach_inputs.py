"""The coach on every game the package can build and every seat a caller can name: games set
up from a position, games in the middle of a turn, seats by number or name; anything else
refused with the package's own error naming it."""

from __future__ import annotations

import numpy as np
import pytest

import exhibition_lab as xl
from exhibition_lab import coach
from tests.games.exhibition.fuzzing import played


def from_position_played_on(steps: int) -> xl.Game:
    """A two-player game set up from a position of a real game, then played on."""
    game = xl.Game.from_position(played(7, players=2, steps=20).position(), seed=3)
    rng = np.random.default_rng(3)
    for _ in range(steps):
        actions = game.legal_actions()
        game.apply(actions[int(rng.integers(len(actions)))])
    return game


def test_review_of_a_game_set_up_from_a_position_reviews_the_turns_played_since():
    game = from_position_played_on(steps=12)
    for seat in (0, 1):
        result = coach.review(game, seat, playouts=16, seed=1)
        since = [a for s, a in game.history if s == seat and isinstance(a, xl.Take)]
        assert 0 < len(result.decisions) <= len(since)
        for decision in result.decisions:
            assert decision.played.actions[0] in since and decision.loss >= 0
    assert game == from_position_played_on(steps=12)  # the review changes nothing


def test_review_of_a_finished_game_from_a_position_matches_the_same_game_replayed():
    start = played(11, players=1, steps=10).position()
    game = xl.Game.from_position(start, seed=5)
    rng = np.random.default_rng(0)
    while not game.is_over:
        actions = game.legal_actions()
        game.apply(actions[int(rng.integers(len(actions)))])
    assert sum(isinstance(a, xl.Take) for _, a in game.history) > 2
    twin = xl.Game.from_json(game.to_json())  # a loaded save reviews the same
    first, again = coach.review(game, playouts=16, seed=2), coach.review(twin, playouts=16, seed=2)
    assert first.decisions and [d.played.plan for d in first.decisions] == [d.played.plan for d in again.decisions]


def test_review_mid_turn_reviews_the_finished_turns_only():
    game = played(4, players=2, steps=14)
    while game.phase is not xl.Phase.TAKE:
        game.apply(game.legal_actions()[0])
    seat = game.current
    game.apply(next(a for a in game.legal_actions() if not a.card.is_white))
    assert game.phase is xl.Phase.PLACE  # the card is in hand: the turn is under way
    finished = [a for s, a in game.history[:-1] if s == seat and isinstance(a, xl.Take)]
    result = coach.review(game, seat, playouts=16)
    assert result.decisions and len(result.decisions) <= len(finished)
    assert all(d.played.actions[0] in finished for d in result.decisions)


def test_review_mid_turn_after_a_white_card_and_its_move():
    for seed in range(40):
        game = played(seed, players=1, steps=6)
        rng = np.random.default_rng(seed)
        while not game.is_over and game.phase is not xl.Phase.PLACE:
            actions = game.legal_actions()
            whites = [a for a in actions if isinstance(a, xl.Take) and a.card.is_white]
            game.apply(whites[0] if whites else actions[int(rng.integers(len(actions)))])
            if isinstance(game.history[-1][1], xl.Move):
                break
        if game.history and isinstance(game.history[-1][1], xl.Move):
            result = coach.review(game, 0, playouts=16)
            assert all(d.played.plan.place is not None for d in result.decisions)
            return
    raise AssertionError("no seed reaches a move")


def test_a_seat_is_a_number_or_a_player_name():
    game = xl.Game.new(["Ann", "Bob"], seed=7)
    by_name, by_number = coach.hint(game, "Ann", playouts=16), coach.hint(game, 0, playouts=16)
    assert by_name.actions == by_number.actions
    assert coach.evaluate(game, np.int64(0), playouts=16).seat == 0
    with pytest.raises(xl.ArgumentError, match=r"'Bob'.*has no decision now: it is Ann's turn"):
        coach.hint(game, "Bob", playouts=16)
    for _ in range(3):
        game.apply(game.legal_actions()[0])
    assert coach.review(game, "Ann", playouts=16).seat == 0


@pytest.mark.parametrize("seat", [7, -1, True, 1.0, "Nobody", "0", None])
def test_a_seat_the_game_does_not_have_is_refused_naming_it(seat):
    game = xl.Game.new(["Ann", "Bob"], seed=7)
    for ask in (coach.hint, coach.evaluate, coach.review):
        if seat is None and ask is not coach.review:
            continue  # None asks for the player to move
        with pytest.raises(xl.ArgumentError, match=repr(seat)):
            ask(game, seat, playouts=16)


def test_a_plan_handed_to_the_coach_is_a_turn_the_rules_allow():
    from exhibition_lab.agents import TurnPlan

    game = xl.Game.new(["You"], seed=2026)
    best = coach.evaluate(game, playouts=8, seed=1).best.plan
    own = TurnPlan(best.take, best.move, xl.ToDepot())
    assert any(o.plan == own for o in coach.evaluate(game, include=[own], playouts=8, seed=1).options)
    for place, rule in ((xl.Place(0, 9), "R3"), (xl.Place(1, 5), "R3")):
        with pytest.raises(xl.IllegalAction, match=rule):  # no such spot in the hall
            coach.evaluate(game, include=[TurnPlan(best.take, best.move, place)], playouts=8, seed=1)
    with pytest.raises(xl.ArgumentError, match="TurnPlan"):
        coach.evaluate(game, include=["1910AF to the Depot"], playouts=8, seed=1)
    assert game == xl.Game.new(["You"], seed=2026)  # the checks play on a copy
