"""A player's Exhibition Hall and Depot: placement legality and the hall notation.

The requirements R11–R16 and V1–V6a are decided per showcase, because no rule links two
showcases of one hall. White cards are decided exactly (R16): a white card's continent can
always be chosen among the continents its showcase leaves free, so only the count matters;
Einstein's year must fall in an interval fixed by its nearest neighbours (and One Era's
limits), which is non-empty or not (D7 keeps it in 1900–1999).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import pairwise
from typing import NamedTuple

from ....core.errors import IllegalAction, IllegalHall, NotationError
from . import goals
from .cards import CONTINENTS, FIRST_YEAR, LAST_YEAR, Card, Continent
from .layout import DEPOT_SIZE as DEPOT_SIZE  # R3: the Depot is a hall's, named here too
from .layout import Layout, ShowcaseKind, unique_decades_range

Spot = tuple[int, int]
Spots = tuple[Card | None, ...]


def rule_name(rule_id: str) -> str:
    """The short name of a rule a hall can break (``R11`` → ``ascending years``), else ``rule``."""
    found = goals.rule(rule_id)
    return found.name if found is not None else "rule"


@dataclass(frozen=True, slots=True)
class Problem:
    """Why a showcase or a placement is not allowed, as facts: the rule id, which part of the
    rule (``case``), the cards involved with their spots in the showcase, the measured
    ``value`` and the rule's ``limit`` (``low`` … ``limit`` for a range), and ``reason``, the
    engine's English sentence for logs and errors. A placement's problem also names the
    ``placed`` card, its ``showcase`` and ``spot``; the ui words a problem from these facts
    alone, in the reader's language.

    >>> hall = Hall.parse(". . . . . . / 1920AS . . . / . / . . . / . .")
    >>> problem = hall.placement_problem(Card.parse("1941AF"), 1, 2)
    >>> problem.rule, problem.cards, problem.spots, problem.value, problem.limit
    ('R14', (Card.parse('1920AS'), Card.parse('1941AF')), (0, 2), 21, 20)
    """

    rule: str
    reason: str
    case: str = ""
    cards: tuple[Card, ...] = ()
    spots: tuple[int, ...] = ()
    value: int | None = None
    limit: int | None = None
    low: int | None = None
    players: int | None = None
    placed: Card | None = None
    showcase: int | None = None
    spot: int | None = None

    def __str__(self) -> str:
        return f"{self.rule} ({rule_name(self.rule)}): {self.reason}"

    def at(self, card: Card, showcase: int, spot: int) -> Problem:
        """This problem as the refusal of ``card`` at ``(showcase, spot)``."""
        return replace(self, placed=card, showcase=showcase, spot=spot)

    @property
    def gist(self) -> tuple[object, ...]:
        """The facts a reader is told, without the spots: refusals at several spots with the
        same gist read alike."""
        spread = None if self.spots[1:] == () else self.spots[-1] - self.spots[0]
        return (self.rule, self.case, self.cards, self.value, self.limit, self.low, spread)


@dataclass(frozen=True, slots=True)
class _Context:
    """What the other players' halls impose on this one (R13 claims, V6a decades)."""

    claims: frozenset[Continent]
    taken_decades: frozenset[int]
    players: int


def _context(others: Iterable[Hall], players: int | None) -> _Context:
    others = tuple(others)
    if not others:
        return _alone(players or 1)
    claims: set[Continent] = set()
    decades: set[int] = set()
    for other in others:
        for kind, spots in zip(other.layout, other.showcases):
            cards = [c for c in spots if c is not None]
            if kind.same_continent:
                # D6: only coloured cards claim a continent.
                claims.update(c.continent for c in cards if c.continent is not None)
            if kind.unique_decades:
                decades.update(c.decade for c in cards if c.decade is not None)
    return _Context(frozenset(claims), frozenset(decades), players or len(others) + 1)


@lru_cache(maxsize=8)
def _alone(players: int) -> _Context:
    """The context of a hall with no other hall to heed (a solo game, a lone board)."""
    return _Context(frozenset(), frozenset(), players)


def _filled(spots: Spots) -> list[tuple[int, Card]]:
    return [(i, c) for i, c in enumerate(spots) if c is not None]


def showcase_problem(kind: ShowcaseKind, spots: Spots, ctx: _Context | None = None) -> Problem | None:
    """The first requirement this showcase breaks, or ``None`` if some choice of the white
    cards' wild values satisfies all of them (R16)."""
    ctx = ctx or _Context(frozenset(), frozenset(), 1)
    filled = _filled(spots)
    for check in _SHOWCASE_CHECKS:
        problem = check(kind, filled, ctx)
        if problem is not None:
            return problem
    return None


def _check_white_allowed(kind: ShowcaseKind, filled: list[tuple[int, Card]], ctx: _Context) -> Problem | None:
    if not kind.is_variation:  # V1: only variation showcases refuse white cards
        return None
    for i, card in filled:
        if card.is_white:
            reason = f"white card {card} (spot {i}) may not lie in the variation showcase {kind.name}"
            return Problem("V1", reason, cards=(card,), spots=(i,))
    return None


