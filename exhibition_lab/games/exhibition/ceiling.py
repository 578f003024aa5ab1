"""The clairvoyant ceiling of a solo deal: the best score its stock order allows (S1–S7).

With the whole stock order known, a solo game is a deterministic puzzle: every turn takes
one of the cards at the vehicle's continent (R7), moves (R8), refills from the known stock
(R9) and places (R10). Its best final score bounds every way of playing that deal — a
player who cannot see the stock can only do worse or as well — so the gap between it and
a real score splits the deal's luck from the play's skill.

:func:`solo_ceiling` searches whole turns depth first, branch and bound:

- the incumbent is seeded by a beam over whole turns ranked by the bots' estimate
  (:func:`~.agents.estimate`, the fame a hall is worth if play goes on); against the
  clock and far from the end, where the bound cannot close, the beams run again twice
  as wide each time on part of the budget;
- every position gets an admissible upper bound from relaxed placement rules: a spot can
  only be filled by a card that can still reach the hall (the tile's cards and the stock
  cards the turns left can draw) whose year fits the spot's window today and whose
  continent the showcase still admits (R11–R14 — windows only narrow as the hall fills).
  The hall fills at most as many spots as distinct such cards can fill at once (years
  matched to windows); a continent's cards add to Continent Focus only in the showcases
  that admit it (R12: one per showcase, R13: One Continent); the pair goal loses the
  tile's cards no remaining turn can take away (S4, S5: a turn beyond the hall's spots
  fills the Depot and costs the point it could win). The drive caps the fills too: a
  turn takes a card at the vehicle's continent (R7) and the vehicle goes on to that
  card's continent (R8), so each drive is followed on its own — a turn where no card at
  its continent fits an empty spot sends its card to the Depot or ends the exhibition
  (R10a, R25); with few spots left the drive also follows which spots it has filled, each
  once and only with a card that fits that very spot, and, the pair down, which of the
  cards that cost it a point it has taken off the tile (each once: into a spot it fits,
  the Depot or the last discard) — and, per number of Depot cards a drive needs, the pair
  is bounded over that drive's turns. Each goal is then bounded by those cards (R19–R25,
  S3–S6, V7), a few jointly: Continent Focus with Mid Century (its card counts for the focus only if
  it is of the focus continent); Chain of Years and Number of Decades only by cards the
  empty spots can take all at once, in order and by the showcases' continents (R11–R13);
- a transposition table keyed by the hall, the Depot's count, the tile, the vehicle and the
  stock's top remembers the bound each searched position proved;
- children are searched best bound first and cut when their bound cannot beat the incumbent;
  the drive followed spot by spot is costly, so a child is first cut on the bound without it
  and that finer bound is added only to the children the first one does not cut.

A search that ends within its budget proves its plan optimal; one cut short returns the
best plan found with a proven upper bound (the largest bound left unexplored).
Legality is the rules' own (:meth:`Hall.legal_spots`), and the final plan is replayed on
the :class:`~.game.Game` so its score is the game's own score sheet.
"""

from __future__ import annotations

import bisect
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ...core.errors import ArgumentError, ExhibitionLabError
from .agents import CONTINUE_VALUE, ROOM_VALUE
from .game import Game, Phase
from .rules.actions import Action, EndExhibition, Move, Place, Take, ToDepot
from .rules.cards import CONTINENTS, FIRST_YEAR, LAST_YEAR, Card, Continent
from .rules.goals import ANTIQUITY, SHORT_ERA, YEARS_GAP, pair_goal
from .rules.hall import DEPOT_SIZE, Hall, showcase_windows
from .rules.layout import MID_CENTURY as MID_CENTURY_SHOWCASE
from .rules.scoring import MID_CENTURY_YEAR, SOLO_SCALE, SoloRules, solo_pair_points
from .rules.scoring import longest_chain as _longest_chain

RANK_TOP = 5  # S4, S5: a solo pair's fame before the market penalty
DEFAULT_NODES = 20_000
DEFAULT_BEAM = 6
PROOF_SHARE = 0.7  # of the depth-first budget: the proof against the incumbent first
FIRST_PROOF_SHARE = 0.2  # of the time: a proof before the beams widen (with a time limit)
WIDEN_SHARE = 0.5  # of the time left after it: the wider beams
PLACE_STEPS = 2_000  # a search for one set of cards' spots longer than this gives up (optimistically)
WIDEN_FROM = 12  # placements left (empty spots and free Depot places) above which the beams widen
YEARS = LAST_YEAR - FIRST_YEAR + 1
ONES = b"\x01" * YEARS
ALL_CONTINENTS = (1 << len(CONTINENTS)) - 1
WHITE_BIT = 1 << len(CONTINENTS)
WILD_YEAR = 1945  # R16: the white card with a year

Market = tuple[tuple[Card, ...], ...]
BITS = tuple(tuple(k for k in range(len(CONTINENTS)) if mask >> k & 1) for mask in range(1 << len(CONTINENTS)))


@dataclass(frozen=True)
class SoloCeiling:
    """The best a solo deal allows from a position, with the stock order known.

    ``score`` is the final ×100 total (S2) of ``plan`` — actions replayable on a copy of the
    game (:meth:`replay`) — under ``solo_rules``. ``upper_bound`` is proven: no way of
    playing the deal from this position scores more. ``proven`` says the plan is optimal
    (``score == upper_bound``); otherwise ``gap`` is how far it may be from the best.
    """

    score: int
    plan: tuple[Action, ...]
    proven: bool
    upper_bound: int
    nodes: int
    seconds: float
    solo_rules: SoloRules
    start_actions: int = field(default=0, repr=False)  # decisions already made in the game

    @property
    def gap(self) -> int:
        """×100 points between the proven upper bound and the best plan found (0 when proven)."""
        return self.upper_bound - self.score

    def replay(self, game: Game) -> Game:
        """A copy of ``game`` (at the position the ceiling was computed from) with the plan played."""
        copy = game.copy()
        for action in self.plan:
            copy.apply(action)
        return copy


def _continent_indices() -> dict[Continent | None, int]:
    """A card's continent as its index; a white card has none (R16) and counts as −1."""
    indices: dict[Continent | None, int] = {None: -1}
    indices.update({c: c.index for c in CONTINENTS})
    return indices


# ---------------------------------------------------------------- the position
@dataclass
class _Deal:
    """What stays fixed during a search: the layout's facts, the stock order and the scoring."""

    stock: tuple[Card, ...]
    rules: SoloRules
    secret: int | None
    pair: int | None  # showcase scored as a solo pair (S4, S5)
    pair_goal: Any
    mid: int | None  # the Mid Century showcase (S6)
    n_spots: int
    kinds: tuple[Any, ...]
    windows: dict[tuple[int, tuple[Card | None, ...]], tuple[Any, ...]] = field(default_factory=dict)
    facts: dict[tuple[Any, ...], _HallFacts] = field(default_factory=dict)
    bounds: dict[tuple[Any, ...], tuple[int, int]] = field(default_factory=dict)  # per position
    quick_bounds: dict[tuple[Any, ...], tuple[int, int]] = field(default_factory=dict)
    coarse_bounds: dict[tuple[Any, ...], tuple[int, int]] = field(default_factory=dict)
    fit_tables: dict[tuple[Any, ...], tuple[bytes, bool]] = field(default_factory=dict)  # per hall
    spot_fits: dict[int, Any] = field(default_factory=dict)  # per hall's facts (by identity, kept in ``facts``)
    variation: tuple[bool, ...] = ()
    continent_of: dict[Continent | None, int] = field(default_factory=lambda: _continent_indices())

    def __post_init__(self) -> None:
        self.variation = tuple(kind.is_variation for kind in self.kinds)

    def showcase_windows(self, s: int, spots: tuple[Card | None, ...]) -> tuple[Any, ...]:
        key = (s, spots)
        found = self.windows.get(key)
        if found is None:
            found = self.windows[key] = showcase_windows(self.kinds[s], spots)
        return found


@dataclass(frozen=True)
class _Position:
    """A solo position at the start of a turn: ``depot`` counts the Depot's cards (they
    never leave it and score only by their number, R25); ``top`` is the next stock card."""

    hall: Hall
    depot: int
    market: Market
    vehicle: int
    top: int

    def key(self) -> tuple[Any, ...]:
        return (self.hall.showcases, self.depot, self.market, self.vehicle, self.top)


