"""The play app's words a Spanish or Japanese reader meets outside the status line: the
what-if explorer's controls and map, a taken card's column said apart from its subject, the
review telling a played turn in the past, the solo footnote's number in the language's own
symbols."""

from __future__ import annotations

import pytest

import exhibition_lab as xl
from exhibition_lab.games.exhibition.agents import TurnPlan
from exhibition_lab.ui.text import coach_words, names
from exhibition_lab.ui.text.explain import action_in_words_at

widgets = pytest.importorskip("exhibition_lab.ui.widgets")

#: English the explorer once showed in a Spanish or Japanese notebook.
ENGLISH = ("whole deck", "cards still to come", "left card", "right card", "fp expected", "no such pair")
BOTS = ("greedy", "random", "search")


def explorer_words(explorer) -> list[str]:
    """Every label the explorer shows: the pool and bot options, the sliders, the map's axes and readout."""
    texts = [label for label, _ in explorer.pool.options] + [label for label, _ in explorer.bot.options]
    texts += [explorer.left.description, explorer.right.description]
    texts += [v for k, v in explorer.heatmap.labels.items() if k != "decimal"]
    return texts


def solo_game(seed: int = 3, steps: int = 14) -> xl.Game:
    game = xl.Game.new(["You"], seed=seed)
    for _ in range(steps):
        game.apply(game.legal_actions()[0])
    return game


@pytest.mark.parametrize("language", ["es", "ja"])
def test_the_what_if_explorer_speaks_the_readers_language(speak, language):
    speak(language)
    explorer = widgets.YearsGapExplorer.for_game(solo_game())
    said = " ".join(explorer_words(explorer)).lower()
    for english in (*ENGLISH, *BOTS):
        assert english not in said, (english, said)
    # the options' values stay keys: the simulated games still know which bot and pool (R20, S4)
    assert [key for _, key in explorer.bot.options] == list(BOTS)
    assert [key for _, key in explorer.pool.options] == ["whole_deck", "this_game"]
    assert explorer.pool.value == widgets.whatif.THIS_GAME
    assert explorer.heatmap.labels["decimal"] == {"es": ",", "ja": "."}[language]


def test_the_what_if_explorer_in_english_keeps_its_words():
    explorer = widgets.YearsGapExplorer.for_game(solo_game())
    assert [label for label, _ in explorer.pool.options] == ["whole deck", "cards still to come"]
    assert explorer.heatmap.labels["expected"] == "{value} fp expected"


def first_take(game: xl.Game) -> tuple[xl.Take, xl.Continent]:
    take = next(a for a in game.legal_actions() if isinstance(a, xl.Take) and a.card.title)
    column = next(c for c, cards in game.market.items() if take.card in cards)
    return take, column


@pytest.mark.parametrize(
    ("language", "opening", "column", "quotes"),
    [
        ("en", "took ", " from the {column} column", "“”"),
        ("es", "tomaste ", " de la columna de {column}", "«»"),
        ("ja", "", "{column}の列から", "「」"),
    ],
)
def test_a_taken_card_names_its_column_apart_from_its_subject(speak, language, opening, column, quotes):
    """The column a card is taken from (R5) is named as a column, and the subject stands in
    quotes: "… the first artificial satellite from South America" read as a false fact."""
    speak(language)
    game = xl.Game.new(["You", "Bob"], seed=11)
    take, where = first_take(game)
    text = action_in_words_at(game.layout, game.state, take, you=True)
    place = names.continent_name(where)
    title = names.card_title(take.card)
    assert text.startswith(opening), text
    assert f"{quotes[0]}{title}{quotes[1]}" in text, text
    assert column.format(column=place) in text, text
    # the continent never follows the subject bare, as if the event happened there
    assert f"{quotes[1]} {place}" not in text, text


def played_turn(game: xl.Game) -> tuple[xl.PlayerView, TurnPlan]:
    view = game.view(0)
    take, _ = first_take(game)
    return view, TurnPlan(take=take, move=None, place=xl.Place(0, 0))


@pytest.mark.parametrize(
    ("language", "past", "imperative"),
    [
        ("en", ("took ", " and placed it in "), ("take ", "place it in")),
        ("es", ("tomaste ", " y la pusiste en "), ("tomá ", "ponela")),
        ("ja", ("を取り", "に置いた"), ("に置く",)),
    ],
)
def test_the_review_tells_a_played_turn_in_the_past(speak, language, past, imperative):
    """The review's "You played: …" is a past turn, not the advice's commands."""
    speak(language)
    game = xl.Game.new(["You", "Bob"], seed=11)
    view, plan = played_turn(game)
    said = coach_words.describe_played(view, plan)
    for words in past:
        assert words in said, said
    for words in imperative:
        assert words not in said, said
    # the advice keeps its own imperative words
    assert coach_words.describe_plan(view, plan) != said


def test_spanish_ordinals_before_spot_are_shortened(speak):
    """A spot's ordinal stands before *espacio*, so Spanish shortens primero and tercero
    (*1.er espacio*, *3.er espacio*, *2.º espacio*); no sentence of the catalog writes *1.º* or
    *3.º* before a noun."""
    from babel.messages.pofile import read_po

    from exhibition_lab.ui.text.i18n import catalog_path

    speak("es")
    assert [names.ordinal(n) for n in (1, 2, 3, 4)] == ["1.er", "2.º", "3.er", "4.º"]
    game = xl.Game.new(["You", "Bob"], seed=11)
    assert names.spot_name(game.layout, 0, 0) == "General, 1.er espacio"
    assert names.spot_in_sentence(game.layout, 0, 2) == "el 3.er espacio de General"
    with open(catalog_path("es"), "rb") as handle:
        strings = [m.string for m in read_po(handle) if m.id]
    flat = [s for m in strings for s in (m if isinstance(m, tuple) else (m,))]
    assert not [s for s in flat if "1.º " in s or "3.º " in s or ".ª espacio" in s]


@pytest.mark.parametrize(("language", "shown"), [("en", "−9,900"), ("es", "−9.900"), ("ja", "−9,900")])
def test_the_solo_footnote_writes_its_number_as_the_language_does(speak, language, shown):
    """The empty Mid Century's large minus (S6, D11) in the language's own digits grouping."""
    from exhibition_lab.games.exhibition.session import PlaySession
    from exhibition_lab.ui.screens.play import present

    speak(language)
    session = PlaySession.new(seats=["human"], seed=3, you=names.you())
    footnote = present(session).score.footnote
    assert shown in footnote, footnote


def test_every_showcase_has_its_name_for_the_middle_of_a_sentence(speak):
    """A showcase named inside a sentence takes the language's article ("en la Vitrina 1950"):
    every showcase has that form, and in English it is the name itself (R10, V1)."""
    from exhibition_lab.games.exhibition.rules.layout import SHOWCASES

    for kind in SHOWCASES.values():
        assert names.showcase_in_sentence(kind) == kind.name
    speak("es")
    for kind in SHOWCASES.values():
        said = names.showcase_in_sentence(kind)
        assert said.startswith(("la vitrina ", "la Vitrina ")) and said.endswith(names.showcase_name(kind)), said
