# Kernels started by the test suite (nbval, Voila) play long notebook runs at a twentieth of
# their size; see exhibition_lab/budget.py. Readers' kernels never load this file.
import exhibition_lab.budget

exhibition_lab.budget.SCALE = 0.05