def _refilled(market: Market, where: int, card: Card, stock: tuple[Card, ...], top: int) -> tuple[Market, int]:
    """The tile after ``card`` left continent ``where`` and the next stock card came in (R9)."""
    column = [c for c in market[where] if c is not card]
    if top < len(stock):
        column.append(stock[top])
        column.sort(key=lambda c: c.sort_key)
        top += 1
    return (*market[:where], tuple(column), *market[where + 1 :]), top


def _market_years(market: Market) -> list[int]:
    return [c.year for column in market for c in column if c.year is not None]  # S5: Einstein never counts


def final_score(deal: _Deal, hall: Hall, depot: int, market: Market) -> int:
    """The ×100 solo total (S1–S7) of a final hall with ``depot`` Depot cards and this tile."""
    cards = hall.hall_cards()
    counts = [0] * len(CONTINENTS)
    years = []
    decades = set()
    for c in cards:
        if c.continent is not None:
            counts[c.continent.index] += 1
        if c.year is not None:
            years.append(c.year)
            decades.add(c.year - c.year % 10)
    fp = 1 if min(counts) > 0 else 0  # S3
    if deal.pair is not None:
        spots = hall.showcases[deal.pair]
        left, right = spots[0], spots[-1]
        if left is not None and right is not None and left.year is not None and right.year is not None:
            rule = deal.pair_goal.costs_a_point
            hits = sum(1 for y in _market_years(market) if rule(y, left.year, right.year))
            fp += int(solo_pair_points(hits))  # S4, S5
    fp += max(counts)  # R21
    fp += len(decades)  # R22
    fp += max(1, len(_longest_chain(years)))  # R23
    fp -= hall.n_empty + depot  # R24, R25
    if deal.secret is not None:
        fp += sum(1 for y in years if y - y % 10 == deal.secret)  # V7
    return fp * SOLO_SCALE + deal.rules.mid_century_points(_mid_distance(deal, hall))  # S6, S7


def _mid_distance(deal: _Deal, hall: Hall) -> int | None:
    if deal.mid is None:
        return None
    card = hall.showcases[deal.mid][0]
    return None if card is None or card.year is None else abs(card.year - MID_CENTURY_YEAR)


# ---------------------------------------------------------------- the relaxed bound
def upper_bound(deal: _Deal, pos: _Position) -> int:
    """An admissible bound on the final ×100 total from ``pos``: every goal at its best
    over the cards that can still reach the hall, each spot filled only by a card whose
    year fits its window now (R11, R14; continents set aside)."""
    fp, mid = _bound_parts(deal, pos)
    return fp * SOLO_SCALE + mid


class _HallFacts(NamedTuple):
    """What the bound reads from a hall, kept once per hall (many positions share one)."""

    windows: tuple[tuple[int, int, int, bool], ...]  # per empty spot: showcase, first and last year, exact
    counts: tuple[int, ...]  # coloured cards per continent
    years: frozenset[int]
    decades: frozenset[int]
    n_empty: int
    pair_einstein: bool
    mid_points: int  # the Mid Century term as the hall stands
    secret_own: int
    room: float  # the empty spots' year windows in centuries (the bots' flexibility)
    # per continent: the showcases its coloured cards may still enter, and whether one at most (R12)
    admits: tuple[tuple[tuple[int, bool], ...], ...]
    pair_years: tuple[int | None, int | None]  # the pair's left and right years when filled (S4, S5)
    pair_spots: tuple[int, ...]  # the indices in ``windows`` of the pair's empty spots, left first
    masks: tuple[int, ...]  # per empty spot: the continents (bits) a coloured card may bring there


def _hall_facts(deal: _Deal, hall: Hall) -> _HallFacts:
    key = hall.showcases
    found = deal.facts.get(key)
    if found is not None:
        return found
    windows: list[tuple[int, int, int, bool]] = []
    masks: list[int] = []
    pair_spots: list[int] = []
    for s, spots in enumerate(key):
        for w in deal.showcase_windows(s, spots):
            if s == deal.pair:
                pair_spots.append(len(windows))
            if w.exact:
                windows.append((s, w.first_year, w.last_year, True))
                # R12, R13: the continents a coloured card may bring to this spot
                mask = 0
                for k, continent in enumerate(CONTINENTS):
                    if not (w.distinct and continent in w.used) and not (
                        w.same_continent and w.need is not None and continent is not w.need
                    ):
                        mask |= 1 << k
                masks.append(mask)
            else:  # variations, or Einstein in the showcase: any year may fit, as far as the bound knows
                windows.append((s, FIRST_YEAR, LAST_YEAR, False))
                masks.append(-1)  # the showcase's admitted continents, below
    counts = [0] * len(CONTINENTS)
    years = set()
    for c in hall.hall_cards():
        if c.continent is not None:
            counts[c.continent.index] += 1
        if c.year is not None:
            years.add(c.year)
    pair_einstein = deal.pair is not None and any(c is not None and c.year is None for c in key[deal.pair])
    admits: list[list[tuple[int, bool]]] = [[] for _ in CONTINENTS]
    for s, spots in enumerate(key):
        if None not in spots:
            continue
        kind = deal.kinds[s]
        shown = {c.continent.index for c in spots if c is not None and c.continent is not None}
        for k in range(len(CONTINENTS)):
            if kind.same_continent and shown and k not in shown:
                continue  # R13: one continent only
            if kind.distinct_continents and not kind.same_continent:
                if k not in shown:
                    admits[k].append((s, True))  # R12: one card of a continent per showcase
            else:
                admits[k].append((s, False))
    masks = [
        sum(1 << k for k in range(len(CONTINENTS)) if any(t == w[0] for t, _ in admits[k])) if m < 0 else m
        for w, m in zip(windows, masks)
    ]
    pair_years: tuple[int | None, int | None] = (None, None)
    if deal.pair is not None:
        spots = key[deal.pair]
        first, last = spots[0], spots[-1]
        pair_years = (None if first is None else first.year, None if last is None else last.year)
    secret = deal.secret
    facts = _HallFacts(
        tuple(windows),
        tuple(counts),
        frozenset(years),
        frozenset(y - y % 10 for y in years),
        len(windows),
        pair_einstein,
        deal.rules.mid_century_points(_mid_distance(deal, hall)),
        0 if secret is None else sum(1 for y in years if y - y % 10 == secret),
        sum((hi - lo + 1) / 100 if exact else 0.5 for _, lo, hi, exact in windows),
        tuple(tuple(a) for a in admits),
        pair_years,
        tuple(pair_spots),
        tuple(masks),
    )
    deal.facts[key] = facts
    return facts


def _most_filled(spans: list[tuple[int, int]], dated: list[int], einstein: bool, free: int) -> int:
    """How many of the empty spots distinct reachable cards can fill at once, each card in a
    spot whose window holds its year (R11, R14): intervals matched to years, earliest
    closing window first; Einstein fills one spot of ``free`` (those outside variations)."""
    spans = sorted(spans, key=lambda w: w[1])
    used = bytearray(len(dated))
    n = 0
    for lo, hi in spans:
        i = bisect.bisect_left(dated, lo)
        while i < len(dated) and dated[i] <= hi and used[i]:
            i += 1
        if i < len(dated) and dated[i] <= hi:
            used[i] = 1
            n += 1
    if einstein and n < len(spans) and free:
        n += 1
    return n


def _fit_table(deal: _Deal, hall: Hall, facts: _HallFacts) -> tuple[bytes, bool]:
    """Per year, the continents (bits; WHITE_BIT for a white card) some empty spot of the
    hall takes, and whether one outside the variations may take Einstein (R16, R18); kept
    once per hall."""
    found = deal.fit_tables.get(hall.showcases)
    if found is None:
        fit = bytearray(YEARS)
        for (s, lo, hi, _), mask in zip(facts.windows, facts.masks):
            bits = mask if deal.variation[s] else mask | WHITE_BIT  # R18: no white card in a variation
            for y in range(lo - FIRST_YEAR, hi - FIRST_YEAR + 1):
                fit[y] |= bits
        einstein = any(not deal.variation[s] and lo <= hi for s, lo, hi, _ in facts.windows)
        found = deal.fit_tables[hall.showcases] = (bytes(fit), einstein)
    return found


