"""The rules course: its pictures and prepared positions (:mod:`.pictures`) and the exercise
widgets (:mod:`.exercises`).

May import games, core and the rest of ui (ui -> games -> core).
"""
