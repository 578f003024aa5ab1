"""The what-if explorer: exact pair odds for every goal (S4, S5, V1) against brute
force, the live-game pool, simulated play-outs, and the widget showing exactly those numbers."""

from __future__ import annotations

import dataclasses
import html
import re
from itertools import combinations

import numpy as np
import pytest

import exhibition_lab as xl
from exhibition_lab import odds
from tests.conftest import play_randomly
from tests.helpers.whatif import check_shows

DECK = xl.standard_deck()
COSTS = {  # S4, S5 in words, independent of the code under test
    "years_gap": lambda y, a, b: y < a or y > b,
    "short_era": lambda y, a, b: a <= y <= b,
    "antiquity": lambda y, a, b: y < b,
}


def brute_force(goal, a, b, pool, draws):
    """Every market of ``draws`` cards out of the pool less the pair, counted one by one."""
    rest = [c for c in pool if c.year not in (a, b)]
    counts = np.zeros(draws + 1)
    markets = list(combinations(rest, draws))
    for market in markets:
        counts[sum(1 for c in market if c.year is not None and COSTS[goal](c.year, a, b))] += 1
    return counts / len(markets)


@pytest.mark.parametrize("goal", odds.GOALS)
def test_pair_odds_equal_brute_force_over_every_market(goal):
    tokens = ["EIN", "1903AF", "1921EU", "1930AS", "1944NA", "1950SA", "1962OC", "1977AF", "1988EU", "1999AS"]
    pool = [xl.Card.parse(t) for t in tokens]
    for a, b in [(1921, 1977), (1930, 1950), (1903, 1999), (1944, 1962)]:
        result = odds.pair_odds(goal, a, b, pool, draws=4)
        np.testing.assert_allclose(result.penalty, brute_force(goal, a, b, pool, 4), atol=1e-12)
        assert result.pool_size == len(pool) - 2  # the pair's cards lie in the hall, not the market
        fp = np.maximum(0, 5 - np.arange(5))
        assert result.expected == pytest.approx(float(np.dot(result.penalty, fp)))
        assert result.keep_all == pytest.approx(result.penalty[0])


@pytest.mark.parametrize("goal", odds.GOALS)
def test_every_pair_grid_equals_the_pair_by_pair_answer(goal):
    rng = np.random.default_rng(4)
    sub = [DECK[i] for i in sorted(rng.choice(len(DECK), 60, replace=False))]
    sub += [xl.Card.parse("1950AS"), xl.Card.parse("1950EU")]  # two cards of one year (other decks)
    for pool in (DECK, sub):
        grid = odds.penalty_grid(goal, pool)
        reference = odds.penalty_grid_by_loop(goal, pool)
        assert np.array_equal(np.isnan(grid), np.isnan(reference))
        np.testing.assert_allclose(grid[~np.isnan(grid)], reference[~np.isnan(reference)], atol=1e-12)


def test_years_gap_grid_is_the_years_gap_penalty_grid():
    np.testing.assert_allclose(odds.penalty_grid("years_gap", DECK), odds.years_gap_grid(DECK), equal_nan=True)


def test_impossible_pairs_say_why():
    with pytest.raises(xl.ExhibitionLabError, match="R11"):
        odds.pair_odds("years_gap", 1960, 1960, DECK)
    with pytest.raises(xl.ExhibitionLabError, match="Einstein"):
        odds.pair_odds("short_era", "EIN", 1960, DECK)
    # V1: the white 1945 card may go in the base Years Gap, never in a variation showcase
    assert odds.pair_odds("years_gap", 1945, 1960, DECK).expected > 0
    for goal in ("short_era", "antiquity"):
        with pytest.raises(xl.ExhibitionLabError, match="V1"):
            odds.pair_odds(goal, 1945, 1960, DECK)
        assert np.isnan(odds.penalty_grid(goal, DECK)[45]).all()


def live_game(seed: int = 3, steps: int = 14, variations: tuple[str, ...] = ()) -> xl.Game:
    game = xl.Game.new(["You"], seed=seed, layout=xl.Layout.base().with_variations(*variations))
    for _ in range(steps):
        game.apply(game.legal_actions()[0])
    return game


