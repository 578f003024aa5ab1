"""The batch engine for every game, pinned to Game both ways: at every decision its legal
set equals Game.legal_actions(), and every finished game replays to the same state."""

from __future__ import annotations

import numpy as np
import pytest

import exhibition_lab as xl
from exhibition_lab.games.exhibition.arrays import engine as ls

LAYOUTS = {
    "base": xl.Layout.base(),
    "links+spread+decade+short": xl.Layout.base().with_variations(
        "links", "spread_the_years", "one_decade", "short_era"
    ),
    "strict links+antiquity": xl.Layout.base().with_variations("links_strict", "antiquity"),
    "unique decades": xl.Layout.base().with_variations("unique_decades"),
}


class Mirror(ls.Policy):
    """Plays ``inner`` and, at every decision, checks the batch engine's legal set against
    the twin Game's legal_actions(), then applies the same action to the twin."""

    def __init__(self, inner: ls.Policy, twins: list[xl.Game]) -> None:
        self.inner, self.twins, self.decisions = inner, twins, 0

    def _check(self, b, games, mask_to_set):
        for row, g in enumerate(games):
            twin = self.twins[g]
            assert mask_to_set(row, g) == set(twin.legal_actions()), (g, twin.phase, twin.history[-3:])
            self.decisions += 1

    def take(self, b, games, mask, rng):
        self._check(b, games, lambda row, g: {xl.Take(b.deck.cards[b.market[g, k]]) for k in np.flatnonzero(mask[row])})
        slots = self.inner.take(b, games, mask, rng)
        for g, slot in zip(games, slots):
            self.twins[g].apply(xl.Take(b.deck.cards[b.market[g, slot]]))
        return slots

    def move(self, b, games, rng):
        self._check(b, games, lambda row, g: {xl.Move(c) for c in xl.CONTINENTS})
        moves = self.inner.move(b, games, rng)
        for g, m in zip(games, moves):
            self.twins[g].apply(xl.Move(xl.CONTINENTS[m]))
        return moves

    def place(self, b, games, mask, rng):
        self._check(
            b, games, lambda row, g: {ls.action_of(b, ls.PLACE_BASE + int(k)) for k in np.flatnonzero(mask[row])}
        )
        codes = self.inner.place(b, games, mask, rng)
        for g, code in zip(games, codes):
            self.twins[g].apply(ls.action_of(b, ls.PLACE_BASE + int(code)))
        return codes


SMALL_DECK = tuple(c for c in xl.standard_deck() if c.year is None or c.year % 4 == 1 or c.year == 1945)


def lockstep_games(n, players, layout, secret, policy, seed, rules=None, deck=None):
    """Play n batch games in lock-step with n Games; check the final states and replays."""
    rng = np.random.default_rng(seed)
    b = ls.deal_games(n, rng, players=players, layout=layout, secret_decades=secret, record=True, deck=deck)
    deal = ls.start_snapshot(b)
    twins = [ls.replay(b, deal, i) for i in range(n)]  # fresh games on the same deals
    mirror = Mirror(ls.make_policy(policy), twins)
    ls.play(b, mirror, rng)
    scores = ls.score(b, rules)
    for i, twin in enumerate(twins):
        assert twin.is_over
        check_same_state(b, scores, i, twin, rules)
        again = ls.replay(b, deal, i)
        assert again.history == twin.history and again.halls == twin.halls
    return (mirror.decisions, b) if deck is not None else mirror.decisions


def check_same_state(b, scores, i, game, rules=None):
    cards = b.deck.cards
    t = b.tables
    for seat, hall in enumerate(game.halls):
        h = i * b.players + seat
        assert [cards[k] if k >= 0 else None for k in b.hall[h]] == [c for _, c in hall.iter_spots()]
        assert [cards[k] for k in b.depot[h] if k >= 0] == list(hall.depot)
    years = [-1 if c.year is None else c.year for c in game.market_cards]
    assert list(scores.markets[i]) == years + [-1] * (18 - len(years))
    sheet = game.score(rules)
    assert [sheet[name].total for name in game.players] == list(scores.totals[i])
    for goal in sheet.goals:
        assert [sheet[name].points[goal] for name in game.players] == pytest.approx(list(scores.points[goal][i])), goal
    assert [
        sheet.players_won(name) if hasattr(sheet, "players_won") else name in sheet.winners for name in game.players
    ] == list(ls.winners(scores)[i])
    assert list(b.final[i]) == list(game.final) and b.discards[i] == len(game.discard)
    assert t is b.tables


