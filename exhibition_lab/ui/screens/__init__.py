"""Screens: what an app shows at one moment, as plain data made from the model by a
presenter (:func:`.play.present`). Widgets paint screens; tests read them without widgets.

May import games, core and :mod:`exhibition_lab.ui.text`; never the widgets.
"""
