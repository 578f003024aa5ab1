"""What the play app writes, in every language: the reader's own turns in the second
person ("Tomaste 1954…", not "Tú tomó…"), the others' in the third; no double spaces and no
"−0.0" anywhere on the screen over a whole game; the badges through the catalogs; a hint's
sentence agreeing with the table beside it (R2–R10 turns, told in words)."""

from __future__ import annotations

import dataclasses
import re

import numpy as np
import pytest

from exhibition_lab.games.exhibition.coach_model import Option
from exhibition_lab.games.exhibition.rules.actions import EndExhibition, Place, Take
from exhibition_lab.games.exhibition.rules.cards import CONTINENTS
from exhibition_lab.games.exhibition.session import HUMAN, PlaySession
from exhibition_lab.ui.render.css import new_badge_css
from exhibition_lab.ui.screens import play as screens
from exhibition_lab.ui.text import coach_words
from exhibition_lab.ui.text import play as words
from exhibition_lab.ui.text.explain import action_in_words_at, joined_actions
from exhibition_lab.ui.text.i18n import pgettext
from exhibition_lab.ui.text.names import continent_name, vehicle_name, you
from exhibition_lab.ui.text.numbers import number, signed

LANGUAGES = ("en", "es", "ja")


def _first_turn_played(seed: int = 7) -> PlaySession:
    """You (the reader) and a greedy bot, after your first turn (a take, then a place, R2–R9)
    and the bot's answer."""
    session = PlaySession.new([HUMAN, "greedy"], seed=seed, you=you())
    session.act(next(a for a in session.game.legal_actions() if isinstance(a, Take)))
    while session.game.current == 0 and not isinstance(session.game.history[-1][1], Place):
        legal = session.game.legal_actions()
        session.act(next((a for a in legal if isinstance(a, Place)), legal[0]))
    return session


@pytest.mark.parametrize(
    ("language", "own", "other"),
    [
        # the card, then the column it came from, named as a column (R5): its continent never
        # reads as the place of the card's event; the turn's actions in one tense
        (
            "en",
            r"^You took \d{4} “[^”]+” from the [A-Za-z ]+ column",
            r"^Greedy 2 took \d{4} “[^”]+” from the .+ column",
        ),
        (
            "es",
            r"^Tomaste \d{4} «[^»]+» de la columna de .* y la pusiste en (el|la) ",
            r"^Greedy 2 tomó \d{4} «[^»]+» de la columna de .* y la puso en (el|la) ",
        ),
        ("ja", r"^あなた：.*を取った", r"^Greedy 2：.*を取った"),
    ],
)
def test_your_own_turn_is_told_to_you_and_the_others_in_the_third_person(speak, language, own, other):
    speak(language)
    session = _first_turn_played()
    told = dict(words.turns_in_words(session, session.turns_since(0)))
    assert set(told) == {0, 1}, told
    assert re.search(own, told[0]), told[0]
    assert re.search(other, told[1]), told[1]
    if language == "es":  # the third person never speaks to the reader, the second never of a bot
        assert "tomó" not in told[0] and "Tú" not in told[0] and "tomaste" not in told[1]


def _texts(value) -> list[str]:
    """Every string held by a screen (its dataclasses, tuples and lists, recursively)."""
    if isinstance(value, str):
        return [value]
    if dataclasses.is_dataclass(value):
        return [t for f in dataclasses.fields(value) for t in _texts(getattr(value, f.name))]
    if isinstance(value, (list, tuple)):
        return [t for item in value for t in _texts(item)]
    if isinstance(value, dict):
        return [t for item in value.values() for t in _texts(item)]
    return []


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_screen_of_a_whole_game_has_a_double_space_or_a_signed_zero(speak, language):
    speak(language)
    rng = np.random.default_rng(3)
    session = PlaySession.new([HUMAN, "greedy"], seed=11, you=you())
    seen = 0
    message = screens.greeting(session, first=True)
    while True:
        screen = screens.present(session, message)
        for text in _texts(screen):
            seen += 1
            assert "  " not in text, f"double space in {text!r}"
            assert not re.search(r"[−-]0(?:[.,]0+)?(?![\d.,])", text), f"a signed zero in {text!r}"
        if session.game.is_over:
            break
        actions = session.game.legal_actions()
        # a player who sometimes chooses badly, so refusals, the Depot and the end are told too
        action = actions[int(rng.integers(len(actions)))]
        before = len(session.game.history)
        session.act(action)
        message = screens.after_turn(session, session.turn_start(before), seat=0)
    screen = screens.present(session, message)
    assert seen > 500 and screen.over