def _walk_fills(deal: _Deal, facts: _HallFacts, pos: _Position, most: int) -> tuple[int, int, list[int]]:
    """The most hall cards the turns left can bring, and the most of hall cards less Depot
    cards they can bring, when each turn takes a card at the vehicle's continent (R7).

    Over every way of driving, the continents the vehicle may stand on at a turn are those
    of the cards it could take the turn before (R8; a white card: any); a continent's
    cards are today's and the stock cards a refill may have put there (R9: the continent
    just left). A turn where none of those cards fits an empty spot (year and continent,
    R11–R14) fills nothing: its card goes to the Depot (−1, R25) or ends the exhibition
    (R10a); a full Depot ends it. ``most`` caps the fills (the hall's own bound)."""
    fit, einstein = _fit_table(deal, pos.hall, facts)
    continent_of = deal.continent_of
    columns = pos.market
    n_col = len(columns)
    every = (1 << n_col) - 1

    def reach(card: Card) -> tuple[int, bool]:
        k = continent_of[card.continent]
        y = card.year
        if y is None:
            return every, einstein
        bit = WHITE_BIT if k < 0 else 1 << k
        return (every if k < 0 else 1 << k), bool(fit[y - FIRST_YEAR] & bit)

    goes = [0] * n_col  # per column: the continents its cards lead to
    fit_goes = [0] * n_col  # per column: the continents its cards that fit an empty spot lead to
    for x, column in enumerate(columns):
        for card in column:
            g, fit_card = reach(card)
            goes[x] |= g
            if fit_card:
                fit_goes[x] |= g
    anywhere = (0, 0)
    if not all(columns) or pos.top + facts.n_empty + DEPOT_SIZE >= len(deal.stock):
        # R7: at an empty continent the take may be anywhere (the tile runs dry once the
        # stock is out, R9), so every continent then leads wherever any card does
        anywhere = (_or(goes), _or(fit_goes))
        goes = [g | anywhere[0] for g in goes]
        fit_goes = [g | anywhere[1] for g in fit_goes]
    free = DEPOT_SIZE - pos.depot
    if all(fit_goes):  # every continent has a card that fits and leads on: no drive stalls
        return most, most, [most] * (free + 1)
    # R7: an empty continent frees the take; the state is the continent a turn takes at
    here = 1 << pos.vehicle if columns[pos.vehicle] else every
    low = -1
    # best[m][x]: the most fills of a drive that has sent m cards to the Depot and takes its
    # next card at continent x (R8: the continent of the card it took before); a fill follows
    # a card that fits, the next continent is that card's, so one drive's fills and moves agree
    best = [[0 if here >> x & 1 else low for x in range(n_col)]] + [[low] * n_col for _ in range(free)]
    best_fills = 0
    best_net = -(10**9)
    by_depot = [low] * (free + 1)  # per number of cards sent to the Depot: the most fills
    top = pos.top
    stock = deal.stock
    for _ in range(facts.n_empty + free + 1):
        nxt = [[low] * n_col for _ in range(free + 1)]
        landed = 0
        done = True
        for m in range(free + 1):
            row = best[m]
            for x in range(n_col):
                f = row[x]
                if f < 0:
                    continue
                landed |= 1 << x
                best_fills = max(best_fills, f)
                best_net = max(best_net, f - m)  # end here (R10a) or after the hall is full (R10b)
                if f > by_depot[m]:
                    by_depot[m] = f
                if f >= most:
                    continue
                done = False
                if fit_goes[x]:
                    target = nxt[m]
                    for y in BITS[fit_goes[x]]:
                        if target[y] <= f:
                            target[y] = f + 1
                if m < free:  # to the Depot (R10, R25) and drive on
                    target = nxt[m + 1]
                    for y in BITS[goes[x]]:
                        if target[y] < f:
                            target[y] = f
        if done:
            break
        if top < len(stock):  # the refill lands on the continent just left (R9)
            g, fit_here = reach(stock[top])
            top += 1
            for x in BITS[landed]:
                goes[x] |= g
                if fit_here:
                    fit_goes[x] |= g
            if anywhere[0]:
                goes = [x | g for x in goes]
                if fit_here:
                    fit_goes = [x | g for x in fit_goes]
        best = nxt
    for m in range(free + 1):
        for f in best[m]:
            if f >= 0:
                best_fills = max(best_fills, f)
                best_net = max(best_net, f - m)
                by_depot[m] = max(by_depot[m], f)
    return best_fills, best_net, by_depot


SPOT_WALK_MAX = 8  # empty spots up to which the drive is followed spot by spot (2^n sets of filled spots)


def _spot_fits(deal: _Deal, facts: _HallFacts) -> Any:
    """Per card, the empty spots (bits, in the order of ``facts.windows``) it fits today:
    its year in the spot's window (R11, R14), its continent admitted (R12, R13), a white
    card never in a variation (R18), Einstein in any spot outside them (R16)."""
    found = deal.spot_fits.get(id(facts))  # kept once per hall: many positions share one
    if found is not None:
        return found
    spots = [
        (lo, hi, mask if deal.variation[s] else mask | WHITE_BIT, not deal.variation[s] and lo <= hi)
        for (s, lo, hi, _), mask in zip(facts.windows, facts.masks)
    ]
    continent_of = deal.continent_of
    einstein = sum(1 << i for i, spot in enumerate(spots) if spot[3])
    known: dict[tuple[int, int], int] = {}

    def fits(card: Card) -> int:
        y = card.year
        if y is None:
            return einstein
        k = continent_of[card.continent]
        out = known.get((y, k))
        if out is None:
            bit = WHITE_BIT if k < 0 else 1 << k
            out = 0
            for i, (lo, hi, bits, _) in enumerate(spots):
                if lo <= y <= hi and bits & bit:
                    out |= 1 << i
            known[y, k] = out
        return out

    deal.spot_fits[id(facts)] = fits
    return fits


def _joined_offers(joined: dict[int, dict[Any, int]], offers: list[dict[Any, int]], at: int) -> dict[Any, int]:
    """What the columns in ``at`` (a set of continents, R7) offer together, each key's card groups
    joined; cached in ``joined`` since the same sets of columns come back at every depth."""
    table = joined.get(at)
    if table is None:
        table = {}
        for x in BITS[at]:
            for key, g in offers[x].items():
                table[key] = table.get(key, 0) | g
        joined[at] = table
    return table


def _walk_spots(deal: _Deal, facts: _HallFacts, pos: _Position, most: int) -> tuple[int, int, list[int]]:
    """:func:`_walk_fills` with the empty spots themselves followed: a drive fills a spot at
    most once, and only with a card its continent offers that fits that very spot (year,
    continent; R7, R8, R11–R14). The state is the set of spots filled, the Depot's new cards
    and the continent the next card is taken at; a card may still be counted twice (which
    card was taken is forgotten), so it stays a relaxation of the real turns."""
    fits = _spot_fits(deal, facts)
    continent_of = deal.continent_of
    columns = pos.market
    n_col = len(columns)
    every = (1 << n_col) - 1

    def leads(card: Card) -> int:
        k = continent_of[card.continent]
        return every if k < 0 or card.year is None else 1 << k

    goes = [0] * n_col
    offers: list[dict[int, int]] = [{} for _ in range(n_col)]  # per column: spots a card fits -> where it leads
    for x, column in enumerate(columns):
        for card in column:
            g, spots = leads(card), fits(card)
            goes[x] |= g
            if spots:
                offers[x][spots] = offers[x].get(spots, 0) | g
    anywhere = not all(columns) or pos.top + facts.n_empty + DEPOT_SIZE >= len(deal.stock)
    if anywhere:  # R7: at an empty continent the take may be anywhere
        merged: dict[int, int] = {}
        for own in offers:
            for spots, g in own.items():
                merged[spots] = merged.get(spots, 0) | g
        goes = [_or(goes)] * n_col
        offers = [dict(merged) for _ in range(n_col)]
    free = DEPOT_SIZE - pos.depot
    here = 1 << pos.vehicle if columns[pos.vehicle] else every
    # layer[m]: per set of filled spots, the continents the next take may be at
    layer: list[dict[int, int]] = [{0: here}] + [{} for _ in range(free)]
    by_depot = [-1] * (free + 1)
    best_fills = 0
    best_net = -(10**9)
    top = pos.top
    stock = deal.stock
    popcount = int.bit_count
    for _ in range(facts.n_empty + free + 1):
        nxt: list[dict[int, int]] = [{} for _ in range(free + 1)]
        landed = 0
        joined: dict[int, dict[int, int]] = {}  # per set of continents: the offers of them all
        moving = False
        for m in range(free + 1):
            for filled, at in layer[m].items():
                f = popcount(filled)
                landed |= at
                if f > by_depot[m]:
                    by_depot[m] = f
                if f - m > best_net:
                    best_net = f - m  # end here (R10a) or after the hall is full (R10b)
                if f >= most:
                    continue
                best_fills = max(best_fills, f)
                table = _joined_offers(joined, offers, at)
                target = nxt[m]
                for spots, g in table.items():
                    open_ = spots & ~filled
                    while open_:
                        low = open_ & -open_
                        open_ ^= low
                        key = filled | low
                        target[key] = target.get(key, 0) | g
                        moving = True
                if m < free:  # to the Depot (R10, R25) and drive on
                    g = 0
                    for x in BITS[at]:
                        g |= goes[x]
                    if g:
                        depot = nxt[m + 1]
                        depot[filled] = depot.get(filled, 0) | g
                        moving = True
        if not moving:
            break
        if top < len(stock):  # the refill lands on the continent just left (R9)
            card = stock[top]
            top += 1
            g, spots = leads(card), fits(card)
            for x in BITS[every if anywhere else landed]:
                goes[x] |= g
                if spots:
                    offers[x][spots] = offers[x].get(spots, 0) | g
        layer = nxt
    for m in range(free + 1):
        for filled in layer[m]:
            f = popcount(filled)
            by_depot[m] = max(by_depot[m], f)
            best_net = max(best_net, f - m)
    best_fills = max(best_fills, max(by_depot))
    return best_fills, best_net, by_depot


