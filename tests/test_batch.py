"""The batched numpy solo engine: exact to the scalar engine, same statistics, bounded runs."""

from __future__ import annotations

import numpy as np
import pytest

import exhibition_lab as xl
from exhibition_lab.games.exhibition.arrays import solo as batch
from exhibition_lab.simulate import simulate

DECK = xl.standard_deck()


def check_replays(result: batch.BatchResult, games: range) -> int:
    """Replay each game through the scalar Game; returns how many held Einstein."""
    with_einstein = 0
    for i in games:
        game = batch.replay(result, i)
        assert game.is_over
        hall = game.hall(0)
        spots = [c for _, c in hall.iter_spots()]
        assert [DECK[k] if k >= 0 else None for k in result.halls[i]] == spots
        assert [DECK[k] for k in result.depots[i] if k >= 0] == list(hall.depot)
        years = [-1 if c.year is None else c.year for c in game.market_cards]
        assert [y for y in result.markets[i] if y != -1] == [y for y in years if y != -1]
        assert game.score()["You"].total == result.scores[i]
        with_einstein += xl.EINSTEIN in hall.cards()
    return with_einstein


def test_random_batch_games_replay_exactly_through_the_scalar_engine():
    result = batch.play_batch(1200, policy="random", seed=7, chunk=400, record=True)
    with_einstein = check_replays(result, range(1200))
    assert with_einstein > 0  # the wild-year card was exercised


def test_greedy_batch_games_replay_exactly_through_the_scalar_engine():
    result = batch.play_batch(300, policy="heuristic", seed=8, record=True)
    check_replays(result, range(300))


def test_batch_and_scalar_random_play_agree_statistically():
    # Tolerance: means of total and of each goal within 4 combined standard errors.
    scalar = simulate(1500, ["random"], seed=3, processes=1, progress=False, engine="scalar")
    batched = simulate(30_000, ["random"], seed=3, engine="batch", progress=False)
    for goal in ["years_gap", "continent_focus", "decades", "chain", "empty_spots", "depot", "mid_century"]:
        a, b = scalar.points[goal][:, 0], batched.points[goal][:, 0]
        se = np.sqrt(a.var(ddof=1) / len(a) + b.var(ddof=1) / len(b))
        assert abs(a.mean() - b.mean()) <= 4 * se + 1e-9, goal
    a, b = scalar.scores[:, 0], batched.scores[:, 0]
    assert abs(a.mean() - b.mean()) <= 4 * np.sqrt(a.var() / len(a) + b.var() / len(b))
    # the whole distribution: a two-sample Kolmogorov–Smirnov test must not reject at 0.1%
    stats = pytest.importorskip("scipy.stats")
    assert stats.ks_2samp(a, b).pvalue > 0.001
    assert stats.ks_2samp(a, b[: len(a)] + 1500).pvalue < 0.001  # a shifted sample is caught


def test_vectorised_greedy_beats_random():
    random = batch.play_batch(5000, policy="random", seed=1)
    greedy = batch.play_batch(5000, policy="heuristic", seed=1)
    assert greedy.scores.mean() > random.scores.mean() + 1000


def test_summary_mode_keeps_only_aggregates():
    full = batch.play_batch(4000, seed=2, chunk=1000)
    summary = batch.play_batch(4000, seed=2, chunk=1000, keep_games=False)
    assert summary.n_games == 4000 and summary.histogram.sum() == 4000
    assert summary.mean == pytest.approx(full.scores.mean())
    assert summary.std == pytest.approx(full.scores.std())
    assert summary.goal_means["chain"] == pytest.approx(full.points["chain"].mean())


def test_same_seed_same_games_and_bad_requests():
    a = batch.play_batch(500, seed=4)
    b = batch.play_batch(500, seed=4)
    assert np.array_equal(a.scores, b.scores) and np.array_equal(a.markets, b.markets)
    with pytest.raises(xl.ExhibitionLabError, match="heuristic"):
        batch.play_batch(10, policy="greedy")
    with pytest.raises(xl.ExhibitionLabError, match="batch engine plays batch policies"):
        simulate(10, ["random", "greedy"], engine="batch", progress=False)
    with pytest.raises(xl.ExhibitionLabError, match="scalar engine plays bots"):
        simulate(10, ["heuristic"], engine="scalar", progress=False)
    with pytest.raises(xl.ExhibitionLabError, match="scalar engine plays bots"):
        simulate(10, ["heuristic", "greedy"], progress=False)
    with pytest.raises(xl.ExhibitionLabError):
        simulate(10, ["random"], engine="warp", progress=False)
    with pytest.raises(xl.ExhibitionLabError, match="record=True"):
        batch.replay(a, 0)
    market, hall, depot = np.arange(18)[None, :], np.full((1, 16), -1), np.full((1, 3), -1)
    rng = np.random.default_rng(0)
    with pytest.raises(xl.ExhibitionLabError, match=r"stock needs 1 rows of at least 20 cards"):
        batch.play_out(market, np.arange(18, 30)[None, :], hall, depot, np.zeros(1), rng=rng)
    with pytest.raises(xl.ExhibitionLabError, match=r"hall must have shape \(1, 16\)"):
        batch.play_out(market, np.arange(18, 50)[None, :], hall[:, :15], depot, np.zeros(1), rng=rng)
    assert batch.play_out(market, np.arange(18, 50)[None, :], hall, depot, np.zeros(1), rng=rng).shape == (1,)


