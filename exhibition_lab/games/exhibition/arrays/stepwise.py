"""The array engine one decision at a time, as :class:`~.vector.VectorGames` needs it — and
nothing more.

:class:`~.vector.VectorGames` speaks to the array engine
(:mod:`exhibition_lab.games.exhibition.arrays`) only through the functions of this module: new
games from deals, the legal-action mask over the ids of
:class:`~exhibition_lab.games.exhibition.rules.actions.ActionSpace`, one decision per game,
what the seat to move sees (as :class:`~exhibition_lab.games.exhibition.observation.Fields`)
and the scores. Another array engine needs another version of this file only.

The engine plays whole turns for its policies; a learner decides one step at a time, so
:func:`step` calls the engine's own sub-steps (the take, the move after a white card, the
placement) rather than restating them.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence

import numpy as np

from ....core.errors import ArgumentError, IllegalAction
from ..observation import PHASE_INDEX, Fields, ObservationLayout
from ..rules.cards import CONTINENTS, OPEN_CARDS, TILE_CARDS
from ..rules.deal import DECADES, Deal
from ..rules.turns import Phase, Setup
from . import engine, masks, scoring, state

Batch = state.BatchGames
#: the places of a row that hold one item each: the phase, the seat, the seat to move, the hand
#: and where the card in hand was taken
_ONE_PER_ROW = len(("phase", "seat", "to_move", "hand", "taken_at"))
#: games whose halls and Depots are written at once (about a megabyte of features)
_TURN_CHUNK = 512
#: The observation's phase index of each engine phase (the refill happens inside a step).
_PHASES = np.zeros(4, dtype=np.int64)
_PHASES[[state.TAKE, state.MOVE, state.PLACE, state.OVER]] = [
    PHASE_INDEX[Phase.TAKE],
    PHASE_INDEX[Phase.MOVE],
    PHASE_INDEX[Phase.PLACE],
    PHASE_INDEX[Phase.OVER],
]


def deal(setup: Setup, n: int, rng: np.random.Generator) -> Batch:
    """``n`` new games of ``setup``, each a uniform shuffle (R5) and Secret Decades (V7)."""
    return engine.deal_games(
        n, rng, players=setup.n_players, layout=setup.layout, secret_decades=setup.secret_decades, deck=setup.deck
    )


def from_deals(setup: Setup, deals: Sequence[Deal]) -> Batch:
    """New games of ``setup`` dealt as ``deals`` (each refill the next stock card, R9)."""
    index = {card: k for k, card in enumerate(setup.deck)}
    rows = np.array([[index[c] for cards in d.market for c in cards] + [index[c] for c in d.stock] for d in deals])
    secrets = None
    if setup.secret_decades:
        if any(d.secret_decades is None for d in deals):
            raise ArgumentError("these rules deal Secret Decades (V7): every deal needs them", rule="V7")
        secrets = np.array([d.secret_decades for d in deals])
    return engine.games_from_deals(setup, rows, secrets=secrets)


def replace(batch: Batch, rows: np.ndarray, fresh: Batch) -> None:
    """Games ``rows`` of ``batch`` become the games of ``fresh`` (as many, same setup)."""
    state.store(batch, rows, fresh, np.arange(fresh.n))


def over(batch: Batch) -> np.ndarray:
    """Which games have ended (R10c, D4)."""
    ended: np.ndarray = batch.phase == state.OVER
    return ended


def seat(batch: Batch) -> np.ndarray:
    """The seat to move in each game (the last one to have moved once a game is over)."""
    return batch.seat


def legal_mask(setup: Setup, batch: Batch) -> np.ndarray:
    """(games, ids) mask of the legal actions: takes (R7), moves (R8), placements (R10,
    R10a); none once a game is over."""
    return masks.legal_mask(batch)


def step(
    setup: Setup, batch: Batch, actions: np.ndarray, mask: np.ndarray, *, acting: np.ndarray | None = None
) -> None:
    """Each live game (among ``acting``, if given) takes its action (an id); ``mask`` is
    :func:`legal_mask` of ``batch``. An illegal action raises :class:`IllegalAction` and
    changes nothing."""
    live = ~over(batch) if acting is None else ~over(batch) & acting
    games = np.flatnonzero(live)
    chosen = actions[games]
    width = mask.shape[1]
    legal = (chosen >= 0) & (chosen < width) & mask.reshape(-1)[games * width + np.clip(chosen, 0, width - 1)]
    if not legal.all():
        bad = int(games[np.argmin(legal)])
        raise IllegalAction(f"game {bad}: action {int(actions[bad])} is not legal now", rule=_rule(batch, bad))
    space = setup.space
    phase = batch.phase[games]
    taking, moving, placing = (games[phase == p] for p in (state.TAKE, state.MOVE, state.PLACE))
    # The engine's public play() runs whole turns for its policies; one decision at a time
    # needs its sub-steps, which it does not export: the take (R7, with R8 and R9 for a
    # coloured card), the move after a white card (R8, R9) and the placement (R10–R10c).
    if len(taking):
        # the place of each card taken: the one place of its row that holds it (R7)
        held = state.take_rows(batch.market, taking) == actions[taking][:, None]
        found = np.flatnonzero(held)
        slots = found % TILE_CARDS if len(found) == len(taking) else np.argmax(held, axis=1)
        engine._take(batch, taking, slots)  # noqa: SLF001
    if len(moving):
        engine._move(batch, moving, (actions[moving] - space.move_base).astype(np.int8))  # noqa: SLF001
    if len(placing):
        engine._place_turn(batch, placing, actions[placing] - space.place_base)  # noqa: SLF001


def _rule(batch: Batch, game: int) -> str:
    return {state.TAKE: "R7", state.MOVE: "R8", state.PLACE: "R10"}[int(batch.phase[game])]


def fields(setup: Setup, batch: Batch) -> Fields:
    """What the seat to move in each game sees (R5, V7), for the observation."""
    n, players = batch.n, batch.players
    seats = batch.seat.astype(np.int64)
    done = over(batch)
    stock = batch.stock
    waiting = (np.arange(stock.shape[1])[None, :] >= batch.top[:, None]) & (stock >= 0)
    cards = len(setup.deck)
    unseen = np.zeros((n, cards + 1), dtype=bool)  # the last column takes the places already drawn
    np.put(unseen, np.where(waiting, stock, cards) + (np.arange(n) * (cards + 1))[:, None], True)
    secret = batch.secret.astype(np.int64)
    shown = done[:, None] | (np.arange(players)[None, :] == seats[:, None])
    decades = np.where((secret >= 0) & shown, (secret - DECADES[0]) // (DECADES[1] - DECADES[0]), -1)
    taken = batch.taken_slot
    return Fields(
        phase=_PHASES[batch.phase],
        seat=seats,
        to_move=np.where(done, -1, seats),
        hand=batch.hand.astype(np.int64),
        taken_at=np.where(taken >= 0, taken // OPEN_CARDS, -1),
        tile=batch.market.reshape(n, len(CONTINENTS), OPEN_CARDS).astype(np.int64),
        vehicles=batch.vehicle.astype(np.int64),
        halls=batch.hall.reshape(n, players, -1).astype(np.int64),
        depots=batch.depot.reshape(n, players, -1).astype(np.int64),
        final=batch.final,
        six=batch.six_round > 0,
        decades=decades,
        unseen=unseen[:, :cards],
        round=batch.round,
        turn=batch.turn,
    )


def totals(setup: Setup, batch: Batch, games: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Each seat's total (×100 in a solo game, S2) and who wins (R26, D8), as the games
    (all, or those at ``games``) stand."""
    scores = scoring.score(batch, setup.solo_rules, games=games, markets=False)
    return scores.totals, scoring.winners(scores)


