"""The coach in the play app: the hint lights a legal control and says why in plain words; the
review steps through the decisions with the coach's reasons."""

from __future__ import annotations

import dataclasses
import html
import re

import numpy as np
import pytest

pytest.importorskip("ipywidgets")

import exhibition_lab as xl
from exhibition_lab import coach
from exhibition_lab.coach import Option, deciding_goals, open_spots, risks_later
from exhibition_lab.games.exhibition import coach_model
from exhibition_lab.games.exhibition.agents import play_game
from exhibition_lab.games.exhibition.coach_model import PENALTIES
from exhibition_lab.games.exhibition.rules.goals import goal
from exhibition_lab.ui.render.cards import card_html
from exhibition_lab.ui.render.coach_pictures import decision_html
from exhibition_lab.ui.text.coach_words import (
    ahead_words,
    between,
    counted,
    decision_in_words,
    review_counts,
    review_reason,
    why_line,
)
from exhibition_lab.ui.text.explain import card_with_subject
from exhibition_lab.ui.text.numbers import number, signed
from exhibition_lab.ui.widgets.cards import CSS
from exhibition_lab.ui.widgets.coach_panel import ReviewView
from exhibition_lab.widgets import GameApp
from tests.helpers.play import (
    click_one_step,
    hinted,
    plain,
    play_to_the_end,
)


def test_hint_lights_a_takeable_card_then_a_legal_spot():
    app = GameApp(seats=["human"], seed=3)
    app.hint_button.click()
    lit = hinted(app)
    assert len(lit) == 1 and "exlab-market-card" in lit[0]._dom_classes
    assert xl.Take(lit[0].card) in app.game.legal_actions()
    panel = app.hint_panel.value
    assert app.hint_panel.layout.display != "none" and "Coach suggests:" in panel
    # plain words, one line of why, no search jargon
    assert "Why:" in panel and "points ahead of your best opponent" not in panel  # solo: a final score
    assert "final score to expect" in panel and "playouts" not in panel and "fp margin" not in panel
    lit[0].click()  # follow the hint: the same turn's next step lights up
    (target,) = hinted(app)
    assert app.hint_panel.layout.display == "none"  # the mark leads on; the tile stays in sight
    classes = target._dom_classes
    if "exlab-spot" in classes:
        assert "exlab-legal" in classes  # only a spot where the card fits is ever suggested
    elif "exlab-continent-choice" not in classes:
        assert "exlab-lit" in classes  # the Depot or End exhibition, when allowed


def test_a_refusal_gives_way_to_the_hint_and_to_the_next_move_r7():
    # a refused click (a card of another column, R7) is answered in red; the coach's advice
    # opened next answers it instead, so no stale reason stands above the advice, and the
    # line it answered (your last move) stays told
    app = GameApp(seats=["human", "greedy"], seed=7)
    other = next(b for b in app.find("exlab-untakeable") if b.card is not None)
    before = plain(app.status.status.value)
    other.click()
    assert "exlab-error" in app.status.status.value and "R7" in app.status.status.value
    app.hint_button.click()
    assert app.hint_panel.layout.display != "none"
    said = app.status.status.value
    assert "exlab-error" not in said and "R7" not in said and plain(said) == before
    # the same after a refusal followed by a move the game accepts: the move's news only
    other.click()
    assert "exlab-error" in app.status.status.value
    hinted(app)[0].click()
    said = app.status.status.value
    assert "exlab-error" not in said and "exlab-kept" not in said and plain(said).startswith("You took")


def test_hint_follows_the_coach_of_the_engine():
    from exhibition_lab import coach

    app = GameApp(seats=["human"], seed=5)
    app.hint_button.click()
    seed = coach.decision_seed(app.session.setup.seed, app.game.view())
    advice = coach.hint(app.game, time_limit=1.0, seed=seed)
    assert hinted(app)[0].card == advice.actions[0].card


