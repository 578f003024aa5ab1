"""Core: what every game and view shares — the package's exceptions (:mod:`.errors`) and the
work budget of long runs (:mod:`.budget`).

The bottom layer (ui -> games -> core): core imports only the standard library, never games
or ui.
"""
