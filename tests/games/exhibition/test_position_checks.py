"""Positions the rules could never reach are refused (R2–R10c, R19), and everything a
position accepts plays on to the end, saves, loads back and scores.

Each test starts from a position a real game wrote and changes one thing.
"""

from __future__ import annotations

import json

import pytest

import exhibition_lab as xl
from exhibition_lab.games.exhibition.notation import parse_position
from tests.games.exhibition.fuzzing import check_plays_to_the_end, check_refusal, in_move_phase, played


def in_place_phase() -> xl.Game:
    """A real solo game placing a coloured card it just took, the refill done (R9)."""
    for seed in range(50):
        game = played(seed, players=1, steps=1)
        if game.phase is xl.Phase.PLACE and not game.hand.is_white:
            return game
    raise AssertionError("no seed takes a coloured card first")


def with_line(text: str, key: str, value: str | None) -> str:
    """``text`` with the line ``key: …`` set to ``value`` (added if missing, dropped for None)."""
    lines = [line for line in text.splitlines() if line.partition(":")[0] != key]
    if value is not None:
        lines.append(f"{key}: {value}")
    return "\n".join(lines)


def value(text: str, key: str) -> str:
    return next(line.partition(": ")[2] for line in text.splitlines() if line.partition(":")[0] == key)


def refused(text: str, *, seed: int = 1, deck=None) -> xl.NotationError:
    with pytest.raises(xl.NotationError) as err:
        xl.Game.from_position(text, seed=seed, deck=deck)
    check_refusal(err.value, xl.NotationError, text=text)
    return err.value


def tile_without_first_card(text: str, continent: int) -> tuple[str, str]:
    """The position with the first open card of one continent gone (the stock line dropped,
    so the card goes back to the stock), and that card's token."""
    groups = value(text, "tile").split(" / ")
    words = groups[continent].split()
    token = words[1]
    groups[continent] = " ".join([words[0], *words[2:]]) if len(words) > 2 else f"{words[0]} -"
    return with_line(with_line(text, "tile", " / ".join(groups)), "stock", None), token


# ---------------------------------------------------------------------- the tile and the stock (R5, R9)
@pytest.mark.parametrize("continent", [0, 3, 5])
def test_a_bare_continent_in_the_take_phase_while_the_stock_holds_cards_is_refused(continent):
    # R9: every take is refilled while the stock lasts, so the take phase shows 3 cards everywhere
    text = played(4, players=2, steps=6).position()
    assert value(text, "phase") == "take"
    short, _ = tile_without_first_card(text, continent)
    err = refused(short)
    assert err.rule == "R9" and err.token.startswith(xl.CONTINENTS[continent].code)


def test_an_empty_tile_with_cards_in_the_stock_is_refused_not_stuck():
    text = played(4, players=2).position()
    empty = with_line(with_line(text, "tile", "OC - / SA - / AF - / AS - / EU - / NA -"), "stock", None)
    assert refused(empty).rule == "R9"


def test_the_move_phase_shows_two_cards_where_the_white_card_came_from():
    game = in_move_phase()
    text = game.position()
    where = game.state.taken_at
    groups = value(text, "tile").split(" / ")
    assert len(groups[where.index].split()) == 3  # the code and two cards
    # the same position with a third card there: the refill would put a fourth (R9)
    extra = game.stock_order[0]
    groups[where.index] += f" {extra.token}"
    three = with_line(with_line(text, "tile", " / ".join(groups)), "stock", str(game.stock_size - 1))
    err = refused(three)
    assert err.rule == "R9" and where.code in err.token
    # and a continent other than that one may not be short of a card either
    other = (where.index + 1) % 6
    short, _ = tile_without_first_card(text, other)
    assert refused(short).rule == "R9"


def test_the_place_phase_comes_after_the_refill_while_the_stock_lasts():
    game = in_place_phase()
    assert game.stock_size > 0
    short, _ = tile_without_first_card(game.position(), game.state.taken_at.index)
    assert refused(short).rule == "R9"


def test_a_game_over_with_cards_left_in_the_stock_kept_a_full_tile():
    game = played(2, players=1)
    while not game.is_over:
        game.apply(xl.EndExhibition() if xl.EndExhibition() in game.legal_actions() else game.legal_actions()[0])
    if game.stock_size == 0:
        pytest.skip("this game used the whole stock")
    short, _ = tile_without_first_card(game.position(), 2)
    assert refused(short).rule == "R9"


def test_a_dry_stock_lets_continents_run_empty():
    # with every card in sight there is nothing to refill with (R9): a short tile is fine
    game = played(4, players=1, steps=2)
    text, token = tile_without_first_card(game.position(), 1)
    deck = tuple(c for c in game.deck if c in set(parse_position(text).visible_cards()))
    assert len(deck) >= 18
    check_plays_to_the_end(xl.Game.from_position(text, seed=1, deck=deck))
    assert xl.Card.parse(token) not in deck


