"""The coach: evaluate, hint and review from a seat's own view."""

from __future__ import annotations

import dataclasses
import re

import numpy as np
import pytest

import exhibition_lab as xl
from exhibition_lab import coach
from exhibition_lab.games.exhibition.agents import TurnPlan, play_game
from exhibition_lab.games.exhibition.game import Deal


def _apply_plan(game: xl.Game, option: coach.Option) -> xl.Game:
    twin = game.copy()
    for action in option.actions:
        twin.apply(action)  # raises IllegalAction if the coach proposed something illegal
    return twin


def _same_view_other_stock(game: xl.Game, seed: int) -> xl.Game:
    """The same deal as the player sees it, with the hidden stock in another order."""
    deal = game.deal
    order = np.random.default_rng(seed).permutation(len(deal.stock))
    shuffled = Deal(deal.market, tuple(deal.stock[i] for i in order), deal.secret_decades)
    return xl.Game(game.players, shuffled, layout=game.layout, deck=game.deck)


def test_solo_evaluation_ranks_legal_whole_turns_with_intervals():
    game = xl.Game.new(1, seed=11)
    ev = coach.evaluate(game, playouts=64, seed=1)
    assert ev.solo and ev.seat == 0
    values = [o.value for o in ev.options]
    assert values == sorted(values, reverse=True)
    for option in ev.options:
        assert option.playouts == 64
        assert option.low < option.value < option.high
        assert option.win_chance is None
        assert isinstance(option.actions[0], xl.Take)
        after = _apply_plan(game, option)
        assert after.current == 0 and after.phase is xl.Phase.TAKE  # the whole turn was played
    assert ev.playouts == 64 * len(ev.options)


def test_same_seed_same_numbers_and_another_seed_other_playouts():
    game = xl.Game.new(1, seed=4)
    first = coach.evaluate(game, playouts=32, seed=9)
    coach.forget_evaluations()  # played out anew, not the kept evaluation
    again = coach.evaluate(game, playouts=32, seed=9)
    assert again is not first
    other = coach.evaluate(game, playouts=32, seed=10)
    assert [(o.plan, o.value, o.low) for o in first.options] == [(o.plan, o.value, o.low) for o in again.options]
    assert [o.value for o in first.options] != [o.value for o in other.options]


@pytest.mark.parametrize("players", [1, 3])
def test_the_coach_never_looks_at_the_hidden_stock_order(players):
    game = xl.Game.new(players, seed=21)
    twin = _same_view_other_stock(game, seed=5)
    assert game.deal.stock != twin.deal.stock
    budget = 48 if players == 1 else 3
    a = coach.hint(game, playouts=budget, seed=2, candidates=3)
    b = coach.hint(twin, playouts=budget, seed=2, candidates=3)
    assert str(a) == str(b)
    assert [o.value for o in a.evaluation.options] == [o.value for o in b.evaluation.options]


def test_multiplayer_options_carry_a_margin_and_a_win_chance():
    game = xl.Game.new(["Ann", "Bob", "Cy"], seed=2)
    ev = coach.evaluate(game, playouts=3, candidates=2, seed=0)
    assert not ev.solo
    for option in ev.options:
        assert 0.0 <= option.win_chance <= 1.0
        assert option.playouts == 3
    assert "fp margin" in ev.unit


def test_hint_names_the_best_turn_in_words_and_its_value():
    game = xl.Game.new(1, seed=8)
    advice = coach.hint(game, playouts=32, seed=0)
    text = str(advice)
    best = advice.option
    card = best.actions[0].card
    assert text.startswith("Best: take ")
    assert str(card.year or "Einstein") in text and card.title in text
    assert f"over {best.playouts} playouts" in text
    assert not re.search(r"\(\d+, \d+\)", text)  # spots in words, never (showcase, spot)
    _apply_plan(game, best)


def test_a_printed_hint_shows_only_the_figure_its_options_are_ranked_by():
    game = xl.Game.new(["Ann", "Bob", "Cy"], seed=2)
    advice = coach.hint(game, playouts=8, candidates=3, seed=0)
    text = str(advice)
    options = advice.evaluation.options
    assert [o.value for o in options] == sorted((o.value for o in options), reverse=True)
    # no win share that could order them otherwise: the only percentage is the interval's level
    assert "margin of" in text and not re.search(r"%(?! interval)", text)
    rows = advice.evaluation.table()
    assert [row["expected"] for row in rows] == sorted((row["expected"] for row in rows), reverse=True)
    assert list(rows[0])[-1] == "win chance"  # the share of wins comes last, after the ranking figure


