"""The position notation: Game.position() / Game.from_position() round trips,
positions that set up a scenario, and malformed positions that name their token."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import exhibition_lab as xl
from exhibition_lab.games.exhibition.rules.layout import VARIATIONS

N_GAMES = 500


def random_layout(rng: np.random.Generator) -> xl.Layout:
    """Base, or up to one variation over each base showcase (V1, D9)."""
    chosen: dict[str, str] = {}
    for key in rng.permutation(sorted(VARIATIONS)):
        if rng.random() < 0.35:
            chosen.setdefault(VARIATIONS[key].covers, str(key))
    return xl.Layout.base().with_variations(*chosen.values())


def random_game(rng: np.random.Generator, k: int) -> xl.Game:
    players = 1 + k % 5  # every count 1–5 equally often
    return xl.Game.new(
        players,
        seed=int(rng.integers(2**31)),
        layout=random_layout(rng),
        secret_decades=bool(rng.random() < 0.5),
    )


def visible(game: xl.Game) -> tuple:
    """Everything a position shows: the state without the stock's order, the stock as a set."""
    return (
        game.setup,
        game.state._replace(stock=()),
        frozenset(game.state.stock),
        game.secret_decades,
    )


def test_every_position_of_500_random_games_round_trips():
    rng = np.random.default_rng(18)
    checked = set()
    for k in range(N_GAMES):
        game = random_game(rng, k)
        checked.add((game.n_players, game.layout.variations != (), game.secret_decades is not None))
        while True:
            text = game.position()
            again = xl.Game.from_position(text, seed=k)
            assert visible(again) == visible(game), text
            assert again.position() == text
            if game.is_over:
                break
            actions = game.legal_actions()
            game.apply(actions[int(rng.integers(len(actions)))])
    assert len(checked) == 20  # 1–5 players × base or variations × with or without V7


def test_a_game_set_up_from_a_position_plays_on_exactly_like_the_original():
    rng = np.random.default_rng(3)
    for k in range(40):
        game = random_game(rng, k)
        for _ in range(int(rng.integers(0, 40))):
            if game.is_over:
                break
            actions = game.legal_actions()
            game.apply(actions[int(rng.integers(len(actions)))])
        twin = xl.Game.from_position(game.position(), deck=game.deck, stock=game.stock_order)
        while not game.is_over:
            assert twin.legal_actions() == game.legal_actions()
            action = game.legal_actions()[int(rng.integers(len(game.legal_actions())))]
            game.apply(action)
            twin.apply(action)
            assert twin.state == game.state
        assert twin.score().rows() == game.score().rows()


def test_same_seed_same_stock_and_unknown_decades():
    game = xl.Game.new(3, seed=5, secret_decades=True)
    hidden = game.position(seat=1)
    assert "secret decades: ? " in hidden and str(game.secret_decades[1]) in hidden
    first, second = (xl.Game.from_position(hidden, seed=9) for _ in range(2))
    assert first.stock_order == second.stock_order and first.secret_decades == second.secret_decades
    assert first.secret_decades[1] == game.secret_decades[1]  # the known one is kept (V7)
    assert len(set(first.secret_decades)) == 3
    other = xl.Game.from_position(hidden, seed=10)
    assert other.stock_order != first.stock_order


def test_position_hides_other_decades_only_until_the_game_is_over():
    game = xl.Game.new(2, seed=2, secret_decades=True)
    assert game.position(seat="Player 1").count("?") == 1
    while not game.is_over:
        game.apply(game.legal_actions()[-1])
    assert "?" not in game.position(seat=0)


def test_saved_game_from_a_position_loads_back_identically():
    start = xl.Game.new(["Ann", "Bob"], seed=4, secret_decades=True)
    game = xl.Game.from_position(start.position(seat=0), seed=12)
    for _ in range(15):
        game.apply(game.legal_actions()[0])
    text = game.to_json()
    loaded = xl.Game.from_json(text)
    assert loaded == game and loaded.start_position == game.start_position
    assert loaded.position() == game.position()


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('"stock": [', '"stock": [', None),  # untouched: loads
        ("seat 2: Bob", "seat 2: Bea", "do not match the start position"),
        (
            "hall 1: . . . . . . / . . . . / . / . . . / . .",
            "hall 1: . . . . . . / . . . . / . / . . . / . . | EIN",
            "'start'",
        ),
    ],
)
def test_tampered_start_position_is_refused(old, new, message):
    game = xl.Game.from_position(xl.Game.new(["Ann", "Bob"], seed=4).position(), seed=12)
    game.apply(game.legal_actions()[0])
    text = game.to_json().replace(old, new, 1)
    if message is None:
        assert xl.Game.from_json(text) == game
        return
    with pytest.raises(xl.SaveFileError, match=message):
        xl.Game.from_json(text)


