"""Timeline rules T1–T8 (and D14, D15): one test or more per rule, on seeded and hand-made decks.

Hand-made decks are dealt in their own order (``order=None``): with ``n`` players and hands
of ``h``, seat ``s`` holds ids ``s, s+n, …``, id ``n·h`` starts the timeline and the pile
follows. Seeded games never have their cards hard-coded (the reference deck is edited).
"""

from __future__ import annotations

import json

import numpy as np
import pytest

import exhibition_lab as xl
from exhibition_lab.games.timeline.game import (
    IllegalAction,
    Play,
    Subject,
    Timeline,
    TimelineCard,
    hand_size_for,
    timeline_deck,
)

T1_TABLE = {2: 6, 3: 6, 4: 5, 5: 5, 6: 4, 7: 4, 8: 4}


def deck(*years: int) -> list[TimelineCard]:
    return [TimelineCard(y, f"Event {k} ({y})") for k, y in enumerate(years)]


def game_of(players: int, years: list[int], **kwargs) -> Timeline:
    return Timeline(players, deck(*years), **kwargs)


def right_play(game: Timeline) -> Play:
    card = game.hand(game.current)[0]
    return Play(card, game.fitting_gaps(card)[0])


def wrong_play(game: Timeline) -> Play:
    card = game.hand(game.current)[0]
    fitting = game.fitting_gaps(card)
    return Play(card, next(g for g in range(len(game.timeline) + 1) if g not in fitting))


def snapshot(game: Timeline) -> str:
    return game.to_json()


# ---------------------------------------------------------------- T1: set-up
@pytest.mark.parametrize("players", range(2, 9))
def test_t1_deal_by_player_count(players):
    game = Timeline.new(players, seed=players)
    size = T1_TABLE[players]
    assert hand_size_for(players) == size
    assert [len(game.hand(s)) for s in range(players)] == [size] * players
    assert len(game.timeline) == 1 and game.removed == ()
    assert len(game.pile) == len(game.deck) - players * size - 1
    every = [i for h in game.hands for i in h] + list(game.timeline) + list(game.pile)
    assert sorted(every) == list(range(len(game.deck)))


def test_t1_deck_is_the_standard_deck_without_einstein():
    deck_cards = timeline_deck()
    assert len(deck_cards) == len(xl.standard_deck()) - 1
    assert all(isinstance(c.year, int) for c in deck_cards)
    assert {c.title for c in deck_cards} == {c.title for c in xl.standard_deck() if c.year is not None}


def test_t1_dealing_order_and_start_card():
    game = game_of(2, list(range(1900, 1920)))
    assert game.hand(0) == (0, 2, 4, 6, 8, 10) and game.hand(1) == (1, 3, 5, 7, 9, 11)
    assert game.timeline == (12,) and game.pile[0] == 13


def test_t1_player_counts_and_seeds():
    for bad in (0, 9):
        with pytest.raises(xl.ExhibitionLabError, match="T1"):
            Timeline.new(bad, seed=1)
    assert Timeline.new(4, seed=5) == Timeline.new(4, seed=5)
    assert Timeline.new(4, seed=5).order != Timeline.new(4, seed=6).order
    with pytest.raises(xl.ExhibitionLabError, match="T1"):
        game_of(2, [1900, 1901, 1902])  # too few cards to deal 6 each


# ---------------------------------------------------------------- T2: turns and gaps
def test_t2_every_hand_card_into_every_gap():
    game = Timeline.new(3, seed=2)
    assert game.legal_actions() == [Play(c, g) for c in game.hand(0) for g in (0, 1)]
    game.apply(right_play(game))
    gaps = len(game.timeline) + 1
    assert game.current == 1
    assert game.legal_actions() == [Play(c, g) for c in game.hand(1) for g in range(gaps)]


