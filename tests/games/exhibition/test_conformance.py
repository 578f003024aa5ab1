"""Random-simulation conformance at scale (run with ``-m slow``; ``make test`` includes it).

20,000 games over 1–5 players × every variation layout × Secret Decade on and off. At every
step: 101 cards conserved, every hall legal, a cloned game equal to the original, ``undo()``
restoring exactly the previous state, JSON round trips at powers-of-two steps, and no legal
action once the game is over. Games run on two processes.
"""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context

import numpy as np
import pytest

import exhibition_lab as xl
from tests.helpers.layouts import VARIATION_SETS

LAYOUTS = VARIATION_SETS
FULL_GAMES = 20_000
QUICK_GAMES = 160


def check_step(game: xl.Game, before: xl.Game, action, step: int) -> None:
    assert sum(game.card_locations().values()) == len(game.deck)
    for seat, hall in enumerate(game.halls):
        assert hall.is_legal(game.others(seat), players=game.n_players)
    assert game.copy() == game
    undone = game.copy()
    assert undone.undo() == action and undone == before
    if step & (step - 1) == 0:
        assert xl.Game.from_json(game.to_json()) == game
    if game.is_over:
        assert game.legal_actions() == [] and all(game.final)


def play_case(index: int) -> tuple[int, int]:
    """Play game ``index`` of the grid with every check; returns (1, steps)."""
    players = 1 + index % 5
    variations = LAYOUTS[(index // 5) % len(LAYOUTS)]
    secret = bool((index // (5 * len(LAYOUTS))) % 2)
    game = xl.Game.new(players, seed=index, layout=xl.Layout.base().with_variations(*variations), secret_decades=secret)
    rng = np.random.default_rng(index)
    step = 0
    while not game.is_over:
        actions = game.legal_actions()
        assert actions
        action = actions[rng.integers(len(actions))]
        before = game.copy()
        game.apply(action)
        step += 1
        check_step(game, before, action, step)
    assert xl.Game.from_json(game.to_json()) == game
    return 1, step


def run(n_games: int) -> tuple[int, int]:
    with ProcessPoolExecutor(max_workers=2, mp_context=get_context("fork")) as pool:
        results = list(pool.map(play_case, range(n_games), chunksize=50))
    return sum(r[0] for r in results), sum(r[1] for r in results)


def test_conformance_quick_subset():
    games, steps = run(QUICK_GAMES)
    assert games == QUICK_GAMES and steps > QUICK_GAMES * 10


@pytest.mark.slow
def test_conformance_full():
    games, steps = run(FULL_GAMES)
    print(f"conformance: {games} games, {steps} steps checked")
    assert games == FULL_GAMES
