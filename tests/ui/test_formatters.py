"""The engine's objects show as pictures in a notebook, through IPython's formatters.

The engine carries no display code: :mod:`exhibition_lab.ui.formatters` pairs each class with
its renderer. Importing the package inside IPython registers the pairs, ``%load_ext
exhibition_lab`` too; a plain Python process registers nothing and never loads IPython. The
IPython shells run in subprocesses, so this test run's own state is left alone.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

import exhibition_lab as xl
from exhibition_lab.games.timeline.agents import KnowledgeResult
from exhibition_lab.ui import formatters
from exhibition_lab.ui.render import timeline
from exhibition_lab.ui.render.cards import card_html
from exhibition_lab.ui.render.css import style
from exhibition_lab.ui.render.halls import hall_html
from exhibition_lab.ui.render.pictures import game_html
from exhibition_lab.ui.render.sheets import score_sheet_html

pytest.importorskip("IPython")

ENGINE_CLASSES = (xl.Card, xl.Hall, xl.Game, xl.ScoreSheet, xl.Timeline, KnowledgeResult)


def run_ipython(code: str) -> str:
    """The output of ``code`` run as a script by a fresh IPython shell that, like a notebook's
    kernel and unlike a terminal, produces every kind of output (HTML included)."""
    notebook_like = (
        "shell = get_ipython()\nshell.display_formatter.active_types = shell.display_formatter.format_types\n"
    )
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "IPython",
            "--quick",
            "--no-banner",
            "--colors=NoColor",
            "-c",
            notebook_like + textwrap.dedent(code),
        ],
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    return out.stdout


def test_engine_classes_have_no_display_code():
    for cls in ENGINE_CLASSES:
        assert not any(name.startswith("_repr_") and name.endswith("_") for name in vars(cls)), cls


def test_each_engine_class_is_drawn_by_its_renderer():
    sheet = xl.load_example("ron").score()
    assert formatters.HTML_FORMATTERS[xl.Hall] is hall_html
    assert formatters.HTML_FORMATTERS[xl.Game] is game_html
    assert formatters.HTML_FORMATTERS[xl.ScoreSheet](sheet) == score_sheet_html(sheet)
    assert formatters.HTML_FORMATTERS[xl.Timeline] is timeline.game_html
    assert formatters.HTML_FORMATTERS[KnowledgeResult] is timeline.knowledge_html
    card = xl.Card.parse("1969NA")
    assert (
        formatters.HTML_FORMATTERS[xl.Card](card) == f'{style("board")}<div class="exlab-board">{card_html(card)}</div>'
    )
    assert set(formatters.HTML_FORMATTERS) == set(ENGINE_CLASSES)


def test_importing_the_package_inside_ipython_registers_the_pictures():
    out = run_ipython(
        """
        import exhibition_lab as xl
        from exhibition_lab.ui.render.halls import hall_html
        from exhibition_lab.ui.render.sheets import score_sheet_html
        hall = xl.load_example("ron").halls["Ron"]
        game = xl.Game.new(["Ron", "Ann"], seed=7)
        data, _ = shell.display_formatter.format(hall)
        print("hall", data["text/html"] == hall_html(hall))
        data, _ = shell.display_formatter.format(game.score())
        print("sheet", data["text/html"] == score_sheet_html(game.score()))
        data, _ = shell.display_formatter.format(game)
        print("game", "exlab-continent-name" in data["text/html"], data["text/plain"] == repr(game))
        """
    )
    assert out.split() == ["hall", "True", "sheet", "True", "game", "True", "True"]


def test_load_ext_registers_them():
    # the Hall's picture taken away first, as in a shell started after the package was imported
    out = run_ipython(
        """
        import exhibition_lab as xl
        html = shell.display_formatter.formatters["text/html"]
        html.pop(xl.Hall, None)
        print("before", "text/html" in shell.display_formatter.format(xl.Hall())[0])
        shell.run_line_magic("load_ext", "exhibition_lab")
        print("after", "exlab-showcase" in shell.display_formatter.format(xl.Hall())[0]["text/html"])
        """
    )
    assert out.split() == ["before", "False", "after", "True"]


def test_outside_ipython_nothing_is_registered_nor_imported():
    code = (
        "import sys\n"
        "import exhibition_lab\n"
        "from exhibition_lab.ui.formatters import register_in_running_ipython\n"
        "print(register_in_running_ipython(), 'IPython' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]
