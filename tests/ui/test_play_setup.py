"""The start panel and new games: seats, names, variations that exclude each other (D9), the seed field, Play again."""

from __future__ import annotations

import html
import threading

import pytest

pytest.importorskip("ipywidgets")

import ipywidgets

import exhibition_lab as xl
from exhibition_lab.games.exhibition.rules.layout import VARIATIONS
from exhibition_lab.games.exhibition.session import PlaySession
from exhibition_lab.ui.text.names import showcase_name
from exhibition_lab.ui.text.setup import SEAT_DETAILS, SEAT_LABELS, variation_line
from exhibition_lab.widgets import GameApp
from tests.helpers.play import (
    market_of,
    plain,
    play_to_the_end,
    raise_from_handlers,
    rivals,
    walk,
)


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
    names = [name.description for name in app.hall.names]
    assert names[0] == "Links" and "General" in app.hall.rule_tips[0].value
    # the bot's Secret Decade stays hidden until the end
    bot_decade = f"{app.game.secret_decades[1]}s"
    assert "Secret Decade" in app.hall._title.value
    assert bot_decade not in app.opponents.value


def test_new_game_deals_fresh_cards_and_shows_the_seed_it_used():
    app = GameApp(seats=["human", "greedy"], seed=7)
    controls = app.controls
    controls.button.click()
    first_seed, first_market = app.session.setup.seed, market_of(app)
    # the field shows no seed it will not use: empty means new cards
    assert controls.seed.value == "" and controls.seed.placeholder == "new cards" and not controls.keep_seed.value
    assert f"New game (seed {first_seed})" in app.status.status.value
    controls.button.click()
    assert app.session.setup.seed != first_seed and market_of(app) != first_market
    # the seed shown deals the same cards again when typed in
    controls.seed.value = str(first_seed)
    assert controls.keep_seed.value
    controls.button.click()
    assert app.session.setup.seed == first_seed and market_of(app) == first_market


def test_fresh_seeds_come_from_the_apps_seeded_generator():
    def seeds(app_seed: int) -> list[int]:
        app = GameApp(seats=["human", "greedy"], seed=app_seed)
        found = []
        for _ in range(3):
            app.controls.button.click()
            found.append(app.session.setup.seed)
        return found

    assert seeds(7) == seeds(7) and seeds(7) != seeds(8)


def test_variations_over_one_showcase_exclude_each_other_in_the_panel():
    app = GameApp(seats=["human", "greedy"], seed=3)
    picker = app.controls.variations
    first, second = rivals()
    picker.boxes[second].value = True
    picker.boxes[first].value = True  # ticking one unticks and disables its rival (D9)
    assert picker.value == (first,) and picker.boxes[second].disabled
    note = plain(picker.texts[second].value)
    assert f"Off while {VARIATIONS[first].name} is ticked" in note and "D9" not in note
    others = [k for k in picker.boxes if k not in (first, second)]
    assert not any(picker.boxes[k].disabled for k in others)  # other showcases stay free
    app.controls.button.click()
    assert app.game.layout.variations == (first,) and app.controls.message.value == ""
    picker.boxes[first].value = False  # unticking frees the rival again
    assert not picker.boxes[second].disabled and "Off while" not in picker.texts[second].value
    with pytest.raises(xl.ArgumentError, match="both lie over") as refused:
        picker.value = (first, second)
    assert refused.value.rule == "D9" and picker.value == ()


def test_the_panel_speaks_words_not_decision_ids():
    app = GameApp(seats=["human", "greedy"], seed=3)
    words = plain(app.controls.variations.texts["links"].value)
    assert "D12" not in words and "R12" not in plain(app.controls.variations.texts["links_strict"].value)


def test_a_refused_start_changes_neither_the_game_nor_the_seeds():
    def first_started_seed(refuse_first: bool) -> int:
        app = GameApp(seats=["human", "greedy"], seed=11)
        controls = app.controls
        if refuse_first:
            before = app.game
            controls.seed.value = "twelve"
            controls.button.click()
            assert app.game is before and "whole number" in controls.message.value
            assert controls.seed.value == "twelve"  # nothing rewritten behind the player's back
            controls.seed.value = ""
        controls.button.click()
        return app.session.setup.seed

    assert first_started_seed(True) == first_started_seed(False)


