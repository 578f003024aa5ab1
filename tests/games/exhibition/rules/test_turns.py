"""The rules as pure functions: turns.legal_actions / turns.next_state are what Game.apply
wraps, chance (the deal R5, the refill R9, Secret Decades V7) is an explicit step, the
functions never change the state they are given, and they raise with a rule id for what is
not allowed (R7–R10c)."""

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
        chance = turns.DealOrder(game.deal)
        while not game.is_over:
            actions = turns.legal_actions(setup, state)
            assert actions == game.legal_actions()
            action = actions[int(rng.integers(len(actions)))]
            after = turns.next_state(setup, state, action)
            assert turns.next_state(setup, state, action, trusted=True) == after
            if after.phase is xl.Phase.REFILL:  # R9: the refill is chance; the game draws the next dealt card
                refill = chance(after)
                assert refill == xl.Draw(game.deal.stock[len(game.deal.stock) - len(after.stock)])
                after = turns.next_state(setup, after, refill)
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


@pytest.mark.parametrize("secret_decades", [False, True])
def test_r5_v7_the_deal_is_chance_card_by_card(secret_decades):
    game = xl.Game.new(3, seed=5, secret_decades=secret_decades)
    setup = game.setup
    state = setup.initial()
    assert state.phase is xl.Phase.DEAL and len(state.stock) == len(setup.deck) and not any(state.market)
    for outcome in turns.dealing_outcomes(game.deal):
        assert setup.current_player(state) == turns.CHANCE
        assert outcome in turns.legal_actions(setup, state)
        state = turns.next_state(setup, state, outcome)
    assert state == game.state == turns.start_state(setup, game.deal)
    assert setup.current_player(state) == 0


def test_r9_the_refill_comes_from_the_stock_as_a_set():
    game = xl.Game.new(2, seed=4)
    setup, state = game.setup, game.state
    take = next(a for a in turns.legal_actions(setup, state) if not a.card.is_white)
    waiting = turns.next_state(setup, state, take)
    assert waiting.phase is xl.Phase.REFILL and setup.current_player(waiting) == turns.CHANCE
    outcomes = turns.legal_actions(setup, waiting)
    assert [o.card for o in outcomes] == list(waiting.stock) == list(setup.unseen(game.deal.stock))
    odds = setup.chance_odds(waiting)
    assert len(odds) == len(waiting.stock) and abs(sum(p for _, p in odds) - 1) < 1e-12
    any_card = outcomes[17]
    refilled = turns.next_state(setup, waiting, any_card)
    assert any_card.card in refilled.market[waiting.taken_at.index] and any_card.card not in refilled.stock
    assert refilled.phase is xl.Phase.PLACE
    with pytest.raises(xl.IllegalAction) as err:
        turns.next_state(setup, refilled, any_card)  # no second refill: the card is to be placed
    assert err.value.rule == "R9" and "must place the card" in str(err.value)
    with pytest.raises(xl.IllegalAction) as err:
        turns.next_state(setup, waiting, xl.Draw(take.card))
    assert err.value.rule == "R9"


def test_the_integer_protocol_encodes_every_action_and_outcome():
    game = xl.Game.new(2, seed=8, secret_decades=True)
    setup = game.setup
    state = setup.initial()
    while setup.current_player(state) == turns.CHANCE:
        outcomes = setup.chance_outcomes(state)
        ids = [a for a, _ in outcomes]
        assert ids == sorted(ids) and all(0 <= a < setup.info.max_chance_outcomes for a in ids)
        state = setup.child(state, ids[0])
    actions = setup.legal_ids(state)
    assert [setup.decode(state, a) for a in actions] == sorted(
        turns.legal_actions(setup, state), key=lambda m: setup.encode(state, m)
    )
    assert all(setup.string_to_action(state, setup.action_to_string(state, a)) == a for a in actions)
    assert setup.info.num_distinct_actions == len(setup.deck) + 6 + setup.layout.n_spots + 2


def test_the_rules_ids_and_child_are_named_apart_from_the_games_moves_and_apply():
    """``Rules.legal_ids``/``Rules.child`` speak ids and leave the state given unchanged;
    ``Game.legal_actions``/``Game.apply`` speak moves and change the game (R7 takes first)."""
    game = xl.Game.new(2, seed=8)
    setup, before = game.setup, game.state
    ids = setup.legal_ids(before)
    assert all(isinstance(a, int) for a in ids)
    assert [setup.decode(before, a) for a in ids] == sorted(game.legal_actions(), key=lambda m: setup.encode(before, m))
    after = setup.child(before, ids[0])
    assert game.state is before and after != before  # the rules return a new state
    assert game.apply(setup.decode(before, ids[0])) is game and after in game.states()  # the game moves on (then R9)
    with pytest.warns(DeprecationWarning, match="legal_ids"):
        assert setup.legal_actions(before) == ids
    with pytest.warns(DeprecationWarning, match="child"):
        assert setup.apply(before, ids[0]) == after
