"""The vectorised environment writes its observations straight from the batch's arrays and
keeps them from step to step, rewriting only what a step changed (a take and its refill,
R7–R9; a placement, R10–R10c; a new seat to move): at every step of games of 1 to 5 players,
variation layouts and Secret Decades (V7), through resets, games dealt anew in place of
finished ones and batches of other sizes, they are the batch encoder's numbers bit for bit; a
snapshot once returned never changes while anything refers to it, and with ``copy=False`` one
array is written over at every step."""

from __future__ import annotations

import weakref

import numpy as np
import pytest

from exhibition_lab.core.errors import ArgumentError
from exhibition_lab.envs import VectorGames
from exhibition_lab.games.exhibition.arrays import stepwise
from exhibition_lab.games.exhibition.game import Game
from exhibition_lab.games.exhibition.observation import encode


def reference(games: VectorGames) -> np.ndarray:
    """The batch encoder's observations of the games as they stand."""
    return encode(games.layout, games._features, stepwise.fields(games.rules, games.batch))


@pytest.mark.parametrize(
    ("players", "variations", "secret"),
    [
        (1, (), False),
        (1, ("links",), True),
        (2, ("short_era",), True),
        (3, ("links",), True),
        (4, (), False),
        (5, (), True),
    ],
)
def test_every_step_shows_the_batch_encoders_observation(players, variations, secret):
    games = VectorGames(players, variations=variations, secret_decades=secret)
    rng = np.random.default_rng(players)
    state = games.reset(40, seed=players)
    steps = 0
    while not state.terminated.all():
        assert np.array_equal(state.observation, reference(games)), steps
        state = games.step(games.random_actions(state, rng))
        steps += 1
    assert np.array_equal(state.observation, reference(games))  # R10c: the end, every Secret Decade shown (V7)
    assert steps > 20


@pytest.mark.parametrize("players", [1, 3])
def test_games_dealt_anew_and_batches_of_other_sizes_show_their_own_observation(players):
    games = VectorGames(players, secret_decades=True)
    rng = np.random.default_rng(5)
    state = games.reset(50, seed=5)
    for k in range(160):
        if state.terminated.all():
            state = games.reset(37 + k % 5, seed=k)
        assert np.array_equal(state.observation, reference(games)), k
        if k % 7 == 3:  # finished games and every fifth game dealt anew in place (R5)
            rows = np.flatnonzero(state.terminated | (np.arange(len(state.terminated)) % 5 == 0))
            games.replace_games(rows, rng)
            state = games.state()
        else:
            state = games.step(games.random_actions(state, rng))


def test_a_snapshot_kept_or_dropped_never_changes():
    """Observations the caller still holds are never written over by a later step, however
    many steps were dropped in between (pgx's State)."""
    games = VectorGames(3)
    rng = np.random.default_rng(2)
    state = games.reset(24, seed=2)
    held = []
    for k in range(60):
        if k % 4 == 0:
            held.append((state.observation, state.observation.copy()))
        state = games.step(games.random_actions(state, rng))
        if state.terminated.all():
            break
    part = state.observation[:, :100]  # a view keeps its whole batch from being reused
    copy = part.copy()
    for _ in range(3):
        if state.terminated.all():
            break
        state = games.step(games.random_actions(state, rng))
    assert np.array_equal(part, copy)
    assert len(held) > 10
    for seen, copied in held:
        assert np.array_equal(seen, copied)


def test_random_actions_pick_the_kth_legal_id_of_each_game():
    """Each game's pick is its k-th legal id, ascending, k drawn uniformly from the rng's
    numbers; a game with no legal action gets 0."""
    games = VectorGames(2)
    state = games.reset(30, seed=4)
    rng = np.random.default_rng(4)
    for _ in range(20):
        mask = state.legal_action_mask
        draws = np.random.default_rng(11).random(len(mask))
        picks = games.random_actions(state, np.random.default_rng(11))
        for row in range(len(mask)):
            legal = np.flatnonzero(mask[row])
            expected = legal[int(draws[row] * len(legal))] if len(legal) else 0
            assert picks[row] == expected
        state = games.step(games.random_actions(state, rng))


def test_a_dropped_snapshot_gives_its_board_back_and_a_held_one_never():
    """Once nothing refers to an observation its board shows the games again two steps on
    (no copy of the batch); an array, a view or a memoryview still held keeps its board."""
    games = VectorGames(3, secret_decades=True)
    rng = np.random.default_rng(8)
    state = games.reset(30, seed=8)
    boards = set()
    for _ in range(6):
        boards.add(id(state.observation.base))
        state = games.step(games.random_actions(state, rng))
    assert len(boards | {id(state.observation.base)}) == 2  # two boards in turn, none copied
    older = weakref.ref(state.observation.base)
    state = games.step(games.random_actions(state, rng))
    state = games.step(games.random_actions(state, rng))
    assert older() is state.observation.base  # the one dropped two steps ago, written again
    with pytest.raises(ValueError, match="read-only"):  # its board's next step starts from it
        state.observation[0, 0] = 1.0
    for hold in (np.asarray, lambda board: board[3:, 5:], memoryview):
        held = hold(state.observation)
        kept = np.array(held, copy=True)
        for _ in range(3):
            state = games.step(games.random_actions(state, rng))
            assert np.array_equal(state.observation, reference(games))
        assert np.array_equal(np.asarray(held), kept)
        del held


def test_without_copies_one_board_shows_every_step():
    """``copy=False``, as a Gymnasium vector environment's: the same memory every step, written
    over with the games' observation, bit for bit the batch encoder's (R10c: to the end), and
    read-only."""
    games = VectorGames(2, secret_decades=True, copy=False)
    rng = np.random.default_rng(6)
    state = games.reset(25, seed=6)
    board = state.observation
    while not state.terminated.all():
        state = games.step(games.random_actions(state, rng))
        assert state.observation.base is board.base
        assert np.array_equal(board, reference(games))
    assert not board.flags.writeable
    with pytest.raises(ArgumentError):
        VectorGames(2, copy="no")


@pytest.mark.parametrize("copy", [True, False])
@pytest.mark.parametrize("players", [1, 2, 3])
def test_part_of_the_batch_moving_new_deals_and_dealt_games_show_their_own_observation(players, copy):
    """The boards keep each game as they last showed it, so games that move while others
    wait (``acting``), games dealt anew in place of others (R5) and a whole batch dealt as
    given deals (``reset_to``) must still show, every step and on either board, what the
    batch encoder writes from scratch: the halls and Depots in the order of each game's own
    seat to move (R10, R10c), the tile after each take and refill (R7–R9), the unseen cards."""
    games = VectorGames(players, secret_decades=True, copy=copy)
    rng = np.random.default_rng(20 + players)
    n = 24
    state = games.reset(n, seed=players)
    moved = 0
    for k in range(300):
        assert np.array_equal(state.observation, reference(games)), k
        if state.terminated.all() or k % 97 == 96:
            deals = [Game.new(players, seed=rng, secret_decades=True).deal for _ in range(n)]
            state = games.reset_to(deals)
        elif k % 11 == 5:
            rows = np.flatnonzero(state.terminated | (rng.random(n) < 0.2))
            games.replace_games(rows, rng)
            state = games.state()
        else:
            acting = rng.random(n) < 0.6
            moved += int((acting & ~state.terminated).sum())
            state = games.step(games.random_actions(state, rng), acting=acting)
    assert np.array_equal(state.observation, reference(games))
    assert moved > 2000
