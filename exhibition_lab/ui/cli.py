"""The ``exhibition-lab`` command: the course in JupyterLab, the play app and the classroom
server, from an installed package as from a clone.

- ``exhibition-lab course [DIR]`` copies the course (the notebooks in English, Spanish and
  Japanese, their images and the guides they link to) into ``DIR`` and opens JupyterLab
  there with the project's settings: the notebooks trusted, so Voila's preview asks nothing,
  and Jupytext's synchronous contents manager, which that preview needs
  (``lab/jupyter_server_config.py``). A notebook the learner changed is never replaced
  without asking: the copy remembers what it wrote (``.exhibition-lab-course.json``);
- ``exhibition-lab play`` serves the play app notebook with Voila, in the chosen language;
- ``exhibition-lab classroom`` is ``make classroom``: Voila for a class, with pre-heated
  kernels (``classroom/voila.py``, docs/classroom.md).

JupyterLab and Voila come with the extra ``lab``; a command that needs them says so.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from .. import __version__

PROG = "exhibition-lab"
LAB_EXTRA = 'pip install "exhibition_lab[lab]"'
DEFAULT_DIR = "exhibition-lab-course"
MANIFEST = ".exhibition-lab-course.json"
LANGUAGE_FOLDERS = {"en": "", "es": "es/", "ja": "ja/"}
#: The guides the notebooks link to as ../docs/<name> (the rules reference, the glossary …).
LINKED_GUIDES = (
    "rules.md",
    "rules.es.md",
    "rules.ja.md",
    "glossary.md",
    "notation.md",
    "frameworks.md",
    "analysis.md",
)
#: What each command needs beyond the library: module -> the name a person knows it by.
NEEDS = {
    "course": {"jupyterlab": "JupyterLab", "jupytext": "Jupytext", "voila": "Voila"},
    "play": {"voila": "Voila"},
    "classroom": {"voila": "Voila"},
}


@dataclass(frozen=True)
class CourseFiles:
    """Where the course's parts are: inside the installed package, or in a clone."""

    notebooks: Path
    docs: Path
    classroom: Path
    lab_config: Path
    overrides: Path

    @classmethod
    def find(cls) -> CourseFiles:
        package = Path(__file__).resolve().parents[1]
        shipped = package / "course"
        if (shipped / "notebooks").is_dir():
            return cls(
                shipped / "notebooks",
                package / "docs",
                shipped / "classroom",
                shipped / "lab" / "jupyter_server_config.py",
                shipped / "notebooks" / "jupyterlab-overrides.json",
            )
        clone = package.parent  # a source checkout: the repository's own folders
        return cls(
            clone / "notebooks",
            clone / "docs",
            clone / "classroom",
            clone / "lab" / "jupyter_server_config.py",
            clone / "notebooks" / "jupyterlab-overrides.json",
        )

    def files(self) -> dict[str, Path]:
        """The course's files by their place in a copy: ``notebooks/…`` and ``docs/…``."""
        found: dict[str, Path] = {}
        for folder in ("", "es/", "ja/"):
            source = self.notebooks / folder
            for path in sorted(source.glob("*.ipynb")):
                found[f"notebooks/{folder}{path.name}"] = path
            for path in sorted(source.glob("images/*")):
                if path.is_file():
                    found[f"notebooks/{folder}images/{path.name}"] = path
        for name in LINKED_GUIDES:
            if (self.docs / name).is_file():
                found[f"docs/{name}"] = self.docs / name
        for path in sorted(self.docs.glob("*.png")):  # pictures the guides show
            found[f"docs/{path.name}"] = path
        return found


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@dataclass
class CopyReport:
    """What a copy of the course did, file by file (places relative to the course folder)."""

    written: list[str]
    unchanged: list[str]
    kept: list[str]  # changed by the learner and left as they are


