"""Hall requirements R11–R18 with D5–D7, and the hall notation."""

import pytest

import exhibition_lab as xl
from tests.conftest import RON, card, hall
from tests.helpers.layouts import EMPTY, only_showcase


def place_all(text: str, card_token: str) -> list[tuple[int, int]]:
    return hall(text).legal_spots(card(card_token))


def rule_of(text: str, token: str, showcase: int, spot: int, others=()) -> str | None:
    reason = hall(text).why_not(card(token), showcase, spot, others)
    return None if reason is None else reason.split(" ", 1)[0]


# ---------------------------------------------------------------- notation
def test_ron_parses_and_prints_back(ron):
    assert str(ron) == RON
    assert xl.Hall.parse(str(ron)) == ron
    assert ron.depot == (card("1996AS"), card("1938SA"))
    assert ron.n_empty == 3


def test_ron_legal_spots_of_1920_asia(ron):
    assert ron.legal_spots(card("1920AS")) == [(0, 1)]


def test_r27_asian_or_oceanian_card_fits_between_1904_and_1945(ron):
    # The 1945 card takes whichever continent is missing in the General row (R16, R27).
    assert (0, 1) in ron.legal_spots(card("1920OC"))
    assert (0, 1) not in ron.legal_spots(card("1920EU"))


def test_notation_whitespace_is_free():
    text = RON.replace(" / ", "/").replace(" | ", "|")
    assert "/ " not in text and str(hall(text)) == RON


def test_notation_without_depot_and_empty_hall():
    assert str(hall(EMPTY)) == EMPTY
    assert hall(EMPTY) == xl.Hall()


@pytest.mark.parametrize(
    ("text", "token", "fragment"),
    [
        (". . . . . / . . . . / . / . . . / . .", None, "needs 6"),
        (". . . . . . / . . . . / . / . . .", None, "found 4 showcase"),
        (". . . . . . / . . . . / . / . . . / . . | 1900AS 1901AS 1902AS 1903AS", "1903AS", "at most 3"),
        (". . . . . . / . . . . / . / . . . / 19xxNA .", "19xxNA", "position"),
        (". . . . . . / . . . . / . / . . . / . . | .", ".", "Depot"),
        ("1950EU . . . . . / . . . . / . / . . . / . . | 1950AS", "1950AS", "R2"),
        (". . . . . . / . . . . / . / . . . / . . | 1950AS | 1951AS", "|", "second"),
        ("   ", None, "empty"),
    ],
)
def test_malformed_notation_names_token_and_position(text, token, fragment):
    with pytest.raises(xl.NotationError, match=fragment) as err:
        hall(text)
    if token is not None:
        assert err.value.token == token


def test_notation_refuses_illegal_hall_naming_rule():
    with pytest.raises(xl.IllegalHall) as err:
        hall("1950EU 1940AS . . . . / . . . . / . / . . . / . .")
    assert err.value.rule == "R11"
    assert isinstance(err.value, xl.ExhibitionLabError)


def test_notation_is_deck_agnostic():
    text = "1969EU . . . . . / . . . . / . / . . . / . ."
    assert str(hall(text)) == text


# ---------------------------------------------------------------- R11 / D5
def test_r11_ascending_years():
    base = ". 1950EU . . . . / . . . . / . / . . . / . ."
    assert rule_of(base, "1940AS", 0, 0) is None
    assert rule_of(base, "1960AS", 0, 0) == "R11"
    assert rule_of(base, "1940AS", 0, 2) == "R11"
    # R11 applies across empty spots, not only to direct neighbours
    assert rule_of(base, "1940AS", 0, 5) == "R11"


def test_d5_no_room_needed_for_empty_spots_between_consecutive_years():
    assert rule_of("1950EU . . . . . / . . . . / . / . . . / . .", "1951AS", 0, 5) is None


# ---------------------------------------------------------------- R12
def test_r12_distinct_continents_in_a_showcase():
    base = "1950EU . . . . . / . . . . / . / . . . / . ."
    assert rule_of(base, "1960EU", 0, 1) == "R12"
    assert rule_of(base, "1960AS", 0, 1) is None
    # another showcase may hold the same continent
    assert rule_of(base, "1960EU", 1, 0) is None


def test_r12_does_not_apply_to_one_continent():
    assert rule_of(". . . . . . / . . . . / . / 1950EU . . / . .", "1960EU", 3, 1) is None


# ---------------------------------------------------------------- R13 / D6
def test_r13_one_continent_needs_one_continent():
    assert rule_of(". . . . . . / . . . . / . / 1950EU . . / . .", "1960AS", 3, 1) == "R13"


