"""Voilà for a classroom: ``make classroom`` (``PORT=8866`` unless told) serves
``notebooks/`` to the students' browsers with the play app (``03_play``) and the
Timeline app (``06_timeline_app``) ready to open. docs/classroom.md says why each
number is what it is; the figures there were measured with this file.

Voilà reads this file because the Makefile passes ``--Voila.config_file_paths=classroom``.
"""

import os
from pathlib import Path

import voila.app
from tornado import web
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler

HERE = Path(__file__).resolve().parent

c = get_config()  # noqa: F821 (traitlets' config loader defines it)

# Reachable from the students' machines; no password (a classroom network, see the doc).
c.Voila.ip = "0.0.0.0"
c.Voila.open_browser = False

# The page: Voilà's lab template with a "Starting the game…" notice that stays until the
# board is drawn or turns into an error that says what to do (share/voila/templates/).
os.environ["JUPYTER_PATH"] = os.pathsep.join(filter(None, [str(HERE / "share"), os.environ.get("JUPYTER_PATH")]))
c.VoilaConfiguration.template = "classroom"

# The page loads only the JupyterLab extensions a page of widgets needs: Jupytext's (for
# pairing notebooks in JupyterLab) fails to load in a Voilà page and costs every student's
# browser a script and a console error for nothing.
c.VoilaConfiguration.extension_denylist = ["jupyterlab-jupytext"]

# Pre-heated kernels: each app is run in advance in a pool of kernels, so an arriving
# student gets a page that is already executed; the pool refills one kernel per student,
# a second after each arrival. Starting one play-app kernel costs about 2 s of CPU, so a
# class that arrives at once is served from the pool while the refills run.
PLAY_POOL = int(os.environ.get("CLASSROOM_PLAY_POOL", "10"))
TIMELINE_POOL = int(os.environ.get("CLASSROOM_TIMELINE_POOL", "4"))
c.VoilaConfiguration.preheat_kernel = True
c.VoilaKernelManager.kernel_pools_config = {
    "default": {"pool_size": 0},  # the other notebooks start a kernel when opened
    "03_play.ipynb": {"pool_size": PLAY_POOL},
    "06_timeline_app.ipynb": {"pool_size": TIMELINE_POOL},
}

# Output timeouts that fit that load: nbclient waits 4 s by default for a cell's output
# after the cell finished, and when ten kernels start at once on two cores the output
# comes later, so the page had the text without the board and no error: wait up to a
# minute. And when that minute passes, go on with what came rather than stop: a pooled
# kernel handed to a student sometimes never reports its app's cell as done although
# its output is there (seen about once in thirty arrivals under load); stopping left that
# page without its widgets, going on gives the student the board a minute late.
c.NotebookClient.iopub_timeout = 60
c.NotebookClient.raise_on_iopub_timeout = False
c.NotebookClient.timeout = 180  # one cell's execution (the app is built in about a second)

# Idle-kernel culling: a kernel that no browser is connected to and that did nothing for
# 3 minutes is shut down (checked every 30 s). Open tabs keep their kernels however long
# the student thinks (cull_connected is False); Voilà never culls its pre-heated kernels.
c.MappingKernelManager.cull_idle_timeout = 180
c.MappingKernelManager.cull_interval = 30
c.MappingKernelManager.cull_connected = False
c.MappingKernelManager.cull_busy = False


class BeaconShutdownHandler(VoilaShutdownKernelHandler):
    """Voilà's page asks for its kernel's shutdown when the tab closes, with
    ``navigator.sendBeacon``, which cannot send the ``_xsrf`` token, so the server refused
    it (403 "'_xsrf' argument missing from POST") and every closed tab kept its kernel.

    Here the request is checked by its ``Origin`` header instead: browsers always send
    one with a POST, and the check refuses any page of another site, which is what the
    token guards against. Only this handler changes; every other request keeps the token.
    """

    def check_xsrf_cookie(self):
        if not self.check_origin():
            raise web.HTTPError(403, "kernel shutdown from another site refused")


# Voilà builds its handler table from this name (voila/app.py, init_handlers).
if getattr(voila.app, "VoilaShutdownKernelHandler", None) is not VoilaShutdownKernelHandler:
    raise RuntimeError("this Voilà no longer registers VoilaShutdownKernelHandler: update classroom/voila.py")
voila.app.VoilaShutdownKernelHandler = BeaconShutdownHandler
