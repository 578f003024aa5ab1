"""Fonts for the charts: Japanese titles and labels need a font with kana and kanji.

matplotlib's own DejaVu Sans has none, and a fresh machine has no system font with them,
so the package depends on ``matplotlib-fontja``, which ships IPAex Gothic (IPA Font
License) as a plain file. :func:`use_cjk_fallback` registers that file with matplotlib and
puts the family *after* the families already in ``font.family``: Latin text keeps DejaVu
Sans (English charts look exactly as before) and each glyph DejaVu Sans lacks is drawn from
IPAex Gothic (matplotlib's per-glyph font fallback, which walks ``font.family``). A system CJK font (Noto Sans CJK JP,
IPAGothic …) serves when the package's font is missing; without any, Japanese glyphs show
as boxes and matplotlib warns, and :func:`cjk_family` says so by returning ``None``.

Importing ``matplotlib_fontja`` itself would switch every chart to IPAex Gothic, so only
its font file is used.
"""

from __future__ import annotations

import importlib.util
from functools import lru_cache
from pathlib import Path

#: The family name of the font ``matplotlib-fontja`` ships.
PACKAGED_FAMILY = "IPAexGothic"
#: System fonts with Japanese glyphs, tried when the packaged one is missing.
SYSTEM_FAMILIES = ("Noto Sans CJK JP", "Noto Sans JP", "IPAGothic", "IPAexGothic", "TakaoGothic", "VL Gothic")


def packaged_font_file() -> Path | None:
    """The IPAex Gothic file of the installed ``matplotlib-fontja`` (its module is not imported)."""
    spec = importlib.util.find_spec("matplotlib_fontja")
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(next(iter(spec.submodule_search_locations))) / "fonts" / "ipaexg.ttf"
    return path if path.is_file() else None


@lru_cache(maxsize=1)
def cjk_family() -> str | None:
    """The family that draws Japanese glyphs in the charts, registered with matplotlib, or
    ``None`` when this machine has none."""
    from matplotlib import font_manager

    path = packaged_font_file()
    if path is not None:
        font_manager.fontManager.addfont(str(path))
        return font_manager.FontProperties(fname=str(path)).get_name()
    installed = {font.name for font in font_manager.fontManager.ttflist}
    return next((family for family in SYSTEM_FAMILIES if family in installed), None)


def use_cjk_fallback() -> str | None:
    """Let every chart draw Japanese: the CJK family goes last in ``font.family`` (once).
    Returns the family, or ``None`` when no font with Japanese glyphs is available."""
    import matplotlib

    family = cjk_family()
    families = list(matplotlib.rcParams["font.family"])
    if family is not None and family not in families:
        matplotlib.rcParams["font.family"] = [*families, family]
    return family
