"""The play app driven through widget clicks only."""

from __future__ import annotations

import html
import re

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
    assert str(app.game.score()["You"].total).replace("-", "−") in sheet.value  # the true minus sign
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
    controls.seed.value = "9"
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
    tree = list(_walk(app))
    assert app.market in tree and app.hall in tree and app.live_score in tree


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


# ---------------------------------------------------------------- an app that explains itself
COORDINATES = re.compile(r"\(\d+, ?\d+\)")


def play_until(app: GameApp, stop, max_clicks: int = 300) -> bool:
    """Click the first lit control (a human placing at the first lit spot) until ``stop(app)``."""
    for _ in range(max_clicks):
        if app.game.is_over:
            return False
        if app.game.phase is xl.Phase.PLACE and stop(app):
            return True
        click_one_step(app)
    return False


def test_status_tells_what_the_bots_did_in_words():
    app = GameApp(seats=["human", "greedy", "random"], seed=4)
    click_one_step(app)  # take
    taken = app.game.hand
    click_one_step(app)  # place; both bots answer
    mine = app.status.status.value  # the message line: your own turn
    assert f"You took {taken.year}" in mine and "placed it in" in mine
    assert "Greedy 2" not in mine
    status = app.status.turns.value  # the bots' turns have their own line
    assert status.startswith("<b>Since your last turn:</b>")
    for seat in (1, 2):
        name = app.game.players[seat]
        assert f"{name} took " in status
    # each bot's sentence names where its card went, in words
    bot_turns = app.session.turns_since(len(app.game.history) - 4)
    for _seat, sentence in bot_turns:
        # two turns share the line: each card by its year, its subject on the card's hover
        short = sentence
        for _, action in app.game.history[-8:]:
            if isinstance(action, xl.Take) and action.card.title:
                short = short.replace(f"{action.card.year} · {action.card.title}", str(action.card.year))
        assert short != sentence and short in html.unescape(status), (short, status)
        ending = re.search(r", (placed it in (.+)|put it in the Depot|found no place.*)$", sentence)
        assert ending, sentence
        if ending.group(2):
            assert any(ending.group(2).startswith(kind.name) for kind in app.game.layout)
    assert not COORDINATES.search(status)
    assert "took" in app.log_view.value and not COORDINATES.search(app.log_view.value)


def test_banner_names_only_what_is_possible_now():
    app = GameApp(seats=["human"], seed=6)
    vehicle_at = app.game.vehicles[0].title
    assert f"take a card from {vehicle_at}" in app.status.banner.value
    click_one_step(app)
    if app.game.phase is xl.Phase.MOVE:
        click_one_step(app)
    banner = app.status.banner.value
    assert app.session.legal_spots() and "lit spot" in banner and "Depot" in banner
    assert "end your exhibition" not in banner  # R10a: not allowed while a spot fits
    assert app.hall.end.disabled and "exlab-lit" not in app.hall.end._dom_classes
    assert not app.hall.depot.disabled and "exlab-lit" in app.hall.depot._dom_classes


def test_no_fit_message_gives_one_reason_per_showcase():
    app = GameApp(seats=["human"], seed=0)
    found = play_until(app, lambda a: not a.session.legal_spots())
    assert found, "a hand that fits nowhere was expected before the end"
    status = html.unescape(re.sub("<[^>]+>", "", app.status.status.value))
    card = app.game.hand
    assert f"{card.year} fits nowhere in your hall" in status
    hall = app.game.hall(0)
    for s, kind in enumerate(app.game.layout):
        assert f"{kind.name}:" in status
        if all(c is not None for c in hall.showcases[s]):
            assert f"{kind.name}: full" in status
    assert "fits nowhere" in app.status.banner.value and "end your exhibition" in app.status.banner.value
    assert not app.find("exlab-legal")
    assert not app.hall.end.disabled and "exlab-lit" in app.hall.end._dom_classes
    assert not COORDINATES.search(status)


