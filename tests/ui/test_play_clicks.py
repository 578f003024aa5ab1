"""The play app driven through widget clicks only: every control reachable, whole games played,
nothing a click does corrupts the game."""

from __future__ import annotations

import html

import numpy as np
import pytest

pytest.importorskip("ipywidgets")

import exhibition_lab as xl
from exhibition_lab.widgets import GameApp
from tests.helpers.play import (
    click_one_step,
    click_storm,
    enabled,
    placement,
    plain,
    play_until,
    raise_from_handlers,
    to_place,
    walk,
    white_card_app,
)

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
    assert f"{app.game.score()['You'].total:,}".replace("-", "−") in sheet.value  # the true minus sign, grouped
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
    app.find("exlab-takeable")[0].click()
    if app.game.phase is xl.Phase.MOVE:
        enabled(app, "exlab-continent-choice")[0].click()
    spot = app.find("exlab-legal")[0]
    spot.click()
    while app.game.phase is not xl.Phase.PLACE:
        app.find("exlab-takeable")[0].click()
        if app.game.phase is xl.Phase.MOVE:
            enabled(app, "exlab-continent-choice")[0].click()
    before = app.game.to_json()
    legal = {b.spot for b in app.find("exlab-legal")}
    illegal = next(b for b in app.find("exlab-spot") if b.spot not in legal)
    illegal.click()
    assert app.game.to_json() == before
    message = app.status.status.value
    assert "exlab-error" in message and any(f"R{n}" in message for n in (2, 10, 11, 12, 13, 14, 16))


def test_a_refused_spot_keeps_the_line_of_the_card_you_took():
    """R10: a click on a spot the card may not go to changes nothing, so the line telling
    what you took stays, under the reason in red — the reason does not replace it."""
    app = GameApp(seats=["human", "greedy"], seed=7)
    app.find("exlab-takeable")[0].click()
    if app.game.phase is xl.Phase.MOVE:
        enabled(app, "exlab-continent-choice")[0].click()
    took = plain(app.status.status.value)
    assert took.startswith("You took"), took
    legal = {b.spot for b in app.find("exlab-legal")}
    for illegal in [b for b in app.find("exlab-spot") if b.spot not in legal][:2]:
        illegal.click()  # twice: the second reason keeps the same line, not the first reason
        message = app.status.status.value
        assert "exlab-error" in message and "exlab-kept" in message
        reason = message.split("exlab-kept")[0]
        assert "exlab-error" in reason and plain(message).endswith(took) and plain(message) != took


def test_clicks_on_disabled_controls_never_raise():
    app = GameApp(seats=["human"], seed=2)
    before = app.game.to_json()
    app.find("exlab-depot")[0].click()  # not the place phase
    app.find("exlab-end-exhibition")[0].click()
    app.find("exlab-continent-choice")[0].click()
    untakeable = [b for b in app.find("exlab-untakeable")]
    if untakeable:
        untakeable[0].click()
    assert app.game.to_json() == before
    assert "exlab-error" in app.status.status.value


def test_a_card_you_may_not_take_says_why_with_its_rule_r7_r10():
    app = GameApp(seats=["human", "greedy"], seed=7)
    here = app.game.vehicles[0]
    lit = [b for b in app.find("exlab-market-card") if "exlab-takeable" in b._dom_classes]
    other = [b for b in app.find("exlab-untakeable") if b.card is not None]
    assert lit and other and all(b.card in app.game.market[here] for b in lit)
    # never lit, yet clickable: the click is answered, and its hover says the same first
    card = other[0]
    assert not card.disabled and "exlab-takeable" not in card._dom_classes and "exlab-hinted" not in card._dom_classes
    column = next(c for c, cards in app.game.market.items() if card.card in cards)
    reason = (
        f"{card.card.year} is in the {column.title} column: you may take only from {here.title}, "
        "where your Zeppelin stands"
    )
    assert card.tooltip.startswith(f"{reason} (R7)\n")
    before = app.game.to_json()
    card.click()
    assert app.game.to_json() == before  # the game is unchanged (R7)
    said = app.status.status.value
    assert "exlab-error" in said and reason in html.unescape(said) and "R7" in said
    # with a card in hand, every card of the tile waits for its placement (R10)
    taken = lit[0].card
    lit[0].click()
    assert app.game.hand == taken
    waiting = next(b for b in app.find("exlab-untakeable") if b.card is not None)
    assert waiting.tooltip.startswith(f"{taken.year} is in hand")
    waiting.click()
    assert "R10" in app.status.status.value and "before another card is taken" in app.status.status.value


def test_white_card_asks_for_a_continent():
    app = white_card_app()
    white = next(b for b in app.find("exlab-market-card") if b.card == xl.Card.parse("1945W"))
    white.click()
    choices = enabled(app, "exlab-continent-choice")
    assert len(choices) == 6 and app.chooser.layout.display == "flex"
    # while its continent is chosen (R8) your hall's title names the white card in hand
    assert "1945" in html.unescape(app.hall._title.value).split("in hand:")[-1]
    next(b for b in choices if b.continent is xl.Continent.EU).click()
    assert app.game.vehicles[0] is xl.Continent.EU and app.game.phase is xl.Phase.PLACE


def test_app_exposes_live_game_and_children():
    app = GameApp()
    assert isinstance(app.game, xl.Game)
    tree = list(walk(app))
    assert app.market in tree and app.hall in tree and app.live_score in tree


def test_a_thousand_random_clicks_never_raise_or_corrupt(monkeypatch):
    raise_from_handlers(monkeypatch)
    click_storm(GameApp(seats=["human", "random"], seed=1), np.random.default_rng(0), clicks=1000)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [2, 3])