def test_t2_turns_go_round_in_seat_order():
    game = Timeline.new(3, seed=4)
    seats = []
    for _ in range(7):
        seats.append((game.round, game.current))
        game.apply(right_play(game))
    assert seats == [(1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (2, 2), (3, 0)]


def test_t2_illegal_plays_change_nothing():
    game = Timeline.new(2, seed=3)
    before = snapshot(game)
    other = game.hand(1)[0]
    with pytest.raises(IllegalAction, match="not in Player 1's hand") as info:
        game.apply(Play(other, 0))
    assert info.value.rule == "T2"
    with pytest.raises(IllegalAction, match="gaps are 0–1") as info:
        game.apply(Play(game.hand(0)[0], 2))
    assert info.value.rule == "T2"
    with pytest.raises(xl.NotationError):
        game.apply("place 1 2")
    assert snapshot(game) == before and game.history == ()
    assert not game.is_legal(Play(other, 0)) and game.is_legal(f"play {game.hand(0)[0]} 1")


# ---------------------------------------------------------------- T3: right and wrong
def test_t3_right_placement_stays_year_up():
    game = game_of(2, [1930, 1910, 1940, 1911, 1902, 1912, 1903, 1913, 1904, 1914, 1905, 1915, 1920, 1990])
    game.apply(Play(0, 1))  # 1930 right of the 1920 start card
    assert game.years == (1920, 1930) and game.timeline == (12, 0)
    assert game.hand(0) == (2, 4, 6, 8, 10) and game.pile == (13,) and game.removed == ()
    assert game.last.correct and game.last.left_year == 1920 and game.last.right_year is None


def test_t3_wrong_placement_is_removed_and_draws():
    game = game_of(2, [1930, 1910, 1940, 1911, 1902, 1912, 1903, 1913, 1904, 1914, 1905, 1915, 1920, 1990, 1991])
    top = game.pile[0]
    game.apply(Play(0, 0))  # 1930 left of 1920: wrong
    assert game.years == (1920,)
    assert game.removed == (0,)
    assert game.hand(0) == (2, 4, 6, 8, 10, top) and game.pile == (14,)
    assert not game.last.correct and game.last.drew and game.last.right_year == 1920


def test_t3_not_earlier_than_left_not_later_than_right():
    game = game_of(2, [1950, 1960] + [1901 + k for k in range(10)] + [1940, 1970, 1990])
    game.apply(Play(0, 1))  # timeline 1940 1950
    game.apply(Play(1, 2))  # timeline 1940 1950 1960
    years = game.years
    assert years == (1940, 1950, 1960)
    for year, fitting in [(1945, [1]), (1930, [0]), (1999, [3]), (1955, [2])]:
        expected = [g for g in range(4) if (g == 0 or years[g - 1] <= year) and (g == 3 or year <= years[g])]
        assert expected == fitting
        probe = game_of(2, [year, 1960] + [1901 + k for k in range(10)] + [1940, 1970, 1990])
        assert probe.fitting_gaps(0) == [0 if year < 1940 else 1]


# ---------------------------------------------------------------- T4: same year
def test_t4_same_year_fits_on_either_side():
    game = game_of(2, [1950, 1950, 1949] + [1901 + k for k in range(9)] + [1950, 1990])
    assert game.fitting_gaps(0) == [0, 1]
    game.apply(Play(0, 0))
    assert game.last.correct and game.years == (1950, 1950)
    game.undo()
    game.apply(Play(0, 1))
    assert game.last.correct and game.years == (1950, 1950)
    game.apply(Play(1, 1))  # between two 1950 cards
    assert game.last.correct and game.years == (1950, 1950, 1950)
    game.apply(Play(2, 3))  # 1949 after 1950: wrong
    assert not game.last.correct and 2 in game.removed


# ---------------------------------------------------------------- T5: end of round
def test_t5_exactly_one_empty_hand_wins_at_the_end_of_the_round():
    game = game_of(2, [1930, 1910, 1920, 1990, 1991], hand_size=1)
    game.apply(Play(0, 1))  # seat 0 empties its hand …
    assert not game.is_over and game.current == 1  # … but the round is not over
    game.apply(Play(1, 2))  # 1910 after 1930: wrong, draws
    assert game.is_over and game.winners == (0,) and game.winner_names == ("Player 1",)
    assert game.last.round_end == "win" and game.legal_actions() == []
    with pytest.raises(IllegalAction) as info:
        game.apply("play 3 0")
    assert info.value.rule == "T5"


def test_t5_nobody_empty_starts_a_new_round():
    game = game_of(2, [1930, 1910, 1940, 1911, 1920, 1990, 1991, 1992, 1993], hand_size=2)
    game.apply(Play(0, 1))
    game.apply(Play(1, 0))
    assert not game.is_over and game.round == 2 and game.current == 0 and all(game.active)


def test_t5_several_empty_play_on_alone_each_drawing_one():
    # Three players with one card each; seats 0 and 2 empty their hands, seat 1 misses.
    game = game_of(3, [1930, 1910, 1940, 1920, 1950, 1960, 1970, 1980], hand_size=1)
    game.apply(Play(0, 1))
    game.apply(Play(1, 2))  # 1910 after 1930: wrong
    game.apply(Play(2, 2))  # 1940 after 1930: right
    assert not game.is_over and game.last.round_end == "playoff" and game.last.emptied == (0, 2)
    assert game.active == (True, False, True)
    assert len(game.hand(0)) == 1 and len(game.hand(2)) == 1
    assert game.round == 2 and game.current == 0
    game.apply(right_play(game))
    assert game.current == 2  # seat 1 is out
    game.apply(wrong_play(game))
    assert game.is_over and game.winners == (0,)


def test_t5_several_empty_again_then_one_wins():
    game = game_of(2, [1930, 1910, 1920, 1950, 1960, 1970, 1980], hand_size=1)
    game.apply(Play(0, 1))
    game.apply(Play(1, 0))
    assert game.last.round_end == "playoff" and not game.is_over
    game.apply(right_play(game))
    game.apply(right_play(game))
    assert game.last.round_end == "playoff" and game.round == 3
    game.apply(wrong_play(game))
    game.apply(right_play(game))
    assert game.is_over and game.winners == (1,)


def test_t5_several_empty_and_no_card_left_share_the_win():
    game = game_of(2, [1930, 1910, 1920, 1990], hand_size=1)  # one pile card for two players
    game.apply(Play(0, 1))
    game.apply(Play(1, 0))
    assert game.is_over and game.winners == (0, 1) and game.last.round_end == "shared"


# ---------------------------------------------------------------- T6 / D14: pile runs out
def test_t6_removed_cards_become_a_new_pile():
    game = game_of(2, [1930, 1910, 1920, 1990], hand_size=1)
    game.apply(Play(0, 0))  # wrong: 1930 removed, seat 0 draws 1990 (the last pile card)
    assert game.pile == () and game.hand(0) == (3,) and game.removed == (0,)
    game.apply(Play(1, 1))  # wrong: 1910 removed; the pile is empty, so the removed cards become it
    assert game.reshuffles == 1 and game.last.reshuffled
    assert sorted(game.pile + game.hand(1)) == [0, 1] and len(game.hand(1)) == 1 and game.removed == ()
    assert sum(game.card_locations().values()) == 4
    twin = game_of(2, [1930, 1910, 1920, 1990], hand_size=1)
    twin.apply(Play(0, 0)).apply(Play(1, 1))
    assert twin.hand(1) == game.hand(1)  # the reshuffle is part of the seeded game


def test_t6_reshuffle_depends_on_the_key():
    years = [1930, 1910, 1920] + list(range(1950, 1960)) + [1990]
    outcomes = set()
    for key in range(12):
        game = Timeline(2, deck(*years), hand_size=1, reshuffle_key=key)
        while not game.is_over and game.reshuffles == 0:
            game.apply(wrong_play(game))
        outcomes.add(game.pile + game.hands[0] + game.hands[1])
    assert len(outcomes) > 1


# ---------------------------------------------------------------- T7: what players see
def test_t7_views_hide_other_hands_and_unplayed_years():
    game = Timeline.new(3, seed=11)
    view = game.view(1)
    assert [s.id for s in view.hand] == list(game.hand(1))
    assert all(isinstance(s, Subject) and not hasattr(s, "year") for s in view.hand)
    assert view.hand_sizes == (6, 6, 6) and view.years == game.years
    hidden_titles = [game.card(i).title for s in (0, 2) for i in game.hand(s)] + [game.card(i).title for i in game.pile]
    text = repr(view)
    assert not any(title in text for title in hidden_titles)
    assert all(game.card(i).title in text for i in game.hand(1))
    assert game.view().seat == 0 and game.view("Player 3").seat == 2


# ---------------------------------------------------------------- T8 / D15: solo practice
def test_t8_solo_practice_until_three_mistakes():
    game = Timeline.new(1, seed=9)
    assert len(game.hand(0)) == 1 and len(game.timeline) == 1 and game.mistake_limit == 3
    plays = [right_play, right_play, wrong_play, right_play, wrong_play, right_play, right_play, right_play]
    for make in plays:
        game.apply(make(game))
    assert (game.score, game.mistakes, game.streak, game.best_streak) == (6, 2, 3, 3)
    game.apply(wrong_play(game))
    assert game.is_over and game.score == 6 and game.winners == ()
    with pytest.raises(IllegalAction) as info:
        game.apply(Play(0, 0))
    assert info.value.rule == "T8"


def test_t8_mistake_limit_and_running_out_of_cards():
    game = Timeline.new(1, seed=9, mistakes=1)
    game.apply(wrong_play(game))
    assert game.is_over and game.score == 0
    small = game_of(1, [1950, 1920, 1930, 1940])
    while not small.is_over:
        small.apply(right_play(small))
    assert small.score == 3 and small.best_streak == 3 and small.pile == ()  # every card placed
    with pytest.raises(xl.ExhibitionLabError, match="T8"):
        Timeline.new(1, seed=1, mistakes=0)


# ---------------------------------------------------------------- undo and save files
def test_undo_restores_exactly():
    game = Timeline.new(4, seed=8)
    rng = np.random.default_rng(0)
    states = [game.copy()]
    for _ in range(30):
        actions = game.legal_actions()
        game.apply(actions[rng.integers(len(actions))])
        states.append(game.copy())
        if game.is_over:
            break
    while game.can_undo:
        states.pop()
        game.undo()
        assert game == states[-1]


def test_json_round_trip_with_a_hand_made_deck():
    game = Timeline(["Ann", "Ben"], deck(*range(1500, 1530)), hand_size=3, reshuffle_key=42)
    game.apply(right_play(game)).apply(wrong_play(game))
    loaded = Timeline.from_json(game.to_json())
    assert loaded == game and loaded.hand_size == 3 and loaded.deck[0].year == 1500


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(version=2), "version 2"),
        (lambda d: d.update(format="other"), "format"),
        (lambda d: d.update(extra=1), "unknown"),
        (lambda d: d.pop("order"), "lacks"),
        (lambda d: d["actions"].__setitem__(0, "play 999 0"), "action 0"),
        (lambda d: d["state"].__setitem__("round", 99), "does not match its actions"),
        (lambda d: d["order"].reverse(), "does not match seed"),
        (lambda d: d.update(reshuffle_key=d["reshuffle_key"] + 1), "does not match seed"),
        (lambda d: d.update(seed=True), "'seed'"),
        (lambda d: d.update(players=["A"] * 3), "differ"),
    ],
)
def test_tampered_save_files_are_refused(change, message):
    game = Timeline.new(3, seed=21)
    for _ in range(4):
        game.apply(right_play(game))
    doc = json.loads(game.to_json())
    change(doc)
    with pytest.raises(xl.SaveFileError, match=message):
        Timeline.from_json(json.dumps(doc))


