"""What the play app's widgets say and how they are laid out, checked without a browser:
the status box's order, real plurals in hover texts, progress bars that stay inside the
notebook, an impossible What if… pair refused at once, readable card text, a hall that wraps."""

from __future__ import annotations

import re

from exhibition_lab.core.words import Phrase
from exhibition_lab.games.exhibition.rules import scoring
from exhibition_lab.ui.render.css import style
from exhibition_lab.ui.text.names import phrase_words
from exhibition_lab.ui.widgets.background import progress_bar
from exhibition_lab.widgets import GameApp, YearsGapExplorer
from tests.helpers.play import click_one_step


def test_your_own_last_move_comes_before_the_other_players_turns():
    app = GameApp(seats=["human", "greedy"], seed=2)
    assert app.status.box.children == (app.status.status, app.status.turns)


def test_score_reasons_say_real_plurals():
    assert phrase_words(Phrase(scoring.EMPTY, (("count", 5),))) == "5 empty spots"
    assert phrase_words(Phrase(scoring.EMPTY, (("count", 1),))) == "1 empty spot"
    decades = phrase_words(Phrase(scoring.SOME_DECADES, (("count", 5), ("decades", (1900, 1950)))))
    assert decades.startswith("5 decades;")
    assert phrase_words(Phrase(scoring.DEPOT_CARDS, (("count", 1),))) == "1 Depot card"


def test_no_hover_of_a_played_game_says_s_in_brackets():
    app = GameApp(seats=["human", "greedy"], seed=3)
    while not app.game.is_over:
        click_one_step(app)
    shown = app.live_score.value + app.score_sheet.value + app.opponents.value
    assert "(s)" not in shown


def test_a_widgets_progress_bar_is_a_notebook_bar_and_prints_nothing(capsys):
    bar = progress_bar(10, "game", "games played")
    bar.update(5)
    bar.close()
    assert hasattr(bar, "container")  # a widget the caller places
    assert capsys.readouterr().err == ""
    # its label reads as written: no widened or doubled spaces ("simulated  games")
    label = bar.container.children[0].value
    assert label.rstrip("\u00a0").replace("\u00a0", " ") == "games played", repr(label)


def test_simulate_on_an_impossible_pair_refuses_at_once():
    explorer = YearsGapExplorer()
    explorer.left.value, explorer.right.value = 1980, 1950
    explorer.simulate(games=50, background=False)
    assert "Nothing to simulate" in explorer.message.value and "R11" in explorer.message.value
    assert explorer.played is None and not explorer.simulate_button.disabled


def _font_sizes(css: str, selector: str) -> list[float]:
    """Every font size the stylesheet gives ``selector`` itself (its own rules, not its parts)."""
    rules = re.findall(re.escape(selector) + r"\s*\{([^}]*)\}", css)
    return [float(size) for rule in rules for size in re.findall(r"font-size:\s*([\d.]+)px", rule)]


def test_card_subjects_are_set_in_readable_type():
    sizes = _font_sizes(style("app"), ".exlab-app .exlab-cardlike")
    assert sizes and min(sizes) >= 11  # 9.5 px was too small to read on a laptop


def test_the_app_takes_its_containers_width_and_its_rows_wrap():
    css = style("app")
    assert re.search(r"\.exlab-app\s*\{[^}]*container:\s*exlab-app\s*/\s*inline-size", css)
    app = GameApp(seats=["human", "greedy"], seed=2)
    row = app.find("exlab-hall-row")[0]
    middle = app.find("exlab-middle")[0]
    assert row.layout.flex_flow == "row wrap" and middle.layout.flex_flow == "row wrap"
    # the Depot and its two controls go to the next row together, never one without the others
    group = app.find("exlab-depot-group")[0]
    assert group in row.children and app.hall.depot in group.children[1].children


def test_exercise_answers_are_never_cut_and_say_themselves_on_hover():
    import exhibition_lab as xl
    from exhibition_lab.ui.course.exercises import NextDecision

    exercise = NextDecision(xl.Game.new(2, seed=1))
    assert exercise.choice.style.button_width == "auto"
    assert list(exercise.choice.tooltips) == list(exercise.choice.options)
    assert any(option.startswith("Nothing: the game is over") for option in exercise.choice.options)