def test_a_value_that_rounds_to_zero_has_no_sign(speak):
    assert number(-0.04, ".1f") == "0.0" and signed(-0.04, 1) == "+0.0" and number(-0.4, ".0f") == "0"
    assert number(-0.06, ".1f") == "-0.1" and signed(-0.06, 1) == "−0.1"
    speak("es")
    assert number(-0.04, ".1f") == "0,0" and signed(-0.4, 0) == "+0"


@pytest.mark.parametrize(("language", "word"), [("en", "hint"), ("es", "pista"), ("ja", "ヒント")])
def test_the_hint_badge_speaks_the_language(speak, language, word):
    speak(language)
    css = new_badge_css(language, words.new_badge(), words.hint_badge())
    assert f'.exlab-lang-{language} .exlab-hinted::before {{ content: "{word}"; }}' in css


def test_the_hints_gap_is_the_gap_of_the_figures_in_its_table():
    # the playouts measure a gap of 1.12, but the table beside the sentence shows +4.3 and
    # +3.1: the sentence says 1.2, the gap a reader works out from the table
    a, b = np.array([4.30, 4.22] * 20), np.array([3.18, 3.10] * 20)
    best = Option(plan=None, value=4.26, low=4.0, high=4.6, playouts=40, samples=a)
    runner = Option(plan=None, value=3.14, low=3.0, high=3.3, playouts=40, samples=b)
    assert [signed(o.value, 1) for o in (best, runner)] == ["+4.3", "+3.1"]
    said = coach_words.ahead_words(best, runner, solo=False)
    assert "about 1.2 fame points better" in said, said


def test_an_ended_exhibition_is_told_to_you_in_the_second_person_in_spanish(speak):
    speak("es")
    session = PlaySession.new([HUMAN, "greedy"], seed=7, you=you())
    game = session.game
    assert action_in_words_at(game.layout, game.state, EndExhibition(), you=True).startswith(
        "como no entraba en tu sala, terminaste"
    )
    assert action_in_words_at(game.layout, game.state, EndExhibition()).startswith(
        "como no entraba en su sala, terminó"
    )


@pytest.mark.parametrize(
    ("language", "joined"),
    [
        ("en", "moved the Zeppelin to Asia and, as it fit nowhere in the hall, ended the exhibition"),
        ("es", "moviste el Zepelín a Asia; como no entraba en tu sala, terminaste la exposición"),
        ("ja", "ツェッペリンをアジアへ移動した。ホールのどこにも置けないため展示を終えた"),
    ],
)
def test_an_ended_exhibition_follows_the_turn_with_its_reason(speak, language, joined):
    """The end of an exhibition (R10a) closes its turn with why it ended, not as one more
    action glued on with "and"."""
    speak(language)
    game = PlaySession.new([HUMAN, "greedy"], seed=7, you=you()).game
    end = action_in_words_at(game.layout, game.state, EndExhibition(), you=True)
    asia = next(c for c in CONTINENTS if c.title == "Asia")
    move = pgettext("you", "moved the {vehicle} to {continent}").format(
        vehicle=vehicle_name(0), continent=continent_name(asia)
    )
    said = joined_actions(["X", move, end], ending=True)
    assert joined in said, said