def test_a_seeded_start_is_checked_against_its_seed():
    game = xl.Game.from_position(xl.Game.new(1, seed=4).position(), seed=12)
    doc = game.to_dict()
    doc["deal"]["stock"][:2] = doc["deal"]["stock"][1::-1]
    with pytest.raises(xl.SaveFileError, match="does not match seed 12"):
        xl.Game.from_json(__import__("json").dumps(doc))


SOLO = """seat 1: Ann
layout: base
tile: OC 1901OC 1907OC 1919OC / SA 1909SA 1911SA 1972SA / AF 1902AF 1904AF 1910AF / AS 1908AS 1912AS 1915AS \
/ EU 1900EU 1905EU 1966EU / NA 1903NA 1914NA 1918NA
vehicles: OC
to move: seat 1
phase: take
hall 1: . . . . . . / . . . . / . / . . . / . ."""


def test_a_hand_written_position_takes_defaults_and_the_rest_of_the_deck_as_stock():
    game = xl.Game.from_position(SOLO, seed=1)
    assert game.round == 1 and game.turn == 1 and game.discard == () and game.final == (False,)
    assert game.stock_size == len(game.deck) - 18
    # R7: the vehicle stands on Oceania, so one of its open cards is taken
    assert {str(a) for a in game.legal_actions()} == {"take 1901OC", "take 1907OC", "take 1919OC"}
    assert game.market[xl.Continent.parse("SA")][0].title  # deck cards carry their subjects


def test_lines_may_come_in_any_order_and_spacing_is_free():
    lines = SOLO.splitlines()
    shuffled = "\n\n".join(["  " + line.replace(": ", ":   ") for line in reversed(lines)])
    assert xl.Game.from_position(shuffled, seed=1).position() == xl.Game.from_position(SOLO, seed=1).position()


@pytest.mark.parametrize(
    ("old", "new", "token", "rule"),
    [
        ("vehicles: OC", "vehicles: XX", "XX", None),
        ("vehicles: OC", "vehicles: OC SA", "OC SA", None),
        ("phase: take", "phase: dance", "dance", None),
        ("phase: take", "phase: place", "hand", "R7"),
        ("phase: take", "phase: take\nhand: 1950EU from EU", "1950EU", "R7"),
        ("phase: take", "phase: move\nhand: 1950EU from EU", "1950EU", "R8"),
        ("to move: seat 1", "to move: seat 2", "seat 2", None),
        ("to move: seat 1", "to move: seat 01", "seat 01", None),
        ("to move: seat 1", "to move: seat 1\nfinal: yes", "seat 1", "R10c"),
        ("phase: take", "phase: over", "final", "R10c"),
        ("tile: OC 1901OC", "tile: SA 1901OC", "SA", None),
        ("tile: OC 1901OC", "tile: OC 1901OC 1920OC", "1920OC", "R9"),
        ("tile: OC 1901OC", "tile: OC 1904AF", "1904AF", "R2"),
        ("tile: OC 1901OC", "tile: OC 1904XY", "1904XY", None),
        ("tile: OC 1901OC", "tile: OC", "OC 1907OC 1919OC", "R9"),  # R9: the stock refills every take
        ("seat 1: Ann", "seat 2: Ann", "seat", "R4"),
        ("seat 1: Ann", "seat 1: Ann\nseat 2: Ann", "Ann", None),
        ("layout: base", "layout: base + links links_strict", "base + links links_strict", "D9"),
        ("layout: base", "layout: base + wormholes", "wormholes", None),
        ("phase: take", "phase: take\nsecret decades: 1955", "1955", "V7"),
        ("phase: take", "phase: take\nsix continents: 4", "4", "R19"),
        ("phase: take", "phase: take\nstock: 12", "12", None),
        ("phase: take", "phase: take\nround: 0", "0", None),
        ("phase: take", "phase: take\nround: 2", "2", "R10c"),  # one card a round: seat 1 has none
        ("phase: take", "phase: refill", "refill", None),  # chance is resolved at once
        ("phase: take", "phase: take\ncolour: blue", "colour", None),
        ("phase: take", "phase: take\nphase: take", "phase", None),
        ("phase: take", "the phase is take", "the phase is take", None),
        ("hall 1: . . . . . .", "hall 1: 1950EU 1940AS . . . .", ". . . . / . / . . . / . .", "R11"),
        ("hall 1: . . . . . .", "hall 1: . . . . . 1966EU", "1966EU", "R2"),
        ("hall 1: . . . . . .", "hall 1: . . . . . ?", "?", None),
        ("hall 1: . . . . . . / . . . . / . / . . . / . .", "", "hall 1", None),
    ],
)
def test_malformed_positions_raise_notation_errors_naming_the_token(old, new, token, rule):
    text = SOLO.replace(old, new, 1)
    assert text != SOLO
    with pytest.raises(xl.NotationError) as err:
        xl.Game.from_position(text, seed=1)
    assert err.value.token is not None and token in err.value.token
    assert err.value.rule == rule
    assert err.value.token in str(err.value) or err.value.token in text