PAIR_WALK_CARDS = 8  # tile and stock cards costing the pair a point, up to which the drive follows each
PAIR_WALK_BITS = 10  # empty spots and such cards together (2^n states of spots filled and cards taken)


def _walk_pair(deal: _Deal, facts: _HallFacts, pos: _Position, most: int) -> tuple[int, int, list[int], int] | None:
    """With the pair down: :func:`_walk_spots`'s fills, and the pair's points less the spots
    left empty and the new Depot cards (S4, S5, R24, R25) at their best, over every drive
    followed spot by spot and card by card for the cards that cost the pair a point.

    Such a card leaves the tile only when a drive takes it (R7) — into a spot it fits, to the
    Depot or as the last turn's discard (R10a) — and each leaves once; the refills bring
    the stock's cards in order (R9), so after ``t`` turns the tile has held today's cards
    and ``t`` stock cards. ``None`` when too many cards cost a point to follow each."""
    left, right = facts.pair_years
    assert left is not None and right is not None
    costs = deal.pair_goal.costs_a_point
    fits = _spot_fits(deal, facts)
    continent_of = deal.continent_of
    columns = pos.market
    n_col = len(columns)
    every = (1 << n_col) - 1
    free = DEPOT_SIZE - pos.depot
    turns = facts.n_empty + free + 1
    stock = deal.stock[pos.top : pos.top + turns]
    n_bits = 0

    def costly(card: Card) -> int:  # the card's own bit when it costs the pair a point, else 0
        nonlocal n_bits
        if card.year is None or not costs(card.year, left, right):
            return 0
        n_bits += 1
        return 1 << (n_bits - 1)

    def leads(card: Card) -> int:
        k = continent_of[card.continent]
        return every if k < 0 or card.year is None else 1 << k

    goes = [0] * n_col
    offers: list[dict[tuple[int, int], int]] = [{} for _ in range(n_col)]  # (spots, own bit) -> leads
    cost_now = 0
    for x, column in enumerate(columns):
        for card in column:
            g, bit = leads(card), costly(card)
            goes[x] |= g
            cost_now += bit > 0
            key = (fits(card), bit)
            offers[x][key] = offers[x].get(key, 0) | g
    arrivals = [(leads(card), fits(card), costly(card)) for card in stock]
    if n_bits > PAIR_WALK_CARDS or facts.n_empty + n_bits > PAIR_WALK_BITS:
        return None
    # the cards that cost a point on the tile after t turns, before any is taken away
    on_tile = [cost_now]
    for _, _, bit in arrivals:
        on_tile.append(on_tile[-1] + (bit > 0))
    anywhere = not all(columns) or pos.top + facts.n_empty + DEPOT_SIZE >= len(deal.stock)
    if anywhere:  # R7: at an empty continent the take may be anywhere
        merged: dict[tuple[int, int], int] = {}
        for own in offers:
            for key, g in own.items():
                merged[key] = merged.get(key, 0) | g
        goes = [_or(goes)] * n_col
        offers = [dict(merged) for _ in range(n_col)]
    here = 1 << pos.vehicle if columns[pos.vehicle] else every
    n_empty = facts.n_empty
    popcount = int.bit_count
    points = [int(solo_pair_points(k)) for k in range(on_tile[-1] + 1)]  # S4, S5: never below 0
    # layer[m]: per (spots filled, costly cards taken away), the continents the next take may be at
    layer: list[dict[tuple[int, int], int]] = [{(0, 0): here}] + [{} for _ in range(free)]
    best = -(10**9)
    by_depot = [-1] * (free + 1)
    best_net = -(10**9)
    for t in range(turns + 1):
        nxt: list[dict[tuple[int, int], int]] = [{} for _ in range(free + 1)]
        landed = 0
        joined: dict[int, dict[tuple[int, int], int]] = {}
        now, later = on_tile[min(t, len(on_tile) - 1)], on_tile[min(t + 1, len(on_tile) - 1)]
        for m in range(free + 1):
            for (filled, gone), at in layer[m].items():
                landed |= at
                f = popcount(filled)
                if f > by_depot[m]:
                    by_depot[m] = f
                if f - m > best_net:
                    best_net = f - m  # end here (R10a) or after the hall is full (R10b)
                # stop here (R10b, D4), or end after one more take, its card discarded (R10a)
                value = RANK_TOP - (n_empty - f) - m
                if value > best:
                    kept = min(now, later - 1) - popcount(gone)
                    value = points[max(0, kept)] - (n_empty - f) - m
                    if value > best:
                        best = value
                if t == turns:
                    continue
                table = _joined_offers(joined, offers, at)
                room = f < most
                for (spots, bit), g in table.items():
                    if bit & gone:
                        continue  # R7: a card taken is off the tile
                    taken = gone | bit
                    if room:
                        open_ = spots & ~filled
                        target = nxt[m]
                        while open_:
                            low = open_ & -open_
                            open_ ^= low
                            key = (filled | low, taken)
                            target[key] = target.get(key, 0) | g
                    if m < free:  # to the Depot (R10, R25) and drive on
                        depot = nxt[m + 1]
                        key = (filled, taken)
                        depot[key] = depot.get(key, 0) | g
        if t == turns:
            break
        if t < len(arrivals):  # the refill lands on the continent just left (R9)
            g, spots, bit = arrivals[t]
            for x in BITS[every if anywhere else landed]:
                goes[x] |= g
                key = (spots, bit)
                offers[x][key] = offers[x].get(key, 0) | g
        layer = nxt
    return max(by_depot), best_net, by_depot, best


def _or(masks: list[int]) -> int:
    out = 0
    for mask in masks:
        out |= mask
    return out


