"""The array engine for every game, pinned to Game both ways: at every decision its legal
set equals Game.legal_actions() (and its legal mask Setup.legal_action_mask), and every
finished game replays to the same state."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import exhibition_lab as xl
from exhibition_lab.games.exhibition.arrays import engine as ls
from exhibition_lab.games.exhibition.arrays import policies, solo
from exhibition_lab.games.exhibition.arrays.masks import legal_mask
from exhibition_lab.games.exhibition.arrays.scoring import score, winners
from exhibition_lab.games.exhibition.arrays.state import OVER
from exhibition_lab.games.exhibition.arrays.tables import tables
from tests.arrays_support import from_games, game_of
from tests.helpers.layouts import MIXED

LAYOUTS = {
    "base": xl.Layout.base(),
    "links+spread+decade+short": xl.Layout.base().with_variations(*MIXED),
    "strict links+antiquity": xl.Layout.base().with_variations("links_strict", "antiquity"),
    "unique decades": xl.Layout.base().with_variations("unique_decades"),
}


class Mirror(policies.Policy):
    """Plays ``inner`` and, at every decision, checks the array engine's legal set against
    the twin Game's legal_actions() — and, with ``masks``, its legal mask against
    Setup.legal_action_mask — then applies the same action to the twin."""

    def __init__(self, inner: policies.Policy, twins: list[xl.Game], *, masks: bool = False) -> None:
        self.inner, self.twins, self.masks, self.decisions = inner, twins, masks, 0

    def _check(self, b, games, mask_to_set):
        engine_masks = legal_mask(b, games) if self.masks else None
        for row, g in enumerate(games):
            twin = self.twins[g]
            assert mask_to_set(row, g) == set(twin.legal_actions()), (g, twin.phase, twin.history[-3:])
            if engine_masks is not None:
                assert np.array_equal(engine_masks[row], twin.setup.legal_action_mask(twin.state)), (g, twin.phase)
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
        space = b.space
        self._check(
            b, games, lambda row, g: {space.decode_action(space.place_base + int(k)) for k in np.flatnonzero(mask[row])}
        )
        codes = self.inner.place(b, games, mask, rng)
        for g, code in zip(games, codes):
            self.twins[g].apply(space.decode_action(space.place_base + int(code)))
        return codes


SMALL_DECK = tuple(c for c in xl.standard_deck() if c.year is None or c.year % 4 == 1 or c.year == 1945)


def lockstep_games(n, players, layout, secret, policy, seed, rules=None, deck=None, masks=False):
    """Play n batch games in lock-step with n Games; check the final states and replays."""
    rng = np.random.default_rng(seed)
    b = ls.deal_games(n, rng, players=players, layout=layout, secret_decades=secret, record=True, deck=deck)
    deal = ls.start_snapshot(b)
    twins = [game_of(ls.replay(b, deal, i)) for i in range(n)]  # fresh games on the same deals
    mirror = Mirror(policies.make_policy(policy), twins, masks=masks)
    ls.play(b, mirror, rng)
    scores = score(b, rules)
    for i, twin in enumerate(twins):
        assert twin.is_over
        check_same_state(b, scores, i, twin, rules)
        again = game_of(ls.replay(b, deal, i))
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
    assert set(sheet.goals) == set(scores.points)
    for goal in sheet.goals:
        assert [sheet[name].points[goal] for name in game.players] == pytest.approx(list(scores.points[goal][i])), goal
    assert [name in sheet.winners for name in game.players] == list(winners(scores)[i])
    assert list(b.final[i]) == list(game.final) and b.discards[i] == len(game.discard)
    assert list(b.six_round[i]) == [0 if r is None else r for r in game.six_continents_round]  # R19
    assert b.phase[i] == OVER and (b.round[i], b.turn[i]) == (game.round, game.turn)
    assert t is b.tables


@pytest.mark.parametrize("players", [1, 2, 3, 5])
@pytest.mark.parametrize("layout", list(LAYOUTS))
def test_lockstep_random_games_match_game_at_every_decision(players, layout):
    decisions = lockstep_games(12, players, LAYOUTS[layout], players % 2 == 1, "random", seed=players)
    assert decisions > 12 * 20 * players * 0.5


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_the_legal_mask_equals_setup_legal_action_mask_at_every_decision(players):
    # the integer action space of ActionSpace: take k → k, move → n_cards + c, place j →
    # n_cards + 6 + j, depot, end — the ids Setup.legal_actions gives, at every decision
    # of every layout, Secret Decades on and off, both policies and a deck that runs dry
    decisions = 0
    configs = itertools.product(LAYOUTS, [False, True], ["random", "heuristic"], [None, SMALL_DECK])
    for k, (layout, secret, policy, deck) in enumerate(configs):
        if k % 5 != players % 5:  # each player count takes a fifth of the settings
            continue
        found = lockstep_games(4, players, LAYOUTS[layout], secret, policy, 50 + k, deck=deck, masks=True)
        decisions += found[0] if deck is not None else found
    assert decisions > 200 * players


def coverage(b):
    """What the games exercised: Einstein in a hall, a dry stock, a game ended by D4."""
    einstein = b.deck.einstein
    stock_len = (b.stock >= 0).sum(axis=1)
    return {
        "einstein": int((b.hall == einstein).any(axis=1).sum()),
        "dry_stock": int((b.top >= stock_len).sum()),
        "dry_market": int((b.market < 0).all(axis=1).sum()),
    }


def random_positions(players, layout, n, rng):
    """Games played at random for a random number of actions: every phase."""
    games = []
    for k in range(n):
        game = xl.Game.new(players, seed=k, layout=layout, secret_decades=True)
        for _ in range(int(rng.integers(0, 120))):
            if game.is_over:
                break
            actions = game.legal_actions()
            game.apply(actions[int(rng.integers(len(actions)))])
        games.append(game)
    return games


@pytest.mark.parametrize("players", [2, 4])
def test_lockstep_from_mid_game_positions_in_every_phase(players):
    # from_states: positions at the start of a turn, after a white take (MOVE) and before a
    # placement (PLACE) continue exactly as Game does, with each game's own stock order.
    rng = np.random.default_rng(40 + players)
    layout = LAYOUTS["links+spread+decade+short"] if players == 2 else LAYOUTS["base"]
    games = random_positions(players, layout, 40, rng)
    assert {xl.Phase.TAKE, xl.Phase.PLACE} <= {g.phase for g in games}
    b = from_games(games)
    twins = [g.copy() for g in games]
    mirror = Mirror(policies.RandomPolicy(), twins, masks=True)
    ls.play(b, mirror, rng)
    scores = score(b)
    for i, twin in enumerate(twins):
        assert twin.is_over
        check_same_state(b, scores, i, twin)
    assert mirror.decisions > 300


def test_from_states_refuses_a_chance_node_and_a_stock_order_of_other_cards():
    game = xl.Game.new(2, seed=3)
    setup = game.setup
    with pytest.raises(xl.ExhibitionLabError, match="chance node"):
        ls.from_states(setup, [setup.initial()], [setup.deck])
    with pytest.raises(xl.ExhibitionLabError, match="stock order"):
        ls.from_states(setup, [game.state], [game.stock_order[1:]])
    with pytest.raises(xl.ExhibitionLabError, match="as many stock orders"):
        ls.from_states(setup, [game.state], [])
    b = ls.from_states(setup, [game.state], [game.stock_order])
    ids = setup.legal_ids(game.state)  # ascending ids
    assert ls.legal_actions(b, 0) == [setup.space.decode_action(a) for a in ids]


@pytest.mark.parametrize("players", [2, 3, 5])
@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_lockstep_small_deck_runs_the_stock_and_the_continents_dry(players, policy):
    # a 26-card deck: the stock (8 cards) runs out (R9 skipped), continents empty (R7's
    # take anywhere), and games end when no card is left (D4)
    assert len(SMALL_DECK) == 26 and xl.EINSTEIN in SMALL_DECK
    _, b = lockstep_games(30, players, LAYOUTS["base"], True, policy, seed=players, deck=SMALL_DECK)
    seen = coverage(b)
    assert seen["dry_stock"] == 30 and seen["dry_market"] > 0


def test_the_log_speaks_the_ids_of_the_action_space():
    rng = np.random.default_rng(5)
    b = ls.deal_games(50, rng, players=2, layout=LAYOUTS["links+spread+decade+short"], record=True)
    deal = ls.start_snapshot(b)
    ls.play(b, "random", rng)
    for i in range(b.n):
        game = game_of(ls.replay(b, deal, i))
        ids = [game.setup.space.encode(action) for _, action in game.history]
        assert ids == list(b.log[i, : b.log_at[i]])


def test_policies_are_objects_one_per_seat_and_names_are_unique():
    # the batch heuristic is not GreedyBot, so it has its own name
    from exhibition_lab.games.exhibition.agents import BOTS

    assert not (set(policies.POLICIES) - {"random"}) & set(BOTS)  # only "random" is one player on both
    assert isinstance(policies.make_policy("random"), policies.RandomPolicy)
    with pytest.raises(xl.ExhibitionLabError, match="heuristic"):
        policies.make_policy("greedy")
    rng = np.random.default_rng(3)
    b = ls.deal_games(200, rng, players=3, record=True)
    ls.play(b, [policies.HeuristicPolicy(), "random", "random"], rng)
    wins = winners(score(b))
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
    tables(odd, 2)  # a renamed showcase with known properties is fine
    with pytest.raises(xl.ExhibitionLabError, match="R12 and R13"):
        tables(xl.Layout((replace(GENERAL, same_continent=True), *xl.Layout.base().showcases[1:])), 2)
    with pytest.raises(xl.ExhibitionLabError, match="white-card count"):
        tables(xl.Layout((replace(GENERAL, size=7), *xl.Layout.base().showcases[1:])), 2)
    with pytest.raises(xl.ExhibitionLabError, match="without white cards"):
        tables(xl.Layout((replace(GENERAL, min_step=20), *xl.Layout.base().showcases[1:])), 2)
    with pytest.raises(xl.ExhibitionLabError, match="does not score"):
        tables(xl.Layout((replace(GENERAL, scoring="chain"), *xl.Layout.base().showcases[1:])), 2)
    with pytest.raises(xl.ExhibitionLabError, match="1 to 5 players"):
        tables(xl.Layout.base(), 6)


@pytest.mark.slow
def test_lockstep_4800_games_across_players_layouts_decks_secret_decades_and_policies():
    games = decisions = 0
    seen = {"einstein": 0, "dry_stock": 0, "dry_market": 0}
    decks = [None, SMALL_DECK]
    configs = itertools.product([1, 2, 3, 4, 5], LAYOUTS, [False, True], ["random", "heuristic"], decks)
    for k, (players, layout, secret, policy, deck) in enumerate(configs):
        rng = np.random.default_rng(1000 + k)
        kw = dict(players=players, layout=LAYOUTS[layout], secret_decades=secret, record=True, deck=deck)
        b = ls.deal_games(50 if deck is None else 10, rng, **kw)
        deal = ls.start_snapshot(b)
        twins = [game_of(ls.replay(b, deal, i)) for i in range(b.n)]
        mirror = Mirror(policies.make_policy(policy), twins)
        ls.play(b, mirror, rng)
        scores = score(b)
        for i, twin in enumerate(twins):
            check_same_state(b, scores, i, twin)
        for key, value in coverage(b).items():
            seen[key] += value
        games += b.n
        decisions += mirror.decisions
    assert games >= 4800 and decisions > 200_000
    assert min(seen.values()) > 0, seen


def test_the_solo_fast_path_and_the_lockstep_engine_play_the_same_heuristic_player():
    # one name per player: the fast path's "heuristic" and HeuristicPolicy choose the
    # same actions on the same deals, so their games, logs and scores are identical
    fast = solo.play_batch(400, policy="heuristic", seed=21, record=True)
    b = ls.games_from_deals(fast.setup, fast.deals, record=True)
    ls.play(b, policies.HeuristicPolicy(), np.random.default_rng(0))
    scores = score(b)
    assert np.array_equal(scores.totals[:, 0], fast.scores)
    assert np.array_equal(b.hall, fast.halls) and np.array_equal(b.depot, fast.depots)
    assert np.array_equal(b.log, fast.actions)


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
    assert b.setup.players == game.players and b.setup.deck == game.deck  # the same action ids
    assert ls.legal_actions(b, 0) == game.legal_actions()


def test_determinisations_of_every_phase_play_on_as_the_game_would_with_that_stock():
    # a determinisation is the view's position with one stock order: given the same
    # order (and Secret Decades), the engine plays on exactly as Game does from there
    rng = np.random.default_rng(12)
    games = random_positions(3, LAYOUTS["strict links+antiquity"], 30, rng)
    for game in games:
        if game.is_over:
            continue
        view = game.view()
        b = ls.determinisations(view, np.random.default_rng(1), 2)
        b.stock[:] = -1
        b.stock[:, : game.stock_size] = [b.deck.index()[c] for c in game.stock_order]
        b.secret[:] = game.secret_decades
        twin = game.copy()
        ls.play(b, Mirror(policies.RandomPolicy(), [twin, twin.copy()], masks=True), rng)
        check_same_state(b, score(b), 0, twin)
