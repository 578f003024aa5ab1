"""Saved games, written and read: versioned JSON, strict schema checks on load, then a full
replay (never pickle or eval).

Every problem on load becomes a :class:`SaveFileError` that says where the document is wrong.
This module sits below :mod:`exhibition_lab.games.exhibition.game` (which calls it for ``to_json`` and
``from_json``) and reads a game only through its public properties.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from ...core.errors import ExhibitionLabError, SaveFileError
from ...core.seeding import generator, is_seed
from .rules.actions import parse_action
from .rules.cards import MAX_DECK, MAX_TRANSLATED_TITLE, Card, check_deck, standard_deck, text_problem
from .rules.deal import Deal, deal_cards
from .rules.layout import Layout

if TYPE_CHECKING:
    from .game import Game

SAVE_FORMAT = "exhibition_lab/game"
SAVE_VERSION = 3  # 3: "start" (a game may begin from a position); 2: "links" is D12's reading
MAX_SAVE_BYTES = 2_000_000
MAX_ACTIONS = 5_000
_KEYS = {"format", "version", "players", "layout", "seed", "deck", "deal", "start", "actions", "state"}
_KEYS_BEFORE = {1: _KEYS - {"start"}, 2: _KEYS - {"start"}}  # versions 1 and 2 always began from a deal
_DEAL_KEYS = {"market", "stock", "secret_decades"}


# ---------------------------------------------------------------------- writing
def game_to_dict(game: Game) -> dict:
    """The game as plain JSON data: set-up, the actions, and a summary of the state that
    loading checks against the replay."""
    deal = game.deal
    standard = standard_deck()
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "players": list(game.players),
        "layout": list(game.layout.keys),
        "seed": game.seed,
        "deck": None
        if game.deck == standard and _titles(game.deck) == _titles(standard)
        else [_deck_entry(c) for c in game.deck],
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


def game_to_json(game: Game, indent: int | None = None) -> str:
    """:func:`game_to_dict` as JSON text (UTF-8 names kept as they are)."""
    return json.dumps(game_to_dict(game), indent=indent, ensure_ascii=False)


def state_summary(game: Game) -> dict:
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
    return tuple((c.title, c.titles) for c in deck)


def _deck_entry(card: Card) -> list[Any]:
    """``[token, title]``, then the translated subjects (``{"es": …, "ja": …}``) when the
    card has its own, so that a custom deck reads the same in every language after a load."""
    entry: list[Any] = [card.token, card.title]
    if card.titles:
        entry.append(dict(card.titles))
    return entry


# ---------------------------------------------------------------------- reading
def load_game(text: str | bytes, game_type: type[Game]) -> Game:
    """Parse, validate and replay a document written by :func:`game_to_json` into a
    ``game_type`` (:class:`Game`; :meth:`Game.from_json` passes itself)."""
    doc = parse_json(text)
    _require(isinstance(doc, dict), "the document must be a JSON object")
    _require(doc.get("format") == SAVE_FORMAT, f"'format' must be {SAVE_FORMAT!r}, found {doc.get('format')!r}")
    _require("version" in doc, "the document lacks 'version'")
    version = doc["version"]
    _require(_is_int(version), f"'version' must be an integer, found {version!r}")
    _require(
        version in READABLE_VERSIONS,
        f"version {version} is not supported; this exhibition_lab reads versions "
        f"{', '.join(str(v) for v in READABLE_VERSIONS)}",
    )
    _exact_keys(doc, _KEYS_BEFORE.get(version, _KEYS), "the document")
    players = doc["players"]
    _require(
        isinstance(players, list) and all(isinstance(p, str) for p in players), "'players' must be a list of names"
    )
    layout = _load_layout(doc["layout"], version)
    seed = doc["seed"]
    _require(
        seed is None or (_is_int(seed) and is_seed(seed)),
        f"'seed' must be null or a whole number from 0 to 2**63 − 1, found {seed!r}",
    )
    deck = _load_deck(doc["deck"])
    deal = _load_deal(doc["deal"], deck)
    start = doc.get("start")
    if start is None:
        game = _new_game(game_type, players, deal, layout, deck, seed)
        if seed is not None:
            expected = deal_cards(deck, len(players), _rng(seed), secret_decades=deal.secret_decades is not None)
            _require(expected == deal, f"the deal does not match seed {seed}: the file was changed")
    else:
        game = _game_from_start(game_type, start, deal, deck, seed)
        _require(
            (game.players, game.layout) == (tuple(players), layout),
            "'players' and 'layout' do not match the start position: the file was changed",
        )
    _replay(game, doc["actions"])
    _require(doc["state"] == state_summary(game), "the saved state does not match its actions: the file was changed")
    return game


def parse_json(text: str | bytes, *, what: str = "the game", max_chars: int = MAX_SAVE_BYTES) -> Any:
    """The JSON value of a saved ``what`` (``"the game"``, ``"the Timeline game"``): UTF-8
    text of at most ``max_chars``, strict JSON (no NaN or Infinity). Anything else raises
    :class:`SaveFileError` saying why; nothing is evaluated."""

    def refuse(message: str) -> SaveFileError:
        return SaveFileError(f"cannot load {what}: {message}")

    def refuse_constant(name: str) -> None:
        raise refuse(f"not valid JSON: {name} is not a number")

    if isinstance(text, (bytes, bytearray)):
        if len(text) > max_chars:
            raise refuse(f"the document is larger than {max_chars} bytes")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise refuse(f"the document is not UTF-8 text: {exc}") from None
    if not isinstance(text, str):
        raise refuse(f"a saved game is JSON text, not {type(text).__name__}")
    if len(text) > max_chars:
        raise refuse(f"the document is larger than {max_chars} characters")
    try:
        return json.loads(text, parse_constant=refuse_constant)
    except json.JSONDecodeError as exc:
        raise refuse(f"not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}") from None
    except (RecursionError, ValueError) as exc:
        raise refuse(f"not valid JSON: {exc}") from None


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise SaveFileError(f"cannot load the game: {message}")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _exact_keys(obj: dict, keys: set[str], where: str) -> None:
    missing = sorted(keys - obj.keys())
    extra = sorted(obj.keys() - keys)
    _require(not missing, f"{where} lacks {', '.join(repr(k) for k in missing)}")
    _require(not extra, f"{where} has unknown {', '.join(repr(str(k)) for k in extra)}")


READABLE_VERSIONS = (1, 2, SAVE_VERSION)
# D12: version 1 saved the strict reading of Links under the key "links"
_OLD_KEYS = {1: {"links": "links_strict"}}  # version 2 and later name the strict reading itself


def _load_layout(keys: Any, version: int = SAVE_VERSION) -> Layout:
    _require(
        isinstance(keys, list) and all(isinstance(k, str) for k in keys), "'layout' must be a list of showcase keys"
    )
    renamed = _OLD_KEYS.get(version, {})
    keys = [renamed.get(k, k) for k in keys]
    try:
        return Layout.from_keys(keys)
    except ExhibitionLabError as exc:
        raise SaveFileError(f"cannot load the game: 'layout': {exc}") from None


def _load_deck(raw: Any) -> tuple[Card, ...]:
    if raw is None:
        return standard_deck()
    _require(
        isinstance(raw, list) and len(raw) <= MAX_DECK, f"'deck' must be null or a list of at most {MAX_DECK} cards"
    )
    cards = []
    for k, item in enumerate(raw):
        _require(
            isinstance(item, list) and len(item) in (2, 3) and all(isinstance(x, str) for x in item[:2]),
            f"deck entry {k} must be [token, title] or [token, title, translations]",
        )
        card = _card(item[0], f"deck entry {k}")
        cards.append(Card(card.year, card.continent, item[1], _load_translations(item[2:], k)))
    try:
        return check_deck(cards)  # the same deck rules as Game.new (R2, R5)
    except ExhibitionLabError as exc:
        raise SaveFileError(f"cannot load the game: 'deck': {exc}") from None


def _load_translations(extra: list[Any], k: int) -> tuple[tuple[str, str], ...]:
    if not extra:
        return ()
    raw = extra[0]
    _require(
        isinstance(raw, dict)
        and all(
            isinstance(code, str)
            and re.fullmatch(r"[a-z]{2}", code)
            and isinstance(title, str)
            and text_problem(title, most=MAX_TRANSLATED_TITLE) is None
            for code, title in raw.items()
        ),
        f"deck entry {k}: translations map a two-letter language code to a one-line subject",
    )
    return tuple(raw.items())


def _card(token: Any, where: str) -> Card:
    _require(isinstance(token, str) and len(token) <= 8, f"{where} must be a card token, found {token!r}")
    try:
        return Card.parse(token)
    except ExhibitionLabError as exc:
        raise SaveFileError(f"cannot load the game: {where}: {exc}") from None


def _load_deal(raw: Any, deck: tuple[Card, ...]) -> Deal:
    _require(isinstance(raw, dict), "'deal' must be an object")
    _exact_keys(raw, _DEAL_KEYS, "'deal'")
    market, stock, decades = raw["market"], raw["stock"], raw["secret_decades"]
    _require(
        isinstance(market, list) and all(isinstance(m, list) for m in market), "'deal.market' must be a list of lists"
    )
    _require(isinstance(stock, list) and len(stock) <= len(deck), "'deal.stock' must be a list of cards")
    _require(
        decades is None or (isinstance(decades, list) and all(_is_int(d) for d in decades)),
        "'deal.secret_decades' must be null or a list of decades",
    )
    by_token = {c.token: c for c in deck}

    def from_deck(token: Any, where: str) -> Card:
        card = _card(token, where)
        _require(card.token in by_token, f"{where}: {card.token} is not in the deck")
        return by_token[card.token]

    return Deal(
        tuple(tuple(from_deck(t, f"market card {t!r}") for t in cards) for cards in market),
        tuple(from_deck(t, f"stock card {t!r}") for t in stock),
        None if decades is None else tuple(decades),
    )


def _new_game(
    game_type: type[Game], players: list[str], deal: Deal, layout: Layout, deck: tuple[Card, ...], seed: int | None
) -> Game:
    try:
        return game_type(players, deal, layout=layout, deck=deck, seed=seed)
    except ExhibitionLabError as exc:
        raise SaveFileError(f"cannot load the game: {exc}") from None


def _game_from_start(game_type: type[Game], start: Any, deal: Deal, deck: tuple[Card, ...], seed: int | None) -> Game:
    """The game at its saved start position, with the saved stock order, checked against the deal."""
    _require(isinstance(start, str), f"'start' must be null or a position, found {start!r}")
    try:
        game = game_type.from_position(start, seed=seed, deck=deck, stock=deal.stock)
    except ExhibitionLabError as exc:
        raise SaveFileError(f"cannot load the game: 'start': {exc}") from None
    _require(
        game.deal == deal and game.start_position == start,
        "the deal does not match the start position: the file was changed",
    )
    if seed is not None:
        shuffled = game_type.from_position(start, seed=seed, deck=deck)
        _require(shuffled.deal.stock == deal.stock, f"the stock does not match seed {seed}: the file was changed")
    return game


def _rng(seed: int) -> np.random.Generator:
    return generator(seed)[0]


def _replay(game: Game, actions: Any) -> None:
    _require(
        isinstance(actions, list) and len(actions) <= MAX_ACTIONS, f"'actions' must be a list of at most {MAX_ACTIONS}"
    )
    for k, text in enumerate(actions):
        _require(isinstance(text, str), f"action {k} must be text, found {text!r}")
        try:
            game.apply(parse_action(text))
        except ExhibitionLabError as exc:
            raise SaveFileError(f"cannot load the game: action {k} ({text!r}) is not allowed: {exc}") from None
