"""The rules of a turn on arrays: what may be taken (R7), where a card fits (R10–R18,
V1–V6a), the legal-action mask over the integer action space, and placing a card.

What a hall row keeps — per spot the range of years a card may have there and the
continents its showcase shows — decides R11–R14, V2, V4, R16/D7 and V6a's range; what
depends on the other players (R13 claims, V6a decades) or on a direct neighbour (V3 Links)
is checked when the mask is built.

The functions take the games (``games``) and their current hall rows (``h``) as index
arrays, or ``None`` for every row of a solo batch, where game rows are hall rows: the solo
fast path (:mod:`.solo`) then works on whole arrays without copying them.
"""

from __future__ import annotations

import numpy as np

from ..rules.cards import CONTINENTS, FIRST_YEAR, OPEN_CARDS, TILE_CARDS
from ..rules.hall import DEPOT_SIZE
from .state import MOVE, PLACE, TAKE, BatchGames, put_rows, take_rows
from .tables import ALL_COLOURS, BIG, DECADE, WHITE, decade_start

Rows = np.ndarray | None  # index arrays, or None: every row


def _at(array: np.ndarray, rows: Rows) -> np.ndarray:
    """The rows ``rows`` of ``array`` (a copy), each moved as one block of bytes."""
    return array if rows is None else take_rows(array, rows)


def any_per_row(mask: np.ndarray) -> np.ndarray:
    """Whether each row of a boolean (rows, k) array holds a True. numpy's reductions along
    a short last axis cost far more per row than this: rows of whole 8-byte words are
    read as words, other rows at their first True (``argmax``)."""
    rows, k = mask.shape
    if k == 0:
        return np.zeros(rows, dtype=bool)
    if k % 8 == 0 and mask.flags.c_contiguous:
        words = mask.view(np.uint64)
        seen = words[:, 0].copy()
        for j in range(1, words.shape[1]):
            seen |= words[:, j]
        found: np.ndarray = seen != 0
        return found
    first: np.ndarray = mask[np.arange(rows), mask.argmax(axis=1)]
    return first


def _sub(rows: Rows, subset: np.ndarray) -> np.ndarray:
    """The rows at positions ``subset`` of ``rows``."""
    return subset if rows is None else rows[subset]


_CONTINENT_OF_PLACE = np.arange(TILE_CARDS) // OPEN_CARDS  # market place 3·continent + k


def places_of(continents: np.ndarray) -> np.ndarray:
    """(rows, 18) mask of the market places of each row's continent."""
    places: np.ndarray = continents[:, None] == _CONTINENT_OF_PLACE
    return places


def takeable(b: BatchGames, games: Rows) -> np.ndarray:
    """(games, 18) mask of the market places each game's current seat may take from (R7)."""
    market = _at(b.market, games)
    present = market >= 0
    seats = b.seat if games is None else b.seat[games]
    own = (np.arange(b.n) if games is None else games) * b.players + seats
    vehicle = b.vehicle.reshape(-1)[own]  # the vehicle of each game's seat to move
    here: np.ndarray = present & places_of(vehicle)
    rows, first = np.arange(len(market)), vehicle.astype(np.intp) * OPEN_CARDS
    bare = market[rows, first] < 0
    for k in range(1, OPEN_CARDS):
        bare &= market[rows, first + k] < 0
    if not bare.any():
        return here
    mask: np.ndarray = np.where(bare[:, None], present, here)  # R7: a bare continent lets the player take anywhere
    return mask