def test_incremental_bounds_and_colours_equal_a_full_recomputation_every_turn():
    # The running min/max updates (R11, R14) and colour bits (R12, R13) must equal what the
    # exact two-pass computation (R16/D7 with Einstein) gives from the hall alone.
    deck = batch.DeckArrays.of(DECK)
    rng = np.random.default_rng(5)
    deals = batch.deal(rng, 3000)
    g = batch._Games(deck, deals[:, : batch.MARKET], deals[:, batch.MARKET : batch.DEALT])
    checked = einstein_rows = 0
    for _ in range(batch.MAX_TURNS):
        played, _ = batch._play_turn(g, rng, "random")
        low, high = batch.hall_bounds(deck, g.hall)
        empty = g.hall < 0
        assert np.array_equal(g.low[empty], low[empty]) and np.array_equal(g.high[empty], high[empty])
        assert (g.low[~empty] > 1999).all()  # a filled spot takes no card
        assert np.array_equal(g.colours, batch.spot_colours(deck, g.hall))
        checked += int(empty.sum())
        einstein_rows += int((g.einstein_spot < batch.N_SPOTS).sum())
        done = (played.choice == batch.END_CODE) | (g.n_filled == batch.N_SPOTS)
        g.keep(~done)
        if not g.size:
            break
    assert checked > 100_000 and einstein_rows > 1000


def test_partial_shuffle_deals_every_card_uniformly_into_the_seen_places():
    deals = batch.deal(np.random.default_rng(9), 20_000)
    assert (np.sort(deals, axis=1) == np.arange(batch.N_CARDS)).all()  # permutations
    # each card lands in each of the 38 seen places with probability 1/101
    counts = np.stack([(deals[:, : batch.DEALT] == card).sum(axis=0) for card in (0, 50, 100)])
    expected = 20_000 / batch.N_CARDS
    assert np.abs(counts - expected).max() < 6 * np.sqrt(expected)


def test_play_out_from_a_mid_game_position_continues_the_recorded_game():
    # Greedy play is a function of the position, so finishing a recorded game from its
    # position at turn t (hall, Depot and market from the scalar replay, the true stock)
    # with that turn forced must give the recorded score: Einstein bounds included.
    result = batch.play_batch(80, policy="heuristic", seed=12, record=True)
    index = {card: i for i, card in enumerate(DECK)}
    with_einstein = 0
    for i in range(80):
        t = int((result.actions[i][:, 0] >= 0).sum()) // 2
        game = batch.replay(result, i)
        while game.turn > t + 1 or game.phase is not xl.Phase.TAKE:
            game.undo()
        hall = game.hall(0)
        market = np.array([index[c] for k in xl.CONTINENTS for c in game.market[k]])
        depot = np.array([index[c] for c in hall.depot] + [-1] * (3 - len(hall.depot)))
        card, move, choice = result.actions[i][t]
        score = batch.play_out(
            market[None, :],
            result.deals[i : i + 1, batch.MARKET + t :],
            np.array([[-1 if c is None else index[c] for _, c in hall.iter_spots()]]),
            depot[None, :],
            np.array([game.vehicles[0].index]),
            first_turn=(
                np.flatnonzero(market == card)[:1],
                np.array([move if move >= 0 else DECK[card].continent.index]),
                np.array([choice]),
            ),
            policy="heuristic",
            rng=np.random.default_rng(0),
        )
        assert score[0] == result.scores[i], i
        with_einstein += xl.EINSTEIN in hall.cards()
    assert with_einstein > 0


