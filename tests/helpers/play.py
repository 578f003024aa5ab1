"""Playing the app through its widgets, as a person clicks, and reading what it shows."""

from __future__ import annotations

import html
import re

import exhibition_lab as xl
from exhibition_lab.games.exhibition.rules.layout import VARIATIONS
from exhibition_lab.ui.text.explain import Plain, placement_in_words
from exhibition_lab.widgets import GameApp
from tests.conftest import HAND_DECK, make_deal
from tests.helpers.decks import MARKET


def plain(value: str) -> str:
    """HTML as the reader sees it: tags dropped, entities read."""
    return html.unescape(re.sub("<[^>]+>", "", value))


def walk(widget):
    """Every widget under ``widget``, itself first."""
    yield widget
    for child in getattr(widget, "children", ()):
        yield from walk(child)


def placement(app: GameApp, spot: tuple[int, int]) -> Plain | None:
    """Why the card in hand may not go to ``spot`` of the player to move, in plain words."""
    game = app.game
    return placement_in_words(game.hall(game.current), game.hand, *spot, game.others(), players=game.n_players)


def white_card_app() -> GameApp:
    """You and a greedy bot, the white 1945 card open in Oceania's column."""
    market = ["1945W", "1907OC", "1913OC", *MARKET[3:]]
    game = xl.Game(["You", "Bot"], make_deal(market), deck=HAND_DECK)
    return GameApp(game, ["human", "greedy"])


def click_one_step(app: GameApp, prefer_depot: bool = False) -> str:
    """One human click through the public hooks; returns what was clicked."""
    game = app.game
    if game.phase is xl.Phase.TAKE:
        button = app.find("exlab-takeable")[0]
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


def enabled(app: GameApp, css: str) -> list:
    return [b for b in app.find(css) if not getattr(b, "disabled", False)]


def play_until(app: GameApp, stop, max_clicks: int = 300) -> bool:
    """Click the first lit control (a human placing at the first lit spot) until ``stop(app)``."""
    for _ in range(max_clicks):
        if app.game.is_over:
            return False
        if app.game.phase is xl.Phase.PLACE and stop(app):
            return True
        click_one_step(app)
    return False


def to_place(app: GameApp) -> None:
    """Take a card (and move after a white one) until the human holds a card to place."""
    while app.game.phase is not xl.Phase.PLACE:
        click_one_step(app)


def market_of(app: GameApp) -> list:
    return [c for cards in app.game.market.values() for c in cards]


def new_marks(app: GameApp) -> set:
    return {b.card for b in app.find("exlab-new-card")}


def no_fit_app(seats: list[str], seed: int) -> GameApp:
    app = GameApp(seats=seats, seed=seed)
    assert play_until(app, lambda a: not a.session.legal_spots())
    return app


def play_out_filling_the_depot(app: GameApp, clicks: int = 400) -> None:
    """Play to the end (or ``clicks`` clicks), putting cards in the Depot while it has room
    (for negative scores)."""
    for _ in range(clicks):
        if app.game.is_over:
            return
        depot = app.find("exlab-depot")[0]
        if app.game.phase is xl.Phase.PLACE and not depot.disabled:
            depot.click()
        else:
            click_one_step(app)
    assert clicks < 400 or app.game.is_over, "the game did not end"


def play_to_the_end(app: GameApp) -> None:
    while not app.game.is_over:
        click_one_step(app)


def rivals() -> tuple[str, str]:
    """Two variations over the same base showcase (found from the layout, not hard-coded)."""
    by_base: dict[str, list[str]] = {}
    for key, kind in VARIATIONS.items():
        by_base.setdefault(kind.covers, []).append(key)
    pair = next(keys for keys in by_base.values() if len(keys) > 1)
    return pair[0], pair[1]


def hinted(app: GameApp) -> list:
    return app.find("exlab-hinted")


def raise_from_handlers(monkeypatch) -> None:
    """Let an exception in a click handler reach the test: ipywidgets only logs it (the
    player sees nothing happen), so a test that only clicks would never notice."""
    from ipywidgets.widgets.widget import CallbackDispatcher

    def call_every_handler(self, *args, **kwargs):
        value = None
        for callback in self.callbacks:
            answer = callback(*args, **kwargs)
            value = answer if answer is not None else value
        return value

    monkeypatch.setattr(CallbackDispatcher, "__call__", call_every_handler)


#: What a player may type in the Seed field: seeds, and what only looks like one.
TYPED_SEEDS = ["", "7", str(2**63 - 1), str(2**63), "-1", "²", "٣", "1e3", "seven", " 12 "]


def click_storm(app: GameApp, rng, clicks: int) -> None:
    """Click the app's buttons and spots at random (now and then a tool toggled, a seed typed
    or the player count changed); after every click the game holds every card once and every
    hall obeys the rules."""
    import ipywidgets as w

    for k in range(clicks):
        widgets = list(walk(app))
        roll = rng.random()
        if roll < 0.04:
            toggles = [t for t in widgets if isinstance(t, w.ToggleButton)]
            if toggles:
                toggle = toggles[rng.integers(len(toggles))]
                toggle.value = not toggle.value
        elif roll < 0.08:
            app.controls.seed.value = TYPED_SEEDS[rng.integers(len(TYPED_SEEDS))]
            if rng.random() < 0.5:
                app.controls.button.click()  # start a game with it at once
        else:
            buttons = [b for b in widgets if isinstance(b, w.Button)]
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