def test_live_pair_odds_use_the_unseen_cards_and_refuse_cards_already_gone():
    game = live_game()
    pool = odds.game_pool(game)
    gone = next(c for c in game.hall(0).hall_cards() if c.year is not None)
    free = [c.year for c in pool if c.year is not None]
    a, b = free[2], free[-3]
    result = odds.game_pair_odds(game, a, b)
    expected = odds.pair_odds("years_gap", a, b, pool, draws=18)
    np.testing.assert_allclose(result.penalty, expected.penalty)
    assert result.pool_size == len(pool) - 2
    with pytest.raises(xl.ExhibitionLabError, match="in your hall"):
        odds.game_pair_odds(game, *((gone.year, 1999) if gone.year < 1999 else (1900, gone.year)))
    grid = odds.game_penalty_grid(game)
    assert np.isnan(grid[gone.year - 1900]).all() and np.isnan(grid[:, gone.year - 1900]).all()
    assert grid[a - 1900, b - 1900] == pytest.approx(result.expected)


def test_the_card_in_hand_may_still_form_the_pair():
    game = xl.Game.new(["You"], seed=5)
    game.apply(game.legal_actions()[0])  # take: the card is in hand, out of the market
    hand = game.hand
    assert hand is not None and hand not in odds.game_pool(game)
    other = 1999 if hand.year < 1999 else 1900
    pair = sorted([hand.year, other])
    assert odds.game_pair_odds(game, *pair).pool_size == len(odds.game_pool(game)) - 1


def with_einstein_in_the_pair(game: xl.Game) -> xl.Game:
    view = game.view(0)
    einstein = xl.Card.parse("EIN")
    market = {k: tuple(c for c in v if c != einstein) for k, v in view.market.items()}
    hall = xl.Hall.parse(". . . . . . / . . . . / . / . . . / EIN .")
    unseen = tuple(c for c in view.unseen if c != einstein)
    changed = dataclasses.replace(view, market=market, halls=(hall,), unseen=unseen, stock_size=len(unseen))
    return xl.Game.from_view(changed, np.random.default_rng(0))


def test_einstein_in_the_pair_showcase_answers_nothing():
    game = with_einstein_in_the_pair(xl.Game.new(["You"], seed=1))
    with pytest.raises(xl.ExhibitionLabError, match="Einstein"):
        odds.game_pair_odds(game, 1912, 1987)
    assert np.isnan(odds.game_penalty_grid(game)).all()


def test_play_outs_are_seeded_and_stay_inside_the_live_pool():
    game = live_game()
    first = odds.play_outs(6, "random", game=game, seed=2, progress=False)
    again = odds.play_outs(6, "random", game=game, seed=2, progress=False)
    assert np.array_equal(first.markets, again.markets) and first.complete
    pool_years = {c.year for c in odds.game_pool(game)} | {-1}
    assert set(first.markets.ravel().tolist()) <= pool_years
    hall_years = {c.year for c in game.hall(0).cards() if c.year is not None}
    assert hall_years.isdisjoint(first.markets.ravel().tolist())
    assert set(first.totals) == {"harsh", "tiebreak"}


def test_play_outs_stop_when_asked_and_keep_what_was_played():
    calls = iter(range(100))
    played = odds.play_outs(50, "random", seed=1, progress=False, should_stop=lambda: next(calls) >= 3)
    assert played.n_games == 3 and not played.complete and played.requested == 50


def test_simulated_pair_odds_mask_the_pair_years():
    markets = np.array([[1912, 1950, 1987, 1999] + [-1] * 14])
    # Short Era 1912–1987: the pair's own cards would be in the hall, so only 1950 counts
    assert odds.simulated_pair_odds(markets, "short_era", 1912, 1987)[1] == 1.0
    with pytest.raises(xl.ExhibitionLabError, match=r"several"):
        odds.play_outs(2, "random", game=play_randomly(xl.Game.new(2, seed=1), np.random.default_rng(1)))


# ---------------------------------------------------------------- the widget
widgets = pytest.importorskip("exhibition_lab.ui.widgets")
YearsGapExplorer = widgets.YearsGapExplorer


@pytest.mark.parametrize("goal", odds.GOALS)
def test_sliders_show_the_exact_odds_of_the_pair(goal):
    explorer = YearsGapExplorer()
    explorer.goal.value = goal
    for a, b in [(1912, 1987), (1931, 1958), (1902, 1940)]:
        explorer.left.value, explorer.right.value = a, b
        check_shows(explorer, odds.pair_odds(goal, a, b, DECK))
        assert (explorer.heatmap.left, explorer.heatmap.right) == (a, b)
    np.testing.assert_allclose(explorer.heatmap.grid, odds.penalty_grid(goal, DECK), rtol=1e-6, equal_nan=True)