def test_a_risk_counts_the_cards_still_to_come_in_words():
    layout = xl.Game.new(1, seed=1).layout
    one, three = coach.Risk((0, 1), 1, layout), coach.Risk((0, 1), 3, layout)
    assert str(one) == "leaves only 1 card still to come that fits General, 2nd spot"
    assert str(three) == "leaves only 3 cards still to come that fit General, 2nd spot"


def _view_with_hall(game: xl.Game, hall: xl.Hall):
    return dataclasses.replace(game.view(), halls=(hall,))


def test_changes_now_reports_the_sixth_continent_s3():
    game = xl.Game.new(1, seed=1)
    hall = xl.Hall.parse("1901OC 1912SA 1923AF 1934AS 1950EU . / . . . . / . / . . . / . .")
    card = xl.Card.parse("1969NA")
    view = dataclasses.replace(_view_with_hall(game, hall), hand=card, phase=xl.Phase.PLACE)
    plan = TurnPlan(None, None, xl.Place(0, 5))
    changes = coach.changes_now(view, plan)
    assert any(str(line).startswith("All 6 Continents 0 → 1 (+1 fp)") and "(S3)" in str(line) for line in changes)
    six = next(line for line in changes if line.goal == "six_continents")
    assert (six.old, six.new, six.rule) == (0, 1, "S3")


def test_risks_later_warns_of_a_spot_no_card_can_fill_r24():
    game = xl.Game.new(1, seed=1)
    hall = xl.Hall.parse("1900AF . . . . . / . . . . / . / . . . / . .")
    view = _view_with_hall(game, hall)
    plan = TurnPlan(None, None, xl.Place(0, 2))
    view = dataclasses.replace(view, hand=xl.Card.parse("1901EU"), phase=xl.Phase.PLACE)
    risks = coach.risks_later(view, plan)
    assert any("General, 2nd spot with no card still to come" in str(r) for r in risks)
    assert any(r.spot == (0, 1) and r.lost for r in risks)
    safe = coach.risks_later(view, TurnPlan(None, None, xl.Place(0, 1)))
    assert not any("General, 2nd spot" in str(r) for r in safe)


def test_review_scores_every_turn_of_the_seat_against_the_best():
    game = play_game(xl.Game.new(1, seed=13), ["random"], np.random.default_rng(1))
    result = coach.review(game, 0, playouts=32, seed=3)
    takes = [a for s, a in game.history if isinstance(a, xl.Take)]
    assert 0 < len(result.decisions) <= len(takes)
    tied = 0
    for d in result.decisions:
        assert d.loss >= 0
        assert d.label == coach.label_for(d.loss)
        assert d.best.value >= d.played.value
        if d.best.value > d.played.value and coach.within_noise(d.best, d.played):
            # the playouts cannot tell the turn from the best: as good as the best, never an inaccuracy
            tied += 1
            assert d.tied and d.loss == 0 and d.label == "good"
            assert d.apart == pytest.approx(d.best.fame() - d.played.fame())
            assert d.apart <= d.noise == pytest.approx(coach.gap(d.best, d.played)[1] / 100)  # solo: ×100 (S2)
        else:
            assert not d.tied
            assert d.loss == pytest.approx(max(0.0, d.best.fame() - d.played.fame()))
    assert tied  # random play has turns the playouts cannot tell from the best
    assert result.total_loss == pytest.approx(sum(d.loss for d in result.decisions))
    assert [d.loss for d in result.worst(3)] == sorted((d.loss for d in result.decisions), reverse=True)[:3]
    assert sum(result.counts().values()) == len(result.decisions)
    assert "decisions reviewed" in result.summary()


def test_review_finds_random_play_worse_than_greedy_play():
    losses = {}
    for bot in ("random", "greedy"):
        per_game = []
        for k in range(4):
            game = play_game(xl.Game.new(1, seed=100 + k), [bot], np.random.default_rng(k))
            per_game.append(coach.review(game, 0, playouts=32, seed=k).mean_loss)
        losses[bot] = np.mean(per_game)
    assert losses["random"] > losses["greedy"] + 0.5


