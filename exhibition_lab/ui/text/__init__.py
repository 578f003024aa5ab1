"""Rules in words: refused placements, legal moves and cards explained in plain sentences
(:mod:`.explain`).

May import games and core (ui -> games -> core); never the widgets.
"""
