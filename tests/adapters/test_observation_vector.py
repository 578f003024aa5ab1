"""The one-state observation vector (what OpenSpiel, PettingZoo and Gymnasium read at every
decision) is the batch encoder's, bit for bit: every seat, every kind of private information,
1 to 5 players, variation layouts and Secret Decades (V7), from the deal to the end."""

from __future__ import annotations

import numpy as np
import pytest

import exhibition_lab as xl
from exhibition_lab.games.exhibition.observation import Observer
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
