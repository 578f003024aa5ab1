"""The play app driven through widget clicks only."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

import exhibition_lab as xl
from exhibition_lab.widgets import GameApp
from tests.conftest import HAND_DECK, make_deal
from tests.test_game import MARKET

HOOKS = [
    "exlab-market-card",
    "exlab-spot",
    "exlab-depot",
    "exlab-end-exhibition",
    "exlab-continent-choice",
    "exlab-undo",
    "exlab-status",
    "exlab-score-sheet",
]


def enabled(app: GameApp, css: str) -> list:
    return [b for b in app.find(css) if not getattr(b, "disabled", False)]


def click_one_step(app: GameApp, prefer_depot: bool = False) -> str:
    """One human click through the public hooks; returns what was clicked."""
    game = app.game
    if game.phase is xl.Phase.TAKE:
        button = enabled(app, "exlab-market-card")[0]
        card = button.card
        button.click()
        assert (
            card in app.game.hall(0).cards()
            or app.game.hand == card
            or card in app.game.discard
            or any(card in h.cards() for h in app.game.halls)
        )
        return "take"
    if game.phase is xl.Phase.MOVE:
        enabled(app, "exlab-continent-choice")[-1].click()
        return "move"
    legal = app.find("exlab-legal")
    if legal and not prefer_depot:
        legal[0].click()
        return "place"
    depot = app.find("exlab-depot")[0]
    if not depot.disabled:
        depot.click()
        return "depot"
    app.find("exlab-end-exhibition")[0].click()
    return "end"


def test_every_css_hook_exists():
    app = GameApp()
    for hook in HOOKS:
        assert app.find(hook), hook
    markets = app.find("exlab-market-card")
    assert len(markets) == 18
    assert all(any(c.startswith("exlab-continent-") for c in b._dom_classes) for b in markets)
    assert len(app.find("exlab-spot")) == 16


def test_whole_solo_game_through_clicks():
    app = GameApp(seats=["human"], seed=3)
    steps = 0
    while not app.game.is_over:
        before = len(app.game.history)
        click_one_step(app, prefer_depot=steps % 7 == 3)
        assert len(app.game.history) == before + 1  # each click is exactly one action
        assert app.game.hall(0).is_legal()
        steps += 1
        assert steps < 200
    sheet = app.find("exlab-score-sheet")[0]
    assert "Score sheet" in sheet.value and "R23" in sheet.value
    assert str(app.game.score()["You"].total) in sheet.value
    assert "Game over" in app.status.banner.value


def test_three_player_game_with_bots_through_clicks():
    app = GameApp(seats=["human", "greedy", "random"], seed=5)
    assert app.game.n_players == 3
    while not app.game.is_over:
        seat_before = app.game.current
        assert seat_before == 0  # bots have played; it is the human's turn again
        click_one_step(app)
    assert len(app.game.score()) == 3
    assert all(app.game.final)
    assert "Greedy 2" in app.opponents.value or "Greedy 2" in app.hall._title.value


def test_illegal_spot_click_changes_nothing_and_says_why():
    app = GameApp(seats=["human"], seed=3)
    enabled(app, "exlab-market-card")[0].click()
    if app.game.phase is xl.Phase.MOVE:
        enabled(app, "exlab-continent-choice")[0].click()
    spot = app.find("exlab-legal")[0]
    spot.click()
    while app.game.phase is not xl.Phase.PLACE:
        enabled(app, "exlab-market-card")[0].click()
        if app.game.phase is xl.Phase.MOVE:
            enabled(app, "exlab-continent-choice")[0].click()
    before = app.game.to_json()
    legal = {b.spot for b in app.find("exlab-legal")}
    illegal = next(b for b in app.find("exlab-spot") if b.spot not in legal)
    illegal.click()
    assert app.game.to_json() == before
    message = app.status.status.value
    assert "exlab-error" in message and any(f"R{n}" in message for n in (2, 10, 11, 12, 13, 14, 16))


def test_clicks_on_disabled_controls_never_raise():
    app = GameApp(seats=["human"], seed=2)
    before = app.game.to_json()
    app.find("exlab-depot")[0].click()  # not the place phase
    app.find("exlab-end-exhibition")[0].click()
    app.find("exlab-continent-choice")[0].click()
    disabled = [b for b in app.find("exlab-market-card") if b.disabled and b.card is not None]
    if disabled:
        disabled[0].click()
    assert app.game.to_json() == before
    assert "exlab-error" in app.status.status.value


def test_undo_steps_back_to_the_previous_human_decision():
    app = GameApp(seats=["human", "random"], seed=4)
    assert app.find("exlab-undo")[0].disabled
    click_one_step(app)
    click_one_step(app)  # the placement; the bot then plays its turn
    assert app.game.current == 0 and len(app.game.history) >= 4
    app.find("exlab-undo")[0].click()
    assert app.game.phase is xl.Phase.PLACE and len(app.game.history) in (1, 2)


def test_white_card_asks_for_a_continent():
    market = ["1945W", "1907OC", "1913OC", *MARKET[3:]]
    game = xl.Game(["You", "Bot"], make_deal(market), deck=HAND_DECK)
    app = GameApp(game, ["human", "greedy"])
    white = next(b for b in app.find("exlab-market-card") if b.card == xl.Card.parse("1945W"))
    white.click()
    choices = enabled(app, "exlab-continent-choice")
    assert len(choices) == 6 and app.chooser.layout.display == "flex"
    next(b for b in choices if b.continent is xl.Continent.EU).click()
    assert app.game.vehicles[0] is xl.Continent.EU and app.game.phase is xl.Phase.PLACE


def test_new_game_controls_build_the_chosen_game():
    app = GameApp()
    controls = app.controls
    controls.players.value = 3
    controls.seats[1].value = "random"
    controls.seats[2].value = "greedy"
    controls.variations.value = ("links",)
    controls.secret.value = True
    controls.seed.value = 9
    controls.button.click()
    assert app.game.n_players == 3 and app.game.layout.variations == ("links",)
    assert app.game.secret_decades is not None
    names = [label.value for label in app.find("exlab-showcase-name")]
    assert "Links" in names[0] and "General" in names[0]
    # the bot's Secret Decade stays hidden until the end
    bot_decade = f"{app.game.secret_decades[1]}s"
    assert "Secret Decade" in app.hall._title.value
    assert bot_decade not in app.opponents.value


def test_app_exposes_live_game_and_children():
    app = GameApp()
    assert isinstance(app.game, xl.Game)
    assert app.market in app.children and app.hall in app.children


def test_a_thousand_random_clicks_never_raise_or_corrupt():
    import ipywidgets as w
    import numpy as np

    rng = np.random.default_rng(0)
    app = GameApp(seats=["human", "random"], seed=1)
    for k in range(1000):
        buttons = [b for b in _walk(app) if isinstance(b, w.Button)]
        button = buttons[rng.integers(len(buttons))]
        if "exlab-new-game" in button._dom_classes and rng.random() < 0.7:
            continue  # keep most games going long enough to reach the end
        if k % 97 == 0:
            app.controls.players.value = int(rng.integers(1, 6))
            app.controls.seats[0].value = "human"
        button.click()
        game = app.game
        assert sum(game.card_locations().values()) == len(game.deck)
        for seat, hall in enumerate(game.halls):
            assert hall.is_legal(game.others(seat), players=game.n_players)
        assert app.status.banner.value


def _walk(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _walk(child)
