"""Property tests (hypothesis): notation round trips, legal_spots against a brute-force
oracle over every wild-card choice, scoring invariants, fuzzed notation and save files."""

from __future__ import annotations

import json
from itertools import pairwise, product

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import exhibition_lab as xl
from exhibition_lab.games.exhibition.rules.layout import unique_decades_range
from exhibition_lab.games.exhibition.rules.scoring import score_halls
from tests.conftest import play_randomly
from tests.helpers.layouts import layouts

LAYOUTS = layouts()
DECK = xl.standard_deck()
SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def position(seed: int, steps: int, layout: xl.Layout, players: int) -> xl.Game:
    """A game after ``steps`` random actions (stops early at the end)."""
    return play_randomly(xl.Game.new(players, seed=seed, layout=layout), np.random.default_rng(seed), steps)


# ---------------------------------------------------------------- the oracle
def concrete_ok(kind, spots, claims, taken, players) -> bool:
    """RULES.md R11–R14, V2–V6a for a showcase whose cards all have a year and a continent."""
    filled = [(i, y, c) for i, (y, c) in enumerate(spots) if y is not None]
    years = [y for _, y, _ in filled]
    if any(b <= a for a, b in pairwise(years)):
        return False
    continents = [c for _, _, c in filled]
    if kind.distinct_continents and len(set(continents)) < len(continents):
        return False
    if kind.same_continent and (len(set(continents)) > 1 or (continents and continents[0] in claims)):
        return False
    for (i, a, ca), (j, b, cb) in pairwise(filled):
        free = j - i - 1
        if kind.max_step is not None and b - a > kind.max_step * (free + 1):
            return False
        if kind.min_step is not None and b - a < kind.min_step * (free + 1):
            return False
        if kind.link_years is not None and j == i + 1 and ca != cb and b - a > kind.link_years:
            return False
    decades = [y - y % 10 for y in years]
    if kind.same_decade and len(set(decades)) > 1:
        return False
    if kind.unique_decades:
        low, high = unique_decades_range(players)
        if len(set(decades)) < len(decades) or any(not low <= d <= high or d in taken for d in decades):
            return False
    return True


def oracle_fits(hall: xl.Hall, card: xl.Card, s: int, i: int, others, players: int) -> bool:
    if hall.showcases[s][i] is not None or any(c.year == card.year for c in hall.cards()):
        return False
    kind = hall.layout[s]
    cards = list(hall.showcases[s])
    cards[i] = card
    if kind.is_variation and any(c is not None and c.is_white for c in cards):
        return False  # V1
    claims = {
        c.continent
        for h in others
        for k, sp in zip(h.layout, h.showcases)
        if k.same_continent
        for c in sp
        if c is not None and c.continent is not None
    }
    taken = {
        c.decade
        for h in others
        for k, sp in zip(h.layout, h.showcases)
        if k.unique_decades
        for c in sp
        if c is not None
    }
    options = []
    for c in cards:
        if c is None:
            options.append([(None, None)])
        elif c.is_einstein:
            options.append([(y, k) for y in range(1900, 2000) for k in xl.CONTINENTS])
        elif c.is_white:
            options.append([(c.year, k) for k in xl.CONTINENTS])
        else:
            options.append([(c.year, c.continent)])
    return any(concrete_ok(kind, choice, claims, taken, players) for choice in product(*options))


@SETTINGS
@given(
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 90),
    layout=st.sampled_from(LAYOUTS),
    players=st.integers(1, 5),
    continent=st.sampled_from(xl.CONTINENTS),
)
def test_legal_spots_equal_brute_force_over_wild_choices(seed, steps, layout, players, continent):
    game = position(seed, steps, layout, players)
    seat = game.current
    hall, others = game.hall(seat), game.others(seat)
    # every card of the deck, and every year once more with another continent (any deck)
    cards = list(DECK) + [xl.Card(y, continent) for y in range(1900, 2000)]
    for card in cards:
        expected = [
            (s, i)
            for s, spots in enumerate(hall.showcases)
            for i in range(len(spots))
            if oracle_fits(hall, card, s, i, others, players)
        ]
        assert hall.legal_spots(card, others, players=players) == expected, (str(hall), card)


