"""Between the array engine and the scalar wrapper: the array engine never imports ``Game``,
so the tests turn batch rows into games and games into batch rows here."""

from __future__ import annotations

from collections.abc import Sequence

import exhibition_lab as xl
from exhibition_lab.games.exhibition.arrays.engine import GameRecord, from_states
from exhibition_lab.games.exhibition.arrays.state import BatchGames


def game_of(record: GameRecord) -> xl.Game:
    """The scalar game of a record: dealt as recorded, then every action applied (the
    refills come from the deal, R9)."""
    setup = record.setup
    game = xl.Game(setup.players, record.deal, layout=setup.layout, deck=setup.deck)
    for action in record.actions:
        game.apply(action)
    return game


def from_games(games: Sequence[xl.Game], *, record: bool = False) -> BatchGames:
    """The positions of ``games`` (one setup) as batch rows, each with its own stock order."""
    setup = games[0].setup
    assert all(g.setup == setup for g in games), "from_games takes games of one setup"
    return from_states(setup, [g.state for g in games], [g.stock_order for g in games], record=record)
