# Kernels started by the test suite (nbval, Voila) play long notebook runs at a twentieth of
# their size; see exhibition_lab/core/budget.py. Readers' kernels never load this file.
import exhibition_lab.core.budget

exhibition_lab.core.budget.SCALE = 0.05
