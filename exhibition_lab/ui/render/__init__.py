"""Renderers: every picture the package draws, one function per thing.

HTML (no widget imports): :mod:`.cards` (the one card face), :mod:`.halls`, :mod:`.tile`
(the Continents tile), :mod:`.sheets` (score sheets and comparisons), :mod:`.pictures`
(a game, ``Boards``, ``HallPicture``) and :mod:`.timeline`, all styled by the one stylesheet
``exlab.css`` (:mod:`.css`). Matplotlib charts: :mod:`.plots`, :mod:`.timeline_plots`.

May import games and core (ui -> games -> core); never the widgets.
"""