def test_r13_other_players_claim_blocks_that_continent():
    mine = EMPTY
    other = hall(". . . . . . / . . . . / . / 1950EU . . / . .")
    assert rule_of(mine, "1960EU", 3, 0, [other]) == "R13"
    assert rule_of(mine, "1960AS", 3, 0, [other]) is None
    assert "another player" in hall(mine).why_not(card("1960EU"), 3, 0, [other])


def test_d6_white_card_alone_claims_nothing():
    mine = EMPTY
    other = hall(". . . . . . / . . . . / . / 1945W . . / . .")
    assert rule_of(mine, "1960EU", 3, 0, [other]) is None
    assert rule_of(mine, "1960AS", 3, 0, [other]) is None


def test_r13_claims_checked_when_parsing_with_others():
    other = hall(". . . . . . / . . . . / . / 1950EU . . / . .")
    with pytest.raises(xl.IllegalHall) as err:
        xl.Hall.parse(". . . . . . / . . . . / . / 1960EU . . / . .", others=[other])
    assert err.value.rule == "R13"


# ---------------------------------------------------------------- R14
def test_r14_one_era_neighbours_at_most_ten_years():
    base = ". . . . . . / 1950EU . . . / . / . . . / . ."
    assert rule_of(base, "1960AS", 1, 1) is None
    assert rule_of(base, "1961AS", 1, 1) == "R14"


def test_r14_one_era_with_one_free_spot():
    base = ". . . . . . / 1950EU . . . / . / . . . / . ."
    assert rule_of(base, "1970AS", 1, 2) is None
    assert rule_of(base, "1971AS", 1, 2) == "R14"


def test_r14_one_era_with_two_free_spots():
    base = ". . . . . . / 1950EU . . . / . / . . . / . ."
    assert rule_of(base, "1980AS", 1, 3) is None
    assert rule_of(base, "1981AS", 1, 3) == "R14"


def test_r14_checked_on_both_sides():
    base = ". . . . . . / . . 1950EU . / . / . . . / . ."
    assert rule_of(base, "1940AS", 1, 1) is None
    assert rule_of(base, "1939AS", 1, 1) == "R14"
    assert rule_of(base, "1930AS", 1, 0) is None
    assert rule_of(base, "1929AS", 1, 0) == "R14"


def test_r14_only_one_era():
    assert rule_of("1950EU . . . . . / . . . . / . / . . . / . .", "1990AS", 0, 1) is None


# ---------------------------------------------------------------- R15
def test_r15_mid_century_and_years_gap_only_base_rules():
    assert rule_of(EMPTY, "1900AS", 2, 0) is None
    assert rule_of(". . . . . . / . . . . / . / . . . / 1900AS .", "1999EU", 4, 1) is None
    assert rule_of(". . . . . . / . . . . / . / . . . / 1900AS .", "1999AS", 4, 1) == "R12"


# ---------------------------------------------------------------- R16 / D7
def test_r16_1945_takes_whichever_continent_fits():
    row = only_showcase(RON, 0)  # Ron's General row (R27)
    after_asia = hall(row).place(card("1920AS"), 0, 1)
    assert after_asia.is_legal()
    after_oceania = hall(row).place(card("1920OC"), 0, 1)
    assert after_oceania.is_legal()
    # Six coloured continents cannot share a showcase with 1945 as well (R12 via R16).
    # With five continents already shown, 1945 takes the sixth.
    full = "1904AF 1920AS . 1958SA 1966EU 1981NA / . . . . / . / . . . / . ."
    assert rule_of(full, "1945W", 0, 2) is None
    # ...but then no coloured card is left for the free spot: R12 decides over the white card.
    taken = "1904AF 1920AS 1945W 1958SA 1966EU . / . . . . / . / . . . / . ."
    assert rule_of(taken, "1990AS", 0, 5) == "R12"
    assert rule_of(taken, "1990NA", 0, 5) is None


def test_r16_1945_in_one_continent_joins_the_colour():
    assert rule_of(". . . . . . / . . . . / . / 1940EU . . / . .", "1945W", 3, 1) is None
    assert rule_of(". . . . . . / . . . . / . / 1940EU 1945W . / . .", "1950EU", 3, 2) is None
    assert rule_of(". . . . . . / . . . . / . / 1940EU 1945W . / . .", "1950AS", 3, 2) == "R13"


def test_r16_einstein_needs_a_free_year_between_neighbours():
    base = EMPTY
    assert rule_of("1950EU 1951AS . . . . / . . . . / . / . . . / . .", "EIN", 0, 2) is None
    assert rule_of("1950EU . 1951AS . . . / . . . . / . / . . . / . .", "EIN", 0, 1) == "R16"
    assert rule_of("1950EU . 1952AS . . . / . . . . / . / . . . / . .", "EIN", 0, 1) is None
    assert rule_of(base, "EIN", 0, 0) is None


