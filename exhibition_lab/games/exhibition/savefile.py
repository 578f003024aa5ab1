"""Saved games, written and read: versioned JSON on :mod:`exhibition_lab.core.savefile`'s
format and reader (strict JSON of bounded size, exact keys, a full replay; never pickle or
eval).

Every problem on load becomes a :class:`SaveFileError` that says where the document is wrong.
This module sits below :mod:`exhibition_lab.games.exhibition.game` and never imports it: it
reads a game through :class:`SavedGame`, the save record's view of a game, and makes one
through :class:`GameMaker`, so the game module is the only one of the two that names the other.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

import numpy as np

from ...core.savefile import Reader, SaveFormat, is_int
from ...core.seeding import generator
from .rules.actions import Action, parse_action
from .rules.cards import (
    MAX_DECK,
    MAX_TRANSLATED_TITLE,
    Card,
    check_deck,
    load_deck,
    seeds_path,
    standard_deck,
    text_problem,
)
from .rules.deal import Deal, deal_cards
from .rules.hall import Hall
from .rules.layout import Layout

SAVE_FORMAT = "exhibition_lab/game"
# 4: a deck card keeps its subject's translations; 3: "start" (a game may begin from a
# position); 2: "links" is D12's reading
SAVE_VERSION = 4
MAX_ACTIONS = 5_000
_KEYS = frozenset({"format", "version", "players", "layout", "seed", "deck", "deal", "start", "actions", "state"})
_DEAL_KEYS = {"market", "stock", "secret_decades"}

#: The document of every version this package reads: versions 1 and 2 always began from a
#: deal (no "start"); version 1 saved the strict reading of Links under "links" (D12).
FORMAT = SaveFormat(
    SAVE_FORMAT,
    SAVE_VERSION,
    {1: _KEYS - {"start"}, 2: _KEYS - {"start"}, 3: _KEYS, SAVE_VERSION: _KEYS},
    max_moves=MAX_ACTIONS,
    renamed={1: {"links": "links_strict"}},
)
READABLE_VERSIONS = FORMAT.readable

#: The reference decks of earlier releases, newest first: a file of version 1 or 2 that
#: names no deck ("deck": null) was played with the reference deck of its day, which the
#: deck's rebalancing (same years, other subjects and continents) replaced.
EARLIER_DECKS = ("decks/deck_2026-11-30.csv", "decks/deck_2026-11-29.csv")


class SavedGame(Protocol):
    """What a save file reads from a game (the :class:`~exhibition_lab.games.exhibition.game.Game`)."""

    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def layout(self) -> Layout: ...
    @property
    def deck(self) -> tuple[Card, ...]: ...
    @property
    def deal(self) -> Deal: ...
    @property
    def seed(self) -> int | None: ...
    @property
    def start_position(self) -> str | None: ...
    @property
    def history(self) -> tuple[tuple[int, Action], ...]: ...
    @property
    def halls(self) -> tuple[Hall, ...]: ...
    @property
    def current(self) -> int: ...
    @property
    def phase(self) -> Any: ...  # the game's Phase, written by its value
    @property
    def round(self) -> int: ...
    @property
    def final(self) -> tuple[bool, ...]: ...
    @property
    def discard(self) -> tuple[Card, ...]: ...
    def apply(self, action: Action | str) -> Any: ...


G = TypeVar("G", bound=SavedGame, covariant=True)


class GameMaker(Protocol[G]):
    """How a save file makes the game it loads: from a deal, or from a start position."""

    def __call__(
        self, players: Sequence[str], deal: Deal, *, layout: Layout, deck: Sequence[Card], seed: int | None
    ) -> G: ...

    def from_position(
        self,
        text: str,
        seed: int | None = None,
        *,
        deck: Sequence[Card] | None = None,
        stock: Sequence[Card] | None = None,
    ) -> G: ...


# ---------------------------------------------------------------------- writing
def game_to_dict(game: SavedGame) -> dict[str, Any]:
    """The game as plain JSON data: set-up, the actions, and a summary of the state that
    loading checks against the replay."""
    deal = game.deal
    standard = standard_deck()
    return {
        **FORMAT.header(),
        "players": list(game.players),
        "layout": list(game.layout.keys),
        "seed": game.seed,
        "deck": None
        if game.deck == standard and _titles(game.deck) == _titles(standard)
        else [[c.token, c.title, dict(c.titles)] for c in game.deck],
        "deal": {
            "market": [[c.token for c in cards] for cards in deal.market],
            "stock": [c.token for c in deal.stock],
            "secret_decades": None if deal.secret_decades is None else list(deal.secret_decades),
        },
        # a game set up with Game.from_position: its first position; the deal above then
        # holds that position's tile, stock order and Secret Decades
        "start": game.start_position,
        "actions": [str(action) for _, action in game.history],
        "state": state_summary(game),
    }


def game_to_json(game: SavedGame, indent: int | None = None) -> str:
    """:func:`game_to_dict` as JSON text (UTF-8 names kept as they are)."""
    return json.dumps(game_to_dict(game), indent=indent, ensure_ascii=False)


def state_summary(game: SavedGame) -> dict[str, Any]:
    """The visible end state a save file records, so a load can check its replay."""
    return {
        "halls": [str(h) for h in game.halls],
        "seat": game.current,
        "phase": game.phase.value,
        "round": game.round,
        "final": list(game.final),
        "discard": [c.token for c in game.discard],
    }


def _titles(deck: Sequence[Card]) -> tuple[tuple[str, tuple[tuple[str, str], ...]], ...]:
    """Every card's subject in English and in the other languages (not part of a card's equality)."""
    return tuple((c.title, c.titles) for c in deck)


# ---------------------------------------------------------------------- reading
def load_game(text: str | bytes, game_type: GameMaker[G]) -> G:
    """Parse, validate and replay a document written by :func:`game_to_json` into a
    ``game_type`` (:class:`Game`; :meth:`Game.from_json` passes itself)."""
    doc = FORMAT.open(text)
    players = doc.names()
    layout = _load_layout(doc, doc["layout"])
    seed = doc.seed()
    deck = _load_deck(doc, doc["deck"], doc["deal"])
    deal = _load_deal(doc, doc["deal"], deck)
    start = doc["start"] if "start" in doc.doc else None
    if start is None:
        game: G = doc.guarded("", lambda: game_type(players, deal, layout=layout, deck=deck, seed=seed))
        if seed is not None:
            expected = deal_cards(deck, len(players), _rng(seed), secret_decades=deal.secret_decades is not None)
            doc.require(expected == deal, f"the deal does not match seed {seed}: the file was changed")
    else:
        game = _game_from_start(doc, game_type, start, deal, deck, seed)
        doc.require(
            (game.players, game.layout) == (tuple(players), layout),
            "'players' and 'layout' do not match the start position: the file was changed",
        )
    doc.replay(lambda move: game.apply(parse_action(move)))
    doc.check_summary(state_summary(game))
    return game


def _load_layout(doc: Reader, keys: Any) -> Layout:
    doc.require(
        isinstance(keys, list) and all(isinstance(k, str) for k in keys), "'layout' must be a list of showcase keys"
    )
    layout: Layout = doc.guarded("'layout'", lambda: Layout.from_keys([doc.renamed_key(k) for k in keys]))
    return layout


def _load_deck(doc: Reader, raw: Any, deal: Any) -> tuple[Card, ...]:
    if raw is None:
        return _reference_deck(doc, deal)
    doc.require(
        isinstance(raw, list) and len(raw) <= MAX_DECK, f"'deck' must be null or a list of at most {MAX_DECK} cards"
    )
    cards = []
    # version 4 adds each subject's translations: {"es": …, "ja": …}
    translated = doc.version >= 4
    shape = "[token, title, {language: title}]" if translated else "[token, title]"
    for k, item in enumerate(raw):
        doc.require(
            isinstance(item, list)
            and len(item) == 2 + translated
            and all(isinstance(x, str) for x in item[:2])
            and (
                not translated
                or (isinstance(item[2], dict) and all(_is_translation(code, t) for code, t in item[2].items()))
            ),
            f"deck entry {k} must be {shape}",
        )
        card = _card(doc, item[0], f"deck entry {k}")
        titles = tuple(item[2].items()) if translated else ()
        cards.append(Card(card.year, card.continent, item[1], titles))
    deck: tuple[Card, ...] = doc.guarded("'deck'", lambda: check_deck(cards))  # the same deck rules as Game.new
    return deck


def _is_translation(code: Any, title: Any) -> bool:
    """A subject's translation: a two-letter language code and a one-line title."""
    return (
        isinstance(code, str)
        and re.fullmatch(r"[a-z]{2}", code) is not None
        and isinstance(title, str)
        and text_problem(title, most=MAX_TRANSLATED_TITLE) is None
    )


