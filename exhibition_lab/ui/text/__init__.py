"""Words: refused placements, legal moves and cards explained in plain sentences
(:mod:`.explain`), what the rules course says (:mod:`.course`), and the translation of
message ids (:mod:`.i18n`).

May import games and core (ui -> games -> core); never the widgets.
"""