def _check_ascending(kind: ShowcaseKind, filled: list[tuple[int, Card]], ctx: _Context) -> Problem | None:
    dated = [(i, card, card.year) for i, card in filled if card.year is not None]  # Einstein: _check_einstein_year
    for n, (i, card, year) in enumerate(dated):
        if n and year <= dated[n - 1][2]:
            # the widest pair out of order: the leftmost card not older than the first card out
            # of order, and the rightmost card not younger than that one, so that a card placed
            # into an ordered showcase is named with the farthest card it must pass
            j, left, left_year = next(d for d in dated[:n] if d[2] >= year)
            i, card, _ = [d for d in dated if d[0] > j and d[2] <= left_year][-1]
            reason = f"{left} (spot {j}) lies left of {card} (spot {i}) but is not older"
            return Problem("R11", reason, cards=(left, card), spots=(j, i))
    return None


def _check_distinct_continents(kind: ShowcaseKind, filled: list[tuple[int, Card]], ctx: _Context) -> Problem | None:
    if not kind.distinct_continents:
        return None
    seen: dict[Continent, tuple[int, Card]] = {}
    for i, card in filled:
        if card.continent is None:
            continue
        if card.continent in seen:
            j, first = seen[card.continent]
            reason = f"{first} (spot {j}) and {card} (spot {i}) are both from {card.continent.title}"
            return Problem("R12", reason, "same", (first, card), (j, i))
        seen[card.continent] = (i, card)
    if len(filled) > len(CONTINENTS):
        reason = f"{len(filled)} cards cannot all have different continents"
        return Problem("R12", reason, "count", value=len(filled), limit=len(CONTINENTS))
    return None


def _check_one_continent(kind: ShowcaseKind, filled: list[tuple[int, Card]], ctx: _Context) -> Problem | None:
    if not kind.same_continent:
        return None
    coloured = [(i, c) for i, c in filled if c.continent is not None]
    for i, card in coloured[1:]:
        if card.continent is not coloured[0][1].continent:
            j, first = coloured[0]
            reason = f"{first} (spot {j}) and {card} (spot {i}) differ in continent; all must share one"
            return Problem("R13", reason, "differ", (first, card), (j, i))
    if coloured and coloured[0][1].continent in ctx.claims:
        j, first = coloured[0]
        assert first.continent is not None  # a coloured card
        reason = f"another player's One Continent showcase already holds {first.continent.title}"
        return Problem("R13", reason, "claimed", (first,), (j,))
    if filled and not coloured and len(ctx.claims) == len(CONTINENTS):
        reason = "every continent is claimed by other players, so no choice fits the white card"
        return Problem("R13", reason, "all_claimed", tuple(c for _, c in filled), tuple(i for i, _ in filled))
    return None


def _check_one_decade(kind: ShowcaseKind, filled: list[tuple[int, Card]], ctx: _Context) -> Problem | None:
    if not kind.same_decade or not filled:
        return None
    i0, first = filled[0]
    for i, card in filled[1:]:
        if card.decade != first.decade:
            reason = f"{first} (spot {i0}) and {card} (spot {i}) are from different decades"
            return Problem("V4", reason, cards=(first, card), spots=(i0, i))
    return None


def _check_unique_decades(kind: ShowcaseKind, filled: list[tuple[int, Card]], ctx: _Context) -> Problem | None:
    if not kind.unique_decades:
        return None
    low, high = unique_decades_range(ctx.players)
    seen: dict[int, tuple[int, Card]] = {}
    for i, card in filled:
        decade = card.decade
        if decade is None:
            continue  # white cards never lie in a variation showcase (V1)
        if not low <= decade <= high:
            reason = f"{card} (spot {i}): with {ctx.players} player(s) only the {low}s–{high}s are allowed"
            return Problem(
                "V6a", reason, "range", (card,), (i,), value=decade, limit=high, low=low, players=ctx.players
            )
        if decade in seen:
            j, first = seen[decade]
            reason = f"{first} and {card} are both from the {decade}s"
            return Problem("V6a", reason, "twice", (first, card), (j, i), value=decade)
        if decade in ctx.taken_decades:
            reason = f"{card} (spot {i}): another player's Unique Decades showcase has the {decade}s"
            return Problem("V6a", reason, "taken", (card,), (i,), value=decade)
        seen[decade] = (i, card)
    return None


def _consecutive_fixed_pairs(filled: list[tuple[int, Card]]) -> Iterator[tuple[int, Card, int, Card, int]]:
    """Pairs of filled spots with only empty spots between them, both with a fixed year, and
    how many years lie between them."""
    for (i, left), (j, right) in pairwise(filled):
        if left.year is not None and right.year is not None:
            yield i, left, j, right, right.year - left.year


