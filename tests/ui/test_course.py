"""The course's pictures and prepared positions (exhibition_lab.ui.course.pictures)."""

from __future__ import annotations

import re

import pytest

import exhibition_lab as xl
from conftest import MID_GAME, card, hall
from exhibition_lab.ui.course import pictures as course
from exhibition_lab.ui.text.names import continent_name


def test_turn_steps_take_move_refill():
    game = xl.Game.new(["Ron", "Ann"], seed=7)
    before = game.copy()
    taken = next((c for c in game.legal_actions() if not c.card.is_white), None).card
    game.apply(f"take {taken}")
    steps = course.TurnSteps(before, game)
    assert steps.card == taken and steps.taken_at is before.vehicles[0]  # R7: taken where Ron stands
    assert f"After Take: Ron holds {taken}" in steps.take.html
    assert "taken" in steps.take.html
    assert f"stands on {taken.continent.title}" in steps.move.html  # R8: the card's own continent
    # R9: exactly one card came from the stock, to the continent that lost one
    assert len(steps.refilled) == 1 and steps.refilled[0] in game.market[steps.taken_at]
    assert str(steps.refilled[0]) in steps.refill.html
    assert steps.refill.html.count("exlab-tile-marked") == 1


def test_turn_steps_refuse_unrelated_games():
    game = xl.Game.new(["Ron", "Ann"], seed=7)
    with pytest.raises(ValueError, match="one take"):
        course.TurnSteps(game.copy(), game)


def test_try_cards_marks_and_explains_with_engine_verdicts():
    h = hall(MID_GAME)
    picture = course.try_cards(h, [("1936EU", (1, 2)), ("1939EU", (1, 2)), ("1920AS", (0, 1))])
    assert h.why_not(card("1936EU"), 1, 2) is None and h.why_not(card("1939EU"), 1, 2) is not None
    assert picture.html.count("exlab-numbered-spot exlab-mark-ask") == 1  # two verdicts at one spot
    assert picture.html.count("exlab-numbered-spot exlab-mark-good") == 1
    assert "✓ <b>1936EU</b> in <b>One Era, 3rd spot</b>" in picture.html
    assert "✗ <b>1939EU</b> in <b>One Era, 3rd spot</b>" in picture.html
    assert '<a href="../docs/rules.md#r14"><small>R14</small></a>' in picture.html
    assert not re.search(r"\(\d, \d\)|spot \d\)", picture.html)


def test_try_card_draws_the_other_players_claim():
    mine = hall("1904AF . . . . . / . . . . / . / . . . / . .")
    ann = hall(". . . . . . / . . . . / . / 1912AS 1937AS . / . .")
    picture = course.try_card(mine, "1950AS", [(3, 0)], others={"Ann": ann}, owner="Ron's hall")
    assert "Ann's hall" in picture.html and "already holds Asia" in picture.html  # R13


def test_link_rule_ids_links_ids_not_cards():
    linked = course.link_rule_ids("1920AS breaks R11 & V6a (D7)")
    assert '<a href="../docs/rules.md#r11">' in linked and 'href="../docs/rules.md#v6a"' in linked
    assert 'href="../docs/rules.md#d7"' in linked and "1920AS" in linked and "&amp;" in linked


def test_game_with_card_at_puts_the_card_there():
    game = course.game_with_card_at("1945W", "OC", ["Ron", "Ann"], seed=3)
    assert xl.Card.parse("1945W") in game.market[xl.Continent.OC]
    assert game.stock_size == len(xl.standard_deck()) - 18  # a complete deal (R5)
    game.apply("take 1945W")
    assert game.phase is xl.Phase.MOVE  # R8: a white card lets Ron choose
    with pytest.raises(ValueError, match="no card"):
        course.game_with_card_at("1900XX", "OC", ["Ron"])


def test_game_without_stock_has_no_refill():
    game = course.game_without_stock(["Ron"])
    assert game.stock_size == 0
    before = set(game.market_cards)
    game.apply(game.legal_actions()[0])
    assert len(set(game.market_cards)) == len(before) - 1  # R9: nothing to refill with


def test_turn_steps_speak_spanish(speak):
    speak("es")
    game = xl.Game.new(["Ron", "Ann"], seed=7)
    before = game.copy()
    taken = next(c for c in game.legal_actions() if not c.card.is_white).card
    game.apply(f"take {taken}")
    steps = course.TurnSteps(before, game)
    assert taken.title_in("es") in steps.take.html and taken.title not in steps.take.html
    assert "tomada" in steps.take.html and ">taken<" not in steps.take.html
    move = steps.move.html
    assert "Zepelín" in move and "Zeppelin" not in move  # R3: Ron's vehicle, in Spanish
    assert f"está en {continent_name(game.vehicles[0])}</b>" in move  # R8, the continent in Spanish


def test_try_cards_speak_spanish_with_the_apps_reasons(speak):
    speak("es")
    picture = course.try_cards(hall(MID_GAME), [("1939EU", (1, 2)), ("1960AF", (0, 1))])
    assert "Una Era, 3.er espacio" in picture.html and "General, 2.º espacio" in picture.html
    assert "apart" not in picture.html and "lies left" not in picture.html  # the engine's English detail
    assert '<a href="../../docs/rules.es.md#r14"><small>R14</small></a>' in picture.html
