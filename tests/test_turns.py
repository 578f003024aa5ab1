"""The turn rules as pure functions (issue 18): turns.legal_actions / turns.next_state are
what Game.apply wraps, they never change the state they are given, and they raise with a
rule id for what is not allowed (R7–R10c)."""

from __future__ import annotations

import numpy as np
import pytest

import exhibition_lab as xl
from exhibition_lab.games.exhibition.rules import turns


def test_game_is_a_thin_wrapper_over_the_pure_functions():
    rng = np.random.default_rng(11)
    for players in range(1, 6):
        game = xl.Game.new(players, seed=players)
        setup, state = game.setup, game.state
        assert state == turns.start_state(setup, game.deal)
        while not game.is_over:
            actions = turns.legal_actions(setup, state)
            assert actions == game.legal_actions()
            action = actions[int(rng.integers(len(actions)))]
            after = turns.next_state(setup, state, action)
            assert turns.next_state(setup, state, action, trusted=True) == after
            game.apply(action)
            assert game.state == after
            state = after
        assert turns.legal_actions(setup, state) == []


def test_next_state_leaves_its_input_untouched():
    game = xl.Game.new(2, seed=3)
    before = game.state
    copy = before._replace()
    take = turns.legal_actions(game.setup, before)[0]
    after = turns.next_state(game.setup, before, take)
    assert before == copy and before.hand is None and before.phase is xl.Phase.TAKE
    assert after.hand == take.card and after is not before


@pytest.mark.parametrize(
    ("action", "rule"),
    [("place 0 0", "R10"), ("depot", "R10"), ("end", "R10a"), ("move EU", "R8")],
)
def test_actions_of_another_phase_name_the_rule(action, rule):
    game = xl.Game.new(2, seed=3)
    with pytest.raises(xl.IllegalAction, match="must take a card") as err:
        turns.next_state(game.setup, game.state, xl.parse_action(action))
    assert err.value.rule == rule


def test_r7_a_card_away_from_the_vehicle_is_refused_with_the_options():
    game = xl.Game.new(1, seed=2)
    state = game.state
    here = state.market[state.vehicles[0].index]
    elsewhere = next(c for k, cards in enumerate(state.market) for c in cards if k != state.vehicles[0].index)
    with pytest.raises(xl.IllegalAction, match="vehicle stands on") as err:
        turns.next_state(game.setup, state, xl.Take(elsewhere))
    assert err.value.rule == "R7" and all(c.token in str(err.value) for c in here)
    assert turns.takeable(state) == list(here)


def test_r10c_no_action_once_the_game_is_over():
    game = xl.Game.new(1, seed=2)
    while not game.is_over:
        game.apply(game.legal_actions()[-1])
    with pytest.raises(xl.IllegalAction) as err:
        turns.next_state(game.setup, game.state, xl.parse_action("depot"))
    assert err.value.rule == "R10c"


def test_other_halls_leaves_out_one_seat():
    game = xl.Game.new(3, seed=1)
    assert len(turns.other_halls(game.state)) == 2 and len(turns.other_halls(game.state, 1)) == 2