@pytest.mark.parametrize("engine", ["scalar", "batch", "lock-step"])
def test_a_custom_solo_rules_value_reaches_both_engines(engine):
    # S6/D11: SoloRules is passed as a value; a custom one with no Mid Century term must
    # not be replaced by the named reading it carries ("harsh"). "lock-step": solo games
    # with Secret Decades, which the batch engine plays outside its solo kernel.
    zero = xl.SoloRules(base=0, per_year=0, empty_distance=0)
    n = 40 if engine == "scalar" else 300
    kw = dict(seed=5, processes=1, progress=False, secret_decades=engine == "lock-step")
    kw["engine"] = "batch" if engine == "lock-step" else engine
    result = simulate(n, ["random"], solo_rules=zero, **kw)
    assert (result.points["mid_century"] == 0).all()
    harsh = simulate(n, ["random"], **kw)
    assert (harsh.points["mid_century"] != 0).any()
    # the totals differ by exactly the dropped S6 term
    assert np.array_equal(harsh.scores[:, 0] - result.scores[:, 0], (100 * harsh.points["mid_century"][:, 0]).round())


def test_batch_module_restates_no_rule_number():
    # One source of rule facts: batch.py reads sizes, years and scales from the engine's
    # definitions, so none of these numbers may appear in it as a literal.
    import ast
    from pathlib import Path

    source = Path(batch.__file__).read_text()
    numbers = {
        n.value for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Constant) and type(n.value) in (int, float)
    }
    rule_facts = {1900, 1999, 1950, 1945, 2000, 18, 101, 100, 16, 6, 5, 20}
    assert not numbers & rule_facts
    assert batch.MARKET == 18 and batch.N_SPOTS == 16 and batch.DEPOT == 3 and len(DECK) == batch.N_CARDS
    assert tuple(k.max_step for k in xl.Layout.base()) == batch.STEP


def test_batch_kernel_refuses_layout_properties_it_does_not_model():
    from dataclasses import replace

    from exhibition_lab.games.exhibition.rules.layout import GENERAL

    with pytest.raises(xl.ExhibitionLabError, match="base layout only"):
        batch._refuse_unmodelled(xl.Layout.base().with_variations("links"))
    odd = xl.Layout((replace(GENERAL, min_step=20), *xl.Layout.base().showcases[1:]))
    with pytest.raises(xl.ExhibitionLabError, match="min_step"):
        batch._refuse_unmodelled_kinds(odd)


def test_the_market_penalty_is_one_rule_for_ints_arrays_scoring_odds_and_the_batch_engine():
    # S4/S5: Einstein (no year, −1 in arrays) never counts; ints and arrays agree
    from exhibition_lab.games.exhibition.rules.scoring import costs_a_point, solo_pair_points

    years = np.array([-1, 1899 + 1, 1930, 1950, 1960, 1999])
    for goal in ("years_gap", "short_era", "antiquity"):
        as_array = costs_a_point(goal, years, 1930, 1960)
        assert list(as_array) == [bool(costs_a_point(goal, int(y), 1930, 1960)) for y in years]
        assert not as_array[0]
    assert list(costs_a_point("years_gap", years, 1930, 1960)) == [False, True, False, False, False, True]
    assert list(costs_a_point("short_era", years, 1930, 1960)) == [False, False, True, True, True, False]
    assert list(costs_a_point("antiquity", years, 1930, 1960)) == [False, True, True, True, False, False]
    assert list(solo_pair_points(np.arange(8))) == [5, 4, 3, 2, 1, 0, 0, 0]
    with pytest.raises(xl.ExhibitionLabError, match="no market penalty"):
        costs_a_point("chain", 1950, 1930, 1960)


def test_auto_uses_the_batch_engine_for_every_random_game_and_it_agrees_with_the_scalar_engine():
    # simulate(engine="auto") plays all-random seats on the batch engine, any player count
    # or layout; the same player on both engines gives the same statistics (4 SE).
    layout = xl.Layout.base().with_variations("links", "short_era")
    kw = dict(layout=layout, secret_decades=True, seed=4, progress=False, processes=1)
    batched = simulate(6000, ["random"] * 3, **kw)
    assert (batched.seeds == -1).all()  # batch games carry no per-game seed
    scalar = simulate(400, ["random"] * 3, engine="scalar", **kw)
    for goal in ["six_continents", "short_era", "continent_focus", "decades", "chain", "depot", "secret_decade"]:
        a, b = scalar.points[goal].ravel(), batched.points[goal].ravel()
        se = np.sqrt(a.var(ddof=1) / len(a) + b.var(ddof=1) / len(b))
        assert abs(a.mean() - b.mean()) <= 4 * se + 1e-9, goal
    mixed = simulate(30, ["heuristic", "random"], seed=1, progress=False, processes=1)
    assert mixed.scores.shape == (30, 2) and mixed.bots == ("heuristic", "random")
