"""OpenSpiel's ``max_game_length`` counts decisions only (chance outcomes not counted) and is
tight for Exhibition: the longest games a lengthening policy builds — white cards taken when
they can be, hall spots before the Depot, never an early end (R10a) — reach it alone and never
pass it with any number of seats."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import exhibition_lab.openspiel  # noqa: E402, F401  (registers the games)
from exhibition_lab.envs import VectorGames  # noqa: E402


def lengthening(games: VectorGames, state, rng: np.random.Generator) -> np.ndarray:
    """Per game the legal id that makes the game longest as far as one step can tell."""
    space, ids = games.rules.space, np.arange(games.num_actions)
    white = np.zeros(games.num_actions, dtype=bool)
    white[[k for k, card in enumerate(games.rules.deck) if card.is_white]] = True
    hall = (ids >= space.place_base) & (ids < space.depot)
    score = (
        rng.random(state.legal_action_mask.shape) + 4 * white + 2 * hall + (ids == space.depot) - 3 * (ids == space.end)
    )
    score[~state.legal_action_mask] = -np.inf
    return np.where(state.terminated, 0, score.argmax(axis=1))


def longest(players: int, n: int, seed: int) -> int:
    games = VectorGames(players, observe=False)
    state = games.reset(n, seed=seed)
    rng = np.random.default_rng(seed)
    decisions = np.zeros(n, dtype=np.int64)
    while not state.terminated.all():
        decisions += ~state.terminated
        state = games.step(lengthening(games, state, rng))
    return int(decisions.max())


def test_the_longest_solo_game_reaches_the_declared_length():
    game = pyspiel.load_game("python_exhibition_solo")
    assert longest(1, 4096, seed=0) == game.max_game_length() == 40  # 19 turns of 2 decisions, 2 white cards


@pytest.mark.parametrize("players", [2, 3, 5])
def test_no_game_is_longer_than_declared(players):
    game = pyspiel.load_game(f"python_exhibition(players={players})")
    built = longest(players, 512, seed=players)
    assert built <= game.max_game_length()
    assert built >= 0.8 * game.max_game_length()  # decisions only: not the 2.7x of every step


def test_openspiel_games_count_decisions_within_the_bound():
    game = pyspiel.load_game("python_exhibition(players=2)")
    rng = np.random.default_rng(3)
    for _ in range(3):
        state, decisions = game.new_initial_state(), 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
            else:
                decisions += 1
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.integers(len(legal)))])
        assert 0 < decisions <= game.max_game_length()
