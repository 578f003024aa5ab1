"""Shared helpers: build cards, halls and hand-made deals in notation."""

from __future__ import annotations

import numpy as np
import pytest

import exhibition_lab as xl

RON = (
    "1904AF . 1945W 1958SA 1966EU 1981NA / 1918NA 1927OC 1934EU . / 1952AF / "
    "1973OC 1974OC . / 1903NA 1972SA | 1996AS 1938SA"
)


def card(token: str) -> xl.Card:
    return xl.Card.parse(token)


def hall(text: str, **kwargs) -> xl.Hall:
    return xl.Hall.parse(text, **kwargs)


def make_deal(market: list[str], stock_top: list[str] = (), *, deck=None, decades=None) -> xl.Deal:
    """A deal with the given 18 market tokens (3 per continent in tile order), the given
    cards on top of the stock and every other deck card below them in deck order."""
    deck = deck or xl.standard_deck()
    by_token = {c.token: c for c in deck}
    chosen = [by_token[t] for t in market]
    groups = tuple(tuple(sorted(chosen[k : k + 3], key=lambda c: c.sort_key)) for k in range(0, 18, 3))
    top = [by_token[t] for t in stock_top]
    rest = [c for c in deck if c not in chosen and c not in top]
    return xl.Deal(groups, tuple(top + rest), decades)


def play_randomly(game: xl.Game, rng: np.random.Generator, max_steps: int = 10_000) -> xl.Game:
    for _ in range(max_steps):
        actions = game.legal_actions()
        if not actions:
            break
        game.apply(actions[rng.integers(len(actions))])
    return game


@pytest.fixture
def ron() -> xl.Hall:
    return hall(RON)
