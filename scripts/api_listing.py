"""Write (or check) the listing of the public API: ``docs/api-listing.txt``.

Run from the repository root::

    python scripts/api_listing.py           # rewrite docs/api-listing.txt
    python scripts/api_listing.py --check   # exit 1, with a diff, when it differs

Every public module (``exhibition_lab._public.PUBLIC_MODULES``) is listed with every name of
its ``__all__``: a function with its signature, a class with its constructor and its public
methods and properties, a constant with its type. tests/test_public_api.py compares the
listing with the package: a change to the API changes this file, and goes in CHANGELOG.md.
"""

from __future__ import annotations

import argparse
import difflib
import enum
import importlib
import inspect
import re
import sys
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LISTING = ROOT / "docs" / "api-listing.txt"
HEADER = (
    "# The public API of exhibition_lab, written by scripts/api_listing.py and compared by\n"
    "# tests/test_public_api.py. A change here is an API change: say it in CHANGELOG.md.\n"
)
_ADDRESS = re.compile(r" at 0x[0-9a-f]+")


def _signature(obj: object) -> str:
    try:
        text = str(inspect.signature(obj))  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return "(...)"
    return _ADDRESS.sub("", text)


def _members(cls: type) -> list[str]:
    """The public members a class defines or inherits from the package (not from object)."""
    lines = []
    for name in sorted(n for n in dir(cls) if not n.startswith("_")):
        owner = next((base for base in cls.__mro__ if name in vars(base)), None)
        if owner is None or not owner.__module__.startswith("exhibition_lab"):
            continue
        attr = vars(owner)[name]
        if isinstance(attr, property):
            lines.append(f"        {name}  (property)")
        elif isinstance(attr, (classmethod, staticmethod)):
            kind = "classmethod" if isinstance(attr, classmethod) else "staticmethod"
            lines.append(f"        {name}{_signature(getattr(cls, name))}  ({kind})")
        elif inspect.isfunction(attr):
            lines.append(f"        {name}{_signature(attr)}")
    return lines


def describe(name: str, obj: object) -> list[str]:
    """The lines of one public name."""
    if isinstance(obj, types.ModuleType):
        inner = [f"    {name}: module {obj.__name__}"]
        for sub in sorted(getattr(obj, "__all__", ())):
            inner += ["    " + line for line in describe(sub, getattr(obj, sub))]
        return inner
    if inspect.isclass(obj):
        if issubclass(obj, enum.Enum):
            return [f"    class {name}(Enum): {', '.join(m.name for m in obj)}"]
        bases = ", ".join(b.__name__ for b in obj.__bases__ if b is not object)
        head = f"    class {name}({bases})" if bases else f"    class {name}"
        init = "" if obj.__init__ is object.__init__ else _signature(obj)
        return [f"{head}{init}", *_members(obj)]
    if callable(obj):
        return [f"    def {name}{_signature(obj)}"]
    return [f"    {name}: {type(obj).__name__}"]


def listing() -> str:
    """The listing as text: a block per public module."""
    sys.path.insert(0, str(ROOT))
    from exhibition_lab._public import PUBLIC_MODULES

    out = [HEADER]
    for module_name in PUBLIC_MODULES:
        module = importlib.import_module(module_name)
        out.append(f"\n{module_name}\n")
        for name in sorted(module.__all__):
            out += [line + "\n" for line in describe(name, getattr(module, name))]
    return "".join(out)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with docs/api-listing.txt instead of writing it")
    args = parser.parse_args()
    text = listing()
    if not args.check:
        LISTING.write_text(text, encoding="utf-8")
        return 0
    stored = LISTING.read_text(encoding="utf-8") if LISTING.exists() else ""
    if stored == text:
        return 0
    sys.stdout.writelines(difflib.unified_diff(stored.splitlines(True), text.splitlines(True), str(LISTING), "package"))
    return 1


if __name__ == "__main__":
    sys.exit(main())