def _check_links(kind: ShowcaseKind, filled: list[tuple[int, Card]], ctx: _Context) -> Problem | None:
    if kind.link_years is None:
        return None
    for i, left, j, right, gap in _consecutive_fixed_pairs(filled):
        if j != i + 1:
            continue  # V3 ties direct neighbours only
        if left.continent is not right.continent and gap > kind.link_years:
            reason = (
                f"{left} (spot {i}) and {right} (spot {j}) neither share a continent "
                f"nor lie within {kind.link_years} years"
            )
            return Problem("V3", reason, cards=(left, right), spots=(i, j), value=gap, limit=kind.link_years)
    return None


def _check_year_steps(kind: ShowcaseKind, filled: list[tuple[int, Card]], ctx: _Context) -> Problem | None:
    for i, left, j, right, gap in _consecutive_fixed_pairs(filled):
        free = j - i - 1
        if kind.max_step is not None and gap > kind.max_step * (free + 1):
            limit = kind.max_step * (free + 1)
            reason = (
                f"{left} (spot {i}) and {right} (spot {j}) are {gap} years apart with {free} free spot(s) "
                f"between; at most {limit} allowed"
            )
            return Problem("R14", reason, "at_most", (left, right), (i, j), value=gap, limit=limit)
        if kind.min_step is not None and gap < kind.min_step * (free + 1):
            limit = kind.min_step * (free + 1)
            reason = (
                f"{left} (spot {i}) and {right} (spot {j}) are {gap} years apart with {free} free spot(s) "
                f"between; at least {limit} needed"
            )
            return Problem("V2", reason, "at_least", (left, right), (i, j), value=gap, limit=limit)
    return None


def _year_at(spots: Spots, index: int) -> int | None:
    """The year of the card at ``spots[index]``; ``None`` for an empty spot (and Einstein,
    whose neighbours' fixed years bound it: several Einsteins in a row each read theirs)."""
    card = spots[index]
    return None if card is None else card.year


def einstein_years(kind: ShowcaseKind, spots: Spots, index: int) -> range:
    """The years Einstein at ``spots[index]`` may take (R16, D7): strictly between its
    nearest neighbours, within One Era's limits, inside 1900–1999. Empty when none."""
    low, high = FIRST_YEAR, LAST_YEAR
    for j in range(index - 1, -1, -1):
        year = _year_at(spots, j)
        if year is not None:
            low = max(low, year + 1)
            if kind.max_step is not None:
                high = min(high, year + kind.max_step * (index - j))
            break
    for j in range(index + 1, len(spots)):
        year = _year_at(spots, j)
        if year is not None:
            high = min(high, year - 1)
            if kind.max_step is not None:
                low = max(low, year - kind.max_step * (j - index))
            break
    return range(low, high + 1)


def _check_einstein_year(kind: ShowcaseKind, filled: list[tuple[int, Card]], ctx: _Context) -> Problem | None:
    spots: list[Card | None] = [None] * kind.size
    for i, card in filled:
        spots[i] = card
    for i, card in filled:
        if card.is_einstein and not einstein_years(kind, tuple(spots), i):
            neighbours = [f"{c} (spot {j})" for j, c in filled if j != i]
            around = ", ".join(neighbours) or "nothing"
            reason = f"no year in {FIRST_YEAR}–{LAST_YEAR} lets Einstein (spot {i}) fit beside {around} (D7)"
            others = [(j, c) for j, c in filled if j != i]
            return Problem(
                "R16",
                reason,
                cards=(card, *(c for _, c in others)),
                spots=(i, *(j for j, _ in others)),
                low=FIRST_YEAR,
                limit=LAST_YEAR,
            )
    return None


_SHOWCASE_CHECKS = (
    _check_white_allowed,
    _check_ascending,
    _check_distinct_continents,
    _check_one_continent,
    _check_one_decade,
    _check_unique_decades,
    _check_links,
    _check_year_steps,
    _check_einstein_year,
)


def _no_free_spot(kind: ShowcaseKind, spots: Spots, card: Card, showcase: int, left: int, right: int) -> Problem:
    """R11: ``card``'s year belongs between the spots ``left`` and ``right`` (-1 and
    ``len(spots)`` for the ends), and no spot is free there."""
    around = [
        (j, c)
        for j, c in ((left, spots[left] if left >= 0 else None), (right, spots[right] if right < len(spots) else None))
        if c is not None
    ]
    case = "no_spot_between" if len(around) == 2 else "no_spot_right_of" if left >= 0 else "no_spot_left_of"
    named = " and ".join(str(c) for _, c in around)
    reason = f"{card} belongs next to {named} in {kind.name} and no spot is free there"
    return Problem(
        "R11", reason, case, tuple(c for _, c in around), tuple(j for j, _ in around), placed=card, showcase=showcase
    )


def claimed_continents(others: Iterable[Hall]) -> frozenset[Continent]:
    """The continents the other players' One Continent showcases hold (R13, D6)."""
    return _context(others, None).claims