def test_the_seed_field_shows_only_a_seed_that_start_uses():
    app = GameApp(seats=["human", "greedy"], seed=7)
    controls = app.controls
    controls.button.click()
    dealt, cards = app.session.setup.seed, market_of(app)
    assert controls.seed.value == "" and not controls.keep_seed.value  # empty: new cards
    controls.keep_seed.value = True  # keep the game on the board
    assert controls.seed.value == str(dealt) and controls.next_seed() == dealt
    controls.button.click()
    assert app.session.setup.seed == dealt and market_of(app) == cards
    assert f"Dealt again with seed {dealt}" in plain(app.status.status.value)  # visible feedback
    assert controls.seed.value == str(dealt)  # still kept for the next start
    controls.keep_seed.value = False
    assert controls.seed.value == ""
    controls.button.click()
    assert app.session.setup.seed != dealt and "New game (seed" in plain(app.status.status.value)
    controls.seed.value = "4711"  # typing a seed keeps it
    assert controls.keep_seed.value
    controls.button.click()
    assert app.session.setup.seed == 4711


def test_a_kept_seed_with_other_players_is_a_new_game_not_the_same_deal():
    app = GameApp(seats=["human", "greedy"], seed=7)
    controls = app.controls
    controls.keep_seed.value = True
    controls.players.value = 3
    controls.button.click()
    assert app.session.setup.seed == 7 and "New game (seed 7)" in plain(app.status.status.value)
    controls.names[1].value = "Bo"  # a name changes no card
    controls.button.click()
    assert "Dealt again with seed 7" in plain(app.status.status.value)


def test_play_again_tells_the_panel_which_seed_is_on_the_board():
    app = GameApp(seats=["human", "random"], seed=2)
    play_to_the_end(app)
    app.play_again.click()
    app.controls.keep_seed.value = True
    assert app.controls.seed.value == str(app.session.setup.seed)


def test_seats_that_disappear_go_back_to_their_defaults():
    app = GameApp(seats=["human", "greedy"], seed=1)
    controls = app.controls
    controls.players.value = 4
    controls.names[2].value, controls.seats[3].value = "Cy", "search"
    controls.players.value = 2
    controls.players.value = 4
    assert controls.names[2].value == "" and controls.seats[3].value == "greedy"
    controls.seats[1].value = "human"  # an empty name shows the name it will get
    assert [controls.names[k].placeholder for k in range(4)] == PlaySession.default_names(
        ["human", "human", "greedy", "greedy"]
    )
    controls.button.click()
    assert list(app.game.players) == [controls.names[k].placeholder for k in range(4)]


def test_seat_kinds_have_short_labels_and_their_sentence_on_hover():
    app = GameApp(seats=["human", "greedy"], seed=1)
    assert max(len(label) for label in SEAT_LABELS.values()) <= 24
    dropdown = app.controls.seats[1]
    dropdown.value = "search"
    assert dropdown.tooltip == SEAT_DETAILS["search"] and "plays the game out" in dropdown.tooltip


def test_a_new_game_names_its_variations_with_their_rules():
    app = GameApp(seats=["human", "greedy"], seed=1)
    assert "Variation" not in plain(app.status.status.value)  # base game: nothing to name
    app._new_session(PlaySession.new(["human", "greedy"], seed=2, variations=("links", "short_era")))
    told = plain(app.status.status.value)
    assert told.startswith("New game (seed 2): ")
    assert "Variations: Links over General" in told and "Short Era over Years Gap" in told
    assert "V3" in told and "V5" in told and variation_line("short_era") in told
    app._new_session(PlaySession.new(["human", "greedy"], seed=3, secret_decades=True))
    assert "Variation: Secret Decade" in plain(app.status.status.value)


def test_variation_showcase_titles_carry_their_rule_on_hover():
    session = PlaySession.new(["human", "greedy"], seed=2, variations=("links",))
    app = GameApp(session.game, ["human", "greedy"])
    names = [name.description for name in app.hall.names]
    # the rule is in the box drawn on hover (a screenshot shows it) and in the native title
    hovers = [html.unescape(tip.value) for tip in app.hall.rule_tips]
    assert hovers == [name.tooltip for name in app.hall.names]
    links = hovers[names.index("Links")]
    assert "rule V3" in links and variation_line("links") in links and "over General" in links
    # a click says it in one short line, the years' order first (R11, V3)
    app.hall.names[names.index("Links")].click()
    told = plain(app.status.status.value)
    assert told.startswith(f"Links: years ascend left to right R11; {variation_line('links')} V3"), told
    # a base showcase's name says its own requirement on hover too, before any refusal
    one_era = hovers[names.index("One Era")]
    assert "years ascend left to right (R11)" in one_era and "(R14)" in one_era, one_era