def test_hint_is_off_when_no_human_decides():
    app = GameApp(seats=["human"], seed=2)
    while not app.game.is_over:
        click_one_step(app)
    assert app.hint_button.disabled
    app.hint_button.click()  # a click on a disabled control changes nothing
    assert not hinted(app)


def test_hint_panel_stands_beside_the_tile_not_under_the_hall():
    # beside the tile the panel is in sight with the decision, and covers neither the tile's
    # cards nor your hall's spots and continent buttons that it lights
    app = GameApp(seats=["human", "greedy"], seed=3)
    tree_before = [type(c) for c in app.children]
    app.hint_button.click()
    assert app.hint_panel.layout.display != "none"
    topbar = next(c for c in app.children if "exlab-topbar" in c._dom_classes)
    middle = next(c for c in app.children if "exlab-middle" in c._dom_classes)
    tile_row = next(c for c in middle.children if "exlab-tile-row" in c._dom_classes)
    assert app.hint_panel not in topbar.children and app.hint_panel in tile_row.children
    assert tile_row.children.index(app.market) < tile_row.children.index(app.hint_panel)
    assert app.hint_panel not in app.children and [type(c) for c in app.children] == tree_before
    app.hint_panel.close_button.click()
    assert app.hint_panel.layout.display == "none" and not app.find("exlab-hinted")


def test_each_hint_opens_at_its_first_line_with_a_short_heading():
    # the panel scrolls inside: a hint opened after the reader scrolled the last one is
    # brought back to its top (the suggestion), and the figure's heading is short enough not
    # to stand one word a line beside the options — its hover says it in full
    app = GameApp(seats=["human", "greedy"], seed=3)
    app.hint_button.click()
    first = app.hint_panel.to_top.tick
    assert first >= 1 and app.hint_panel.to_top.box == "exlab-hint-panel"
    assert "exlab-hint-panel" in app.hint_panel._dom_classes
    heading = re.search(r"<th title='([^']+)'>([^<]+)</th>", app.hint_panel.value)
    full = "Lead: the fame points you are expected to end ahead of your best opponent; negative means behind them."
    assert heading is not None and heading.groups() == (full, "lead over best rival")
    # with opponents, one line under the table says what the figure is and what its sign means
    assert "ahead of your best opponent; negative means behind them." in app.hint_panel.value
    app.hint_panel.close_button.click()
    app.hint_button.click()
    assert app.hint_panel.to_top.tick == first + 1


@pytest.mark.parametrize(
    ("language", "legend", "cue"),
    [
        ("en", "Lead = fame points ahead of your best rival at the end (− = behind)", "▾ more below"),
        ("es", "vs. mejor rival = puntos de fama de ventaja al final (−: vas perdiendo)", "▾ hay más abajo"),
        ("ja", "最強の相手との差＝終了時に上回る名声ポイントの見込み（−は負け）", "▾ 下に続きがあります"),
    ],
)
def test_the_narrow_hint_says_what_the_lead_is_in_sight_and_that_more_lies_below(language, legend, cue):
    # beside the tile the long note is left out (the panel is as tall as the tile): one short
    # line over the options says what the lead is, without a hover; and a cue at the panel's
    # foot says that its words go on below, in the reader's language
    try:
        xl.set_language(language)
        app = GameApp(seats=["human", "greedy"], seed=3)
        app.hint_button.click()
        panel = app.hint_panel.value
    finally:
        xl.set_language(None)
    assert f"<div class='exlab-hint-legend'>{html.escape(legend)}</div>" in panel
    assert panel.index("exlab-hint-why") < panel.index("exlab-hint-legend") < panel.index("exlab-hint-table")
    # the cue ends the panel, the line that covers it once its words end right after it
    assert panel.endswith(
        f"<div class='exlab-hint-more' aria-hidden='true'>{cue}</div><div class='exlab-hint-more-end'></div></div>"
    )
    css = re.sub(r"\s+", " ", CSS)
    assert ".exlab-app .exlab-hint-legend { display: none;" in css
    beside_tile = "@container exlab-app (min-width: 860px) and (max-width: 1249px) { "
    assert beside_tile + ".exlab-app .exlab-hint-panel .exlab-hint-legend { display: block; } }" in css
    assert re.search(r"\.exlab-hint-more \{ position: sticky; bottom: 0; z-index: 1;", css)
    assert re.search(r"\.exlab-hint-more-end \{ position: relative; z-index: 2; height: 17px; margin-top: -17px;", css)
    # a solo game's figure is a final score: no lead to explain
    solo = GameApp(seats=["human"], seed=3)
    solo.hint_button.click()
    assert "exlab-hint-legend" not in solo.hint_panel.value and "exlab-hint-more'" in solo.hint_panel.value


