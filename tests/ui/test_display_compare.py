"""Before/after score sheets and captioned boards for the notebooks (ui/render/sheets.py, pictures.py)."""

from __future__ import annotations

import re

import exhibition_lab as xl
from exhibition_lab.ui.render.pictures import Boards
from exhibition_lab.ui.render.sheets import compare_scores


def ron_and_ann():
    example = xl.load_example("ron")
    return example.halls["Ron"], example.halls["Ann"], example.score()


def test_comparison_marks_exactly_the_changed_goals():
    ron, ann, before = ron_and_ann()
    # an Asian card between 1904 and the 1945 card: the 1945 card turns Oceanian (R16)
    what_if = ron.place(xl.Card.parse("1920AS"), 0, 1)
    after = xl.score_halls({"Ron": what_if, "Ann": ann})
    comparison = compare_scores(before["Ron"], after["Ron"])
    changed = {line.label for line in after["Ron"].lines if line.points != before["Ron"].points[line.goal]}
    assert set(comparison.changed_goals) == changed == {"All 6 Continents", "Empty Spots"}
    html = comparison._repr_html_()
    # one marked row per changed goal, plus the total row
    assert len(re.findall(r'<tr class="[^"]*exlab-changed', html)) == len(changed) + 1
    assert "missing Asia" in html and "all six continents" in html
    assert "+5" in html and "+1" in html and "+6" in html  # the two lines and the total


def test_comparison_of_equal_scores_marks_nothing():
    _, _, sheet = ron_and_ann()
    comparison = compare_scores(sheet["Ron"], sheet["Ron"], before_label="rulebook", after_label="again")
    assert comparison.changed_goals == []
    html = comparison._repr_html_()
    assert not re.search(r'<tr class="[^"]*exlab-changed', html) and "rulebook" in html and "again" in html


def test_comparison_shows_a_goal_present_on_one_side_only():
    ron, _, _ = ron_and_ann()
    before = xl.score_halls({"Ron": ron})["Ron"]
    after = xl.score_halls({"Ron": ron}, secret_decades={"Ron": 1970})["Ron"]
    rows = {row["goal"]: row for row in compare_scores(before, after).rows()}
    assert rows["Secret Decade"]["before"] is None and rows["Secret Decade"]["after"] == 3
    assert rows["Secret Decade"]["changed"]
    html = compare_scores(before, after)._repr_html_()
    assert "◀ +3</td>" in html  # the missing side counts as 0


def test_plain_text_reprs_name_the_change_not_internal_keys():
    ron, ann, sheet = ron_and_ann()
    after = xl.score_halls({"Ron": ron.place(xl.Card.parse("1923AS"), 0, 1), "Ann": ann})
    text = repr(compare_scores(sheet["Ron"], after["Ron"]))
    assert text == "Ron: before 15 → after 21 (changed: All 6 Continents, Empty Spots)"
    assert "six_continents" not in repr(Boards({"Ron": ron}))


def test_boards_caption_each_hall_and_outline_marked_cards_and_spots():
    ron, ann, sheet = ron_and_ann()
    chain = sheet["Ron"].line("chain").cards
    html = Boards({"Ron": ron, "Ann": ann}, marked={"Ron": [*chain, (0, 1)]})._repr_html_()
    assert html.count('class="exlab-board-caption"') == 2
    assert html.count("exlab-marked") - html.count(".exlab-marked") == len(chain) + 1


def test_boards_of_one_hall_outlines_the_given_spot_only():
    ron, _, _ = ron_and_ann()
    html = Boards.of(ron, "Ron", marked=[(0, 1)])._repr_html_()
    assert html.count('<div class="exlab-empty exlab-marked">') == 1
    assert html.count("exlab-marked") - html.count(".exlab-marked") == 1


def test_the_comparison_speaks_the_readers_language(speak):
    ron, ann, sheet = ron_and_ann()
    after = xl.score_halls({"Ron": ron.place(xl.Card.parse("1923AS"), 0, 1), "Ann": ann})
    speak("es")
    comparison = compare_scores(sheet["Ron"], after["Ron"])
    html = comparison._repr_html_()
    for english in (">goal<", ">before<", ">after<", ">change<", "missing Asia", "all six continents"):
        assert english not in html, english
    assert ">antes<" in html and ">después<" in html and ">cambio<" in html
    assert repr(comparison).startswith("Ron: antes 15 → después 21 (cambian: ")
    speak("ja")
    assert ">合計<" in compare_scores(sheet["Ron"], after["Ron"])._repr_html_()