class Encoder:
    """The observations of a batch written straight from its arrays, with what the batch
    encoder (:func:`~exhibition_lab.games.exhibition.observation.encode` of :func:`fields`)
    writes, number for number: the observer of each game is its seat to move, so the seat
    to move is relative seat 0 (and nobody once the game is over), and the seat's own
    Secret Decade is the only one shown before the end (V7).

    A step places one card at most in each game (R10), draws one (R9) and moves one
    vehicle (R8), so the encoder keeps every game's observation from one call to the next
    and rewrites only the entries whose cause changed: the one-hot places (phase, hand,
    tile, vehicles, Secret Decades…), the hall spots and Depot places that took a card,
    the unseen cards of a game whose stock was drawn from, the end flags and the progress.
    A game whose seat to move changed is seen from another seat: its seats' halls and
    Depots are written whole, in that seat's order (from the card table, by card id). A
    reset, or a new game in place of a finished one, changes many entries, found the same
    way."""

    def __init__(self, setup: Setup, layout: ObservationLayout, features: np.ndarray) -> None:
        self.layout = layout
        self.features = features
        p, d, at = layout.players, layout.cards, layout.offsets
        self.players, self.cards = p, d
        seats = np.arange(p)
        #: the absolute seat of each relative seat, by observer
        self.turned = (seats[:, None] + seats[None, :]) % p
        # where each item's one lies in a row (the items are built and compared in 32 bits,
        # half the bytes); a table's last entry (−1: nothing is one) is what a −1 item picks
        self.tile = at["tile"] + np.repeat(np.arange(len(CONTINENTS)) * d, OPEN_CARDS)
        self.vehicles = (at["vehicles"] + seats * len(CONTINENTS)).astype(np.int32)[:, None]
        self.decades = (at["secret_decades"] + seats * len(DECADES))[:, None]
        #: a seat's end of exhibition, then its six continents right after (R10a–R10c, R19),
        #: as one-hot items (one or nothing), each place plus one: a flag times it, less one
        self.flags = (at["final"] + np.arange(2 * p) + 1).astype(np.int32)[:, None]
        #: the seat to move is the observer (relative seat 0), and nobody once a game is over
        self.to_move = np.where(np.arange(len(_PHASES)) == state.OVER, -1, at["to_move"]).astype(np.int32)
        self.phases = (at["phase"] + _PHASES).astype(np.int32)
        self.hands = np.append(at["hand"] + np.arange(d), -1).astype(np.int32)
        self.taken_at = np.append(at["taken_at"] + np.arange(TILE_CARDS) // OPEN_CARDS, -1).astype(np.int32)
        #: Secret Decades are dealt (V7): without them their segment stays all zeros
        self.secret = setup.secret_decades
        #: a card's features as one item (a spot of a hall or a Depot place, written at once)
        self.spot_item = np.dtype((np.void, features.shape[1] * features.itemsize))
        self.feature_items = np.ascontiguousarray(features).view(self.spot_item).reshape(-1)
        # what the last call saw, and what was worked out from it
        self._seen: dict[str, np.ndarray] = {}
        self._worked: dict[str, np.ndarray] = {}
        #: every game's observation as the last call left it
        self.board = np.zeros((0, layout.size), dtype=np.float32)

    def _start(self, n: int) -> None:
        """Forget every game: the next call writes each observation whole."""
        self.board = np.zeros((n, self.layout.size), dtype=np.float32)
        self._seen.clear()
        self._worked.clear()
        # nothing is one yet, no game has a seat to move and no stock has been looked at
        self._seen["ones"] = np.full((0, n), -1, dtype=np.int32)
        self._seen["market"] = np.full((n, TILE_CARDS), -1, dtype=np.int16)
        self._seen["seat"] = np.full(n, -1, dtype=np.int64)
        self._seen["top"] = np.full(n, -1, dtype=np.int64)
        self._worked["unseen"] = np.zeros(n, dtype=np.int64)

    def _ones(
        self, batch: Batch, seats: np.ndarray, done: np.ndarray, turn: Callable[[np.ndarray], np.ndarray]
    ) -> None:
        """Bring every one-hot entry to the batch: the places that stopped being one go to
        zero, then those that became one go to one (−1: nothing is one there)."""
        at, size = self.layout.offsets, self.layout.size
        n, p = batch.n, self.players
        # the places within a row of the items one a row (phase, seat, to move, hand, taken
        # at) and a seat (the vehicles, the end flags, the Secret Decades), in the observer's
        # order: one row an item, a column a game, so each is written whole at once
        first = _ONE_PER_ROW
        ones = np.empty((first + (4 * p if self.secret else 3 * p), n), dtype=np.int32)
        np.take(self.phases, batch.phase, out=ones[0])
        np.add(seats, at["seat"], out=ones[1], casting="unsafe")
        np.take(self.to_move, batch.phase, out=ones[2])
        np.take(self.hands, batch.hand, out=ones[3], mode="wrap")
        np.take(self.taken_at, batch.taken_slot, out=ones[4], mode="wrap")
        vehicles = ones[first : first + p]
        vehicles[...] = turn(batch.vehicle)
        vehicles += self.vehicles
        flags = ones[first + p : first + 3 * p]
        flags[:p] = turn(batch.final)
        flags[p:] = turn(batch.six_round) > 0
        flags *= self.flags
        flags -= 1
        if self.secret:
            secret = turn(batch.secret).astype(np.int64)
            shown = (secret >= 0) & (done[None, :] | (np.arange(p) == 0)[:, None])
            decade = (secret - DECADES[0]) // (DECADES[1] - DECADES[0])
            ones[first + 3 * p :] = np.where(shown, self.decades + decade, -1)
        seen = self._seen["ones"]
        if seen.shape != ones.shape:  # the first call: nothing was one
            seen = np.full(ones.shape, -1, dtype=np.int32)
        changed = np.flatnonzero(seen != ones)
        self._seen["ones"] = ones
        before, after = seen.reshape(-1)[changed], ones.reshape(-1)[changed]
        base = changed % n * size
        # the tile as it lies, the same from every seat: a step takes a card from one place
        # and refills it (R7, R9), so few of its places change
        market, known = batch.market, self._seen["market"]
        moved = np.flatnonzero(known != market)
        if len(moved):
            games, places = np.divmod(moved, TILE_CARDS)
            tile_base = games * size + self.tile[places]
            gone, come = known.reshape(-1)[moved], market.reshape(-1)[moved]
            known.reshape(-1)[moved] = come
            base, before, after = (
                np.concatenate([base, tile_base]),
                np.concatenate([before, gone]),
                np.concatenate([after, come]),
            )
        if not len(base):
            return
        flat = self.board.reshape(-1)
        flat[(base + before)[before >= 0]] = 0.0
        flat[(base + after)[after >= 0]] = 1.0

    def _spots(self, name: str, ids: np.ndarray, seats: np.ndarray, turning: np.ndarray) -> None:
        """Write the features of the cards ``ids`` (hall rows of spots or Depot places, −1: an
        empty place) whose card changed, where each game's seat to move sees them (but for
        the games ``turning``, written whole after)."""
        p = self.players
        spots = ids.shape[1]
        part = self.layout.slices[name]
        seen = self._seen.get(name)
        if seen is None or seen.shape != ids.shape:  # every place is written as the games turn
            self._seen[name] = ids.copy()
        else:
            changed = np.flatnonzero(seen != ids)
            if len(changed):
                seen.reshape(-1)[changed] = ids.reshape(-1)[changed]
                changed = changed[~turning[changed // (spots * p)]]
                new = ids.reshape(-1)[changed]
                hall_row, spot = np.divmod(changed, spots)
                game, owner = np.divmod(hall_row, p)
                # a spot's features as one item of F floats: one copy each, not F writes
                items = self.board[:, part].view(self.spot_item)
                items[game, (owner - seats[game]) % p * spots + spot] = self.feature_items[new]

    def _turn(self, batch: Batch, turned: np.ndarray, rows: np.ndarray) -> None:
        """Write the halls and Depots of the games ``turned`` whole, in the order of their seat
        to move (``rows``: each one's hall rows in that order): the two segments lie side by
        side, so each game's are one span, written at once."""
        t, span = len(turned), slice(self.layout.offsets["halls"], self.layout.slices["depots"].stop)
        ids = np.hstack(
            [np.take(batch.hall, rows, axis=0).reshape(t, -1), np.take(batch.depot, rows, axis=0).reshape(t, -1)]
        )
        # the features table's last row is all zeros: card id −1 (an empty spot) picks it;
        # a few hundred games at a time, so the features gathered are still in the cache
        # when they are written
        for start in range(0, t, _TURN_CHUNK):
            part = slice(start, start + _TURN_CHUNK)
            self.board[turned[part], span] = np.take(self.features, ids[part], axis=0).reshape(len(ids[part]), -1)

    def _stock_places(self, stock: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(games, D) each card's place in its game's stock (−1 when not in it), and the
        games dealt since the last call: a game's stock order is fixed at its deal, so only
        new games are worked out."""
        n, length, d = stock.shape[0], stock.shape[1], self.cards
        seen, worked = self._seen.get("stock"), self._worked.get("stock")
        if seen is None or worked is None or seen.shape != stock.shape:
            games = np.arange(n)
            seen = self._seen["stock"] = stock.copy()
            worked = self._worked["stock"] = np.empty((n, d + 1), dtype=np.int16)
        else:
            differ = seen != stock
            if not differ.any():  # most calls: no game was dealt
                return worked[:, :d], np.zeros(0, dtype=np.intp)
            games = np.flatnonzero(differ.any(axis=1))
            seen[games] = stock[games]
        cards = stock[games]
        places = np.full((len(games), d + 1), -1, dtype=np.int16)  # the last column takes the padding
        column = np.where(cards >= 0, cards, d).astype(np.int64)
        np.put_along_axis(places, column, np.arange(length, dtype=np.int16)[None, :], axis=1)
        worked[games] = places
        return worked[:, :d], games

    def _unseen(self, batch: Batch) -> np.ndarray:
        """Bring the unseen cards to the batch — a card is unseen from its place in the stock
        on, once the stock's top reaches it — and return how many each game has: a game
        dealt anew is written whole, a game that drew (R9) loses the cards it drew."""
        places, dealt = self._stock_places(batch.stock)
        top, seen = batch.top.astype(np.int64), self._seen["top"]
        count, part = self._worked["unseen"], self.layout.slices["unseen"]
        whole = np.zeros(len(top), dtype=bool)
        whole[dealt] = True
        whole |= top < seen  # a stock never grows back within a game
        games = np.flatnonzero(whole)
        if len(games):
            unseen = places[games] >= top[games, None].astype(np.int16)
            self.board[games, part] = unseen
            count[games] = np.count_nonzero(unseen, axis=1)
        drew = np.flatnonzero(~whole & (top > seen))
        if len(drew):  # one draw a step at most (R9): a few rounds of a card a game
            stock, flat, size = batch.stock, self.board.reshape(-1), self.layout.size
            for _ in range(int((top[drew] - seen[drew]).max())):
                card = stock[drew, seen[drew]].astype(np.int64)
                there = card >= 0
                flat[drew[there] * size + part.start + card[there]] = 0.0
                count[drew] -= there
                seen[drew] += 1
                drew = drew[seen[drew] < top[drew]]
        self._seen["top"] = top
        return count

    def fork(self) -> Encoder:
        """A second encoder where this one stands, with a board of its own."""
        return copy.deepcopy(self)

    def __call__(self, batch: Batch) -> np.ndarray:
        """The observations of ``batch``, written over the encoder's board (and returned)."""
        layout, p, d, at = self.layout, self.players, self.cards, self.layout.offsets
        n = batch.n
        if self.board.shape[0] != n:
            self._start(n)
        board = self.board
        seats = batch.seat.astype(np.int64)
        done = batch.phase == state.OVER
        # each game's seats as its seat to move sees them, its own first: (P, games) places
        # in the flat (games · seats) arrays, one row a relative seat
        places = np.take(self.turned.T, seats, axis=1)
        places += np.arange(0, n * p, p)

        def turn(per_seat: np.ndarray) -> np.ndarray:
            return per_seat.reshape(1, n) if p == 1 else np.take(per_seat, places)

        self._ones(batch, seats, done, turn)
        turned = np.flatnonzero(seats != self._seen["seat"]) if p > 1 else np.flatnonzero(self._seen["seat"] < 0)
        self._seen["seat"] = seats
        turning = np.zeros(n, dtype=bool)
        turning[turned] = True
        self._spots("halls", batch.hall, seats, turning)
        self._spots("depots", batch.depot, seats, turning)
        if len(turned):
            self._turn(batch, turned, np.ascontiguousarray(places[:, turned].T))
        count = self._unseen(batch)
        start = at["progress"]
        board[:, start] = count / d
        board[:, start + 1] = batch.round / layout.most_turns
        board[:, start + 2] = batch.turn / (layout.most_turns * p)
        return board
