"""Fuzzed positions: whatever the text, either the package's NotationError (with the token,
and a rule id the rules page defines) or a game that plays on to the end, saves, loads back
equal, writes its position and reads it back equal, and scores — never another exception,
never a stuck game.

The positions are every position of real random games (1–5 players, variations, Secret
Decades, a small deck whose stock runs dry), then changed: lines dropped, doubled or
respelled, words and cards replaced, cards moved or swapped, phase, seat, round, turn,
stock, finals, six continents and hand set, a byte-order mark, odd whitespace and
non-ASCII digits. The normal run is bounded and derandomized; the slow one explores.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, event, given, settings

import exhibition_lab as xl
from tests.games.exhibition.fuzzing import check_plays_to_the_end, check_refusal, mutated_positions, real_positions

QUICK = settings(
    max_examples=300,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
LONG = settings(QUICK, max_examples=3000, derandomize=False)


def accepted_or_refused(text: str, deck, seed: int, *, counted: bool = True) -> xl.Game | None:
    """The game of ``text`` played to the end, or ``None`` when it is refused as it should be."""
    try:
        game = xl.Game.from_position(text, seed=seed, deck=deck)
    except xl.ExhibitionLabError as err:
        check_refusal(err, xl.NotationError, text=text)
        if counted:
            event(f"refused: {err.rule or 'no rule'}")
        return None
    if counted:
        event("accepted")
    return check_plays_to_the_end(game, seed)


@QUICK
@given(mutated_positions())
def test_a_mutated_position_is_refused_or_plays_saves_and_loads(case):
    accepted_or_refused(*case)


@pytest.mark.slow
@LONG
@given(mutated_positions(max_mutations=5))
def test_many_mutated_positions_are_refused_or_play_saves_and_loads(case):
    accepted_or_refused(*case)


def test_every_real_position_is_accepted_and_plays_on():
    pool = real_positions()
    assert len(pool) > 1000
    phases = set()
    chosen = [real for k, real in enumerate(pool) if k % 40 == 0 or "phase: over" in real.text]
    for k, real in enumerate(chosen):
        game = accepted_or_refused(real.text, real.deck, seed=k, counted=False)
        assert game is not None, real.text
        phases.add(real.text.split("phase: ")[1].split("\n")[0])
    assert phases >= {"take", "place", "over"}