def test_chance_phases_are_not_positions():
    # a game never rests at a chance node: the deal and the refill are resolved at once
    text = played(4, players=2).position()
    for phase in ("deal", "decades", "refill"):
        err = refused(with_line(text, "phase", phase))
        assert err.token == phase


# ---------------------------------------------------------------------- the hand (R7, R8)
def test_a_hand_written_as_a_dash_with_a_continent_is_refused():
    game = in_place_phase()
    err = refused(with_line(game.position(), "hand", "- from OC"))
    assert err.token == "-"


def test_after_a_coloured_card_the_vehicle_stands_on_its_continent():
    game = in_place_phase()
    elsewhere = next(c for c in xl.CONTINENTS if c is not game.hand.continent)
    err = refused(with_line(game.position(), "vehicles", elsewhere.code))
    assert err.rule == "R8"


# ---------------------------------------------------------------------- six continents (R19)
def test_a_round_of_six_continents_needs_a_hall_with_six_continents():
    text = played(4, players=2, steps=40).position()
    assert value(text, "six continents") == "- -"
    err = refused(with_line(text, "six continents", "1 -"))
    assert err.rule == "R19" and err.token == "1"


def solo_position(hall: str, *, phase: str = "take", final: str = "no", six: str = "-") -> tuple[str, tuple]:
    """A solo position with ``hall`` and a full tile; the deck is the reference deck with the
    hall's cards in place of the cards of their years."""
    cards = xl.Hall.parse(hall).cards()
    years = {c.year for c in cards}
    deck = tuple(sorted([*cards, *(c for c in xl.standard_deck() if c.year not in years)], key=lambda c: c.sort_key))
    spare = [c for c in deck if c not in cards][:18]
    tile = " / ".join(
        f"{continent.code} " + " ".join(c.token for c in spare[3 * k : 3 * k + 3])
        for k, continent in enumerate(xl.CONTINENTS)
    )
    lines = ["seat 1: Solo", "layout: base", f"tile: {tile}", "vehicles: OC", "to move: seat 1"]
    lines += [f"phase: {phase}", f"final: {final}", f"six continents: {six}", f"hall 1: {hall}"]
    return "\n".join(lines), deck


SIX = "1912OC 1923SA 1934AF 1947AS 1956EU 1968NA / . . . . / . / . . . / . ."


def test_six_continents_take_at_least_six_rounds():
    # one card a round, so the sixth continent comes in round 6 at the earliest (R19)
    text, deck = solo_position(SIX, six="6")
    game = xl.Game.from_position(text, seed=1, deck=deck)
    assert game.round == 7 and game.six_continents_round == (6,)
    check_plays_to_the_end(game)
    assert refused(solo_position(SIX, six="5")[0], deck=deck).rule == "R19"
    assert refused(solo_position(SIX, six="8")[0], deck=deck).rule == "R19"


FULL = (
    "1900AS 1901OC 1902AF 1903NA 1904EU 1905SA / 1907OC 1908AS 1909EU 1910AF / 1911SA / "
    "1912OC 1920OC 1930OC / 1913SA 1914EU"
)


def test_a_full_hall_is_final():
    # R10b: filling the sixteenth spot ends the exhibition
    text, deck = solo_position(FULL, phase="over", final="yes", six="6")
    check_plays_to_the_end(xl.Game.from_position(text, seed=1, deck=deck))
    err = refused(solo_position(FULL, phase="take", final="no", six="6")[0], deck=deck)
    assert err.rule == "R10b" and err.token == "no"


# ---------------------------------------------------------------------- rounds, turns and finals (R10a–R10c)
def test_round_and_turn_count_the_cards_played():
    game = played(4, players=2, steps=25)
    text = game.position()
    assert refused(with_line(text, "round", str(game.round + 1))).token == str(game.round + 1)
    assert refused(with_line(text, "turn", str(game.turn + 2))).token == str(game.turn + 2)
    # left out, they are counted from the halls
    derived = xl.Game.from_position(with_line(with_line(text, "round", None), "turn", None), seed=1)
    assert (derived.round, derived.turn) == (game.round, game.turn)


def test_a_final_seat_without_a_discarded_card_is_refused():
    # R10a, D3: an exhibition that ends early discards the card that fit nowhere
    text = played(5, players=3).position()
    err = refused(with_line(text, "final", "no yes no"))
    assert err.token == "no yes no"
    assert err.rule == "R10a"


def test_a_seat_that_has_not_played_yet_stands_where_it_started():
    text = played(5, players=3).position()  # round 1, nobody has moved (R6)
    err = refused(with_line(text, "vehicles", "OC SA EU"))
    assert err.rule == "R6" and err.token == "EU"