def test_a_reviewed_cards_subject_breaks_its_long_words_and_ends_in_an_ellipsis():
    css = re.sub(r"\s+", " ", CSS)
    rule = re.search(r"\.exlab-app \.exlab-review-panel \.exlab-card-title \{([^}]*)\}", css).group(1)
    assert "overflow-wrap: anywhere" in rule and "-webkit-line-clamp: 5" in rule


def test_the_hints_mark_is_drawn_above_the_green_marks():
    css = re.sub(r"\s+", " ", CSS)
    rule = re.search(r"\.exlab-app \.exlab-hinted \{([^}]*)\}", css).group(1)
    assert "z-index" in rule and "!important" in rule
    assert re.search(r"\.exlab-hinted\.exlab-empty-spot[^{]*\{[^}]*background: #ede7f6 !important", css)
    assert '.exlab-hinted::before { content: "hint"' in css


@pytest.mark.parametrize("language", ["en", "es", "ja"])
def test_a_range_whose_ends_agree_is_one_figure(speak, language):
    # every playout of an option ending alike gives an interval of one point: said once,
    # never "+8.0 to +8.0"
    speak(language)
    assert between("+8.0", "+8.0") == "+8.0"
    spread = between("+1.0", "+3.5")
    assert "+1.0" in spread and "+3.5" in spread and spread.index("+1.0") < spread.index("+3.5")


def test_hint_says_about_equal_within_the_margin_of_error():
    best = Option(None, 5.0, 4.0, 6.0, 32, 0.6)
    close = Option(None, 4.9, 3.9, 5.9, 32, 0.5)
    far = Option(None, 2.0, 1.5, 2.5, 32, 0.2)
    assert ahead_words(best, close, solo=False).startswith("about equal")
    assert ahead_words(best, far, solo=False) == (
        "about 3.0 fame points better than the next option (±1.1 from chance in the simulated games)"
    )
    solo_best, solo_far = Option(None, -800.0, -850.0, -750.0, 32), Option(None, -1100.0, -1150.0, -1050.0, 32)
    assert ahead_words(solo_best, solo_far, solo=True) == (
        "about 300 points better than the next option (±71 from chance in the simulated games)"
    )


def test_hint_panel_reason_matches_the_error_ranges():
    app = GameApp(seats=["human", "greedy"], seed=5)
    app.hint_button.click()
    seed = coach.decision_seed(app.session.setup.seed, app.game.view())
    advice = coach.hint(app.game, time_limit=1.0, seed=seed)
    ev = advice.evaluation
    why = plain(app.hint_panel.value)
    # the lead the table shows (each figure rounded once) against the noise rounded alike
    digits = 0 if ev.solo else 1
    lead = round(ev.best.value, digits) - round(ev.options[1].value, digits)
    close = lead <= round(coach.gap(ev.best, ev.options[1])[1], digits)
    assert ("about equal to the next option" in why or "level with the next option" in why) == close
    if close and lead:
        assert f"within the noise of {ev.best.playouts} simulated games (±" in why
    assert " fp" not in why and not re.search(r"(?<![\w−])-\d", why)