GOAL_VARIATION = {"years_gap": (), "short_era": ("short_era",), "antiquity": ("antiquity",)}


@pytest.mark.parametrize("goal", odds.GOALS)
def test_from_a_live_game_the_explorer_asks_the_games_pool(goal):
    game = live_game(variations=GOAL_VARIATION[goal])
    explorer = YearsGapExplorer.for_game(game)
    assert explorer.pool.value == widgets.whatif.THIS_GAME
    # only the goal in play is offered (Short Era and Antiquity once showed in a base game)
    assert [value for _, value in explorer.goal.options] == [goal] and explorer.goal.value == goal
    assert explorer.goal.layout.display == "none" and dict(widgets.whatif.GOAL_OPTIONS)
    name = next(label for label, value in widgets.whatif.GOAL_OPTIONS if value == goal)
    assert f"What if your {name} pair" in explorer.heading.value
    free = sorted(c.year for c in odds.game_pool(game) if c.year is not None and not c.is_white)
    a, b = free[3], free[-4]
    explorer.left.value, explorer.right.value = a, b
    check_shows(explorer, odds.pair_odds(goal, a, b, odds.game_pool(game)))
    explorer.pool.value = widgets.whatif.WHOLE_DECK
    check_shows(explorer, odds.pair_odds(goal, a, b, game.deck))


def test_a_click_on_the_heatmap_moves_the_sliders():
    explorer = YearsGapExplorer()
    explorer.heatmap.left, explorer.heatmap.right = 1930, 1970  # what the browser sends on a click
    assert (explorer.left.value, explorer.right.value) == (1930, 1970)
    check_shows(explorer, odds.pair_odds("years_gap", 1930, 1970, DECK))


def test_impossible_pairs_show_a_message_and_no_numbers():
    explorer = YearsGapExplorer()
    explorer.left.value, explorer.right.value = 1980, 1950
    assert "R11" in explorer.message.value and explorer.result is None and explorer.chart.value == ""
    assert "R11" in repr(explorer) and "1980–1950" in repr(explorer)
    explorer.left.value = 1945
    explorer.goal.value = "antiquity"
    assert "V1" in explorer.message.value
    game = live_game()
    live = YearsGapExplorer.for_game(game)
    gone = next(c.year for c in game.hall(0).hall_cards() if c.year is not None)
    live.left.value, live.right.value = (gone, 1999) if gone < 1999 else (1900, gone)
    assert "in your hall" in live.message.value
    stuck = YearsGapExplorer.for_game(with_einstein_in_the_pair(xl.Game.new(["You"], seed=1)))
    assert "Einstein" in stuck.message.value
    with pytest.raises(xl.ExhibitionLabError, match="solo"):
        YearsGapExplorer.for_game(play_randomly(xl.Game.new(2, seed=1), np.random.default_rng(1)))


def test_simulated_play_shows_beside_the_exact_odds():
    explorer = YearsGapExplorer()
    explorer.bot.value = "random"
    explorer.simulate(12, background=False, seed=3)
    played = explorer.played
    assert played.n_games == 12
    simulated = played.pair("years_gap", 1912, 1987)
    assert f"{odds.expected_fp(simulated):.2f} fp" in explorer.simulated.value
    assert f"{played.totals['harsh'].mean():.0f}</b> points" in explorer.simulated.value
    explorer.reading.value = "tiebreak"  # D11: the reading changes the bot's score, not the market
    assert f"{played.totals['tiebreak'].mean():.0f}</b> points" in explorer.simulated.value
    assert "simulated play" in explorer.chart.value and ">simulated play</th>" in explorer.chart.value


def test_stop_ends_a_background_simulation_early():
    explorer = YearsGapExplorer()
    explorer.simulate(100_000, seed=1)
    # the bar is there at once, in the row of Simulate and Stop that the click was in
    row = explorer._simulate_controls.children
    assert explorer.simulate_button in row and explorer.stop_button in row and explorer.progress_box in row
    assert explorer.progress_box.children and not explorer.stop_button.disabled
    explorer.stop()
    explorer.wait(60)
    assert explorer.played is not None and not explorer.played.complete
    assert not explorer.simulate_button.disabled and explorer.stop_button.disabled


