"""Timeline's saved games: versioned JSON on the save-file framework of
:mod:`exhibition_lab.core.savefile` — read strictly, then replayed (never pickle or eval).

A document records the set-up (players, seed, deck, shuffle, reshuffle key, hand size,
mistake limit), every play as text and a summary of the visible state. Loading re-checks
the shuffle against the seed, replays every play through the rules (a tampered play is
refused with the rule it breaks) and compares the summary with the replay.

This module sits below :mod:`exhibition_lab.games.timeline.game` (which calls it for
``to_json`` and ``from_json``) and never imports it: it reads a game through
:class:`SavedTimeline`, the save record's view of a game, and makes one through
:class:`TimelineMaker`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import partial
from typing import Any, Protocol, TypeVar

import numpy as np

from ...core.savefile import Reader, SaveFormat, is_int
from ..exhibition.rules.cards import Continent
from .rules import MAX_PLAYERS, MAX_ROUNDS, TimelineCard, shuffle_order, timeline_deck

SAVE_FORMAT = "exhibition_lab/timeline"
SAVE_VERSION = 1
#: The most plays a game can have: every seat plays once a round until the last round (D16).
MAX_ACTIONS = MAX_ROUNDS * MAX_PLAYERS
_KEYS = frozenset(
    {
        "format",
        "version",
        "players",
        "seed",
        "deck",
        "order",
        "reshuffle_key",
        "hand_size",
        "mistakes",
        "actions",
        "state",
    }
)

FORMAT = SaveFormat(
    SAVE_FORMAT,
    SAVE_VERSION,
    {1: _KEYS},
    what="the Timeline game",
    max_moves=MAX_ACTIONS,
)


class SavedTimeline(Protocol):
    """What a save file reads from a game (the :class:`~exhibition_lab.games.timeline.game.Timeline`)."""

    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def seed(self) -> int | None: ...
    @property
    def deck(self) -> tuple[TimelineCard, ...]: ...
    @property
    def order(self) -> tuple[int, ...]: ...
    @property
    def reshuffle_key(self) -> int: ...
    @property
    def hand_size(self) -> int: ...
    @property
    def mistake_limit(self) -> int: ...
    @property
    def history(self) -> Sequence[tuple[int, object]]: ...
    @property
    def hands(self) -> tuple[tuple[int, ...], ...]: ...
    @property
    def timeline(self) -> tuple[int, ...]: ...
    @property
    def pile(self) -> tuple[int, ...]: ...
    @property
    def removed(self) -> tuple[int, ...]: ...
    @property
    def active(self) -> tuple[bool, ...]: ...
    @property
    def current(self) -> int: ...
    @property
    def round(self) -> int: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def winners(self) -> tuple[int, ...]: ...
    @property
    def placed(self) -> tuple[int, ...]: ...
    @property
    def mistakes(self) -> int: ...
    @property
    def best_streak(self) -> int: ...
    def summary(self) -> dict[str, Any]: ...
    def apply(self, action: Any) -> Any: ...  # a Play or its text


T = TypeVar("T", bound=SavedTimeline, covariant=True)


class TimelineMaker(Protocol[T]):
    """How a save file makes the game it loads (the Timeline class itself)."""

    def __call__(
        self,
        players: Sequence[str],
        deck: Sequence[TimelineCard],
        order: Sequence[int],
        *,
        reshuffle_key: int,
        hand_size: int | None,
        mistakes: int,
        seed: int | None,
    ) -> T: ...


# ---------------------------------------------------------------------- writing
def game_to_dict(game: SavedTimeline) -> dict[str, Any]:
    """The game as plain JSON data: set-up, the plays, and a state summary that loading
    checks against the replay."""
    standard = game.deck == timeline_deck()
    return {
        **FORMAT.header(),
        "players": list(game.players),
        "seed": game.seed,
        "deck": None
        if standard
        else [[c.year, c.title, None if c.continent is None else c.continent.code] for c in game.deck],
        "order": list(game.order),
        "reshuffle_key": game.reshuffle_key,
        "hand_size": game.hand_size,
        "mistakes": game.mistake_limit,
        "actions": [str(action) for _, action in game.history],
        "state": state_summary(game),
    }


def game_to_json(game: SavedTimeline, indent: int | None = None) -> str:
    """:func:`game_to_dict` as JSON text (names kept as they are)."""
    return json.dumps(game_to_dict(game), indent=indent, ensure_ascii=False)


def state_summary(game: SavedTimeline) -> dict[str, Any]:
    """The state a save file records, so a load can check its replay (the pile top first)."""
    return {
        "hands": [list(h) for h in game.hands],
        "timeline": list(game.timeline),
        "pile": list(game.pile),
        "removed": list(game.removed),
        "active": list(game.active),
        "seat": game.current,
        "round": game.round,
        "over": game.is_over,
        "winners": list(game.winners),
        "placed": list(game.placed),
        "mistakes": game.mistakes,
        "best_streak": game.best_streak,
    }


# ---------------------------------------------------------------------- reading
def load_game(text: str | bytes, game_type: TimelineMaker[T]) -> T:
    """Parse, check and replay a document written by :func:`game_to_json` into a
    ``game_type`` (:meth:`Timeline.from_json` passes itself)."""
    reader = FORMAT.open(text)
    players = reader.names()
    seed = reader.seed()
    key = reader["reshuffle_key"]
    reader.require(is_int(key), f"'reshuffle_key' must be an integer, not {key!r}")
    deck = _load_deck(reader, reader["deck"])
    order = reader["order"]
    reader.require(isinstance(order, list) and all(is_int(i) for i in order), "'order' must be a list of deck indices")
    hand_size, mistakes = reader["hand_size"], reader["mistakes"]
    reader.require(is_int(hand_size) and is_int(mistakes), "'hand_size' and 'mistakes' must be integers")
    reader.require(len(players) != 1 or hand_size == 0, "a solo game has no dealt hand ('hand_size' 0)")
    game: T = reader.guarded(
        "",
        lambda: game_type(
            players,
            deck,
            order,
            reshuffle_key=key,
            hand_size=None if len(players) == 1 else hand_size,
            mistakes=mistakes,
            seed=seed,
        ),
    )
    if seed is not None:
        expected = shuffle_order(np.random.default_rng(seed), len(deck))
        reader.require(
            expected == (game.order, game.reshuffle_key), f"the deal does not match seed {seed}: the file was changed"
        )
    reader.replay(game.apply)
    reader.check_summary(game.summary())
    return game


def _load_deck(reader: Reader, raw: Any) -> tuple[TimelineCard, ...]:
    if raw is None:
        return timeline_deck()
    reader.require(isinstance(raw, list) and 3 <= len(raw) <= 2_000, "'deck' must be null or a list of 3–2000 cards")
    cards: list[TimelineCard] = []
    for k, item in enumerate(raw):
        reader.require(
            isinstance(item, list)
            and len(item) == 3
            and is_int(item[0])
            and isinstance(item[1], str)
            and (item[2] is None or isinstance(item[2], str)),
            f"deck entry {k} must be [year, title, continent code or null]",
        )
        year, title, code = item
        cards.append(reader.guarded(f"deck entry {k}", partial(_deck_card, year, title, code)))
    return tuple(cards)


def _deck_card(year: int, title: str, code: str | None) -> TimelineCard:
    return TimelineCard(year, title, None if code is None else Continent.parse(code))
