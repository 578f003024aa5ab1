"""What every input the package accepts must allow, and what every refusal must say.

The fuzz tests and the refusal tests share these checks: an accepted game plays on to the
end, saves and loads back equal, writes its position and reads it back equal, and scores;
a refused input raises the package's own error, with the token and a known rule id.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

import numpy as np
from hypothesis import strategies as st

import exhibition_lab as xl
from exhibition_lab.games.exhibition.rules.layout import VARIATIONS


@cache
def rule_ids() -> frozenset[str]:
    """Every rule id the rules page defines (R9, V6a, D4, …)."""
    text = xl.rules_path().read_text(encoding="utf-8")
    return frozenset(re.findall(r"\*\*([RVSDT][0-9]+[a-z]?) ·", text))


def played(seed: int, players: int = 2, steps: int = 0, *, variations=(), secret: bool = False) -> xl.Game:
    """A real game after ``steps`` random actions (fewer when it ends first)."""
    layout = xl.Layout.base().with_variations(*variations) if variations else None
    game = xl.Game.new(players, seed=seed, layout=layout, secret_decades=secret)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if game.is_over:
            break
        actions = game.legal_actions()
        game.apply(actions[int(rng.integers(len(actions)))])
    return game


def random_variations(rng: np.random.Generator) -> tuple[str, ...]:
    """Up to one variation over each base showcase (V1, D9)."""
    chosen: dict[str, str] = {}
    for key in rng.permutation(sorted(VARIATIONS)):
        if rng.random() < 0.3:
            chosen.setdefault(VARIATIONS[key].covers, str(key))
    return tuple(chosen.values())


def in_move_phase(players: int = 1) -> xl.Game:
    """A real game just after a white card was taken (R8): the move phase."""
    for seed in range(200):
        game = xl.Game.new(players, seed=seed)
        rng = np.random.default_rng(seed)
        while not game.is_over and game.phase is not xl.Phase.MOVE:
            actions = game.legal_actions()
            whites = [a for a in actions if isinstance(a, xl.Take) and a.card.is_white]
            game.apply(whites[0] if whites else actions[int(rng.integers(len(actions)))])
        if game.phase is xl.Phase.MOVE and game.stock_size > 0:
            return game
    raise AssertionError("no seed reaches the move phase")


def visible(game: xl.Game) -> tuple:
    """Everything a position shows: the state without the stock's order, the stock as a set."""
    return (game.setup, game.state._replace(stock=()), frozenset(game.state.stock), game.secret_decades)


def check_round_trips(game: xl.Game) -> None:
    """The game saves and loads back equal, and its position reads back to the same game."""
    loaded = xl.Game.from_json(game.to_json())
    assert loaded == game
    assert loaded.position() == game.position()
    text = game.position()
    again = xl.Game.from_position(text, seed=1, deck=game.deck)
    assert visible(again) == visible(game), text
    assert again.position() == text
    twin = xl.Game.from_position(text, deck=game.deck, stock=game.stock_order)
    assert twin.state == game.state


def check_plays_to_the_end(game: xl.Game, seed: int = 0, *, round_trip_every: int = 0) -> xl.Game:
    """The property of an accepted game: never stuck, round trips at the start, every
    ``round_trip_every`` decisions and at the end, and a score sheet at the end."""
    check_round_trips(game)
    game.score()
    rng = np.random.default_rng(seed)
    limit = game.setup.info.max_game_length
    for step in range(limit + 1):
        if game.is_over:
            break
        actions = game.legal_actions()
        assert actions, f"stuck: not over and no legal action\n{game.position()}"
        game.apply(actions[int(rng.integers(len(actions)))])
        if round_trip_every and step % round_trip_every == round_trip_every - 1:
            check_round_trips(game)
    assert game.is_over, "the game did not end within its maximal length"
    assert game.legal_actions() == []
    check_round_trips(game)
    sheet = game.score()
    assert set(sheet.winners) <= set(game.players) and sheet.winners
    return game


def check_refusal(err: BaseException, *kinds: type, text: str | None = None) -> None:
    """A refusal is one of the package's ``kinds``; a NotationError names its token (found in
    the input or the message) and every cited rule is one the rules page defines."""
    assert isinstance(err, kinds), f"{type(err).__name__}: {err}"
    assert isinstance(err, xl.ExhibitionLabError)
    if err.rule is not None:
        assert err.rule in rule_ids(), f"unknown rule id {err.rule!r} in: {err}"
    if isinstance(err, xl.NotationError):
        assert isinstance(err.token, str) and err.token, f"no token in: {err}"
        named = err.token in str(err) or repr(err.token) in str(err)
        assert named or (text is not None and err.token in text), (err.token, str(err))


# ---------------------------------------------------------------------- a pool of real positions
#: A deck of 26 cards: the stock (8 cards) runs dry in a few rounds, so continents empty
#: (R7's take anywhere, R9 without a refill) and games end when no card is left (D4).
class NamedDeck(tuple):
    """A deck that a failing example shows by its name, not card by card."""

    def __repr__(self) -> str:
        return "SMALL_DECK"