def test_css_hooks_and_a_static_picture_for_readers_without_a_kernel():
    explorer = YearsGapExplorer()
    classes = {c for child in _walk(explorer) for c in getattr(child, "_dom_classes", ())}
    assert {"exlab-whatif-left", "exlab-whatif-right", "exlab-whatif-expected", "exlab-whatif-chart"} <= classes
    bundle = explorer._repr_mimebundle_()
    assert "<svg" in bundle["text/html"] and f"{explorer.result.expected:.2f} fp" in bundle["text/html"]
    assert bundle["text/plain"].startswith("YearsGapExplorer: 1912–1987")


def _walk(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _walk(child)


def test_refresh_follows_the_game_as_it_moves_on():
    game = live_game(steps=4)
    explorer = YearsGapExplorer.for_game(game)
    before = explorer.heatmap.values
    for _ in range(10):
        game.apply(game.legal_actions()[0])
    explorer.refresh()
    free = sorted(c.year for c in odds.game_pool(game) if c.year is not None)
    explorer.left.value, explorer.right.value = free[1], free[-2]
    check_shows(explorer, odds.pair_odds("years_gap", free[1], free[-2], odds.game_pool(game)))
    assert explorer.heatmap.values != before
    np.testing.assert_allclose(explorer.heatmap.grid, odds.game_penalty_grid(game), rtol=1e-6, equal_nan=True)
    plain = YearsGapExplorer()
    plain.refresh(game)
    assert widgets.whatif.THIS_GAME in [key for _, key in plain.pool.options]


def test_the_answer_explains_its_terms_in_plain_words():
    # a newcomer meets "fp", "k" and the solo rule id (S4) here first: one visible help line
    # says each, and the fame table's headings say theirs on hover
    explorer = YearsGapExplorer(1912, 1987)
    answer = explorer.expected.value
    assert "How to read: fp = fame points" in answer
    assert "k = how many cards left on the final tile cost 1 fp each" in answer and "S4 is the solo rule" in answer
    assert "chance to keep all 5 fp" in answer and "all 5 fp kept" not in answer
    table = explorer.chart.value
    assert "<th title='fp = fame points" in table and "<th title='worked out: the final tile" in table
    assert "uniform" not in table + answer


def test_a_slider_whose_card_was_placed_elsewhere_moves_to_the_nearest_card_still_to_come():
    # the player asks about the card in hand, then places it in General (R10): it can no
    # longer be the Years Gap pair, so the slider moves to the nearest year still to come
    # (left of the right card, R11) and one line says why — no refusal, an answer at once
    game = xl.Game.new(["You"], seed=3)
    game.apply(game.legal_actions()[0])
    year = game.hand.year
    explorer = YearsGapExplorer.for_game(game)
    explorer.right.value = 1990
    explorer.left.value = year
    assert explorer.result is not None  # the card in hand may still be the pair
    game.apply(game.legal_actions()[0])  # Place(showcase=0, spot=0): General
    assert any(c.year == year for c in game.hall(0).hall_cards())
    explorer.refresh()
    free = widgets.whatif.answerable_years(game)
    assert year not in free
    nearest = min((y for y in free if y < 1990), key=lambda y: (abs(y - year), y))
    assert (explorer.left.value, explorer.right.value) == (nearest, 1990)
    assert explorer.result is not None and "exlab-error" not in explorer.message.value
    assert f"{year} is no longer left to take: the left card moved to {nearest}" in explorer.message.value


def test_a_pair_worth_about_0_early_says_why_the_coach_may_still_suggest_it():
    # S4: early in a solo game the final tile, drawn at random from the cards still to come,
    # holds about 11 cards outside 1948–1987: about 0 fp here, while the coach suggests the pair
    from exhibition_lab.ui.render.whatif import expected_html

    game = xl.Game.new(["You"], seed=7)
    wide = odds.game_pair_odds(game, 1948, 1987)
    said = html.unescape(re.sub(r"<[^>]+>", "", expected_html(wide, whole_deck=False)))
    outside = wide.draws * wide.marked / wide.pool_size
    assert wide.expected < 1 and outside > 5
    assert f"Drawn at random, the final tile would hold about {outside:.1f} cards outside this pair" in said
    assert "coach's simulated games count and this random draw does not" in said
    narrow = odds.game_pair_odds(game, 1901, 1999)
    assert narrow.expected >= 1
    assert "Drawn at random" not in expected_html(narrow, whole_deck=False)
