"""The solo fast path of the array engine: exact to the scalar engine, same statistics,
bounded runs."""

from __future__ import annotations

import numpy as np
import pytest

import exhibition_lab as xl
from exhibition_lab.games.exhibition.arrays import engine as ls
from exhibition_lab.games.exhibition.arrays import policies, solo
from exhibition_lab.games.exhibition.arrays.scoring import score
from exhibition_lab.games.exhibition.arrays.state import OVER
from exhibition_lab.games.exhibition.rules.deal import DECADES
from exhibition_lab.games.exhibition.rules.hall import einstein_years, showcase_windows
from exhibition_lab.simulate import simulate
from tests.arrays_support import from_games, game_of

DECK = xl.standard_deck()
VARIANTS = xl.Layout.base().with_variations("links", "one_decade", "unique_decades")


def check_replays(result: solo.BatchResult, games: range) -> int:
    """Replay each game through the scalar Game; returns how many held Einstein."""
    with_einstein = 0
    for i in games:
        game = game_of(solo.replay(result, i))
        assert game.is_over
        hall = game.hall(0)
        spots = [c for _, c in hall.iter_spots()]
        assert [DECK[k] if k >= 0 else None for k in result.halls[i]] == spots
        assert [DECK[k] for k in result.depots[i] if k >= 0] == list(hall.depot)
        years = [-1 if c.year is None else c.year for c in game.market_cards]
        assert [y for y in result.markets[i] if y != -1] == [y for y in years if y != -1]
        sheet = game.score(result.setup.solo_rules)["You"]
        assert sheet.total == result.scores[i]
        for goal, points in sheet.points.items():
            assert result.points[goal][i] == pytest.approx(points), goal
        with_einstein += xl.EINSTEIN in hall.cards()
    return with_einstein


def test_random_batch_games_replay_exactly_through_the_scalar_engine():
    result = solo.play_batch(1200, policy="random", seed=7, chunk=400, record=True)
    with_einstein = check_replays(result, range(1200))
    assert with_einstein > 0  # the wild-year card was exercised


def test_greedy_batch_games_replay_exactly_through_the_scalar_engine():
    result = solo.play_batch(300, policy="heuristic", seed=8, record=True)
    check_replays(result, range(300))


@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_the_fast_path_plays_variations_and_secret_decades_as_the_scalar_engine(policy):
    # V3, V4, V6a's solo range (D10) and V7 on the fast path, replayed through Game
    rules = xl.SoloRules.tiebreak_reading()
    result = solo.play_batch(
        400, policy=policy, seed=3, chunk=150, record=True, layout=VARIANTS, secret_decades=True, solo_rules=rules
    )
    check_replays(result, range(400))
    assert set(result.secrets.ravel()) <= set(DECADES) and len(set(result.secrets.ravel())) > 5
    assert (result.points["secret_decade"] > 0).any()


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
    random = solo.play_batch(5000, policy="random", seed=1)
    greedy = solo.play_batch(5000, policy="heuristic", seed=1)
    assert greedy.scores.mean() > random.scores.mean() + 1000


def test_summary_mode_keeps_only_aggregates():
    full = solo.play_batch(4000, seed=2, chunk=1000)
    summary = solo.play_batch(4000, seed=2, chunk=1000, keep_games=False)
    assert summary.n_games == 4000 and summary.histogram.sum() == 4000
    assert summary.mean == pytest.approx(full.scores.mean())
    assert summary.std == pytest.approx(full.scores.std())
    assert summary.goal_means["chain"] == pytest.approx(full.points["chain"].mean())


def test_same_seed_same_games_and_bad_requests():
    a = solo.play_batch(500, seed=4)
    b = solo.play_batch(500, seed=4)
    assert np.array_equal(a.scores, b.scores) and np.array_equal(a.markets, b.markets)
    with pytest.raises(xl.ExhibitionLabError, match="heuristic"):
        solo.play_batch(10, policy="greedy")
    with pytest.raises(xl.ExhibitionLabError, match="batch engine plays batch policies"):
        simulate(10, ["random", "greedy"], engine="batch", progress=False)
    with pytest.raises(xl.ExhibitionLabError, match="scalar engine plays bots"):
        simulate(10, ["heuristic"], engine="scalar", progress=False)
    with pytest.raises(xl.ExhibitionLabError, match="scalar engine plays bots"):
        simulate(10, ["heuristic", "greedy"], progress=False)
    with pytest.raises(xl.ExhibitionLabError):
        simulate(10, ["random"], engine="warp", progress=False)
    with pytest.raises(xl.ExhibitionLabError, match="record=True"):
        solo.replay(a, 0)
    with pytest.raises(xl.ExhibitionLabError, match="at least 38 cards"):
        solo.play_batch(10, deck=DECK[:37])


