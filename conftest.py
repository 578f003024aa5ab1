"""Settings for the whole test run (unit tests and notebooks alike).

Notebook kernels started by the tests (nbval here, Voila in the browser tests) play long
runs at a twentieth of their size: they run under the kernel ``exlab-test``, defined below,
whose environment sets ``EXHIBITION_LAB_BUDGET`` (read by :class:`exhibition_lab.core.budget.Budget`
when a run is given no budget). The notebooks' code stays exactly as a reader sees it, and
this process — the unit tests — keeps the full size.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

#: The fraction of long notebook runs that test kernels play.
TEST_BUDGET = "0.05"
TEST_KERNEL = "exlab-test"

os.environ.setdefault("MPLBACKEND", "Agg")
# The tests and the stored notebook outputs are in English whatever the machine's locale
# (LANG=es_AR would otherwise make the package speak Spanish); tests of other languages
# choose theirs with exhibition_lab.set_language.
os.environ["EXHIBITION_LAB_LANGUAGE"] = "en"


def _install_test_kernel() -> Path:
    """A kernelspec of this Python whose environment carries the test budget, in a folder
    put first on ``JUPYTER_PATH`` for this run (and the processes it starts)."""
    root = Path(tempfile.mkdtemp(prefix="exlab-kernels-"))
    spec_dir = root / "kernels" / TEST_KERNEL
    spec_dir.mkdir(parents=True)
    spec = {
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "exhibition_lab tests",
        "language": "python",
        "env": {"EXHIBITION_LAB_BUDGET": TEST_BUDGET, "MPLBACKEND": "Agg", "EXHIBITION_LAB_LANGUAGE": "en"},
    }
    (spec_dir / "kernel.json").write_text(json.dumps(spec), encoding="utf-8")
    os.environ["JUPYTER_PATH"] = os.pathsep.join(p for p in (str(root), os.environ.get("JUPYTER_PATH", "")) if p)
    return root


KERNELS = _install_test_kernel()
