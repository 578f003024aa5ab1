"""Settings for the whole test run (unit tests and notebooks alike)."""

import os

# Notebooks scale their simulations down under test; charts render off-screen.
os.environ["EXLAB_QUICK"] = "1"
os.environ.setdefault("MPLBACKEND", "Agg")
