"""*Exhibition: 20th Century*: its rules (:mod:`.rules`), the game record (:mod:`.game`, the
position notation in :mod:`.notation`, :mod:`.savefile`, :mod:`.examples`), play sessions,
agents (bots), the coach, odds, simulations and the array engines (:mod:`.arrays`).

May import core and its own modules; never ui (ui -> games -> core).
"""