def copy_course(
    target: Path,
    *,
    force: bool = False,
    ask: Callable[[str], bool] | None = None,
    course: CourseFiles | None = None,
) -> CopyReport:
    """Copy the course into ``target``. A file already there is replaced only when the learner
    has not changed it since it was copied (the manifest keeps its digest), or when ``force``,
    or when ``ask(place)`` answers yes; otherwise it is kept."""
    course = course or CourseFiles.find()
    target.mkdir(parents=True, exist_ok=True)
    manifest_path = target / MANIFEST
    copied: dict[str, str] = {}
    if manifest_path.is_file():
        copied = json.loads(manifest_path.read_text(encoding="utf-8"))
    report = CopyReport([], [], [])
    for place, source in course.files().items():
        destination = target / place
        new = _digest(source)
        if destination.is_file():
            now = _digest(destination)
            if now == new:
                report.unchanged.append(place)
                copied[place] = new
                continue
            edited = copied.get(place) != now
            if edited and not force and not (ask is not None and ask(place)):
                report.kept.append(place)
                continue
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, destination)
        copied[place] = new
        report.written.append(place)
    manifest_path.write_text(json.dumps(copied, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return report


def trust_notebooks(paths: Sequence[Path]) -> None:
    """Sign the course's notebooks as ``jupyter trust`` does: their outputs (the widgets'
    pictures) show at once, and Voila's preview asks no question."""
    import nbformat
    from nbformat.sign import NotebookNotary

    notary = NotebookNotary()
    for path in paths:
        notebook = nbformat.read(path, as_version=nbformat.NO_CONVERT)
        if not notary.check_signature(notebook):
            notary.sign(notebook)


def install_lab_settings(course: CourseFiles) -> None:
    """JupyterLab's settings for the course (``overrides.d``); the wheel installs them, a
    clone's ``make lab`` copies them — here they are put in place if neither did, where we may."""
    folder = Path(sys.prefix) / "share" / "jupyter" / "lab" / "settings" / "overrides.d"
    wanted = folder / "exhibition_lab.json"
    if wanted.is_file() or not course.overrides.is_file():
        return
    try:
        folder.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(course.overrides, wanted)
    except OSError:
        pass  # a read-only environment: JupyterLab works with its own defaults


def missing_modules(command: str) -> list[str]:
    """The names of what ``command`` needs and this environment lacks."""
    return [label for module, label in NEEDS[command].items() if importlib.util.find_spec(module) is None]


def _require(command: str) -> None:
    missing = missing_modules(command)
    if missing:
        raise SystemExit(
            f"{PROG} {command} needs {' and '.join(missing)}, which the extra [lab] brings:\n    {LAB_EXTRA}"
        )


def _run(args: list[str], env: dict[str, str] | None = None) -> int:
    """Run a server in this process's place, so that Ctrl-C and a service manager's SIGTERM
    reach it directly (a child process on Windows, which has no exec)."""
    sys.stdout.flush()
    environment = {**os.environ, **(env or {})}
    if os.name == "posix":
        os.execve(sys.executable, [sys.executable, *args], environment)
    return subprocess.call([sys.executable, *args], env=environment)


def _ask_on_terminal(place: str) -> bool:
    answer = input(f"{place} has changed since it was copied. Replace it with the course's version? [y/N] ")
    return answer.strip().lower() in {"y", "yes"}


def course_command(options: argparse.Namespace) -> int:
    _require("course")
    course = CourseFiles.find()
    target = Path(options.dir).expanduser().resolve()
    ask = _ask_on_terminal if sys.stdin.isatty() and not options.force else None
    report = copy_course(target, force=options.force, ask=ask, course=course)
    print(f"The course is in {target}: {len(report.written)} files copied, {len(report.unchanged)} already there.")
    if report.kept:
        print(f"Kept {len(report.kept)} file(s) you changed (--force replaces them):")
        for place in report.kept:
            print(f"    {place}")
    trust_notebooks(sorted(target.glob("notebooks/**/*.ipynb")))
    install_lab_settings(course)
    start = f"/lab/tree/notebooks/{LANGUAGE_FOLDERS[options.language]}00_start_here.ipynb"
    args = [
        "-m",
        "jupyterlab",
        f"--config={course.lab_config}",
        f"--ServerApp.root_dir={target}",
        f"--ServerApp.port={options.port}",
        f"--LabApp.default_url={start}",
    ]
    if options.no_browser:
        args.append("--no-browser")
    return _run(args)


def play_command(options: argparse.Namespace) -> int:
    _require("play")
    course = CourseFiles.find()
    notebook = course.notebooks / f"{LANGUAGE_FOLDERS[options.language]}03_play.ipynb"
    args = [
        "-m",
        "voila",
        str(notebook),
        f"--port={options.port}",
        # Jupytext's page extension fails to load in a Voila page (classroom/voila.py)
        "--VoilaConfiguration.extension_denylist=jupyterlab-jupytext",
        # on a busy machine the app's output comes seconds after its cell: the default 4 s left
        # the page without the board; wait as the classroom does (classroom/voila.py)
        "--NotebookClient.iopub_timeout=60",
        "--NotebookClient.raise_on_iopub_timeout=False",
    ]
    if options.no_browser:
        args.append("--no-browser")
    return _run(args, env={"EXHIBITION_LAB_LANGUAGE": options.language})


def classroom_command(options: argparse.Namespace) -> int:
    _require("classroom")
    course = CourseFiles.find()
    return _run(
        [
            "-m",
            "voila",
            str(course.notebooks),
            f"--Voila.config_file_paths={course.classroom}",
            f"--port={options.port}",
        ]
    )


def parser() -> argparse.ArgumentParser:
    """The command line: ``course``, ``play``, ``classroom``, ``--version``."""
    main_parser = argparse.ArgumentParser(
        prog=PROG,
        description="Play, learn and analyse the card game Exhibition: 20th Century in Jupyter.",
        epilog=f"JupyterLab and Voila come with the extra [lab]: {LAB_EXTRA}",
    )
    main_parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    commands = main_parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    course = commands.add_parser(
        "course",
        help="copy the course into a folder and open it in JupyterLab",
        description="Copy the course (notebooks in English, Spanish and Japanese, their images and the guides "
        "they link to) into DIR and open JupyterLab there. A notebook you changed is not replaced "
        "unless you say so (asked on a terminal, kept otherwise; --force replaces it).",
    )
    course.add_argument("dir", nargs="?", default=DEFAULT_DIR, metavar="DIR", help=f"default: ./{DEFAULT_DIR}")
    course.add_argument("--no-browser", action="store_true", help="start JupyterLab without opening a browser")
    course.add_argument("--port", type=int, default=8888, help="JupyterLab's port (default 8888)")
    course.add_argument(
        "--language", choices=sorted(LANGUAGE_FOLDERS), default="en", help="the lesson to open first (default en)"
    )
    course.add_argument("--force", action="store_true", help="replace notebooks you changed with the course's")
    course.set_defaults(run=course_command)

    play = commands.add_parser(
        "play",
        help="the play app in the browser (Voila)",
        description="Serve the play app (the 03_play notebook) with Voila and open it in the browser.",
    )
    play.add_argument("--port", type=int, default=8866, help="Voila's port (default 8866)")
    play.add_argument("--language", choices=sorted(LANGUAGE_FOLDERS), default="en", help="the app's language")
    play.add_argument("--no-browser", action="store_true", help="serve without opening a browser")
    play.set_defaults(run=play_command)

    classroom = commands.add_parser(
        "classroom",
        help="Voila for a class: the play and Timeline apps for the students' browsers",
        description="Serve the course's apps to a class on this machine's network, with pre-heated kernels "
        "(what `make classroom` does; docs/classroom.md).",
    )
    classroom.add_argument("--port", type=int, default=8866, help="the port (default 8866)")
    classroom.set_defaults(run=classroom_command)
    return main_parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line ``argv`` (default: the process's arguments)."""
    options = parser().parse_args(argv)
    return int(options.run(options))


__all__ = [
    "CopyReport",
    "CourseFiles",
    "copy_course",
    "install_lab_settings",
    "main",
    "missing_modules",
    "parser",
    "trust_notebooks",
]
