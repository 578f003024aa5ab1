"""The fast paths of the OpenSpiel games give exactly what the slow ones gave: the
observation tensor read from the observer's kept rows equals pyspiel's own copy of the
default observer's tensor; the chance outcomes kept from state to state equal the rules'
(R5, R9, V7); a resampled world built without replaying the history is the world its ids
replay to (V7). Speed itself is measured in benchmarks/bench_frameworks.py."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import exhibition_lab.openspiel  # noqa: E402, F401  (registers the games)
from exhibition_lab.core.errors import ArgumentError  # noqa: E402
from exhibition_lab.games.exhibition.rules.cards import TILE_CARDS  # noqa: E402

SPECS = ["python_exhibition(players=3)", "python_exhibition(players=2,secret_decades=True)", "python_exhibition_solo"]


def every_state(game, seed: int):
    """Each state of one random game, in order (fresh: the walk asks nothing of them)."""
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        yield state
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action = outcomes[rng.integers(len(outcomes))][0]
        else:
            legal = state.legal_actions()
            action = legal[rng.integers(len(legal))]
        state = state.child(action)
    yield state


@pytest.mark.parametrize("spec", SPECS)
def test_the_observation_tensor_is_pyspiels_own(spec):
    game = pyspiel.load_game(spec)
    for seed in range(2):
        for state in every_state(game, seed):
            for seat in range(game.num_players()):
                fast = state.observation_tensor(seat)
                assert fast.dtype == np.float32
                assert np.array_equal(fast, pyspiel.State.observation_tensor(state, seat))
            if not state.is_chance_node() and not state.is_terminal():
                assert np.array_equal(state.observation_tensor(), state.observation_tensor(state.current_player()))


def test_a_tensor_is_a_new_array_and_a_bad_player_is_refused():
    game = pyspiel.load_game("python_exhibition(players=3)")
    state = list(every_state(game, 0))[30]
    first = state.observation_tensor(1)
    first[:] = 7.0  # the caller's to change: the next answer is untouched
    assert not np.array_equal(state.observation_tensor(1), first)
    for bad in (-1, 3, 1.0, "1", True, None if state.current_player() >= 0 else 0):
        if bad is None:
            continue
        with pytest.raises(ArgumentError) as refused:
            state.observation_tensor(bad)
        assert refused.value.rule == "R4" and isinstance(refused.value, pyspiel.SpielError)


@pytest.mark.parametrize("spec", SPECS)
def test_chance_outcomes_kept_from_state_to_state_are_the_rules(spec):
    game = pyspiel.load_game(spec)
    rules = game.rules
    checked = 0
    for seed in range(3):
        for state in every_state(game, seed):
            if state.is_chance_node():
                assert state.chance_outcomes() == rules.chance_outcomes(state.rule_state)
                checked += 1
    assert checked > 60  # the deal and many refills (R5, R9)


def test_a_resampled_world_is_the_world_its_ids_replay_to():
    game = pyspiel.load_game("python_exhibition(players=3,secret_decades=True)")
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    redrawn = 0
    for seed in range(4):
        for k, state in enumerate(every_state(game, seed)):
            if k % 7 or state.is_terminal() or state.is_chance_node():
                continue
            seat = state.current_player()
            twin = state.resample_from_infostate(seat, sampler)
            again = game.deserialize_state(twin.serialize())
            assert again.rule_state == twin.rule_state  # V7: the same world, dealt by its ids
            assert twin.history() == state.history()  # what the seat saw is unchanged
            assert twin.information_state_string(seat) == state.information_state_string(seat)
            redrawn += twin.rule_state.secret_decades != state.rule_state.secret_decades
            # the world plays on: its chance outcomes are its own rules' (R9)
            while not twin.is_terminal() and not twin.is_chance_node():
                twin.apply_action(twin.legal_actions()[0])
            if twin.is_chance_node():
                assert twin.chance_outcomes() == game.rules.chance_outcomes(twin.rule_state)
    assert redrawn > 10


def test_the_information_state_writes_only_hidden_decades_as_question_marks():
    """Read from the ids (no per-step objects): every step but another seat's Secret Decade
    before the end (V7), which reads ``?``; the full history says which steps those are."""
    game = pyspiel.load_game("python_exhibition(players=3,secret_decades=True)")
    for k, state in enumerate(every_state(game, 2)):
        if k % 11:
            continue
        over = state.is_terminal()
        for seat in range(3):
            seen = state.information_state_string(seat).splitlines()[-1].split()[1:]
            expected = [
                "?"
                if item.player == -1 and 0 <= step - TILE_CARDS < 3 and step - TILE_CARDS != seat and not over
                else str(item.action)
                for step, item in enumerate(state.full_history())
            ]
            assert seen == expected


def _answer(ask, *args):
    """What ``ask(*args)`` gives, or the kind of error it raises."""
    try:
        return ask(*args)
    except Exception as error:
        return type(error)


@pytest.mark.parametrize("spec", SPECS)
def test_legal_actions_and_node_kinds_answered_in_python_are_pyspiels_own(spec):
    """Deals, refills and Secret Decades (chance, R5, R9, V7), each seat's decisions (R7,
    R8, R10) and the end (R10c): the legal actions for no seat named, for each seat and
    for chance, and whether chance or a seat moves, as OpenSpiel's C++ state answers them."""
    game = pyspiel.load_game(spec)
    kinds = set()
    for seed in range(2):
        for state in every_state(game, seed):
            kinds.add((state.is_chance_node(), state.is_terminal()))
            assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
            assert state.is_player_node() == pyspiel.State.is_player_node(state)
            assert state.legal_actions() == pyspiel.State.legal_actions(state)
            if state.is_player_node():  # the ids of ActionSpace (R7, R8, R10)
                assert state.legal_actions() == game.rules.legal_ids(state.rule_state)
            for player in (-1, *range(game.num_players())):
                fast = _answer(state.legal_actions, player)
                assert fast == _answer(pyspiel.State.legal_actions, state, player)
    assert kinds == {(True, False), (False, False), (False, True)}
