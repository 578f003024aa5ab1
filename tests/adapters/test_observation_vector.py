"""The one-state observation vector (what OpenSpiel, PettingZoo and Gymnasium read at every
decision) is the batch encoder's, bit for bit: every seat, every kind of private information,
1 to 5 players, variation layouts and Secret Decades (V7), from the deal to the end."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import numpy as np
import pytest

import exhibition_lab as xl
from exhibition_lab.games.exhibition.observation import Observer
from exhibition_lab.games.exhibition.rules.hall import Hall
from exhibition_lab.games.exhibition.rules.layout import Layout


@pytest.mark.parametrize(
    ("players", "variations", "secret"),
    [(1, (), False), (2, ("short_era",), False), (3, ("links",), True), (5, (), True)],
)
def test_the_one_state_vector_is_the_batch_encoders(players, variations, secret):
    for seed in range(4):
        game = xl.Game.new(players, seed=seed, secret_decades=secret, layout=Layout.base().with_variations(*variations))
        observer = Observer(game.setup)
        rng = np.random.default_rng(seed)
        while True:
            for seat in range(players):
                for private in ("own", "all", "none"):
                    fast = observer.vector(game.state, seat, private=private)
                    assert np.array_equal(fast, observer.vector_from_fields(game.state, seat, private=private))
            if game.is_over:
                break
            actions = game.legal_actions()
            game.apply(actions[rng.integers(len(actions))])


@pytest.mark.parametrize(("players", "variations", "secret"), [(3, (), True), (4, ("links",), False), (1, (), True)])
def test_the_vector_is_the_batch_encoders_whatever_order_states_are_asked_in(players, variations, secret):
    """The observer redraws only what changed since the state it was last asked about: states
    of many games asked in a shuffled order (as a search jumps between worlds), each seat and
    kind of private information (V7), still give the batch encoder's vector bit for bit."""
    layout = Layout.base().with_variations(*variations)
    states = []
    for seed in range(6):
        game = xl.Game.new(players, seed=seed, secret_decades=secret, layout=layout)
        rng = np.random.default_rng(seed)
        states.append(game.state)
        while not game.is_over:
            actions = game.legal_actions()
            game.apply(actions[rng.integers(len(actions))])
            states.append(game.state)
    observer = Observer(game.setup)
    rng = np.random.default_rng(99)
    for k in rng.permutation(len(states)):
        seat, private = int(rng.integers(players)), ("own", "all", "none")[int(rng.integers(3))]
        fast = observer.vector(states[k], seat, private=private)
        assert np.array_equal(fast, observer.vector_from_fields(states[k], seat, private=private))


def test_a_card_of_another_deck_is_read_by_equality_and_leaves_the_observer_right():
    """A state whose cards are equal to the deck's but other objects (a state read back from
    text, say) gives the same vector, and the next state asked for is drawn right (R5)."""
    game = xl.Game.new(2, seed=3)
    rng = np.random.default_rng(3)
    for _ in range(25):
        actions = game.legal_actions()
        game.apply(actions[rng.integers(len(actions))])
    state = game.state
    copied = state._replace(
        stock=tuple(dataclasses.replace(card) for card in state.stock),
        market=tuple(tuple(dataclasses.replace(card) for card in cards) for cards in state.market),
    )
    assert copied == state and copied.stock[0] is not state.stock[0]
    observer = Observer(game.setup)
    for asked in (state, copied, state):
        assert np.array_equal(observer.vector(asked, 1), observer.vector_from_fields(state, 1))
    # a hall whose first card is the deck's and whose second is an equal copy (R10)
    seat = max(range(2), key=lambda s: len(state.halls[s].cards()))
    hall = state.halls[seat]
    spots = [(k, j) for k, cards in enumerate(hall.showcases) for j, card in enumerate(cards) if card is not None]
    assert len(spots) >= 2
    (k1, j1), (k2, j2) = spots[0], spots[-1]
    cases = [list(cards) for cards in hall.showcases]
    cases[k2][j2] = dataclasses.replace(cases[k2][j2])
    mixed = state._replace(
        halls=tuple(
            Hall._make(hall.layout, tuple(map(tuple, cases)), hall.depot) if s == seat else h
            for s, h in enumerate(state.halls)
        )
    )
    emptier = [list(cards) for cards in hall.showcases]
    emptier[k1][j1] = None
    before = state._replace(
        halls=tuple(
            Hall._make(hall.layout, tuple(map(tuple, emptier)), hall.depot) if s == seat else h
            for s, h in enumerate(state.halls)
        )
    )
    for asked, meant in ((before, before), (mixed, state), (before, before), (state, state)):
        for viewer in range(2):
            assert np.array_equal(observer.vector(asked, viewer), observer.vector_from_fields(meant, viewer))


def test_a_copied_or_pickled_observer_draws_on_a_board_of_its_own():
    game = xl.Game.new(3, seed=8)
    observer = Observer(game.setup)
    rng = np.random.default_rng(8)
    for _ in range(20):
        observer.vector(game.state, 0)
        game.apply(game.legal_actions()[rng.integers(len(game.legal_actions()))])
    for twin in (copy.deepcopy(observer), pickle.loads(pickle.dumps(observer))):
        for _ in range(12):
            for seat in range(3):
                expected = observer.vector_from_fields(game.state, seat)
                assert np.array_equal(twin.vector(game.state, seat), expected)
                assert np.array_equal(observer.vector(game.state, seat), expected)
            game.apply(game.legal_actions()[rng.integers(len(game.legal_actions()))])
