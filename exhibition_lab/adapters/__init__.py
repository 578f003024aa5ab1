"""The game-AI framework adapters, one module per framework and per game, in the shape of
OpenSpiel's ``python/games`` (type and info at the top, registration at the bottom):

- :mod:`.openspiel_bridge` — a game's rules as an OpenSpiel state and game;
- :mod:`.openspiel_exhibition`, :mod:`.openspiel_timeline` — the registered games;
- :mod:`.openspiel_players` — the package's bots and OpenSpiel's searches as match players,
  and the package's bots as ``pyspiel.Bot``;
- :mod:`.gymnasium_exhibition` — the Gymnasium environments;
- :mod:`.pettingzoo_exhibition` — the PettingZoo environment;
- :mod:`.rendering` — what the environments draw.

The top layer, beside ui: it may import core, games and ui (the environments' ``html`` render
mode draws with ui's pictures); nothing else imports it, not even lazily, but the public entry
points :mod:`exhibition_lab.openspiel` and :mod:`exhibition_lab.envs`. Importing this package
loads no framework: each module needs its framework (the extra ``exhibition_lab[ai]``).
"""