def white_card_continents(
    kind: ShowcaseKind, spots: Spots, index: int, claims: Iterable[Continent] = ()
) -> tuple[Continent, ...]:
    """The continents the white card at ``spots[index]`` may stand for in its showcase (R16),
    in tile order: in One Continent the continent of the coloured cards (any continent the
    other players' ``claims`` leave while it lies alone, R13); where every continent must
    differ, each one no other card of the showcase shows (R12). Scoring ignores the choice (R17).

    >>> from .layout import GENERAL
    >>> spots = tuple(Card.parse(t) if t != "." else None for t in "1920EU 1945W 1950AS . . .".split())
    >>> [c.code for c in white_card_continents(GENERAL, spots, 1)]
    ['OC', 'SA', 'AF', 'NA']
    """
    coloured = {c.continent for j, c in enumerate(spots) if c is not None and j != index and c.continent is not None}
    if kind.same_continent:
        allowed = coloured or set(CONTINENTS) - set(claims)
    elif kind.distinct_continents:
        allowed = set(CONTINENTS) - coloured
    else:
        allowed = set(CONTINENTS)
    return tuple(c for c in CONTINENTS if c in allowed)


class _SpotWindow(NamedTuple):
    """What an empty spot accepts, precomputed once per showcase so that ``legal_spots``
    needs only comparisons. ``exact`` is False where the fast reading does not cover the
    rules (variations, Einstein in the showcase): the full check decides there."""

    spot: int
    exact: bool
    first_year: int = FIRST_YEAR
    last_year: int = LAST_YEAR
    used: frozenset[Continent] = frozenset()  # R12: continents already shown
    need: Continent | None = None  # R13: the continent of the coloured cards
    same_continent: bool = False
    distinct: bool = True
    filled: int = 0


def _window_admits(w: _SpotWindow, card: Card, ctx: _Context) -> bool:
    """The fast reading of R11–R14 and R16 for a card with a fixed year."""
    year = card.year
    if year is None or not w.first_year <= year <= w.last_year:
        return False
    continent = card.continent
    if continent is None:  # a white card with a fixed year takes any free continent
        if w.distinct and w.filled + 1 > len(CONTINENTS):
            return False
        return not (w.same_continent and w.need is None and len(ctx.claims) == len(CONTINENTS))
    if w.distinct and continent in w.used:
        return False
    return not (w.same_continent and ((w.need is not None and continent is not w.need) or continent in ctx.claims))


def _fixed_year(card: Card) -> int:
    """The year of a card the fast reading holds: Einstein's showcases take the full check."""
    assert card.year is not None, "the fast reading never meets Einstein"
    return card.year


def showcase_windows(kind: ShowcaseKind, spots: Spots) -> tuple[_SpotWindow, ...]:
    """What each empty spot of a showcase accepts: its window of years (``first_year`` …
    ``last_year``, R11, R14) and the continents its showcase allows (R12, R13). Where the
    fast reading does not cover the rules (variations, Einstein in the showcase) a window
    is not ``exact`` and the full check decides."""
    exact = not kind.is_variation and all(c is None or c.year is not None for c in spots)
    if not exact:
        return tuple(_SpotWindow(i, False) for i, c in enumerate(spots) if c is None)
    filled = [(i, c) for i, c in enumerate(spots) if c is not None]
    coloured = frozenset(c.continent for _, c in filled if c.continent is not None)
    used = coloured if kind.distinct_continents else frozenset()
    need = next(iter(coloured)) if kind.same_continent and coloured else None
    step = kind.max_step
    windows = []
    for i, current in enumerate(spots):
        if current is not None:
            continue
        first, last = FIRST_YEAR, LAST_YEAR
        left = next(((j, c) for j, c in reversed(filled) if j < i), None)
        right = next(((j, c) for j, c in filled if j > i), None)
        if left is not None:
            first = _fixed_year(left[1]) + 1
            if step is not None:
                last = min(last, _fixed_year(left[1]) + step * (i - left[0]))
        if right is not None:
            last = min(last, _fixed_year(right[1]) - 1)
            if step is not None:
                first = max(first, _fixed_year(right[1]) - step * (right[0] - i))
        windows.append(
            _SpotWindow(i, True, first, last, used, need, kind.same_continent, kind.distinct_continents, len(filled))
        )
    return tuple(windows)