def test_review_steps_through_the_decisions_after_the_game():
    app = GameApp(seats=["human"], seed=4)
    while not app.game.is_over:
        click_one_step(app)
    app.review_button.click()
    app.wait_review()
    (view,) = app.review_area.children
    assert isinstance(view, ReviewView) and view.review.decisions
    assert "Review of You" in view.summary.value
    first = view.board.value
    assert "<b>Decision 1</b>" in first and "Best found:" in first and view.previous.disabled
    n = len(view.review.decisions)
    assert f"Decision 1 of {n}" in view.position.value  # one numbering for the header and the pager
    assert "Turn " not in first
    view.next.click()
    assert view.index == 1 and view.board.value != first
    view.previous.click()
    assert view.index == 0 and view.board.value == first
    app.play_again.click()  # a new game closes the old review
    assert app.review_area.children == ()


@pytest.mark.parametrize("language", ["en", "es", "ja"])
def test_the_review_counts_every_label_it_defines(speak, language):
    # the summary defines good, inaccuracy, mistake and blunder: each has its count, 0 included
    speak(language)
    app = GameApp(seats=["human", "greedy"], seed=2)
    play_to_the_end(app)
    full = coach_model.review(app.game, 0, time_limit=0.05, seed=1)
    # the same review without its inaccuracies: the sentence still defines the word
    review = dataclasses.replace(full, decisions=[d for d in full.decisions if d.label != "inaccuracy"])
    assert review.counts()["inaccuracy"] == 0 and review.decisions
    text = review_counts(review)
    for label, n in review.counts().items():
        assert counted(n, label) in text, (label, text)


def test_review_counts_use_plurals():
    assert [counted(1, "blunder"), counted(3, "inaccuracy"), counted(2, "mistake"), counted(5, "good")] == [
        "1 blunder",
        "3 inaccuracies",
        "2 mistakes",
        "5 good",
    ]
    app = GameApp(seats=["human"], seed=4)
    while not app.game.is_over:
        click_one_step(app)
    app.review_button.click()
    app.wait_review()
    (view,) = app.review_area.children
    summary = plain(view.summary.value)
    assert not re.search(r"\b(?:[02-9]|\d\d+) (?:inaccuracy|mistake|blunder|decision)\b", summary), summary
    assert not re.search(r"\b1 (?:inaccuracies|mistakes|blunders|decisions)\b", summary), summary
    # the progress shows beside the Review button (in view); the finished review is brought into view
    assert app._review_anchor.tick == 1


def test_review_gives_the_coachs_reason_for_each_decision_that_lost_points():

    app = GameApp(seats=["human", "greedy"], seed=4)
    while not app.game.is_over:
        click_one_step(app)
    app.review_button.click()
    app.wait_review()
    (view,) = app.review_area.children
    lost = [k for k, d in enumerate(view.review.decisions) if d.label != "good"]
    assert lost
    for k in lost[:3]:
        view.go(k)
        reason = review_reason(view.decision)
        assert f"The coach's reason: {html.escape(reason)}." in view.board.value
        assert "→" not in reason and " fp" not in reason  # plain words, no notation


def test_review_offers_a_seat_chooser_when_several_humans_played(monkeypatch):
    monkeypatch.setattr("exhibition_lab.ui.widgets.app.REVIEW_TIME_LIMIT", 0.01)
    app = GameApp(seats=["human", "greedy", "human"], seed=5)
    play_to_the_end(app)
    app.review_button.click()
    app.wait_review()
    (view,) = app.review_area.children
    assert isinstance(view, ReviewView) and view.seat_chooser.layout.display == "flex"
    assert [seat for _, seat in view.seat_chooser.options] == [0, 2]
    assert "Review of Human 1" in view.summary.value
    view.next.click()
    view.seat_chooser.value = 2
    assert view.review.seat == 2 and "Review of Human 3" in view.summary.value and view.index == 0
    turns = [k for k, (seat, a) in enumerate(app.game.history) if seat == 2 and isinstance(a, xl.Take)]
    assert len(view.review.decisions) <= len(turns) and view.review.decisions
    view.seat_chooser.value = 0  # kept, not reviewed again
    assert view.review is view._reviews[0] and "Review of Human 1" in view.summary.value


