"""The charts, the what-if explorer's answer and a game's notebook picture speak the reader's
language: every title, axis label, legend entry, colour-bar label and annotation of the
charts (the figure's own Text artists), the numbers written on them with the language's
decimal sign, and the status line of a game. Continent codes (``NA``), card tokens and
players' names stay as they are."""

from __future__ import annotations

import re
import warnings
from types import SimpleNamespace

import numpy as np
import pytest
from matplotlib.figure import Figure
from matplotlib.text import Text

import exhibition_lab as xl
from exhibition_lab import coach, odds, plots
from exhibition_lab.games.exhibition.agents import play_game
from exhibition_lab.games.exhibition.rules.cards import CONTINENTS
from exhibition_lab.games.exhibition.rules.goals import YEARS_GAP
from exhibition_lab.simulate import simulate
from exhibition_lab.ui.render import whatif
from exhibition_lab.ui.render.fonts import cjk_family
from exhibition_lab.ui.render.pictures import game_html
from exhibition_lab.ui.text.numbers import tick_label
from tests.ui.test_play_languages import WORD, catalog_texts, deck_texts, words_of

DECK = xl.standard_deck()
POOL = [c for c in DECK if c.year not in (1912, 1987)]
CODES = [c.code for c in CONTINENTS]
#: A number as a chart writes it, alone (tick labels and the like carry no words).
NUMBER = re.compile(r"^[\s\d.,−\-+%]*$")
#: A named field of a message (``{card}``): English inside a translation, never shown as such.
FIELD = re.compile(r"\{[^{}]*\}")


def english_left_in(texts: list[str], language: str, names: list[str]) -> list[str]:
    """The words of ``texts`` that are English and not the language's own: in Spanish any
    word of the English ids or subjects that the Spanish catalog (its fields left out: a
    ``{card}`` is no Spanish word) and deck never use, in Japanese any such Latin word."""
    english_ids, translations = catalog_texts(language)
    deck = deck_texts()
    said = [FIELD.sub(" ", text) for text in translations]
    allowed = words_of(said + deck[f"title_{language}"] + names)
    english = words_of(english_ids + deck["title"]) - allowed
    return [
        f"{word!r} in {text!r}"
        for text in texts
        for word in WORD.findall(text)
        if word.lower() not in allowed and (language == "ja" or word.lower() in english)
    ]


def texts(fig: Figure) -> list[str]:
    """Every word a reader sees on the figure: titles, axis labels, tick labels, legend
    entries, the colour bar's label and annotations (contour labels are Text artists too)."""
    fig.canvas.draw()
    return [t.get_text() for t in fig.findobj(Text) if t.get_text() and t.get_visible()]


def legend(fig: Figure, axis: int = 0) -> list[str]:
    return [t.get_text() for t in fig.axes[axis].get_legend().get_texts()]


def penalty_odds() -> tuple[np.ndarray, np.ndarray]:
    exact = odds.solo_years_gap_odds(1912, 1987, POOL)
    simulated = odds.market_penalty_from_markets(odds.random_markets(POOL, 300, np.random.default_rng(0)), 1912, 1987)
    return exact, simulated


def every_chart() -> dict[str, Figure]:
    exact, simulated = penalty_odds()
    grid = odds.penalty_grid(YEARS_GAP.key, DECK)
    game = xl.Game.new(1, seed=6)
    finished = play_game(xl.Game.new(1, seed=6), ["greedy"], np.random.default_rng(0))
    return {
        "years gap grid": plots.plot_years_gap_grid(odds.years_gap_grid(DECK)),
        "penalty odds": plots.plot_penalty_odds(exact, simulated, margin=0.12),
        "histograms": plots.plot_score_histograms({"greedy": np.arange(1000), "random": np.arange(10)}),
        "shares": plots.plot_score_histograms({"search": np.arange(100)}, bins=5, density=True),
        "solo histograms": plots.plot_score_histograms(
            {"random": simulate(4, ["random"], seed=1, processes=1, progress=False)}
        ),
        "mid century": plots.plot_mid_century_readings(),
        "pool": plots.plot_pool_timeline(POOL, 1912, 1987),
        "options": plots.plot_options(coach.evaluate(game, playouts=8, seed=0)),
        "review": plots.plot_review(coach.review(finished, 0, playouts=4)),
        "penalty grid": plots.plot_penalty_grid(grid, marks=[(1912, 1987)], chosen=(1920, 1980)),
    }