class Hall:
    """An Exhibition Hall (R3): the showcases of a layout with their spots, plus a Depot.

    A Hall is an immutable value: :meth:`place` and :meth:`add_to_depot` return a new hall.
    The constructor checks every requirement; ``Hall.parse`` reads the RULES.md notation.
    """

    __slots__ = ("_depot", "_layout", "_showcases", "_windows")
    _windows: list[tuple[_SpotWindow, ...] | None] | None

    def __init__(
        self,
        layout: Layout | None = None,
        showcases: Sequence[Sequence[Card | None]] | None = None,
        depot: Sequence[Card] = (),
        *,
        others: Iterable[Hall] = (),
        players: int | None = None,
    ) -> None:
        layout = layout or Layout.base()
        if showcases is None:
            showcases = [[None] * kind.size for kind in layout]
        self._layout = layout
        self._showcases = tuple(tuple(spots) for spots in showcases)
        self._depot = tuple(depot)
        self._windows = None
        self._check_shape()
        self.check(others, players=players)

    @classmethod
    def _make(
        cls,
        layout: Layout,
        showcases: tuple[Spots, ...],
        depot: tuple[Card, ...],
        windows: list[tuple[_SpotWindow, ...] | None] | None = None,
    ) -> Hall:
        """A hall from parts already known to be legal (no checks); ``windows`` are the spot
        windows of showcases that did not change (``None`` entries are computed on demand)."""
        hall = object.__new__(cls)
        hall._layout = layout
        hall._showcases = showcases
        hall._depot = depot
        hall._windows = windows
        return hall

    # ------------------------------------------------------------------ reading
    @property
    def layout(self) -> Layout:
        return self._layout

    @property
    def showcases(self) -> tuple[Spots, ...]:
        """The spots of each showcase, left to right; ``None`` is an empty spot."""
        return self._showcases

    @property
    def depot(self) -> tuple[Card, ...]:
        """Depot cards in the order they were put there (R10)."""
        return self._depot

    def __getitem__(self, spot: Spot) -> Card | None:
        showcase, index = self._valid_spot(spot[0], spot[1])
        return self._showcases[showcase][index]

    def showcase(self, key: str) -> Spots | None:
        """The spots of the showcase with this key (``"years_gap"``), ``None`` if absent."""
        position = self._layout.index(key)
        return None if position is None else self._showcases[position]

    def iter_spots(self) -> Iterator[tuple[Spot, Card | None]]:
        """Every hall spot with its card (or ``None``), in layout order."""
        for s, spots in enumerate(self._showcases):
            for i, card in enumerate(spots):
                yield (s, i), card

    def hall_cards(self) -> tuple[Card, ...]:
        """The cards in the showcases (not the Depot), in layout order."""
        return tuple(c for spots in self._showcases for c in spots if c is not None)

    def cards(self) -> tuple[Card, ...]:
        """Hall cards then Depot cards."""
        return self.hall_cards() + self._depot

    def empty_spots(self) -> list[Spot]:
        return [spot for spot, card in self.iter_spots() if card is None]

    @property
    def n_empty(self) -> int:
        return sum(card is None for spots in self._showcases for card in spots)

    @property
    def is_full(self) -> bool:
        """All hall spots filled: the exhibition is final (R10b)."""
        return self.n_empty == 0

    @property
    def depot_full(self) -> bool:
        return len(self._depot) >= DEPOT_SIZE

    @property
    def continents(self) -> frozenset[Continent]:
        """Continents of the coloured hall cards; Depot cards and white cards excluded (R17, R19)."""
        return frozenset(c.continent for c in self.hall_cards() if c.continent is not None)

    @property
    def has_all_continents(self) -> bool:
        return len(self.continents) == len(CONTINENTS)

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and card in self.cards()

    # ------------------------------------------------------------------ legality
    def why_not(
        self, card: Card, showcase: int, spot: int, others: Iterable[Hall] = (), *, players: int | None = None
    ) -> str | None:
        """``None`` if ``card`` may go to ``(showcase, spot)``, else the reason with its rule id.

        ``others`` are the other players' halls (R13 claims, V6a decades); ``players`` the
        number of players (default ``1 + len(others)``).

        >>> hall = Hall.parse("1950EU . . . . . / . . . . / . / . . . / . .")
        >>> print(hall.why_not(Card.parse("1940AS"), 0, 1))
        R11 (ascending years): 1940AS cannot go to General (0, 1):
        1950EU (spot 0) lies left of 1940AS (spot 1) but is not older
        >>> hall.why_not(Card.parse("1960AS"), 0, 1) is None
        True
        """
        problem = self.placement_problem(card, showcase, spot, others, players=players)
        return None if problem is None else self._describe(card, showcase, spot, problem)

    def placement_problem(
        self, card: Card, showcase: int, spot: int, others: Iterable[Hall] = (), *, players: int | None = None
    ) -> Problem | None:
        """Like :meth:`why_not` but returns the :class:`Problem`: the facts of the refusal."""
        showcase, spot = self._valid_spot(showcase, spot)
        problem = self._problem_at(card, showcase, spot, _context(others, players))
        return None if problem is None else problem.at(card, showcase, spot)

    def showcase_refusal(
        self, card: Card, showcase: int, others: Iterable[Hall] = (), *, players: int | None = None
    ) -> Problem | None:
        """Why ``card`` fits none of the empty spots of ``showcase``, or ``None`` if one takes it.

        The refusal a player looks for: a full showcase is ``R10`` (case ``full``); where the
        card's year would stand in order (R11) either no spot is free there (case
        ``no_spot_between``, ``no_spot_right_of`` or ``no_spot_left_of``, with the cards around
        that place) or the free spot there refuses it (One Era: the roomiest such spot, whose
        limit is the one worth telling, R14). A card without a year, or several spots in order
        that disagree, get the refusal shared by most of them (the leftmost on a tie).

        >>> hall = Hall.parse("1900SA 1932AF 1964EU . . . / . . . . / . / . . . / . .")
        >>> problem = hall.showcase_refusal(Card.parse("1950NA"), 0)
        >>> problem.rule, problem.case, problem.cards
        ('R11', 'no_spot_between', (Card.parse('1932AF'), Card.parse('1964EU')))
        """
        showcase, _ = self._valid_spot(showcase, 0)
        kind = self._layout[showcase]
        spots = self._showcases[showcase]
        empty = [i for i, c in enumerate(spots) if c is None]
        if not empty:
            return Problem("R10", f"{kind.name} is full", "full", showcase=showcase, placed=card)
        ctx = _context(others, players)
        problems = {}
        for i in empty:
            problem = self._problem_at(card, showcase, i, ctx)
            if problem is None:
                return None  # the card fits here after all
            problems[i] = problem.at(card, showcase, i)
        if card.year is None:  # a card without a year has no place of its own in the order
            chosen = empty
        else:
            year = card.year
            left = max((j for j, c in enumerate(spots) if c and c.year is not None and c.year < year), default=-1)
            right = min(
                (j for j, c in enumerate(spots) if c and c.year is not None and c.year > year), default=len(spots)
            )
            chosen = [i for i in empty if left < i < right]
            if not chosen:
                return _no_free_spot(kind, spots, card, showcase, left, right)
            if kind.max_step is not None:
                # One Era allows more years across free spots (R14): the roomiest spot is the
                # one a player tries, so its limit is the one worth telling
                filled = [j for j, c in enumerate(spots) if c is not None]
                chosen = [max(chosen, key=lambda i: min((abs(i - j) for j in filled), default=len(spots)))]
        gists = [problems[i].gist for i in chosen]
        best = max(range(len(chosen)), key=lambda n: (gists.count(gists[n]), -n))
        return problems[chosen[best]]

    def legal_spots(self, card: Card, others: Iterable[Hall] = (), *, players: int | None = None) -> list[Spot]:
        """Every empty spot where ``card`` satisfies the hall requirements, in layout order.

        Spots are ``(showcase, spot)`` pairs counted from 0. Here 1940AS is older than the
        1950EU opening General, so no General spot takes it (R11):

        >>> hall = Hall.parse("1950EU . . . . . / . . . . / . / . . . / . .")
        >>> spots = hall.legal_spots(Card.parse("1940AS"))
        >>> spots[:3], any(showcase == 0 for showcase, _ in spots)
        ([(1, 0), (1, 1), (1, 2)], False)
        """
        ctx = _context(others, players)
        if self._holds_year_of(card):
            return []
        if self._windows is None:
            self._windows = [None] * len(self._showcases)
        spot_windows = self._windows
        found = []
        for s, kind in enumerate(self._layout.showcases):
            windows = spot_windows[s]
            if windows is None:
                windows = spot_windows[s] = showcase_windows(kind, self._showcases[s])
            for w in windows:
                if w.exact and card.year is not None:
                    if _window_admits(w, card, ctx):
                        found.append((s, w.spot))
                elif self._showcase_problem_with(card, s, w.spot, ctx) is None:
                    found.append((s, w.spot))
        return found

    def _problem_at(self, card: Card, showcase: int, spot: int, ctx: _Context) -> Problem | None:
        current = self._showcases[showcase][spot]
        if current is not None:
            return Problem("R10", f"the spot already holds {current}", "taken", (current,), (spot,))
        if self._holds_year_of(card):
            held = next(c for c in self.cards() if c.year == card.year)
            return Problem("R2", f"this hall or depot already holds a card of {card.year or 'Einstein'}", cards=(held,))
        return self._showcase_problem_with(card, showcase, spot, ctx)

    def _showcase_problem_with(self, card: Card, showcase: int, spot: int, ctx: _Context) -> Problem | None:
        candidate = list(self._showcases[showcase])
        candidate[spot] = card
        return showcase_problem(self._layout[showcase], tuple(candidate), ctx)

    def _holds_year_of(self, card: Card) -> bool:
        return any(c.year == card.year for c in self.cards())

    def problem(self, others: Iterable[Hall] = (), *, players: int | None = None) -> Problem | None:
        """The first requirement the whole hall breaks, or ``None``."""
        ctx = _context(others, players)
        for showcase, (kind, spots) in enumerate(zip(self._layout, self._showcases)):
            problem = showcase_problem(kind, spots, ctx)
            if problem is not None:
                return replace(problem, reason=f"{kind.name}: {problem.reason}", showcase=showcase)
        return None

    def is_legal(self, others: Iterable[Hall] = (), *, players: int | None = None) -> bool:
        return self.problem(others, players=players) is None

    def check(self, others: Iterable[Hall] = (), *, players: int | None = None) -> None:
        """Raise :class:`IllegalHall` naming the rule if the hall breaks a requirement."""
        problem = self.problem(others, players=players)
        if problem is not None:
            raise IllegalHall(f"{problem} — in hall {self}", rule=problem.rule, facts=problem)

    # ------------------------------------------------------------------ changing
    def place(
        self, card: Card, showcase: int, spot: int, others: Iterable[Hall] = (), *, players: int | None = None
    ) -> Hall:
        """A new hall with ``card`` at ``(showcase, spot)``; :class:`IllegalAction` if not allowed."""
        showcase, spot = self._valid_spot(showcase, spot)
        problem = self._problem_at(card, showcase, spot, _context(others, players))
        if problem is not None:
            problem = problem.at(card, showcase, spot)
            raise IllegalAction(self._describe(card, showcase, spot, problem), rule=problem.rule, facts=problem)
        return self.with_card(card, showcase, spot)

    def with_card(self, card: Card, showcase: int, spot: int) -> Hall:
        """A new hall with ``card`` at ``(showcase, spot)``, **without checking anything**.

        The fast path for callers that already know the placement is legal (from
        :meth:`legal_spots` or :meth:`Game.legal_actions`), as python-chess's
        ``Board.push`` trusts its move: the rules (R2, R11–R16, V1–V6a) are *not* checked
        and an illegal placement gives an illegal hall. Use :meth:`place` for anything
        that comes from a user.

        >>> hall = Hall.parse(". . . . . . / . . . . / . / . . . / . .")
        >>> str(hall.with_card(Card.parse("1969NA"), 0, 2))
        '. . 1969NA . . . / . . . . / . / . . . / . .'
        """
        spots = list(self._showcases[showcase])
        spots[spot] = card
        showcases = self._showcases[:showcase] + (tuple(spots),) + self._showcases[showcase + 1 :]
        windows = None
        if self._windows is not None:
            # only the changed showcase needs new windows
            windows = list(self._windows)
            windows[showcase] = None
        return Hall._make(self._layout, showcases, self._depot, windows)

    def add_to_depot(self, card: Card) -> Hall:
        """A new hall with ``card`` in the Depot (R10); :class:`IllegalAction` when full."""
        if self.depot_full:
            raise IllegalAction(f"R10 (depot): the Depot already holds {DEPOT_SIZE} cards — in hall {self}", rule="R10")
        if self._holds_year_of(card):
            raise IllegalAction(f"R2: this hall already holds a card of {card.year or 'Einstein'}", rule="R2")
        return Hall._make(self._layout, self._showcases, self._depot + (card,), self._windows)  # showcases unchanged

    def _valid_spot(self, showcase: int, spot: int) -> Spot:
        if not (isinstance(showcase, int) and isinstance(spot, int)) or isinstance(showcase, bool):
            raise IllegalAction(f"a spot is two integers (showcase, spot), not ({showcase!r}, {spot!r})", rule="R3")
        if not 0 <= showcase < len(self._layout) or not 0 <= spot < self._layout[showcase].size:
            raise IllegalAction(
                f"R3: the hall has no spot ({showcase}, {spot}); showcase sizes are {self._layout.sizes}",
                rule="R3",
            )
        return showcase, spot

    def _describe(self, card: Card, showcase: int, spot: int, problem: Problem) -> str:
        name = self._layout[showcase].name
        label = rule_name(problem.rule)
        return f"{problem.rule} ({label}): {card} cannot go to {name} ({showcase}, {spot}): {problem.reason}"

    def _check_shape(self) -> None:
        if len(self._showcases) != len(self._layout):
            raise IllegalHall(f"R3: expected {len(self._layout)} showcases, got {len(self._showcases)}", rule="R3")
        for kind, spots in zip(self._layout, self._showcases):
            if len(spots) != kind.size:
                raise IllegalHall(f"R3: {kind.name} has {kind.size} spots, got {len(spots)}", rule="R3")
            for card in spots:
                if card is not None and not isinstance(card, Card):
                    raise IllegalHall(f"R3: a spot holds a Card or None, not {card!r}", rule="R3")
        if len(self._depot) > DEPOT_SIZE:
            raise IllegalHall(f"R3: the Depot has {DEPOT_SIZE} spots, got {len(self._depot)} cards", rule="R3")
        if not all(isinstance(card, Card) for card in self._depot):
            raise IllegalHall("R3: the Depot holds cards only", rule="R3")
        years = [c.year for c in self.cards()]
        duplicates = sorted({y for y in years if years.count(y) > 1}, key=lambda y: (y is None, y or 0))
        if duplicates:
            what = duplicates[0] or "Einstein"
            raise IllegalHall(f"R2: {what} appears twice in one hall; there is one card per year", rule="R2")

    # ------------------------------------------------------------------ notation
    @classmethod
    def parse(
        cls, text: str, layout: Layout | None = None, *, others: Iterable[Hall] = (), players: int | None = None
    ) -> Hall:
        """Read a hall in the notation of RULES.md.

        Showcases in layout order separated by ``/``, spots by spaces, ``.`` for an empty
        spot, then optionally ``|`` and up to three Depot cards. Raises
        :class:`NotationError` (naming the token and its position) for malformed text and
        :class:`IllegalHall` (naming the rule) for a hall that breaks a requirement.

        >>> hall = Hall.parse("1950EU . . . . . / . . . . / . / . . . / . . | 1901OC")
        >>> hall.showcases[0][0], hall.depot
        (Card.parse('1950EU'), (Card.parse('1901OC'),))
        >>> Hall.parse("1950EU 1940AS . . . . / . . . . / . / . . . / . .")
        Traceback (most recent call last):
        ...
        exhibition_lab.core.errors.IllegalHall: R11 (ascending years): ...
        """
        layout = layout or Layout.base()
        showcases, depot = _read_notation(text, layout)
        return cls(layout, showcases, depot, others=others, players=players)

    def __str__(self) -> str:
        body = " / ".join(" ".join(c.token if c else "." for c in spots) for spots in self._showcases)
        if self._depot:
            body += " | " + " ".join(c.token for c in self._depot)
        return body

    def __repr__(self) -> str:
        layout = "" if not self._layout.variations else f", layout={self._layout!r}"
        return f"Hall.parse({str(self)!r}{layout})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Hall):
            return NotImplemented
        return (self._layout, self._showcases, self._depot) == (other._layout, other._showcases, other._depot)

    def __hash__(self) -> int:
        return hash((self._layout, self._showcases, self._depot))


