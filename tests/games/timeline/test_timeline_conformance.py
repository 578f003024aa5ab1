"""Random-play conformance of Timeline: seeded games of 1–8 players played by random choice.

At every step: every card is in exactly one place, the timeline is in year order (T3, T4),
undo restores the previous state exactly; JSON round trips at powers-of-two steps and at
the end; every game ends (within a generous cap) with no legal action left and a winner
set that T5 allows. The full 2,000 games are marked slow; the quick run plays a slice.
"""

from __future__ import annotations

import numpy as np
import pytest

from exhibition_lab.games.timeline.game import Timeline

FULL_GAMES = 2_000
QUICK_GAMES = 160
MAX_TURNS = 20_000


def check_step(game: Timeline, before: Timeline, action, step: int) -> None:
    st = game
    ids = [i for hand in st.hands for i in hand] + list(st.timeline) + list(st.pile) + list(st.removed)
    assert sorted(ids) == list(range(game.n_cards))
    years = game.years
    assert list(years) == sorted(years)
    undone = game.copy()
    assert undone.undo() == action and undone == before
    if step & (step - 1) == 0:
        assert Timeline.from_json(game.to_json()) == game


def play_case(index: int) -> int:
    """Play seeded game ``index`` with every check; returns the number of turns."""
    players = 1 + index % 8
    game = Timeline.new(players, seed=index)
    rng = np.random.default_rng([index, 7])
    step = 0
    while not game.is_over:
        actions = game.legal_actions()
        assert actions and all(a.card in game.hand(game.current) for a in actions)
        action = actions[rng.integers(len(actions))]
        before = game.copy()
        game.apply(action)
        step += 1
        check_step(game, before, action, step)
        assert step < MAX_TURNS, f"game {index} did not end"
    assert game.legal_actions() == []
    if players == 1:
        cleared = not game.pile and not game.removed  # every card placed: nothing left to practise on
        assert game.winners == () and (game.mistakes == game.mistake_limit or cleared)
    else:
        assert len(game.winners) == 1 or (game.last.round_end == "shared" and len(game.winners) > 1)
        assert all(not game.hand(s) for s in game.winners)
    assert Timeline.from_json(game.to_json()) == game
    return step


def test_conformance_quick_slice():
    steps = [play_case(k) for k in range(QUICK_GAMES)]
    assert len(steps) == QUICK_GAMES and sum(steps) > QUICK_GAMES * 5


@pytest.mark.slow
def test_conformance_two_thousand_games():
    steps = [play_case(k) for k in range(FULL_GAMES)]
    print(f"timeline conformance: {len(steps)} games, {sum(steps)} plays, longest {max(steps)}")
    assert len(steps) == FULL_GAMES