def test_a_click_on_a_showcase_name_says_its_rule_in_the_status_line():
    # a touch screen shows no hover: a tap on the name tells the rule where refusals are read
    # (R11, R12), keeps the news it follows, and changes nothing in the game
    app = GameApp(seats=["human", "greedy"], seed=7)
    before, news = app.game.position(), plain(app.status.status.value)
    app.hall.names[0].click()
    told = plain(app.status.status.value)
    assert told.startswith("General: years ascend left to right R11; no continent twice R12"), told
    assert news in told and app.game.position() == before and not app.message.error
    app.hall.names[2].click()  # one rule in place of the other, the news still under it
    told = plain(app.status.status.value)
    assert told.startswith("Mid Century: any card fits here R15") and news in told and "General" not in told


@pytest.mark.parametrize(
    "typed, says",
    [
        (str(2**63), "from 0 to 9223372036854775807"),
        ("99999999999999999999", "from 0 to 9223372036854775807"),
        ("9" * 5000, "from 0 to 9223372036854775807"),  # longer than int() reads
        ("-1", "whole number such as 4711"),
        ("²", "whole number such as 4711"),  # isdigit() says yes, int() says no
        ("٣", "whole number such as 4711"),  # an Arabic-Indic 3: int() reads it, the field does not
        ("4 711", "whole number such as 4711"),
        ("seven", "whole number such as 4711"),
    ],
)
def test_a_seed_that_is_not_one_is_refused_in_the_panel_and_changes_nothing(monkeypatch, typed, says):
    raise_from_handlers(monkeypatch)  # a traceback only logged would fail the test, not pass unseen
    app = GameApp(seats=["human", "greedy"], seed=11)
    controls, before, session = app.controls, app.game.to_json(), app.session
    controls.seed.value = typed
    controls.button.click()
    assert app.session is session and app.game.to_json() == before
    assert "exlab-error" in controls.message.value and says in plain(controls.message.value)
    assert len(plain(controls.message.value)) < 150  # a pasted page of digits is not repeated whole
    with pytest.raises(xl.ArgumentError):
        controls.next_seed()
    controls.seed.value = str(2**63 - 1)  # the largest seed starts a game
    controls.button.click()
    assert app.session.setup.seed == 2**63 - 1 and controls.message.value == ""


def test_play_again_after_the_largest_seed_deals_seed_0(monkeypatch):
    raise_from_handlers(monkeypatch)
    app = GameApp(seats=["human", "greedy"], seed=11)
    app.controls.seed.value = str(2**63 - 1)
    app.controls.button.click()
    assert app.session.setup.seed == 2**63 - 1
    app.play_again.click()  # the next seed would be 2**63, past the range every save file reads
    assert app.session.setup.seed == 0
    assert xl.Game.from_json(app.game.to_json()) == app.game


def _bots_first(app: GameApp) -> None:
    """Two seats, a bot before the person: its first turn is played before the board shows (R6)."""
    app.controls.players.value = 2
    app.controls.seats[0].value = "search"
    app.controls.seats[1].value = "human"


def _held_deal(monkeypatch) -> threading.Event:
    """PlaySession.new waits for the returned event, as a slow start of search bots would."""
    release = threading.Event()
    deal = PlaySession.new

    def slow(*args, **kwargs):
        assert release.wait(30), "the test never released the deal"
        return deal(*args, **kwargs)

    monkeypatch.setattr(PlaySession, "new", slow)
    return release


def test_a_start_whose_bots_move_first_shows_progress_and_cancel_beside_start(monkeypatch):
    app = GameApp(seats=["human", "greedy"], seed=5)
    before = app.game
    _bots_first(app)
    release = _held_deal(monkeypatch)
    app.controls.button.click()
    # at once, in the click's own reply: the progress and Cancel in the Start button's row
    controls = app.controls
    row = next(box for box in walk(controls) if controls.button in getattr(box, "children", ()))
    assert controls.working in row.children and controls.working.layout.display == "flex"
    assert "first turns" in plain(controls.working.progress.value) and controls.button.disabled
    assert app.game is before and controls.working.running  # the game on the board stays meanwhile
    release.set()
    controls.wait(30)
    assert app.game is not before and app.game.players[1] == "You" and len(app.game.history) > 0
    assert controls.working.layout.display == "none" and not controls.button.disabled