_NOTATION_TOKEN = re.compile(r"/|\||[^\s/|]+")


def _read_notation(text: str, layout: Layout) -> tuple[list[list[Card | None]], list[Card]]:
    if not isinstance(text, str):
        raise NotationError(f"a hall is written as text, not {type(text).__name__}")
    showcases: list[list[tuple[Card | None, int]]] = [[]]
    depot: list[tuple[Card, int]] | None = None
    for match in _NOTATION_TOKEN.finditer(text):
        token, position = match.group(), match.start()
        if token == "/":
            if depot is not None:
                raise NotationError(
                    f"'/' at position {position} comes after the Depot '|'", token=token, position=position
                )
            showcases.append([])
        elif token == "|":
            if depot is not None:
                raise NotationError(f"a second '|' at position {position}", token=token, position=position)
            depot = []
        elif depot is not None:
            if token == ".":
                raise NotationError(
                    f"'.' at position {position}: the Depot lists its cards only", token=token, position=position
                )
            depot.append((_card_at(token, position), position))
        else:
            showcases[-1].append((None if token == "." else _card_at(token, position), position))
    _check_notation_shape(text, showcases, depot or [], layout)
    return [[card for card, _ in spots] for spots in showcases], [card for card, _ in depot or []]


def _card_at(token: str, position: int) -> Card:
    try:
        return Card.parse(token)
    except NotationError as exc:
        shown = token if len(token) <= 24 else token[:24] + "…"
        raise NotationError(
            f"token {shown!r} at position {position}: {exc}", token=token, position=position, rule=exc.rule
        ) from None


