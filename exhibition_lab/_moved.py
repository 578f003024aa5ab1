"""Module paths users wrote before the package had layers: they still import, and say where
the names live now.

``import exhibition_lab.bots`` gives a module whose names are those of the code's home today
(:mod:`exhibition_lab.games.exhibition.agents`, so every name it had still answers) and warns
once with :class:`DeprecationWarning`, naming the public module to import instead
(:mod:`exhibition_lab.agents`). The finder below is installed by the package's ``__init__``
and answers only for the names of :data:`MOVED`.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import inspect
import sys
import types
import warnings
from pathlib import Path

#: old path -> (the internal module its code lives in, the public module to import instead)
MOVED: dict[str, tuple[str, str]] = {
    "exhibition_lab.actions": ("exhibition_lab.games.exhibition.rules.actions", "exhibition_lab"),
    "exhibition_lab.batch": ("exhibition_lab.games.exhibition.arrays.solo", "exhibition_lab.simulate"),
    "exhibition_lab.bots": ("exhibition_lab.games.exhibition.agents", "exhibition_lab.agents"),
    "exhibition_lab.budget": ("exhibition_lab.core.budget", "exhibition_lab"),
    "exhibition_lab.cards": ("exhibition_lab.games.exhibition.rules.cards", "exhibition_lab"),
    "exhibition_lab.course": ("exhibition_lab.ui.course.pictures", "exhibition_lab.pictures"),
    "exhibition_lab.deal": ("exhibition_lab.games.exhibition.rules.deal", "exhibition_lab"),
    "exhibition_lab.display": ("exhibition_lab.pictures", "exhibition_lab.pictures"),
    "exhibition_lab.envs.arrays_backend": ("exhibition_lab.games.exhibition.arrays.stepwise", "exhibition_lab.envs"),
    "exhibition_lab.envs.common": ("exhibition_lab.adapters.rendering", "exhibition_lab.envs"),
    "exhibition_lab.envs.gymnasium_env": ("exhibition_lab.adapters.gymnasium_exhibition", "exhibition_lab.envs"),
    "exhibition_lab.envs.pettingzoo_env": ("exhibition_lab.adapters.pettingzoo_exhibition", "exhibition_lab.envs"),
    "exhibition_lab.envs.vector": ("exhibition_lab.games.exhibition.arrays.vector", "exhibition_lab.envs"),
    "exhibition_lab.errors": ("exhibition_lab.core.errors", "exhibition_lab"),
    "exhibition_lab.examples": ("exhibition_lab.games.exhibition.examples", "exhibition_lab"),
    "exhibition_lab.explain": ("exhibition_lab.ui.text.explain", "exhibition_lab.coach"),
    "exhibition_lab.game": ("exhibition_lab.games.exhibition.game", "exhibition_lab"),
    "exhibition_lab.hall": ("exhibition_lab.games.exhibition.rules.hall", "exhibition_lab"),
    "exhibition_lab.layout": ("exhibition_lab.games.exhibition.rules.layout", "exhibition_lab"),
    "exhibition_lab.lockstep": ("exhibition_lab.games.exhibition.arrays.engine", "exhibition_lab.simulate"),
    "exhibition_lab.position": ("exhibition_lab.games.exhibition.notation", "exhibition_lab"),
    "exhibition_lab.savefile": ("exhibition_lab.games.exhibition.savefile", "exhibition_lab"),
    "exhibition_lab.scoring": ("exhibition_lab.games.exhibition.rules.scoring", "exhibition_lab"),
    "exhibition_lab.session": ("exhibition_lab.games.exhibition.session", "exhibition_lab.widgets"),
    "exhibition_lab.timeline_bots": ("exhibition_lab.games.timeline.agents", "exhibition_lab.timeline"),
    "exhibition_lab.timeline_display": ("exhibition_lab.ui.render.timeline", "exhibition_lab.timeline"),
    "exhibition_lab.timeline_plots": ("exhibition_lab.ui.render.timeline_plots", "exhibition_lab.plots"),
    "exhibition_lab.turns": ("exhibition_lab.games.exhibition.rules.turns", "exhibition_lab"),
    "exhibition_lab.widgets.exercises": ("exhibition_lab.ui.course.exercises", "exhibition_lab.widgets"),
    **{
        f"exhibition_lab.widgets.{name}": (f"exhibition_lab.ui.widgets.{name}", "exhibition_lab.widgets")
        for name in ("app", "cards", "controls", "hall", "market", "panels", "timeline", "whatif")
    },
    "exhibition_lab.widgets.coach": ("exhibition_lab.ui.widgets.coach_panel", "exhibition_lab.widgets"),
}

_PACKAGE = str(Path(__file__).resolve().parent)


def _internal(frame: types.FrameType) -> bool:
    """A frame of the import machinery, which :func:`warnings.warn` skips without counting."""
    name = frame.f_code.co_filename
    return "importlib" in name and "_bootstrap" in name


def _stacklevel() -> int:
    """The stack level of the first frame outside the import machinery and this package: the
    user's ``import``, so that a notebook (whose ``__main__`` warnings show) sees the warning."""
    here = inspect.currentframe()
    frame, level = (here.f_back if here else None), 1
    while frame is not None and (_internal(frame) or frame.f_code.co_filename.startswith(_PACKAGE)):
        level += 0 if _internal(frame) else 1
        frame = frame.f_back
    return level


def warn_moved(old: str, new: str) -> None:
    """Warn that ``old`` moved, naming ``new``."""
    message = f"{old} is deprecated: import from {new} instead"
    warnings.warn(message, DeprecationWarning, stacklevel=_stacklevel())


def moved_attribute(module: str, name: str, home: str) -> object:
    """``module.name`` for a name that lives only in the internal module ``home`` now."""
    target = importlib.import_module(home)
    if name.startswith("__") or not hasattr(target, name):
        raise AttributeError(f"module {module!r} has no attribute {name!r}")
    warn_moved(f"{module}.{name}", f"{home} (internal; the public names are in {module}.__all__)")
    return getattr(target, name)


class _Forward(types.ModuleType):
    """A moved module: its names are read from the module its code lives in now."""

    __all__: list[str]  # set when the module is made, from the module it forwards to

    def __getattr__(self, name: str) -> object:
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(importlib.import_module(MOVED[self.__name__][0]), name)

    def __dir__(self) -> list[str]:
        return sorted(set(dir(importlib.import_module(MOVED[self.__name__][0]))))


class MovedFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds and loads the old module paths of :data:`MOVED`."""

    def find_spec(
        self, fullname: str, path: object = None, target: object = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in MOVED:
            return None
        return importlib.machinery.ModuleSpec(fullname, self)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType:
        home, public = MOVED[spec.name]
        module = _Forward(spec.name, f"Moved: import from {public}.")
        target = importlib.import_module(home)
        module.__all__ = list(getattr(target, "__all__", [n for n in vars(target) if not n.startswith("_")]))
        return module

    def exec_module(self, module: types.ModuleType) -> None:
        warn_moved(module.__name__, MOVED[module.__name__][1])


def install() -> None:
    """Put the finder last on ``sys.meta_path`` (once): real modules are always found first."""
    if not any(isinstance(finder, MovedFinder) for finder in sys.meta_path):
        sys.meta_path.append(MovedFinder())


__all__ = ["MOVED", "MovedFinder", "install", "moved_attribute", "warn_moved"]
