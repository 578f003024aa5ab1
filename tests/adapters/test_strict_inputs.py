"""Every adapter entry refuses what the rules refuse, with the package's own errors and before
any framework or numpy code sees the value: action ids (exact whole numbers of the space), the
vectorised games' actions, ``acting`` masks, rows and deals (R5, V7), seeds (the package's
range), steps after the end (R10c, however the game ended), chance outcomes at a decision node,
serialised states with numbers beyond the ids, Timeline's last round (D16), and a custom deck's
translated subjects through a save."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pyspiel = pytest.importorskip("pyspiel")
gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import exhibition_lab.openspiel  # noqa: E402, F401  (registers the games)
from exhibition_lab.core.errors import ArgumentError, ExhibitionLabError, IllegalAction, NotationError  # noqa: E402
from exhibition_lab.envs import SoloEnv, SoloVectorEnv, VectorGames, env, raw_env  # noqa: E402
from exhibition_lab.games.exhibition.arrays.vector import MAX_GAMES  # noqa: E402
from exhibition_lab.games.exhibition.game import Game  # noqa: E402
from exhibition_lab.games.exhibition.rules.cards import Card, standard_deck  # noqa: E402
from exhibition_lab.games.exhibition.rules.deal import Deal  # noqa: E402
from exhibition_lab.games.exhibition.setups import make_setup  # noqa: E402

QUICK = settings(
    max_examples=150, deadline=None, derandomize=True, database=None, suppress_health_check=list(HealthCheck)
)

#: Values that are not an action id: a bool, floats (even a whole one), text, a complex number,
#: NaN, a one-element array, an array of floats, None, numbers outside the space.
NOT_IDS = [True, np.True_, 3.0, 1.5, float("nan"), float("inf"), "3", 3 + 0j, np.array([3]), np.float64(3.0),
           np.array(3.0), None, [3], -1, 125, 2**64, np.uint64(2**63)]  # fmt: skip


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def legal_id(mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask)[0])


def illegal_id(mask: np.ndarray) -> int:
    return int(np.flatnonzero(~np.asarray(mask, dtype=bool))[0])


def decision_state(game: pyspiel.Game, seed: int = 0) -> pyspiel.State:
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
    return state


# ---------------------------------------------------------------------- action ids
@pytest.mark.parametrize("value", NOT_IDS, ids=repr)
def test_every_single_game_entry_refuses_what_is_not_an_action_id(value):
    solo = SoloEnv()
    solo.reset(seed=1)
    before = solo.play.state
    with pytest.raises(ArgumentError, match="action id"):
        solo.step(value)
    assert solo.play.state is before  # refused before anything moved

    aec = raw_env(2)
    aec.reset(seed=1)
    with pytest.raises(ArgumentError, match="action id"):
        aec.step(value)
    wrapped = env(players=2)
    wrapped.reset(seed=1)
    with pytest.raises(ArgumentError, match="action id"):
        wrapped.step(value)
    assert wrapped.agents == ["player_0", "player_1"]  # no illegal-action ending either

    state = decision_state(pyspiel.load_game("python_exhibition"))
    with pytest.raises(ArgumentError, match="action id"):
        state.apply_action(value)
    assert len(state.history()) == len(decision_state(pyspiel.load_game("python_exhibition")).history())

    rules = make_setup(1)
    with pytest.raises(ArgumentError, match="action id"):
        rules.child(rules.initial(), value)


@pytest.mark.parametrize("kind", [int, np.int64, np.int8, np.uint16, np.array], ids=repr)
def test_exact_whole_numbers_and_zero_d_integer_arrays_are_action_ids(kind):
    solo = SoloEnv()
    _, info = solo.reset(seed=1)
    before = len(solo.play.steps)
    solo.step(kind(legal_id(info["action_mask"])))
    assert len(solo.play.steps) > before


@pytest.mark.parametrize(
    "actions",
    [np.zeros(4), np.zeros(4, dtype=bool), np.zeros(4, dtype=complex), np.zeros((4, 1), dtype=int), [0.0] * 4,
     ["0"] * 4, np.zeros(3, dtype=int), [True] * 4],
    ids=repr,
)  # fmt: skip
def test_vector_games_take_an_integer_array_of_one_id_per_game(actions):
    games = VectorGames(1)
    games.reset(4, seed=1)
    with pytest.raises(ArgumentError, match="actions"):
        games.step(actions)


# ---------------------------------------------------------------------- masks, rows, sizes
@pytest.mark.parametrize(
    "acting",
    [np.ones(4, dtype=int), np.ones(4), [1, 1, 1, 1], np.ones(5, dtype=bool), "yes", 1,
     [0, 0, 0, np.array([0])], [True, True, True, np.array([True])], [True, [True], True, True]],
    ids=repr,
)  # fmt: skip
def test_acting_is_a_boolean_array_of_one_flag_per_game(acting):
    games = VectorGames(1)
    state = games.reset(4, seed=1)
    with pytest.raises(ArgumentError, match="acting"):
        games.step(games.random_actions(state, np.random.default_rng(0)), acting=acting)


def test_a_list_of_four_flags_is_a_mask_of_the_four_games():
    games = VectorGames(1)
    state = games.reset(4, seed=1)
    after = games.step(games.random_actions(state, np.random.default_rng(0)), acting=[True, False, True, False])
    moved = (after.legal_action_mask != state.legal_action_mask).any(axis=1)
    assert moved.tolist() == [True, False, True, False]  # only the games marked acting took their action


@pytest.mark.parametrize(
    "rows", [[-1], [4], [0, 0], np.array([1.0]), np.array([[0]]), "0", [0, 2**63], [-(2**63) - 1]], ids=repr
)
def test_replaced_rows_are_distinct_row_numbers_of_the_batch(rows):
    games = VectorGames(1)
    games.reset(4, seed=1)
    before = games.batch.hand.copy(), games.batch.market.copy()
    with pytest.raises(ArgumentError, match="rows"):
        games.replace_games(rows, np.random.default_rng(0))
    assert (games.batch.market == before[1]).all()


@pytest.mark.parametrize("n", [0, -1, MAX_GAMES + 1, 10**12, 2.0, "4", True, None], ids=repr)
def test_a_batch_size_is_a_whole_number_within_the_limit(n):
    with pytest.raises(ArgumentError):
        VectorGames(1).reset(n)
    with pytest.raises(ArgumentError):
        SoloVectorEnv(num_envs=n)


@pytest.mark.parametrize(
    "kwargs",
    [{"observe": "no"}, {"variations": 5}, {"variations": [1]}, {"mid_century": 3}, {"secret_decades": "yes"},
     {"players": 9}, {"players": 2.0}, {"utility": "money"}],
    ids=repr,
)  # fmt: skip
def test_constructor_arguments_are_refused_with_argument_errors(kwargs):
    with pytest.raises(ArgumentError):
        VectorGames(**kwargs)


@pytest.mark.parametrize("value", ["x", float("nan"), float("inf"), True, [1]], ids=repr)
def test_illegal_rewards_are_finite_real_numbers(value):
    with pytest.raises(ArgumentError, match="illegal_reward"):
        SoloEnv(illegal_reward=value)
    with pytest.raises(ArgumentError, match="illegal_reward"):
        env(illegal_reward=value)


# ---------------------------------------------------------------------- deals (R5, V7)
def moved(deal: Deal, **changes) -> Deal:
    return Deal(**{"market": deal.market, "stock": deal.stock, "secret_decades": deal.secret_decades, **changes})


def bad_deals() -> dict[str, tuple[Deal, str]]:
    deal = Game.new(1, seed=3).deal
    secret = Game.new(1, seed=3, secret_decades=True).deal
    market = [list(cards) for cards in deal.market]
    return {
        "missing card": (moved(deal, stock=deal.stock[1:]), "R5"),
        "repeated card": (moved(deal, stock=(*deal.stock[1:], deal.stock[2])), "R5"),
        "unsorted continent": (moved(deal, market=(tuple(reversed(market[0])), *deal.market[1:])), "R5"),
        "two cards at a continent": (moved(deal, market=(tuple(market[0][:2]), *deal.market[1:])), "R5"),
        "decade out of range": (moved(secret, secret_decades=(1905,)), "V7"),
        "a decade too many": (moved(secret, secret_decades=(1900, 1910)), "V7"),
        "decades without the variant": (secret, "V7"),
    }


@pytest.mark.parametrize("name", list(bad_deals()))
def test_reset_to_refuses_every_deal_the_rules_forbid(name):
    deal, rule = bad_deals()[name]
    games = VectorGames(1)
    with pytest.raises(ArgumentError) as refused:
        games.reset_to([deal])
    assert refused.value.rule == rule
    assert games.batch is None


def test_reset_to_wants_decades_where_the_rules_deal_them_and_a_list_of_deals():
    with pytest.raises(ArgumentError, match="V7"):
        VectorGames(1, secret_decades=True).reset_to([Game.new(1, seed=3).deal])
    for deals in ([], None, Game.new(1, seed=3).deal, ["deal"]):
        with pytest.raises(ArgumentError):
            VectorGames(1).reset_to(deals)


@st.composite
def mutated_deals(draw):
    deal = Game.new(1, seed=draw(st.integers(0, 50)), secret_decades=draw(st.booleans())).deal
    cards = [c for cards in deal.market for c in cards] + list(deal.stock)
    kind = draw(st.sampled_from(["swap", "drop", "double", "decades", "none"]))
    if kind == "swap":
        i, j = draw(st.integers(0, len(cards) - 1)), draw(st.integers(0, len(cards) - 1))
        cards[i], cards[j] = cards[j], cards[i]
    elif kind == "drop":
        del cards[draw(st.integers(0, len(cards) - 1))]
    elif kind == "double":
        cards.insert(draw(st.integers(0, len(cards))), cards[draw(st.integers(0, len(cards) - 1))])
    decades = deal.secret_decades
    if kind == "decades":
        decades = tuple(draw(st.lists(st.integers(1890, 2000), min_size=0, max_size=2)))
    market = tuple(tuple(cards[3 * k : 3 * k + 3]) for k in range(6))
    return Deal(market, tuple(cards[18:]), decades)


@QUICK
@given(mutated_deals())
def test_reset_to_takes_exactly_the_deals_a_game_takes(deal):
    """The vectorised games and :class:`Game` share one check of a deal (R5, V7)."""
    try:
        game = Game(["Ann"], deal)
    except ArgumentError:
        game = None
    games = VectorGames(1, secret_decades=deal.secret_decades is not None)
    if game is None:
        with pytest.raises(ArgumentError):
            games.reset_to([deal])
    else:
        state = games.reset_to([deal])
        assert state.legal_action_mask[0].sum() == len(game.legal_actions())


# ---------------------------------------------------------------------- after the end (R10c)
def test_the_solo_env_refuses_steps_after_an_illegal_action_ended_it():
    solo = SoloEnv()
    _, info = solo.reset(seed=1)
    _, _, terminated, _, info = solo.step(illegal_id(info["action_mask"]))
    assert terminated and info["illegal_action"]
    with pytest.raises(IllegalAction) as refused:
        solo.step(legal_id(info["action_mask"]))
    assert refused.value.rule == "R10c"
    solo.reset(seed=1)
    solo.step(legal_id(solo.action_masks()))  # a reset starts afresh


def test_the_solo_env_refuses_steps_after_the_game_ended():
    solo = SoloEnv()
    _, info = solo.reset(seed=2)
    terminated = False
    while not terminated:
        _, _, terminated, _, info = solo.step(legal_id(info["action_mask"]))
    with pytest.raises(IllegalAction, match="R10c"):
        solo.step(0)


@pytest.mark.parametrize("make", [lambda: raw_env(2), lambda: env(players=2)], ids=["raw_env", "env"])
def test_pettingzoo_refuses_a_step_after_every_agent_left(make):
    aec = make()
    aec.reset(seed=4)
    for agent in aec.agent_iter():
        observation, _, terminated, truncated, _ = aec.last()
        aec.step(None if terminated or truncated else legal_id(observation["action_mask"]))
        assert agent
    assert aec.agents == []
    with pytest.raises(IllegalAction) as refused:
        aec.step(0)
    assert refused.value.rule == "R10c"


def test_the_wrapped_pettingzoo_env_refuses_steps_after_an_illegal_action_ended_it():
    aec = env(players=2)
    aec.reset(seed=4)
    observation, *_ = aec.last()
    aec.step(illegal_id(observation["action_mask"]))
    for _ in aec.agents[:]:
        aec.step(None)
    assert aec.agents == []
    with pytest.raises(IllegalAction, match="R10c"):
        aec.step(0)


def test_vector_games_refuse_a_step_once_every_game_is_over():
    games = VectorGames(1, observe=False)
    state = games.reset(3, seed=1)
    rng = np.random.default_rng(1)
    while not state.terminated.all():
        state = games.step(games.random_actions(state, rng))
    with pytest.raises(IllegalAction, match="R10c"):
        games.step(np.zeros(3, dtype=np.int64))


def test_openspiel_refuses_an_action_after_the_end():
    game = pyspiel.load_game("python_exhibition_solo")
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.integers(len(legal)))])
    with pytest.raises(IllegalAction, match="R10c"):
        state.apply_action(0)


# ---------------------------------------------------------------------- seeds
@pytest.mark.parametrize("seed", [-1, 2**63, 2**64, 1.5, "7", True], ids=repr)
def test_every_env_takes_the_package_seeds_only(seed):
    for environment in (SoloEnv(), SoloVectorEnv(num_envs=2), raw_env(2)):
        with pytest.raises(ArgumentError, match="seed"):
            environment.reset(seed=seed)
    with pytest.raises(ArgumentError, match="seed"):
        VectorGames(1).reset(2, seed=seed)


def test_the_largest_package_seed_deals_the_same_game_everywhere():
    seed = 2**63 - 1
    solo = SoloEnv()
    solo.reset(seed=seed)
    again = SoloEnv()
    again.reset(seed=seed)
    assert solo.play.state == again.play.state


# ---------------------------------------------------------------------- OpenSpiel
def test_chance_outcomes_are_asked_at_chance_nodes_only():
    for name in ("python_exhibition", "python_exhibition_timeline"):
        state = decision_state(pyspiel.load_game(name))
        with pytest.raises(ArgumentError, match="not a chance node"):
            state.chance_outcomes()


@pytest.mark.parametrize("text", ["9" * 30, "9" * 5000, "125", "0\n" + "1" * 40, "-1", "1.0"], ids=lambda t: t[:12])
def test_deserialize_state_refuses_numbers_beyond_the_ids(text):
    game = pyspiel.load_game("python_exhibition")
    with pytest.raises(NotationError):
        game.deserialize_state(text)


@pytest.mark.parametrize("rounds", [10**6 + 1, 10**8, 2**31 - 1])
def test_timeline_refuses_a_last_round_past_what_its_game_info_holds(rounds):
    with pytest.raises(ArgumentError) as refused:
        pyspiel.load_game(f"python_exhibition_timeline(max_rounds={rounds})")
    assert refused.value.rule == "D16"
    game = pyspiel.load_game("python_exhibition_timeline(max_rounds=1000000)")
    assert 0 < game.max_game_length() < 2**31


# ---------------------------------------------------------------------- saves
def test_a_save_of_a_custom_deck_keeps_its_translated_subjects():
    deck = tuple(
        Card(c.year, c.continent, f"Own {k}", (("es", f"Propio {k}"), ("ja", f"独自 {k}")))
        for k, c in enumerate(standard_deck())
    )
    game = Game.new(2, seed=3, deck=deck)
    loaded = Game.from_json(game.to_json())
    assert loaded == game
    assert [c.title_in("es") for c in loaded.deck] == [c.title_in("es") for c in deck]
    assert [c.title_in("ja") for c in loaded.deck] == [c.title_in("ja") for c in deck]
    plain = Game.new(2, seed=3, deck=tuple(Card(c.year, c.continent, f"Own {k}") for k, c in enumerate(deck)))
    assert Game.from_json(plain.to_json()).deck[0].titles == ()


# ---------------------------------------------------------------------- anything at all
ANYTHING = st.one_of(
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.text(max_size=5),
    st.complex_numbers(),
    st.none(),
    st.lists(st.integers(0, 130), max_size=2),
    st.integers(0, 130).map(np.int64),
    st.integers(0, 130).map(np.array),
    st.integers(0, 130).map(lambda k: np.array([k])),
    st.floats(0, 130).map(np.float32),
)


def accepted(value, mask) -> bool:
    whole = (isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))) or (
        isinstance(value, np.ndarray) and value.shape == () and value.dtype.kind == "i"
    )
    return whole and 0 <= int(value) < len(mask) and bool(mask[int(value)])


@QUICK
@given(st.lists(ANYTHING, min_size=1, max_size=6))
def test_any_value_given_to_any_single_game_entry_is_played_or_refused_by_the_package(values):
    """Fuzzed actions for the Gymnasium, PettingZoo and OpenSpiel entries: a legal exact id is
    played; anything else raises the package's error, and the game is where it was."""
    solo = SoloEnv(illegal_action="raise")
    solo.reset(seed=5)
    aec = raw_env(2)
    aec.reset(seed=5)
    spiel = decision_state(pyspiel.load_game("python_exhibition"), seed=5)
    for value in values:
        if spiel.is_chance_node() or spiel.is_terminal():
            spiel = decision_state(pyspiel.load_game("python_exhibition"), seed=6)
        at = spiel
        for mask, step, where in (
            (solo.action_masks(), solo.step, lambda: len(solo.play.steps)),
            (aec.observe(aec.agent_selection)["action_mask"], aec.step, lambda: len(aec.play.steps)),
            (at.legal_actions_mask(), at.apply_action, lambda: len(at.history())),  # noqa: B023  (called at once)
        ):
            before = where()
            if accepted(value, mask):
                step(value)
                assert where() > before
            else:
                with pytest.raises(ExhibitionLabError):
                    step(value)
                assert where() == before