def test_a_card_not_in_the_deck_is_named():
    with pytest.raises(xl.NotationError, match="1904NA is not a card of the deck") as err:
        xl.Game.from_position(SOLO.replace("1904AF", "1904NA"), seed=1)
    assert err.value.token == "1904NA"


def test_a_hall_with_six_continents_needs_its_round():
    # one card of each continent, in year order, fills six General spots (R12)
    firsts = {}
    for c in sorted(xl.standard_deck(), key=lambda c: c.sort_key):
        if c.continent is not None and c.year > 1910:
            firsts.setdefault(c.continent, c)
    general = " ".join(c.token for c in sorted(firsts.values(), key=lambda c: c.sort_key))
    hall = f"{general} / . . . . / . / . . . / . ."
    spare = [c for c in xl.standard_deck() if c not in firsts.values()][:18]
    tile = " / ".join(
        f"{continent.code} " + " ".join(c.token for c in spare[3 * k : 3 * k + 3])
        for k, continent in enumerate(xl.CONTINENTS)
    )
    text = "\n".join(line for line in SOLO.splitlines() if not line.startswith(("tile", "hall")))
    text += f"\ntile: {tile}\nhall 1: {hall}"
    with pytest.raises(xl.NotationError, match="all six continents") as err:
        xl.Game.from_position(text, seed=1)
    assert err.value.rule == "R19" and err.value.token == "hall 1"
    # six cards take six rounds: the sixth continent came in round 6 at the earliest (R19)
    game = xl.Game.from_position(text.replace("phase: take", "phase: take\nsix continents: 6"), seed=1)
    assert game.hall(0) == xl.Hall.parse(hall) and game.six_continents_round == (6,) and game.round == 7


def test_names_that_a_position_cannot_hold_are_refused_when_the_game_is_made():
    # a position writes each name on its own line and reads it back stripped
    for names in ([" Ann", "Bob"], ["Ann\nBob", "Cy"]):
        with pytest.raises(xl.ArgumentError, match="cannot be a player name"):
            xl.Game.new(names, seed=1)
        with pytest.raises(xl.ArgumentError, match="cannot be a player name"):
            xl.Setup(tuple(names))


def test_comment_lines_are_ignored():
    commented = "# a scenario for the course\n" + SOLO.replace("phase: take", "# whose turn\nphase: take")
    assert xl.Game.from_position(commented, seed=1).position() == xl.Game.from_position(SOLO, seed=1).position()


def test_the_documented_example_position_is_a_real_one():
    notation = (Path(__file__).parents[3] / "docs" / "notation.md").read_text(encoding="utf-8")
    block = notation.split("```text\nseat 1: Ann", 1)[1].split("```", 1)[0]
    game = xl.Game.from_position("seat 1: Ann" + block, seed=1)
    assert game.players == ("Ann", "Bob") and game.layout.variations == ("links", "short_era")
    assert game.secret_decades[0] == 1940 and game.stock_size == 79