def fits(b: BatchGames, games: Rows, h: Rows, cards: np.ndarray) -> np.ndarray:
    """(rows, spots) mask: where each hall row may place its card (R11–R18, V1–V6a)."""
    t, deck = b.tables, b.deck
    year = deck.year[cards][:, None]
    colour = deck.continent[cards]
    low, high = _at(b.low, h), _at(b.high, h)
    forbidden = take_rows(t.forbidden, colour)
    mask: np.ndarray = (low <= year) & (year <= high) & ((_at(b.colours, h) & forbidden) == 0)
    einstein = np.flatnonzero(cards == deck.einstein)
    if len(einstein):
        mask[einstein] = low[einstein] <= high[einstein]  # some year fits (R16, D7)
    if t.has_variation:
        white = colour == WHITE
        if white.any():
            mask[white] &= ~t.variation  # V1
    if t.claims:
        assert games is not None and h is not None  # claims bind with other players only
        mask[:, t.same_spot : t.same_spot + t.same_size] &= ~_claimed(b, games, h, colour)[:, None]  # R13
    if t.has_unique:
        mask[:, t.unique] &= ((_at(b.taken_decades, games) & deck.decade_bit[cards]) == 0)[:, None]  # V6a
    if len(t.link_spots):
        halls = _at(b.hall, h)
        for j in t.link_spots:
            mask[:, j] &= _linked(b, halls, cards, j, t.link_left[j], left=True)
            mask[:, j] &= _linked(b, halls, cards, j, t.link_right[j], left=False)
    return mask


def _claimed(b: BatchGames, games: np.ndarray, h: np.ndarray, colour: np.ndarray) -> np.ndarray:
    """R13: the card's continent is in another player's One Continent showcase; a white
    card is ruled out only when its showcase has no colour yet and every continent is
    claimed (D6)."""
    t = b.tables
    same = b.colours[:, t.same_spot]
    mine = same[h]
    claims = np.zeros(len(h), dtype=np.int16)
    current, first = b.seat[games], games * t.players
    for seat in range(t.players):
        claims |= np.where(current != seat, same[first + seat], 0).astype(np.int16)
    bit = np.left_shift(1, np.minimum(colour, WHITE - 1)).astype(np.int16)
    claimed: np.ndarray = np.where(colour < WHITE, (claims & bit) != 0, (mine == 0) & (claims == ALL_COLOURS))
    return claimed


def _linked(b: BatchGames, halls: np.ndarray, cards: np.ndarray, j: int, neighbour: int, *, left: bool) -> np.ndarray:
    """V3: the card at ``j`` and its direct neighbour share a continent or lie within the
    showcase's years (an empty or absent neighbour links nothing)."""
    if neighbour < 0:
        return np.ones(len(halls), dtype=bool)
    deck = b.deck
    other = halls[:, neighbour]
    present = other >= 0
    other_id = np.maximum(other, 0)
    year, other_year = deck.year[cards], deck.year[other_id]
    gap = year - other_year if left else other_year - year
    same = deck.continent[cards] == deck.continent[other_id]
    linked: np.ndarray = ~present | same | (gap <= b.tables.link_years[j])
    return linked


def placements(b: BatchGames, games: np.ndarray) -> np.ndarray:
    """(games, spots + 2) mask of the legal placements of the card in hand."""
    h = b.hall_row(games)
    return placement_options(fits(b, games, h, b.hand[games]), b.n_depot[h])


def placement_options(spots: np.ndarray, n_depot: np.ndarray) -> np.ndarray:
    """(rows, spots + 2) mask of where a card may go: the spots that fit it, the Depot
    while it has room (R10), ending the exhibition when no spot fits (R10a)."""
    depot = n_depot < DEPOT_SIZE
    end = ~any_per_row(spots)
    return np.hstack([spots, depot[:, None], end[:, None]])