def _reference_deck(doc: Reader, deal: Any) -> tuple[Card, ...]:
    """The reference deck a file without a deck of its own was played with: today's, or for
    a file of version 1 or 2 the earlier one that holds every card of its deal."""
    deck = standard_deck()
    if doc.version >= 3 or not isinstance(deal, dict):
        return deck
    tokens = {t for cards in deal.get("market") or () if isinstance(cards, list) for t in cards}
    tokens |= {t for t in deal.get("stock") or () if isinstance(t, str)}
    for earlier in (deck, *(load_deck(seeds_path(name)) for name in EARLIER_DECKS)):
        if tokens <= {c.token for c in earlier}:
            return earlier
    return deck  # the deal's own check names the card no reference deck holds


def _card(doc: Reader, token: Any, where: str) -> Card:
    doc.require(isinstance(token, str) and len(token) <= 8, f"{where} must be a card token, found {token!r}")
    card: Card = doc.guarded(where, lambda: Card.parse(token))
    return card


def _load_deal(doc: Reader, raw: Any, deck: tuple[Card, ...]) -> Deal:
    doc.require(isinstance(raw, dict), "'deal' must be an object")
    doc.exact_keys(raw, _DEAL_KEYS, "'deal'")
    market, stock, decades = raw["market"], raw["stock"], raw["secret_decades"]
    doc.require(
        isinstance(market, list) and all(isinstance(m, list) for m in market), "'deal.market' must be a list of lists"
    )
    doc.require(isinstance(stock, list) and len(stock) <= len(deck), "'deal.stock' must be a list of cards")
    doc.require(
        decades is None or (isinstance(decades, list) and all(is_int(d) for d in decades)),
        "'deal.secret_decades' must be null or a list of decades",
    )
    by_token = {c.token: c for c in deck}

    def from_deck(token: Any, where: str) -> Card:
        card = _card(doc, token, where)
        doc.require(card.token in by_token, f"{where}: {card.token} is not in the deck")
        return by_token[card.token]

    return Deal(
        tuple(tuple(from_deck(t, f"market card {t!r}") for t in cards) for cards in market),
        tuple(from_deck(t, f"stock card {t!r}") for t in stock),
        None if decades is None else tuple(decades),
    )


def _game_from_start(
    doc: Reader, game_type: GameMaker[G], start: Any, deal: Deal, deck: tuple[Card, ...], seed: int | None
) -> G:
    """The game at its saved start position, with the saved stock order, checked against the deal."""
    doc.require(isinstance(start, str), f"'start' must be null or a position, found {start!r}")
    game: G = doc.guarded("'start'", lambda: game_type.from_position(start, seed=seed, deck=deck, stock=deal.stock))
    doc.require(
        game.deal == deal and game.start_position == start,
        "the deal does not match the start position: the file was changed",
    )
    if seed is not None:
        shuffled = game_type.from_position(start, seed=seed, deck=deck)
        doc.require(shuffled.deal.stock == deal.stock, f"the stock does not match seed {seed}: the file was changed")
    return game


def _rng(seed: int) -> np.random.Generator:
    return generator(seed)[0]