def test_d7_einstein_year_bounds_1900_and_1999():
    assert rule_of(". 1900AS . . . . / . . . . / . / . . . / . .", "EIN", 0, 0) == "R16"
    assert rule_of(". 1901AS . . . . / . . . . / . / . . . / . .", "EIN", 0, 0) is None
    assert rule_of(". . . . 1999AS . / . . . . / . / . . . / . .", "EIN", 0, 5) == "R16"
    assert rule_of(". . . . 1998AS . / . . . . / . / . . . / . .", "EIN", 0, 5) is None
    assert "D7" in hall(". 1900AS . . . . / . . . . / . / . . . / . .").why_not(card("EIN"), 0, 0)


def test_r16_einstein_year_respects_one_era_limits():
    from exhibition_lab.games.exhibition.rules.hall import einstein_years

    era = xl.Layout.base()[1]
    spots = (card("1950EU"), card("EIN"), None, card("1975AS"))
    assert einstein_years(era, spots, 1) == range(1955, 1961)
    general = xl.Layout.base()[0]
    assert einstein_years(general, spots + (None, None), 1) == range(1951, 1975)
    assert rule_of(". . . . . . / 1950EU . . 1975AS / . / . . . / . .", "EIN", 1, 1) is None


def test_r16_einstein_choice_is_re_decided_for_later_cards():
    # With Einstein after 1950, a card at 1951 would leave Einstein no year: illegal.
    base = "1950EU EIN . . . . / . . . . / . / . . . / . ."
    assert rule_of(base, "1951AS", 0, 2) == "R16"
    assert rule_of(base, "1952AS", 0, 2) is None


def test_r17_white_cards_count_for_no_continent(ron):
    assert xl.Continent.AS not in ron.continents
    assert len(ron.continents) == 5


def test_r18_white_cards_refused_in_variation_showcases():
    layout = xl.Layout.base().with_variations("links")
    empty = xl.Hall(layout)
    assert empty.why_not(card("1945W"), 0, 0).startswith("V1")
    assert empty.why_not(card("EIN"), 0, 0).startswith("V1")
    assert empty.why_not(card("1945W"), 1, 0) is None


# ---------------------------------------------------------------- API details
def test_place_returns_new_hall_and_leaves_old_unchanged():
    empty = xl.Hall()
    placed = empty.place(card("1969NA"), 0, 0)
    assert str(empty) == EMPTY
    assert placed[0, 0] == card("1969NA")


def test_place_illegal_raises_with_rule_and_hall():
    with pytest.raises(xl.IllegalAction) as err:
        hall("1950EU . . . . . / . . . . / . / . . . / . .").place(card("1960EU"), 0, 1)
    assert err.value.rule == "R12"
    assert "1960EU" in str(err.value) and "General" in str(err.value)


def test_spot_taken_and_missing_spot():
    base = hall("1950EU . . . . . / . . . . / . / . . . / . .")
    assert base.why_not(card("1960AS"), 0, 0).startswith("R10")
    with pytest.raises(xl.IllegalAction) as err:
        base.why_not(card("1960AS"), 2, 1)
    assert err.value.rule == "R3"


def test_r2_card_already_in_hall_or_depot():
    base = hall(". . . . . . / . . . . / . / . . . / . . | 1960AS")
    assert base.legal_spots(card("1960AS")) == []
    assert base.why_not(card("1960AS"), 0, 0).startswith("R2")


def test_depot_holds_three_cards():
    base = hall(". . . . . . / . . . . / . / . . . / . . | 1960AS 1961AS")
    full = base.add_to_depot(card("1962AS"))
    assert full.depot_full
    with pytest.raises(xl.IllegalAction) as err:
        full.add_to_depot(card("1963AS"))
    assert err.value.rule == "R10"


def test_legal_spots_on_empty_hall_is_every_spot():
    assert len(xl.Hall().legal_spots(card("1969NA"))) == 16


def test_hall_html_shows_showcase_names_and_colours(ron):
    from exhibition_lab.ui.render.cards import card_html
    from exhibition_lab.ui.render.halls import hall_html

    html = hall_html(ron)
    for name in ["General", "One Era", "Mid Century", "One Continent", "Years Gap", "Depot"]:
        assert name in html
    assert xl.Continent.NA.color in html
    assert html.count('class="exlab-empty"') == 3 + 1  # three empty spots and one free Depot spot
    assert "exlab-white" in card_html(card("1945W"))
