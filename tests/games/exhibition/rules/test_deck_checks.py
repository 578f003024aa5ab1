"""Decks are checked in one place (check_deck): every deck a game accepts is one it can be
played with, saved and loaded back with (R2, R5, D2)."""

from __future__ import annotations

import csv
import io
import json

import pytest

import exhibition_lab as xl
from exhibition_lab.games.exhibition.rules.cards import MAX_DECK, MAX_TITLE, MIN_DECK, check_deck
from tests.games.exhibition.fuzzing import check_plays_to_the_end, check_refusal

DECK = xl.standard_deck()


def titled(deck, k, title):
    c = deck[k]
    return (*deck[:k], xl.Card(c.year, c.continent, title), *deck[k + 1 :])


BAD_DECKS = {
    "a year twice": (*DECK[:-1], xl.Card(1950, xl.Continent.EU, "Another 1950")),
    "the same card twice": (*DECK[:50], DECK[10]),
    "Einstein twice": (*DECK[:40], xl.EINSTEIN, xl.Card(None, None, "Einstein again")),
    "a 30,000-character title": titled(DECK, 3, "x" * 30_000),
    "a title with a line break": titled(DECK, 3, "First line\nsecond line"),
    "a title with U+2028": titled(DECK, 3, "A\u2028B"),
    "a title with a NUL": titled(DECK, 3, "A\x00B"),
    "a title with a zero-width space": titled(DECK, 3, "A\u200bB"),
    "a title with an outer space": titled(DECK, 3, " Wright brothers"),
    "17 cards": DECK[:17],
    "not cards": (*DECK[:30], "1950EU"),
}


@pytest.mark.parametrize("case", list(BAD_DECKS))
def test_game_new_refuses_a_deck_it_could_not_save(case):
    with pytest.raises(xl.DeckError) as err:
        xl.Game.new(2, seed=1, deck=BAD_DECKS[case])
    check_refusal(err.value, xl.DeckError)


@pytest.mark.parametrize("case", ["a year twice", "the same card twice", "17 cards"])
def test_the_rule_is_named(case):
    with pytest.raises(xl.DeckError) as err:
        check_deck(BAD_DECKS[case])
    assert err.value.rule in ("R2", "R5")


def test_from_position_refuses_the_same_decks():
    text = xl.Game.new(1, seed=3).position()
    with pytest.raises(xl.DeckError):
        xl.Game.from_position(text, seed=1, deck=BAD_DECKS["a title with U+2028"])


def test_a_saved_deck_is_checked_like_a_new_one():
    deck = titled(DECK, 3, "A fine title")
    game = xl.Game.new(2, seed=4, deck=deck)
    doc = json.loads(game.to_json())
    assert xl.Game.from_json(json.dumps(doc)) == game
    for k, title in [(3, "A\u2028B"), (4, "x" * (MAX_TITLE + 1))]:
        bad = json.loads(json.dumps(doc))
        bad["deck"][k][1] = title
        with pytest.raises(xl.SaveFileError, match="deck"):
            xl.Game.from_json(json.dumps(bad))
    doubled = json.loads(json.dumps(doc))
    doubled["deck"][5] = doubled["deck"][6]
    with pytest.raises(xl.SaveFileError, match="R2"):
        xl.Game.from_json(json.dumps(doubled))


@pytest.mark.parametrize("size", [MIN_DECK, MIN_DECK + 1, 40, MAX_DECK])
def test_every_deck_size_in_the_bounds_plays_saves_and_loads(size):
    deck = DECK if size == MAX_DECK else (*DECK[: size - 1], xl.EINSTEIN)
    assert len(check_deck(deck)) == size
    check_plays_to_the_end(xl.Game.new(3, seed=size, deck=deck), seed=size)


def test_a_title_at_the_bound_is_kept():
    deck = titled(DECK, 0, "é" * MAX_TITLE)
    game = xl.Game.new(1, seed=2, deck=deck)
    assert xl.Game.from_json(game.to_json()).deck[0].title == "é" * MAX_TITLE


def csv_deck(rows):
    return io.StringIO("year,continent,title\n" + "".join(rows))


def csv_row(year, code, title):
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerow([year, code, title])
    return out.getvalue()


def test_load_deck_reads_the_same_rules():
    rows = [csv_row(c.year or "", c.continent.code if c.continent else "W", c.title) for c in DECK[:30]]
    assert len(xl.load_deck(csv_deck(rows))) == 30
    for bad, fragment in [
        ([*rows[:20], '1950,EU,"A\u2028B"\n'], "U\\+2028"),
        ([*rows[:20], f"1950,EU,{'x' * 200}\n"], "200 characters"),
        ([*rows[:20], "١٩٥٠,EU,Arabic-Indic digits\n"], "digits"),
        ([*rows[:20], "1" * 5000 + ",EU,A very long year\n"], "four digits"),
        ([*rows[:20], "1950,EU,Title,extra\n"], "three fields"),
        (rows[:17], "18 to 101"),
        ([*rows[:20], rows[3]], "twice"),
    ]:
        with pytest.raises(xl.DeckError, match=fragment) as err:
            xl.load_deck(csv_deck(bad))
        check_refusal(err.value, xl.DeckError)


def test_a_deck_file_that_is_not_utf8_or_not_csv_is_a_deck_error(tmp_path):
    path = tmp_path / "deck.csv"
    path.write_bytes(b"year,continent,title\n1950,EU,\xff\xfe\n")
    with pytest.raises(xl.DeckError, match="UTF-8"):
        xl.load_deck(path)
    path.write_text("year,continent,title\n1950,EU," + "x" * 200_000 + "\n", encoding="utf-8")
    with pytest.raises(xl.DeckError):
        xl.load_deck(path)
