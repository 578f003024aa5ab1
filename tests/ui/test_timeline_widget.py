"""The Timeline app driven through widget clicks only."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from html import escape

from exhibition_lab.games.timeline.game import Timeline
from exhibition_lab.ui.widgets.timeline import TimelineApp
from tests.helpers.play import raise_from_handlers

HOOKS = ["exlab-tl-hand-card", "exlab-tl-gap", "exlab-tl-status", "exlab-tl-players", "exlab-tl-new-game"]


def click_card_then_gap(app: TimelineApp, right: bool) -> None:
    hand = app.find("exlab-tl-hand-card")
    hand[0].click()
    assert "exlab-tl-selected" in app.find("exlab-tl-hand-card")[0]._dom_classes
    assert all("exlab-tl-gap-lit" in g._dom_classes for g in app.find("exlab-tl-gap"))
    card = app.selected
    fitting = app.game.fitting_gaps(card)
    gap = fitting[0] if right else next(g for g in range(len(app.game.timeline) + 1) if g not in fitting)
    app.find("exlab-tl-gap")[gap].click()


def test_every_css_hook_exists_and_hands_hide_years():
    app = TimelineApp(3, seed=1)
    for hook in HOOKS:
        assert app.find(hook), hook
    hand = app.find("exlab-tl-hand-card")
    assert len(hand) == 6 and len(app.find("exlab-tl-gap")) == 2
    for button in hand:
        card = app.game.card(button.card_id)
        assert button.description == card.title and str(card.year) not in button.description
    assert str(app.game.years[0]) in app.timeline.children[1].value


def test_a_gap_before_a_card_is_refused_and_changes_nothing():
    app = TimelineApp(2, seed=4)
    before = app.game.to_json()
    app.find("exlab-tl-gap")[0].click()
    assert "First click a card" in app.status.value and app.game.to_json() == before


def test_whole_game_against_bots_through_clicks():
    app = TimelineApp(3, knowledge=10, seed=5)
    clicks = 0
    while not app.game.is_over:
        before = app.game.turn
        click_card_then_gap(app, right=clicks % 3 != 1)
        assert app.game.turn > before  # my play and the bots' plays happened
        assert ("right" in app.status.value) or ("wrong" in app.status.value)
        clicks += 1
        assert clicks < 200
    winner = app.game.winner_names[0]
    assert "Game over" in app.banner.value and (winner in app.banner.value or "you win" in app.banner.value)
    assert all(g.disabled for g in app.find("exlab-tl-gap"))
    assert len(app.session.reveals) == app.game.turn - 1  # every play shown once in the log


def test_reveal_names_the_year_and_the_subject():
    app = TimelineApp(2, seed=6)
    app.find("exlab-tl-hand-card")[0].click()
    card = app.game.card(app.selected)
    wrong = next(g for g in (0, 1) if g not in app.game.fitting_gaps(app.selected))
    app.find("exlab-tl-gap")[wrong].click()
    assert "wrong" in app.status.value and str(card.year) in app.status.value
    assert card.title.split(":")[0][:20] in app.status.value


def test_solo_practice_with_a_streak_counter():
    app = TimelineApp(1, seed=7)
    assert app.find("exlab-tl-streak")[0].layout.display == "block"
    assert len(app.find("exlab-tl-hand-card")) == 1 and app.selected is not None  # one card: already picked
    pattern = [True, True, True, False, True, False, False]
    for right in pattern:
        app.find("exlab-tl-gap")[
            app.game.fitting_gaps(app.selected)[0]
            if right
            else next(g for g in range(len(app.game.timeline) + 1) if g not in app.game.fitting_gaps(app.selected))
        ].click()
    assert app.game.is_over and app.game.score == 4 and app.game.best_streak == 3
    assert "Practice over" in app.banner.value and "best streak 3" in app.banner.value
    assert "best 3" in app.streak.value


def test_new_game_from_the_controls():
    app = TimelineApp(2, seed=1)
    app.players_choice.value = 5
    app.find("exlab-tl-new-game")[0].click()
    assert app.game.n_players == 5 and len(app.find("exlab-tl-hand-card")) == 5


def test_a_new_game_after_the_largest_seed_deals_seed_0(monkeypatch):
    raise_from_handlers(monkeypatch)
    app = TimelineApp(2, seed=2**63 - 1)
    app.find("exlab-tl-new-game")[0].click()  # the next seed would be 2**63, past the range a save file reads
    assert app.game.seed == 0
    assert Timeline.from_json(app.game.to_json()) == app.game


def test_picking_a_card_keeps_the_last_reveals_and_guides_in_the_hand_label():
    app = TimelineApp(2, seed=8)
    app.find("exlab-tl-hand-card")[0].click()
    app.find("exlab-tl-gap")[0].click()
    reveals = app.status.value
    assert "placed" in reveals
    app.find("exlab-tl-hand-card")[1].click()
    title = app.game.card(app.selected).title
    assert app.status.value == reveals
    assert "picked" in app.hand_label.value and escape(title) in app.hand_label.value


def test_a_thousand_random_clicks_never_raise_or_lose_a_card(monkeypatch):
    import ipywidgets as w
    import numpy as np

    from tests.helpers.play import walk

    raise_from_handlers(monkeypatch)
    rng = np.random.default_rng(0)
    app = TimelineApp(3, seed=4)
    ended = 0
    for k in range(1000):
        if k % 89 == 0:
            app.players_choice.value = int(rng.integers(1, 9))
        buttons = [b for b in walk(app) if isinstance(b, w.Button)]
        button = buttons[rng.integers(len(buttons))]
        if "exlab-tl-new-game" in button._dom_classes and rng.random() < 0.8:
            continue  # keep most games going long enough to reach the end
        button.click()
        game = app.game
        assert sum(game.card_locations().values()) == game.n_cards
        assert list(game.years) == sorted(game.years)  # T3: the timeline always runs year up
        ended += game.is_over
    assert ended  # the storm reaches the end of games too
