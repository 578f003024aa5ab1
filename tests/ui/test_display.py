"""Card faces: WCAG AA contrast on every card colour, subjects on the face, one renderer."""

from __future__ import annotations

import pytest

import exhibition_lab as xl
from exhibition_lab.ui.render.cards import (
    AA_NORMAL_TEXT,
    WHITE_CARD_COLOR,
    card_face,
    card_html,
    continent_text_color,
    contrast_ratio,
    shorten,
)
from exhibition_lab.ui.render.css import declared, style
from exhibition_lab.ui.render.halls import claimed_continent, hall_mini_html, halls_table_html


def test_contrast_ratio_matches_the_wcag_definition():
    assert contrast_ratio("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast_ratio("#ffffff", "#ffffff") == pytest.approx(1.0)
    assert contrast_ratio("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)  # the classic AA grey
    assert contrast_ratio("#fbc02d", "#ffffff") < 2  # white on yellow: the old, unreadable face


@pytest.mark.parametrize("continent", list(xl.Continent), ids=lambda c: c.code)
def test_every_continent_card_meets_aa_contrast(continent):
    card = next(c for c in xl.standard_deck() if c.continent is continent)
    face = card_face(card)
    assert face.background == continent.color
    assert contrast_ratio(face.text, face.background) >= AA_NORMAL_TEXT
    assert contrast_ratio(continent_text_color(continent), continent.color) >= AA_NORMAL_TEXT


@pytest.mark.parametrize("token", ["1945W", "EIN"])
def test_white_cards_look_white_and_read_well(token):
    face = card_face(xl.Card.parse(token))
    assert face.background == WHITE_CARD_COLOR
    assert contrast_ratio(face.text, face.background) >= 7  # AAA even
    assert contrast_ratio(face.border, face.background) >= 3  # a visible rim (WCAG non-text)


def test_white_card_hover_says_wild_when_placed_and_how_it_scores():
    # R16: wild when placed; R17: the 1945 card scores its year only, Einstein nothing
    assert "any continent when placed; scores its year only (R17)" in card_face(xl.Card.parse("1945W")).tooltip
    assert "no goal counts them (R17)" in card_face(xl.Card.parse("EIN")).tooltip
    assert "white card" not in card_face(xl.Card.parse("1969NA")).tooltip


def test_widget_texts_meet_aa_on_their_backgrounds():
    from exhibition_lab.ui.widgets.cards import BACKGROUND, EMPTY_TEXT

    lit = ".exlab-app .exlab-lit"
    assert contrast_ratio(EMPTY_TEXT, BACKGROUND) >= AA_NORMAL_TEXT
    assert contrast_ratio(declared(lit, "color"), declared(lit, "background")) >= AA_NORMAL_TEXT  # lit Depot / End
    lit_outline = declared(".exlab-app .exlab-takeable", "outline").split()[-1]
    assert contrast_ratio(lit_outline, "#ffffff") >= 3  # the lit outline stands out (non-text)
    hint_outline = declared(".exlab-app .exlab-hinted", "outline").split()[-1]
    assert contrast_ratio(hint_outline, "#ffffff") >= 3  # the coach's mark, likewise


def test_the_widgets_paint_with_the_stylesheets_colours():
    from exhibition_lab.ui.widgets.cards import BACKGROUND, EMPTY_TEXT, STATUS_HEIGHT

    app = style("app")
    assert f"background: {BACKGROUND}" in app  # the showcases behind the empty spots
    assert declared(".exlab-spot-number", "color") == EMPTY_TEXT  # an empty button reads like a spot's number
    assert f"height: {STATUS_HEIGHT}px" in app
    with pytest.raises(KeyError, match="no color"):
        declared(".exlab-showcase", "color")


def test_the_face_carries_the_subject_shortened_with_an_ellipsis():
    card = next(c for c in xl.standard_deck() if len(c.title) > 40)
    face = card_face(card)
    short = face.short_subject(30)
    assert short.endswith("…") and len(short) <= 30 and card.title.startswith(short[:-1].rstrip())
    assert card.title in face.tooltip and str(card.year) in face.tooltip
    html = card_html(card, subject_limit=30)
    assert short in html.replace("&#x27;", "'") and "rotate" not in html
    assert shorten("short", 30) == "short"


def test_mini_hall_shows_cards_claim_and_depot_count():
    hall = xl.Hall.parse(". . . . . . / . . . . / . / 1932AS . . / . . | 1901OC 1977EU")
    mini = hall_mini_html(hall)
    assert ">1932<" in mini and "One Continent · Asia" in mini
    assert 'exlab-mini-count">2<' in mini


def test_halls_table_shows_one_row_per_hall_with_depot_counts():
    ann = xl.Hall.parse(". . . . . . / . . . . / . / 1932AS . . / . . | 1901OC")
    bob = xl.Hall.parse("1904AF . . . . . / . . . . / . / . . . / . .")
    table = halls_table_html([("Ann", ann), ("Bob", bob)])
    assert table.count("<tr>") == 3 and table.count("<th>General</th>") == 1
    assert ">1932<" in table and ">1904<" in table
    assert 'title="Depot: 1901OC">1<' in table and 'title="Depot: empty">0<' in table
    assert claimed_continent(ann) is xl.Continent.AS and claimed_continent(bob) is None
    assert halls_table_html([]) == ""
