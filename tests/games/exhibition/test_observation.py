"""The observation every learning adapter shares: its layout, what each segment holds, and
that a seat sees only what it may (R5: the stock is a set; V7: others' Secret Decades only
at the end)."""

from __future__ import annotations

import numpy as np
import pytest

import exhibition_lab as xl
from exhibition_lab.core.errors import ArgumentError
from exhibition_lab.games.exhibition.observation import (
    CARD_FEATURES,
    PHASES,
    ObservationLayout,
    Observer,
    visible_decades,
)


def played(players: int, seed: int, steps: int, **options) -> xl.Game:
    game = xl.Game.new(players, seed=seed, **options)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if game.is_over:
            break
        actions = game.legal_actions()
        game.apply(actions[rng.integers(len(actions))])
    return game


def test_the_layout_adds_up_and_names_every_segment():
    layout = ObservationLayout(players=3, spots=16, cards=101)
    sizes = {name: int(np.prod(shape)) for name, shape in layout.shapes.items()}
    assert layout.size == sum(sizes.values()) == 1454
    assert list(layout.slices) == list(layout.shapes)
    assert layout.slices["tile"].stop - layout.slices["tile"].start == 6 * 101
    assert ObservationLayout(players=1, spots=16, cards=101).size == 1034


def test_each_segment_holds_what_the_seat_sees():
    game = played(3, seed=11, steps=25, secret_decades=True)
    observer = Observer(game.setup)
    seat = 2
    parts = observer.layout.split(observer.vector(game.state, seat))
    ids = {card: k for k, card in enumerate(game.deck)}
    assert parts["phase"][PHASES.index(game.phase)] == 1 and parts["phase"].sum() == 1
    assert parts["seat"].tolist() == [0, 0, 1]
    assert parts["to_move"][(game.current - seat) % 3] == 1  # relative to the observer
    for c, cards in enumerate(game.state.market):  # R5, R9: the tile, card by card
        assert sorted(np.flatnonzero(parts["tile"][c]).tolist()) == sorted(ids[card] for card in cards)
    assert sorted(np.flatnonzero(parts["unseen"]).tolist()) == sorted(ids[c] for c in game.state.stock)
    own = parts["halls"][0]  # relative seat 0 is the observer
    filled = [card for _, card in game.hall(seat).iter_spots()]
    assert own[:, CARD_FEATURES.index("filled")].tolist() == [float(c is not None) for c in filled]
    for spot, card in enumerate(filled):
        if card is not None and card.year is not None:
            assert own[spot, CARD_FEATURES.index("year")] == pytest.approx((card.year - 1900) / 99)
    assert parts["vehicles"][1].argmax() == game.vehicles[(seat + 1) % 3].index  # the next seat's vehicle
    assert parts["secret_decades"][0].argmax() == (game.secret_decades[seat] - 1900) // 10


def test_a_seat_never_sees_the_others_secret_decades_before_the_end():
    game = played(3, seed=5, steps=10, secret_decades=True)
    observer = Observer(game.setup)
    rng = np.random.default_rng(0)
    for seat in range(3):
        seen = observer.vector(game.state, seat)
        parts = observer.layout.split(seen)
        assert parts["secret_decades"][1:].sum() == 0  # V7
        for _ in range(5):  # what the seat cannot see, drawn anew, changes nothing it sees
            twin = game.setup.resample(game.state, seat, rng)
            assert np.array_equal(observer.vector(twin, seat), seen)
    finished = played(3, seed=5, steps=10_000, secret_decades=True)
    parts = Observer(finished.setup).layout.split(Observer(finished.setup).vector(finished.state, 0))
    assert parts["secret_decades"].sum() == 3  # shown at the end (V7)


def test_the_stock_order_is_not_in_the_observation():
    game = played(2, seed=3, steps=6)
    observer = Observer(game.setup)
    other = xl.Game.from_position(game.position(), seed=99)  # same position, another stock order
    assert other.stock_order != game.stock_order
    assert np.array_equal(observer.vector(other.state, 0), observer.vector(game.state, 0))


def test_spectators_and_the_table_see_more_or_fewer_decades():
    game = played(3, seed=8, steps=4, secret_decades=True)
    state = game.state
    assert sum(d >= 0 for d in visible_decades(state, 0, 3, private="all")) == 3
    assert visible_decades(state, 0, 3, private="none") == [-1, -1, -1]
    with pytest.raises(ArgumentError):
        visible_decades(state, 0, 3, private="everything")


def test_observations_at_chance_nodes_and_before_the_deal():
    setup = xl.Setup(("Ann", "Bob"), secret_decades=True)
    observer = Observer(setup)
    parts = observer.layout.split(observer.vector(setup.initial(), 1))
    assert parts["phase"][PHASES.index(xl.Phase.DEAL)] == 1
    assert parts["unseen"].sum() == 101 and parts["tile"].sum() == 0
