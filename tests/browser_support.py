"""Shared pieces of the browser tests: a Voila server for a notebook and Debian's Chromium.

Needs Debian's chromium (``apt-get install chromium``), voila and playwright. Without
chromium a browser test is skipped locally; under CI (``CI=true``) it fails instead.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARTIFACTS = ROOT / "build" / "browser"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
LAPTOP = {"width": 1366, "height": 768}


def require_browser() -> None:
    """Skip (locally) or fail (under CI) when chromium, voila or playwright is missing."""
    missing = []
    if not Path(CHROMIUM).exists():
        missing.append("chromium (apt-get install -y chromium)")
    for module in ("voila", "playwright"):
        try:
            __import__(module)
        except ImportError:
            missing.append(f"{module} (pip install -e '.[test]')")
    if missing:
        message = "browser test needs " + ", ".join(missing)
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextlib.contextmanager
def voila_server(notebook: str) -> Iterator[str]:
    """Serve ``notebooks/<notebook>`` with Voila on a free loopback port; yields its URL."""
    require_browser()
    port = _free_port()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    log_path = ARTIFACTS / f"voila-{Path(notebook).stem}.log"
    with open(log_path, "w") as log:
        server = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "voila",
                str(ROOT / "notebooks" / notebook),
                "--no-browser",
                f"--port={port}",
                "--Voila.ip=127.0.0.1",
            ],
            stdout=log,
            stderr=subprocess.STDOUT,
            cwd=ROOT,
            # the app's kernels play long runs at the test budget, like the notebook kernels (conftest.py)
            env={**os.environ, "EXHIBITION_LAB_BUDGET": "0.05"},
        )
        try:
            deadline = time.time() + 60
            while time.time() < deadline:
                with socket.socket() as sock:
                    if sock.connect_ex(("127.0.0.1", port)) == 0:
                        break
                time.sleep(0.3)
            else:
                pytest.fail(f"voila did not start within 60 s; see {log_path}")
            yield f"http://127.0.0.1:{port}/"
        finally:
            server.terminate()
            server.wait(timeout=20)


@contextlib.contextmanager
def chromium_page(viewport: dict[str, int] | None = None) -> Iterator:
    """A Playwright page in Debian's headless Chromium (1366×768 unless told)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser.new_page(viewport=viewport or LAPTOP)
        finally:
            browser.close()