def test_labels_follow_the_stated_thresholds():
    assert [coach.label_for(x) for x in (0, 0.49, 0.5, 1.49, 1.5, 2.99, 3.0, 20)] == [
        "good",
        "good",
        "inaccuracy",
        "inaccuracy",
        "mistake",
        "mistake",
        "blunder",
        "blunder",
    ]


def test_no_decision_to_evaluate_is_a_clear_error():
    game = play_game(xl.Game.new(1, seed=3), ["greedy"], np.random.default_rng(0))
    with pytest.raises(xl.ExhibitionLabError, match="the game is over"):
        coach.hint(game)
    live = xl.Game.new(["Ann", "Bob"], seed=3)
    with pytest.raises(xl.ExhibitionLabError, match=r"Bob.*has no decision now: it is Ann's turn"):
        coach.evaluate(live, seat=1)


def test_coach_charts_draw_every_option_and_decision():
    from exhibition_lab import plots

    game = xl.Game.new(1, seed=6)
    ev = coach.evaluate(game, playouts=16, seed=0)
    fig = plots.plot_options(ev)
    ax = fig.axes[0]
    assert len(ax.patches) == len(ev.options[:8])
    assert fig._repr_png_()[:4] == b"\x89PNG"
    # every label keeps the card and the placement, so no two options read alike
    labels = {tick.get_text() for tick in ax.get_yticklabels()}
    assert len(labels) == len(ev.options[:8])
    for option in ev.options[:8]:
        place = option.plan.place
        where = game.layout.spot_name(place.showcase, place.spot) if isinstance(place, xl.Place) else "Depot"
        move = f" → move to {option.plan.move.continent.title}" if option.plan.move is not None else ""
        assert f"take {option.plan.take.card.token}{move} → {where}" in labels
    finished = play_game(xl.Game.new(1, seed=6), ["greedy"], np.random.default_rng(0))
    result = coach.review(finished, 0, playouts=16)
    fig = plots.plot_review(result)
    assert len(fig.axes[0].lines) == 2
    assert len(fig.axes[0].lines[0].get_xdata()) == len(result.decisions)


def _follow_the_hints(seed: int, playouts: int = 16) -> xl.Game:
    game = xl.Game.new(1, seed=seed)
    while not game.is_over:
        legal = game.legal_actions()
        if len(legal) == 1:
            game.apply(legal[0])
            continue
        advice = coach.hint(game, playouts=playouts, seed=coach.decision_seed(seed, game.view()))
        for action in advice.actions:
            game.apply(action)
    return game


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_following_every_hint_is_never_called_a_mistake(seed):
    game = _follow_the_hints(seed)
    kept = coach.review(game, 0, playouts=16, seed=seed)
    coach.forget_evaluations()  # played out anew, the same seeds give the same numbers
    anew = coach.review(game, 0, playouts=16, seed=seed)
    for result in (kept, anew):
        assert result.decisions and result.counts()["mistake"] == result.counts()["blunder"] == 0
        assert all(d.loss == 0 and d.played.plan == d.best.plan for d in result.decisions)


def test_the_review_reuses_the_hints_evaluation_of_the_same_decision():
    game = xl.Game.new(1, seed=6)
    seed = coach.decision_seed(6, game.view())
    first = coach.evaluate(game, playouts=16, seed=seed, time_limit=0.0)
    assert coach.evaluate(game, playouts=16, seed=seed) is first  # the same numbers, not new playouts
    played = first.options[-1].plan
    assert coach.evaluate(game, playouts=16, seed=seed, include=[played]) is first
    assert coach.evaluate(game, playouts=16, seed=seed + 1) is not first


def test_about_equal_means_within_the_noise_of_the_paired_playouts():
    game = xl.Game.new(3, seed=8)
    ev = coach.evaluate(game, playouts=64, seed=2)
    for option in ev.options[1:]:
        diff, noise = coach.gap(ev.best, option)
        paired = option.samples is not None and len(option.samples) == 64
        assert paired and diff >= 0 and noise > 0
        assert coach.within_noise(ev.best, option) == (diff <= noise)