def _pair_bound(
    deal: _Deal, facts: _HallFacts, pos: _Position, dated: list[int], fills: int, spans: list[tuple[int, int]] | None
) -> int:
    """S4, S5 at their best: 5 fp minus the cards that will surely be left on the tile.

    The final tile is today's tile plus the stock cards the refills bring, minus the cards
    taken (R7, R9): in ``t`` turns at most ``t`` cards leave it. The hall takes at most
    ``fills`` more cards; every turn beyond ``fills + 1`` fills the Depot (−1, R25) and can
    win the pair back at most the point it costs, so ``fills + 1`` turns bound the pair.
    With the pair's years known, a card that costs a point leaves the tile only into a
    hall spot that fits it (at most as many as such cards can fill at once), the Depot
    (−1 each, again no gain) or the last turn's discard (R10a). With ``spans`` None the
    Depot's cards are counted elsewhere, so ``fills`` are all the turns left and no turn's
    Depot card pays for the pair."""
    goal = deal.pair_goal
    left, right = facts.pair_years
    windows = facts.windows
    spots = facts.pair_spots
    assert deal.pair is not None  # only a layout with a pair showcase has a pair to bound (S4, S5)
    variation = deal.variation[deal.pair]
    # the reachable years each empty pair spot accepts (white cards never in a variation, R18)
    open_years = []
    for i in spots:
        _, lo, hi, _ = windows[i]
        a, b = bisect.bisect_left(dated, lo), bisect.bisect_right(dated, hi)
        open_years.append([y for y in dated[a:b] if not (variation and y == WILD_YEAR)])
    lefts: list[int]
    rights: list[int]
    if left is None and right is None:
        lefts, rights = open_years[0], open_years[1]
    elif left is None:
        assert right is not None
        lefts, rights = open_years[0], [right]
    elif right is None:
        lefts, rights = [left], open_years[0]
    else:
        lefts, rights = [left], [right]
    if not lefts or not rights:
        return 0
    turns = fills + 1
    pool = _market_years(pos.market)
    pool += [c.year for c in deal.stock[pos.top : pos.top + turns] if c.year is not None]
    pool.sort()
    n = len(pool)

    def below(year: int) -> int:
        return bisect.bisect_left(pool, year)

    def above(year: int) -> int:
        return n - bisect.bisect_right(pool, year)

    key = goal.key
    if key == YEARS_GAP.key:  # the widest pair leaves the fewest cards outside it
        lo, hi = lefts[0], rights[-1]
        if lo >= hi:
            return 0
        hits = below(lo) + above(hi)
    elif key == ANTIQUITY.key:  # the oldest right card leaves the fewest cards older than it
        first = lefts[0]
        later = [r for r in rights if r > first]
        if not later:
            return 0
        lo, hi = first, later[0]
        hits = below(hi)
    elif key == SHORT_ERA.key:  # for each left card, the nearest right card after it
        found = [
            (n - below(lo) - above(rights[j]), lo, rights[j])
            for lo in lefts
            if (j := bisect.bisect_right(rights, lo)) < len(rights)
        ]
        if not found:
            return 0
        hits, lo, hi = min(found)
    else:
        return RANK_TOP
    penalty = hits - turns
    if left is not None and right is not None and spans is not None:
        costs = goal.costs_a_point
        last = deal.stock[pos.top + fills] if pos.top + fills < len(deal.stock) else None
        if last is not None and last.year is not None and costs(last.year, lo, hi):
            hits -= 1  # the tile after ``fills`` turns
        placeable = _most_filled(spans, [y for y in dated if costs(y, lo, hi)], False, 0)
        penalty = max(penalty, hits - placeable - 1)
    return max(0, RANK_TOP - max(0, penalty))  # S4, S5: never below 0


def _bound_parts(
    deal: _Deal,
    pos: _Position,
    quick: bool = False,
    detail: dict[str, int] | None = None,
    walk: bool = True,
) -> tuple[int, int]:
    """The bound of :func:`upper_bound` as fame points without Mid Century, and the
    Mid Century term (×100) at its best. ``quick`` leaves out the drive and the matchings
    of single goals (a looser bound, about twice as fast, for the beams). ``detail``, when
    given, receives each goal's part of the bound."""
    facts = _hall_facts(deal, pos.hall)
    n_empty = facts.n_empty
    turns = n_empty + DEPOT_SIZE - pos.depot  # each turn fills a spot or the Depot
    candidates = [c for column in pos.market for c in column]
    # the card placed on the last of them was on the tile when that turn began (R9)
    candidates += deal.stock[pos.top : pos.top + turns - 1]
    dated = sorted(c.year for c in candidates if c.year is not None)
    einstein = len(dated) < len(candidates)
    n_dated = len(dated)
    # which empty spots some reachable card still fits, and the years they accept
    allowed = bytearray(YEARS)
    fillable = 0
    per_showcase = [0] * len(deal.kinds)
    spans = []
    spots: list[tuple[int, int, int, int]] = []  # the fillable spots: showcase, window, continents
    free = 0
    pair_open = False  # an empty pair spot no card can fill keeps the pair at 0
    mid_window: tuple[int, int] | None = None
    variation = deal.variation
    continent_of = deal.continent_of
    fits = sorted((c.year, continent_of[c.continent]) for c in candidates if c.year is not None)
    for (s, lo, hi, exact), mask in zip(facts.windows, facts.masks):
        if exact:
            ok = einstein and lo <= hi and not variation[s]
            i = bisect.bisect_left(dated, lo)
            while not ok and i < n_dated and dated[i] <= hi:
                k = fits[i][1]
                ok = k < 0 or bool(mask >> k & 1)  # a white card takes any free continent (R16)
                i += 1
        else:
            ok = bool(candidates)
        if ok:
            fillable += 1
            per_showcase[s] += 1
            spans.append((lo, hi))
            spots.append((s, lo, hi, mask))
            free += not variation[s]
            allowed[lo - FIRST_YEAR : hi - FIRST_YEAR + 1] = ONES[: hi - lo + 1]
            if s == deal.mid:
                mid_window = (lo, hi)
        elif s == deal.pair:
            pair_open = True
    if fillable:
        fillable = _most_filled(spans, dated, einstein, free)
    net = fillable
    by_depot: list[int] = []
    pair_walk: int | None = None
    if fillable and not quick:
        walked = None
        if walk and facts.n_empty <= SPOT_WALK_MAX:
            if deal.pair is not None and not facts.pair_einstein and None not in facts.pair_years:
                walked = _walk_pair(deal, facts, pos, fillable)  # the pair down: its cards followed too
            if walked is None:
                fillable, net, by_depot = _walk_spots(deal, facts, pos, fillable)
            else:
                fillable, net, by_depot, pair_walk = walked
        else:
            fillable, net, by_depot = _walk_fills(deal, facts, pos, fillable)
    counts = facts.counts
    years = facts.years
    decades = facts.decades
    extra = [0] * len(CONTINENTS)
    by_continent: list[list[int]] = [[] for _ in CONTINENTS]
    new_years = []
    new_decades = set()
    if fillable:
        for y, k in fits:
            if not allowed[y - FIRST_YEAR]:
                continue
            if k >= 0:
                extra[k] += 1
                by_continent[k].append(y)
            new_years.append(y)
            d = y - y % 10
            if d not in decades:
                new_decades.add(d)
    # R12, R13: a continent's cards may enter only the showcases that admit it
    rooms = [sum((1 if one else n) if (n := per_showcase[s]) else 0 for s, one in admits) for admits in facts.admits]
    missing = counts.count(0)
    fp = 1 if missing <= fillable and all(n or (e and r) for n, e, r in zip(counts, extra, rooms)) else 0
    # R24, R25: the spots left empty and the Depot's cards
    spare = -(n_empty - net) - pos.depot
    if deal.pair is not None and not (pair_open or facts.pair_einstein):
        # S4, S5: every turn beyond the spots the hall can still take fills the Depot (−1
        # each, R25), which the pair can gain back at most one for one; or, counting the
        # Depot's cards the drive forces, the pair at its best over every turn left
        spare = _pair_bound(deal, facts, pos, dated, fillable, spans) - (n_empty - fillable) - pos.depot
        # or, for each number m of Depot cards a drive may add, its most fills F: the pair
        # at its best over the F + m turns (and the last discard, R10a), less the m cards
        # and the spots left empty. Both bound every line, so the smaller one stands.
        joint = [
            _pair_bound(deal, facts, pos, dated, fills + m, None) - m - (n_empty - fills)
            for m, fills in enumerate(by_depot)
            if fills >= 0
        ]
        if joint:
            spare = min(spare, max(joint) - pos.depot)
        if pair_walk is not None:  # the pair down, the drive followed card by card for its costly cards
            spare = min(spare, pair_walk - pos.depot)
    # the most promising continents first: a matching only where it could raise the best
    hopes = sorted(
        ((n + min(e, r, fillable), n, k) for k, (n, e, r) in enumerate(zip(counts, extra, rooms))), reverse=True
    )
    mid = facts.mid_points
    near_by: list[list[int]] = [[] for _ in CONTINENTS]  # per continent: its cards' distances to 1950
    rules = deal.rules
    if mid_window is not None:  # the spot is empty and may still be filled
        lo, hi = mid_window
        if einstein:
            mid = max(mid, rules.mid_century_points(None))
        near = [abs(y - MID_CENTURY_YEAR) for y in new_years if lo <= y <= hi]
        if near:
            mid = max(mid, rules.mid_century_points(min(near)), rules.mid_century_points(max(near)))
        for k, dated_k in enumerate(by_continent):
            near_by[k] = [abs(y - MID_CENTURY_YEAR) for y in dated_k if lo <= y <= hi]
    focus = hopes[0][0] if quick else 0
    for hope, n, k in hopes:
        if hope <= focus:
            break
        focus = max(focus, min(hope, n + _continent_fills(deal, spots, k, by_continent[k])) if hope > n else n)
    if mid_window is not None and not quick:
        # S6 with R21: the Mid Century card counts for Continent Focus only if it is of the
        # focus continent, so a continent whose cards lie far from 1950 gains its fill there
        # only at the cost of the Mid Century term. Either the Mid Century spot ends with a
        # card of the focus continent k (its term at most the best of k's cards), or
        # k's cards fill only the other spots (the term at its best over every card).
        others = [spot for spot in spots if spot[0] != deal.mid]
        paired = -(10**9)
        for hope, n, k in hopes:
            hope = min(hope, focus)
            if hope * SOLO_SCALE + mid <= paired:
                break
            without = min(hope, n + _continent_fills(deal, others, k, by_continent[k])) if hope > n else n
            best = without * SOLO_SCALE + mid
            near = near_by[k]
            if near and hope > without:
                term = max(rules.mid_century_points(min(near)), rules.mid_century_points(max(near)))
                if hope * SOLO_SCALE + term > best:
                    full = min(hope, n + _continent_fills(deal, spots, k, by_continent[k]))
                    best = max(best, full * SOLO_SCALE + term)
            paired = max(paired, best)
        mid = paired - focus * SOLO_SCALE  # the Mid Century term this leaves beside the best focus
    decade_part = len(decades) + min(len(new_decades), fillable)
    placer = None
    if not quick and fillable:
        continent_by_year = {y: k for y, k in fits}
        rules_of = [(kind.distinct_continents and not kind.same_continent, kind.same_continent) for kind in deal.kinds]

        def placer(fresh: list[int]) -> bool:
            return _all_placed(spots, rules_of, variation, [[(y, continent_by_year[y])] for y in sorted(fresh)])

        if 0 < len(new_decades) <= fillable:
            # R22: one card of each new decade, all in the hall at once (R11–R13)
            per_decade: dict[int, list[tuple[int, int]]] = {}
            for y, k in fits:
                if allowed[y - FIRST_YEAR] and y - y % 10 in new_decades:
                    per_decade.setdefault(y - y % 10, []).append((y, k))
            if not _all_placed(spots, rules_of, variation, [per_decade[d] for d in sorted(per_decade)]):
                decade_part -= 1

    chain_part = _chain_bound(years, new_years, fillable, None if quick else spans, placer)
    if detail is not None:  # each goal's part, to see which one keeps the bound loose
        detail.update(all6=fp, focus=focus, decades=decade_part, chain=chain_part, spare=spare, fillable=fillable)
    fp += focus + decade_part + chain_part + spare
    if deal.secret is not None:
        more = sum(1 for y in new_years if y - y % 10 == deal.secret)
        fp += facts.secret_own + min(more, fillable)
    return fp, mid


