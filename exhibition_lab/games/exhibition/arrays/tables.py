"""The rules' data compiled into arrays, once per layout and player count, and the deck as
arrays indexed by card id.

:func:`tables` reads every hall requirement from the
:class:`~exhibition_lab.games.exhibition.rules.layout.ShowcaseKind` fields of a
:class:`~exhibition_lab.games.exhibition.rules.layout.Layout` (R11–R15, V1–V6a), the scored
pair from :data:`~exhibition_lab.games.exhibition.rules.goals.PAIR_GOALS`, the sizes from
:mod:`~exhibition_lab.games.exhibition.rules.cards`, :mod:`~exhibition_lab.games.exhibition.rules.deal`
and :mod:`~exhibition_lab.games.exhibition.rules.hall`; a showcase property the engine does not
model is refused with an error, never ignored. :func:`deck_arrays` does the same for a deck
(R2). Both are cached: every batch of one setting shares them.

>>> t = tables(Layout.base(), 3)
>>> t.n_spots, t.starts, t.mid_spot, t.pair_spots, t.pair_goal.rule
(16, (0, 6, 10, 11, 14), 10, (14, 15), 'R20')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ....core.errors import ArgumentError
from ..rules.cards import CONTINENTS, FIRST_YEAR, LAST_YEAR, Card
from ..rules.deal import DECADES, MAX_PLAYERS
from ..rules.goals import PAIR_GOALS, Goal, pair_goal
from ..rules.hall import DEPOT_SIZE
from ..rules.layout import MID_CENTURY, Layout, ShowcaseKind, unique_decades_range

EMPTY = -1  # no card: an empty spot, Depot place or market place, or no year (Einstein)
BIG = 10_000  # beyond any year: an open bound
WHITE = len(CONTINENTS)  # continent code of the white cards, one past the six (R1, R2)
ALL_COLOURS = (1 << len(CONTINENTS)) - 1  # a bit per continent (R12, R13, R19)
DECADE = DECADES[1] - DECADES[0]  # R22, V4, V6a, V7: a decade's years

_MODELLED = {
    "key", "name", "size", "rule", "covers", "scoring", "line", "gloss",
    "distinct_continents", "same_continent", "max_step", "min_step", "link_years", "same_decade", "unique_decades",
}  # fmt: skip
_PAIR_GOAL_KEYS = frozenset(g.key for g in PAIR_GOALS)


def decade_start(years: np.ndarray) -> np.ndarray:
    """The first year of each year's decade (1960 for 1969; R22, V4, V7), ``EMPTY`` for no year."""
    return np.where(years >= FIRST_YEAR, years - (years - DECADES[0]) % DECADE, EMPTY)