ARRAYS = st.one_of(
    st.integers(0, 6).flatmap(lambda n: st.lists(st.integers(-3, 130), min_size=n, max_size=n).map(np.array)),
    st.lists(st.floats(0, 130), min_size=4, max_size=4).map(np.array),
    st.lists(st.booleans(), min_size=4, max_size=4).map(np.array),
    st.lists(ANYTHING, min_size=4, max_size=4),
    ANYTHING,
)


@QUICK
@given(ARRAYS, st.one_of(st.none(), ARRAYS), st.one_of(ARRAYS, st.just(np.array([0, 3]))))
def test_any_value_given_to_the_vector_games_is_played_or_refused_by_the_package(actions, acting, rows):
    games = VectorGames(1, observe=False)
    state = games.reset(4, seed=5)
    try:
        after = games.step(actions, acting=acting)
    except ExhibitionLabError:
        assert (games.state().legal_action_mask == state.legal_action_mask).all()
    else:
        assert isinstance(actions, (np.ndarray, list)) and len(actions) == 4
        assert after.legal_action_mask.shape == (4, games.num_actions)
    try:
        games.replace_games(rows, np.random.default_rng(0))
    except ExhibitionLabError:
        pass
    else:
        assert len(rows) == 0 or (np.asarray(rows).ndim == 1 and np.asarray(rows).dtype.kind in "iu")
