"""Fuzzed decks, deck files and player names: each is refused with the package's own error
(DeckError, ArgumentError) or gives games that play on to the end, save, load back equal,
write their positions and read them back equal, and score."""

from __future__ import annotations

import csv
import io

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import exhibition_lab as xl
from exhibition_lab.games.exhibition.rules.cards import MAX_DECK, MAX_TITLE, check_deck
from exhibition_lab.games.exhibition.rules.deal import MAX_NAME
from tests.games.exhibition.fuzzing import check_plays_to_the_end, check_refusal

QUICK = settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
LONG = settings(QUICK, max_examples=1000, derandomize=False)
REFERENCE = xl.standard_deck()

#: Text of every kind: letters of any script, controls, format and separator characters.
any_text = st.text(st.characters(codec=None), max_size=MAX_TITLE + 10)
titles = st.one_of(st.sampled_from([c.title for c in REFERENCE]), any_text, st.just("x" * 30_000))


@st.composite
def decks(draw) -> list:
    """Mostly decks of distinct years with a few changes: a year twice, a card twice, odd
    titles, too few or too many cards, something that is not a card."""
    size = draw(st.integers(0, MAX_DECK + 3))
    years = draw(st.permutations([*range(1900, 2000), None]))[: min(size, 101)]
    cards = []
    for year in years:
        white = year is None or year == 1945 or draw(st.integers(0, 30)) == 0
        continent = None if white else draw(st.sampled_from(xl.CONTINENTS))
        title = draw(titles) if draw(st.integers(0, 12)) == 0 else f"Subject {year}"
        cards.append(xl.Card(year, continent, title))
    if cards and draw(st.integers(0, 5)) == 0:
        cards.insert(draw(st.integers(0, len(cards))), draw(st.sampled_from(cards)))
    if draw(st.integers(0, 20)) == 0:
        cards.append(draw(st.sampled_from(["1950EU", None, 1950, ("1950", "EU")])))
    return cards


def played_or_refused(make, *errors):
    try:
        game = make()
    except xl.ExhibitionLabError as err:
        check_refusal(err, *errors)
        event(f"refused: {type(err).__name__}")
        return None
    event("accepted")
    return check_plays_to_the_end(game)


def check_a_deck(cards, players):
    game = played_or_refused(lambda: xl.Game.new(players, seed=players, deck=cards), xl.DeckError)
    if game is not None:
        assert check_deck(cards) == game.deck == tuple(cards)


@QUICK
@given(decks(), st.integers(1, 5))
def test_a_fuzzed_deck_is_refused_or_plays_saves_and_loads(cards, players):
    check_a_deck(cards, players)


@pytest.mark.slow
@LONG
@given(decks(), st.integers(1, 5))
def test_many_fuzzed_decks_are_refused_or_play_save_and_load(cards, players):
    check_a_deck(cards, players)


def deck_csv(rows) -> io.StringIO:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["year", "continent", "title"])
    writer.writerows(rows)
    return io.StringIO(out.getvalue())


cells = st.one_of(
    st.sampled_from(["", "W", "OC", "eu", "XX", "1950", "١٩٥٠", "1950²", " 1951 ", "-1", "2000", "1945", "1" * 5000]),
    any_text,
)


@QUICK
@given(st.lists(st.lists(cells, min_size=0, max_size=4), max_size=30), st.booleans())
def test_a_fuzzed_deck_file_is_refused_or_gives_a_deck_check_deck_accepts(rows, reference):
    if reference:
        rows = [[str(c.year or ""), c.continent.code if c.continent else "W", c.title] for c in REFERENCE[:20]] + rows
    try:
        deck = xl.load_deck(deck_csv(rows))
    except xl.DeckError as err:
        check_refusal(err, xl.DeckError)
        return
    assert check_deck(deck) == deck
    assert list(deck) == sorted(deck, key=lambda c: c.sort_key)


#: Mostly words of letters, marks, digits and dashes in any script, sometimes any text at all.
words = st.text(st.characters(categories=["L", "M", "Nd", "Pd", "Po"]), min_size=1, max_size=15)
plain_names = st.lists(words, min_size=1, max_size=3).map(" ".join)
names = st.one_of(
    plain_names,
    any_text.map(lambda t: t[: MAX_NAME + 2]),
    st.sampled_from(["Ann", "Bob", " Ann", "Ann\n", "A\u2028B", "A\u00a0B", "A\x85B"]),
)
name_lists = st.one_of(st.lists(plain_names, min_size=1, max_size=5), st.lists(names, max_size=6))


def check_names(players):
    game = played_or_refused(lambda: xl.Game.new(players, seed=len(players)), xl.ArgumentError)
    if game is not None:
        assert game.players == tuple(players)
        assert xl.Game.from_position(game.position(), seed=1).players == tuple(players)
        assert xl.Game.from_json(game.to_json()).players == tuple(players)


@QUICK
@given(name_lists)
def test_fuzzed_player_names_are_refused_or_read_back_as_written(players):
    check_names(players)


@pytest.mark.slow
@LONG
@given(name_lists)
def test_many_fuzzed_player_names_are_refused_or_read_back_as_written(players):
    check_names(players)
