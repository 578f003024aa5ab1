"""Timeline bots: knowledge as seeded noise on the true year, honest views, simulations."""

from __future__ import annotations

import numpy as np
import pytest

from exhibition_lab.core.agents import Agent
from exhibition_lab.core.budget import Budget
from exhibition_lab.core.errors import ExhibitionLabError
from exhibition_lab.games.timeline.agents import (
    HistoryBot,
    RandomTimelineBot,
    TimelineSession,
    knowledge_win_rates,
    make_timeline_bot,
    play_timeline,
    simulate_timeline,
)
from exhibition_lab.games.timeline.game import Play, Subject, Timeline, TimelineCard
from exhibition_lab.ui.render.timeline import knowledge_html
from exhibition_lab.ui.text.timeline import describe, knowledge_table


def test_perfect_knowledge_never_misses():
    game = play_timeline(Timeline.new(3, seed=5), [0, 0, 0], np.random.default_rng(1))
    assert game.removed == () and game.reshuffles == 0 and len(game.winners) >= 1
    assert sum(game.placed) == len(game.timeline) - 1


def test_perfect_solo_practice_clears_the_deck():
    game = play_timeline(Timeline.new(1, seed=2), [0], np.random.default_rng(0))
    assert game.is_over and game.mistakes == 0 and game.score == game.n_cards - 1 and game.best_streak == game.score


def test_belief_is_true_year_plus_seeded_noise():
    game = Timeline.new(2, seed=3)
    view = game.view(0)
    subject = view.hand[0]
    truth = game.card(subject.id).year
    beliefs = []
    for seed in range(400):
        bot = HistoryBot(8)
        beliefs.append(bot.belief(subject, view, np.random.default_rng(seed)) - truth)
    assert abs(np.mean(beliefs)) < 1.5 and 6.5 < np.std(beliefs) < 9.5
    bot = HistoryBot(8)
    rng = np.random.default_rng(4)
    assert bot.belief(subject, view, rng) == bot.belief(subject, view, rng)  # drawn once per game
    assert HistoryBot(0).belief(subject, view, rng) == truth


def test_bot_decides_from_its_view_only():
    # Two games that look the same to seat 0 (same hand, same timeline) but differ in what
    # is hidden (the other hand and the pile) get the same choice.
    cards = [TimelineCard(1900 + k, f"Event {k}") for k in range(40)]
    order = list(range(40))
    swapped = order[:]
    swapped[1], swapped[20] = swapped[20], swapped[1]  # seat 1's first card ↔ a pile card
    a, b = Timeline(2, cards, order), Timeline(2, cards, swapped)
    assert a.view(0) == b.view(0) and a.card(1) != b.card(1)
    book = {c.title: c.year for c in cards}
    choice_a = HistoryBot(6, book).choose(a.view(0), a.legal_actions(), np.random.default_rng(9))
    choice_b = HistoryBot(6, book).choose(b.view(0), b.legal_actions(), np.random.default_rng(9))
    assert choice_a == choice_b


def test_a_removed_card_is_remembered_exactly():
    game = Timeline.new(2, seed=1)
    view = game.view(0)
    subject = view.hand[0]
    (fitting,) = game.fitting_gaps(subject.id)  # one start card, distinct years: one right gap
    game.apply(f"play {subject.id} {1 - fitting}")
    seen = game.view(1)
    assert game.card(subject.id) in seen.removed
    assert HistoryBot(30).belief(subject, seen, np.random.default_rng(0)) == game.card(subject.id).year


def test_win_rate_rises_with_knowledge():
    result = knowledge_win_rates(60, spreads=(0, 10, 40), players=(2, 4), progress=False, seed=3)
    for row in result.win_rate:
        assert row[0] > row[1] > row[2]
    assert result.win_rate[0, 1] == pytest.approx(0.5, abs=0.2)  # equal bots: about a fair share
    low, high = result.interval()
    assert (low <= result.win_rate).all() and (result.win_rate <= high).all()
    assert "fair share" in knowledge_html(result)


def test_simulate_is_seeded_and_scaled(monkeypatch):
    a = simulate_timeline(30, (5, 25), seed=4, progress=False)
    b = simulate_timeline(30, (5, 25), seed=4, progress=False)
    assert np.array_equal(a.shares, b.shares) and a.n_games == 30
    assert a.shares.sum(axis=1) == pytest.approx(np.ones(30))
    assert a.win_rates()[0] > a.win_rates()[1]
    assert simulate_timeline(400, ("random", 5), progress=False, budget=Budget(0.05)).n_games == 20
    monkeypatch.setenv("EXHIBITION_LAB_BUDGET", "0.05")  # what the test suite's notebook kernels set
    assert simulate_timeline(400, ("random", 5), progress=False).n_games == 20
    assert knowledge_win_rates(400, spreads=(5,), players=(2,), progress=False).n_games == 20


