"""The running score and the score sheet: the engine's numbers, what each column counts, hidden
Secret Decades, the solo scale, the tiebreak."""

from __future__ import annotations

import html
import re

import pytest

pytest.importorskip("ipywidgets")

from exhibition_lab.ui.render.play import tiebreak_html, why_html
from exhibition_lab.ui.text import score as score_words
from exhibition_lab.ui.text.numbers import minus
from exhibition_lab.widgets import GameApp
from tests.helpers.play import (
    click_one_step,
    plain,
    play_out_filling_the_depot,
)


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
        assert f"<b>{f'{sheet[name].total:,}'.replace('-', '−')}</b>" in row  # thousands grouped
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


def test_chain_of_years_minimum_is_said_as_a_rule_not_a_contradiction():
    app = GameApp(seats=["human", "greedy"], seed=1)
    cells = re.findall(r"<td title='([^']*R23[^']*)'>([^<]*)</td>", app.live_score.value)
    assert len(cells) == 2 and all(points == "1" for _, points in cells)  # an empty hall: the minimum
    said = html.unescape(cells[0][0])
    assert "at least 1" in said and "R23" in said and "no dated card" not in said


def test_each_score_column_says_what_it_counts_on_hover():
    app = GameApp(seats=["human", "greedy"], seed=1)
    heads = re.findall(r"<th class='exlab-goal-head' title='([^']*)'>", app.live_score.value)
    goals = list(app.session.live_score().goals)
    assert len(heads) == len(goals)
    for goal, hover in zip(goals, heads):
        said = html.unescape(hover)
        rule = app.game.score()["You"].line(goal).rule
        assert f"({rule})" in said and len(said) > 40, said
    chain = html.unescape(heads[goals.index("chain")])
    assert "at least 1" in chain and "empty hall" in chain  # why an empty hall shows Chain 1 (R23)
    assert "hover a heading" in plain(app.live_score.value)


def test_solo_mid_century_says_why_an_empty_spot_is_minus_9900():
    # S6, D11: an empty Mid Century is 50 years away; a score is grouped like every score ("−9,900")
    app = GameApp(seats=["human"], seed=1)
    value = html.unescape(app.live_score.value)
    assert app.game.hall(0).showcases[2][0] is None
    head = re.search(r"title='(Mid Century \(S6, D11\)[^']*)'>Mid C.", value)
    assert head and "farthest" in head.group(1) and "50 years" in head.group(1) and "−9,900" in head.group(1)
    cell = re.search(r"<td title='(Mid Century \(S6\): empty[^']*)'>−9,900</td>", value)
    assert cell and "D11" in cell.group(1) and "fame" not in cell.group(1)


def test_solo_why_counts_mid_century_in_points_like_the_sheet():
    app = GameApp(seats=["human"], seed=3)
    play_out_filling_the_depot(app)
    score = app.game.score()["You"]
    line = score.line("mid_century")
    why = plain(app.score_sheet.value)
    assert f"→ {minus(f'{line.points * 100:,g}')} points" in why
    assert f"→ {minus(f'{line.points:,g}')}\n" not in why  # not the engine's fame points


def test_the_score_sheet_says_when_the_tiebreak_decided():
    from exhibition_lab.games.exhibition.rules.scoring import PlayerScore, ScoreLine, ScoreSheet

    def sheet(**players: tuple[int, int | None]) -> ScoreSheet:
        return ScoreSheet(
            {
                name: PlayerScore(name, (ScoreLine("decades", "R22", points, "test"),), distance)
                for name, (points, distance) in players.items()
            }
        )

    def tiebreak(sheet: ScoreSheet) -> str:
        winners = sheet.winners
        return tiebreak_html(score_words.tiebreak_in_words(sheet, "You"), winners[0] if len(winners) == 1 else "")

    decided = plain(tiebreak(sheet(You=(4, 5), Ann=(4, 28))))
    assert "You win the tiebreak" in decided and "5 years from 1950" in decided and "R26" in decided
    other = plain(tiebreak(sheet(You=(4, 30), Ann=(4, 1))))
    assert "Ann wins the tiebreak" in other and "1 year from 1950" in other
    assert "a shared win" in plain(tiebreak(sheet(You=(4, 3), Ann=(4, 3))))
    assert tiebreak(sheet(You=(5, 30), Ann=(4, 1))) == ""  # the totals decided


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


def test_the_narrow_headings_are_spelt_out_in_a_line_under_the_score():
    # R19–R23: a newcomer reads "Gap" or "6 cont." as the goal it stands for without a hover
    app = GameApp(seats=["human", "greedy"], seed=1)
    legend = re.search(r"<div class='exlab-score-legend'>(.*?)</div>", app.live_score.value)
    assert legend is not None
    said = html.unescape(legend.group(1))
    assert "6 cont. = All 6 Continents" in said and "Gap = Years Gap" in said
    shorts = re.findall(r"<th class='exlab-goal-head' title='[^']*'>([^<]*)</th>", app.live_score.value)
    for short in map(html.unescape, shorts):
        assert short in said or f"= {short}" not in said


@pytest.mark.parametrize("language", ["en", "es", "ja"])
def test_a_score_explained_reads_one_goal_a_row_with_its_cards_apart(speak, language):
    # R19–R25: each goal's line is a row (its rule a tag, its points apart), in the page's type,
    # and a Depot card reads "1906 EU", never the glued token "1906EU"
    app = GameApp(seats=["human", "greedy"], seed=2)
    play_out_filling_the_depot(app)
    speak(language)
    why = score_words.score_in_words(app.game.score()["You"])
    shown = why_html(why)
    assert "<pre" not in shown and shown.count("class='exlab-rule'") == 7  # R19 … R25
    assert not re.search(r"\d{4}(EU|AS|AF|NA|SA|OC)\b", html.unescape(re.sub("<[^>]+>", "", shown)))
    assert re.search(r"\d{4}\u00a0(EU|AS|AF|NA|SA|OC)", html.unescape(shown))


@pytest.mark.parametrize("language", ["es", "ja"])
def test_a_score_explained_ends_with_its_unit_in_words(speak, language):
    # the abbreviation of fame points ("pf", "fp") is not a word a reader of the language knows:
    # the why's total says it in full once, as the sheet's caption does
    app = GameApp(seats=["human", "greedy"], seed=2)
    play_out_filling_the_depot(app)
    speak(language)
    total = score_words.score_in_words(app.game.score()["You"]).splitlines()[-1]
    assert {"es": "puntos de fama", "ja": "名声ポイント"}[language] in total, total


def test_a_solo_hover_says_its_unit_once_never_as_a_second_times_100():
    # S2: the hover's numbers are already ×100 ("100 points per card"); its note names the unit
    app = GameApp(seats=["human"], seed=1)
    heads = [
        html.unescape(h) for h in re.findall(r"<th class='exlab-goal-head' title='([^']*)'>", app.live_score.value)
    ]
    scaled = [h for h in heads if "100 points" in h and "S2" in h]
    assert scaled, heads
    for hover in scaled:
        assert "×100 in a solo game" not in hover
        assert hover.endswith("(in a solo game 1 fame point is shown as 100 points, S2)"), hover