def test_review_of_a_lone_human_has_no_chooser(monkeypatch):
    monkeypatch.setattr("exhibition_lab.ui.widgets.app.REVIEW_TIME_LIMIT", 0.01)
    app = GameApp(seats=["human", "greedy"], seed=4)
    play_to_the_end(app)
    app.review_button.click()
    app.wait_review()
    (view,) = app.review_area.children
    assert view.seat_chooser.layout.display == "none" and view.review.seat == 0


def test_review_names_the_card_the_coach_would_have_taken():
    view = reviewed()
    found = False
    for k, d in enumerate(view.review.decisions):
        view.go(k)
        mine, best = d.played.plan.take.card, d.best.plan.take.card
        text = plain(view.board.value)
        if mine == best or d.label == "good":  # a good decision is not lectured
            assert "The coach would have taken" not in text
            continue
        found = True
        assert f"The coach would have taken {card_with_subject(best)} instead" in text
        assert card_html(best) in view.board.value and card_html(mine) in view.board.value
        same = d.played.plan.place == d.best.plan.place
        assert ("for the same spot" in text) == same
    assert found


def test_a_large_loss_gets_more_than_one_reason():
    view = reviewed()
    large = [k for k, d in enumerate(view.review.decisions) if d.label in ("mistake", "blunder")]
    assert large
    for k in large:
        view.go(k)
        d = view.decision
        text = plain(view.board.value)
        mine, best = len(open_spots(d.view, d.played.plan)), len(open_spots(d.view, d.best.plan))
        if mine != best:
            assert f"the coach's turn keeps {best} spot" in text and f"yours {mine} spot" in text
        if not deciding_goals(d.view, d.best.plan, d.played.plan):
            # both turns score the same goals alike now: the coach's gains at once are yours
            # too, and never listed as if they were what the turn played missed
            assert "the coach's turn at once" not in text
        assert " fp" not in text and not re.search(r"(?<![\w−])-\d", text)  # words and true minus signs


def test_open_spots_are_the_empty_spots_some_card_to_come_fits():
    game = xl.Game.new(1, seed=3)
    for _ in range(8):
        game.apply(game.legal_actions()[0])
    view = game.view()
    ev = coach.evaluate(game, playouts=32)
    for option in ev.options[:3]:
        spots = set(open_spots(view, option.plan))
        lost = [r for r in risks_later(view, option.plan) if "no card still to come" in str(r)]
        for risk in lost:
            name = str(risk).split("leaves ")[1].split(" with no card")[0]
            assert not any(view.layout.spot_name(*spot) == name for spot in spots)
            assert risk.lost and risk.spot not in spots
        assert spots <= set(coach_model._hall_after(view, option.plan).empty_spots())


def reviewed(seed: int = 4) -> ReviewView:
    game = xl.Game.new(["You", "Bot"], seed=seed)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    return ReviewView.for_game(game, [0], seed=seed, time_limit=0.01)


def _figures(panel: str) -> list[float]:
    cells = re.findall(r"<tr[^>]*><td[^>]*>(?:<span[^>]*>[^<]*</span>)+</td><td>([^<]*)</td>", panel)
    return [float(c.replace("−", "-").replace(",", "").replace("+", "")) for c in cells]


@pytest.mark.parametrize("seats", [["human"], ["human", "greedy", "greedy"]])
def test_the_hint_lists_its_options_sorted_by_the_figure_it_shows(seats):
    app = GameApp(seats=seats, seed=5)
    app.hint_button.click()
    figures = _figures(app.hint_panel.value)
    assert len(figures) >= 2 and figures == sorted(figures, reverse=True)
    assert "chance to win" not in app.hint_panel.value  # a second figure would read in another order


