"""Renderers: HTML for cards, halls, the Continents tile, games and score sheets
(:mod:`.board`) and for Timeline (:mod:`.timeline`); matplotlib charts (:mod:`.plots`,
:mod:`.timeline_plots`).

May import games and core (ui -> games -> core); never the widgets.
"""
