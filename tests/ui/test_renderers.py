"""One renderer per thing, one stylesheet.

The card face (:mod:`exhibition_lab.ui.render.cards`), the vehicles, the head of a Continents
column and the tile (:mod:`~exhibition_lab.ui.render.tile`) and the score sheet
(:mod:`~exhibition_lab.ui.render.sheets`) are each drawn by one function; the notebook HTML and
the widgets show its output. These tests fail when a second renderer creeps back: the widgets
and the notebook pictures must contain the exact fragment the single function makes for the
same game, and the CSS classes of each thing may be written by its module alone. The styles
live in ``exlab.css`` only. The constants of the table (R3, R4, R5) are read from their one
definition.
"""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

import exhibition_lab as xl
from exhibition_lab.games.exhibition import simulate
from exhibition_lab.games.exhibition.agents import play_game
from exhibition_lab.games.exhibition.game import Phase
from exhibition_lab.games.exhibition.rules import layout
from exhibition_lab.games.exhibition.rules.cards import OPEN_CARDS
from exhibition_lab.games.exhibition.rules.deal import MAX_PLAYERS, VEHICLES
from exhibition_lab.games.exhibition.rules.hall import DEPOT_SIZE
from exhibition_lab.games.exhibition.session import PlaySession
from exhibition_lab.ui.course import pictures as course
from exhibition_lab.ui.render import css, halls, tile
from exhibition_lab.ui.render.cards import card_face, card_html
from exhibition_lab.ui.render.pictures import game_html
from exhibition_lab.ui.render.sheets import score_sheet_html
from exhibition_lab.ui.render.tile import tile_column_head_html, vehicle_html, vehicles_row_html

PACKAGE = Path(xl.__file__).parent