def test_a_large_gap_is_not_about_equal_unless_the_noise_the_sentence_gives_is_larger():
    # +16 against −106 in the table: the sentence gives the gap the table shows and the noise,
    # each rounded once as the table rounds, and says "about equal" only when the gap is within it
    calm = np.array([16.0 + (k % 5) * 10 - 20 for k in range(256)])
    for outlier, equal in ((0.0, False), (9_000.0, False), (40_000.0, True)):
        # one playout of the next option that leaves a card far from 1950 in Mid Century (S3)
        ruined = calm - 100.0 - np.arange(256) % 3 * 20
        ruined[0] -= outlier
        best = Option(None, float(calm.mean()), -13.0, 46.0, 256, None, calm)
        runner = Option(None, float(ruined.mean()), -300.0, 90.0, 256, None, ruined)
        figures = [int(signed(o.value, 0).replace("−", "-")) for o in (best, runner)]
        shown_gap, noise = figures[0] - figures[1], round(coach.gap(best, runner)[1])
        said = ahead_words(best, runner, solo=True)
        assert said.startswith("about equal") == equal == (shown_gap <= noise), (outlier, said)
        if equal:
            assert said == (
                f"about equal to the next option: a gap of {shown_gap}, within the noise of 256 simulated games "
                f"(±{noise})"
            )
        else:
            chance = f"(±{noise} from chance in the simulated games)"
            assert said == f"about {shown_gap} points better than the next option {chance}"


def test_about_equal_is_said_only_within_the_noise_of_the_paired_playouts():
    # 44 against 32 with wide intervals: the intervals overlap, yet the paired gap is clear
    best = Option(None, 44.0, 20.0, 68.0, 32, None, np.full(32, 44.0) + np.arange(32) % 2)
    runner = Option(None, 32.0, 8.0, 56.0, 32, None, np.full(32, 32.0) + np.arange(32) % 2)
    assert runner.high >= best.low and not ahead_words(best, runner, solo=True).startswith("about equal")
    same = Option(None, 43.0, 19.0, 67.0, 32, None, best.samples - np.where(np.arange(32) % 2, 4.0, -2.0))
    assert ahead_words(best, same, solo=True) == (
        "about equal to the next option: a gap of 1, within the noise of 32 simulated games (±1)"
    )


@pytest.mark.parametrize("players", [1, 2])
def test_why_names_the_deciding_goals_largest_first_and_never_a_penalty_alone(players):
    named = 0
    for seed in range(2):
        game = xl.Game.new(players, seed=seed)
        for _ in range(6):
            advice = coach.hint(game, playouts=16, seed=seed)
            view, best = advice.evaluation.view, advice.option
            for other in advice.evaluation.options[1:]:
                goals = deciding_goals(view, best.plan, other.plan)
                deltas = [g.delta for g in goals]
                assert all(d > 0 for d in deltas) and deltas == sorted(deltas, reverse=True)
                assert not goals or not all(g.goal in PENALTIES for g in goals)
            goals = deciding_goals(view, best.plan, advice.evaluation.options[1].plan)
            why = why_line(advice)
            if goals:
                named += 1
                assert why.startswith("at once, compared with the next option: ")
                assert why.index(goal(goals[0].goal).label) < why.index(";")
            assert "goes from" not in why
            for action in advice.actions:
                game.apply(action)
            while not game.is_over and game.current != 0:
                game.apply(game.legal_actions()[0])
    assert named


def test_a_solo_review_speaks_in_points_x100_s2():
    game = play_game(xl.Game.new(1, seed=13), ["random"], np.random.default_rng(1))
    result = coach.review(game, 0, playouts=16, seed=3)
    assert result.total_loss > 0
    counts = review_counts(result)
    assert "fame points" not in counts
    assert f"; {number(result.total_loss * 100, ',.0f')} points lost in all" in counts
    assert "good when it loses under 50 points" in counts
    worst = result.worst(1)[0]
    said = decision_in_words(worst, 1, solo=True)
    assert said["loss"] == f"{number(worst.loss * 100, ',.0f')} points lost."
    assert " fp" not in result.summary() and "points lost in all" in result.summary()
    assert "loss (points)" in result.table()[0]


def _hinted_action(app: GameApp, target) -> xl.Action:
    classes = target._dom_classes
    if "exlab-market-card" in classes:
        return xl.Take(target.card)
    if "exlab-continent-choice" in classes:
        return xl.Move(target.continent)
    if "exlab-depot" in classes:
        return xl.ToDepot()
    if "exlab-end-exhibition" in classes:
        return xl.EndExhibition()
    return xl.Place(*target.spot)