SMALL_DECK = NamedDeck(c for c in xl.standard_deck() if c.year is None or c.year % 4 == 1 or c.year == 1945)


@dataclass(frozen=True)
class Real:
    """A position a real game wrote, with the deck it needs (``None``: the reference deck)."""

    text: str
    deck: tuple[xl.Card, ...] | None


@cache
def real_positions() -> tuple[Real, ...]:
    """Every position of 24 seeded random games — 1 to 5 players, variations, Secret Decades,
    the small deck — from the deal to the end; some written for one seat (V7's '?')."""
    found = []
    for k in range(24):
        rng = np.random.default_rng(1000 + k)
        players = 1 + k % 5
        variations = random_variations(rng) if k % 3 else ()
        deck = SMALL_DECK if k % 4 == 3 else None
        layout = xl.Layout.base().with_variations(*variations)
        game = xl.Game.new(players, seed=1000 + k, layout=layout, secret_decades=k % 2 == 1, deck=deck)
        while True:
            seat = int(rng.integers(players)) if rng.random() < 0.2 else None
            found.append(Real(game.position(seat=seat), deck))
            if game.is_over:
                break
            actions = game.legal_actions()
            game.apply(actions[int(rng.integers(len(actions)))])
    return tuple(found)


# ---------------------------------------------------------------------- mutations
#: Digits that are not ASCII but pass str.isdigit() or int(): superscripts, Arabic-Indic,
#: Devanagari, fullwidth, mathematical bold.
ODD_DIGITS = "⁰¹²³⁴⁵⁶⁷⁸⁹٠١٢٣٤٥٦٧٨٩०१२३४५६७८९０１２３４５６７８９𝟎𝟏𝟐𝟑"
#: Whitespace and line breaks that str.split() or str.splitlines() treat as such.
ODD_SPACES = ["\t", "  ", "\u00a0", "\u2028", "\u2029", "\u3000", "\x0b", "\x0c", "\x85", "\r", "\u200b", "\x1c"]
PHASE_WORDS = ["take", "move", "place", "over", "refill", "deal", "decades", "TAKE", "dance", ""]
WORDS = ["-", "?", "yes", "no", "seat", "from", "0", "1", "01", "6", "99", "10000", "1950", "-1", "+1", "1_0", "²"]
WORDS += ["1" * 4400 + "NA", "9" * 5000]  # more digits than Python's int() reads
CARD = re.compile(r"\b(?:19[0-9]{2}(?:OC|SA|AF|AS|EU|NA|W)|EIN)\b")


def split_lines(text: str) -> list[str]:
    return text.split("\n")


def mutate(text: str, draw: Callable[[st.SearchStrategy], object]) -> str:
    """One change a careless hand, an editor or an attacker could make to a position."""
    lines = split_lines(text)
    kind = draw(st.sampled_from(MUTATIONS))
    return kind(lines, draw)


def _pick_line(lines, draw):
    return draw(st.integers(0, len(lines) - 1))


def _drop_line(lines, draw):
    del lines[_pick_line(lines, draw)]
    return "\n".join(lines)


def _duplicate_line(lines, draw):
    k = _pick_line(lines, draw)
    line = lines[k]
    key, _, rest = line.partition(":")
    respelled = draw(st.sampled_from([key, key.upper(), key.replace(" ", "  "), re.sub(r"(\d+)", r"0\1", key)]))
    lines.insert(draw(st.integers(0, len(lines))), f"{respelled}:{rest}")
    return "\n".join(lines)


def _set_line(lines, key, value):
    lines = [line for line in lines if line.partition(":")[0] != key]
    return "\n".join([*lines, f"{key}: {value}"])


def _line_value(lines, key) -> str:
    return next((line.partition(": ")[2] for line in lines if line.partition(":")[0] == key), "")


def _replace_word(lines, draw):
    k = _pick_line(lines, draw)
    key, colon, value = lines[k].partition(": ")
    words = value.split(" ")
    i = draw(st.integers(0, len(words) - 1))
    unseen = CARD.findall("\n".join(lines)) or ["1950EU"]
    words[i] = draw(
        st.one_of(
            st.sampled_from(WORDS),
            st.sampled_from(unseen),
            st.sampled_from([c.token for c in xl.standard_deck()]),
            st.sampled_from([c.code for c in xl.CONTINENTS]),
            st.text(max_size=6),
        )
    )
    lines[k] = key + colon + " ".join(words)
    return "\n".join(lines)


def _swap_cards(lines, draw):
    text = "\n".join(lines)
    spans = [m.span() for m in CARD.finditer(text)]
    if len(spans) < 2:
        return text
    i, j = sorted(draw(st.lists(st.integers(0, len(spans) - 1), min_size=2, max_size=2, unique=True)))
    (a, b), (c, d) = spans[i], spans[j]
    return text[:a] + text[c:d] + text[b:c] + text[a:b] + text[d:]


