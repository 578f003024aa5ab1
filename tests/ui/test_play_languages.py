"""A whole game played in Spanish and in Japanese says no English sentence: the play app's
status lines, hovers and messages (ui/text/play.py through the screen), the coach's hint and
the score sheet's hovers. Names of players, card tokens (``1969NA``, ``EIN``) and rule ids
(``R12``) are allowed; so is every word the language's own catalog and deck use (the Spanish
help keeps the variation showcases' English names, Links and Short Era)."""

from __future__ import annotations

import csv
import dataclasses
import re

import pytest

import exhibition_lab as xl
from exhibition_lab import coach
from exhibition_lab.games.exhibition.rules.goals import GOALS
from exhibition_lab.games.exhibition.session import PlaySession
from exhibition_lab.ui.screens import play as screens
from exhibition_lab.ui.screens.play import PlayScreen, after_turn, present
from exhibition_lab.ui.text import coach_words, names
from exhibition_lab.ui.text import play as words
from exhibition_lab.ui.text import score as score_words
from exhibition_lab.ui.text.i18n import _, catalog_path

#: A word of Latin letters standing alone (not the ``NA`` of ``1969NA``, not the ``R`` of ``R12``).
WORD = re.compile(r"(?<![\w])[A-Za-z][A-Za-z'’]*(?![\w])")


def words_of(texts) -> set[str]:
    return {w.lower() for text in texts for w in WORD.findall(text)}


def catalog_texts(language: str) -> tuple[list[str], list[str]]:
    """The English message ids and the language's translations, from its catalog."""
    from babel.messages.pofile import read_po

    with open(catalog_path(language), "rb") as handle:
        messages = [m for m in read_po(handle) if m.id]
    english = [part for m in messages for part in (m.id if isinstance(m.id, tuple) else (m.id,))]
    said = [part for m in messages for part in (m.string if isinstance(m.string, tuple) else (m.string,))]
    return english, said