def decade_bits(years: np.ndarray) -> np.ndarray:
    """One bit per decade (bit 0: the 1900s), 0 for no year (V6a)."""
    return np.where(years >= FIRST_YEAR, 1 << ((years - DECADES[0]) // DECADE), 0)


def refuse_unmodelled(layout: Layout) -> None:
    """Raise if ``layout`` has a showcase property the array engine does not model."""
    defaults = ShowcaseKind("", "", 1, "")
    for kind in layout:
        for name in kind.__slots__:
            if name not in _MODELLED and getattr(kind, name) != getattr(defaults, name):
                raise ArgumentError(f"the batch engine does not model {kind.name}'s property {name!r}")
        if kind.scoring is not None and kind.scoring not in _PAIR_GOAL_KEYS:
            raise ArgumentError(f"the batch engine does not score {kind.name}'s goal {kind.scoring!r}")
        if kind.distinct_continents and kind.size > len(CONTINENTS):
            raise ArgumentError(f"the batch engine does not model R12's white-card count on {kind.name}", rule="R12")
        variation_rules = (kind.min_step, kind.link_years, kind.same_decade or None, kind.unique_decades or None)
        if not kind.is_variation and any(rule is not None for rule in variation_rules):
            # the engine reads V2–V6a's requirements for dated coloured cards only (V1)
            raise ArgumentError(f"the batch engine models {kind.name}'s variation rules only without white cards")
        if kind.same_continent and kind.distinct_continents:
            raise ArgumentError(f"{kind.name} asks for both R12 and R13; the batch engine models one", rule="R12")
    if sum(kind.scoring is not None for kind in layout) > 1:
        raise ArgumentError("the batch engine scores one pair showcase per layout (R20, V5, V6)", rule="R20")
    if sum(kind.same_continent for kind in layout) > 1 or sum(kind.unique_decades for kind in layout) > 1:
        raise ArgumentError("the batch engine models one One Continent and one Unique Decades showcase")


@dataclass(frozen=True, eq=False)
class Tables:
    """What a layout and a player count mean for each hall spot, as arrays.

    A spot is counted across the showcases (0 … ``n_spots`` − 1, the order of
    :class:`~exhibition_lab.games.exhibition.rules.actions.ActionSpace`); row ``n_spots`` of the
    ``[p, j]`` tables is "no spot" and changes nothing.
    """

    layout: Layout
    players: int
    n_spots: int
    starts: tuple[int, ...]
    showcase_of: np.ndarray
    low_to: np.ndarray  # [p, j]: a dated card at p bounds spot j from below by year + low_to (R11, R14, V2)
    high_to: np.ndarray
    low_offset: np.ndarray  # low_to[:, :n_spots], contiguous
    high_offset: np.ndarray
    spread: np.ndarray  # [p, j]: j shares p's showcase (colours, R12/R13)
    forbidden: np.ndarray  # [continent code, j]: colour bits that rule out j (R12, R13)
    variation: np.ndarray  # spots where white cards may not go (V1)
    decade_spread: np.ndarray  # [p, j]: j shares p's One Decade showcase (V4)
    unique: np.ndarray  # spots of Unique Decades (V6a)
    same_spot: int  # first spot of One Continent, or −1 (R13 claims)
    same_size: int
    link_spots: np.ndarray  # spots of Links (V3)
    link_left: np.ndarray  # per spot: its direct left neighbour in Links, or −1
    link_right: np.ndarray
    link_years: np.ndarray
    init_low: np.ndarray  # the years an empty hall takes per spot (R2, V6a's range)
    init_high: np.ndarray
    mid_spot: int  # Mid Century (R26, S6), or −1
    pair_spots: tuple[int, int] | None  # the scored pair (R20, V5, V6, S4, S5)
    pair_goal: Goal | None
    # which requirements are in play at all, so that the masks skip the others
    has_variation: bool  # V1
    has_decade: bool  # V4
    has_unique: bool  # V6a
    claims: bool  # R13's claims bind: a One Continent showcase and other players

    @property
    def max_turns(self) -> int:
        """The most turns one seat can play: a hall, a Depot and the turn that ends it (R10a, R10b)."""
        return self.n_spots + DEPOT_SIZE + 1

    def spot(self, j: int) -> tuple[int, int]:
        """(showcase, spot) of hall spot ``j``."""
        s = int(self.showcase_of[j])
        return s, int(j - self.starts[s])


@lru_cache(maxsize=64)
def tables(layout: Layout, players: int) -> Tables:
    """The arrays for ``layout`` with ``players`` players (cached)."""
    refuse_unmodelled(layout)
    if not 1 <= players <= MAX_PLAYERS:
        raise ArgumentError(f"a game has 1 to {MAX_PLAYERS} players (R4), not {players}", rule="R4")
    sizes = layout.sizes
    n = sum(sizes)
    starts = tuple(int(x) for x in np.cumsum((0, *sizes[:-1])))
    showcase_of = np.repeat(np.arange(len(sizes)), sizes)
    kinds = [layout[int(s)] for s in showcase_of]
    low_to, high_to = _year_offsets(kinds, showcase_of)
    same = showcase_of[:, None] == showcase_of[None, :]
    no_spot = np.zeros((1, n), dtype=bool)
    unique = np.array([k.unique_decades for k in kinds])
    init_low = np.full(n, FIRST_YEAR, dtype=np.int16)
    init_high = np.full(n, LAST_YEAR, dtype=np.int16)
    if unique.any():
        first, last = unique_decades_range(players)
        init_low[unique], init_high[unique] = max(FIRST_YEAR, first), min(LAST_YEAR, last + DECADE - 1)
    link_left, link_right, link_years = _links(kinds, showcase_of)
    same_spots = [j for j, k in enumerate(kinds) if k.same_continent]
    mid = layout.index(MID_CENTURY.key)
    pair = next((s for s, k in enumerate(layout) if k.scoring is not None), None)
    return Tables(
        layout=layout,
        players=players,
        n_spots=n,
        starts=starts,
        showcase_of=showcase_of,
        low_to=low_to,
        high_to=high_to,
        low_offset=np.ascontiguousarray(low_to[:, :n]),
        high_offset=np.ascontiguousarray(high_to[:, :n]),
        spread=np.vstack([same, no_spot]).astype(np.int16),
        forbidden=_forbidden(kinds),
        variation=np.array([k.is_variation for k in kinds]),
        decade_spread=np.vstack([same & np.array([k.same_decade for k in kinds])[None, :], no_spot]),
        unique=unique,
        same_spot=same_spots[0] if same_spots else -1,
        same_size=len(same_spots),
        link_spots=np.flatnonzero(link_years),
        link_left=link_left,
        link_right=link_right,
        link_years=link_years,
        init_low=init_low,
        init_high=init_high,
        mid_spot=-1 if mid is None else starts[mid],
        pair_spots=None if pair is None else (starts[pair], starts[pair] + sizes[pair] - 1),
        pair_goal=None if pair is None else pair_goal(str(layout[pair].scoring)),
        has_variation=any(k.is_variation for k in kinds),
        has_decade=any(k.same_decade for k in kinds),
        has_unique=bool(unique.any()),
        claims=bool(same_spots) and players > 1,
    )


def _year_offsets(kinds: list[ShowcaseKind], showcase_of: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """What a dated card of year y at spot p does to the years spot j may take:
    ``low = max(low, y + low_to[p, j])``, ``high = min(high, y + high_to[p, j])``.

    Spots to the left must be older and spots to the right younger (R11); a showcase kind's
    ``max_step`` keeps neighbours within that many years per step (One Era, R14) and its
    ``min_step`` at least that many apart (Spread the Years, V2); the spot
    itself is filled. In a legal hall the nearest filled card on each side is the tightest
    bound, so running min/max updates give exactly what a full recomputation would;
    Einstein's interval of years acts the same way (R16, D7).
    """
    n = len(kinds)
    low_to = np.full((n + 1, n + 1), -BIG, dtype=np.int16)
    high_to = np.full((n + 1, n + 1), BIG, dtype=np.int16)
    for p in range(n):
        kind = kinds[p]
        for j in range(n):
            if showcase_of[j] != showcase_of[p]:
                continue
            apart = abs(j - p)
            near = kind.min_step * apart if kind.min_step else 1  # R11, V2
            far = kind.max_step * apart if kind.max_step else BIG  # R14
            if j < p:
                low_to[p, j], high_to[p, j] = -far, -near
            elif j > p:
                low_to[p, j], high_to[p, j] = near, far
            else:
                low_to[p, j] = BIG  # the spot is filled
    return low_to, high_to


def _forbidden(kinds: list[ShowcaseKind]) -> np.ndarray:
    """Per continent code and spot, the coloured continents that rule the spot out: its own
    continent elsewhere in the showcase (R12), any other in One Continent (R13); white
    cards, none."""
    forbidden = np.zeros((WHITE + 1, len(kinds)), dtype=np.int16)
    for colour in range(WHITE):
        bit = 1 << colour
        for j, kind in enumerate(kinds):
            forbidden[colour, j] = (
                (ALL_COLOURS & ~bit) if kind.same_continent else (bit if kind.distinct_continents else 0)
            )
    return forbidden


def _links(kinds: list[ShowcaseKind], showcase_of: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """V3: each Links spot's direct neighbours in its showcase (−1: none) and its years."""
    n = len(kinds)
    left = np.full(n, -1, dtype=np.intp)
    right = np.full(n, -1, dtype=np.intp)
    years = np.zeros(n, dtype=np.int16)
    for j, kind in enumerate(kinds):
        if kind.link_years is not None:
            years[j] = kind.link_years
            if j > 0 and showcase_of[j - 1] == showcase_of[j]:
                left[j] = j - 1
            if j + 1 < n and showcase_of[j + 1] == showcase_of[j]:
                right[j] = j + 1
    return left, right, years


@dataclass(frozen=True, eq=False)
class DeckArrays:
    """A deck as arrays indexed by card id — the card's place in the deck, the id of
    :class:`~exhibition_lab.games.exhibition.rules.actions.ActionSpace`."""

    cards: tuple[Card, ...]
    year: np.ndarray  # EMPTY for Einstein
    continent: np.ndarray  # 0…5, WHITE for the white cards
    colour_bit: np.ndarray  # 1 << continent, 0 for white cards
    decade_bit: np.ndarray  # V6a: 1 << decade index, 0 for Einstein
    sort_key: np.ndarray  # R5's market order: by year, Einstein last; entry ``len(cards)`` (no card) after all
    einstein: int  # Einstein's id, or −1 without one

    @classmethod
    def of(cls, cards: Sequence[Card]) -> DeckArrays:
        cards = tuple(cards)
        years = [c.year for c in cards if c.year is not None]
        if len(set(years)) != len(years) or sum(c.is_einstein for c in cards) > 1:
            raise ArgumentError(
                "the batch engine plays a deck with one card per year and at most one Einstein (R2)", rule="R2"
            )
        year = np.array([EMPTY if c.year is None else c.year for c in cards], dtype=np.int16)
        continent = np.array([WHITE if c.continent is None else c.continent.index for c in cards], dtype=np.int8)
        colour_bit = np.array([1 << c for c in range(WHITE)] + [0], dtype=np.int16)[continent]
        sort_key = np.append(np.where(year < FIRST_YEAR, BIG - 1, year), BIG).astype(np.int16)
        einstein = next((i for i, c in enumerate(cards) if c.is_einstein), -1)
        return cls(cards, year, continent, colour_bit, decade_bits(year).astype(np.int16), sort_key, einstein)

    @property
    def size(self) -> int:
        return len(self.cards)

    def index(self) -> dict[Card, int]:
        """Card → id."""
        return {card: i for i, card in enumerate(self.cards)}


@lru_cache(maxsize=8)
def deck_arrays(cards: tuple[Card, ...]) -> DeckArrays:
    """:meth:`DeckArrays.of`, cached per deck."""
    return DeckArrays.of(cards)
