"""Random-play conformance (in the manner of OpenSpiel's game tests).

Over 2,000 seeded games of 1–5 players, at every step: all 101 cards are accounted for,
every hall is legal against the others, the fast ``legal_spots`` equals the full rule check
on every empty spot, legal actions exist until the game is over, and applying each action
keeps these invariants. JSON round trips are checked after every action of 60 games and at
powers-of-two steps of all; the ``slow`` test (part of ``make test``) checks them after
every action of all 2,000 games (loading replays the game, so that run is quadratic).
"""

from __future__ import annotations

import numpy as np
import pytest

import exhibition_lab as xl
from tests.helpers.layouts import MIXED

N_GAMES = 2000
EVERY_STEP_JSON = 60  # games whose JSON round trip is checked after every action


def check_invariants(game: xl.Game) -> None:
    assert sum(game.card_locations().values()) == len(game.deck)
    seen = list(game.state.stock) + list(game.market_cards) + list(game.discard)
    seen += [c for h in game.halls for c in h.cards()] + ([game.hand] if game.hand else [])
    assert sorted(seen, key=lambda c: c.sort_key) == sorted(game.deck, key=lambda c: c.sort_key)
    for seat, hall in enumerate(game.halls):
        assert hall.is_legal(game.others(seat), players=game.n_players), str(hall)
    if game.phase is xl.Phase.PLACE:
        hall, others = game.hall(game.current), game.others()
        brute = [
            spot
            for spot in hall.empty_spots()
            if hall.why_not(game.hand, *spot, others, players=game.n_players) is None
        ]
        assert hall.legal_spots(game.hand, others, players=game.n_players) == brute
    if game.is_over:
        assert game.legal_actions() == [] and all(game.final)
    else:
        assert game.legal_actions(), f"no legal action in phase {game.phase}"
        assert not game.final[game.current]


def round_trip(game: xl.Game) -> None:
    loaded = xl.Game.from_json(game.to_json())
    assert loaded == game
    assert loaded.legal_actions() == game.legal_actions()


LAYOUTS = [
    xl.Layout.base(),
    xl.Layout.base().with_variations(*MIXED),
    xl.Layout.base().with_variations("antiquity"),
    xl.Layout.base().with_variations("unique_decades"),
]


def play_checked(seed: int, players: int, every_step_json: bool) -> xl.Game:
    rng = np.random.default_rng(seed)
    layout = LAYOUTS[0] if seed % 3 else LAYOUTS[(seed // 3) % len(LAYOUTS)]
    game = xl.Game.new(players, seed=seed, secret_decades=bool(seed % 2), layout=layout)
    check_invariants(game)
    step = 0
    while not game.is_over:
        actions = game.legal_actions()
        game.apply(actions[rng.integers(len(actions))])
        step += 1
        check_invariants(game)
        if every_step_json or step & (step - 1) == 0:
            round_trip(game)
        assert step < 2000, "a game must end"
    round_trip(game)
    return game


@pytest.mark.parametrize("chunk", range(10))
def test_random_games_keep_invariants(chunk):
    per_chunk = N_GAMES // 10
    for k in range(chunk * per_chunk, (chunk + 1) * per_chunk):
        game = play_checked(seed=k, players=1 + k % 5, every_step_json=k < EVERY_STEP_JSON)
        assert game.is_over and all(game.final)


def _every_step(k: int) -> bool:
    play_checked(seed=k, players=1 + k % 5, every_step_json=True)
    return True


@pytest.mark.slow
def test_json_round_trip_after_every_action_of_2000_games():
    from concurrent.futures import ProcessPoolExecutor
    from multiprocessing import get_context

    with ProcessPoolExecutor(max_workers=2, mp_context=get_context("fork")) as pool:
        assert all(pool.map(_every_step, range(N_GAMES), chunksize=25))
