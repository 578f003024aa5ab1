"""the ``>>>`` examples in the package's docstrings run and hold.

Each module of the package (widgets included: they must import without a browser) is run
through :mod:`doctest`; the public names listed in the issue must each carry an example.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import exhibition_lab as xl
from exhibition_lab.games.exhibition.rules import turns

FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
# every module and package of the tree (core, games, ui and the facades at the top)
MODULES = ["exhibition_lab"] + sorted(
    info.name for info in pkgutil.walk_packages(xl.__path__, prefix="exhibition_lab.")
)


@pytest.fixture
def full_budgets(monkeypatch):
    # test kernels may run long work at a fraction of its size; the examples show the full size
    monkeypatch.delenv("EXHIBITION_LAB_BUDGET", raising=False)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_hold(name, full_budgets):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=FLAGS, report=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"


@pytest.mark.parametrize(
    "obj",
    [
        xl.Card.parse,
        xl.Hall.parse,
        xl.Hall.legal_spots,
        xl.Hall.why_not,
        xl.Hall.with_card,
        xl.Game.new,
        xl.Game.apply,
        xl.Game.undo,
        xl.Game.position,
        xl.Game.from_position,
        xl.parse_position,
        turns.next_state,
        xl.score_halls,
        xl.solo_score,
        xl.ArgumentError,
    ],
    ids=lambda obj: obj.__qualname__,
)
def test_public_api_has_a_runnable_example(obj):
    examples = doctest.DocTestParser().get_examples(obj.__doc__ or "")
    assert examples, f"{obj.__qualname__} has no >>> example"
