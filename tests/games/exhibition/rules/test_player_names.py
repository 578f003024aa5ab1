"""One rule for player names at every entry point (player_names): a name is written on one
line of a position and reads back as the same name."""

from __future__ import annotations

import json

import pytest

import exhibition_lab as xl
from exhibition_lab.games.exhibition.rules.deal import MAX_NAME, player_names
from tests.games.exhibition.fuzzing import check_plays_to_the_end, check_refusal

BAD_NAMES = [
    "A\u2028B",  # line separator (Zl)
    "A\u2029B",  # paragraph separator (Zp)
    "A\u0085B",  # next line (Cc)
    "A\x0bB",  # vertical tab (Cc)
    "A\nB",
    "A\tB",
    "A\u200bB",  # zero-width space (Cf)
    "A\u202eB",  # right-to-left override (Cf)
    "A\u00a0B",  # no-break space: only the plain space is a space in a name
    "A\ue000B",  # private use (Co)
    " Ann",
    "Ann ",
    "",
    "x" * (MAX_NAME + 1),
]


@pytest.mark.parametrize("name", BAD_NAMES, ids=ascii)
def test_player_names_refuses_names_a_position_cannot_hold(name):
    with pytest.raises(xl.ArgumentError) as err:
        player_names([name, "Bob"])
    check_refusal(err.value, xl.ArgumentError)
    with pytest.raises(xl.ArgumentError):
        xl.Game.new([name, "Bob"], seed=1)
    with pytest.raises(xl.ArgumentError):
        xl.Setup((name, "Bob"))


@pytest.mark.parametrize("name", BAD_NAMES, ids=ascii)
def test_a_save_file_with_such_a_name_is_refused(name):
    doc = json.loads(xl.Game.new(["Ann", "Bob"], seed=1).to_json())
    doc["players"][0] = name
    with pytest.raises(xl.SaveFileError):
        xl.Game.from_json(json.dumps(doc))


@pytest.mark.parametrize(
    "name", ["Ann", "Anne-Marie", "O'Brien", "José", "李雷", "Ann  Lee", "x" * MAX_NAME, "#1", "a: b", "-", "?"]
)
def test_names_that_read_back_as_written_play_save_and_load(name):
    game = xl.Game.new([name, "Bob"], seed=2)
    assert xl.Game.from_position(game.position(), seed=1).players == (name, "Bob")
    check_plays_to_the_end(game)


def test_names_must_differ_and_count_one_to_five():
    for players in (["Ann", "Ann"], [], ["a", "b", "c", "d", "e", "f"], "Ann", 0, 6, True, None, 2.0):
        with pytest.raises(xl.ArgumentError):
            player_names(players)