def _continent_fills(deal: _Deal, spots: list[tuple[int, int, int, int]], k: int, years: list[int]) -> int:
    """How many cards of continent ``k`` (their ``years``, sorted) the hall can take at once:
    each in a spot whose window holds its year and whose showcase admits the continent,
    at most one in a showcase of distinct continents (R12)."""
    merged: dict[int, tuple[int, int]] = {}
    spans = []
    for s, lo, hi, mask in spots:
        if not mask >> k & 1:
            continue
        kind = deal.kinds[s]
        if kind.distinct_continents and not kind.same_continent:
            old = merged.get(s)
            merged[s] = (lo, hi) if old is None else (min(old[0], lo), max(old[1], hi))
        else:
            spans.append((lo, hi))
    return _most_filled(spans + list(merged.values()), years, False, 0)


def _all_placed(
    spots: list[tuple[int, int, int, int]],
    rules_of: list[tuple[bool, bool]],
    variation: tuple[bool, ...],
    groups: list[list[tuple[int, int]]],
) -> bool:
    """Whether the hall's empty ``spots`` (showcase, window, continents; left to right
    within a showcase) can take at once one card (year, continent; −1 white) of each of
    the ``groups`` (every year of a group below every year of the next):
    each in a spot whose window holds its year and that admits its continent, later
    years to the right of earlier ones in a showcase (R11), one card of a continent per
    showcase of distinct continents (R12), one continent in One Continent (R13), no white
    card in a variation (R18). White cards take whichever continent is free (R16). A
    search that grows too long answers yes, which only loosens the bound."""
    n_showcases = len(rules_of)
    last = [-1] * n_showcases  # per showcase: the list index of its rightmost card so far
    used = [0] * n_showcases  # per showcase: the continents (bits) its new cards brought
    steps = [0]

    def place(c: int) -> bool:
        if c == len(groups):
            return True
        steps[0] += 1
        if steps[0] > PLACE_STEPS:
            return True
        for year, k in groups[c]:
            bit = 0 if k < 0 else 1 << k
            for i, (s, lo, hi, mask) in enumerate(spots):
                if i <= last[s] or not lo <= year <= hi:
                    continue
                if k < 0:
                    if variation[s]:
                        continue
                elif not mask >> k & 1:
                    continue
                distinct, same = rules_of[s]
                if bit and ((distinct and used[s] & bit) or (same and used[s] and not used[s] & bit)):
                    continue
                keep = last[s], used[s]
                last[s], used[s] = i, used[s] | bit
                found = place(c + 1)
                last[s], used[s] = keep
                if found:
                    return True
        return False

    return place(0)


def _chain_bound(
    years: frozenset[int],
    new_years: list[int],
    fillable: int,
    spans: list[tuple[int, int]] | None,
    placer: Any = None,
) -> int:
    """R23 at its best: the longest run of consecutive years among the hall's and the
    reachable cards' whose new cards the empty spots can take all at once (at most
    ``fillable``, each in a spot whose window holds its year; with ``placer``, also in
    order and with the showcases' continents, :func:`_all_placed`)."""
    every = sorted(years.union(new_years))
    best = 1
    start = 0
    n = len(every)
    while start < n:
        end = start
        while end + 1 < n and every[end + 1] == every[end] + 1:
            end += 1
        if end - start + 1 > best:  # a maximal run: its longest part the hall can hold
            run = every[start : end + 1]
            i = 0
            for j in range(len(run)):
                while i <= j:
                    fresh = [y for y in run[i : j + 1] if y not in years]
                    if len(fresh) <= fillable and (
                        not fresh
                        or spans is None
                        or (_most_filled(spans, fresh, False, 0) == len(fresh) and (placer is None or placer(fresh)))
                    ):
                        break
                    i += 1
                if j - i + 1 > best:
                    best = j - i + 1
        start = end + 1
    return best


# ---------------------------------------------------------------- turns
@dataclass(frozen=True)
class _Child:
    actions: tuple[Action, ...]
    position: _Position | None  # None: the exhibition is final after this turn
    value: int  # the exact final score when final, else the position's upper bound
    hall: Hall
    depot: int
    market: Market
    best_mid: int = 0  # the Mid Century term at its best below this position (×100)


def _placements(deal: _Deal, hall: Hall, depot: int, card: Card) -> list[tuple[Action, Hall, int, bool]]:
    """Every way to place ``card`` (R10, R10a, R10b): the action, the hall, the Depot's
    count and whether the exhibition is final."""
    spots = hall.legal_spots(card, players=1)
    last = _hall_facts(deal, hall).n_empty == 1
    out: list[tuple[Action, Hall, int, bool]] = []
    for s, i in spots:
        out.append((Place(s, i), hall.with_card(card, s, i), depot, last))  # R10b
    if depot < DEPOT_SIZE:
        out.append((ToDepot(), hall, depot + 1, False))
    if not spots:
        out.append((EndExhibition(), hall, depot, True))  # R10a
    return out


