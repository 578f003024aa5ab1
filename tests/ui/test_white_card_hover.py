"""A placed 1945 card says on hover which continent it stands for in its showcase (R16): the
continent of One Continent's coloured cards, else one no other card of its showcase shows
(R12) — and that no goal counts it as a continent (R17)."""

from __future__ import annotations

import pytest

import exhibition_lab as xl
from exhibition_lab.games.exhibition.rules.cards import CONTINENTS, Continent
from exhibition_lab.games.exhibition.rules.hall import white_card_continents
from exhibition_lab.games.exhibition.session import PlaySession
from exhibition_lab.ui.widgets.hall import HallView
from tests.helpers.layouts import EMPTY as EMPTY_HALL

#: A solo start (seed 2) whose tile holds none of the cards the halls below place.
START = xl.Game.new(["Ann"], seed=2).position()
R17_WORDS = "No goal counts it as a continent; it scores as the year 1945 (R17)."


def game_with_hall(hall: str) -> xl.Game:
    """The start with Ann's hall as written, one card a round (R10c); the stock gives up the
    cards placed there."""
    placed = len(xl.Hall.parse(hall).hall_cards())
    text = (
        START.replace(f"hall 1: {EMPTY_HALL}", f"hall 1: {hall}")
        .replace("stock: 83", f"stock: {83 - placed}")
        .replace("round: 1", f"round: {placed + 1}")
        .replace("turn: 1", f"turn: {placed + 1}")
    )
    return xl.Game.from_position(text, seed=1)


def white_card_tooltip(hall: str) -> str:
    """The hover of the 1945 card in Ann's hall as the play app paints it."""
    game = game_with_hall(hall)
    view = HallView(game.layout, on_spot=lambda s, i: None, on_depot=lambda: None, on_end=lambda: None)
    view.render(PlaySession(game, ["human"]))
    (button,) = [b for row in view.spots for b in row if b.description.startswith("1945")]
    return button.tooltip


def test_in_general_it_stands_for_a_continent_no_other_card_there_shows():
    tooltip = white_card_tooltip("1913EU 1920OC 1945W 1950SA 1963NA . / . . . . / . / . . . / . .")
    assert "Here it stands for one of: Africa, Asia — a continent no other card here shows (R12, R16)." in tooltip
    assert R17_WORDS in tooltip
    assert tooltip.startswith("1945 · ") and "Europe" not in tooltip


def test_in_a_full_general_only_one_continent_is_left():
    tooltip = white_card_tooltip("1913EU 1920OC 1945W 1950SA 1963NA 1964AS / . . . . / . / . . . / . .")
    assert "Here it stands for Africa, the one continent no other card here shows (R12, R16)." in tooltip


def test_in_one_continent_it_stands_for_the_continent_of_its_cards():
    tooltip = white_card_tooltip(". . . . . . / . . . . / . / 1931SA 1945W 1958SA / . .")
    assert "Here it stands for South America, the continent of this showcase's cards (R13, R16)." in tooltip
    assert R17_WORDS in tooltip


def test_alone_in_one_continent_it_waits_for_the_cards_that_join_it():
    tooltip = white_card_tooltip(". . . . . . / . . . . / . / . 1945W . / . .")
    assert "Here it stands for the continent of the cards that join it (R13, R16)." in tooltip
    assert R17_WORDS in tooltip


def test_alone_in_mid_century_it_stands_for_any_continent():
    tooltip = white_card_tooltip(". . . . . . / . . . . / 1945W / . . . / . .")
    assert "Here it stands for any continent (R16)." in tooltip


def test_a_coloured_card_keeps_its_plain_hover():
    game = game_with_hall("1913EU . . . . . / . . . . / . / . . . / . .")
    view = HallView(game.layout, on_spot=lambda s, i: None, on_depot=lambda: None, on_end=lambda: None)
    view.render(PlaySession(game, ["human"]))
    assert view.spots[0][0].tooltip.startswith("1913 · Europe\n")


def test_the_hover_speaks_spanish(speak):
    speak("es")
    tooltip = white_card_tooltip(". . . . . . / . . . . / . / 1931SA 1945W 1958SA / . .")
    assert "Sudamérica" in tooltip and "R16" in tooltip and "R17" in tooltip
    assert "Here it stands" not in tooltip


@pytest.mark.parametrize(
    ("hall", "spot", "expected"),
    [
        ("1913EU 1920OC 1945W 1950SA 1963NA . / . . . . / . / . . . / . .", (0, 2), {"AF", "AS"}),
        (". . . . . . / . . . . / . / 1931SA 1945W 1958SA / . .", (3, 1), {"SA"}),
        (". . . . . . / . . . . / . / 1945W . . / . .", (3, 0), {c.code for c in CONTINENTS}),
    ],
)
def test_the_continents_a_placed_white_card_may_stand_for(hall, spot, expected):
    parsed = xl.Hall.parse(hall)
    s, i = spot
    found = white_card_continents(parsed.layout[s], parsed.showcases[s], i)
    assert {c.code for c in found} == expected


def test_other_players_claims_narrow_a_lone_white_card_in_one_continent():
    hall = xl.Hall.parse(". . . . . . / . . . . / . / 1945W . . / . .")
    found = white_card_continents(hall.layout[3], hall.showcases[3], 0, claims={Continent.EU, Continent.AS})
    assert set(found) == set(CONTINENTS) - {Continent.EU, Continent.AS}
