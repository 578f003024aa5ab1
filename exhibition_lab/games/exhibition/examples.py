"""Example final boards shipped in ``seeds/examples/`` with their expected scores.

Each file names the players' halls in notation, the rounds in which they reached all six
continents (R19) and their Secret Decades (V7), with the points worked out by hand.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TypeVar, overload

from ...core.errors import ArgumentError
from ...core.words import N_, tells_about, told
from .rules.cards import seeds_path
from .rules.hall import Hall
from .rules.scoring import ScoreSheet, score_halls

#: The players of the rulebook's example game (R27), as message ids: a reader meets them under
#: the names their language gives them (ロン and アン), which the ``ui`` layer's word table
#: gives for ``(str, "player name")`` (:func:`~exhibition_lab.core.words.use_words`).
EXAMPLE_PLAYERS = (N_("Ron"), N_("Ann"))


def player_name(name: str) -> str:
    """An example's player as the reader calls them: ``Ron``, or ``ロン`` for a reader of Japanese."""
    if name in EXAMPLE_PLAYERS and tells_about(name, "player name"):
        return told(name, "player name") or name
    return name


@dataclass(frozen=True)
class Example:
    """One example board set: halls by player name and the hand-worked expected scores."""

    key: str
    title: str
    about: str
    halls: dict[str, Hall]
    six_continents_round: dict[str, int] | None
    secret_decades: dict[str, int] | None
    expected: dict[str, dict[str, int]]
    winners: list[str]

    def score(self) -> ScoreSheet:
        return score_halls(self.halls, self.six_continents_round, self.secret_decades)


def example_names() -> list[str]:
    """Keys of the shipped examples (file names without ``.json``)."""
    return sorted(p.stem for p in seeds_path("examples").glob("*.json"))


def load_example(key: str) -> Example:
    """Read ``seeds/examples/<key>.json``; each hall is parsed and checked against the others."""
    path = seeds_path("examples", f"{key}.json")
    if not path.is_file():
        raise ArgumentError(f"no example {key!r}; examples: {', '.join(example_names())}")
    data = json.loads(path.read_text(encoding="utf-8"))
    texts: dict[str, str] = data["halls"]
    expected: dict[str, dict[str, int]] = data["expected"]  # every example has its hand-worked scores
    halls = {player_name(name): Hall.parse(text) for name, text in texts.items()}
    for name, hall in halls.items():
        hall.check([h for other, h in halls.items() if other != name], players=len(halls))
    return Example(
        key=key,
        title=data["title"],
        about=data["about"],
        halls=halls,
        six_continents_round=_by_player(data["six_continents_round"]),
        secret_decades=_by_player(data["secret_decades"]),
        expected=_by_player(expected),
        winners=[player_name(name) for name in data["winners"]],
    )


_V = TypeVar("_V")


@overload
def _by_player(values: None) -> None: ...
@overload
def _by_player(values: dict[str, _V]) -> dict[str, _V]: ...
def _by_player(values: dict[str, _V] | None) -> dict[str, _V] | None:
    return None if values is None else {player_name(name): value for name, value in values.items()}
