"""R1, R2, D1, D2: continents, cards and the reference deck."""

from collections import Counter

import pytest

import exhibition_lab as xl
from tests.conftest import card


def test_r1_continent_order_codes_and_colours():
    assert [c.code for c in xl.CONTINENTS] == ["OC", "SA", "AF", "AS", "EU", "NA"]
    assert xl.Continent.OC.title == "Oceania"
    assert xl.Continent.parse("na") is xl.Continent.NA
    assert [c.index for c in xl.CONTINENTS] == list(range(6))
    assert len({c.color for c in xl.CONTINENTS}) == 6


def test_d1_south_america_is_red():
    red, green, blue = (int(xl.Continent.SA.color[k : k + 2], 16) for k in (1, 3, 5))
    assert red > 150 and green < 100 and blue < 100


def test_r2_deck_has_one_card_per_year_and_einstein():
    deck = xl.standard_deck()
    assert len(deck) == 101
    years = [c.year for c in deck if c.year is not None]
    assert sorted(years) == list(range(1900, 2000))
    white = [c for c in deck if c.is_white]
    assert [c.token for c in white] == ["1945W", "EIN"]
    assert deck[-1].is_einstein and deck[-1].title


def test_d2_deck_balance_and_titles():
    deck = xl.standard_deck()
    counts = Counter(c.continent for c in deck if not c.is_white)
    assert set(counts) == set(xl.CONTINENTS)
    assert all(count in (16, 17) for count in counts.values())
    assert all(c.title.strip() for c in deck)
    assert card("1969NA").title == "Apollo 11 lands on the Moon"
    assert "Second World War" in card("1945W").title


TITLE_LIMIT = 70  # the play app shows titles on 64-pixel cards; longer ones are cut off


def test_d2_each_year_has_exactly_one_card():
    years = Counter(c.year for c in xl.standard_deck())
    assert all(years[year] == 1 for year in range(1900, 2000))
    assert years[None] == 1  # Einstein alone is yearless (R2)


def test_d2_every_continent_in_as_many_decades_as_the_deck_allows():
    deck = xl.standard_deck()
    coloured = [c for c in deck if not c.is_white]
    covered = {(c.decade, c.continent) for c in coloured}
    # Upper bound: a decade shows at most min(6, its coloured years) continents, and a
    # continent at most min(10, its cards) decades. A deck that reaches the bound is optimal.
    per_decade = Counter(c.decade for c in coloured)
    per_continent = Counter(c.continent for c in coloured)
    bound = min(
        sum(min(len(xl.CONTINENTS), n) for n in per_decade.values()),
        sum(min(10, n) for n in per_continent.values()),
    )
    assert bound == 60  # 1945 is white, yet the 1940s keep nine coloured years
    missing = sorted(
        f"{continent.code} {decade}s"
        for decade in range(1900, 2000, 10)
        for continent in xl.CONTINENTS
        if (decade, continent) not in covered
    )
    assert len(covered) == bound, f"no card for: {', '.join(missing)}"


def test_d2_titles_fit_on_a_card():
    too_long = [c.token for c in xl.standard_deck() if len(c.title) > TITLE_LIMIT]
    assert too_long == []


def test_card_parse_and_tokens_round_trip():
    for token in ["1969NA", "1945W", "EIN", "1900OC", "1999SA"]:
        assert str(card(token)) == token
    assert card("1969na") == card("1969NA")
    # deck-agnostic: a token outside the reference deck still parses
    other = card("1969EU")
    assert other.year == 1969 and other.continent is xl.Continent.EU and other.title == ""
    assert other != card("1969NA")


@pytest.mark.parametrize("bad", ["", "1899NA", "2000EU", "19690NA", "1969XX", "69NA", "EINSTEIN", "1969", "NA1969"])
def test_card_parse_rejects_malformed_tokens(bad):
    with pytest.raises(xl.NotationError) as err:
        xl.Card.parse(bad)
    assert err.value.token is not None


def test_card_equality_ignores_title_and_sorts_einstein_last():
    assert xl.Card(1969, xl.Continent.NA, "x") == xl.Card(1969, xl.Continent.NA, "y")
    cards = sorted([card("EIN"), card("1999EU"), card("1900AS")], key=lambda c: c.sort_key)
    assert [c.token for c in cards] == ["1900AS", "1999EU", "EIN"]


def test_load_deck_validates_shape(tmp_path):
    good = tmp_path / "deck.csv"
    rows = "".join(f"{1901 + k},OC,Subject {k}\n" for k in range(16))  # R5: 18 cards at least
    good.write_text(f"year,continent,title\n{rows},W,Einstein\n1945,W,War ends\n", encoding="utf-8")
    assert [c.token for c in xl.load_deck(good)][-3:] == ["1916OC", "1945W", "EIN"]
    for body, fragment in [
        (f"year,continent,title\n{rows}", "18 to 101 cards"),
        ("year,title\n1901,A\n", "header"),
        ("year,continent,title\n1901,OC,A\n1901,EU,B\n", "twice"),
        ("year,continent,title\n1901,XX,A\n", "line 2"),
        ("year,continent,title\n1901,OC,\n", "title"),
        ("year,continent,title\n,EU,Nobody\n", "white"),
    ]:
        bad = tmp_path / "bad.csv"
        bad.write_text(body, encoding="utf-8")
        with pytest.raises(xl.DeckError, match=fragment):
            xl.load_deck(bad)


def test_repr_of_every_card_evaluates_back_to_an_equal_card():
    # eval only on the package's own reprs, in a test
    namespace = {"Card": xl.Card}
    cards = list(xl.standard_deck()) + [card("1945W"), card("EIN"), card("1969EU")]
    for c in cards:
        assert repr(c) == f"Card.parse({c.token!r})"
        again = eval(repr(c), namespace)
        assert again == c and again.token == c.token