@pytest.mark.parametrize(("language", "words_of_it"), [("en", "Mid Century is still empty"), ("es", "Vitrina 1950")])
def test_a_solo_start_says_on_the_board_why_it_starts_so_low(speak, language, words_of_it):
    speak(language)
    session = PlaySession.new([HUMAN], seed=3, you=you())
    table = screens.score_table(session)
    assert words_of_it in table.footnote and "9" in table.footnote and "(S6, D11)" in table.footnote
    assert table.footnote in _texts(screens.present(session))
    # once a card stands in Mid Century the note has nothing left to explain (S6)
    session.act(next(a for a in session.game.legal_actions() if isinstance(a, Take)))
    while not any(isinstance(a, Place) and a.showcase == 2 for a in session.game.legal_actions()):
        session.act(session.game.legal_actions()[0])
    session.act(next(a for a in session.game.legal_actions() if isinstance(a, Place) and a.showcase == 2))
    assert screens.score_table(session).footnote == ""


def test_a_game_of_several_has_no_mid_century_note():
    assert screens.score_table(PlaySession.new([HUMAN, "greedy"], seed=3)).footnote == ""


def test_the_app_carries_a_stand_in_for_pages_that_cannot_draw_it():
    from exhibition_lab.widgets import GameApp

    bundle = GameApp(seed=7)._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle  # a live notebook draws the board
    assert "Run All Cells" in bundle["text/html"] and "round 1" in bundle["text/html"]
    # a kernel just started may miss the first drawing in JupyterLab: the line says to run again
    assert "run the cell again (Shift+Enter)" in bundle["text/html"]


@pytest.mark.parametrize(
    ("language", "said"), [("en", "round 1, You to move"), ("es", "ronda 1, te toca a vos"), ("ja", "あなたのターン")]
)
def test_the_apps_line_of_text_says_whose_move_it_is_to_you(speak, language, said):
    speak(language)
    assert said in words.app_in_words(PlaySession.new([HUMAN, "greedy"], seed=7, you=you()))
    # another seat to move (hot-seat) is named in the third person
    other = PlaySession.new([HUMAN, HUMAN], names=["Ann", "Ben"], seed=7, you=you())
    assert "Ann" in words.app_in_words(other) and said not in words.app_in_words(other)


def test_a_solo_greeting_opens_with_what_solo_changes():
    # the first line, in sight before "More", says the two solo changes with their numbers: Mid
    # Century's 200 points per year from 1950 (S6) and Years Gap's 100 per tile card outside the
    # pair (S4); a game of two does not
    solo = words.greeting(PlaySession.new([HUMAN], seed=3, you=you()), first=True)
    assert solo.startswith(
        "Solo: Mid Century loses 200 points per year your card is away from 1950; "
        "Years Gap loses 100 per card left on the tile outside its pair. "
    )
    assert "(S4)" in solo and "(S6)" in solo  # the whole rule still follows, behind "More"
    # the rules read as one piece: the seed that dealt the game comes after them, not between
    assert solo.index("New game (seed 3)") > max(solo.index("(S4)"), solo.index("(S6)"))
    assert solo.count("200") == 1  # Mid Century's loss per year is said once, not again behind "More"
    two = words.greeting(PlaySession.new([HUMAN, "greedy"], seed=3, you=you()), first=True)
    assert two.startswith("New game (seed 3)") and "Solo" not in two


@pytest.mark.parametrize("language", ["en", "es", "ja"])
def test_a_solo_greeting_says_each_solo_rule_once(speak, language):
    # the line before "More" says what each solo rule takes away; behind it come only the
    # ×100 scale (S2), Mid Century's start (S6) and which tile cards are outside the pair (S4)
    speak(language)
    solo = words.greeting(PlaySession.new([HUMAN], seed=3, you=you()), first=True)
    assert solo.count("200") == 1 and solo.count("+100") == 1, solo
    assert "S2" in solo and "S4" in solo and "S6" in solo, solo


