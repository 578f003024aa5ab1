"""Settings for the whole test run (unit tests and notebooks alike)."""

import os
from pathlib import Path

# Kernels started by the tests (nbval, Voila) read this profile: long notebook runs scale
# down there (exhibition_lab.core.budget) while the notebooks' code stays as the reader sees it.
os.environ["IPYTHONDIR"] = str(Path(__file__).parent / "tests" / "ipython")
os.environ.setdefault("MPLBACKEND", "Agg")
