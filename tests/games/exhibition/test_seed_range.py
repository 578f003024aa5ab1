"""One seed range at every entry point of the game: 0 ≤ seed < 2**63, a whole number.

A seed outside it would be recorded in a save file that no reader accepts back, so every
entry point refuses it with an ArgumentError before anything is dealt.
"""

from __future__ import annotations

import numpy as np
import pytest

import exhibition_lab as xl
from exhibition_lab.core.seeding import MAX_SEED
from exhibition_lab.games.exhibition.odds import play_outs
from exhibition_lab.games.exhibition.session import PlaySession
from exhibition_lab.games.exhibition.simulate import game_seeds, simulate
from tests.games.exhibition.fuzzing import check_refusal

BAD_SEEDS = [-1, MAX_SEED, 2**64, 1.5, "7", True, [7], np.float64(3.0)]

ENTRY_POINTS = {
    "Game.new": lambda seed: xl.Game.new(2, seed=seed),
    "Game.from_position": lambda seed: xl.Game.from_position(xl.Game.new(2, seed=1).position(), seed=seed),
    "simulate": lambda seed: simulate(1, ["random"], seed=seed, progress=False, engine="scalar"),
    "simulate, batch": lambda seed: simulate(1, ["random"], seed=seed, progress=False, engine="batch"),
    "game_seeds": lambda seed: game_seeds(seed, 3),
    "play_outs": lambda seed: play_outs(1, "random", seed=seed, progress=False),
    "PlaySession.new": lambda seed: PlaySession.new(("human", "random"), seed=seed),
}


@pytest.mark.parametrize("entry", list(ENTRY_POINTS))
@pytest.mark.parametrize("seed", BAD_SEEDS, ids=repr)
def test_every_entry_point_refuses_a_seed_outside_the_range(entry, seed):
    with pytest.raises(xl.ArgumentError) as err:
        ENTRY_POINTS[entry](seed)
    check_refusal(err.value, xl.ArgumentError)
    assert "2**63" in str(err.value)


@pytest.mark.parametrize("seed", [0, 7, MAX_SEED - 1, np.int64(MAX_SEED - 1), np.uint64(12)])
def test_the_largest_seed_deals_a_game_that_saves_and_loads(seed):
    game = xl.Game.new(2, seed=seed)
    game.apply(game.legal_actions()[0])
    assert game.seed == int(seed) and type(game.seed) is int
    assert xl.Game.from_json(game.to_json()) == game
    started = xl.Game.from_position(game.position(), seed=seed)
    assert xl.Game.from_json(started.to_json()) == started


def test_seeds_derived_for_a_run_stay_in_the_range():
    seeds = game_seeds(MAX_SEED - 1, 1000)
    assert seeds.max() < MAX_SEED and seeds.min() >= 0


def test_a_seed_recorded_with_a_deal_is_the_one_that_deals_it():
    # the save file replays the seed's shuffle, so a deal from elsewhere cannot carry it (R5)
    game = xl.Game.new(2, seed=5)
    assert xl.Game(game.players, game.deal, seed=5) == game
    with pytest.raises(xl.ArgumentError, match="does not match seed 6") as err:
        xl.Game(game.players, game.deal, seed=6)
    check_refusal(err.value, xl.ArgumentError)
    with pytest.raises(xl.ArgumentError):
        xl.Game(game.players, game.deal, seed=MAX_SEED)
    unseeded = xl.Game(game.players, game.deal)
    unseeded.apply(unseeded.legal_actions()[0])
    assert xl.Game.from_json(unseeded.to_json()) == unseeded


def test_a_stock_given_with_a_seed_is_the_one_the_seed_shuffles():
    text = xl.Game.new(2, seed=5).position()
    shuffled = xl.Game.from_position(text, seed=9)
    again = xl.Game.from_position(text, seed=9, stock=shuffled.stock_order)
    assert again == shuffled and xl.Game.from_json(again.to_json()) == again
    with pytest.raises(xl.ArgumentError, match="does not match seed 9"):
        xl.Game.from_position(text, seed=9, stock=shuffled.stock_order[::-1])
    reversed_stock = xl.Game.from_position(text, stock=shuffled.stock_order[::-1])
    assert xl.Game.from_json(reversed_stock.to_json()) == reversed_stock
