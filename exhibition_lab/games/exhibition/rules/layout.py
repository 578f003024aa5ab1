"""Showcases and hall layouts as data (R3, R11–R15, V1–V6a, D9).

A showcase kind lists the requirements that apply to it; the hall checker reads these flags
and never switches on a showcase's name. A layout is the ordered tuple of showcases that
every player of a game uses, so a different arrangement is one line of configuration.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

from ....core.errors import ArgumentError
from ....core.words import N_, tells_about, told
from . import goals
from .deal import MAX_PLAYERS

DEPOT_SIZE = 3  # R3


@dataclass(frozen=True, slots=True)
class ShowcaseKind:
    """One showcase: its size and the requirements beyond R11 (ascending years).

    ``name`` is a message id (:func:`~exhibition_lab.core.words.N_`), the one definition of the
    showcase's name; ``rule`` is the id of the showcase's own requirement (for messages and
    explanations); ``covers`` names the base showcase a variation lies over (V1), ``None`` for
    a base one; ``line`` (a message id) says in one line what a variation changes for the
    player, quoting its :attr:`numbers` by name. ``gloss`` (a message id) is what a variation's
    name means in the reader's own words, for languages that write the name as a loanword
    (Japanese スプレッド・ザ・イヤーズ: 年代を離す).
    """

    key: str
    name: str  # message id: the showcase's name
    size: int
    rule: str
    distinct_continents: bool = True  # R12
    same_continent: bool = False  # R13, with the claim against other players
    max_step: int | None = None  # R14: at most max_step·(k+1) years across k free spots
    min_step: int | None = None  # V2: at least min_step·(k+1) years across k free spots
    link_years: int | None = None  # V3: direct neighbours share a continent or differ ≤ this
    same_decade: bool = False  # V4
    unique_decades: bool = False  # V6a, across all players' halls
    covers: str | None = None
    scoring: str | None = None  # key of the pair goal scored on this showcase (see goals.PAIR_GOALS)
    line: str | None = None  # message id: what a variation changes, in one line
    gloss: str | None = None  # message id: the name in the reader's words beside the rules' own

    @property
    def is_variation(self) -> bool:
        """Variation showcases refuse white cards (V1, R18)."""
        return self.covers is not None

    @property
    def numbers(self) -> dict[str, int]:
        """The numbers the showcase's rule quotes in words: ``step`` (R14's most or V2's least
        years per step) and ``years`` (V3's link), each stated once, here."""
        step = self.max_step if self.max_step is not None else self.min_step
        found = {"step": step, "years": self.link_years}
        return {name: value for name, value in found.items() if value is not None}


def _pair_showcase(goal: goals.Goal, size: int, rule: str) -> ShowcaseKind:
    """A showcase named after the pair goal scored on it (R20, V5, V6)."""
    return ShowcaseKind(goal.key, goal.label, size, rule, scoring=goal.key)


GENERAL = ShowcaseKind("general", N_("General"), 6, "R12")
ONE_ERA = ShowcaseKind("one_era", goals.rule_name("R14"), 4, "R14", max_step=10)
# R26, S6: the showcase and its tiebreak (solo: its term) share a name
MID_CENTURY = ShowcaseKind(goals.MID_CENTURY.key, goals.MID_CENTURY.label, 1, "R15")
ONE_CONTINENT = ShowcaseKind(
    "one_continent", goals.rule_name("R13"), 3, "R13", distinct_continents=False, same_continent=True
)
YEARS_GAP = _pair_showcase(goals.YEARS_GAP, 2, "R15")

BASE_SHOWCASES: tuple[ShowcaseKind, ...] = (GENERAL, ONE_ERA, MID_CENTURY, ONE_CONTINENT, YEARS_GAP)


def _variation(key: str, name: str, rule: str, base: ShowcaseKind, **requirements: Any) -> ShowcaseKind:
    # D9: a variation takes the size of the base showcase it covers; R12 stays on unless
    # the variation's own rule sets it aside (D12: Links).
    return ShowcaseKind(key, name, base.size, rule, covers=base.key, **requirements)


# D12: Links sets R12 aside (like One Continent), so linked neighbours may share a continent.
LINKS = _variation(
    "links",
    goals.rule_name("V3"),
    "V3",
    GENERAL,
    link_years=5,
    distinct_continents=False,
    line=N_("direct neighbours share a continent or lie within {years} years (a continent may appear twice here)"),
    gloss=N_("links"),
)

VARIATIONS: dict[str, ShowcaseKind] = {
    v.key: v
    for v in (
        _variation(
            "spread_the_years",
            goals.rule_name("V2"),
            "V2",
            ONE_ERA,
            min_step=20,
            line=N_("neighbouring cards at least {step} years apart (more across empty spots)"),
            gloss=N_("spread years"),
        ),
        LINKS,
        # D12: "links_strict" keeps R12 (V1's general wording), so linked neighbours never
        # share a continent; the link itself is V3's, as in Links.
        replace(
            LINKS,
            key="links_strict",
            name=N_("Links (strict)"),
            distinct_continents=True,
            line=N_("like Links, but no continent twice in the showcase, so neighbours lie within {years} years"),
            gloss=N_("strict links"),
        ),
        _variation(
            "one_decade",
            goals.rule_name("V4"),
            "V4",
            ONE_CONTINENT,
            same_decade=True,
            line=N_("all cards from one decade"),
            gloss=N_("one decade"),
        ),
        _variation(
            goals.SHORT_ERA.key,
            goals.SHORT_ERA.label,
            "V5",
            YEARS_GAP,
            scoring=goals.SHORT_ERA.key,
            line=N_("scores the smallest gap between its two cards"),
            gloss=N_("short era"),
        ),
        _variation(
            goals.ANTIQUITY.key,
            goals.ANTIQUITY.label,
            "V6",
            YEARS_GAP,
            scoring=goals.ANTIQUITY.key,
            line=N_("scores the oldest card in its right spot"),
            gloss=N_("ancient times"),
        ),
        # The rules give Unique Decades no goal of its own: it keeps the Years Gap goal (R20).
        _variation(
            "unique_decades",
            goals.rule_name("V6a"),
            "V6a",
            YEARS_GAP,
            unique_decades=True,
            scoring=goals.YEARS_GAP.key,
            line=N_("at most one card of each decade in this showcase, counting every player's hall, yours included"),
            gloss=N_("unique decades"),
        ),
    )
}

SHOWCASES: dict[str, ShowcaseKind] = {s.key: s for s in (*BASE_SHOWCASES, *VARIATIONS.values())}


def rule_numbers(rule_id: str) -> dict[str, int]:
    """The numbers the sentence of rule ``rule_id`` quotes, read from the records that hold
    them (the showcase carrying the rule; for R3 the base hall's spots, showcases and Depot).

    >>> rule_numbers("V3"), rule_numbers("R3")
    ({'years': 5}, {'spots': 16, 'showcases': 5, 'depot_size': 3})
    """
    if rule_id == "R3":
        base = Layout.base()
        return {"spots": base.n_spots, "showcases": len(base), "depot_size": DEPOT_SIZE}
    for kind in SHOWCASES.values():
        if kind.rule == rule_id and kind.numbers:
            return kind.numbers
    return {}


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th`` … for positions a reader counts."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def unique_decades_range(players: int) -> tuple[int, int]:
    """First and last decade allowed in Unique Decades for this many players (V6a, D10).

    Five players may use every decade; each player fewer narrows the range by one decade at
    each end, down to 1940s–1950s in the solo game.
    """
    if not 1 <= players <= MAX_PLAYERS:
        raise ArgumentError(f"a game has 1 to {MAX_PLAYERS} players (R4), not {players}", rule="R4")
    narrowing = 10 * (MAX_PLAYERS - players)
    return 1900 + narrowing, 1990 - narrowing


@dataclass(frozen=True, slots=True)
class Layout:
    """The ordered showcases of every player's hall (R3); variations replace base ones (V1)."""

    showcases: tuple[ShowcaseKind, ...] = BASE_SHOWCASES

    @classmethod
    def base(cls) -> Layout:
        """General 6, One Era 4, Mid Century 1, One Continent 3, Years Gap 2 (R3)."""
        return cls(BASE_SHOWCASES)

    @classmethod
    def from_keys(cls, keys: list[str] | tuple[str, ...]) -> Layout:
        """Rebuild a layout from its showcase keys (as saved by :meth:`keys`)."""
        unknown = [k for k in keys if k not in SHOWCASES]
        if unknown:
            raise ArgumentError(f"unknown showcase {unknown[0]!r}; known: {', '.join(SHOWCASES)}")
        layout = cls(tuple(SHOWCASES[k] for k in keys))
        layout._check_variation_places()
        return layout

    def with_variations(self, *names: str) -> Layout:
        """This layout with each named variation over its base showcase (V1–V6a, D9).

        At most one variation per base showcase; names are the keys of ``VARIATIONS``
        (``"links"``, ``"spread_the_years"``, …). ``"links"`` is D12's reading of V3
        (neighbours may share a continent); ``"links_strict"`` keeps R12 over it.
        """
        showcases = list(self.showcases)
        used: dict[str, str] = {}
        for name in names:
            variation = VARIATIONS.get(name)
            if variation is None:
                raise ArgumentError(f"unknown variation {name!r}; known: {', '.join(VARIATIONS)}")
            assert variation.covers is not None  # a variation lies over a base showcase (V1)
            if variation.covers in used:
                raise ArgumentError(
                    f"variations {used[variation.covers]!r} and {name!r} both lie over "
                    f"{SHOWCASES[variation.covers].name}: at most one per base showcase (D9)",
                    rule="D9",
                )
            used[variation.covers] = name
            position = self._position_of_base(variation.covers)
            showcases[position] = variation
        return replace(self, showcases=tuple(showcases))

    def _position_of_base(self, base_key: str) -> int:
        for position, showcase in enumerate(self.showcases):
            if showcase.key == base_key or showcase.covers == base_key:
                return position
        raise ArgumentError(f"this layout has no {base_key} showcase to cover")

    def _check_variation_places(self) -> None:
        covered = sorted(s.covers or s.key for s in self.showcases)
        if covered != sorted(b.key for b in BASE_SHOWCASES):
            raise ArgumentError(
                "a layout holds each of the five base showcases, or one variation over it, exactly once (R3, D9)",
                rule="R3",
            )

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(s.key for s in self.showcases)

    @property
    def variations(self) -> tuple[str, ...]:
        """Keys of the variation showcases in play."""
        return tuple(s.key for s in self.showcases if s.is_variation)

    @property
    def sizes(self) -> tuple[int, ...]:
        return tuple(s.size for s in self.showcases)

    @property
    def n_spots(self) -> int:
        return sum(self.sizes)

    def index(self, key: str) -> int | None:
        """Position of the showcase with this key, or ``None`` when absent."""
        for position, showcase in enumerate(self.showcases):
            if showcase.key == key:
                return position
        return None

    def check_spot(self, showcase: int, spot: int) -> None:
        """Refuse a spot this layout does not have (showcase and spot count from 0)."""
        if not 0 <= showcase < len(self.showcases) or not 0 <= spot < self.showcases[showcase].size:
            raise ArgumentError(f"this layout has no spot {spot} in showcase {showcase}")

    def spot_name(self, showcase: int, spot: int) -> str:
        """A spot in words, as a reader finds it on the board: ``"General, 3rd spot"``.

        Showcases of one spot are named alone (``"Mid Century"``); spots count from the left
        from 1.

        >>> Layout.base().spot_name(0, 2)
        'General, 3rd spot'
        >>> Layout.base().spot_name(2, 0)
        'Mid Century'

        A reader of another language reads it in theirs: the ``ui`` layer gives its words
        for ``"spot_name"`` (:func:`~exhibition_lab.core.words.told`) and gives ``None`` for
        English, which keeps these words.
        """
        self.check_spot(showcase, spot)
        words = told(self, "spot_name", showcase, spot) if tells_about(self, "spot_name") else None
        if words is not None:
            return str(words)
        kind = self.showcases[showcase]
        if kind.size == 1:
            return kind.name
        return f"{kind.name}, {ordinal(spot + 1)} spot"

    def __len__(self) -> int:
        return len(self.showcases)

    def __iter__(self) -> Iterator[ShowcaseKind]:
        return iter(self.showcases)

    def __getitem__(self, position: int) -> ShowcaseKind:
        return self.showcases[position]

    def __repr__(self) -> str:
        if not self.variations:
            return "Layout.base()"
        return f"Layout.base().with_variations({', '.join(repr(v) for v in self.variations)})"
