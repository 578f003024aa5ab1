"""What the OpenSpiel games declare is what they do: registered types of the default instance,
observers that honour the observation type asked for (every game, Timeline included), no
information-state tensor declared where the tensor holds no history, and OpenSpiel's own API
suite on Timeline and its practice game."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import exhibition_lab.openspiel as xo  # noqa: E402

NAMES = (xo.GAME_NAME, xo.SOLO_NAME, xo.TIMELINE_NAME, xo.PRACTICE_NAME)


def played(game: pyspiel.Game, seed: int, steps: int) -> pyspiel.State:
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
        else:
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.integers(len(legal)))])
    return state


@pytest.mark.parametrize("name", NAMES)
def test_each_registered_type_is_its_default_instance_type(name):
    registered = {t.short_name: t for t in pyspiel.registered_games()}[name]
    loaded = pyspiel.load_game(name).get_type()
    assert (registered.utility, registered.information) == (loaded.utility, loaded.information)
    assert not registered.provides_information_state_tensor  # the tensor is the present view only
    assert registered.provides_information_state_string


def test_the_default_two_seat_game_registers_as_zero_sum_with_perfect_information():
    registered = {t.short_name: t for t in pyspiel.registered_games()}
    assert registered[xo.GAME_NAME].utility == pyspiel.GameType.Utility.ZERO_SUM
    assert registered[xo.GAME_NAME].information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert registered[xo.TIMELINE_NAME].information == pyspiel.GameType.Information.IMPERFECT_INFORMATION


def observation(game, public: bool, private: pyspiel.PrivateInfoType):
    from open_spiel.python.observation import make_observation

    kind = pyspiel.IIGObservationType(public_info=public, perfect_recall=False, private_info=private)
    return make_observation(game, kind)


def test_the_timeline_observer_honours_the_observation_type():
    game = pyspiel.load_game("python_exhibition_timeline(players=3,hand_size=4)")
    state = played(game, seed=2, steps=20)
    hands = state.rule_state.hands
    deck = game.rules.deck
    own = observation(game, public=True, private=pyspiel.PrivateInfoType.SINGLE_PLAYER)
    table = observation(game, public=True, private=pyspiel.PrivateInfoType.NONE)
    private = observation(game, public=False, private=pyspiel.PrivateInfoType.SINGLE_PLAYER)
    spectator = observation(game, public=True, private=pyspiel.PrivateInfoType.ALL_PLAYERS)
    for seat in range(3):
        titles = [deck[c].title for c in hands[seat]]
        assert all(t in own.string_from(state, seat) for t in titles)
        assert not any(t in table.string_from(state, seat) for t in titles)  # the table sees counts only
        text = private.string_from(state, seat)
        assert all(t in text for t in titles) and "timeline" not in text  # the private part only
        assert all(deck[c].title in spectator.string_from(state, 0) for h in hands for c in h)
        own.set_from(state, seat)
        private.set_from(state, seat)
        assert np.flatnonzero(private.tensor).tolist() == sorted(hands[seat])
        assert (own.dict["hand"] == private.tensor).all()
        table.set_from(state, seat)
        assert not table.dict["hand"].any()


def test_practice_has_no_private_information():
    game = pyspiel.load_game(xo.PRACTICE_NAME)
    state = played(game, seed=1, steps=10)
    private = observation(game, public=False, private=pyspiel.PrivateInfoType.SINGLE_PLAYER)
    assert private.string_from(state, 0) == "" and private.tensor.size == 0
    table = observation(game, public=True, private=pyspiel.PrivateInfoType.NONE)
    hand = state.rule_state.hands[0]
    assert all(game.rules.deck[c].title in table.string_from(state, 0) for c in hand)  # alone, the hand is public


def _api_suite(name: str, spec: str):
    from open_spiel.integration_tests import api_test

    return type(name, (api_test.EnforceAPIOnPartialTreeBase,), {"game_name": spec, "game": pyspiel.load_game(spec)})


TestOpenSpielApiTimelinePractice = _api_suite("TestOpenSpielApiTimelinePractice", xo.PRACTICE_NAME)
TestOpenSpielApiTimeline = _api_suite("TestOpenSpielApiTimeline", "python_exhibition_timeline(players=3,hand_size=4)")


@pytest.mark.parametrize(
    "spec", ["python_exhibition_timeline(players=3,hand_size=4)", "python_exhibition(players=3,secret_decades=True)"]
)
def test_a_resampled_state_serialises_as_itself(spec):
    game = pyspiel.load_game(spec)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    changed = 0
    for seed in range(12):
        state = played(game, seed=seed, steps=10 + 5 * seed)
        if state.is_terminal():
            continue
        seat = max(state.current_player(), 0)
        twin = state.resample_from_infostate(seat, sampler)
        changed += twin.rule_state != state.rule_state
        for step in range(3):  # a search plays on from the resampled world
            twin = played_on(twin, step)
        assert game.deserialize_state(twin.serialize()).rule_state == twin.rule_state
    assert changed  # the worlds did differ from the real one


def played_on(state: pyspiel.State, k: int) -> pyspiel.State:
    if state.is_terminal():
        return state
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[k % len(outcomes)][0])
    else:
        legal = state.legal_actions()
        state.apply_action(legal[k % len(legal)])
    return state
