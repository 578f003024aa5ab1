"""Packaging and layering: the engine loads no display code; the wheel ships the deck, the
rules reference and the stylesheet; the code is ruff clean."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_engine_imports_no_widget_or_plot_code():
    code = (
        "import sys, exhibition_lab as xl\n"
        "g = xl.Game.new(2, seed=1); g.apply(g.legal_actions()[0]); xl.Hall.parse(str(g.hall(0)))\n"
        "bad = [m for m in ('ipywidgets', 'IPython', 'matplotlib') if m in sys.modules]\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_wheel_ships_the_deck_and_works_outside_the_repository(tmp_path):
    wheel_dir = tmp_path / "wheel"
    built = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(wheel_dir),
            str(ROOT),
        ],
        capture_output=True,
        text=True,
    )
    assert built.returncode == 0, built.stdout + built.stderr
    wheel = next(wheel_dir.glob("exhibition_lab-*.whl"))
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        archive.extractall(tmp_path / "site")
    assert "exhibition_lab/seeds/deck.csv" in names
    assert "exhibition_lab/ui/widgets/heatmap.js" in names  # the what-if map draws in the browser
    assert "exhibition_lab/ui/render/exlab.css" in names  # every picture's style
    assert "exhibition_lab/docs/rules.md" in names  # the rules reference ships too
    assert "exhibition_lab/py.typed" in names  # type checkers read the package's hints
    code = (
        "import exhibition_lab as xl; from exhibition_lab.ui.render.halls import hall_html; "
        "print(xl.__file__, len(xl.standard_deck()), xl.seeds_path('deck.csv'), xl.rules_path(), "
        "'.exlab-showcase{' in hall_html(xl.Hall()))"
    )
    out = subprocess.run(
        [sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, {str(tmp_path / 'site')!r}); {code}"],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
    )
    location, count, deck_path, rules_path, styled = out.stdout.split()
    assert location.startswith(str(tmp_path / "site")) and count == "101"
    assert deck_path.startswith(str(tmp_path / "site"))
    assert rules_path.startswith(str(tmp_path / "site"))
    assert '<a id="r12"></a>' in Path(rules_path).read_text(encoding="utf-8")
    assert styled == "True"  # the stylesheet is read from the installed package


def test_ruff_clean():
    ruff = shutil.which("ruff") or str(Path(sys.executable).parent / "ruff")
    if not Path(ruff).exists():
        pytest.fail("ruff is not installed: pip install -e '.[test]'")
    out = subprocess.run(
        [ruff, "check", "exhibition_lab", "tests", "benchmarks", "scripts", "notebooks"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert out.returncode == 0, out.stdout + out.stderr


def test_ruff_format_clean():
    ruff = shutil.which("ruff") or str(Path(sys.executable).parent / "ruff")
    out = subprocess.run(
        [ruff, "format", "--check", "exhibition_lab", "tests", "benchmarks", "scripts"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert out.returncode == 0, out.stdout + out.stderr


def test_mypy_strict_on_the_whole_package():
    """pyproject's [tool.mypy] checks the whole package, strictly, with no folder left out;
    libraries without type information are named one by one (ignore_missing_imports)."""
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config["files"] == ["exhibition_lab"]
    assert config["strict"] is True
    assert "exclude" not in config
    assert all(not override.get("ignore_errors") for override in config.get("overrides", []))
    out = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-incremental"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert "no issues found" in out.stdout


def test_every_type_ignore_names_its_error_and_why():
    """A silenced type error names its code (mypy's ignore-without-code) and a comment after it
    says why the code is right where the checker cannot see it."""
    silenced = re.compile(r"#\s*type:\s*ignore(?P<code>\[[^\]]+\])?(?P<rest>.*)$")
    bare = []
    for path in sorted((ROOT / "exhibition_lab").rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            found = silenced.search(line)
            if found and (not found["code"] or not found["rest"].strip().startswith("#")):
                bare.append(f"{path.relative_to(ROOT)}:{number}")
    assert not bare, bare


def test_the_library_installs_without_the_notebook_stack():
    """An engine user gets numpy, the widgets and the charts; JupyterLab, Voila, nbval and the
    frameworks come with the extras (lab, test, ai)."""
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    names = {re.split(r"[<>=\[ ]", d)[0] for d in project["dependencies"]}
    assert {"numpy", "ipywidgets", "matplotlib"} <= names
    assert not names & {"jupyterlab", "voila", "jupytext", "nbval", "pytest", "playwright", "open-spiel"}
    extras = project["optional-dependencies"]
    assert {re.split(r"[<>=]", d)[0] for d in extras["lab"]} == {"jupyterlab", "voila", "jupytext"}
    assert {"nbval", "pytest", "playwright"} <= {re.split(r"[<>=]", d)[0] for d in extras["test"]}
    assert (ROOT / "exhibition_lab" / "py.typed").is_file()


def test_the_learning_agent_is_an_extra_on_the_cpu_torch_that_the_tests_install():
    """MaskablePPO comes with the rl extra; torch is pinned to the release whose CPU build the
    course is tested with, and the test extra brings it, so lesson 08 runs under test."""
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert not {re.split(r"[<>=\[ ]", d)[0] for d in project["dependencies"]} & {"torch", "sb3-contrib"}
    extras = project["optional-dependencies"]
    assert "torch==2.13.0" in extras["rl"] and any(d.startswith("sb3-contrib") for d in extras["rl"])
    assert any(d.startswith("exhibition_lab[") and "rl" in re.split(r"[\[\],]", d) for d in extras["test"])


def test_the_package_and_its_environments_import_without_torch():
    """Only a learner's own code imports torch and sb3-contrib; the package, the Gymnasium
    environments and solo_scores never do, so they work without the rl extra."""
    code = (
        "import sys, exhibition_lab, exhibition_lab.envs, exhibition_lab.simulate, exhibition_lab.agents; "
        "exhibition_lab.envs.solo_scores('greedy', 1); "
        "print(sorted(m for m in ('torch', 'sb3_contrib', 'stable_baselines3') if m in sys.modules))"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert run.stdout.strip() == "[]"