def _children(
    deal: _Deal, pos: _Position, first: tuple[Any, ...] | None = None, quick: bool = False, coarse: bool = False
) -> list[_Child]:
    """Every whole turn from ``pos`` (or the rest of the turn ``first`` describes), each
    with its bound (the ``quick`` one for the beams; ``coarse``: without the drive followed
    spot by spot, which :meth:`_Search.dfs` adds only where the coarse bound does not cut)."""
    out: list[_Child] = []
    if first is None:
        column = pos.market[pos.vehicle]
        sources = [pos.vehicle] if column else [k for k, col in enumerate(pos.market) if col]  # R7
        takes = [(k, card, (Take(card),)) for k in sources for card in pos.market[k]]
        refill = True
    else:
        takes, refill = [first[:3]], first[3]
    for where, card, done in takes:
        if refill:
            market, top = _refilled(pos.market, where, card, deal.stock, pos.top)
        else:
            market, top = pos.market, pos.top
        moves: list[tuple[int, tuple[Action, ...]]]
        if first is not None and len(first) > 4:
            moves = [(first[4], ())]
        elif card.is_white:  # R8: any continent, staying included
            moves = [(k, (Move(c),)) for k, c in enumerate(CONTINENTS)]
        else:
            assert card.continent is not None
            moves = [(card.continent.index, ())]
        for action, hall, depot, final in _placements(deal, pos.hall, pos.depot, card):
            if final:
                score = final_score(deal, hall, depot, market)
                out.append(_Child((*done, *moves[0][1], action), None, score, hall, depot, market))
                continue
            for vehicle, move in moves:
                child = _Position(hall, depot, market, vehicle, top)
                key = child.key()
                cache = deal.quick_bounds if quick else deal.coarse_bounds if coarse else deal.bounds
                parts = cache.get(key)
                if parts is None:
                    parts = cache[key] = _bound_parts(deal, child, quick, walk=not coarse)
                fp, mid = parts
                out.append(_Child((*done, *move, action), child, fp * SOLO_SCALE + mid, hall, depot, market, mid))
    return out


def _over_value(deal: _Deal, pos: _Position) -> int | None:
    """The final score when no card can be taken at all (D4), else ``None``."""
    if any(pos.market):
        return None
    return final_score(deal, pos.hall, pos.depot, pos.market)


# ---------------------------------------------------------------- the search
class _Search:
    def __init__(self, deal: _Deal, max_nodes: int, time_limit: float | None) -> None:
        self.deal = deal
        self.max_nodes = max_nodes
        self.deadline = None if time_limit is None else time.perf_counter() + time_limit
        self.nodes = 0
        self.best = -(10**9)
        self.floor = -(10**9)  # positions bounded at or below it are not searched (a test of ≤ floor)
        self.rest: tuple[int, float | None] = (max_nodes, self.deadline)
        self.plan: tuple[Action, ...] = ()
        self.table: dict[tuple[Any, ...], int] = {}
        self.stopped = False
        self.line: tuple[Action, ...] = ()  # the incumbent's plan when the depth-first search began
        # the drive followed spot by spot only near the end: far from it the proof seldom
        # closes and positions searched faster find better lines
        self.fine = True

    def proof(self, pos: _Position, bound: int, first: tuple[Any, ...] | None, share: float) -> int:
        """The branch and bound against the incumbent alone, on ``share`` of the budget left;
        the rest stays for :meth:`resume`."""
        self.rest = (self.max_nodes, self.deadline)
        self.max_nodes = self.nodes + int((self.max_nodes - self.nodes) * share)
        if self.deadline is not None:
            now = time.perf_counter()
            self.deadline = now + max(0.0, self.deadline - now) * share
        self.floor = self.best
        return self.dfs(pos, (), bound, first, 0)

    def resume(self) -> bool:
        """After a proof cut short: the whole budget back, and whether any is left (False
        when the proof ended on its own)."""
        if not self.stopped:
            return False
        self.max_nodes, self.deadline = self.rest
        self.stopped = False
        return not self.out_of_budget()

    def out_of_budget(self) -> bool:
        if self.stopped:
            return True
        if self.nodes >= self.max_nodes or (
            self.deadline is not None and time.perf_counter() > self.deadline  # a position may take milliseconds
        ):
            self.stopped = True
        return self.stopped

    def offer(self, value: int, plan: tuple[Action, ...]) -> None:
        if value > self.best:
            self.best, self.plan = value, plan

    def rank(self, child: _Child, patient: bool) -> float:
        """How promising a position is for the beam: the bots' estimate of a hall
        (:func:`~.agents.estimate`: the goals as they stand, the pair with the tile as it
        is, a little for each empty spot later turns may fill and for the room left in
        the showcases). When ``patient``,
        Mid Century counts at its best reachable value rather than as it stands: an empty
        spot would otherwise pull the first card near 1950 into it at once, while waiting
        may miss every card near 1950 — both beams run."""
        deal = self.deal
        facts = _hall_facts(deal, child.hall)
        counts = facts.counts
        n_shown = len(counts) - counts.count(0)
        fp = 1.0 if n_shown == len(counts) else n_shown / 12
        if deal.pair is not None:
            spots = child.hall.showcases[deal.pair]
            left, right = spots[0], spots[-1]
            if left is not None and right is not None and left.year is not None and right.year is not None:
                rule = deal.pair_goal.costs_a_point
                hits = sum(1 for y in _market_years(child.market) if rule(y, left.year, right.year))
                fp += max(0, RANK_TOP - hits)
        fp += max(counts) + len(facts.decades) + max(1, len(_longest_chain(facts.years)))
        fp += facts.secret_own - child.depot - (1 - CONTINUE_VALUE) * facts.n_empty + ROOM_VALUE * facts.room
        mid = child.best_mid if patient else facts.mid_points
        return fp + mid / SOLO_SCALE

    def beam(self, pos: _Position, first: tuple[Any, ...] | None, width: int, patient: bool) -> None:
        """A quick incumbent: the ``width`` best positions by the bots' estimate each turn."""
        deal = self.deal
        layer: list[tuple[tuple[Action, ...], _Position, tuple[Any, ...] | None]] = [((), pos, first)]
        while layer:
            ranked: list[tuple[float, tuple[Action, ...], _Position]] = []
            for plan, here, start in layer:
                over = _over_value(deal, here) if start is None else None
                if over is not None:
                    self.offer(over, plan)
                    continue
                self.nodes += 1
                for child in _children(deal, here, start, quick=True):
                    if child.position is None:
                        self.offer(child.value, plan + child.actions)
                    elif child.value > self.best:
                        ranked.append((self.rank(child, patient), plan + child.actions, child.position))
            ranked.sort(key=lambda item: -item[0])
            if self.deadline is not None and time.perf_counter() > self.deadline:
                width = 1  # out of time: finish the best line alone, so that a plan exists
            layer = [(plan, p, None) for _, plan, p in ranked[:width]]

    def widen(self, pos: _Position, first: tuple[Any, ...] | None, width: int, share: float) -> None:
        """Both beams again, twice as wide each round, until ``share`` of the time left is
        spent; the positions they expand do not count against the depth-first budget."""
        assert self.deadline is not None
        now = time.perf_counter()
        until = now + max(0.0, self.deadline - now) * share
        deadline, nodes = self.deadline, self.nodes
        self.deadline = until
        while time.perf_counter() < until:
            width *= 2
            for patient in (False, True):
                self.beam(pos, first, width, patient)
        self.deadline = deadline
        self.max_nodes += self.nodes - nodes

    def fine_bound(self, pos: _Position) -> int:
        """The full bound of ``pos`` (:func:`upper_bound`), kept per position."""
        key = pos.key()
        parts = self.deal.bounds.get(key)
        if parts is None:
            parts = self.deal.bounds[key] = _bound_parts(self.deal, pos)
        return parts[0] * SOLO_SCALE + parts[1]

    def dfs(
        self, pos: _Position, plan: tuple[Action, ...], bound: int, first: tuple[Any, ...] | None, line: int | None
    ) -> int:
        """The best final score below ``pos``, or a proven upper bound on it when the
        search was cut (never less than the truth). ``line`` is the number of actions
        of ``plan`` while it follows the incumbent's plan (searched first), else None."""
        deal = self.deal
        if first is None:
            over = _over_value(deal, pos)
            if over is not None:
                self.offer(over, plan)
                return over
            known = self.table.get(pos.key())
            if known is not None and known <= max(self.best, self.floor):
                return known
        self.nodes += 1
        children = _children(deal, pos, first, coarse=True)
        children.sort(key=lambda c: -c.value)
        at = None
        if line is not None:
            ahead = self.line[line:]
            at = next((i for i, c in enumerate(children) if ahead[: len(c.actions)] == c.actions), None)
            if at is not None:
                children.insert(0, children.pop(at))
        result = -(10**9)
        for k, child in enumerate(children):
            if child.position is None:
                self.offer(child.value, plan + child.actions)
                result = max(result, child.value)
                continue
            value = child.value
            bar = max(self.best, self.floor)
            if self.fine and value > bar and _hall_facts(deal, child.hall).n_empty <= SPOT_WALK_MAX:
                value = min(value, self.fine_bound(child.position))  # the drive spot by spot, where it may cut
            if value <= max(self.best, self.floor) or self.out_of_budget():
                result = max(result, value)  # its bound stands for it
                continue
            follow = line + len(child.actions) if line is not None and k == 0 and at is not None else None
            result = max(result, self.dfs(child.position, plan + child.actions, value, None, follow))
        result = min(result, bound)
        if first is None:
            self.table[pos.key()] = result
        return result


