"""Start the play notebooks' kernels with the server (a Jupyter Server extension loaded by
``lab/jupyter_server_config.py``).

JupyterLab drops a *Run All Cells* sent while a notebook's kernel is still starting (the
cells stay unrun; jupyterlab/jupyterlab#8490), or runs it on a second kernel it starts in the
meantime while the widgets' manager listens to the first, so the app's board never shows.
A newcomer opens the play lesson and runs it at once: with its kernel already running, the
notebook joins that kernel when it opens and the first *Run All* draws the board.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from tornado.ioloop import IOLoop

if TYPE_CHECKING:
    from jupyter_server.serverapp import ServerApp

#: The lessons whose first cell is the play app, in every language of the course: under the
#: server's root (``make lab``) or under its ``notebooks/`` (``exhibition-lab course``).
PLAY_NOTEBOOKS = tuple(
    f"{folder}{language}03_play.ipynb" for folder in ("", "notebooks/") for language in ("", "es/", "ja/")
)


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": "prestart_kernels"}]


def _load_jupyter_server_extension(serverapp: ServerApp) -> None:
    async def start() -> None:
        found = [path for path in PLAY_NOTEBOOKS if (Path(serverapp.root_dir) / path).exists()]
        for path in found:
            try:
                await serverapp.session_manager.create_session(path=path, name=Path(path).name, type="notebook")
            except Exception as exc:  # a kernel that fails to start is started again when the notebook opens
                serverapp.log.warning("could not start the kernel of %s ahead: %s", path, exc)
        serverapp.log.info("Kernels of the play lessons started: %s", ", ".join(found) or "none found")

    IOLoop.current().add_callback(start)