def test_illegal_click_says_it_in_plain_words_with_the_rule_as_suffix():
    app = GameApp(seats=["human"], seed=3)
    play_until(app, lambda a: len(a.game.hall(0).hall_cards()) >= 2 and a.session.legal_spots())
    legal = {b.spot for b in app.find("exlab-legal")}
    illegal = next(b for b in app.find("exlab-spot") if b.spot not in legal)
    before = app.game.to_json()
    illegal.click()
    assert app.game.to_json() == before
    plain = app.session.placement_in_words(*illegal.spot)
    message = app.status.status.value
    assert html.escape(plain.words) in message
    assert f"<span class='exlab-rule' title='rule {plain.rule} of the rules reference'>{plain.rule}</span>" in message
    assert message.index("exlab-error") < message.index("exlab-rule")  # words first, rule after


def test_live_score_matches_the_engine_score_of_the_same_halls():
    app = GameApp(seats=["human", "greedy", "random"], seed=8)
    for _ in range(12):
        click_one_step(app)
    sheet = app.game.score()
    live = app.session.live_score()
    table = app.live_score.value
    for name in app.game.players:
        assert live[name].points == sheet[name].points and live[name].total == sheet[name].total
        row = table.split(f"<td>{name}</td>", 1)[1].split("</tr>", 1)[0]
        assert f"<b>{str(sheet[name].total).replace('-', '−')}</b>" in row
        assert row.count("<td") == len(sheet.goals) + 1  # a number for every goal and the total


def test_live_score_hides_other_players_secret_decades():
    app = GameApp()
    app.controls.players.value = 2
    app.controls.secret.value = True
    app.controls.button.click()
    for _ in range(10):
        click_one_step(app)
    game = app.game
    live = app.session.live_score()
    assert "secret_decade" in live["You"].points
    assert "secret_decade" not in live["Greedy 2"].points
    bot = game.score()["Greedy 2"]
    assert live["Greedy 2"].total == bot.total - bot.points["secret_decade"]
    assert "hidden until the end" in app.live_score.value


def test_play_again_deals_a_new_game_with_the_same_players():
    app = GameApp(seats=["human", "random"], seed=2)
    assert app.end_panel.layout.display == "none"
    while not app.game.is_over:
        click_one_step(app)
    assert app.end_panel.layout.display == "flex"
    sheet = app.find("exlab-score-sheet")[0].value
    winner = app.game.score().winners[0]
    assert f'<th class="exlab-winner">{winner}<br><small>winner</small></th>' in sheet
    old = app.game
    app.find("exlab-play-again")[0].click()
    assert app.game is not old and not app.game.is_over
    assert app.session.seats == ["human", "random"] and app.game.players == old.players
    assert app.session.setup.seed == 3 and app.end_panel.layout.display == "none"
    assert app.find("exlab-market-card") and "New game (seed 3)" in app.status.status.value


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


def test_cards_carry_their_subject_and_depot_cards_stand_upright():
    app = GameApp(seats=["human"], seed=1)
    for button in app.find("exlab-market-card"):
        if button.card is not None and button.card.title:
            first_words = button.card.title.split()[0]
            assert first_words in button.description  # shortened at most, never hidden
            assert button.card.title in button.tooltip  # the full text on hover
    from exhibition_lab.ui.render.halls import hall_body_html

    hall = xl.Hall.parse(". . . . . . / . . . . / . / . . . / . . | 1932AS")
    assert "rotate" not in hall_body_html(hall) and "rotate" not in app.children[0].value


def test_tools_plug_in_under_the_board():
    import ipywidgets as w

    app = GameApp(seats=["human"], seed=1)
    made = []

    def make(a):
        made.append(a.game)
        return w.HTML("a tool")

    button = app.add_tool("What if…", make, solo_only=True)
    assert "exlab-tool-button" in button._dom_classes and button.layout.display != "none"
    button.value = True
    assert made == [app.game] and app.tool_area.children[0].value == "a tool"
    button.value = False
    assert app.tool_area.children == ()
    app.controls.players.value = 2
    app.controls.button.click()  # a 2-player game: the solo-only tool hides
    assert button.layout.display == "none"


def test_status_stays_short_when_many_bot_turns_follow():
    app = GameApp(seats=["human", "greedy"], seed=2)
    while not app.game.is_over:
        click_one_step(app)
    app._tell(0)  # every turn of the game at once
    status = html.unescape(re.sub("<[^>]+>", "", app.status.status.value))
    assert "more turns (see the log)" in status
    assert status.count(" took ") == 4  # the first turn and the last three
