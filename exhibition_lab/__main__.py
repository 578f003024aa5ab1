"""``python -m exhibition_lab``: the ``exhibition-lab`` command (:mod:`exhibition_lab.ui.cli`)."""

import sys

from .ui.cli import main

if __name__ == "__main__":
    sys.exit(main())
