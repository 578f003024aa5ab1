"""*Timeline*, played with the same deck: its rules and state (:mod:`.game`) and its bots,
sessions and simulations (:mod:`.agents`).

May import core and Exhibition's rules and save-file helpers; never ui (ui -> games -> core).
"""
