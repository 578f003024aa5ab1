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

from collections.abc import Sequence

import numpy as np

from ....core.errors import ArgumentError, IllegalAction
from ..observation import PHASE_INDEX, Fields
from ..rules.cards import CONTINENTS, OPEN_CARDS
from ..rules.deal import DECADES, Deal
from ..rules.turns import Phase, Setup
from . import engine, masks, scoring, state

Batch = state.BatchGames
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
    legal = (chosen >= 0) & (chosen < mask.shape[1]) & mask[games, np.clip(chosen, 0, mask.shape[1] - 1)]
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
        slots = np.argmax(batch.market[taking] == actions[taking][:, None], axis=1)
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
    scores = scoring.score(batch if games is None else state.select(batch, games), setup.solo_rules)
    return scores.totals, scoring.winners(scores)