def test_thousands_of_random_clicks_never_raise_or_corrupt(monkeypatch, seed):
    raise_from_handlers(monkeypatch)
    click_storm(GameApp(seats=["human", "greedy"], seed=seed), np.random.default_rng(seed), clicks=4000)


def test_a_click_storm_sees_what_a_handler_raises(monkeypatch):
    raise_from_handlers(monkeypatch)
    app = GameApp(seats=["human"], seed=1)

    def broken(_):
        raise xl.ArgumentError("a handler that fails")

    app.undo_button.on_click(broken)
    with pytest.raises(xl.ArgumentError, match="a handler that fails"):
        app.undo_button.click()


def test_hot_seat_of_two_humans():
    app = GameApp(seats=["human", "human"], seed=5)
    assert app.game.players == ("Human 1", "Human 2")
    seen_titles = set()
    while not app.game.is_over:
        seat = app.game.current
        assert app.session.viewer == seat  # the board shows the hall of whoever is to move
        assert f"{app.game.players[seat]}'s Exhibition Hall" in app.hall._title.value
        assert app.game.players[seat] in app.status.banner.value
        seen_titles.add(app.hall._title.value.split("</b>")[0])
        other = app.game.players[1 - seat]
        assert other in app.opponents.value
        click_one_step(app)
    assert len(seen_titles) == 2
    assert all(app.game.final)


def test_tools_plug_in_under_the_board():
    import ipywidgets as w

    app = GameApp(seats=["human"], seed=1)
    made = []

    def make(a):
        made.append(a.game)
        return w.HTML("a tool")

    button = app.add_tool("What if…", make, solo_only=True)
    assert "exlab-tool-button" in button._dom_classes and button.layout.display != "none"
    # it stands with Hint and Undo in the top bar, where a player looks every turn
    buttons = app.children[1].children[1].children
    assert app.tools_row in buttons and app.hint_button in buttons and button in app.tools_row.children
    button.value = True
    assert made == [app.game] and app.tool_area.children[0].value == "a tool"
    button.value = False
    assert app.tool_area.children == ()
    app.controls.players.value = 2
    app.controls.button.click()  # a 2-player game: the solo-only tool hides
    assert button.layout.display == "none"


def test_continent_buttons_sit_in_the_hall_head_so_the_hall_stays_put():
    app = white_card_app()
    assert app.chooser in app.hall.head.children and app.chooser not in app.children
    assert app.hall.head.layout.height == "32px"
    next(b for b in app.find("exlab-market-card") if b.card == xl.Card.parse("1945W")).click()
    assert app.chooser.layout.display == "flex"


def test_unlit_spots_say_why_on_hover_and_turn_red_when_the_card_fits_nowhere():
    app = GameApp(seats=["human"], seed=3)
    play_until(app, lambda a: len(a.game.hall(0).hall_cards()) >= 2 and a.session.legal_spots())
    legal = {b.spot for b in app.find("exlab-legal")}
    unlit = [b for b in app.find("exlab-spot") if b.spot not in legal and "exlab-empty-spot" in b._dom_classes]
    assert unlit
    for button in unlit:
        why = placement(app, button.spot)
        assert why.words in button.tooltip and why.rule in button.tooltip
    assert not app.find("exlab-refused")  # red only when nothing fits
    assert play_until(app, lambda a: not a.session.legal_spots())
    empty = [b for b in app.find("exlab-spot") if "exlab-empty-spot" in b._dom_classes]
    assert empty and set(app.find("exlab-refused")) == set(empty)


def test_a_solo_tool_toggled_in_a_game_of_several_stays_shut_and_says_why(monkeypatch):
    raise_from_handlers(monkeypatch)
    app = GameApp(seats=["human", "greedy"], seed=4)
    tool = next(b for b in app.find("exlab-tool-button") if b.description == "What if…")
    assert tool.layout.display == "none"  # hidden; a script or a stale front end may still toggle it
    before = app.game.to_json()
    tool.value = True
    assert not tool.value and app.tool_area.children == ()
    message = app.status.status.value
    assert "exlab-error" in message and "solo" in message and "S4" in message
    assert app.game.to_json() == before


def test_review_button_on_a_game_set_up_from_a_position(monkeypatch):
    raise_from_handlers(monkeypatch)
    from exhibition_lab.ui.widgets.coach_panel import ReviewView

    near_the_end = xl.Game.new(1, seed=8)
    while len(near_the_end.hall(0).hall_cards()) < 8:
        actions = near_the_end.legal_actions()
        near_the_end.apply(next((a for a in actions if isinstance(a, (xl.Take, xl.Move, xl.Place))), actions[0]))
    game = xl.Game.from_position(near_the_end.position(), seed=2)
    app = GameApp(game, seats=["human"])
    while not app.game.is_over:
        click_one_step(app)
    app.review_button.click()
    app.wait_review()  # the review works in the background
    (view,) = app.review_area.children
    assert isinstance(view, ReviewView) and view.review.decisions


def test_a_free_depot_place_takes_the_card_in_hand_and_explains_itself_otherwise_r10():
    # R10: the card taken goes into a hall spot or a free Depot spot; a reader clicks the Depot's
    # empty place itself as readily as the Put in Depot button
    app = GameApp(seats=["human"], seed=4)
    first = app.hall.depot_cards[0]
    assert not first.disabled
    history = list(app.game.history)
    first.click()  # no card in hand yet: refused in words, the game unchanged
    assert list(app.game.history) == history
    said = plain(app.status.status.value)
    assert "Not possible now" in said and "take a card" in said and "R10" in said
    to_place(app)
    card = app.game.hand
    app.hall.depot_cards[2].click()
    assert card in app.game.hall(0).depot
    assert app.hall.depot_cards[0].disabled  # a Depot spot holding a card takes no click
    assert not app.hall.depot_cards[1].disabled
