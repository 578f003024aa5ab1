"""*Timeline*, played with the same deck: its rules as pure functions of a state
(:mod:`.rules`), a seeded play of them (:mod:`.game`), its save files (:mod:`.savefile`),
and its bots, play session and simulations (:mod:`.agents`, sized by :mod:`.budget`).

May import core and Exhibition's cards and set-up helpers; never ui (ui -> games -> core).
"""
