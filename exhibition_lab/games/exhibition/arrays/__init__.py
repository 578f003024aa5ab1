"""Array engines: many games at once with numpy — the lock-step engine for every layout and
player count (:mod:`.engine`) and the faster solo kernel (:mod:`.solo`).

May import core and the rest of :mod:`exhibition_lab.games.exhibition`; never ui.
"""