@pytest.mark.parametrize("players", [1, 2, 3, 5])
@pytest.mark.parametrize("layout", list(LAYOUTS))
def test_lockstep_random_games_match_game_at_every_decision(players, layout):
    decisions = lockstep_games(12, players, LAYOUTS[layout], players % 2 == 1, "random", seed=players)
    assert decisions > 12 * 20 * players * 0.5


def coverage(b):
    """What the games exercised: Einstein in a hall, a dry stock, a game ended by D4."""
    einstein = b.deck.einstein
    stock_len = (b.stock >= 0).sum(axis=1)
    return {
        "einstein": int((b.hall == einstein).any(axis=1).sum()),
        "dry_stock": int((b.top >= stock_len).sum()),
        "dry_market": int((b.market < 0).all(axis=1).sum()),
    }


@pytest.mark.parametrize("players", [2, 4])
def test_lockstep_from_mid_game_positions_in_every_phase(players):
    # from_games: positions at the start of a turn, after a white take (MOVE) and before a
    # placement (PLACE) continue exactly as Game does, with each game's own stock.
    rng = np.random.default_rng(40 + players)
    layout = LAYOUTS["links+spread+decade+short"] if players == 2 else LAYOUTS["base"]
    games, phases = [], set()
    for k in range(40):
        game = xl.Game.new(players, seed=k, layout=layout, secret_decades=True)
        for _ in range(int(rng.integers(0, 120))):
            if game.is_over:
                break
            actions = game.legal_actions()
            game.apply(actions[int(rng.integers(len(actions)))])
        games.append(game)
        phases.add(game.phase)
    assert {xl.Phase.TAKE, xl.Phase.PLACE} <= phases
    b = ls.from_games(games)
    twins = [g.copy() for g in games]
    mirror = Mirror(ls.RandomPolicy(), twins)
    ls.play(b, mirror, rng)
    scores = ls.score(b)
    for i, twin in enumerate(twins):
        assert twin.is_over
        check_same_state(b, scores, i, twin)
    assert mirror.decisions > 300


@pytest.mark.parametrize("players", [2, 3, 5])
@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_lockstep_small_deck_runs_the_stock_and_the_continents_dry(players, policy):
    # a 26-card deck: the stock (8 cards) runs out (R9 skipped), continents empty (R7's
    # take anywhere), and games end when no card is left (D4)
    assert len(SMALL_DECK) == 26 and xl.EINSTEIN in SMALL_DECK
    _, b = lockstep_games(30, players, LAYOUTS["base"], True, policy, seed=players, deck=SMALL_DECK)
    seen = coverage(b)
    assert seen["dry_stock"] == 30 and seen["dry_market"] > 0


def test_policies_are_objects_one_per_seat_and_names_are_unique():
    # the batch heuristic is not GreedyBot, so it has its own name (issue 16, item 4)
    from exhibition_lab.games.exhibition.agents import BOTS

    assert not (set(ls.POLICIES) - {"random"}) & set(BOTS)  # only "random" is one player on both
    assert isinstance(ls.make_policy("random"), ls.RandomPolicy)
    with pytest.raises(xl.ExhibitionLabError, match="heuristic"):
        ls.make_policy("greedy")
    rng = np.random.default_rng(3)
    b = ls.deal_games(200, rng, players=3, record=True)
    ls.play(b, [ls.HeuristicPolicy(), "random", "random"], rng)
    wins = ls.winners(ls.score(b))
    assert wins[:, 0].mean() > wins[:, 1].mean() + 0.2  # the heuristic seat wins more
    with pytest.raises(xl.ExhibitionLabError, match="3 seat"):
        ls.play(ls.deal_games(2, rng, players=3), ["random", "random"], rng)


@pytest.mark.parametrize("engine_layout", ["base", "unique decades"])
def test_batch_scores_with_a_custom_solo_rules_and_secret_decades(engine_layout):
    rules = xl.SoloRules(base=0, per_year=0, empty_distance=0)
    lockstep_games(20, 1, LAYOUTS[engine_layout], True, "heuristic", seed=9, rules=rules)