def test_results_do_not_depend_on_the_number_of_processes():
    one = simulate_timeline(24, (5, 20, "random"), seed=6, progress=False)
    two = simulate_timeline(24, (5, 20, "random"), seed=6, progress=False, processes=2)
    assert np.array_equal(one.shares, two.shares) and np.array_equal(one.turns, two.turns)
    grid = knowledge_win_rates(12, spreads=(0, 20), players=(2, 3), seed=1, progress=False)
    spread = knowledge_win_rates(12, spreads=(0, 20), players=(2, 3), seed=1, progress=False, processes=2)
    assert np.array_equal(grid.win_rate, spread.win_rate)


def test_bot_specs():
    assert isinstance(make_timeline_bot("random"), RandomTimelineBot)
    assert all(isinstance(make_timeline_bot(spec), Agent) for spec in ("random", 7, "history:2"))
    assert make_timeline_bot("history:7").knowledge == 7
    assert make_timeline_bot(3).knowledge == 3
    for bad in ("wise", "history:x", -1, None):
        with pytest.raises(ExhibitionLabError):
            make_timeline_bot(bad)


def test_session_runs_bots_and_describes_reveals():
    session = TimelineSession.new(3, knowledge=5, seed=2)
    assert session.humans_turn and session.game.current == 0 and session.reveals == ()
    card = session.game.hand(0)[0]
    gap = session.game.fitting_gaps(card)[0]
    moves = session.act(f"play {card} {gap}")
    assert [seat for seat, _ in moves][:3] == [0, 1, 2] and moves[0][1] == Play(card, gap)
    reveals = session.reveals
    assert len(reveals) == len(moves) and reveals[0].seat == 0 and reveals[0].correct
    text = describe(session, reveals[0])
    assert "You placed" in text and "right" in text
    assert str(session.game.card(card).year) in text and session.game.card(card).title in text
    assert session.game.players[1] in describe(session, reveals[1])
    assert session.humans_turn or session.game.is_over


def test_session_undo_takes_back_the_bots_plays_and_the_draws():
    session = TimelineSession.new(2, knowledge=40, seed=3)
    before = session.game.copy()
    card = session.game.hand(0)[0]
    wrong = next(g for g in (0, 1) if g not in session.game.fitting_gaps(card))
    session.act(f"play {card} {wrong}")  # T3: removed, and a card drawn
    assert session.game.removed[0] == card
    assert session.undo() == 2  # my play and the bot's
    assert session.game == before and session.reveals == ()


def test_knowledge_table_and_chart():
    result = knowledge_win_rates(12, spreads=(0, 30), players=(2, 3), progress=False)
    text = knowledge_table(result)
    assert "±30 y" in text and "fair" in text and "array" not in text and "array" not in repr(result)
    from exhibition_lab.ui.render.timeline_plots import plot_knowledge

    fig = plot_knowledge(result)
    ax = fig.axes[0]
    drawn = [line for line in ax.get_lines() if line.get_marker() == "o"]
    assert [list(line.get_ydata()) for line in drawn] == [list(row) for row in result.win_rate]
    assert fig._repr_png_()[:4] == b"\x89PNG"


def test_a_removed_card_stays_known_after_a_reshuffle():
    cards = [TimelineCard(1900 + 7 * k, f"Event {k}") for k in range(8)]
    game = Timeline(2, cards, hand_size=1)  # hands 0 and 1, start card 2, pile 3…7
    bot = HistoryBot(40, {c.title: c.year for c in cards})
    rng = np.random.default_rng(0)
    wrong = next(g for g in (0, 1) if g not in game.fitting_gaps(0))
    game.apply(f"play 0 {wrong}")
    bot.remember(game.view(1))  # the bot watched card 0 being turned over
    removed = game.card(0)
    fresh = Subject(99, removed.title)  # the same subject coming back from a new pile
    game_after = Timeline(2, cards, hand_size=1)  # a view without any removed card
    assert bot.belief(fresh, game_after.view(1), rng) == removed.year


def test_simulation_can_be_interrupted(monkeypatch):
    import exhibition_lab.games.timeline.agents as module

    played = []
    real = module._play_seeded

    def play_then_stop(bots, game_seed, deck):
        if len(played) == 3:
            raise KeyboardInterrupt
        played.append(game_seed)
        return real(bots, game_seed, deck)

    monkeypatch.setattr(module, "_play_seeded", play_then_stop)
    with pytest.raises(KeyboardInterrupt):
        simulate_timeline(50, (5, 10), progress=False)
    with pytest.raises(KeyboardInterrupt):
        knowledge_win_rates(50, spreads=(5,), players=(2,), progress=False)
    assert len(played) == 3
