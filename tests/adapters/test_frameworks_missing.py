"""Without the extra ``[ai]`` the package works as before, the vectorised environment still
plays, and each framework adapter says how to install what it needs. Each case runs in a
fresh interpreter where the framework's module is hidden."""

from __future__ import annotations

import subprocess
import sys

import pytest

INSTALL = 'pip install "exhibition_lab[ai]"'


def run_without(hidden: tuple[str, ...], code: str) -> subprocess.CompletedProcess:
    prelude = f"import sys\nfor name in {hidden!r}:\n    sys.modules[name] = None\n"
    return subprocess.run([sys.executable, "-c", prelude + code], capture_output=True, text=True, timeout=120)


def refusal(result: subprocess.CompletedProcess) -> str:
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


TRY = """
try:
    {statement}
except ImportError as error:
    print(type(error).__name__, error)
else:
    print("imported")
"""


def test_openspiel_without_pyspiel_says_how_to_install_it():
    result = run_without(("pyspiel",), TRY.format(statement="import exhibition_lab.openspiel"))
    assert refusal(result).startswith("ImportError") and INSTALL in refusal(result)


@pytest.mark.parametrize(
    "hidden, name",
    [
        (("pettingzoo",), "env"),
        (("pettingzoo",), "raw_env"),
        (("gymnasium", "pettingzoo"), "SoloEnv"),
        (("gymnasium", "pettingzoo"), "SoloVectorEnv"),
    ],
)
def test_environments_without_their_framework_say_how_to_install_it(hidden, name):
    result = run_without(hidden, TRY.format(statement=f"from exhibition_lab.envs import {name}"))
    assert refusal(result).startswith("ImportError") and INSTALL in refusal(result)


def test_without_any_framework_the_package_and_the_vectorised_environment_work():
    code = (
        "import numpy as np, exhibition_lab as xl\n"
        "from exhibition_lab.envs import VectorGames\n"
        "game = xl.Game.new(2, seed=1); game.apply(game.legal_actions()[0])\n"
        "games = VectorGames(players=2); state = games.reset(8, seed=1); rng = np.random.default_rng(1)\n"
        "while not state.terminated.all():\n"
        "    state = games.step(games.random_actions(state, rng))\n"
        "print(sorted(m for m in ('pyspiel', 'gymnasium', 'pettingzoo') if sys.modules.get(m) is not None))\n"
    )
    assert refusal(run_without(("pyspiel", "gymnasium", "pettingzoo"), code)) == "[]"
