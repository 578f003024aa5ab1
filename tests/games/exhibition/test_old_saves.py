"""Every save file an earlier version wrote still loads, and loads as the game it was.

The files in ``old_saves/`` were written by the package of the commit that introduced each
format version (``old_saves/make_old_saves.py`` says how). Versions 1 and 2 name no deck when
the game used the reference deck of their day, which the deck's rebalancing has since
replaced: the loader finds that deck among the earlier reference decks.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

import exhibition_lab as xl
from exhibition_lab.games.exhibition.savefile import READABLE_VERSIONS, SAVE_VERSION

OLD = Path(__file__).parent / "old_saves"
FILES = sorted(OLD.glob("v*.json"))


def test_a_file_of_every_earlier_version_is_kept():
    assert {int(p.name[1 : p.name.index("_")]) for p in FILES} == set(READABLE_VERSIONS) - {SAVE_VERSION}


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_an_old_save_loads_as_the_game_it_was(path):
    doc = json.loads(path.read_text(encoding="utf-8"))
    game = xl.Game.from_json(path.read_text(encoding="utf-8"))
    assert [str(action) for _, action in game.history] == doc["actions"]
    assert [str(hall) for hall in game.halls] == doc["state"]["halls"]
    assert (game.players, game.seed) == (tuple(doc["players"]), doc["seed"])
    assert game.to_dict()["state"] == doc["state"]
    # saved again, it is a file of today's version that loads equal
    again = xl.Game.from_json(game.to_json())
    assert again.to_dict() == game.to_dict() and again.to_dict()["version"] == SAVE_VERSION
    if doc["deck"] is not None:
        assert [[c.token, c.title] for c in game.deck] == doc["deck"]


def test_a_custom_deck_keeps_its_subjects_in_every_language():
    deck = tuple(
        replace(card, title=f"Subject {k}", titles=(("es", f"Tema {k}"), ("ja", f"題 {k}")))
        for k, card in enumerate(xl.standard_deck())
    )
    game = xl.Game.new(2, seed=4, deck=deck)
    for action in ("take " + next(str(a.card) for a in game.legal_actions() if isinstance(a, xl.Take)),):
        game.apply(action)
    loaded = xl.Game.from_json(game.to_json())
    assert [(c.title, c.title_in("es"), c.title_in("ja")) for c in loaded.deck] == [
        (c.title, c.title_in("es"), c.title_in("ja")) for c in deck
    ]
    assert loaded.deck[3].title_in("ja") == "題 3"
    # the reference deck with its translations is still saved as null
    assert json.loads(xl.Game.new(2, seed=4).to_json())["deck"] is None


def test_a_version_1_links_game_keeps_the_strict_reading():
    """D12: version 1 called the strict reading "links"; it loads as "links_strict"."""
    game = xl.Game.from_json((OLD / "v1_two_players_links.json").read_text(encoding="utf-8"))
    assert game.layout.keys[0] == "links_strict"
    game = xl.Game.from_json((OLD / "v2_two_players_links.json").read_text(encoding="utf-8"))
    assert game.layout.keys[0] == "links"
