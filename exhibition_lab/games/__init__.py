"""Games: the rules engines and everything computed from them, one package per game
(:mod:`.exhibition`, :mod:`.timeline`).

The middle layer (ui -> games -> core): games import core and one another (Timeline reuses
Exhibition's deck and save-file reader), never ui.
"""