def deck_texts() -> dict[str, list[str]]:
    with open(xl.seeds_path("deck.csv"), encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    return {column: [row[column] for row in rows] for column in ("title", "title_es", "title_ja")}


def english_left_in(texts: list[str], language: str, names: list[str]) -> list[str]:
    """The words of ``texts`` that are English and not the language's own: in Spanish any
    word of the English ids or subjects that the Spanish catalog and deck never use, in
    Japanese any Latin word that the Japanese catalog and deck never use."""
    english_ids, translations = catalog_texts(language)
    deck = deck_texts()
    allowed = words_of(translations + deck[f"title_{language}"] + names) | {"ein", "w"}
    english = words_of(english_ids + deck["title"]) - allowed
    found = []
    for text in texts:
        for word in WORD.findall(text):
            lower = word.lower()
            if lower in allowed:
                continue
            if language == "ja" or lower in english:
                found.append(f"{word!r} in {text!r}")
    return found


def screen_texts(value) -> list[str]:
    """Every string of a screen (its dataclasses, tuples and sets), engine objects left out."""
    if isinstance(value, str):
        return [value]
    if dataclasses.is_dataclass(value) and type(value).__module__ == screens.__name__:
        return [t for f in dataclasses.fields(value) for t in screen_texts(getattr(value, f.name))]
    if isinstance(value, (tuple, list, set, frozenset)):
        return [t for item in value for t in screen_texts(item)]
    return []


def act_through(screen: PlayScreen) -> xl.Action:
    """A person's click read from the screen: a tile card, a continent, the last lit spot,
    else the Depot, else the end (so the no-fit box shows up too)."""
    taking = [c.card for column in screen.tile.columns for c in column.cards if c.takeable]
    if taking:
        return xl.Take(taking[-1])
    if screen.chooser.shown:
        return xl.Move(sorted(screen.chooser.allowed, key=lambda c: c.code)[0])
    lit = [(s.showcase, s.spot) for row in screen.hall.spots for s in row if s.lit]
    if lit:
        return xl.Place(*lit[-1])
    return xl.ToDepot() if screen.hall.depot.enabled else xl.EndExhibition()


def words_of_a_game(session: PlaySession) -> list[str]:
    """Everything a played game says: each screen and message, a hint and the final score."""
    texts = [words.greeting(session, first=True)]
    hinted = False
    while not session.game.is_over:
        screen = present(session)
        texts += screen_texts(screen)
        if not hinted and session.game.round >= 3:
            hint = coach.hint(session.game, playouts=8, candidates=3, seed=1)
            texts += [str(hint), coach_words.why_line(hint), *coach_words.hint_details(hint)]
            hinted = True
        start = len(session.game.history)
        session.act(act_through(screen))
        texts += screen_texts(after_turn(session, start))
        texts.append(words.undo_tooltip(session))
    texts += screen_texts(present(session))
    solo = session.game.is_solo
    texts += [score_words.goal_hover(goal.key, solo=solo) for goal in GOALS]
    sheet = session.game.score()
    texts += [score_words.score_in_words(sheet[name]) for name in sheet.ranking]
    texts += [score_words.line_tooltip(line, sheet[name].scale) for name in sheet.ranking for line in sheet[name].lines]
    return [t for t in texts if t]


GAMES = {
    "three players": dict(seats=["human", "greedy", "random"], seed=5),
    "variations": dict(
        seats=["human", "greedy"], seed=8, variations=["links", "short_era", "one_decade"], secret_decades=True
    ),
    "solo": dict(seats=["human"], seed=3, variations=["antiquity"]),
}


@pytest.mark.parametrize("language", ["es", "ja"])
@pytest.mark.parametrize("game", GAMES)
def test_a_played_game_says_no_english(speak, language, game):
    speak(language)
    session = PlaySession.new(**GAMES[game], you=names.you())  # as the app starts it
    texts = words_of_a_game(session)
    assert len(texts) > 200
    bots = [name for seat, name in enumerate(session.game.players) if not session.is_human(seat)]
    leaks = english_left_in(texts, language, bots)  # the person's own name is the language's "you"
    assert not leaks, "\n".join(leaks[:15])


def test_the_check_finds_english():
    assert english_left_in(["Greedy 2 tomó 1953 de Asia, placed it in General"], "es", ["Greedy 2"])
    assert english_left_in(["ラウンド1 · You: take a card"], "ja", ["You"])
    assert not english_left_in(
        ["Codicioso 2 tomó 1953 de la columna de Asia y la puso en el 2.º espacio de Enlaces (R12)"],
        "es",
        ["Codicioso 2"],
    )
    # the variation showcases have Spanish names (V3: Enlaces): the English one is a leak
    assert english_left_in(["Codicioso 2 la puso en el 2.º espacio de Links"], "es", ["Codicioso 2"])


def test_the_played_game_is_in_the_language_asked_for(speak):
    speak("es")
    session = PlaySession.new(["human", "greedy"], seed=2)
    assert words.banner(session).startswith("Ronda 1 · ")
    speak("ja")
    assert words.banner(session).startswith("ラウンド1 · ")


@pytest.mark.parametrize(("language", "you"), [("es", "Vos"), ("ja", "あなた"), ("en", "You")])
def test_a_lone_person_is_named_in_the_language_and_addressed(speak, language, you):
    from exhibition_lab.ui.widgets.app import GameApp

    speak(language)
    app = GameApp(seed=2)
    assert app.game.players[0] == you and app.session.is_addressed(0)
    assert words.hall_title(app.session, 0) == _("Your Exhibition Hall")  # not "Tú's Exhibition Hall"
    again = app.session.again()
    assert again.game.players[0] == you and again.is_addressed(0)
    started = app.controls.start()
    assert started is not None and started.game.players[0] == you and started.is_addressed(0)


@pytest.mark.parametrize(("language", "badge"), [("es", "nueva"), ("ja", "新"), ("en", "new")])
def test_new_tile_cards_are_marked_in_the_language(speak, language, badge):
    from exhibition_lab.ui.widgets.app import GameApp

    speak(language)
    app = GameApp(seed=2)
    assert f"exlab-lang-{language}" in app._dom_classes
    style = app.children[0].value
    assert f'.exlab-app.exlab-lang-{language} .exlab-new-card::after {{ content: "{badge}"; }}' in style


@pytest.mark.parametrize(("language", "badge"), [("es", "termina"), ("ja", "終了"), ("en", "ends")])
def test_a_card_whose_take_ends_the_exhibition_carries_a_badge_in_the_language_r10a(speak, language, badge):
    # a red ring alone is lost on a red (South American) card: the badge says it in words
    from exhibition_lab.ui.widgets.app import GameApp
    from exhibition_lab.ui.widgets.cards import CSS

    speak(language)
    style = GameApp(seed=2).children[0].value
    assert f'.exlab-app.exlab-lang-{language} .exlab-market-card.exlab-ends::before {{ content: "{badge}"; }}' in style
    assert '.exlab-market-card.exlab-ends::before { content: "ends"; position: absolute;' in CSS


def test_the_turns_line_ends_its_sentences_as_the_language_does(speak):
    from exhibition_lab.ui.render.play import turns_html

    speak("ja")
    japanese = turns_html("前回の手番から", ("Greedy 2が1953を取った", "Greedy 3が1969を取った"))
    assert japanese == "<b>前回の手番から：</b> Greedy 2が1953を取った。Greedy 3が1969を取った。"
    speak("en")
    assert turns_html("Since your last turn", ("A took 1953", "B took 1969")) == (
        "<b>Since your last turn:</b> A took 1953. B took 1969."
    )


@pytest.mark.parametrize(("language", "yours"), [("es", "Tu "), ("ja", "あなたの"), ("en", "Your ")])
def test_your_vehicle_is_yours_not_of_you(speak, language, yours):
    from exhibition_lab.ui.render.tile import vehicle_html
    from exhibition_lab.ui.widgets.app import GameApp

    speak(language)
    app = GameApp(seed=2)
    mine, theirs = vehicle_html(app.game, 0), vehicle_html(app.game, 1)
    assert f'title="{yours}' in mine and f"{app.game.players[0]}," not in mine
    assert app.game.players[1] in theirs