def game_in_progress(players: int = 4, seed: int = 5, steps: int = 9) -> xl.Game:
    """A seeded game some actions in, with a player about to take a card (R7)."""
    game = xl.Game.new([f"P{k}" for k in range(players)], seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        actions = game.legal_actions()
        game.apply(actions[rng.integers(len(actions))])
    while game.phase is not Phase.TAKE:
        game.apply(game.legal_actions()[0])
    return game


def finished_game(players: int, seed: int = 3) -> xl.Game:
    """A seeded game played to its end by random bots."""
    game = xl.Game.new([f"P{k}" for k in range(players)], seed=seed)
    return play_game(game, ["random"] * players, np.random.default_rng(seed))


# ---------------------------------------------------------------- vehicles and the tile
def test_each_vehicle_appears_once_on_the_tile_with_its_player():
    game = game_in_progress()
    html = game_html(game)
    for seat, name in enumerate(game.players):
        alone = game.vehicles.count(game.vehicles[seat]) == 1
        label = vehicle_html(game, seat, alone=alone)
        assert html.count(label) == 1  # R3: one vehicle per seat, on one continent
        assert re.fullmatch(rf"<span [^>]*><b>{VEHICLES[seat]}</b> {name}</span>", label)
        if alone:  # the column's two lines are its own: a long name wraps, never cut to "Zeppelin H…"
            assert "white-space:normal" in label and "text-overflow:ellipsis" not in label
        else:  # one line in its column
            assert "white-space:nowrap" in label and "text-overflow:ellipsis" in label
        assert "text-overflow:ellipsis" in vehicle_html(game, seat)
        assert f"on {game.vehicles[seat].title}" in label  # where it stands, on hover
        column = vehicles_row_html(game, game.vehicles[seat])
        assert label in column
    assert html.count('class="exlab-vehicle"') == game.n_players


def test_the_app_tile_game_html_course_and_exercise_share_the_column_head():
    ipywidgets = pytest.importorskip("ipywidgets")
    from exhibition_lab.ui.course.exercises import PickCards
    from exhibition_lab.ui.widgets.market import MarketView

    game = game_in_progress()
    market = MarketView(on_take=lambda card: None)
    market.render(PlaySession(game, ["random"] * game.n_players))
    notebook = game_html(game)
    picture = course.tile_picture(game)._repr_html_()
    exercise = PickCards(game)
    exercise_heads = [
        child.value
        for column in exercise.children[2].children
        for child in column.children
        if isinstance(child, ipywidgets.HTML)
    ]
    for k, continent in enumerate(xl.Continent):
        head = tile_column_head_html(game, continent)
        assert vehicles_row_html(game, continent) in head
        assert market._headers[k].value == head  # the app shows exactly this
        assert head in notebook and head in picture
        assert head in exercise_heads
        assert len(market._buttons[k]) == OPEN_CARDS  # R5


def test_the_opponents_panel_names_the_vehicle_with_the_same_label():
    pytest.importorskip("ipywidgets")
    from exhibition_lab.ui.widgets.panels import OpponentsView

    game = game_in_progress(players=3)
    view = OpponentsView()
    session = PlaySession(game, ["human", "random", "random"])
    view.render(session)
    for seat in range(game.n_players):
        if seat != session.viewer:
            assert vehicle_html(game, seat, where=True) in view.value


def test_turn_steps_draw_the_tile_with_market_html():
    game = xl.Game.new(["Ron", "Ann"], seed=7)
    before = game.copy()
    taken = next(a for a in game.legal_actions() if not a.card.is_white).card
    game.apply(f"take {taken}")
    steps = course.TurnSteps(before, game)
    after_take = steps.take.html
    assert tile.market_html(before, market=steps._market_without, gone={steps.taken_at: taken}) in after_take
    assert tile.market_html(game, marked=steps.refilled) in steps.refill.html
    assert f"{taken.year}<br>taken" in after_take  # the gap where the card was


# ---------------------------------------------------------------- the score sheet
def test_a_notebook_shows_a_score_sheet_with_score_sheet_html():
    from exhibition_lab.ui.formatters import HTML_FORMATTERS

    sheet = xl.load_example("ron").score()
    assert HTML_FORMATTERS[xl.ScoreSheet] is score_sheet_html
    assert score_sheet_html(sheet).count("<style>") == 1  # the sheet carries its style


def test_app_score_sheet_shows_the_same_sheet():
    pytest.importorskip("ipywidgets")
    from exhibition_lab.ui.widgets.panels import ScoreSheetView

    game = finished_game(2)
    view = ScoreSheetView()
    view.render(PlaySession(game, ["random", "random"]))
    assert score_sheet_html(game.score()) in view.value


def test_score_sheet_cells_show_points_with_reasons_winner_first():
    sheet = xl.load_example("ron").score()
    html = score_sheet_html(sheet)
    header = re.search(r"<thead>(.*?)</thead>", html)[1]
    assert [re.sub(r"<.*", "", cell) for cell in re.findall(r"<th[^>]*>(.*?)</th>", header)][1:] == sheet.ranking
    for name in sheet.names:
        for line in sheet[name].lines:
            points = f"{line.points:,g}".replace("-", "−")
            assert re.search(rf'title="[^"]*">{re.escape(points)}</td>', html)
    assert f'<th class="exlab-winner">{sheet.winners[0]}<br><small>winner</small></th>' in html
    assert "fame points" in html


def test_solo_score_sheet_shows_solo_points_in_every_cell():
    game = finished_game(1)
    sheet = game.score()
    html = score_sheet_html(sheet)
    score = sheet[game.players[0]]
    assert score.scale == 100 and "solo points, ×100" in html  # S2
    assert f"Solo game of <b>{game.players[0]}</b>" in html and 'exlab-winner"' not in html
    cells = re.findall(r'<td title="[^"]*">([^<]*)</td>', html)
    assert cells == [f"{line.points * 100:,g}".replace("-", "−") for line in score.lines]  # thousands grouped
    assert f"<b>{score.total:,}</b>".replace("-", "−") in html


# ---------------------------------------------------------------- the card face
@pytest.mark.parametrize("token", ["1945W", "EIN", None])
def test_buttons_and_html_show_the_one_card_face(token):
    ipywidgets = pytest.importorskip("ipywidgets")
    from exhibition_lab.ui.widgets.cards import SUBJECT_LIMIT, paint_card

    card = xl.Card.parse(token) if token else next(c for c in xl.standard_deck() if len(c.title) > 40)
    face = card_face(card)
    button = ipywidgets.Button()
    paint_card(button, card, subject_limit=SUBJECT_LIMIT["market"], wide=True)
    assert button.description == face.button_text(SUBJECT_LIMIT["market"], wide=True)
    assert button.description.startswith(face.year)
    assert face.short_subject(SUBJECT_LIMIT["market"]) in button.description
    assert (button.tooltip, button.style.button_color) == (face.tooltip, face.background)
    assert button.style.text_color == face.text
    html = card_html(card, subject_limit=SUBJECT_LIMIT["market"])
    assert f'<span class="exlab-card-year">{face.year}</span>' in html
    assert f"background:{face.background};color:{face.text}" in html


# ---------------------------------------------------------------- no second renderer in the source
@pytest.mark.parametrize(
    ("marker", "writer"),
    [
        ("exlab-vehicle", "ui/render/tile.py"),  # a vehicle label
        ("exlab-continent-name", "ui/render/tile.py"),  # a continent's name on its colour
        ("exlab-tile-marked", "ui/render/tile.py"),  # a card outlined on the tile
        ("exlab-final-table", "ui/render/sheets.py"),  # the score sheet
        ('<div class="exlab-score-sheet">', "ui/render/sheets.py"),  # the score sheet with its winner line
        ("exlab-card-year", "ui/render/cards.py"),  # the card face
    ],
)
def test_one_module_writes_the_html_of_each_thing(marker, writer):
    writers = sorted(
        str(path.relative_to(PACKAGE))
        for path in PACKAGE.rglob("*.py")
        if not path.name.startswith("timeline") and marker in path.read_text(encoding="utf-8")
    )
    assert writers == [writer]


# ---------------------------------------------------------------- one stylesheet
def test_no_style_sheet_is_written_in_python():
    writers = sorted(
        str(path.relative_to(PACKAGE)) for path in PACKAGE.rglob("*.py") if "<style" in path.read_text(encoding="utf-8")
    )
    assert writers == ["ui/render/css.py"]  # which wraps the rules of exlab.css in <style> elements


def test_every_picture_carries_sections_of_the_one_stylesheet():
    game = game_in_progress()
    stylesheet = css.stylesheet()
    for html in (game_html(game), score_sheet_html(xl.load_example("ron").score()), halls.hall_html(game.hall(0))):
        for block in re.findall(r"<style>\n(.*?)</style>", html, re.DOTALL):
            assert block in stylesheet  # word for word, comments aside
    assert css.style("board", "compare") == css.style("board") + css.style("compare")
    with pytest.raises(KeyError, match="no section nowhere"):
        css.style("nowhere")


def test_the_stylesheet_styles_every_class_the_pictures_use():
    game = finished_game(3)
    html = "".join(
        [
            game_html(game),
            score_sheet_html(game.score()),
            halls.hall_html(game.hall(0), numbered=True, marks={(0, 0): "good"}),
            halls.halls_table_html([("P0", game.hall(0))]),
        ]
    )
    used = {cls for attribute in re.findall(r'class="([^"]*)"', html) for cls in attribute.split()}
    styled = set(re.findall(r"\.(exlab-[\w-]+)", css.stylesheet()))
    # hooks for tests and the app's own rules, not drawn differently in a notebook
    hooks = {"exlab-hall", "exlab-game", "exlab-game-status", "exlab-vehicle", "exlab-vehicles", "exlab-tile-head"}
    hooks |= {"exlab-continent-name", "exlab-tile-marked", "exlab-mini-showcase", "exlab-mini-depot"}
    hooks |= {f"exlab-continent-{c.code}" for c in xl.Continent} | {f"exlab-column-{c.code}" for c in xl.Continent}
    assert {cls for cls in used if cls.startswith("exlab-")} - styled - hooks == set()


def test_the_stylesheet_ships_as_package_data():
    assert (PACKAGE / "ui" / "render" / css.STYLESHEET).is_file()
    sections = {"board", "compare", "sheet", "timeline", "exercise", "stand-in", "whatif", "app", "timeline-app"}
    assert set(css.sections()) == sections
    assert all("/*" not in rules for rules in css.sections().values())  # comments stay in the file


# ---------------------------------------------------------------- the constants of the table
def test_player_limit_is_read_from_deal_max_players(monkeypatch):
    assert layout.unique_decades_range(MAX_PLAYERS) == (1900, 1990)  # D10: every decade
    with pytest.raises(xl.ArgumentError) as err:
        layout.unique_decades_range(MAX_PLAYERS + 1)
    assert err.value.rule == "R4"
    with pytest.raises(xl.ArgumentError) as err:
        simulate.simulate(1, ["random"] * (MAX_PLAYERS + 1), progress=False)
    assert err.value.rule == "R4"
    monkeypatch.setattr(layout, "MAX_PLAYERS", MAX_PLAYERS + 1)  # a literal 5 would ignore this
    assert layout.unique_decades_range(MAX_PLAYERS + 1) == (1900, 1990)
    monkeypatch.setattr(simulate, "MAX_PLAYERS", 1)
    with pytest.raises(xl.ArgumentError, match="1 to 1 seats"):
        simulate.simulate(1, ["random", "random"], progress=False)


def test_setup_panel_offers_one_to_max_players():
    pytest.importorskip("ipywidgets")
    from exhibition_lab.ui.widgets.controls import NewGameControls

    panel = NewGameControls(on_new=lambda session: None)
    assert list(panel.players.options) == list(range(1, MAX_PLAYERS + 1))


def test_depot_picture_has_depot_size_places(monkeypatch):
    hall = xl.Hall.parse(". . . . . . / . . . . / . / . . . / . . | 1901OC")
    count = halls.hall_html(hall).count('class="exlab-empty"')
    monkeypatch.setattr(halls, "DEPOT_SIZE", DEPOT_SIZE + 2)  # a literal 3 would ignore this
    assert halls.hall_html(hall).count('class="exlab-empty"') == count + 2
    assert count == 16 + DEPOT_SIZE - 1  # R3: every spot and Depot place but the one filled
