"""What every input the package accepts must allow, and what every refusal must say.

The fuzz tests and the refusal tests share these checks: an accepted game plays on to the
end, saves and loads back equal, writes its position and reads it back equal, and scores;
a refused input raises the package's own error, with the token and a known rule id.
"""

from __future__ import annotations

import re
from functools import cache

import numpy as np

import exhibition_lab as xl
from exhibition_lab.games.exhibition.rules.layout import VARIATIONS


@cache
def rule_ids() -> frozenset[str]:
    """Every rule id the rules page defines (R9, V6a, D4, …)."""
    text = xl.rules_path().read_text(encoding="utf-8")
    return frozenset(re.findall(r"\*\*([RVSDT][0-9]+[a-z]?) ·", text))


def played(seed: int, players: int = 2, steps: int = 0, *, variations=(), secret: bool = False) -> xl.Game:
    """A real game after ``steps`` random actions (fewer when it ends first)."""
    layout = xl.Layout.base().with_variations(*variations) if variations else None
    game = xl.Game.new(players, seed=seed, layout=layout, secret_decades=secret)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if game.is_over:
            break
        actions = game.legal_actions()
        game.apply(actions[int(rng.integers(len(actions)))])
    return game


def random_variations(rng: np.random.Generator) -> tuple[str, ...]:
    """Up to one variation over each base showcase (V1, D9)."""
    chosen: dict[str, str] = {}
    for key in rng.permutation(sorted(VARIATIONS)):
        if rng.random() < 0.3:
            chosen.setdefault(VARIATIONS[key].covers, str(key))
    return tuple(chosen.values())


def in_move_phase(players: int = 1) -> xl.Game:
    """A real game just after a white card was taken (R8): the move phase."""
    for seed in range(200):
        game = xl.Game.new(players, seed=seed)
        rng = np.random.default_rng(seed)
        while not game.is_over and game.phase is not xl.Phase.MOVE:
            actions = game.legal_actions()
            whites = [a for a in actions if isinstance(a, xl.Take) and a.card.is_white]
            game.apply(whites[0] if whites else actions[int(rng.integers(len(actions)))])
        if game.phase is xl.Phase.MOVE and game.stock_size > 0:
            return game
    raise AssertionError("no seed reaches the move phase")


def visible(game: xl.Game) -> tuple:
    """Everything a position shows: the state without the stock's order, the stock as a set."""
    return (game.setup, game.state._replace(stock=()), frozenset(game.state.stock), game.secret_decades)


def check_round_trips(game: xl.Game) -> None:
    """The game saves and loads back equal, and its position reads back to the same game."""
    loaded = xl.Game.from_json(game.to_json())
    assert loaded == game
    assert loaded.position() == game.position()
    text = game.position()
    again = xl.Game.from_position(text, seed=1, deck=game.deck)
    assert visible(again) == visible(game), text
    assert again.position() == text
    twin = xl.Game.from_position(text, deck=game.deck, stock=game.stock_order)
    assert twin.state == game.state


def check_plays_to_the_end(game: xl.Game, seed: int = 0, *, round_trip_every: int = 0) -> xl.Game:
    """The property of an accepted game: never stuck, round trips at the start, every
    ``round_trip_every`` decisions and at the end, and a score sheet at the end."""
    check_round_trips(game)
    game.score()
    rng = np.random.default_rng(seed)
    limit = game.setup.info.max_game_length
    for step in range(limit + 1):
        if game.is_over:
            break
        actions = game.legal_actions()
        assert actions, f"stuck: not over and no legal action\n{game.position()}"
        game.apply(actions[int(rng.integers(len(actions)))])
        if round_trip_every and step % round_trip_every == round_trip_every - 1:
            check_round_trips(game)
    assert game.is_over, "the game did not end within its maximal length"
    assert game.legal_actions() == []
    check_round_trips(game)
    sheet = game.score()
    assert set(sheet.winners) <= set(game.players) and sheet.winners
    return game


def check_refusal(err: BaseException, *kinds: type, text: str | None = None) -> None:
    """A refusal is one of the package's ``kinds``; a NotationError names its token (found in
    the input or the message) and every cited rule is one the rules page defines."""
    assert isinstance(err, kinds), f"{type(err).__name__}: {err}"
    assert isinstance(err, xl.ExhibitionLabError)
    if err.rule is not None:
        assert err.rule in rule_ids(), f"unknown rule id {err.rule!r} in: {err}"
    if isinstance(err, xl.NotationError):
        assert isinstance(err.token, str) and err.token, f"no token in: {err}"
        assert err.token in str(err) or (text is not None and err.token in text), (err.token, str(err))