def test_the_hint_marks_the_whole_turn_step_by_step_until_it_is_played(monkeypatch):
    monkeypatch.setattr("exhibition_lab.ui.widgets.app.HINT_TIME_LIMIT", 0.0)
    moved = 0
    for seed in range(3, 12):
        if moved:
            break
        app = GameApp(seats=["human"], seed=seed)
        moved += _follow_hints_by_clicks(app)
    assert moved  # a white card's continent was lit between the card and the spot


def _follow_hints_by_clicks(app: GameApp) -> int:
    """Follow the hint click by click for a whole game; how many hinted turns moved a vehicle."""
    moved = 0
    while not app.game.is_over:
        app.hint_button.click()
        plan = list(app._hint_plan)
        for k, step in enumerate(plan):
            (target,) = hinted(app)
            assert _hinted_action(app, target) == step
            # the advice is read before the first step; after it the purple marks lead on alone,
            # so the panel no longer lies over the waiting tile with the turn's first half
            assert (app.hint_panel.layout.display != "none") == (k == 0)
            target.click()
        assert not hinted(app) and app.hint_panel.layout.display == "none"  # the turn is played
        moved += any(isinstance(a, xl.Move) for a in plan)
    return moved


def test_choosing_another_step_declines_the_hint():
    app = GameApp(seats=["human"], seed=3)
    app.hint_button.click()
    (lit,) = hinted(app)
    other = next(b for b in app.find("exlab-takeable") if b.card != lit.card)
    other.click()
    assert not hinted(app) and app.hint_panel.layout.display == "none"


def test_review_shows_progress_at_once_and_a_second_click_starts_nothing(monkeypatch):
    import threading

    release, calls, real = threading.Event(), [], coach_model.review

    def slow_review(*args, **kwargs):
        calls.append(args)
        release.wait(10)
        return real(*args, **{**kwargs, "playouts": 8})

    monkeypatch.setattr("exhibition_lab.ui.widgets.app.coach_model.review", slow_review)
    app = GameApp(seats=["human"], seed=4)
    play_to_the_end(app)
    app.review_button.click()
    # set by the click itself, before any playout: the progress bar and a Cancel button in the
    # row of the Review button (where the eye is), the button off
    row = next(box for box in app.find("exlab-end-buttons"))
    assert app.review_status in row.children and app.review_status.layout.display == "flex" and app.reviewing
    assert row.children.index(app.review_status) > row.children.index(app.review_button)
    assert "The coach is reviewing the game" in app.review_label.value and app.review_button.disabled
    assert not app.review_cancel.disabled
    app._review()  # a click that reaches the handler while the coach works
    release.set()
    app.wait_review(30)
    assert len(calls) == 1 and not app.reviewing and app.review_status.layout.display == "none"
    (view,) = app.review_area.children
    assert isinstance(view, ReviewView) and not app.review_button.disabled
    assert app.review_progress.value == app.review_progress.max


def test_a_review_can_be_cancelled(monkeypatch):
    import threading

    release, real = threading.Event(), coach_model.review

    def slow_review(*args, **kwargs):
        release.wait(10)
        return real(*args, **{**kwargs, "playouts": 8})

    monkeypatch.setattr("exhibition_lab.ui.widgets.app.coach_model.review", slow_review)
    app = GameApp(seats=["human"], seed=4)
    play_to_the_end(app)
    app.review_button.click()
    app.review_cancel.click()
    release.set()
    app.wait_review(30)
    assert not app.reviewing and not app.review_button.disabled
    assert "Review cancelled." in app.review_area.children[0].value