@pytest.mark.parametrize("text", ["", "[]", "{", "NaN", b"\xff", '{"format": 1}', 7])
def test_malformed_save_files_are_refused(text):
    with pytest.raises(xl.SaveFileError):
        Timeline.from_json(text)


# ---------------------------------------------------------------- layering and display
def test_engine_and_bots_import_no_widget_or_plot_code():
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from exhibition_lab.games.timeline.game import Timeline\n"
        "from exhibition_lab.games.timeline.agents import simulate_timeline\n"
        "g = Timeline.new(3, seed=1); g.apply(g.legal_actions()[0])\n"
        "simulate_timeline(3, (5, 10), progress=False)\n"
        "print(','.join(m for m in ('ipywidgets', 'IPython', 'matplotlib') if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
    assert not hasattr(Timeline, "_repr_html_")  # the ui registers the notebook's picture


def test_module_examples_run():
    import doctest

    import exhibition_lab.games.timeline.game as module

    outcome = doctest.testmod(module)
    assert outcome.attempted > 0 and outcome.failed == 0


def test_html_shows_the_timeline_and_only_the_own_hand():
    from html import escape

    from exhibition_lab.ui.render.timeline import game_html

    game = Timeline.new(2, seed=13)
    html = game_html(game)
    assert str(game.years[0]) in html
    assert all(escape(game.card(i).title) in html for i in game.hand(0))
    assert not any(escape(game.card(i).title) in html for i in game.hand(1))
