"""The coach and the what-if explorer inside the play app (issues 17 and 20)."""

from __future__ import annotations

import numpy as np

import exhibition_lab as xl
from exhibition_lab import odds
from exhibition_lab.ui.widgets.coach import ReviewView
from exhibition_lab.widgets import GameApp, YearsGapExplorer
from tests.test_whatif import check_shows
from tests.test_widgets import click_one_step


def hinted(app: GameApp) -> list:
    return app.find("exlab-hinted")


def test_hint_lights_a_takeable_card_then_a_legal_spot():
    app = GameApp(seats=["human"], seed=3)
    app.hint_button.click()
    lit = hinted(app)
    assert len(lit) == 1 and "exlab-market-card" in lit[0]._dom_classes
    assert xl.Take(lit[0].card) in app.game.legal_actions()
    panel = app.hint_panel.value
    assert app.hint_panel.layout.display != "none" and "Coach suggests:" in panel
    # plain words, one line of why, no search jargon (ux report)
    assert "Why:" in panel and "points ahead of your best opponent" not in panel  # solo: a final score
    assert "final score to expect" in panel and "playouts" not in panel and "fp margin" not in panel
    lit[0].click()  # follow the hint: the light goes out with the move
    assert not hinted(app) and app.hint_panel.layout.display == "none"
    app.hint_button.click()
    (target,) = hinted(app)
    classes = target._dom_classes
    if "exlab-spot" in classes:
        assert "exlab-legal" in classes  # only a spot where the card fits is ever suggested
    else:
        assert "exlab-lit" in classes  # the Depot or End exhibition, when allowed


def test_hint_follows_the_coach_of_the_engine():
    from exhibition_lab import coach

    app = GameApp(seats=["human"], seed=5)
    app.hint_button.click()
    seed = app.session.setup.seed * 1000 + len(app.game.history)
    advice = coach.hint(app.game, time_limit=1.0, seed=seed)
    assert hinted(app)[0].card == advice.actions[0].card


def test_hint_is_off_when_no_human_decides():
    app = GameApp(seats=["human"], seed=2)
    while not app.game.is_over:
        click_one_step(app)
    assert app.hint_button.disabled
    app.hint_button.click()  # a click on a disabled control changes nothing
    assert not hinted(app)


def test_review_steps_through_the_decisions_after_the_game():
    app = GameApp(seats=["human"], seed=4)
    while not app.game.is_over:
        click_one_step(app)
    app.review_button.click()
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


def test_what_if_panel_opens_on_the_live_solo_game_and_follows_it():
    app = GameApp(seats=["human"], seed=6)
    button = next(b for b in app.find("exlab-tool-button") if b.description == "What if…")
    button.value = True
    (explorer,) = app.tool_area.children
    assert isinstance(explorer, YearsGapExplorer) and explorer.game is app.game
    for _ in range(4):
        click_one_step(app)
    pool = odds.game_pool(app.game)
    free = sorted(c.year for c in pool if c.year is not None and not c.is_white)
    explorer.left.value, explorer.right.value = free[2], free[-3]
    check_shows(explorer, odds.pair_odds("years_gap", free[2], free[-3], pool))
    np.testing.assert_allclose(explorer.heatmap.grid, odds.game_penalty_grid(app.game), rtol=1e-6, equal_nan=True)
