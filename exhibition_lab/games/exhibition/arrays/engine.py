"""Every game in lock-step over numpy arrays: 1–5 players, every layout, Secret Decades.

A turn is three sub-steps — take (R7), move after a white card (R8) with the refill (R9),
place (R10–R10c) — each applied at once to every game in that phase, so games may start
mid-turn (from any :class:`~exhibition_lab.games.exhibition.rules.turns.State`) and may end at
different times. Decisions come from policies (:mod:`.policies`), one per seat; what they may
choose is a boolean mask (:mod:`.masks`); the log and forced turns speak the integer ids of
:class:`~exhibition_lab.games.exhibition.rules.actions.ActionSpace`, as ``Setup.legal_ids``
does.

The engine imports only core and the rules (:mod:`exhibition_lab.games.exhibition.rules`): a
batch starts from a deal (:func:`deal_games`, :func:`games_from_deals`), from rule states
and the order their stocks will be drawn in (:func:`from_states`), or from one seat's view
with what it hides drawn anew (:func:`determinisations`); a finished game comes back as its
setup, deal and action ids (:func:`replay`). The tests play thousands of games in lock-step
with the scalar engine, comparing the legal sets at every decision and the final halls,
Depots, markets and scores.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

import numpy as np

from ....core.errors import ArgumentError
from ..rules.actions import Action
from ..rules.cards import CONTINENTS, OPEN_CARDS, TILE_CARDS, Card, standard_deck
from ..rules.deal import DECADES, Deal, player_names
from ..rules.hall import DEPOT_SIZE
from ..rules.layout import Layout
from ..rules.turns import Phase, PlayerView, Setup, State, determinise
from .masks import any_per_row, legal_mask, place, placements, takeable
from .policies import Policy, make_policy
from .state import MOVE, OVER, PLACE, TAKE, BatchGames, select, take_rows
from .tables import ALL_COLOURS, EMPTY, WHITE, DeckArrays

_PHASES = {Phase.TAKE: TAKE, Phase.MOVE: MOVE, Phase.PLACE: PLACE, Phase.OVER: OVER}


# ---------------------------------------------------------------- new batches
def make_setup(
    players: int = 1, layout: Layout | None = None, *, secret_decades: bool = False, deck: Sequence[Card] | None = None
) -> Setup:
    """The :class:`Setup` of games of ``players`` seats named as a new game names them."""
    return Setup(
        player_names(players),
        layout or Layout.base(),
        tuple(deck) if deck is not None else standard_deck(),
        secret_decades=secret_decades,
    )


def deal_games(
    n: int,
    rng: np.random.Generator,
    *,
    players: int = 1,
    layout: Layout | None = None,
    secret_decades: bool = False,
    deck: Sequence[Card] | None = None,
    record: bool = False,
) -> BatchGames:
    """``n`` new games (R5, R6, V7): each a uniform shuffle, 3 open cards per continent."""
    setup = make_setup(players, layout, secret_decades=secret_decades, deck=deck)
    deals = rng.permuted(np.tile(np.arange(len(setup.deck), dtype=np.int16), (n, 1)), axis=1)
    secrets = None
    if secret_decades:
        secrets = rng.permuted(np.tile(np.array(DECADES, dtype=np.int16), (n, 1)), axis=1)[:, :players]
    return games_from_deals(setup, deals, secrets=secrets, record=record)


def games_from_deals(
    setup: Setup, deals: np.ndarray, *, secrets: np.ndarray | None = None, record: bool = False
) -> BatchGames:
    """New games from given deals: rows of card ids, the 18 market cards by place
    3·continent + k, then the stock from its top (as much of it as the games may draw);
    ``secrets`` the Secret Decades (V7), one column per seat."""
    deals = np.asarray(deals, dtype=np.int16)
    if setup.secret_decades != (secrets is not None):
        raise ArgumentError("Secret Decades are dealt exactly when the setup plays them (V7)", rule="V7")
    g = BatchGames.empty(setup, len(deals), deals.shape[1] - TILE_CARDS, record=record)
    g.market[:] = deals[:, :TILE_CARDS]
    g.stock[:, : deals.shape[1] - TILE_CARDS] = deals[:, TILE_CARDS:]
    if secrets is not None:
        g.secret[:] = secrets
    return g


def from_states(
    setup: Setup, states: Sequence[State], stock_orders: Sequence[Sequence[Card]], *, record: bool = False
) -> BatchGames:
    """Rule states of ``setup`` as batch rows, each game's stock to be drawn in the order
    given (top first; the state holds the stock as a set, ``Game.stock_order`` gives a
    game's). A state at a chance node is refused: the engine draws its refills itself."""
    if len(states) != len(stock_orders):
        raise ArgumentError(f"{len(states)} state(s) need as many stock orders, got {len(stock_orders)}")
    if not states:
        raise ArgumentError("from_states needs at least one state")
    b = BatchGames.empty(setup, len(states), max(len(order) for order in stock_orders), record=record)
    index = b.deck.index()
    for row, (state, order) in enumerate(zip(states, stock_orders)):
        _load_state(b, row, state, order, index)
    halls = np.full((b.n * b.players, b.tables.n_spots), EMPTY, dtype=np.int16)
    depots = np.full((b.n * b.players, DEPOT_SIZE), EMPTY, dtype=np.int16)
    for row, state in enumerate(states):
        for seat, hall in enumerate(state.halls):
            h = row * b.players + seat
            halls[h] = [EMPTY if card is None else index[card] for _, card in hall.iter_spots()]
            depots[h, : len(hall.depot)] = [index[card] for card in hall.depot]
    load_halls(b, halls, depots)
    return b


def _load_state(b: BatchGames, row: int, state: State, order: Sequence[Card], index: dict[Card, int]) -> None:
    if state.phase not in _PHASES:
        raise ArgumentError(f"the batch engine starts from a decision, not a chance node ({state.phase})", rule="R9")
    if len(order) != len(state.stock) or set(order) != set(state.stock):
        raise ArgumentError("a stock order holds exactly the cards of the state's stock (R9)", rule="R9")
    if len(state.halls) != b.players:
        raise ArgumentError(f"the setup seats {b.players} player(s), the state {len(state.halls)}")
    for k, cards in enumerate(state.market):
        b.market[row, OPEN_CARDS * k : OPEN_CARDS * k + len(cards)] = [index[c] for c in cards]
    b.stock[row, : len(order)] = [index[c] for c in order]
    b.vehicle[row] = [c.index for c in state.vehicles]
    b.seat[row] = state.seat
    b.phase[row] = _PHASES[state.phase]
    if state.hand is not None:
        b.hand[row] = index[state.hand]
        assert state.taken_at is not None  # a card in hand was taken somewhere (R7)
        where = state.taken_at.index
        # the taken card's place: the first free place of its continent (R9 refills it)
        free = np.flatnonzero(b.market[row, OPEN_CARDS * where : OPEN_CARDS * (where + 1)] < 0)
        b.taken_slot[row] = OPEN_CARDS * where + (free[0] if len(free) else 0)
    b.final[row] = state.final
    b.six_round[row] = [0 if r is None else r for r in state.six_round]
    b.round[row], b.turn[row] = state.round, state.turn
    if state.secret_decades is not None:
        b.secret[row] = [EMPTY if d is None else d for d in state.secret_decades]
    b.discards[row] = len(state.discard)


def load_halls(b: BatchGames, halls: np.ndarray, depots: np.ndarray) -> None:
    """Put the cards of ``halls`` (hall rows × spots) and ``depots`` (hall rows × Depot
    places, card ids or EMPTY) into the empty halls of ``b``, spot by spot: every hall row's
    bounds and colours follow as if the cards had been placed one by one (R11–R16)."""
    rows_of = np.arange(len(halls))
    for j in range(b.tables.n_spots):
        at = rows_of[halls[:, j] >= 0]
        if len(at):
            place(b, at // b.players, at, halls[at, j], np.full(len(at), j))
    for k in range(DEPOT_SIZE):
        at = rows_of[depots[:, k] >= 0]
        if len(at):
            place(b, at // b.players, at, depots[at, k], np.full(len(at), b.tables.n_spots))


def determinisations(view: PlayerView, rng: np.random.Generator, copies: int) -> BatchGames:
    """``copies`` games in the position a seat's view shows, each with the unseen stock
    shuffled anew and the other seats' Secret Decades drawn anew (V7; for search playouts).

    Built from the view alone: the deck is every card the view accounts for, in market
    order. One determinisation is drawn first and copied; each copy is then reshuffled.
    """
    setup, state, order = determinise(view, rng)
    b = select(from_states(setup, [state], [order]), np.zeros(copies, dtype=np.intp))
    index = b.deck.index()
    unseen = np.array([index[c] for c in view.unseen], dtype=np.int16)
    b.stock[:, : len(unseen)] = rng.permuted(np.tile(unseen, (copies, 1)), axis=1)
    b.top[:] = 0
    hidden = [] if view.secret_decades is None else [s for s, d in enumerate(view.secret_decades) if d is None]
    if hidden:
        assert view.secret_decades is not None
        free = np.array([d for d in DECADES if d not in view.secret_decades], dtype=np.int16)
        b.secret[:, hidden] = rng.permuted(np.tile(free, (copies, 1)), axis=1)[:, : len(hidden)]
    return b


# ---------------------------------------------------------------- turn steps
def _log(b: BatchGames, games: np.ndarray, ids: np.ndarray) -> None:
    if b.log is not None and b.log_at is not None and len(games):
        b.log[games, b.log_at[games]] = ids
        b.log_at[games] += 1


def _take(b: BatchGames, games: np.ndarray, slots: np.ndarray) -> None:
    """R7 the take; R8/R9 at once for a coloured card, a move decision for a white one."""
    card = b.market[games, slots]
    _log(b, games, card)  # take card k has id k
    b.market[games, slots] = EMPTY
    b.hand[games] = card
    b.taken_slot[games] = slots
    colour = b.deck.continent[card]
    white = colour == WHITE
    b.phase[games] = np.where(white, MOVE, PLACE)
    _move_and_refill(b, games[~white], colour[~white])


def _move(b: BatchGames, games: np.ndarray, continents: np.ndarray) -> None:
    """R8 after a white card: any continent, staying included."""
    _log(b, games, b.space.move_base + continents.astype(np.int16))
    _move_and_refill(b, games, continents)
    b.phase[games] = PLACE


def _move_and_refill(b: BatchGames, games: np.ndarray, continents: np.ndarray) -> None:
    b.vehicle[games, b.seat[games]] = continents
    # R9: the top stock card refills the place taken from; skipped on an empty stock
    top = b.top[games]
    width = b.stock.shape[1]
    card = np.where(top < width, b.stock[games, np.minimum(top, width - 1)], EMPTY)
    refill = card >= 0
    games, card = games[refill], card[refill]
    b.market[games, b.taken_slot[games]] = card
    b.top[games] += 1


def _place_turn(b: BatchGames, games: np.ndarray, codes: np.ndarray) -> None:
    """R10–R10c, D3, D4 and R19's round for the games' current seats; ``codes`` are spot
    0 … n − 1, the Depot (n) or ending (n + 1)."""
    _log(b, games, b.space.place_base + codes.astype(np.int16))
    t = b.tables
    seats = b.seat[games]
    h = b.hall_row(games)
    place(b, games, h, b.hand[games], codes)
    end = codes == t.n_spots + 1
    b.discards[games] += end  # D3
    done = end | (b.n_filled[h] == t.n_spots)  # R10a, R10b
    b.final[games[done], seats[done]] = True
    reached = (b.six_round[games, seats] == 0) & (b.shown[h] == ALL_COLOURS)
    b.six_round[games[reached], seats[reached]] = b.round[games[reached]]
    b.hand[games] = EMPTY
    b.taken_slot[games] = EMPTY
    _end_turn(b, games)


def _end_turn(b: BatchGames, games: np.ndarray) -> None:
    players = b.players
    final = take_rows(b.final, games)
    everyone = final[:, 0].copy()
    for k in range(1, players):
        everyone &= final[:, k]
    dry = ~any_per_row(take_rows(b.market, games) >= 0) & ~everyone  # D4: nobody can take a card
    b.final[games[dry]] = True
    over = everyone | dry
    b.phase[games[over]] = OVER
    games, final = games[~over], final[~over]
    seat = b.seat[games]
    following = seat.copy()
    found = np.zeros(len(games), dtype=bool)
    rows = np.arange(len(games))
    for k in range(1, players + 1):  # R10c: final seats are skipped
        candidate = (seat + k) % players
        ok = ~found & ~final[rows, candidate]
        following = np.where(ok, candidate, following)
        found |= ok
    b.round[games] += following <= seat
    b.seat[games] = following
    b.turn[games] += 1
    b.phase[games] = TAKE


# ---------------------------------------------------------------- play
@dataclass(frozen=True)
class Forced:
    """The first turn of each game as given (search plans), as ids of the setup's
    :class:`~exhibition_lab.games.exhibition.rules.actions.ActionSpace`: the take (−1: the
    card is already in hand), the move after a white card (−1: none) and the placement.
    Later decisions follow the policies."""

    take: np.ndarray
    move: np.ndarray
    place: np.ndarray


def play(
    b: BatchGames,
    policies: Sequence[str | Policy] | str | Policy,
    rng: np.random.Generator,
    *,
    forced: Forced | None = None,
    turns: int | None = None,
) -> BatchGames:
    """Play every game of ``b`` to its end (in place); one policy per seat, or one for all.

    ``turns`` stops after that many rounds of sub-steps (each finishes every game's
    current turn), e.g. ``turns=1`` plays just the forced first turn.
    """
    if isinstance(policies, (str, Policy)):
        policies = [policies] * b.players
    seats = [make_policy(p) for p in policies]
    if len(seats) != b.players:
        raise ArgumentError(f"{b.players} seat(s) need as many policies, got {len(seats)}")
    pending = np.zeros(b.n, dtype=bool) if forced is None else np.ones(b.n, dtype=bool)
    limit = 4 * b.players * (b.tables.max_turns + 1) + 4
    for _ in range(limit if turns is None else turns):
        if not b.live.any():
            return b
        _take_step(b, np.flatnonzero(b.phase == TAKE), seats, rng, forced, pending)
        _move_step(b, np.flatnonzero(b.phase == MOVE), seats, rng, forced, pending)
        _place_step(b, np.flatnonzero(b.phase == PLACE), seats, rng, forced, pending)
    if turns is not None:
        return b
    raise ArgumentError("a batch game outlasted every possible turn; the batch state is corrupt")


def _by_seat(b: BatchGames, games: np.ndarray, seats: list[Policy]) -> Iterator[tuple[Policy, np.ndarray, np.ndarray]]:
    """The games grouped by the policy of their current seat."""
    if all(p is seats[0] for p in seats):
        yield seats[0], games, np.arange(len(games))
        return
    current = b.seat[games]
    for seat, policy in enumerate(seats):
        at = np.flatnonzero(current == seat)
        if len(at):
            yield policy, games[at], at


Ask = Callable[[Policy, np.ndarray, np.ndarray], np.ndarray]


def _ask(b: BatchGames, games: np.ndarray, seats: list[Policy], dtype: type, ask: Ask) -> np.ndarray:
    """Each game's choice from the policy of its current seat: ``ask(policy, games, rows)``."""
    choices: np.ndarray = np.empty(len(games), dtype=dtype)
    for policy, sub, at in _by_seat(b, games, seats):
        choices[at] = ask(policy, sub, at)
    return choices


def _take_step(
    b: BatchGames,
    games: np.ndarray,
    seats: list[Policy],
    rng: np.random.Generator,
    forced: Forced | None,
    pending: np.ndarray,
) -> None:
    if not len(games):
        return
    mask = takeable(b, games)
    slots = _ask(b, games, seats, np.intp, lambda policy, sub, at: policy.take(b, sub, mask[at], rng))
    if forced is not None:
        given = pending[games] & (forced.take[games] >= 0)
        rows = games[given]
        slots[given] = np.argmax(b.market[rows] == forced.take[rows][:, None], axis=1)
    _take(b, games, slots)


def _move_step(
    b: BatchGames,
    games: np.ndarray,
    seats: list[Policy],
    rng: np.random.Generator,
    forced: Forced | None,
    pending: np.ndarray,
) -> None:
    if not len(games):
        return
    moves = _ask(b, games, seats, np.int8, lambda policy, sub, at: policy.move(b, sub, rng))
    if forced is not None:
        given = pending[games] & (forced.move[games] >= 0)
        moves[given] = forced.move[games[given]] - b.space.move_base
    _move(b, games, moves)


def _place_step(
    b: BatchGames,
    games: np.ndarray,
    seats: list[Policy],
    rng: np.random.Generator,
    forced: Forced | None,
    pending: np.ndarray,
) -> None:
    if not len(games):
        return
    mask = placements(b, games)
    codes = _ask(b, games, seats, np.intp, lambda policy, sub, at: policy.place(b, sub, mask[at], rng))
    if forced is not None:
        given = pending[games]
        codes[given] = forced.place[games[given]] - b.space.place_base
        pending[games] = False
    _place_turn(b, games, codes)


# ---------------------------------------------------------------- actions and records
def legal_actions(b: BatchGames, game: int) -> list[Action]:
    """The legal actions of game ``game`` now, as the rules' values, ids ascending."""
    space = b.space
    return [space.decode_action(int(a)) for a in np.flatnonzero(legal_mask(b, np.array([game]))[0])]


@dataclass(frozen=True)
class GameRecord:
    """One game of a batch in the rules' own values: its setup, its deal — every chance
    outcome in the order drawn: the tile, the stock from its top, the Secret Decades — and
    the seats' actions as ids of ``setup.space``, in the order played."""

    setup: Setup
    deal: Deal
    action_ids: tuple[int, ...]

    @property
    def actions(self) -> tuple[Action, ...]:
        space = self.setup.space
        return tuple(space.decode_action(a) for a in self.action_ids)


def start_snapshot(b: BatchGames) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The deal of fresh games (market, stock, Secret Decades), kept for :func:`replay`."""
    return b.market.copy(), b.stock.copy(), b.secret.copy()


def replay(b: BatchGames, deal: tuple[np.ndarray, np.ndarray, np.ndarray], game: int) -> GameRecord:
    """Game ``game`` of ``b`` (recorded from a fresh deal, :func:`start_snapshot`) as its
    setup, deal and actions."""
    if b.log is None or b.log_at is None:
        raise ArgumentError("replay needs games dealt with record=True")
    market, stock, secret = deal
    return game_record(b.setup, b.deck, market[game], stock[game], secret[game], b.log[game, : b.log_at[game]])


def game_record(
    setup: Setup, deck: DeckArrays, market: np.ndarray, stock: np.ndarray, secret: np.ndarray, log: np.ndarray
) -> GameRecord:
    """A :class:`GameRecord` from one game's dealt market places, stock order, Secret
    Decades and logged action ids."""
    cards = deck.cards
    tile = tuple(
        tuple(cards[i] for i in sorted(market[OPEN_CARDS * k : OPEN_CARDS * (k + 1)], key=deck.sort_key.__getitem__))
        for k in range(len(CONTINENTS))
    )
    decades = tuple(int(d) for d in secret) if setup.secret_decades else None
    dealt = Deal(tile, tuple(cards[i] for i in stock if i >= 0), decades)
    return GameRecord(setup, dealt, tuple(int(a) for a in log))
