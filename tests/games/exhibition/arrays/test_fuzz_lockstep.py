"""Lock-step from fuzzed positions: from every position Game accepts — real ones and real
ones changed by the mutations of the position fuzz — the array engine and Game agree on
the legal set at every decision, play the same game and end in the same state.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, event, given, settings

import exhibition_lab as xl
from exhibition_lab.games.exhibition.arrays import engine as arrays
from exhibition_lab.games.exhibition.arrays import policies
from exhibition_lab.games.exhibition.arrays.state import OVER, BatchGames
from tests.arrays_support import from_games
from tests.games.exhibition.fuzzing import mutated_positions

QUICK = settings(
    max_examples=200,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
LONG = settings(QUICK, max_examples=1000, derandomize=False)


class Twin(policies.Policy):
    """Plays uniformly at random on the array engine and, at every decision, checks its legal
    set against the twin Game's, then applies the same action to the twin."""

    def __init__(self, twin: xl.Game) -> None:
        self.twin = twin
        self.decisions = 0
        self.inner = policies.RandomPolicy()

    def _agree(self, b: BatchGames) -> None:
        assert set(arrays.legal_actions(b, 0)) == set(self.twin.legal_actions()), self.twin.position()
        self.decisions += 1

    def take(self, b, games, mask, rng):
        self._agree(b)
        slots = self.inner.take(b, games, mask, rng)
        self.twin.apply(xl.Take(b.deck.cards[b.market[games[0], slots[0]]]))
        return slots

    def move(self, b, games, rng):
        self._agree(b)
        moves = self.inner.move(b, games, rng)
        self.twin.apply(xl.Move(xl.CONTINENTS[moves[0]]))
        return moves

    def place(self, b, games, mask, rng):
        self._agree(b)
        codes = self.inner.place(b, games, mask, rng)
        self.twin.apply(b.space.decode_action(b.space.place_base + int(codes[0])))
        return codes


def check_lockstep(text: str, deck, seed: int) -> None:
    try:
        game = xl.Game.from_position(text, seed=seed, deck=deck)
    except xl.ExhibitionLabError:
        event("refused")  # what the refusal says is the position fuzz's business
        return
    event("accepted")
    b = from_games([game])
    twin = Twin(game.copy())
    arrays.play(b, twin, np.random.default_rng(seed))
    assert twin.twin.is_over and b.phase[0] == OVER
    assert twin.decisions > 0 or game.is_over
    event(f"decisions: {min(twin.decisions, 50) // 10 * 10}+")
    assert list(b.final[0]) == list(twin.twin.final) and b.discards[0] == len(twin.twin.discard)
    cards = b.deck.cards
    for seat, hall in enumerate(twin.twin.halls):
        row = b.hall[seat]
        assert [cards[k] if k >= 0 else None for k in row] == [c for _, c in hall.iter_spots()]


@QUICK
@given(mutated_positions(max_mutations=2))
def test_from_a_fuzzed_position_the_array_engine_agrees_with_game_at_every_decision(case):
    check_lockstep(*case)


@pytest.mark.slow
@LONG
@given(mutated_positions(max_mutations=4))
def test_from_many_fuzzed_positions_the_array_engine_agrees_with_game(case):
    check_lockstep(*case)
