"""The package outside its repository: the wheel, installed into a fresh virtual environment
in a folder outside the clone, imports every public module, says its version, copies the
course and opens JupyterLab on it, and serves the play app that a browser plays.

Offline: the wheel is built without build isolation (hatchling comes with the test extra)
and installed with ``--no-deps --no-index``; the libraries it needs are the ones this test
runs with, made visible to the new environment by a ``.pth`` file, and the data files their
wheels install under ``share/jupyter`` and ``etc/jupyter`` (JupyterLab's assets, the widgets'
extensions, Voila's templates, the server extensions' switches) are linked into it, where
``pip install "exhibition_lab[lab]"`` would put them.
Marked slow: ``make test`` runs it, a plain ``pytest`` leaves it out.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import sysconfig
import urllib.request
from pathlib import Path

import pytest
from browser_support import chromium_page, free_port, require_browser, wait_for_port

import exhibition_lab as xl
from exhibition_lab._public import PUBLIC_MODULES

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.slow
TOKEN = "exhibition-lab-install-test"


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> dict:
    """A fresh environment with the wheel in it; its python, its command, an environment
    for its processes (isolated Jupyter folders, no PYTHONPATH) and a folder outside the clone."""
    base = tmp_path_factory.mktemp("installed")
    assert not base.resolve().is_relative_to(ROOT), "the test must run outside the clone"
    wheels = base / "wheels"
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(wheels), str(ROOT)],
        capture_output=True,
        text=True,
    )
    assert built.returncode == 0, built.stdout + built.stderr
    (wheel,) = wheels.glob("exhibition_lab-*.whl")
    assert wheel.name.startswith(f"exhibition_lab-{xl.__version__}-")

    venv = base / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, capture_output=True)
    python = venv / "bin" / "python"
    site = Path(
        subprocess.run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    )
    # the libraries this test runs with, after the new environment's own packages
    (site / "zz_test_dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME"}}
    env |= {
        "HOME": str(base / "home"),
        "JUPYTER_CONFIG_DIR": str(base / "jupyter" / "config"),
        "JUPYTER_DATA_DIR": str(base / "jupyter" / "data"),
        "JUPYTER_RUNTIME_DIR": str(base / "jupyter" / "runtime"),
        "IPYTHONDIR": str(base / "ipython"),
        "JUPYTER_TOKEN": TOKEN,
        "EXHIBITION_LAB_BUDGET": "0.05",  # the app's kernels play long runs small, as in the other tests
        "PIP_NO_INDEX": "1",
    }
    out = subprocess.run(
        [str(python), "-m", "pip", "install", "-q", "--no-deps", "--no-index", str(wheel)],
        capture_output=True,
        text=True,
        env=env,
        cwd=base,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    _link_jupyter_data(Path(sys.prefix) / "share" / "jupyter", venv / "share" / "jupyter")
    if (Path(sys.prefix) / "etc" / "jupyter").is_dir():  # the server extensions' switches (Voila's, Jupytext's)
        (venv / "etc").mkdir(exist_ok=True)
        (venv / "etc" / "jupyter").symlink_to(Path(sys.prefix) / "etc" / "jupyter")
    return {"python": python, "command": venv / "bin" / "exhibition-lab", "env": env, "cwd": base, "venv": venv}


def _link_jupyter_data(source: Path, target: Path) -> None:
    """Link the data files of this environment's Jupyter packages into the new one; its
    kernels stay out (a kernel must run the new environment's Python), and JupyterLab's
    settings folder stays the new one's (the wheel installed the course's settings there)."""
    target.mkdir(parents=True, exist_ok=True)
    for entry in source.iterdir():
        if entry.name == "kernels":
            continue
        if entry.name == "lab":
            (target / "lab").mkdir(exist_ok=True)
            for part in entry.iterdir():
                if not (target / "lab" / part.name).exists():
                    (target / "lab" / part.name).symlink_to(part)
        elif not (target / entry.name).exists():
            (target / entry.name).symlink_to(entry)


def _run(installed: dict, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [*args], capture_output=True, text=True, env=installed["env"], cwd=installed["cwd"], timeout=300
    )


def _get(url: str) -> tuple[int, str]:
    with urllib.request.urlopen(url, timeout=60) as response:
        return response.status, response.read().decode("utf-8", "replace")


class _Server:
    """A command of the installed package that serves, stopped as a service manager would (SIGTERM)."""

    def __init__(self, installed: dict, args: list[str], port: int, name: str):
        self.log_path = installed["cwd"] / f"{name}.log"
        self.log = open(self.log_path, "w")  # noqa: SIM115 (closed in stop)
        self.process = subprocess.Popen(
            [str(installed["command"]), *args],
            stdout=self.log,
            stderr=subprocess.STDOUT,
            env=installed["env"],
            cwd=installed["cwd"],
        )
        self.url = f"http://127.0.0.1:{port}/"
        wait_for_port(port, 120, name, self.log_path)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        self.log.close()


def test_every_public_module_imports_from_the_installed_wheel(installed):
    code = (
        "import importlib, exhibition_lab as xl\n"
        f"for name in {list(PUBLIC_MODULES)!r}: importlib.import_module(name)\n"
        "print(xl.__file__, len(xl.standard_deck()), xl.seeds_path('deck.csv').is_file())\n"
    )
    out = _run(installed, str(installed["python"]), "-c", code)
    assert out.returncode == 0, out.stderr
    location, cards, deck = out.stdout.split()
    assert Path(location).is_relative_to(installed["venv"]) and cards == "101" and deck == "True"


def test_the_command_says_the_package_version(installed):
    out = _run(installed, str(installed["command"]), "--version")
    assert out.returncode == 0 and out.stdout.strip() == f"exhibition-lab {xl.__version__}"
    out = _run(installed, str(installed["python"]), "-m", "exhibition_lab", "course", "--help")
    assert out.returncode == 0 and "--no-browser" in out.stdout


def test_the_course_lands_in_its_folder_and_jupyterlab_opens_it(installed):
    port = free_port()
    folder = installed["cwd"] / "my course"
    server = _Server(installed, ["course", str(folder), "--no-browser", f"--port={port}"], port, "course")
    try:
        for lesson in ("00_start_here", "es/01_rules_tour", "ja/04_solo_odds"):
            assert (folder / "notebooks" / f"{lesson}.ipynb").is_file()
        assert (folder / "notebooks" / "images" / "play-app.png").is_file()
        assert (folder / "docs" / "rules.md").is_file()  # the lessons' ../docs/rules.md links
        status, text = _get(f"{server.url}api/contents/notebooks?token={TOKEN}")
        assert status == 200
        assert "00_start_here.ipynb" in {item["name"] for item in json.loads(text)["content"]}
        # the course's settings (wheel's share/jupyter/lab/settings/overrides.d): Markdown opens as a notebook
        status, text = _get(f"{server.url}lab/api/settings/@jupyterlab/docmanager-extension:plugin?token={TOKEN}")
        assert status == 200 and "Jupytext Notebook" in text
        status, _page = _get(f"{server.url}lab?token={TOKEN}")
        assert status == 200
    finally:
        server.stop()
    assert server.process.returncode is not None


def test_the_play_app_is_served_to_a_browser(installed):
    require_browser()
    port = free_port()
    server = _Server(installed, ["play", "--no-browser", f"--port={port}"], port, "play")
    try:
        with chromium_page() as page:
            page.goto(server.url, timeout=120_000)
            page.wait_for_selector(".exlab-market-card", timeout=120_000)
            assert page.locator(".exlab-market-card").count() == 18
    finally:
        server.stop()