@pytest.mark.parametrize("seed", [3, 5])
def test_following_the_apps_hints_then_reviewing_finds_no_mistake(monkeypatch, seed):
    monkeypatch.setattr("exhibition_lab.ui.widgets.app.HINT_TIME_LIMIT", 0.0)  # one round of playouts
    app = GameApp(seats=["human"], seed=seed)
    _follow_hints_by_clicks(app)
    app.review_button.click()
    app.wait_review()
    (view,) = app.review_area.children
    counts = view.review.counts()
    assert view.review.decisions and counts["mistake"] == counts["blunder"] == 0
    assert all(d.loss == 0 for d in view.review.decisions)  # judged on the hint's own numbers


def test_the_rest_of_a_hinted_turn_follows_only_the_hinted_step():
    from exhibition_lab.ui.screens.play import hint_after

    take, move, place = xl.Take(xl.Card.parse("1945W")), xl.Move(xl.Continent.AS), xl.Place(0, 1)
    assert hint_after((take, move, place), take) == (move, place)
    assert hint_after((move, place), move) == (place,)
    assert hint_after((take, move, place), xl.Take(xl.Card.parse("1912AS"))) == ()  # declined
    assert hint_after((), take) == ()


def test_a_review_that_fails_says_why_in_the_panel_and_frees_the_button(monkeypatch):
    import exhibition_lab.ui.widgets.app as app_module
    from exhibition_lab.widgets import GameApp

    def broken_review(*args, **kwargs):
        raise RuntimeError("the coach lost its notes")

    monkeypatch.setattr(app_module.coach_model, "review", broken_review)
    app = GameApp(xl.Game.new(1, seed=3), seats=["human"])
    app.background = False  # the job runs at once, as in a script
    app.review_button.click()
    (said,) = app.review_area.children
    assert "the coach lost its notes" in said.value and "exlab-error" in said.value
    assert not app.review_button.disabled and not app.reviewing


def test_a_best_spot_right_of_empty_ones_says_why_it_keeps_them_free():
    # R11: years ascend, so a later card placed right of empty spots leaves them to older cards;
    # "One Continent, 2nd spot" beside an empty 1st spot is said with its reason
    from exhibition_lab.games.exhibition.agents import TurnPlan
    from exhibition_lab.ui.text.coach_words import room_on_the_left

    view = xl.Game.new(2, seed=4).view()
    assert room_on_the_left(view, TurnPlan(None, None, xl.Place(3, 1))) == (
        " The 1st spot stays free for an older card: years ascend (R11)."
    )
    assert "The 3 spots on its left stay free" in room_on_the_left(view, TurnPlan(None, None, xl.Place(0, 3)))
    assert room_on_the_left(view, TurnPlan(None, None, xl.Place(0, 0))) == ""
    assert room_on_the_left(view, TurnPlan(None, None, xl.ToDepot())) == ""


def test_a_turn_within_the_noise_of_the_best_is_reviewed_good_and_said_to_be_tied():
    # the hint suggested the turn played; the review's own playouts put another 0.6 fp ahead,
    # within their noise of ±0.9: the turn is good, and the review says the two are tied
    view = reviewed().review.decisions[0]
    tied = dataclasses.replace(view, loss=0.0, label="good", apart=0.6, noise=0.9)
    said = html.unescape(re.sub(r"<[^>]+>", "", decision_html(tied, 4, solo=False)))
    assert "good, practically tied with the best found: 0.6 fame points apart, within the noise (±0.9)." in said
    assert "lost" not in said and "coach's reason" not in said


def test_the_hint_gives_each_option_a_short_form_by_year_and_continent():
    # beside the tile in a notebook cell the options read by year and continent alone (the
    # whole turn on hover), so the panel ends about where the tile does
    app = GameApp(seats=["human", "greedy"], seed=5)
    app.hint_button.click()
    shorts = re.findall(r"<span class='exlab-hint-short'>([^<]*)</span>", app.hint_panel.value)
    longs = re.findall(r"<span class='exlab-hint-long'>([^<]*)</span>", app.hint_panel.value)
    assert len(shorts) == len(longs) >= 2
    for short, full in zip(shorts, longs, strict=True):
        year = re.match(r"take (\d{4}) ", short)
        assert year and " · " not in short and f"take {year.group(1)} · " in full, (short, full)