def test_the_batch_engine_refuses_what_it_does_not_model():
    from dataclasses import replace

    from exhibition_lab.games.exhibition.rules.layout import GENERAL

    odd = xl.Layout((replace(GENERAL, key="odd", rule="X1"), *xl.Layout.base().showcases[1:]))
    ls.tables(odd, 2)  # a renamed showcase with known properties is fine
    with pytest.raises(xl.ExhibitionLabError, match="R12 and R13"):
        ls.tables(xl.Layout((replace(GENERAL, same_continent=True), *xl.Layout.base().showcases[1:])), 2)
    with pytest.raises(xl.ExhibitionLabError, match="white-card count"):
        ls.tables(xl.Layout((replace(GENERAL, size=7), *xl.Layout.base().showcases[1:])), 2)
    with pytest.raises(xl.ExhibitionLabError, match="without white cards"):
        ls.tables(xl.Layout((replace(GENERAL, min_step=20), *xl.Layout.base().showcases[1:])), 2)
    with pytest.raises(xl.ExhibitionLabError, match="1 to 5 players"):
        ls.tables(xl.Layout.base(), 6)


@pytest.mark.slow
def test_lockstep_4800_games_across_players_layouts_decks_secret_decades_and_policies():
    import itertools

    games = decisions = 0
    seen = {"einstein": 0, "dry_stock": 0, "dry_market": 0}
    decks = [None, SMALL_DECK]
    configs = itertools.product([1, 2, 3, 4, 5], LAYOUTS, [False, True], ["random", "heuristic"], decks)
    for k, (players, layout, secret, policy, deck) in enumerate(configs):
        rng = np.random.default_rng(1000 + k)
        kw = dict(players=players, layout=LAYOUTS[layout], secret_decades=secret, record=True, deck=deck)
        b = ls.deal_games(50 if deck is None else 10, rng, **kw)
        deal = ls.start_snapshot(b)
        twins = [ls.replay(b, deal, i) for i in range(b.n)]
        mirror = Mirror(ls.make_policy(policy), twins)
        ls.play(b, mirror, rng)
        scores = ls.score(b)
        for i, twin in enumerate(twins):
            check_same_state(b, scores, i, twin)
        for key, value in coverage(b).items():
            seen[key] += value
        games += b.n
        decisions += mirror.decisions
    assert games >= 4800 and decisions > 200_000
    assert min(seen.values()) > 0, seen


def test_the_solo_kernel_and_the_batch_engine_play_the_same_heuristic_player():
    # one name per player: the solo kernel's "heuristic" and HeuristicPolicy choose the
    # same actions on the same deals, so their games and scores are identical
    from exhibition_lab.games.exhibition.arrays import solo as batch

    kernel = batch.play_batch(400, policy="heuristic", seed=21, record=True)
    b = ls.games_from_deals(kernel.deals, record=True)
    ls.play(b, ls.HeuristicPolicy(), np.random.default_rng(0))
    scores = ls.score(b)
    assert np.array_equal(scores.totals[:, 0], kernel.scores)
    assert np.array_equal(b.hall, kernel.halls) and np.array_equal(b.depot, kernel.depots)


def test_determinisations_keep_the_view_and_reshuffle_what_it_hides():
    game = xl.Game.new(3, seed=8, secret_decades=True)
    rng = np.random.default_rng(8)
    for _ in range(40):
        actions = game.legal_actions()
        game.apply(actions[int(rng.integers(len(actions)))])
    view = game.view(1)
    b = ls.determinisations(view, np.random.default_rng(0), 50)
    index = b.deck.index()
    unseen = sorted(index[c] for c in view.unseen)
    stocks = {tuple(row[: len(unseen)]) for row in b.stock}
    assert all(sorted(s) == unseen for s in stocks) and len(stocks) > 40  # shuffled anew
    assert (b.secret[:, 1] == game.secret_decades[1]).all()  # the seat's own decade is known
    others = b.secret[:, [0, 2]]
    assert not np.isin(others, [game.secret_decades[1]]).any() and len({tuple(r) for r in others}) > 5
    for seat, hall in enumerate(view.halls):
        for row in (0, 49):
            assert [b.deck.cards[k] if k >= 0 else None for k in b.hall[row * 3 + seat]] == [
                c for _, c in hall.iter_spots()
            ]
    assert (b.seat == view.current).all() and (b.turn == view.turn).all()