@pytest.fixture(scope="module")
def charts_in():
    """The words of every chart in a language (built once per language: the coach's charts
    play games)."""
    made: dict[str, dict[str, list[str]]] = {}

    def build(language: str) -> dict[str, list[str]]:
        if language not in made:
            xl.set_language(language)
            try:
                made[language] = {name: texts(fig) for name, fig in every_chart().items()}
            finally:
                xl.set_language(None)
        return made[language]

    return build


@pytest.mark.parametrize("language", ["es", "ja"])
def test_every_chart_speaks_the_readers_language(charts_in, language):
    for name, words in charts_in(language).items():
        left = english_left_in([w for w in words if not NUMBER.match(w)], language, [*CODES, "You"])
        assert left == [], f"{name}: {left}"


def test_the_check_finds_a_chart_left_in_english(charts_in):
    english = charts_in("en")
    assert "Expected solo Years Gap fame (S4)" in english["years gap grid"]
    assert english_left_in(english["years gap grid"], "es", CODES) != []
    assert english_left_in(english["pool"], "ja", CODES) != []


def test_english_charts_keep_their_words(charts_in):
    english = charts_in("en")
    assert {"right card (year)", "left card (year)", "expected fame points (0–5)"} <= set(english["years gap grid"])
    assert {"5 or more: 0 fp", "costly market cards (k), each −1 fp", "probability"} <= set(english["penalty odds"])
    assert "greedy: mean 500 (n=1,000)" in english["histograms"]
    assert "harsh reading: 100 − 200·|year − 1950|" in english["mid century"]
    assert {"white", "Oceania", "Pool of 99 cards: 24 outside 1912–1987"} <= set(english["pool"])
    assert {"1 fp", "chosen: 1920–1980", "Expected solo Years Gap fame, every pair"} <= set(english["penalty grid"])


def test_spanish_charts_use_the_catalogs_terms_and_decimal_comma(speak):
    speak("es")
    exact, simulated = penalty_odds()
    fig = plots.plot_penalty_odds(exact, simulated, margin=0.123)
    entries = legend(fig)
    assert entries[0] == "5 o más: 0 pf"
    assert re.fullmatch(r"exacto \(mercado uniforme\): E\[pf\] = \d,\d\d", entries[1])
    assert entries[2].startswith("simulado: E[pf] = ") and entries[2].endswith(" ± 0,12")
    grid = plots.plot_penalty_grid(odds.penalty_grid(YEARS_GAP.key, DECK), chosen=(1920, 1980))
    words = texts(grid)
    assert {"1 pf", "elegida: 1920–1980", "carta derecha (año)", "puntos de fama esperados (0–5)"} <= set(words)
    assert grid.axes[0].get_title() == "Fama esperada en Brecha de Años, en solitario, cada pareja"
    pool = plots.plot_pool_timeline(POOL)
    assert {"blanca", "Oceanía", "Norteamérica", "Reserva de 99 cartas"} <= set(texts(pool))
    shares = plots.plot_score_histograms({"greedy": np.arange(1000)}, density=True)
    assert "codicioso: media 500 (n=1.000)" in legend(shares)
    assert any(re.fullmatch(r"\d+\xa0%", t.get_text()) for t in shares.axes[0].get_yticklabels())


