"""Fuzzed Timeline save files: whatever the document, either SaveFileError or a game that
plays on to the end, saving and loading back equal on the way (T1–T8).

The documents are saves of real games (seeded deals of 1–8 players, hand-made decks without
a seed, other hand sizes, at the start, mid-game and over), then changed: values replaced by
other JSON values (numbers out of range, other digits, long and odd strings, other types),
keys dropped or added, list items swapped, doubled or dropped, and the text itself broken
(a byte-order mark, bytes that are not UTF-8, NaN, a cut).
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
from exhibition_lab.games.timeline.game import Play, Timeline, TimelineCard
from tests.games.exhibition.fuzzing import check_refusal

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
    1,
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
    [1950, "Event", None],
    [1950, "Event", "XX"],
    "play 0 0",
    "play ١ 0",
    "play 999 0",
]

#: Most plays a game gets before it must be over: far more than any game of the pool needs.
MAX_PLAYS = 3000


def play_on(game: Timeline, rng: np.random.Generator, plays: int) -> Timeline:
    """``plays`` plays (fewer if the game ends), mostly right ones (T3) so that games end."""
    for _ in range(plays):
        if game.is_over:
            break
        card = game.hand(game.current)[int(rng.integers(len(game.hand(game.current))))]
        fitting = game.fitting_gaps(card)
        gap = fitting[0] if rng.random() < 0.8 else int(rng.integers(len(game.timeline) + 1))
        game.apply(Play(card, gap))
    return game


@cache
def real_saves() -> tuple[str, ...]:
    """Save documents of real games: seeded deals of every player count, a hand-made deck with
    no seed and its own hand size, at the start, mid-game and over."""
    saves = []
    for k in range(10):
        rng = np.random.default_rng(k)
        if k % 5 == 4:
            cards = [TimelineCard(1500 + 3 * j, f"Event {j} of our own") for j in range(30)]
            game = Timeline(["Ann", "Ben", "Cy"][: 1 + k % 3], cards, hand_size=None if k % 3 == 0 else 3)
        else:
            game = Timeline.new(1 + k % 8, seed=k)
        for plays in (0, 5, MAX_PLAYS):
            saves.append(play_on(game, rng, plays).to_json())
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
    doc = json.loads(pool[draw(st.integers(0, len(pool) - 1))])
    for _ in range(draw(st.integers(0, max_mutations))):
        places = list(paths(doc))
        path, value = places[draw(st.integers(0, len(places) - 1))]
        if not path:
            continue
        parent, last = at(doc, path[:-1]), path[-1]
        how = draw(st.sampled_from(["value", "value", "drop", "add", "swap", "double", "string", "number"]))
        if how == "value":
            parent[last] = copy.deepcopy(draw(st.sampled_from(ODD_VALUES)))
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
        elif how == "number" and isinstance(value, int) and not isinstance(value, bool):
            parent[last] = value + draw(st.sampled_from([-1, 1, 2**63, -(2**63)]))
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


def check_plays_to_the_end(game: Timeline) -> None:
    """The game saves and loads back equal now, mid-way and at its end, which it reaches."""
    assert Timeline.from_json(game.to_json()) == game
    rng = np.random.default_rng(len(game.history))
    play_on(game, rng, 7)
    assert Timeline.from_json(game.to_json()) == game
    play_on(game, rng, MAX_PLAYS)
    assert game.is_over
    assert Timeline.from_json(game.to_json()) == game
    assert sum(game.card_locations().values()) == game.n_cards


def loaded_or_refused(text: str | bytes) -> None:
    try:
        game = Timeline.from_json(text)
    except xl.ExhibitionLabError as err:
        check_refusal(err, xl.SaveFileError)
        event("refused")
        return
    event("loaded")
    check_plays_to_the_end(game)


@QUICK
@given(mutated_saves())
def test_a_mutated_timeline_save_is_refused_or_loads_a_game_that_plays_on(text):
    loaded_or_refused(text)


@pytest.mark.slow
@LONG
@given(mutated_saves(max_mutations=5))
def test_many_mutated_timeline_saves_are_refused_or_load_games_that_play_on(text):
    loaded_or_refused(text)


def test_every_real_timeline_save_loads_and_plays_on():
    saves = real_saves()
    assert len(saves) == 30
    assert any(json.loads(text)["seed"] is None for text in saves)
    for text in saves:
        check_plays_to_the_end(Timeline.from_json(text))


@pytest.mark.parametrize("seed", [-1, 2**63, 2**64, 1.5, "7", True, np.float64(3)])
def test_a_timeline_seed_out_of_the_seed_range_is_refused(seed):
    for make in (lambda: Timeline.new(2, seed=seed), lambda: Timeline(2, seed=seed)):
        with pytest.raises(xl.ArgumentError, match="2\\*\\*63"):
            make()


@pytest.mark.parametrize("key", [-1, 2**63, 1.5, "7", True])
def test_a_reshuffle_key_out_of_the_seed_range_is_refused(key):
    with pytest.raises(xl.ArgumentError, match="reshuffle key"):
        Timeline(2, reshuffle_key=key)


def test_the_largest_seed_deals_and_saves():
    game = Timeline.new(3, seed=2**63 - 1)
    assert Timeline.from_json(game.to_json()) == game and game.seed == 2**63 - 1