def legal_mask(b: BatchGames, games: np.ndarray | None = None) -> np.ndarray:
    """(games, ``space.size``) mask over the integer action space of
    :class:`~exhibition_lab.games.exhibition.rules.actions.ActionSpace`: the legal actions of
    each game's seat to move — takes (R7), moves (R8), placements (R10, R10a) — and none
    once a game is over. Row for row what ``Setup.legal_action_mask`` gives the same state.
    """
    games = np.arange(b.n) if games is None else np.asarray(games, dtype=np.intp)
    space = b.space
    mask = np.zeros((len(games), space.size), dtype=bool)
    phase = b.phase[games]
    at = np.flatnonzero(phase == TAKE)
    if len(at):
        taking = games[at]
        # the takeable places, flat: a row of ``at`` · 18 + the place, which holds the card id
        places = np.flatnonzero(takeable(b, taking))
        cards = take_rows(b.market, taking).reshape(-1)[places]
        mask.reshape(-1)[at[places // TILE_CARDS] * space.size + cards] = True
    at = np.flatnonzero(phase == MOVE)
    mask[at, space.move_base : space.move_base + len(CONTINENTS)] = True
    at = np.flatnonzero(phase == PLACE)
    if len(at):
        mask[at, space.place_base : space.end + 1] = placements(b, games[at])
    return mask


def place(b: BatchGames, games: Rows, h: Rows, cards: np.ndarray, choice: np.ndarray) -> None:
    """Put each card where ``choice`` says: hall spot 0 … n − 1, the Depot (n, R10) or
    nowhere (n + 1, R10a); the rows' bounds and colours follow."""
    t, deck = b.tables, b.deck
    n_spots = t.n_spots
    on_spot = choice < n_spots
    einstein = on_spot & (cards == deck.einstein)
    dated_spot = np.where(on_spot & ~einstein, choice, n_spots)
    year = deck.year[cards]
    low = np.maximum(_at(b.low, h), year[:, None] + take_rows(t.low_offset, dated_spot))
    high = np.minimum(_at(b.high, h), year[:, None] + take_rows(t.high_offset, dated_spot))
    # a dated card narrows Einstein's interval like any empty spot's (a no-op elsewhere) …
    spot_e = _at(b.einstein_spot, h)
    e_low = np.maximum(_at(b.einstein_low, h), year + t.low_to[dated_spot, spot_e])
    e_high = np.minimum(_at(b.einstein_high, h), year + t.high_to[dated_spot, spot_e])
    # … Einstein placed now takes the interval of its empty spot …
    placed = np.flatnonzero(einstein)
    if len(placed):
        spot = choice[placed]
        spot_e[placed] = spot
        e_low[placed], e_high[placed] = low[placed, spot], high[placed, spot]
        b.einstein_spot[_sub(h, placed)] = spot
    # … and the interval bounds the spots around it (this also marks its spot filled)
    with_e = np.flatnonzero(spot_e < n_spots)
    if len(with_e):
        spot = spot_e[with_e]
        low[with_e] = np.maximum(low[with_e], e_low[with_e, None] + t.low_offset[spot])
        high[with_e] = np.minimum(high[with_e], e_high[with_e, None] + t.high_offset[spot])
    if t.has_decade:  # V4: a dated card fixes the decade of its One Decade showcase
        in_decade = t.decade_spread[np.where(on_spot, choice, n_spots)]
        decade = np.where(year >= FIRST_YEAR, decade_start(year), -BIG)[:, None]
        low = np.where(in_decade, np.maximum(low, decade), low)
        high = np.where(in_decade, np.minimum(high, decade + DECADE - 1), high)
    bit = deck.colour_bit[cards]
    spread = take_rows(t.spread, np.where(on_spot, choice, n_spots)) * bit[:, None]
    shown = np.where(on_spot, bit, 0).astype(np.int16)
    if h is None:
        b.low, b.high, b.einstein_low, b.einstein_high = low, high, e_low, e_high
        b.colours |= spread
        b.shown |= shown
        b.n_filled += on_spot
    else:
        put_rows(b.low, h, low)
        put_rows(b.high, h, high)
        b.einstein_low[h], b.einstein_high[h] = e_low, e_high
        put_rows(b.colours, h, take_rows(b.colours, h) | spread)  # each game's one hall row
        b.shown[h] |= shown
        b.n_filled[h] += on_spot
    if t.has_unique:
        at_unique = on_spot & t.unique[np.minimum(choice, n_spots - 1)]
        np.bitwise_or.at(b.taken_decades, _sub(games, np.flatnonzero(at_unique)), deck.decade_bit[cards[at_unique]])
    rows = np.flatnonzero(on_spot)
    b.hall[_sub(h, rows), choice[rows]] = cards[rows]
    to_depot = np.flatnonzero(choice == n_spots)
    at = _sub(h, to_depot)
    b.depot[at, b.n_depot[at]] = cards[to_depot]
    b.n_depot[at] += 1
