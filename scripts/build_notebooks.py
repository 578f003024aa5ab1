"""Build the notebooks from their MyST Markdown sources.

Run from the repository root::

    python scripts/build_notebooks.py                 # every notebooks/src/*.md
    python scripts/build_notebooks.py 01_rules_tour   # only these
    python scripts/build_notebooks.py es/01_rules_tour ja/01_rules_tour

Each ``notebooks/src/<name>.md`` (jupytext ``md:myst``) becomes ``notebooks/<name>.ipynb``,
executed top to bottom in a kernel of this very Python (working directory: the notebook's own
folder) and written with its outputs, which the test suite compares with nbval. A translated
notebook is named with its language folder: ``notebooks/src/es/00_start_here.md`` becomes
``notebooks/es/00_start_here.ipynb``.

The kernel starts with an empty IPython directory and no test budget (``EXHIBITION_LAB_BUDGET``
is cleared, see ``conftest.py``): stored outputs show runs at their full size. Two kinds of
output are not stored, because a reader should not see them in a static rendering: outputs of
cells tagged ``remove-output`` and tqdm progress bars. Such cells get the ``nbval-ignore-output``
tag in the built notebook, since the test run will print something there again.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import tempfile
import time
from pathlib import Path

import jupytext
import nbformat
from jupyter_client.kernelspec import KernelSpecManager
from jupyter_client.manager import KernelManager
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
SOURCES = NOTEBOOKS / "src"

REMOVE_OUTPUT = "remove-output"
IGNORE_OUTPUT = "nbval-ignore-output"
# tqdm's text bar: "  40%|████      | 4/10 [00:01<00:02, 3.1it/s]"
PROGRESS_BAR = re.compile(r"\d+%\|[^|\n]*\|\s*\d+(\.\d+)?[kM]?/\d+")
KERNEL_NAME = "exlab-build"
sys.path.insert(0, str(ROOT))
from exhibition_lab.core.words import DEFAULT_LANGUAGE  # noqa: E402
from exhibition_lab.core.words import LANGUAGES as SPOKEN  # noqa: E402

#: The languages whose notebooks live in a folder of their own (notebooks/src/<language>/).
LANGUAGES = tuple(code for code in SPOKEN if code != DEFAULT_LANGUAGE)


def source_path(name: str) -> Path:
    return SOURCES / f"{name}.md"


def notebook_path(name: str) -> Path:
    return NOTEBOOKS / f"{name}.ipynb"


def all_names() -> list[str]:
    """Every notebook that has a source, in file-name order: the English ones, then each
    language's as ``<language>/<name>``."""
    names = sorted(path.stem for path in SOURCES.glob("*.md"))
    for language in LANGUAGES:
        names += sorted(f"{language}/{path.stem}" for path in (SOURCES / language).glob("*.md"))
    return names


def cell_prefix(name: str) -> str:
    """The start of every cell id: the notebook's number, and its language if translated
    (``01``, ``es-01``)."""
    folder, _, stem = name.rpartition("/")
    return f"{folder}-{stem[:2]}" if folder else stem[:2]


def read_source(name: str) -> nbformat.NotebookNode:
    """The notebook a source file describes, without outputs, with stable cell ids."""
    notebook = jupytext.read(source_path(name), fmt="md:myst")
    notebook.metadata.pop("jupytext", None)
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    notebook.metadata["language_info"] = {"name": "python"}
    notebook.nbformat, notebook.nbformat_minor = 4, 5
    for index, cell in enumerate(notebook.cells):
        # Stable ids keep rebuilt notebooks diffable (jupytext would draw random ones).
        cell["id"] = f"{cell_prefix(name)}-{index:03d}"
    return notebook


WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def is_progress_bar(output: dict) -> bool:
    """A tqdm bar, as text on stderr or as the text fallback of its widget."""
    if output.get("output_type") == "stream":
        return bool(PROGRESS_BAR.search(output.get("text", "")))
    text = output.get("data", {}).get("text/plain", "")
    if isinstance(text, list):
        text = "".join(text)
    return bool(PROGRESS_BAR.search(text))


def clean_outputs(notebook: nbformat.NotebookNode) -> None:
    """Drop what the reader must not see; tell nbval not to compare those cells."""
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        tags = cell.metadata.setdefault("tags", [])
        kept = [] if REMOVE_OUTPUT in tags else [o for o in cell.outputs if not is_progress_bar(o)]
        # a widget's view is stored without its state (store_widget_state=False), so a notebook
        # opened before it runs would show "model not found": keep the stand-in it carries instead
        stripped = [o for o in kept if o.get("data", {}).pop(WIDGET_VIEW, None) is not None]
        if (stripped or len(kept) != len(cell.outputs)) and IGNORE_OUTPUT not in tags:
            tags.append(IGNORE_OUTPUT)
        cell.outputs = kept
        if not tags:
            del cell.metadata["tags"]


def kernel_manager(workdir: Path) -> KernelManager:
    """A kernel of this Python, importing this checkout, with no IPython profile."""
    spec_dir = workdir / "kernels" / KERNEL_NAME
    spec_dir.mkdir(parents=True)
    ipython_dir = workdir / "ipython"
    ipython_dir.mkdir()
    path = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)
    spec = {
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "exhibition_lab build",
        "language": "python",
        "env": {"IPYTHONDIR": str(ipython_dir), "PYTHONPATH": path, "EXHIBITION_LAB_BUDGET": ""},
    }
    (spec_dir / "kernel.json").write_text(json.dumps(spec))
    specs = KernelSpecManager(kernel_dirs=[str(workdir / "kernels")])
    return KernelManager(kernel_name=KERNEL_NAME, kernel_spec_manager=specs)


def build(name: str, *, timeout: int = 600) -> Path:
    """Convert, execute, clean and write one notebook; returns the written path."""
    notebook = read_source(name)
    target = notebook_path(name)
    target.parent.mkdir(exist_ok=True)  # the kernel starts in the notebook's own folder
    with tempfile.TemporaryDirectory(prefix="exlab-build-") as tmp:
        client = NotebookClient(
            notebook,
            km=kernel_manager(Path(tmp)),
            timeout=timeout,
            # a cell's output may come seconds after the cell itself on a loaded machine; the
            # default 4 s once dropped an app's output from the stored notebook without a word
            iopub_timeout=60,
            raise_on_iopub_timeout=True,
            record_timing=False,
            store_widget_state=False,  # static renderings then fall back to the HTML the objects provide
            resources={"metadata": {"path": str(target.parent)}},
        )
        client.execute()
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    clean_outputs(notebook)
    nbformat.write(notebook, target)
    # JupyterLab (make lab) reads a notebook through its paired source and refuses one whose
    # .ipynb is newer than the source; the source stays the newer of the two
    os.utime(source_path(name))
    return target


def notebook_name(argument: str) -> str:
    """``es/01_rules_tour`` from ``es/01_rules_tour``, ``notebooks/src/es/01_rules_tour.md`` or
    ``notebooks/es/01_rules_tour.ipynb``; ``01_rules_tour`` for an English one."""
    path = Path(argument)
    language = path.parent.name
    return f"{language}/{path.stem}" if language in LANGUAGES else path.stem


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="notebook names (default: every notebooks/src/*.md)")
    args = parser.parse_args(argv)
    names = [notebook_name(name) for name in args.names] or all_names()
    unknown = [name for name in names if not source_path(name).exists()]
    if unknown:
        parser.error(f"no source notebooks/src/<name>.md for: {', '.join(unknown)}")
    for name in names:
        start = time.perf_counter()
        build(name)
        print(f"built notebooks/{name}.ipynb in {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
