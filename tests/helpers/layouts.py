"""The layouts and halls the tests share, built from the package's records and the rulebook's
examples rather than typed again: the base layout's empty hall (R3), the variation sets the
conformance sweeps cover (V2–V6a), and Ron's hall (R27) as ``seeds/examples/ron.json`` has it."""

from __future__ import annotations

import exhibition_lab as xl
from exhibition_lab.games.exhibition.examples import load_example

#: The base layout's empty hall in notation: five showcases of 6, 4, 1, 3 and 2 spots (R3).
EMPTY = str(xl.Hall())
#: Four variations over four different showcases at once (D9 allows one per showcase).
MIXED = ("links", "spread_the_years", "one_decade", "short_era")
#: The base game, each variation alone, and the mixed set: what the conformance sweeps play.
VARIATION_SETS: list[tuple[str, ...]] = [(), *[(name,) for name in xl.VARIATIONS], MIXED]
#: Ron's final exhibition, the rulebook's example (R27).
RON = str(load_example("ron").halls["Ron"])


def layouts(sets: list[tuple[str, ...]] = VARIATION_SETS) -> list[xl.Layout]:
    """The base layout with each set of variations of ``sets``."""
    return [xl.Layout.base().with_variations(*names) for names in sets]


def only_showcase(hall: str, showcase: int) -> str:
    """``hall`` (a base-layout hall in notation) with every showcase but ``showcase`` emptied
    and no Depot: ``only_showcase(RON, 0)`` is Ron's General row alone."""
    kept = hall.split("|")[0].split("/")[showcase].strip()
    rows = [row.strip() for row in EMPTY.split("/")]
    rows[showcase] = kept
    return " / ".join(rows)