def test_cancel_keeps_the_game_on_the_board(monkeypatch):
    app = GameApp(seats=["human", "greedy"], seed=5)
    before = app.game
    _bots_first(app)
    release = _held_deal(monkeypatch)
    app.controls.button.click()
    app.controls.working.cancel.click()
    assert app.controls.working.layout.display == "none" and not app.controls.button.disabled
    assert "Not started" in plain(app.controls.message.value)
    release.set()
    app.controls.wait(30)
    assert app.game is before  # the dropped start never reaches the board


def test_a_script_starts_a_game_whose_bots_move_first_at_once():
    app = GameApp(seats=["human", "greedy"], seed=5)
    app.background = False
    _bots_first(app)
    session = app.controls.start()
    assert session is app.session and app.session.humans_turn


def test_play_again_with_the_bots_first_shows_progress_beside_it(monkeypatch):
    app = GameApp(seats=["greedy", "human"], seed=5)
    app.background = False
    play_to_the_end(app)
    app.background = True
    before = app.game
    release = _held_deal(monkeypatch)
    app.play_again.click()
    row = next(box for box in walk(app) if app.play_again in getattr(box, "children", ()))
    assert app.again_row in row.children and app.again_row.layout.display == "flex"
    assert app.play_again.disabled and app.game is before
    release.set()
    app.again_row.wait(30)
    assert app.game is not before and app.session.humans_turn and not app.play_again.disabled
    assert app.again_row.layout.display == "none"


@pytest.mark.parametrize("language", ["en", "es", "ja"])
def test_variation_names_are_the_readers_words_or_glossed_in_them(speak, language):
    # the variation showcases (V2–V6a) have Spanish names of their own (Años Espaciados), which
    # need no gloss and mix no English in; Japanese writes the names as loanwords and says what
    # each means beside it
    speak(language)
    app = GameApp(seed=1)
    shown = {key: html.unescape(text.value) for key, text in app.controls.variations.texts.items()}
    if language == "ja":
        assert "<b>スプレッド・ザ・イヤーズ</b> <i>(年代を離す)</i>" in shown["spread_the_years"]
        assert all("<i>(" in text for text in shown.values()), shown
    else:
        assert all("<i>(" not in text for text in shown.values()), shown
    if language == "es":
        assert "<b>Años Espaciados</b>" in shown["spread_the_years"] and "<b>Enlaces</b>" in shown["links"]
        english = ("Spread", "Links", "Decade", "Short", "Antiquity", "Unique")
        assert not [word for text in shown.values() for word in english if word in text], shown


def _shown_words(widget) -> str:
    """The words of the HTML widgets a reader sees: none under a hidden box."""
    if getattr(widget, "layout", None) is not None and widget.layout.display == "none":
        return ""
    own = widget.value if isinstance(getattr(widget, "value", None), str) and "<" in widget.value else ""
    return own + "".join(_shown_words(child) for child in getattr(widget, "children", ()))


def test_the_solo_panel_does_not_tell_about_hot_seat():
    # hot-seat hands the board from person to person: a solo game (S1) has no one to hand it to;
    # what empty names and the seed do is still said
    controls = GameApp().controls
    controls.layout.display = None  # the panel opened by "New game…"
    assert "hot-seat" in _shown_words(controls)  # two players by default
    controls.players.value = 1
    shown = _shown_words(controls)
    assert "hot-seat" not in shown and "An empty Seed deals new cards" in shown
    controls.players.value = 3
    assert "hot-seat" in _shown_words(controls)


def _shown_buttons(widget) -> list[str]:
    """The labels of the buttons a reader sees: none under a hidden box."""
    if getattr(widget, "layout", None) is not None and widget.layout.display == "none":
        return []
    own = [widget.description] if isinstance(widget, ipywidgets.Button) else []
    return own + [label for child in getattr(widget, "children", ()) for label in _shown_buttons(child)]


def test_game_over_shows_one_new_game_button():
    app = GameApp(seats=["human", "greedy"], seed=2)
    play_to_the_end(app)
    assert app.game.is_over
    shown = _shown_buttons(app)
    assert shown.count("New game…") == 1, shown
    assert "Play again" in " ".join(shown)


@pytest.mark.parametrize("language", ["en", "es", "ja"])
def test_unique_decades_line_says_what_it_forbids_without_naming_itself(speak, language):
    # V6a: a card's decade may not already stand in this showcase in any player's hall, the
    # own one included; the line says so in plain words, not "unused in every Unique Decades"
    speak(language)
    line = variation_line("unique_decades")
    assert showcase_name(VARIATIONS["unique_decades"]) not in line and line
    assert {"en": "yours included", "es": "la tuya incluida", "ja": "自分のものも含む"}[language] in line