def test_the_fast_path_refuses_what_it_cannot_play_a_whole_turn_at_a_time():
    rng = np.random.default_rng(0)
    with pytest.raises(xl.ExhibitionLabError, match="solo games, not 2 players"):
        solo.play_solo(ls.deal_games(3, rng, players=2), "random", rng)
    short = ls.deal_games(3, rng)
    short.stock[:, 19:] = -1  # 19 cards for at most 20 turns (R9)
    with pytest.raises(xl.ExhibitionLabError, match="stock that lasts"):
        solo.play_solo(short, "random", rng)
    game = xl.Game.new(1, seed=1)
    game.apply(game.legal_actions()[0])  # a card in hand: the turn has begun
    with pytest.raises(xl.ExhibitionLabError, match="start of a turn"):
        solo.play_solo(from_games([game]), "random", rng)
    with pytest.raises(xl.ExhibitionLabError, match="heuristic"):
        solo.play_solo(ls.deal_games(3, rng), policies.Policy(), rng)


def test_bounds_colours_and_einstein_equal_the_readable_rules_every_turn():
    # The running min/max updates (R11, R14) and colour bits (R12, R13) that the fast path
    # shares with the engine must equal what the hall's own windows give, and Einstein's
    # interval its years (D7).
    rng = np.random.default_rng(5)
    b = ls.deal_games(400, rng)
    t = b.tables
    checked = einstein_rows = 0
    while b.live.any():
        ls.play(b, "random", rng, turns=1)
        for row in range(b.n):
            cards = [None if k < 0 else DECK[k] for k in b.hall[row]]
            for s, kind in enumerate(t.layout):
                start = t.starts[s]
                spots = tuple(cards[start : start + kind.size])
                colours = {c.continent.index for c in spots if c is not None and c.continent is not None}
                assert (b.colours[row, start : start + kind.size] == sum(1 << c for c in colours)).all()
                for i, card in enumerate(spots):
                    j = start + i
                    if card is not None:
                        assert b.low[row, j] > b.high[row, j] or b.low[row, j] > 1999  # takes no card
                        if card.is_einstein:
                            years = einstein_years(kind, spots, i)
                            assert (b.einstein_low[row], b.einstein_high[row]) == (years[0], years[-1])
                            einstein_rows += 1
                windows = showcase_windows(kind, spots)
                for w in windows:
                    j = start + w.spot
                    if w.exact:
                        assert (b.low[row, j], b.high[row, j]) == (w.first_year, w.last_year), (row, j)
                        checked += 1
                    else:  # Einstein in the showcase: the years of a dated card there, one by one
                        fits = [y for y in range(1900, 2000) if _showcase_takes(kind, spots, w.spot, y)]
                        if fits:
                            assert (b.low[row, j], b.high[row, j]) == (fits[0], fits[-1]), (row, j)
                            assert fits == list(range(fits[0], fits[-1] + 1))
                        else:
                            assert b.low[row, j] > b.high[row, j]
                        checked += 1
    assert checked > 30_000 and einstein_rows > 100


def _showcase_takes(kind, spots, index, year):
    from exhibition_lab.games.exhibition.rules.hall import showcase_problem

    candidate = list(spots)
    candidate[index] = xl.Card(year, None)  # a white card of that year: R11, R14 and D7 only
    return showcase_problem(kind, tuple(candidate)) is None


def test_partial_shuffle_deals_every_card_uniformly_into_the_seen_places():
    deals = solo.deal(np.random.default_rng(9), 20_000, len(DECK), 38)
    assert (np.sort(deals, axis=1) == np.arange(len(DECK))).all()  # permutations
    # each card lands in each of the 38 seen places with probability 1/101
    counts = np.stack([(deals[:, :38] == card).sum(axis=0) for card in (0, 50, 100)])
    expected = 20_000 / len(DECK)
    assert np.abs(counts - expected).max() < 6 * np.sqrt(expected)