# ---------------------------------------------------------------- the public call
def _root(game: Game, rules: SoloRules | None = None) -> tuple[_Deal, _Position, tuple[Any, ...] | None]:
    layout = game.layout
    pair = next((s for s, kind in enumerate(layout) if kind.scoring is not None), None)
    scoring = None if pair is None else layout[pair].scoring
    stock = tuple(game.stock_order)
    decades = game.secret_decades
    deal = _Deal(
        stock=stock,
        rules=rules or SoloRules(),
        secret=None if decades is None else decades[0],
        pair=pair,
        pair_goal=None if scoring is None else pair_goal(scoring),
        mid=layout.index(MID_CENTURY_SHOWCASE.key),
        n_spots=sum(kind.size for kind in layout),
        kinds=tuple(layout),
    )
    hall = game.hall(0)
    base = Hall(layout, hall.showcases)  # Depot cards stay out of it: only their number counts (R25)
    market = tuple(tuple(cards) for cards in game.market.values())
    vehicle = game.vehicles[0].index
    pos = _Position(base, len(hall.depot), market, vehicle, 0)
    state = game.state
    if game.phase is Phase.TAKE:
        return deal, pos, None
    hand = game.hand
    assert hand is not None and state.taken_at is not None
    where = state.taken_at.index
    if game.phase is Phase.MOVE:  # a white card in hand: the move, then the refill (R8, R9)
        return deal, pos, (where, hand, (), True)
    # the card is placed after the refill (R9, R10); the vehicle has moved already
    return deal, pos, (where, hand, (), False, vehicle)


def solo_ceiling(
    game: Game,
    *,
    nodes: int | None = DEFAULT_NODES,
    time_limit: float | None = None,
    solo_rules: SoloRules | str | None = None,
    beam: int = DEFAULT_BEAM,
    lines: Sequence[Sequence[Action | str]] = (),
) -> SoloCeiling:
    """The best final score of a solo game from its position, the stock order known.

    The game may stand at its start or anywhere later (mid-turn too); the remaining stock is
    the deal's own order (:attr:`Game.stock_order`). Two beams of width ``beam`` seed the
    incumbent (about ``40 · beam`` positions expanded); then ``nodes`` bounds the positions
    the depth-first search expands and ``time_limit`` the seconds of the whole call
    (whichever ends first; ``nodes=None`` lifts that bound; out of time, the beams finish
    on their best line alone; with a ``time_limit`` and more than 12 placements left, the
    beams widen after a first short proof); ``lines`` are
    whole plays from this position to try as well (a bot's actions on the same deal, say),
    so the ceiling is never below any of them. ``solo_rules``
    is a :class:`SoloRules` or a reading's name (``"harsh"``, ``"tiebreak"``; S6, D11).

    Returns a :class:`SoloCeiling`: the score (×100, S2), the plan that reaches it, whether it
    is proven optimal and the proven upper bound.

    >>> game = Game.new(1, seed=3)
    >>> for _ in range(17):
    ...     _ = game.apply(game.legal_actions()[0])
    >>> best = solo_ceiling(game, nodes=20_000)
    >>> best.replay(game).score()["You"].total == best.score <= best.upper_bound
    True
    """
    if not isinstance(game, Game):
        raise ArgumentError(f"solo_ceiling needs an exhibition Game, not {type(game).__name__}")
    if not game.is_solo:
        raise ArgumentError(
            f"the ceiling is a solo deal's (S1): this game has {game.n_players} players, "
            "whose turns the stock order alone does not decide",
            rule="S1",
        )
    if nodes is not None and (isinstance(nodes, bool) or not isinstance(nodes, int) or nodes < 1):
        raise ArgumentError(f"nodes is a whole number of positions ≥ 1 or None, not {nodes!r}")
    if time_limit is not None and (
        isinstance(time_limit, bool) or not isinstance(time_limit, int | float) or not time_limit > 0
    ):
        raise ArgumentError(f"time_limit is a number of seconds > 0 or None, not {time_limit!r}")
    if isinstance(beam, bool) or not isinstance(beam, int) or beam < 1:
        raise ArgumentError(f"beam is a whole number ≥ 1, not {beam!r}")
    if isinstance(solo_rules, str):
        rules = SoloRules.by_name(solo_rules)
    elif solo_rules is None:
        rules = SoloRules()
    elif isinstance(solo_rules, SoloRules):
        rules = solo_rules
    else:
        raise ArgumentError(f"solo_rules is a SoloRules or a reading's name, not {solo_rules!r:.60}")
    start = time.perf_counter()
    made = len(game.history)
    if game.is_over:
        total = game.score(rules)[game.players[0]].total
        return SoloCeiling(total, (), True, total, 0, 0.0, rules, made)
    deal, pos, first = _root(game, rules)
    search = _Search(deal, nodes if nodes is not None else 1 << 62, time_limit)
    for line in lines:
        played = game.copy()
        try:
            for action in line:
                played.apply(action)
        except ExhibitionLabError as err:
            raise ArgumentError(f"a line to try is not a play from this position: {err}", rule=err.rule) from err
        if not played.is_over:
            raise ArgumentError("a line to try must play the game to its end (R10a, R10b)", rule="R10b")
        search.offer(played.score(rules)[game.players[0]].total, tuple(a for _, a in played.history[made:]))
    for patient in (False, True):  # always played to the end, on one line once time is up
        search.beam(pos, first, beam, patient)
    search.max_nodes += search.nodes  # ``nodes`` bounds the depth-first search that follows
    # mid-turn the card in hand is on neither the tile nor the stock: its children bound it
    proven_bound = upper_bound(deal, pos) if first is None else 10**9
    # First try to prove the plan optimal with most of the budget. Cut short, a depth-first
    # search leaves whole subtrees at their first bound, so the rest of the budget lowers
    # the bar step by step instead: each pass proves that no line beats max(floor, best),
    # or returns the bound it could prove. The table keeps every position's proven bound,
    # so a pass reuses the ones before it.
    search.line = search.plan
    left = _hall_facts(deal, pos.hall).n_empty + DEPOT_SIZE - pos.depot  # placements still to make
    search.fine = left <= WIDEN_FROM
    if search.deadline is None or left <= WIDEN_FROM:
        proven_bound = min(proven_bound, search.proof(pos, proven_bound, first, PROOF_SHARE))
    else:
        # Far from the end, against the clock, the depth-first search seldom lowers the
        # bound and the incumbent is the weak side: after a short proof the beams run
        # again, twice as wide each time, on a share of the time left, before the proof
        # resumes with the rest.
        proven_bound = min(proven_bound, search.proof(pos, proven_bound, first, FIRST_PROOF_SHARE))
        if search.resume() and proven_bound > search.best:
            search.widen(pos, first, beam, WIDEN_SHARE)
            search.line = search.plan
            proven_bound = min(proven_bound, search.proof(pos, proven_bound, first, PROOF_SHARE))
    more = search.resume()
    while more and proven_bound > search.best and not search.stopped:
        gap = proven_bound - search.best
        search.floor = search.best + gap // 2 if gap >= 2 * SOLO_SCALE else search.best
        proven_bound = min(proven_bound, search.dfs(pos, (), proven_bound, first, 0))
        if search.floor <= search.best:
            break
    proven_bound = max(proven_bound, search.best)
    plan = search.plan
    replayed = game.copy()
    for action in plan:
        replayed.apply(action)
    if not replayed.is_over:
        raise ExhibitionLabError("the ceiling's plan does not end the game; the search's model of the turn is wrong")
    total = replayed.score(rules)[game.players[0]].total
    if total != search.best:
        raise ExhibitionLabError(f"the ceiling's plan scores {total}, not the {search.best} the search counted")
    seconds = time.perf_counter() - start
    return SoloCeiling(total, plan, proven_bound <= total, proven_bound, search.nodes, seconds, rules, made)


def ceiling_plan_text(plan: Sequence[Action]) -> list[str]:
    """The plan's actions in the action notation, one a line (``take 1969NA``, ``place 0 2``)."""
    return [str(a) for a in plan]


__all__ = ["SoloCeiling", "ceiling_plan_text", "final_score", "solo_ceiling", "upper_bound"]
