"""Exact solo market odds (S4, S5) against scipy's hypergeometric law and simulation."""

from __future__ import annotations

import numpy as np
import pytest
from scipy.stats import hypergeom

import exhibition_lab as xl
from exhibition_lab import odds
from tests.conftest import play_randomly

DECK = xl.standard_deck()


def outside(years, a, b):
    return sum(1 for y in years if y is not None and (y < a or y > b))


def test_exact_odds_equal_scipy_hypergeometric_on_random_cases():
    rng = np.random.default_rng(0)
    cases = 0
    for _ in range(240):
        size = int(rng.integers(20, 102))
        pool = [DECK[i] for i in rng.choice(len(DECK), size, replace=False)]
        a, b = sorted(rng.choice(np.arange(1900, 2000), 2, replace=False).tolist())
        goal = odds.GOALS[cases % 3]
        draws = int(rng.integers(1, min(18, size) + 1))
        p = odds.penalty_odds(goal, a, b, pool, draws)
        years = [c.year for c in pool]
        marked = {
            "years_gap": outside(years, a, b),
            "short_era": sum(1 for y in years if y is not None and a <= y <= b),
            "antiquity": sum(1 for y in years if y is not None and y < b),
        }[goal]
        expected = hypergeom.pmf(np.arange(draws + 1), size, marked, draws)
        np.testing.assert_allclose(p, expected, rtol=0, atol=1e-12)
        cases += 1
    assert cases >= 200


def test_einstein_in_pool_takes_a_place_but_never_counts():
    pool = [xl.Card.parse(t) for t in ("EIN", "1900AS", "1999EU", "1950SA")]
    p = odds.solo_years_gap_odds(1920, 1980, pool, draws=2)
    # 2 of the 4 cards lie outside: P(k = 2) = 1/6, P(k = 0) = 1/6 (EIN and 1950 drawn)
    np.testing.assert_allclose(p, [1 / 6, 4 / 6, 1 / 6])


def test_random_market_simulation_agrees_within_three_standard_errors():
    rng = np.random.default_rng(1)
    pool = [c for c in DECK if c.year not in (1912, 1987)]
    n = 40_000
    markets = odds.random_markets(pool, n, rng)
    for goal, a, b in [("years_gap", 1912, 1987), ("short_era", 1940, 1960), ("antiquity", 1920, 1935)]:
        exact = odds.penalty_odds(goal, a, b, pool)
        simulated = odds.market_penalty_from_markets(markets, a, b, goal)
        se = np.sqrt(exact * (1 - exact) / n)
        assert np.all(np.abs(simulated - exact) <= 3 * se + 1e-9), goal
        sim_fp = odds.expected_fp(simulated)
        k = np.arange(len(exact))
        spread = np.sqrt(np.sum(exact * np.maximum(0, 5 - k) ** 2) - odds.expected_fp(exact) ** 2)
        assert abs(sim_fp - odds.expected_fp(exact)) <= 3 * spread / np.sqrt(n)


def test_years_gap_1912_1987_reads_as_expected():
    pool = [c for c in DECK if c.year not in (1912, 1987)]
    p = odds.solo_years_gap_odds("1912AS", "1987AF", pool)
    assert p.shape == (19,) and abs(p.sum() - 1) < 1e-12
    assert abs(odds.expected_fp(p) - float(np.dot(p[:5], [5, 4, 3, 2, 1]))) < 1e-12
    np.testing.assert_allclose(odds.fp_distribution(p).sum(), 1)


def test_grid_equals_pair_by_pair_reference():
    grid = odds.years_gap_grid(DECK)
    reference = odds.years_gap_grid_by_loop(DECK)
    assert grid.shape == (100, 100)
    assert np.array_equal(np.isnan(grid), np.isnan(reference))
    np.testing.assert_allclose(grid[~np.isnan(grid)], reference[~np.isnan(reference)], atol=1e-12)
    assert np.isnan(grid[50, 50]) and np.isnan(grid[60, 10])
    assert grid[0, 99] == 5.0  # nothing can lie outside 1900–1999


def test_bad_questions_are_refused():
    with pytest.raises(xl.ExhibitionLabError, match="Einstein"):
        odds.solo_years_gap_odds("EIN", 1990, DECK)
    with pytest.raises(xl.ExhibitionLabError, match="R11"):
        odds.solo_years_gap_odds(1990, 1950, DECK)
    with pytest.raises(xl.ExhibitionLabError, match="pool"):
        odds.solo_years_gap_odds(1950, 1990, DECK[:10])
    with pytest.raises(xl.ExhibitionLabError, match="unknown goal"):
        odds.penalty_odds("chess", 1950, 1990, DECK)


def test_live_game_odds_use_only_what_the_player_may_know():
    game = xl.Game.new(["You"], seed=5)
    for _ in range(10):
        game.apply(game.legal_actions()[-1])
    pool = odds.game_pool(game)
    assert len(pool) == game.stock_size + len(game.market_cards)
    assert set(pool).isdisjoint(game.hall(0).cards())
    p = odds.game_penalty_odds(game, 1912, 1987)
    # the same position with another stock order gives the same answer
    twin = xl.Game.from_view(game.view(), np.random.default_rng(3))
    np.testing.assert_allclose(odds.game_penalty_odds(twin, 1912, 1987), p)
    with pytest.raises(xl.ExhibitionLabError, match="solo"):
        odds.game_penalty_odds(play_randomly(xl.Game.new(2, seed=1), np.random.default_rng(1)), 1912, 1987)


def test_simulated_markets_from_bots_feed_the_same_question():
    from exhibition_lab.simulate import simulate

    result = simulate(30, ["random"], seed=2, processes=1, progress=False)
    assert result.markets.shape == (30, 18)
    p = odds.market_penalty_from_markets(result.markets, 1912, 1987)
    assert p.shape == (19,) and abs(p.sum() - 1) < 1e-12
    by_hand = [outside([y for y in row if y > 0], 1912, 1987) for row in result.markets]
    np.testing.assert_allclose(p, np.bincount(by_hand, minlength=19) / 30)