def _move_card(lines, draw):
    """A card leaves its place (a hall spot becomes '.') and appears elsewhere, or comes from
    the stock (the stock line is dropped so that the count follows)."""
    text = "\n".join(lines)
    spans = [m.span() for m in CARD.finditer(text)]
    deck = [c.token for c in xl.standard_deck()]
    card = draw(st.sampled_from(deck))
    if spans and draw(st.booleans()):
        a, b = draw(st.sampled_from(spans))
        card = text[a:b]
        text = text[:a] + draw(st.sampled_from([".", "-", ""])) + text[b:]
    lines = split_lines(text)
    targets = [k for k, line in enumerate(lines) if line.startswith(("tile", "hall", "discard", "hand"))]
    if targets:
        k = draw(st.sampled_from(targets))
        key, colon, value = lines[k].partition(": ")
        words = value.split(" ")
        i = draw(st.integers(0, len(words)))
        if i < len(words) and words[i] == "." and draw(st.booleans()):
            words[i] = card
        else:
            words.insert(i, card)
        lines[k] = key + colon + " ".join(words)
    lines = [line for line in lines if not line.startswith("stock")] if draw(st.booleans()) else lines
    return "\n".join(lines)


def _set_field(lines, draw):
    key = draw(st.sampled_from(["phase", "to move", "round", "turn", "stock", "six continents", "final", "hand"]))
    old = _line_value(lines, key)
    n = sum(line.startswith("seat ") for line in lines)
    if key == "phase":
        value = draw(st.sampled_from(PHASE_WORDS))
    elif key == "to move":
        value = f"seat {draw(st.integers(0, 6))}"
    elif key in ("round", "turn", "stock"):
        # a planted word of thousands of digits is no count to step from
        base = int(old) if old.isascii() and old.isdigit() and len(old) <= 6 else 1
        value = str(max(0, base + draw(st.integers(-3, 3))))
    elif key == "six continents":
        value = " ".join(draw(st.sampled_from(["-", "1", "5", "6", "7", "12", "20"])) for _ in range(n))
    elif key == "final":
        value = " ".join(draw(st.sampled_from(["yes", "no"])) for _ in range(n))
    else:
        cards = CARD.findall("\n".join(lines)) or ["EIN"]
        code = draw(st.sampled_from([c.code for c in xl.CONTINENTS]))
        value = draw(st.sampled_from(["-", f"- from {code}", f"{draw(st.sampled_from(cards))} from {code}", "EIN"]))
    if draw(st.integers(0, 9)) == 0:  # or the line is left out
        return "\n".join(line for line in lines if line.partition(":")[0] != key)
    return _set_line(lines, key, value)


def _swap_values(lines, draw):
    """Two seats trade their halls, names, or any two lines their values."""
    i, j = (_pick_line(lines, draw) for _ in range(2))
    (a, colon_a, x), (b, colon_b, y) = lines[i].partition(":"), lines[j].partition(":")
    lines[i], lines[j] = a + colon_a + y, b + colon_b + x
    return "\n".join(lines)


def _set_layout(lines, draw):
    variations = draw(st.lists(st.sampled_from(sorted(VARIATIONS)), max_size=3))
    written = "base + " + " ".join(variations) if variations else draw(st.sampled_from(["base", "BASE", "", "+"]))
    return _set_line(lines, "layout", written)


def _add_bom(lines, draw):
    return "\ufeff" + "\n".join(lines)


def _odd_whitespace(lines, draw):
    text = "\n".join(lines)
    if draw(st.booleans()):
        return text.replace("\n", draw(st.sampled_from(["\r\n", "\r", "\n\n", "\n# note\n", "\u2028"])))
    spaces = [i for i, ch in enumerate(text) if ch == " "]
    if not spaces:
        return text
    i = draw(st.sampled_from(spaces))
    return text[:i] + draw(st.sampled_from(ODD_SPACES)) + text[i + 1 :]


def _odd_digit(lines, draw):
    text = "\n".join(lines)
    digits = [i for i, ch in enumerate(text) if ch.isascii() and ch.isdigit()]
    if not digits:
        return text
    i = draw(st.sampled_from(digits))
    return text[:i] + draw(st.sampled_from(ODD_DIGITS)) + text[i + 1 :]


MUTATIONS = (
    _drop_line,
    _duplicate_line,
    _replace_word,
    _swap_cards,
    _move_card,
    _set_field,
    _set_field,
    _swap_values,
    _set_layout,
    _add_bom,
    _odd_whitespace,
    _odd_digit,
)


@st.composite
def mutated_positions(draw, max_mutations: int = 3) -> tuple[str, tuple[xl.Card, ...] | None, int]:
    """A real position with up to ``max_mutations`` changes, its deck and a seed."""
    pool = real_positions()
    real = pool[draw(st.integers(0, len(pool) - 1))]
    text = real.text
    for _ in range(draw(st.integers(0, max_mutations))):
        text = mutate(text, draw)
    deck = real.deck if draw(st.integers(0, 9)) else (SMALL_DECK if real.deck is None else None)
    return text, deck, draw(st.integers(0, 2**16))
