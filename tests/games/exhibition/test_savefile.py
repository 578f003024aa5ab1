"""JSON save/load: identical round trips and refusal of malformed or tampered files."""

from __future__ import annotations

import json

import numpy as np
import pytest

import exhibition_lab as xl
from tests.conftest import play_randomly
from tests.helpers.layouts import EMPTY


def played(players=3, steps=25, seed=5, **kwargs) -> xl.Game:
    game = xl.Game.new(players, seed=seed, **kwargs)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if game.is_over:  # a short game may end before ``steps`` actions
            break
        actions = game.legal_actions()
        game.apply(actions[rng.integers(len(actions))])
    return game


def test_round_trip_is_identical_mid_game_and_at_end():
    game = played(secret_decades=True, layout=xl.Layout.base().with_variations("links"))
    loaded = xl.Game.from_json(game.to_json())
    assert loaded == game and loaded.to_json() == game.to_json()
    assert loaded.history == game.history and loaded.phase is game.phase
    finished = play_randomly(played(players=2), np.random.default_rng(9))
    assert xl.Game.from_json(finished.to_json()) == finished
    assert xl.Game.from_json(finished.to_json().encode()) == finished


def test_save_files_record_which_links_reading_was_played():
    # D12: the layout keys name the reading; a version-1 file played the strict one as "links"
    for key in ("links", "links_strict"):
        game = played(layout=xl.Layout.base().with_variations(key), steps=60)
        doc = json.loads(game.to_json())
        assert doc["layout"][0] == key and doc["version"] == xl.games.exhibition.game.SAVE_VERSION
        assert xl.Game.from_json(game.to_json()).layout.keys[0] == key
    strict = played(layout=xl.Layout.base().with_variations("links_strict"), steps=60)
    old = json.loads(strict.to_json())
    del old["start"]  # version 3 added it; versions 1 and 2 always began from a deal
    old["version"], old["layout"][0] = 1, "links"
    loaded = xl.Game.from_json(json.dumps(old))
    assert loaded.layout.keys[0] == "links_strict" and loaded == strict


def test_version_2_files_without_a_start_still_load():
    game = played(players=2)
    doc = json.loads(game.to_json())
    assert doc["start"] is None
    del doc["start"]
    doc["version"] = 2
    assert xl.Game.from_json(json.dumps(doc)) == game
    doc["start"] = None
    with pytest.raises(xl.SaveFileError, match="unknown 'start'"):
        xl.Game.from_json(json.dumps(doc))


def test_loaded_game_can_undo_and_continue():
    game = played()
    loaded = xl.Game.from_json(game.to_json())
    loaded.undo()
    game.undo()
    assert loaded == game


def test_round_trip_with_generator_seed_and_custom_deck():
    deck = [xl.Card(c.year, c.continent, c.title.upper()) for c in xl.standard_deck()]
    game = xl.Game.new(2, seed=np.random.default_rng(3), deck=deck)
    game.apply(game.legal_actions()[0])
    data = json.loads(game.to_json())
    assert data["seed"] is None and data["deck"] is not None
    loaded = xl.Game.from_json(game.to_json())
    assert loaded == game and loaded.deck[0].title == deck[0].title


def tamper(doc: dict, path: list, value) -> str:
    target = doc
    for key in path[:-1]:
        target = target[key]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return json.dumps(doc)


@pytest.mark.parametrize(
    ("path", "value", "fragment"),
    [
        (["version"], 5, "version 5"),
        (["version"], "1", "integer"),
        (["version"], True, "integer"),
        (["format"], "chess", "format"),
        (["players"], KeyError, "lacks 'players'"),
        (["extra"], 1, "unknown 'extra'"),
        (["players"], ["A", "A", "B"], "differ"),
        (["players"], ["A"] * 6, "1 to 5"),
        (["players"], "Ann", "list of names"),
        (["layout"], ["general"], "layout"),
        (["layout"], ["links", "general", "mid_century", "one_continent", "years_gap"], "once"),
        (["seed"], -1, "seed"),
        (["seed"], 10**40, "seed"),
        (["seed"], 6, "does not match seed"),
        (["deal", "stock", 0], "1969XX", "stock card"),
        (["deal", "stock", 0], 1969, "stock card"),
        (["deal", "market", 0, 0], "EIN", "R5"),
        (["deal", "market", 0], [], "starts with 3"),
        (["deal", "secret_decades"], [1900, 1900, 1910], "Secret Decade"),
        (["deal", "extra"], 0, "unknown 'extra'"),
        (["actions", 0], "fly away", "action 0"),
        (["actions", 0], 17, "action 0"),
        (["actions", 3], "end", "action 3"),
        (["actions"], "take", "list"),
        (["state", "round"], 99, "does not match"),
        (["state", "halls", 0], EMPTY, "does not match"),
    ],
)
def test_tampered_save_files_are_refused(path, value, fragment):
    game = played()
    doc = json.loads(game.to_json())
    with pytest.raises(xl.SaveFileError, match=fragment):
        xl.Game.from_json(tamper(doc, path, value))


def test_stock_swap_with_seed_is_detected():
    game = played()
    doc = json.loads(game.to_json())
    stock = doc["deal"]["stock"]
    stock[-1], stock[-2] = stock[-2], stock[-1]
    with pytest.raises(xl.SaveFileError, match="seed"):
        xl.Game.from_json(json.dumps(doc))


@pytest.mark.parametrize(
    "text",
    ["", "{", "[]", "null", "42", '{"version": NaN}', "[" * 100_000, b"\xff\xfe", "x" * 3_000_000, None],
)
def test_malformed_documents_are_refused(text):
    with pytest.raises(xl.SaveFileError):
        xl.Game.from_json(text)


def test_truncated_documents_are_refused():
    text = played().to_json()
    for cut in range(0, len(text), max(len(text) // 40, 1)):
        with pytest.raises(xl.SaveFileError):
            xl.Game.from_json(text[:cut])