def test_the_fast_path_from_mid_game_states_continues_the_recorded_game():
    # Greedy play is a function of the position, so finishing a recorded game from its
    # rule state at turn t (the true stock order) with that turn forced must give the
    # recorded game: Einstein bounds included.
    result = solo.play_batch(80, policy="heuristic", seed=12, record=True)
    positions, turns, firsts = [], [], []
    for i in range(80):
        whole = game_of(solo.replay(result, i))
        t = whole.turn // 2
        game = whole.copy()
        while game.turn > t or game.phase is not xl.Phase.TAKE:
            game.undo()
        positions.append(game)
        rest = [a for _, a in whole.history[len(game.history) :]]
        firsts.append(rest)
        turns.append(whole)
    b = from_games(positions, record=True)
    space = b.space
    first = [[space.encode(a) for a in rest[: 3 if isinstance(rest[1], xl.Move) else 2]] for rest in firsts]
    forced = ls.Forced(
        np.array([f[0] for f in first]),
        np.array([f[1] if len(f) == 3 else -1 for f in first]),
        np.array([f[-1] for f in first]),
    )
    solo.play_solo(b, "heuristic", np.random.default_rng(0), forced=forced)
    scores = score(b)
    for i, whole in enumerate(turns):
        assert scores.totals[i, 0] == whole.score()["You"].total, i
        assert [space.decode_action(a) for a in b.log[i, : b.log_at[i]]] == firsts[i]
        drawn = positions[i].stock_size - whole.stock_size
        assert b.phase[i] == OVER and (b.turn[i], b.top[i]) == (whole.turn, drawn)
    assert sum(xl.EINSTEIN in g.hall(0).cards() for g in positions) > 0


@pytest.mark.parametrize("engine", ["scalar", "batch", "lock-step"])
def test_a_custom_solo_rules_value_reaches_every_engine(engine):
    # S6/D11: SoloRules is passed as a value; a custom one with no Mid Century term must
    # not be replaced by the named reading it carries ("harsh"). "lock-step": a Policy
    # object, which the array engine plays in lock-step rather than on its solo fast path.
    zero = xl.SoloRules(base=0, per_year=0, empty_distance=0)
    n = 40 if engine == "scalar" else 300
    kw = dict(seed=5, processes=1, progress=False, secret_decades=engine == "lock-step")
    kw["engine"] = "batch" if engine == "lock-step" else engine
    bots = [policies.RandomPolicy()] if engine == "lock-step" else ["random"]
    result = simulate(n, bots, solo_rules=zero, **kw)
    assert (result.points["mid_century"] == 0).all()
    harsh = simulate(n, bots, **kw)
    assert (harsh.points["mid_century"] != 0).any()
    # the totals differ by exactly the dropped S6 term
    assert np.array_equal(harsh.scores[:, 0] - result.scores[:, 0], (100 * harsh.points["mid_century"][:, 0]).round())


def test_the_fast_path_refuses_layout_properties_the_engine_does_not_model():
    from dataclasses import replace

    from exhibition_lab.games.exhibition.rules.layout import GENERAL

    odd = xl.Layout((replace(GENERAL, min_step=20), *xl.Layout.base().showcases[1:]))
    with pytest.raises(xl.ExhibitionLabError, match="without white cards"):
        solo.play_batch(10, layout=odd)


def test_the_market_penalty_is_one_rule_for_ints_arrays_scoring_odds_and_the_batch_engine():
    # S4/S5: Einstein (no year, −1 in arrays) never counts; ints and arrays agree
    from exhibition_lab.games.exhibition.rules.goals import PAIR_GOALS
    from exhibition_lab.games.exhibition.rules.scoring import costs_a_point, solo_pair_points

    years = np.array([-1, 1899 + 1, 1930, 1950, 1960, 1999])
    for goal in ("years_gap", "short_era", "antiquity"):
        as_array = costs_a_point(goal, years, 1930, 1960)
        assert list(as_array) == [bool(costs_a_point(goal, int(y), 1930, 1960)) for y in years]
        assert not as_array[0]
    for record in PAIR_GOALS:  # the goal records the array engine reads say the same
        assert list(record.costs_a_point(years, 1930, 1960)) == list(costs_a_point(record.key, years, 1930, 1960))
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


def test_the_fast_path_plays_a_hall_of_another_size_as_the_scalar_engine():
    # a General of 5 spots: 15 spots in all, so the placement mask is not packed into bits
    from dataclasses import replace

    from exhibition_lab.games.exhibition.rules.layout import GENERAL

    layout = xl.Layout((replace(GENERAL, size=5), *xl.Layout.base().showcases[1:]))
    result = solo.play_batch(300, policy="random", seed=6, chunk=100, record=True, layout=layout)
    assert result.halls.shape == (300, 15)
    assert check_replays(result, range(300)) > 0
