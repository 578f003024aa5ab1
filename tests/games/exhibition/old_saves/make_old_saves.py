"""Writes the save files of this folder with the package of an earlier commit, so that the
files are the ones that version really wrote (the loader must read them for ever).

Run from a copy of that commit (``git archive <commit> | tar -x -C DIR``):
``PYTHONPATH=DIR python make_old_saves.py OUT_DIR VERSION``. Version 1 is commit e870b50,
version 2 commit 5db86d4, version 3 commit fb3171b (``git log -- docs/notation.md``).
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import numpy as np

import exhibition_lab as xl


def played(game: xl.Game, seed: int, moves: int) -> xl.Game:
    rng = np.random.default_rng(seed)
    for _ in range(moves):
        if game.is_over:
            break
        actions = game.legal_actions()
        game.apply(actions[rng.integers(len(actions))])
    return game


def main() -> None:
    out, version = Path(sys.argv[1]), int(sys.argv[2])
    layout = xl.Layout.base().with_variations("links", "spread_the_years")
    games = {
        "two_players_links": played(xl.Game.new(["Ann", "Bob"], seed=3, layout=layout), 3, 40),
        "solo_secret_decade": played(xl.Game.new(1, seed=11, secret_decades=True), 11, 25),
        "finished_three_players": played(xl.Game.new(3, seed=7), 7, 10_000),
        "unseeded": played(xl.Game.new(["Ann", "Bob"], seed=np.random.default_rng(5)), 5, 12),
    }
    deck = tuple(replace(card, title=f"Subject {k}") for k, card in enumerate(xl.standard_deck()))
    games["custom_deck"] = played(xl.Game.new(2, seed=4, deck=deck), 4, 20)
    if version >= 3:
        start = games["two_players_links"].position()
        games["from_position"] = played(xl.Game.from_position(start, seed=9), 9, 15)
    for name, game in games.items():
        (out / f"v{version}_{name}.json").write_text(game.to_json(indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