def test_spanish_tick_labels_change_only_the_signs_inside_numbers(speak):
    # the options chart labels each bar with a turn: its comma and its ordinal ("2.º", "1.er"
    # before espacio) are words, not a decimal sign to swap
    speak("es")
    game = xl.Game.new(1, seed=6)
    labels = [
        t.get_text()
        for t in _drawn(plots.plot_options(coach.evaluate(game, playouts=8, seed=0))).axes[0].get_yticklabels()
    ]
    spots = [label for label in labels if "espacio" in label]
    assert spots and all(re.search(r", \d\.(º|er) espacio$", label) for label in spots), labels
    assert not any(",º" in label for label in labels)
    assert tick_label("1,000.5") == "1.000,5" and tick_label("0.25") == "0,25"
    assert tick_label("Brecha de Años, 2.º espacio") == "Brecha de Años, 2.º espacio"
    assert tick_label("Brecha de Años, 1.er espacio") == "Brecha de Años, 1.er espacio"


def test_a_status_line_speaks_to_you_as_you(speak):
    # R7: the person the apps call you is told it is their turn, not addressed by a name
    assert status_and_halls(game_html(xl.Game.new(["You"], seed=3)))[0] == "Round 1 — You to take · stock 83"
    speak("es")
    for name in ("You", "Vos"):
        assert (
            status_and_halls(game_html(xl.Game.new([name], seed=3)))[0] == "Ronda 1 — te toca tomar una carta · mazo 83"
        )
    assert (
        status_and_halls(game_html(xl.Game.new(["Lucía"], seed=3)))[0]
        == "Ronda 1 — Lucía debe tomar una carta · mazo 83"
    )


def test_a_spanish_reviews_counts_agree_with_their_nouns(speak):
    speak("es")
    finished = play_game(xl.Game.new(1, seed=6), ["random"], np.random.default_rng(0))
    head = coach.review(finished, 0, playouts=4).summary().splitlines()[0]
    counts = re.search(r"\((.*?)\)", head)
    assert counts is not None
    singular = {"buena", "imprecisión", "error", "error grave"}
    plural = {"buenas", "imprecisiones", "errores", "errores graves"}
    for n, noun in re.findall(r"(\d+) ([^,]+)", counts.group(1)):
        assert noun in (singular if n == "1" else plural), head


def _drawn(fig: Figure) -> Figure:
    fig.canvas.draw()
    return fig


def test_japanese_charts_draw_their_words_with_a_japanese_font(speak):
    speak("ja")
    family = cjk_family()
    if family is None:
        pytest.skip("no font with Japanese glyphs on this machine")
    fig = plots.plot_pool_timeline(POOL, 1912, 1987)
    assert fig.axes[0].get_title() == "99枚のカードの山：1912–1987の外に24枚"
    assert {"白", "年", "オセアニア"} <= set(texts(fig))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        png = fig._repr_png_()
    assert png.startswith(b"\x89PNG")
    assert [str(w.message) for w in caught if "missing from font" in str(w.message)] == []
    assert family in fig.axes[0].title.get_fontfamily()


# ---------------------------------------------------------------- the what-if explorer
def answer(whole_deck: bool = True) -> str:
    result = odds.pair_odds(YEARS_GAP.key, 1912, 1987, DECK)
    return whatif.expected_html(result, whole_deck=whole_deck)


def test_the_explorers_answer_keeps_its_english_numbers():
    result = odds.pair_odds(YEARS_GAP.key, 1912, 1987, DECK)
    html = answer()
    assert f">{result.expected:.2f} fp</b>" in html
    assert f"<b>{100 * result.keep_all:.1f}%</b>" in html


def test_the_explorers_answer_writes_numbers_as_spanish_does(speak):
    result = odds.pair_odds(YEARS_GAP.key, 1912, 1987, DECK)
    speak("es")
    html = answer()
    value = f"{result.expected:.2f}".replace(".", ",")
    keep = f"{100 * result.keep_all:.1f}".replace(".", ",")
    assert f">{value} pf</b>" in html and f"<b>{keep}\xa0%</b>" in html
    assert " fp" not in html
    exact, simulated = penalty_odds()
    table = whatif.fame_table_html(result, simulated)
    assert re.search(r"<td>\d+,\d\xa0%</td>", table) and not re.search(r"\d\.\d", table)
    chart = whatif.penalty_chart_svg(exact, simulated)
    assert re.search(r"<title>k = 3 cartas costosas que quedan: \d+,\d\xa0%</title>", chart)