# ---------------------------------------------------------------------- lines and numbers
def test_a_second_line_for_the_same_hall_is_refused():
    text = played(4, players=2, steps=9).position()
    hall_line = next(line for line in text.splitlines() if line.startswith("hall 1:"))
    err = refused(text + "\n" + hall_line.replace("hall 1", "hall 01"))
    assert err.token == "hall 01"


def test_seat_numbers_with_leading_zeros_are_refused_not_a_key_error():
    text = played(4, players=2).position()
    err = refused(text.replace("seat 1:", "seat 01:"))
    assert err.token == "seat 01"
    err = refused(text.replace("to move: seat 1", "to move: seat 01"))
    assert "01" in err.token


@pytest.mark.parametrize(
    ("key", "written"),
    [
        ("round", "²"),
        ("turn", "1²"),
        ("stock", "8³"),
        ("to move", "seat ¹"),
        ("six continents", "⁷ -"),
        ("stock", "٨٣"),  # Arabic-Indic digits
        ("round", "１"),  # fullwidth
    ],
)
def test_numbers_are_written_in_ascii_digits(key, written):
    text = played(4, players=2).position()
    err = refused(with_line(text, key, written))
    assert err.token in written or written in err.token


def test_secret_decades_in_other_digits_are_refused():
    text = played(4, players=2, secret=True).position()
    assert refused(with_line(text, "secret decades", "١٩٤٠ ?")).rule == "V7"


def test_a_hall_card_in_other_digits_is_refused():
    text = played(4, players=1).position()
    err = refused(with_line(text, "hall 1", "١٩٦٩NA . . . . . / . . . . / . / . . . / . ."))
    assert "١٩٦٩NA" in err.token


def test_superscripts_in_a_saved_start_position_are_a_save_file_error():
    game = xl.Game.from_position(played(4, players=2).position(), seed=3)
    doc = json.loads(game.to_json())
    doc["start"] = doc["start"].replace("round: 1", "round: ²")
    with pytest.raises(xl.SaveFileError) as err:
        xl.Game.from_json(json.dumps(doc))
    check_refusal(err.value, xl.SaveFileError)


def test_actions_in_other_digits_are_refused():
    for text in ("place ² 0", "place 0 ٣", "take ¹⁹⁶⁹NA", "take ١٩٦٩NA"):
        with pytest.raises(xl.NotationError) as err:
            xl.parse_action(text)
        check_refusal(err.value, xl.NotationError, text=text)


def test_a_leading_byte_order_mark_is_read_as_nothing():
    game = played(4, players=2, steps=7)
    text = game.position()
    with_bom = xl.Game.from_position("\ufeff" + text, seed=1)
    assert with_bom.position() == text


# ---------------------------------------------------------------------- names
@pytest.mark.parametrize("name", ["A\u2028B", "A\u0085B", "A\x0bB", "A\u200bB", "A\u00a0B", "x" * 41])
def test_a_seat_line_with_a_name_no_game_may_have_is_refused(name):
    text = played(4, players=2).position().replace("seat 1: Player 1", f"seat 1: {name}")
    err = refused(text)
    assert err.token


def test_names_that_read_back_as_other_names_are_refused_when_the_game_is_made():
    for name in ("A\u2028B", "A\u0085B", "A\x0bB", " Ann"):
        with pytest.raises(xl.ArgumentError) as err:
            xl.Game.new([name, "Bob"], seed=1)
        check_refusal(err.value, xl.ArgumentError)


def test_a_year_of_thousands_of_digits_is_a_notation_error():
    # Python refuses int() of more than 4300 digits with a ValueError of its own
    text = played(4, players=1).position()
    hall = "1" * 5000 + "NA . . . . . / . . . . / . / . . . / . ."
    err = refused(with_line(text, "hall 1", hall))
    assert err.rule == "R2" and len(str(err)) < 500
    with pytest.raises(xl.NotationError):
        xl.parse_action("take " + "1" * 5000 + "NA")
    for key in ("round", "turn", "stock", "six continents", "to move"):
        written = "9" * 5000 if key != "to move" else "seat " + "9" * 5000
        assert "9999" in refused(with_line(text, key, written)).token


def test_api_values_of_the_wrong_kind_are_argument_errors():
    game = played(4, players=1)
    for call in (
        lambda: xl.Game.new(1, seed=1, layout="base"),
        lambda: xl.Game(["Ann"], "a deal"),
        lambda: game.position(seat=3),
        lambda: game.score(solo_rules=7),
    ):
        with pytest.raises(xl.ArgumentError) as err:
            call()
        check_refusal(err.value, xl.ArgumentError)
    assert game.score("tiebreak") == game.score(xl.SoloRules.tiebreak_reading())
