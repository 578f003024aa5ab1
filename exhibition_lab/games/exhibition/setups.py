"""The rules a framework's parameters ask for, and a play dealt as :meth:`Game.new
<exhibition_lab.games.exhibition.game.Game.new>` deals it — shared by the OpenSpiel, PettingZoo,
Gymnasium and vectorised adapters, so that each states its parameters the same way."""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

from ...core.errors import ArgumentError
from ...core.history import History
from .rules.actions import Event
from .rules.cards import Card, standard_deck
from .rules.deal import deal_cards, player_names
from .rules.layout import Layout
from .rules.scoring import SoloRules
from .rules.turns import UTILITIES, DealOrder, Setup, State


def variation_keys(variations: str | Sequence[str]) -> tuple[str, ...]:
    """Variation keys (V1–V6a) from a sequence or one text joined by ``+`` or spaces.

    >>> variation_keys("links+short_era"), variation_keys(["links"]), variation_keys("")
    (('links', 'short_era'), ('links',), ())
    """
    if isinstance(variations, str):
        return tuple(part for part in re.split(r"[+\s]+", variations.strip()) if part)
    if not isinstance(variations, (list, tuple)):
        raise ArgumentError(f"variations are keys such as 'links' or 'short_era', not {variations!r:.80}")
    keys = tuple(variations)
    if not all(isinstance(key, str) for key in keys):
        raise ArgumentError(f"variations are keys such as 'links' or 'short_era', not {variations!r}")
    return keys


def make_setup(
    players: int = 2,
    *,
    variations: str | Sequence[str] = (),
    secret_decades: bool = False,
    utility: str | None = None,
    mid_century: str = "harsh",
    deck: Sequence[Card] | None = None,
) -> Setup:
    """The rules of a game of ``players`` seats (1–5, R4) with variation showcases (V1–V6a),
    Secret Decades (V7), a utility (``"margin"``, ``"win"`` or ``"score"``; a solo game's is
    its ×100 score, S2) and the solo Mid Century reading (``"harsh"`` or ``"tiebreak"``, D11).

    >>> setup = make_setup(3, variations="links", utility="win")
    >>> setup.n_players, setup.layout.variations, setup.utility
    (3, ('links',), 'win')
    """
    if not isinstance(secret_decades, (bool, np.bool_)):
        raise ArgumentError(f"secret_decades is True or False, not {secret_decades!r}", rule="V7")
    names = player_names(players)
    if utility is None:
        utility = "score" if len(names) == 1 else "margin"
    if len(names) == 1 and utility != "score":
        raise ArgumentError(f"a solo game's result is its score (S2); utility {utility!r} needs opponents", rule="S2")
    if utility not in UTILITIES:
        raise ArgumentError(f"utility is one of {', '.join(UTILITIES)}, not {utility!r}")
    return Setup(
        names,
        Layout.base().with_variations(*variation_keys(variations)),
        tuple(deck) if deck is not None else standard_deck(),
        secret_decades=bool(secret_decades),
        solo_rules=SoloRules.by_name(mid_century),
        utility=utility,
    )


def dealt_play(setup: Setup, rng: np.random.Generator) -> History[State, Event]:
    """A play of ``setup`` from its first chance node, its chance outcomes — the tile, the
    Secret Decades, every refill — drawn from a shuffle of ``rng`` exactly as :meth:`Game.new
    <exhibition_lab.games.exhibition.game.Game.new>` deals: the same seed, the same game."""
    deal = deal_cards(setup.deck, setup.n_players, rng, secret_decades=setup.secret_decades)
    return History(setup, chance=DealOrder(deal))
