"""Exhibition in OpenSpiel: the library's own suites (``random_sim_test``, the API checks of its
integration tests on a sample of the tree), explicit chance (R5, R9, V7), what each seat sees
(never the stock's order, never another seat's Secret Decade before the end), resampling for
ISMCTS, serialisation as action ids, and cheap clones."""

from __future__ import annotations

import copy

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import exhibition_lab as xl  # noqa: E402
import exhibition_lab.openspiel  # noqa: E402  (registers the games)
from exhibition_lab.core.errors import ArgumentError, IllegalAction, NotationError  # noqa: E402


def random_state(game, seed: int, steps: int):
    """A state ``steps`` actions and chance outcomes into a random play."""
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            ids, odds = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(ids, p=odds)))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.integers(len(legal))])
    return state


@pytest.mark.parametrize(
    "spec, serialize",
    [
        ("python_exhibition(players=2)", True),
        ("python_exhibition(players=3,secret_decades=True)", False),
        ("python_exhibition_solo(variations=links+short_era)", True),
    ],
)
def test_random_sim_test(spec, serialize):
    pyspiel.random_sim_test(pyspiel.load_game(spec), num_sims=1, serialize=serialize, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 5])
@pytest.mark.parametrize("serialize", [False, True])
def test_random_sim_test_every_table(players, serialize):
    for options in ("", ",secret_decades=True", ",variations=links+spread_the_years+one_decade+short_era"):
        game = pyspiel.load_game(f"python_exhibition(players={players}{options})")
        pyspiel.random_sim_test(game, num_sims=2, serialize=serialize, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize("utility", ["margin", "win", "score"])
def test_random_sim_test_every_utility(utility):
    game = pyspiel.load_game(f"python_exhibition(players=3,utility={utility},variations=unique_decades)")
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def _api_suite(name: str, spec: str):
    """OpenSpiel's API checks for games too big to enumerate, on its sample of states."""
    from open_spiel.integration_tests import api_test

    return type(name, (api_test.EnforceAPIOnPartialTreeBase,), {"game_name": spec, "game": pyspiel.load_game(spec)})


TestOpenSpielApiThreePlayers = _api_suite(
    "TestOpenSpielApiThreePlayers", "python_exhibition(players=3,secret_decades=True)"
)
TestOpenSpielApiSolo = _api_suite("TestOpenSpielApiSolo", "python_exhibition_solo")


def test_the_games_declare_what_the_rules_declare():
    game = pyspiel.load_game("python_exhibition(players=4,variations=links)")
    setup = game.rules
    assert (game.num_players(), game.num_distinct_actions()) == (4, setup.info.num_distinct_actions)
    assert game.max_chance_outcomes() == 101 and game.max_game_length() == setup.max_decisions
    assert setup.layout.variations == ("links",)
    kind = pyspiel.GameType.Utility
    assert game.get_type().utility == kind.GENERAL_SUM
    assert pyspiel.load_game("python_exhibition(utility=win,players=3)").get_type().utility == kind.CONSTANT_SUM
    two = pyspiel.load_game("python_exhibition")  # two seats by default
    assert two.num_players() == 2 and two.get_type().utility == kind.ZERO_SUM and two.utility_sum() == 0
    solo = pyspiel.load_game("python_exhibition_solo(mid_century=tiebreak)")
    assert solo.num_players() == 1 and solo.rules.solo_rules == xl.SoloRules.tiebreak_reading()


@pytest.mark.parametrize(
    "spec, rule",
    [
        ("python_exhibition(players=1)", "R4"),
        ("python_exhibition(players=6)", "R4"),
        ("python_exhibition(players=3,utility=fame)", None),
        ("python_exhibition(players=3,variations=nothing)", None),
        ("python_exhibition_solo(mid_century=soft)", None),
    ],
)
def test_parameters_the_rules_do_not_know_are_refused(spec, rule):
    with pytest.raises(ArgumentError) as refused:
        pyspiel.load_game(spec)
    assert refused.value.rule == rule


def test_the_deal_refills_and_secret_decades_are_chance_nodes():
    game = pyspiel.load_game("python_exhibition(players=3,secret_decades=True)")
    state = game.new_initial_state()
    for _ in range(18):  # R5: the tile, card by card, from the whole deck
        assert state.is_chance_node()
        outcomes = state.chance_outcomes()
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        state.apply_action(outcomes[0][0])
    decades = state.chance_outcomes()  # V7: one decade card per seat
    assert len(decades) == 10 and state.action_to_string(pyspiel.PlayerId.CHANCE, 6) == "decade 1960"
    for _ in range(3):
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.current_player() == 0
    take = next(a for a in state.legal_actions() if game.rules.space.decode_action(a).card.continent is not None)
    state.apply_action(take)  # a coloured card: the refill comes from the stock (R9)
    assert state.is_chance_node() and len(state.chance_outcomes()) == 83


def test_a_seat_sees_only_what_it_may():
    game = pyspiel.load_game("python_exhibition(players=3,secret_decades=True)")
    state = random_state(game, seed=3, steps=40)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for seat in range(3):
        text = state.observation_string(seat)
        own = state.rule_state.secret_decades[seat]
        assert f"secret decades: {' '.join(str(own) if s == seat else '?' for s in range(3))}" in text  # V7
        assert "stock: " in text
        for _ in range(3):  # another world the seat cannot tell apart: the same view
            twin = state.resample_from_infostate(seat, sampler)
            assert twin.rule_state.secret_decades[seat] == own
            assert twin.information_state_string(seat) == state.information_state_string(seat)
            assert np.array_equal(twin.observation_tensor(seat), state.observation_tensor(seat))
    assert any(  # the redraw does change what the seat cannot see
        state.resample_from_infostate(0, sampler).rule_state.secret_decades != state.rule_state.secret_decades
        for _ in range(10)
    )


def test_information_states_remember_the_play_observations_show_the_present():
    game = pyspiel.load_game("python_exhibition(players=2)")
    state = random_state(game, seed=1, steps=30)
    history = state.information_state_string(0).splitlines()[-1]
    assert history.startswith("seen: ") and len(history.split()) == 1 + len(state.history())
    assert "seen:" not in state.observation_string(0)
    public = pyspiel.IIGObservationType(perfect_recall=False, public_info=False)
    assert game.make_py_observer(public).string_from(state, 0) == ""  # no Secret Decades, nothing private


def test_serialisation_is_the_action_ids_replayed_and_checked():
    game = pyspiel.load_game("python_exhibition(players=3,variations=links)")
    state = random_state(game, seed=4, steps=50)
    text = state.serialize()
    assert text.splitlines() == [str(a) for a in state.history()]
    back = game.deserialize_state(text)
    assert str(back) == str(state) and back.history() == state.history()
    with pytest.raises(NotationError):
        game.deserialize_state("3\nseven")
    with pytest.raises((IllegalAction, ArgumentError)):
        game.deserialize_state("\n".join([*text.splitlines()[:18], "124"]))  # an action during the deal (R5)
    # OpenSpiel's own format works too
    again_game, again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert str(again) == str(state) and str(again_game) == str(game)


def test_an_illegal_action_is_refused_naming_the_rule():
    game = pyspiel.load_game("python_exhibition(players=2)")
    state = random_state(game, seed=2, steps=18)
    before = str(state)
    depot = game.rules.space.depot
    with pytest.raises(IllegalAction) as refused:
        state.apply_action(depot)  # R7 first: a card must be taken before it is placed
    assert refused.value.rule == "R10" and str(state) == before


def test_clones_are_independent_and_cheap_to_make():
    game = pyspiel.load_game("python_exhibition(players=3)")
    state = random_state(game, seed=6, steps=35)
    before = str(state)
    twin, deep = state.clone(), copy.deepcopy(state)
    assert str(twin) == before == str(deep) and twin.history() == state.history()
    if twin.is_chance_node():
        twin.apply_action(twin.chance_outcomes()[0][0])
    else:
        twin.apply_action(twin.legal_actions()[0])
    assert str(twin) != before and str(state) == before and str(deep) == before
    assert len(state.history()) == 35 and len(twin.history()) == 36


def test_returns_follow_the_utility_and_the_rules_score():
    for utility in ("margin", "win", "score"):
        game = pyspiel.load_game(f"python_exhibition(players=3,utility={utility})")
        state = random_state(game, seed=9, steps=100_000)
        assert state.is_terminal()
        returns = state.returns()
        assert returns == list(game.rules.returns(state.rule_state))
        if utility == "win":
            assert sum(returns) == pytest.approx(1.0)
    assert random_state(game, seed=9, steps=50).returns() == [0.0, 0.0, 0.0]  # terminal rewards only


# ---------------------------------------------------------------- Timeline (T1–T8)
@pytest.mark.parametrize(
    "spec, serialize",
    [
        ("python_exhibition_timeline", True),
        ("python_exhibition_timeline(players=5,hand_size=3)", False),
        ("python_exhibition_timeline_practice(mistakes=5)", True),
    ],
)
def test_timeline_random_sim_test(spec, serialize):
    pyspiel.random_sim_test(pyspiel.load_game(spec), num_sims=2, serialize=serialize, verbose=False)


TestOpenSpielApiTimeline = _api_suite("TestOpenSpielApiTimeline", "python_exhibition_timeline(players=3)")


def test_a_timeline_seat_sees_its_own_hand_only():
    game = pyspiel.load_game("python_exhibition_timeline(players=3)")
    state = random_state(game, seed=2, steps=45)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    seat = state.current_player()
    hands = state.rule_state.hands
    text = state.observation_string(seat)
    assert all(f"{card} " in text for card in hands[seat])  # its own cards, by id and subject (T7)
    assert f"hand {(seat + 1) % 3 + 1}: {len(hands[(seat + 1) % 3])} cards" in text  # the others as counts
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    twins = [state.resample_from_infostate(seat, sampler) for _ in range(5)]
    assert any(twin.rule_state.hands != hands for twin in twins)  # what it cannot see is redrawn …
    for twin in twins:  # … and nothing it sees changes
        assert twin.rule_state.hands[seat] == hands[seat]
        assert twin.information_state_string(seat) == state.information_state_string(seat)
        assert np.array_equal(twin.observation_tensor(seat), state.observation_tensor(seat))


def test_timeline_games_declare_their_rules():
    kind = pyspiel.GameType
    game = pyspiel.load_game("python_exhibition_timeline(players=4)")
    assert game.num_players() == 4 and game.rules.hand_size == 5  # T1's table
    assert game.get_type().utility == kind.Utility.CONSTANT_SUM and game.utility_sum() == 1.0
    practice = pyspiel.load_game("python_exhibition_timeline_practice")
    assert practice.num_players() == 1 and practice.get_type().information == kind.Information.PERFECT_INFORMATION
    one, other = (pyspiel.load_game(f"python_exhibition_timeline(deck_seed={k})").rules.deck for k in (0, 1))
    assert sorted(c.year for c in one) == sorted(c.year for c in other) and one != other  # ids hide years (T7)
    with pytest.raises(ArgumentError) as refused:
        pyspiel.load_game("python_exhibition_timeline(players=1)")
    assert refused.value.rule == "T1"
    finished = random_state(game, seed=4, steps=100_000)
    assert finished.is_terminal() and sum(finished.returns()) == pytest.approx(1.0)  # the winners share 1 (T5)
