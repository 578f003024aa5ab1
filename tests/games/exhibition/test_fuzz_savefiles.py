"""Fuzzed save files: whatever the document, either SaveFileError or a game that plays on to
the end, saves, loads back equal, writes its position and reads it back equal, and scores.

The documents are saves of real games (new deals and games set up from positions, the
reference deck and custom ones, mid-game and finished), then changed: values replaced by
other JSON values (numbers out of range, other digits, long and odd strings, other
types), keys dropped or added, list items swapped, doubled or dropped, the start position
mutated, and the text itself broken (a byte-order mark, bytes that are not UTF-8, NaN).
"""

from __future__ import annotations

import copy
import json
from functools import cache

import numpy as np
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import exhibition_lab as xl
from tests.games.exhibition.fuzzing import SMALL_DECK, check_plays_to_the_end, check_refusal, mutate, played

QUICK = settings(
    max_examples=300,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
LONG = settings(QUICK, max_examples=2000, derandomize=False)

ODD_VALUES = [
    None,
    True,
    0,
    -1,
    1.5,
    2**63,
    2**63 - 1,
    2**64,
    "",
    "²",
    "٣",
    "x" * 300,
    "A\u2028B",
    "\ufeff",
    [],
    {},
    [None],
    ["1950EU", "1950EU"],
    "EIN",
    "1945W",
    "place 0 0",
    "take ١٩٦٩NA",
]


@cache
def real_saves() -> tuple[str, ...]:
    """Save documents of real games: new deals, starts from positions (seeded or not), custom
    decks and Secret Decades, at the start, mid-game and over."""
    saves = []
    for k in range(12):
        rng = np.random.default_rng(k)
        players = 1 + k % 5
        deck = SMALL_DECK if k % 4 == 3 else None
        if k % 6 == 5:
            titled = xl.standard_deck()
            deck = (xl.Card(titled[0].year, titled[0].continent, "A subject of our own"), *titled[1:])
        game = xl.Game.new(players, seed=k, secret_decades=k % 2 == 0, deck=deck)
        if k % 3 == 1:
            game = played(k, players, steps=int(rng.integers(0, 30)), secret=k % 2 == 0)
            game = xl.Game.from_position(game.position(seat=0), seed=None if k % 2 else k)
        for steps in (0, 7, 40, 1000):
            while steps and not game.is_over:
                actions = game.legal_actions()
                game.apply(actions[int(rng.integers(len(actions)))])
                steps -= 1
            saves.append(game.to_json())
    return tuple(saves)


def paths(value, here=()):
    """Every place in a JSON document: (path, value)."""
    yield here, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*here, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths(item, (*here, index))


def at(doc, path):
    for step in path:
        doc = doc[step]
    return doc


@st.composite
def mutated_saves(draw, max_mutations: int = 3) -> str | bytes:
    pool = real_saves()
    text = pool[draw(st.integers(0, len(pool) - 1))]
    doc = json.loads(text)
    for _ in range(draw(st.integers(0, max_mutations))):
        places = list(paths(doc))
        path, value = places[draw(st.integers(0, len(places) - 1))]
        if not path:
            continue
        parent, last = at(doc, path[:-1]), path[-1]
        how = draw(st.sampled_from(["value", "value", "drop", "add", "swap", "double", "string", "start"]))
        if how == "value":
            parent[last] = copy.deepcopy(draw(st.sampled_from(ODD_VALUES)))  # never the shared object
        elif how == "drop":
            del parent[last]
        elif how == "add" and isinstance(parent, dict):
            parent[draw(st.sampled_from(["extra", "Seed", "version2"]))] = copy.deepcopy(
                draw(st.sampled_from(ODD_VALUES))
            )
        elif how in ("swap", "double") and isinstance(parent, list) and len(parent) > 1:
            other = draw(st.integers(0, len(parent) - 1))
            if how == "swap":
                parent[last], parent[other] = parent[other], parent[last]
            else:
                parent.insert(other, copy.deepcopy(parent[last]))
        elif how == "string" and isinstance(value, str) and value:
            i = draw(st.integers(0, len(value) - 1))
            parent[last] = (
                value[:i] + draw(st.sampled_from(["²", "\u2028", " ", "", "0", "9", "x", "\x00"])) + value[i + 1 :]
            )
        elif how == "string" and isinstance(value, int) and not isinstance(value, bool):
            parent[last] = value + draw(st.sampled_from([-1, 1, 2**63, -(2**63)]))
        elif how == "start" and isinstance(doc.get("start"), str):
            doc["start"] = mutate(doc["start"], draw)
    text = json.dumps(doc, ensure_ascii=draw(st.booleans()))
    broken = draw(st.sampled_from(["", "", "", "bom", "bytes", "latin", "nan", "cut"]))
    if broken == "bom":
        return "\ufeff" + text
    if broken == "bytes":
        return text.encode("utf-8")
    if broken == "latin":
        return text.encode("utf-8") + b"\xff"
    if broken == "nan":
        return text.replace("null", "NaN", 1)
    if broken == "cut":
        return text[: draw(st.integers(0, len(text)))]
    return text


def loaded_or_refused(text: str | bytes) -> xl.Game | None:
    try:
        game = xl.Game.from_json(text)
    except xl.ExhibitionLabError as err:
        check_refusal(err, xl.SaveFileError)
        event("refused")
        return None
    event("loaded")
    return check_plays_to_the_end(game)


@QUICK
@given(mutated_saves())
def test_a_mutated_save_file_is_refused_or_loads_a_game_that_plays_on(text):
    loaded_or_refused(text)


@pytest.mark.slow
@LONG
@given(mutated_saves(max_mutations=5))
def test_many_mutated_save_files_are_refused_or_load_games_that_play_on(text):
    loaded_or_refused(text)


def test_every_real_save_loads_and_plays_on():
    saves = real_saves()
    assert len(saves) == 48
    for text in saves:
        check_plays_to_the_end(xl.Game.from_json(text))
