# Kernels started by the test suite (nbval, Voila) play long notebook runs at a twentieth of
# their size; see exhibition_lab/core/budget.py (SCALE) and the Budget of
# exhibition_lab/games/timeline/budget.py (EXHIBITION_LAB_BUDGET). Readers' kernels never
# load this file.
import os

import exhibition_lab.core.budget

exhibition_lab.core.budget.SCALE = 0.05
os.environ["EXHIBITION_LAB_BUDGET"] = "0.05"
