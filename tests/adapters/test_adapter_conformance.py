"""The adapters play the game :class:`Game` plays: fed the same chance outcomes and the same
action ids, OpenSpiel, PettingZoo, Gymnasium and the vectorised environment end in the same
halls, tile, Depots and scores — over 1–5 players, every variation layout (V1–V6a) and Secret
Decades (V7). The vectorised environment, on the array engine, also shows at every decision the
very observation the rules give the seat to move."""

from __future__ import annotations

from collections import defaultdict

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import exhibition_lab as xl  # noqa: E402
import exhibition_lab.openspiel as xos  # noqa: E402
from exhibition_lab.core.protocol import CHANCE  # noqa: E402
from exhibition_lab.envs import SoloEnv, VectorGames, raw_env  # noqa: E402
from exhibition_lab.games.exhibition.observation import Observer  # noqa: E402
from exhibition_lab.games.exhibition.rules.turns import dealing_outcomes  # noqa: E402
from tests.helpers.layouts import VARIATION_SETS  # noqa: E402

LAYOUTS = VARIATION_SETS
FULL_GAMES = 250
QUICK_GAMES = 30


def case(index: int) -> tuple[int, tuple[str, ...], bool]:
    """Players, variations and Secret Decades of game ``index``: every combination in turn."""
    players = 1 + index % 5
    variations = LAYOUTS[(index // 5) % len(LAYOUTS)]
    return players, variations, bool((index // (5 * len(LAYOUTS))) % 2)


class Played:
    """One random game on :class:`Game`, with the ids of its steps."""

    def __init__(self, index: int) -> None:
        self.players, self.variations, self.secret = case(index)
        self.seed = index
        layout = xl.Layout.base().with_variations(*self.variations)
        game = xl.Game.new(self.players, seed=index, layout=layout, secret_decades=self.secret)
        rng = np.random.default_rng(index)
        while not game.is_over:
            actions = game.legal_actions()
            game.apply(actions[rng.integers(len(actions))])
        self.game = game
        setup = game.setup
        self.deal_ids = [setup.encode(setup.initial(), event) for event in dealing_outcomes(game.deal)]
        self.step_ids = [setup.encode(game.state, step.move) for step in game.steps]
        before = game.states()
        self.decisions = [  # (the state the seat decided in, the id of its decision)
            (before[k], setup.encode(game.state, step.move))
            for k, step in enumerate(game.steps)
            if step.player != CHANCE
        ]

    @property
    def totals(self) -> list[int]:
        sheet = self.game.score()
        return [sheet[name].total for name in self.game.players]


def openspiel_plays_it(played: Played) -> None:
    variations = "+".join(played.variations)
    secret = played.secret
    if played.players == 1:
        spec = f"python_exhibition_solo(variations={variations},secret_decades={secret})"
    else:
        spec = f"python_exhibition(players={played.players},variations={variations},secret_decades={secret})"
    game = pyspiel.load_game(spec)
    state = game.new_initial_state()
    for action in played.deal_ids + played.step_ids:  # the deal (R5, V7), then every decision and refill (R9)
        state.apply_action(action)
    assert state.is_terminal() and state.rule_state == played.game.state
    assert state.returns() == list(played.game.setup.returns(played.game.state))


def pettingzoo_plays_it(played: Played) -> None:
    aec = raw_env(players=played.players, variations=played.variations, secret_decades=played.secret)
    aec.reset(seed=played.seed)  # Game.new's deal for the same seed
    for _, action in played.decisions:
        assert aec.agent_selection == f"player_{aec.play.state.seat}"
        aec.step(action)
    assert aec.play.state == played.game.state
    assert [aec._cumulative_rewards[a] for a in aec.possible_agents] == list(played.game.setup.returns(aec.play.state))


def gymnasium_plays_it(played: Played) -> None:
    solo = SoloEnv(variations=played.variations, secret_decades=played.secret)
    solo.reset(seed=played.seed)
    total = 0.0
    for _, action in played.decisions:
        _, reward, done, _, info = solo.step(action)
        total += reward
        assert "illegal_action" not in info
    assert done and solo.play.state == played.game.state and total == played.totals[0]


def vector_plays_them(group: list[Played]) -> None:
    first = group[0]
    games = VectorGames(first.players, variations=first.variations, secret_decades=first.secret, utility="score")
    observer = Observer(first.game.setup)
    state = games.reset_to([p.game.deal for p in group])
    longest = max(len(p.decisions) for p in group)
    for step in range(longest):
        actions = np.zeros(len(group), dtype=np.int64)
        for row, played in enumerate(group):
            if step < len(played.decisions):
                rule_state, actions[row] = played.decisions[step]
                seat = rule_state.seat
                assert state.current_player[row] == seat
                assert np.flatnonzero(state.legal_action_mask[row]).tolist() == played.game.setup.legal_ids(rule_state)
                assert np.array_equal(state.observation[row], observer.vector(rule_state, seat))
            else:
                assert state.terminated[row]
        state = games.step(actions)
    assert state.terminated.all()
    assert games.totals().tolist() == [p.totals for p in group]
    batch = games.batch
    for row, played in enumerate(group):
        for seat, hall in enumerate(played.game.halls):
            ids = batch.hall[row * first.players + seat]
            assert [None if k < 0 else played.game.deck[k] for k in ids] == [c for _, c in hall.iter_spots()]


def check_games(n: int) -> None:
    plays = [Played(index) for index in range(n)]
    groups: dict[tuple, list[Played]] = defaultdict(list)
    for played in plays:
        openspiel_plays_it(played)
        pettingzoo_plays_it(played)
        if played.players == 1:
            gymnasium_plays_it(played)
        groups[case(played.seed)].append(played)
    for group in groups.values():
        vector_plays_them(group)


def test_the_adapters_replay_games_exactly():
    check_games(QUICK_GAMES)


@pytest.mark.slow
def test_the_adapters_replay_every_table_exactly():
    check_games(FULL_GAMES)
    covered = {case(index) for index in range(FULL_GAMES)}
    assert {players for players, _, _ in covered} == {1, 2, 3, 4, 5}
    assert {variations for _, variations, _ in covered} == set(LAYOUTS)
    assert {secret for _, _, secret in covered} == {False, True}


def test_the_openspiel_module_is_registered():
    assert {xos.GAME_NAME, xos.SOLO_NAME} <= {t.short_name for t in pyspiel.registered_games()}


@pytest.mark.parametrize("players", [1, 2, 3, 5, 8])
def test_openspiel_replays_timeline_games_exactly(players):
    from exhibition_lab.games.timeline.game import Timeline
    from exhibition_lab.games.timeline.rules import MAX_ROUNDS

    for seed in range(4):
        game = Timeline.new(players, seed=seed)  # its deck order is the one deck_seed=seed gives (T7)
        rng = np.random.default_rng(seed)
        while not game.is_over:
            moves = game.legal_moves()
            game.apply(moves[rng.integers(len(moves))])
        if players == 1:
            spec = f"python_exhibition_timeline_practice(deck_seed={seed})"
        else:
            spec = f"python_exhibition_timeline(players={players},deck_seed={seed},max_rounds={MAX_ROUNDS})"
        spiel = pyspiel.load_game(spec)
        state = spiel.new_initial_state()
        for step in game.steps:
            state.apply_action(game.rules.encode(game.state, step.move))
        assert state.is_terminal() and state.rule_state == game.state
        assert state.returns() == list(game.returns())