# ---------------------------------------------------------------- notation
@SETTINGS
@given(
    seed=st.integers(0, 10**6), steps=st.integers(0, 120), layout=st.sampled_from(LAYOUTS), players=st.integers(1, 5)
)
def test_notation_round_trip_for_any_legal_hall(seed, steps, layout, players):
    game = position(seed, steps, layout, players)
    for hall in game.halls:
        again = xl.Hall.parse(str(hall), layout, players=players)
        assert again == hall and str(again) == str(hall)


TOKENS = st.sampled_from(
    [
        ".",
        "/",
        "|",
        "1969NA",
        "1945W",
        "EIN",
        "1900AS",
        "1999EU",
        "1969na",
        "2000NA",
        "1899OC",
        "19x9",
        "NA",
        "",
        "1969XX",
        "ein",
        "//",
        "||",
        "1950EU",
        "1951EU",
        "1952AS",
        "\t",
        "\n",
        "١٩٦٩NA",
        "1e3NA",
        "-1969NA",
    ]
)


@settings(max_examples=400, deadline=None)
@given(st.one_of(st.text(max_size=200), st.lists(TOKENS, max_size=40).map(" ".join)))
def test_fuzzed_notation_never_crashes(text):
    for layout in (LAYOUTS[0], LAYOUTS[-1]):
        try:
            hall = xl.Hall.parse(text, layout)
        except xl.ExhibitionLabError as error:
            assert str(error)
        else:
            assert xl.Hall.parse(str(hall), layout) == hall


# ---------------------------------------------------------------- scoring
@SETTINGS
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 120), players=st.integers(1, 5), card=st.sampled_from(DECK))
def test_scoring_invariants(seed, steps, players, card):
    game = position(seed, steps, xl.Layout.base(), players)
    hall = game.hall(0)
    before = score_halls({"A": hall})["A"]
    assert before.total == sum(before.points.values())
    for spot in hall.legal_spots(card)[:4]:
        after = score_halls({"A": hall.place(card, *spot)})["A"]
        assert after.points["decades"] >= before.points["decades"]
        assert after.points["chain"] >= before.points["chain"]
        assert after.total == sum(after.points.values())
    if not hall.depot_full and all(c.year != card.year for c in hall.cards()):
        with_depot = score_halls({"A": hall.add_to_depot(card)})["A"].points
        assert {k: v for k, v in with_depot.items() if k != "depot"} == {
            k: v for k, v in before.points.items() if k != "depot"
        }
        assert with_depot["depot"] == before.points["depot"] - 1


# ---------------------------------------------------------------- save files
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**30), 10**30) | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=8,
)


def paths(doc, prefix=()):
    yield prefix
    if isinstance(doc, dict):
        for key, value in doc.items():
            yield from paths(value, (*prefix, key))
    elif isinstance(doc, list):
        for k, value in enumerate(doc[:6]):
            yield from paths(value, (*prefix, k))


SAVED = position(4, 30, LAYOUTS[-1], 3).to_json()
ALL_PATHS = [p for p in paths(json.loads(SAVED)) if p]


@settings(max_examples=300, deadline=None)
@given(path=st.sampled_from(ALL_PATHS), value=JSON_VALUES, delete=st.booleans())
def test_tampered_save_files_fail_cleanly_or_load_a_consistent_game(path, value, delete):
    doc = json.loads(SAVED)
    target = doc
    for key in path[:-1]:
        target = target[key]
    if delete and isinstance(target, dict):
        del target[path[-1]]
    else:
        target[path[-1]] = value
    try:
        game = xl.Game.from_json(json.dumps(doc))
    except xl.SaveFileError as error:
        assert str(error).startswith("cannot load the game") or "JSON" in str(error)
        return
    assert sum(game.card_locations().values()) == len(game.deck)
    for seat, hall in enumerate(game.halls):
        assert hall.is_legal(game.others(seat), players=game.n_players)


@settings(max_examples=200, deadline=None)
@given(cut=st.integers(0, len(SAVED)), junk=st.text(max_size=5))
def test_truncated_or_spliced_save_text_fails_cleanly(cut, junk):
    text = SAVED[:cut] + junk
    try:
        game = xl.Game.from_json(text)
    except xl.SaveFileError:
        return
    assert game == xl.Game.from_json(SAVED)
