"""JupyterLab for the course: ``make lab`` runs ``jupyter lab --config=lab/jupyter_server_config.py``.

It opens ``notebooks/``, where Jupytext pairs each ``<name>.ipynb`` with its source
``src/<name>.md`` (``notebooks/jupytext.toml``; a translation ``es/<name>.ipynb`` pairs with
``src/es/<name>.md`` through ``notebooks/es/jupytext.toml``), and Voilà's "Render with Voilà" button
previews a notebook as an app beside it.
"""

import os
import sys
from pathlib import Path

c = get_config()  # noqa: F821 (traitlets' config loader defines it)

c.ServerApp.root_dir = str(Path(__file__).resolve().parent.parent / "notebooks")

# JupyterLab refuses to run as root unless told; machines here run as root.
c.ServerApp.allow_root = os.geteuid() == 0

# Jupytext's synchronous contents manager (built on LargeFileManager). By default Jupytext
# derives an asynchronous one from Jupyter Server's AsyncLargeFileManager, but Voilà's
# preview calls the contents manager without awaiting it (its exporter inlines the
# notebook's images with ``file_exists``/``get``): the preview then failed with "'coroutine'
# object is not subscriptable" and stayed at "Executing 3 of 3" forever, and the server no
# longer stopped on SIGTERM (a worker thread of the never-finished request kept the process
# alive). The synchronous manager serves the same files and the same pairing, and is fast
# enough for one person's notebooks.
c.ServerApp.contents_manager_class = "jupytext.TextFileContentsManager"

# The play lessons' kernels start with the server, so the first "Run All Cells" of a newcomer
# who opens one at once finds its kernel ready (lab/prestart_kernels.py says why).
sys.path.insert(0, str(Path(__file__).resolve().parent))
c.ServerApp.jpserver_extensions.update({"prestart_kernels": True})
