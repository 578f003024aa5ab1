"""Example final boards shipped in ``seeds/examples/`` with their expected scores.

Each file names the players' halls in notation, the rounds in which they reached all six
continents (R19) and their Secret Decades (V7), with the points worked out by hand.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from ...core.errors import ArgumentError
from .rules.cards import seeds_path
from .rules.hall import Hall
from .rules.scoring import ScoreSheet, score_halls


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
    halls = {name: Hall.parse(text) for name, text in texts.items()}
    for name, hall in halls.items():
        hall.check([h for other, h in halls.items() if other != name], players=len(halls))
    return Example(
        key=key,
        title=data["title"],
        about=data["about"],
        halls=halls,
        six_continents_round=data["six_continents_round"],
        secret_decades=data["secret_decades"],
        expected=data["expected"],
        winners=data["winners"],
    )
