"""The game protocol: Exhibition passes the shared conformance test (explicit chance for the
deal R5, the refills R9 and Secret Decades V7; integer actions; pure steps; views that hide
only what they must), and a game's save file round-trips after every action."""

from __future__ import annotations

import numpy as np
import pytest

import exhibition_lab as xl
from exhibition_lab.core.conformance import ConformanceError, check_random_plays
from exhibition_lab.core.history import History
from exhibition_lab.core.protocol import CHANCE, TERMINAL
from exhibition_lab.games.exhibition.rules.turns import Setup

LAYOUTS = [(), ("links", "short_era"), ("spread_the_years", "one_decade", "antiquity"), ("unique_decades",)]
NAMES = ("Ann", "Bob", "Cy", "Di", "Ed")


@pytest.mark.parametrize("players", [1, 2, 3, 5])
@pytest.mark.parametrize("variations", LAYOUTS)
@pytest.mark.parametrize("secret_decades", [False, True])
def test_exhibition_follows_the_protocol(players, variations, secret_decades):
    setup = Setup(NAMES[:players], xl.Layout.base().with_variations(*variations), secret_decades=secret_decades)
    report = check_random_plays(setup, plays=2, seed=players)
    assert report.chance_steps >= 2 * (18 + (players if secret_decades else 0))  # R5, V7 dealt as chance
    assert report.decisions > 0 and report.longest <= setup.info.max_game_length


@pytest.mark.parametrize("utility", ["margin", "win", "score"])
def test_returns_stay_in_the_declared_range(utility):
    setup = Setup(NAMES[:3], utility=utility)
    check_random_plays(setup, plays=3, seed=7, resamples=0)


@pytest.mark.parametrize("players", [1, 2, 4])
def test_games_written_and_read_back_after_every_action(players):
    layout = xl.Layout.base().with_variations("links")

    def start(k: int) -> xl.Game:
        return xl.Game.new(NAMES[:players], seed=100 + k, layout=layout, secret_decades=players > 1)

    setup = start(0).setup
    check_random_plays(setup, plays=2, seed=players, start=start, roundtrip=lambda g: xl.Game.from_json(g.to_json()))


def test_v7_views_hide_other_decades_and_resample_redraws_them():
    setup = Setup(NAMES[:3], secret_decades=True)
    rng = np.random.default_rng(1)
    state = setup.initial()
    for _ in range(30):  # dealt, and a few steps in
        moves = setup.legal_moves(state)
        state = setup.next_state(state, moves[int(rng.integers(len(moves)))])
    while setup.current_player(state) == CHANCE or state.phase is not xl.Phase.TAKE:
        state = setup.next_state(state, setup.legal_moves(state)[0])
    seen = {setup.resample(state, 0, rng).secret_decades[1:] for _ in range(40)}
    assert len(seen) > 5  # what seat 0 cannot see is drawn anew
    assert all(setup.view(setup.resample(state, 0, rng), 0) == setup.view(state, 0) for _ in range(10))
    assert setup.view(state, 0).secret_decades[1:] == (None, None)


def test_conformance_catches_a_view_that_shows_hidden_things():
    class Leaky(Setup):
        def view(self, state, seat):
            return (super().view(state, seat), state.secret_decades)

    with pytest.raises(ConformanceError, match="view changed"):
        check_random_plays(Leaky(NAMES[:2], secret_decades=True), plays=1)


def test_a_game_is_a_history_whose_undo_takes_back_the_refill():
    game = xl.Game.new(2, seed=3)
    assert isinstance(game, History) and game.current == 0 and game.rules == game.setup
    take = next(a for a in game.legal_actions() if not a.card.is_white)
    stock = game.state.stock
    game.apply(take)
    assert [s.player for s in game.steps] == [0, CHANCE]  # the take, then the refill (R9)
    assert len(game.state.stock) == len(stock) - 1
    assert game.undo() == take and game.state.stock == stock and game.steps == ()
    while not game.is_over:
        game.apply(game.legal_actions()[-1])
    assert game.setup.current_player(game.state) == TERMINAL and len(game.returns()) == 2