@pytest.mark.parametrize("language", ["es", "ja"])
def test_the_explorers_answer_says_no_english(speak, language):
    speak(language)
    said = re.sub(r"<[^>]+>", " ", answer())
    assert english_left_in([said], language, []) == []


# ---------------------------------------------------------------- a game's notebook picture
def status_and_halls(html: str) -> list[str]:
    status = re.search(r'<div class="exlab-game-status">(.*?)</div>', html)
    assert status is not None
    return [status.group(1), *re.findall(r"<h4>(.*?)</h4>", html)]


def games() -> tuple[xl.Game, xl.Game]:
    placing = xl.Game.new(["Ann", "Ben"], seed=3)
    while placing.hand is None:
        placing.apply(placing.legal_actions()[0])
    finished = play_game(xl.Game.new(["Ann", "Ben"], seed=3), ["greedy", "greedy"], np.random.default_rng(0))
    return placing, finished


def test_a_games_status_line_keeps_its_english_words():
    assert status_and_halls(game_html(xl.Game.new(["Ann", "Ben"], seed=3)))[0] == "Round 1 — Ann to take · stock 83"
    placing, finished = games()
    assert re.fullmatch(r"Round 1 — Ann to place \d{4}[A-Z]{2} · stock \d+", status_and_halls(game_html(placing))[0])
    status, *halls = status_and_halls(game_html(finished))
    assert status == f"Game over · stock {finished.stock_size}" and "Ann (final)" in halls


@pytest.mark.parametrize(
    ("language", "take", "over", "final"),
    [
        ("es", "Ronda 1 — Ann debe tomar una carta · mazo 83", "Fin de la partida", "Ann (terminada)"),
        ("ja", "ラウンド1 — Annがカードを取る番 · ストック 83", "ゲーム終了", "Ann（確定）"),
    ],
)
def test_a_games_status_line_speaks_the_readers_language(speak, language, take, over, final):
    speak(language)
    assert status_and_halls(game_html(xl.Game.new(["Ann", "Ben"], seed=3)))[0] == take
    placing, finished = games()
    status, *halls = status_and_halls(game_html(finished))
    assert status.startswith(over) and final in halls
    card = placing.hand.token
    said = status_and_halls(game_html(placing))[0]
    assert card in said and english_left_in([said.replace(card, "")], language, ["Ann", "Ben"]) == []


@pytest.mark.parametrize(
    ("language", "bot", "reading"), [("es", "codicioso", "estricta"), ("ja", "グリーディ", "厳格")]
)
def test_the_simulated_games_name_their_bot_and_reading_in_the_readers_words(speak, language, bot, reading):
    # the summary under Simulate names the bot (greedy) and the solo Mid Century reading
    # (harsh, D11) as the seat panel and the reading's buttons do, never by their code names
    speak(language)
    played = SimpleNamespace(
        bot="greedy", n_games=200, requested=200, complete=True, totals={"harsh": np.array([1000.0, 1200.0])}
    )
    said = whatif.simulated_html(played, np.array([0.5, 0.2, 0.1, 0.1, 0.05, 0.05]), "harsh")
    assert bot in said and reading in said
    assert "greedy" not in said and "harsh" not in said


@pytest.mark.parametrize(("language", "empty"), [("es", "Depósito: vacío"), ("ja", "デポ：空"), ("en", "Depot: empty")])
def test_the_depot_of_a_small_hall_is_hovered_in_the_language_r25(speak, language, empty):
    # the other players' halls beside the tile: the Depot's hover speaks the app's language
    from exhibition_lab.ui.render.halls import hall_mini_html, halls_table_html

    speak(language)
    hall = xl.Game.new(2, seed=1).hall(0)
    assert f'title="{empty}">0<' in halls_table_html([("x", hall)])
    assert f'title="{empty}">' in hall_mini_html(hall)