def _whole_game(seed: int = 11, bot: str = "greedy") -> PlaySession:
    """You and a greedy bot through a whole game, choosing at random (seeded), so turns end
    in the hall, the Depot and an ended exhibition (R10, R10a)."""
    rng = np.random.default_rng(seed)
    session = PlaySession.new([HUMAN, bot], seed=seed, you=you())
    while not session.game.is_over:
        actions = session.game.legal_actions()
        session.act(actions[int(rng.integers(len(actions)))])
    return session


#: Where a Spanish turn's card went, for the reader's own seat and another's: a spot or
#: showcase always with its article (R10), the Depot (R10), or the ended exhibition with why (R10a).
SPANISH_ENDINGS = {
    True: r"( y la pusiste en (el \d\.(º|er) espacio de |la (V|v)itrina )| y la pusiste en el Depósito"
    r"|; como no entraba en tu sala, terminaste la exposición)",
    False: r"( y la puso en (el \d\.(º|er) espacio de |la (V|v)itrina )| y la puso en el Depósito"
    r"|; como no entraba en su sala, terminó la exposición)",
}


def test_every_spanish_turn_is_one_past_sentence_with_its_articles(speak):
    """Each turn of a whole game, told to the reader (own seat) and of the bot: the card, then
    its column, in the past throughout ("se quedó", never "se queda"), the place it went with
    its article, and an ended exhibition with its reason (R7–R10a)."""
    speak("es")
    session = _whole_game()
    told = words.turns_in_words(session, session.turns_since(0))
    assert {seat for seat, _ in told} == {0, 1}
    for seat, sentence in told:
        own = seat == 0
        assert re.match(r"^(Tomaste|Codicioso 2 tomó|Greedy 2 tomó) \d{4} «[^»]+» de la columna de ", sentence), (
            sentence
        )
        assert " se queda " not in sentence and "colocó" not in sentence, sentence
        if len(sentence) > sentence.index("» de la columna de") + 40:  # more than the take was told
            assert re.search(SPANISH_ENDINGS[own], sentence), sentence


def test_japanese_tells_each_action_of_a_turn_as_its_own_sentence(speak):
    speak("ja")
    session = _whole_game()
    for _seat, sentence in words.turns_in_words(session, session.turns_since(0)):
        assert "た、" not in sentence, sentence  # "…を取った、…へ移動した" runs past tenses together


@pytest.mark.parametrize(
    ("language", "took_back"),
    [
        ("en", "Took back your taking of {card}: the card is back on the tile. You: take a card"),
        ("es", "Deshiciste tu jugada con {card}: la carta volvió al tablero. Vos: tomá una carta"),
        ("ja", "あなたの{card}を取った手を元に戻しました：カードはタイルに戻りました。"),
    ],
)
def test_undo_tells_what_you_took_back_and_where_the_card_went(speak, language, took_back):
    speak(language)
    session = PlaySession.new([HUMAN, "greedy"], seed=7, you=you())
    take = next(a for a in session.game.legal_actions() if isinstance(a, Take))
    session.act(take)
    what, scope = words.undo_in_words(session), session.undo_scope()
    session.undo()
    said = words.undone(what, session, scope)
    assert said.startswith(took_back.format(card=take.card.year)), said


@pytest.mark.parametrize(
    ("language", "won", "lost"),
    [("en", "You win", "You lose: {name} wins"), ("es", "¡Ganaste!", "Perdiste: ganó {name}")],
)
def test_the_result_is_told_to_you_in_your_words(speak, language, won, lost):
    """The end of the game (R27) in the past in Spanish: "¡Ganaste!", not "Ganás vos"."""
    speak(language)
    seen = set()
    for seed in range(12):
        session = _whole_game(seed, bot="random")
        winners = session.game.score().winners
        if len(winners) != 1:
            continue
        said = words.result_in_words(session)
        if winners[0] == you():
            assert said == won
        else:
            assert said == lost.format(name=winners[0])
        seen.add(winners[0] == you())
        if len(seen) == 2:
            break
    assert seen == {True, False}