def _check_notation_shape(
    text: str,
    showcases: list[list[tuple[Card | None, int]]],
    depot: list[tuple[Card, int]],
    layout: Layout,
) -> None:
    if not text.strip():
        raise NotationError("an empty text is not a hall; write '.' for each empty spot")
    if len(showcases) != len(layout):
        names = ", ".join(f"{k.name} ({k.size})" for k in layout)
        raise NotationError(
            f"found {len(showcases)} showcase(s) separated by '/', the layout has {len(layout)}: {names}"
        )
    for s, (kind, spots) in enumerate(zip(layout, showcases)):
        if len(spots) != kind.size:
            position = spots[0][1] if spots else None
            raise NotationError(
                f"showcase {s} ({kind.name}) needs {kind.size} spot(s), found {len(spots)}"
                + ("" if position is None else f" starting at position {position}"),
                token=" ".join(c.token if c else "." for c, _ in spots),
                position=position,
            )
    if len(depot) > DEPOT_SIZE:
        extra, position = depot[DEPOT_SIZE]
        raise NotationError(
            f"token {extra.token!r} at position {position}: the Depot holds at most {DEPOT_SIZE} cards (R3)",
            token=extra.token,
            position=position,
            rule="R3",
        )
    seen: dict[int | None, str] = {}
    placed: list[tuple[Card | None, int]] = [item for spots in showcases for item in spots]
    for card, position in placed + list(depot):
        if card is None:
            continue
        if card.year in seen:
            raise NotationError(
                f"token {card.token!r} at position {position}: {seen[card.year]} already has this year; "
                "one card per year (R2)",
                token=card.token,
                position=position,
                rule="R2",
            )
        seen[card.year] = card.token
