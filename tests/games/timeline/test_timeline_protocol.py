"""Timeline on the game protocol: it passes the shared conformance test (explicit chance for
the deal T1, the draws T3 and T5, the reshuffles T6/D14 and practice T8; integer actions;
pure steps; views that hide only what they must, T7), a saved game round-trips after every
action, and every game ends (D16)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from exhibition_lab.core.conformance import ConformanceError, check_random_plays
from exhibition_lab.core.errors import ArgumentError, IllegalAction, NotationError
from exhibition_lab.core.history import History
from exhibition_lab.core.protocol import CHANCE, TERMINAL
from exhibition_lab.games.timeline.game import Timeline
from exhibition_lab.games.timeline.rules import (
    MAX_ROUNDS,
    Draw,
    Phase,
    Play,
    TimelineCard,
    TimelineRules,
    TimelineState,
)

NAMES = ("Ann", "Ben", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")


def small_deck(n: int = 12) -> tuple[TimelineCard, ...]:
    """A deck so small that piles run out and play-offs happen often (T5, T6)."""
    return tuple(TimelineCard(1900 + 7 * k, f"Event {k}") for k in range(n))


def settle(rules: TimelineRules, state: TimelineState, rng: np.random.Generator) -> TimelineState:
    while rules.current_player(state) == CHANCE:
        state = rules.next_state(state, rules.sample_chance(state, rng))
    return state


def miss(rules: TimelineRules, state: TimelineState) -> Play:
    """A play that is wrong (T3): the first card into a gap where it does not fit."""
    card = state.hands[state.seat][0]
    fitting = rules.fitting_gaps(state, card)
    return Play(card, next(g for g in range(len(state.timeline) + 1) if g not in fitting))


# ---------------------------------------------------------------- the shared conformance test
@pytest.mark.parametrize("players", range(1, 9))
def test_timeline_follows_the_protocol(players):
    rules = TimelineRules(NAMES[:players])
    report = check_random_plays(rules, plays=3, seed=players)
    dealt = 2 if players == 1 else players * rules.hand_size + 1
    assert report.chance_steps >= 3 * dealt  # T1: the deal is chance, card by card
    assert report.decisions > 0 and report.longest <= rules.info.max_game_length


@pytest.mark.parametrize("players", [1, 2, 3, 5])
def test_small_decks_run_out_and_still_follow_the_protocol(players):
    rules = TimelineRules(NAMES[:players], small_deck(), hand_size=2, mistakes=4)
    report = check_random_plays(rules, plays=12, seed=10 + players, resamples=3)
    assert report.plays == 12


@pytest.mark.parametrize("players", [1, 2, 4, 8])
def test_games_written_and_read_back_after_every_action(players):
    base = Timeline.new(NAMES[:players], seed=100 + players)

    def start(k: int) -> Timeline:  # one shuffle, so one set of rules; the reshuffles vary
        return Timeline(NAMES[:players], base.deck, base.order, reshuffle_key=k)

    report = check_random_plays(
        base.rules, plays=2, seed=players, start=start, roundtrip=lambda g: Timeline.from_json(g.to_json())
    )
    assert report.decisions > 0


def test_small_deck_games_round_trip_through_reshuffles_and_play_offs():
    deck = small_deck(8)
    seen = set()

    def start(k: int) -> Timeline:
        return Timeline(NAMES[:4], deck, hand_size=1, reshuffle_key=k)

    def roundtrip(game: Timeline) -> Timeline:
        seen.update({"reshuffle"} if game.reshuffles else set())
        seen.update({game.last.round_end} if game.last else set())
        return Timeline.from_json(game.to_json())

    check_random_plays(start(0).rules, plays=15, seed=2, start=start, roundtrip=roundtrip)
    assert {"reshuffle", "playoff", "win", "shared"} <= seen  # T6, T5 and every ending of T5


def test_conformance_catches_a_view_that_shows_another_hand():
    class Leaky(TimelineRules):
        def view(self, state, seat):
            return (super().view(state, seat), state.hands)

    with pytest.raises(ConformanceError, match="view changed"):
        check_random_plays(Leaky(NAMES[:3]), plays=1)


# ---------------------------------------------------------------- chance is explicit
def test_t1_the_deal_is_chance_over_the_whole_pile():
    rules = TimelineRules(NAMES[:2])
    state = rules.initial()
    assert rules.current_player(state) == CHANCE and state.phase is Phase.DEAL
    odds = rules.chance_outcomes(state)
    assert [a for a, _ in odds] == list(range(rules.n_cards)) and {p for _, p in odds} == {1 / rules.n_cards}
    state = rules.next_state(state, Draw(57))
    assert state.hands == ((57,), ()) and 57 not in state.pile  # the first card to seat 0
    with pytest.raises(IllegalAction) as info:
        rules.next_state(state, Draw(57))
    assert info.value.rule == "T1"
    with pytest.raises(IllegalAction) as info:
        rules.next_state(state, Play(57, 0))
    assert info.value.rule == "T2"


def test_t3_a_miss_makes_the_player_draw_from_the_pile_as_a_set():
    rules = TimelineRules(NAMES[:2])
    state = settle(rules, rules.initial(), np.random.default_rng(1))
    wrong = miss(rules, state)
    after = rules.next_state(state, wrong)
    assert rules.current_player(after) == CHANCE and after.phase is Phase.DRAW and after.drawing == (0,)
    assert after.removed == (wrong.card,) and after.pile == tuple(sorted(after.pile)) == state.pile
    assert after.last is not None and not after.last.correct and not after.last.drew
    drawn = rules.next_state(after, Draw(after.pile[-1]))  # any card of the pile may come
    assert drawn.hands[0][-1] == after.pile[-1] and drawn.last.drew and rules.current_player(drawn) == 1


def test_t6_an_empty_pile_takes_the_removed_cards_as_a_set_and_remembers_their_order():
    rules = TimelineRules(NAMES[:2], small_deck(14))  # 12 dealt, 1 starts the timeline, a pile of 1
    state = settle(rules, rules.initial(), np.random.default_rng(0))
    first = miss(rules, state)
    state = settle(rules, rules.next_state(state, first), np.random.default_rng(0))  # draws the last card
    assert state.pile == () and state.removed == (first.card,)
    second = miss(rules, state)
    after = rules.next_state(state, second)
    assert after.reshuffled == ((first.card, second.card),) and after.removed == ()
    assert after.pile == tuple(sorted((first.card, second.card))) and after.last.reshuffled


def test_the_seeded_order_is_one_way_to_draw():
    game = Timeline.new(3, seed=8)
    assert all(step.is_chance for step in game.steps) and len(game.steps) == 3 * 6 + 1
    assert [step.move.card for step in game.steps] == list(range(19))  # the shuffled deck in id order
    top = game.pile[0]
    card = game.hand(0)[0]
    game.apply(Play(card, next(g for g in (0, 1) if g not in game.fitting_gaps(card))))
    assert game.steps[-1] == (CHANCE, Draw(top)) and game.hand(0)[-1] == top
    assert set(game.pile) == set(game.state.pile) and game.pile == tuple(sorted(game.pile))


def test_after_a_reshuffle_the_seeded_order_follows_the_key():
    deck = small_deck(8)
    orders = set()
    for key in range(10):
        game = Timeline(2, deck, hand_size=1, reshuffle_key=key)
        while not game.is_over and game.reshuffles == 0:
            card = game.hand(game.current)[0]
            game.apply(Play(card, next(g for g in range(len(game.timeline) + 1) if g not in game.fitting_gaps(card))))
        if game.reshuffles and game.pile:
            top = game.pile[0]
            assert set(game.pile) == set(game.state.pile) and game.rules.current_player(game.state) >= 0
            orders.add(game.pile)
            card = game.hand(game.current)[0]
            wrong = next(g for g in range(len(game.timeline) + 1) if g not in game.fitting_gaps(card))
            game.apply(Play(card, wrong))
            assert top in game.hand(0) + game.hand(1) + game.timeline + game.removed
    assert len(orders) > 1


# ---------------------------------------------------------------- ids, views, returns
def test_action_ids_are_fixed_per_card_and_gap():
    rules = TimelineRules(NAMES[:2])
    n = rules.n_cards
    state = settle(rules, rules.initial(), np.random.default_rng(3))
    assert rules.info.num_distinct_actions == n * n and rules.info.max_chance_outcomes == n
    card = state.hands[0][2]
    assert rules.encode(state, Play(card, 1)) == card * n + 1 and rules.decode(state, card * n + 1) == Play(card, 1)
    assert rules.string_to_action(state, f"play {card} 0") == card * n
    assert rules.parse_move(state, "draw 4") == Draw(4)
    with pytest.raises(ArgumentError):
        rules.decode(state, n * n)
    with pytest.raises(NotationError):
        rules.parse_move(state, "play ² 1")


def test_t7_resample_redraws_the_other_hands_and_the_pile_only():
    rules = TimelineRules(NAMES[:3])
    rng = np.random.default_rng(5)
    state = settle(rules, rules.initial(), rng)
    seen = set()
    for _ in range(30):
        twin = rules.resample(state, 1, rng)
        assert rules.view(twin, 1) == rules.view(state, 1) and twin.hands[1] == state.hands[1]
        assert sorted(twin.hands[0] + twin.hands[2] + twin.pile) == sorted(state.hands[0] + state.hands[2] + state.pile)
        seen.add(twin.hands[0])
    assert len(seen) > 20
    view = rules.view(state, 1)
    hidden = [rules.deck[i].title for i in state.hands[0] + state.hands[2] + state.pile]
    assert not any(title in repr(view) for title in hidden)


def test_t7_resample_keeps_reshuffled_cards_in_the_pile_they_came_from():
    rules = TimelineRules(NAMES[:2], small_deck(16), hand_size=3)
    rng = np.random.default_rng(4)
    state = settle(rules, rules.initial(), rng)
    while not state.reshuffled or not state.pile:
        state = settle(rules, rules.next_state(state, miss(rules, state)), rng)
        assert rules.current_player(state) != TERMINAL
    last = set(state.reshuffled[-1])
    for _ in range(20):
        twin = rules.resample(state, 0, rng)
        assert set(twin.pile) <= last  # the pile holds only cards of the last reshuffle (T6)
        for place, card in enumerate(state.hands[1]):  # each card of seat 1 came from a known pile
            assert (card in last) == (twin.hands[1][place] in last)


def test_t5_and_t8_returns():
    rules = TimelineRules(NAMES[:1])
    state = settle(rules, rules.initial(), np.random.default_rng(0))
    card = state.hands[0][0]
    state = rules.next_state(state, Play(card, rules.fitting_gaps(state, card)[0]))
    assert rules.returns(state) == (1.0,)  # T8: the score so far
    game = Timeline(2, small_deck(4), hand_size=1)  # both empty their hands, one card left: shared
    game.apply(right := Play(0, game.fitting_gaps(0)[0]))
    game.apply(Play(1, game.fitting_gaps(1)[0]))
    assert right in [move for _, move in game.history]
    assert game.is_over and game.winners == (0, 1) and game.returns() == (0.5, 0.5)


# ---------------------------------------------------------------- every game ends (D16)
def test_d16_the_last_round_ends_the_game_and_the_fewest_cards_win():
    rules = TimelineRules(NAMES[:3], small_deck(20), hand_size=3, max_rounds=2)
    rng = np.random.default_rng(0)
    state = settle(rules, rules.initial(), rng)
    card = state.hands[0][0]
    state = settle(rules, rules.next_state(state, Play(card, rules.fitting_gaps(state, card)[0])), rng)  # right
    while rules.current_player(state) != TERMINAL:
        state = settle(rules, rules.next_state(state, miss(rules, state)), rng)
    assert state.round == 2 and state.last.round_end == "limit" and state.winners == (0,)
    assert rules.returns(state) == (1.0, 0.0, 0.0)
    with pytest.raises(IllegalAction) as info:
        rules.next_state(state, Play(state.hands[0][0], 0))
    assert info.value.rule == "T5"


def test_d16_every_game_ends_within_the_declared_length():
    rules = TimelineRules(NAMES[:8], max_rounds=5)
    rng = np.random.default_rng(1)
    state = rules.initial()
    steps = 0
    while rules.current_player(state) != TERMINAL:  # everyone always misses
        state = rules.next_state(
            state, rules.sample_chance(state, rng) if rules.is_chance_node(state) else miss(rules, state)
        )
        steps += 1
    assert steps <= rules.info.max_game_length and state.round == 5 and len(state.winners) == 8
    assert TimelineRules(NAMES[:2]).info.max_game_length == 2 * 6 + 1 + 3 * 2 * MAX_ROUNDS
    with pytest.raises(ArgumentError, match="D16"):
        TimelineRules(NAMES[:2], max_rounds=0)


def test_a_timeline_is_a_history_whose_undo_takes_back_the_draw():
    game = Timeline.new(2, seed=3)
    assert isinstance(game, History) and game.rules.name == "timeline"
    pile = game.state.pile
    card = game.hand(0)[0]
    wrong = Play(card, next(g for g in (0, 1) if g not in game.fitting_gaps(card)))
    game.apply(wrong)
    assert [s.player for s in game.steps[-2:]] == [0, CHANCE]  # the play, then the draw (T3)
    assert game.undo() == wrong and game.state.pile == pile and len(game.hand(0)) == 6
    doc = json.loads(game.to_json())
    assert doc["version"] == 1 and doc["actions"] == []
