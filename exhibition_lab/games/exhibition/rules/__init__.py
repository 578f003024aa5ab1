"""The rules of *Exhibition: 20th Century* (``docs/rules.md``): cards and the deck, layouts,
halls, actions, the deal, turns and scoring, as plain functions and immutable records.

May import core and one another; never ui, and nothing else of games at load time (the
rules sit below the game record that wraps them).
"""
