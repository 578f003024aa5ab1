"""The package's one stylesheet, ``exlab.css``, and the ``<style>`` elements cut from it.

Every ``exlab-…`` class the HTML pictures and the widgets carry is styled in ``exlab.css``,
which ships inside the package. The file is cut into sections, one per kind of picture (a
comment ``/* section NAME — … */`` opens each); :func:`style` gives the ``<style>`` elements
of the sections a picture draws with. A picture carries its style with it, so it looks the
same wherever its HTML is shown — JupyterLab, a notebook converted to HTML, Voila — and a
notebook of thirty boards does not hold the play app's rules thirty times.

>>> style("board", "sheet").count("<style>")
2
"""

from __future__ import annotations

import re
from functools import cache
from importlib.resources import files

STYLESHEET = "exlab.css"
_SECTION = re.compile(r"^/\* section (?P<name>[a-z-]+)\b.*?\*/\n", re.MULTILINE | re.DOTALL)
_COMMENT_LINES = re.compile(r"^[ \t]*/\*.*?\*/[ \t]*\n", re.MULTILINE | re.DOTALL)


def stylesheet() -> str:
    """The text of ``exlab.css`` as shipped."""
    return files(__package__).joinpath(STYLESHEET).read_text(encoding="utf-8")


@cache
def sections() -> dict[str, str]:
    """The stylesheet's rules by section name, without comments (the file is read once)."""
    text = stylesheet()
    marks = list(_SECTION.finditer(text))
    ends = [mark.start() for mark in marks[1:]] + [len(text)]
    return {
        mark["name"]: _COMMENT_LINES.sub("", text[mark.end() : end]).strip("\n") + "\n"
        for mark, end in zip(marks, ends)
    }


@cache
def style(*names: str) -> str:
    """One ``<style>`` element per named section of ``exlab.css``, in the order given."""
    known = sections()
    unknown = [name for name in names if name not in known]
    if unknown:
        raise KeyError(f"exlab.css has no section {', '.join(unknown)}; sections: {', '.join(known)}")
    return "".join(f"\n<style>\n{known[name]}</style>\n" for name in names)


def declared(selector: str, prop: str) -> str:
    """The value ``exlab.css`` gives ``prop`` in the rule for exactly ``selector`` (without
    ``!important``): a widget property that takes a colour (ipywidgets' ``text_color``) reads
    it here, so each colour is written once, in the stylesheet.

    >>> declared(".exlab-empty", "color")
    '#6d5f3a'
    """
    for rule in re.finditer(r"([^{}]+)\{([^}]*)\}", _COMMENT_LINES.sub("", stylesheet())):
        if [part.strip() for part in rule[1].split(",")] != [selector]:
            continue
        for declaration in rule[2].split(";"):
            name, _, value = declaration.partition(":")
            if name.strip() == prop:
                return value.replace("!important", "").strip()
    raise KeyError(f"exlab.css gives {selector} no {prop}")


def new_badge_css(language: str, word: str, hint: str = "hint", ends: str = "ends") -> str:
    """The style that writes ``word`` on the new tile cards, ``hint`` on the coach's choice and
    ``ends`` on a tile card whose take would end the exhibition, in the apps in ``language`` (a
    page may hold apps in several languages, so each says its own)."""

    def quoted(text: str) -> str:
        return text.replace("\\", "\\\\").replace('"', '\\"')

    app = f".exlab-app.exlab-lang-{language}"
    return (
        f'<style>{app} .exlab-new-card::after {{ content: "{quoted(word)}"; }}\n'
        f'{app} .exlab-market-card.exlab-ends::before {{ content: "{quoted(ends)}"; }}\n'
        f'{app} .exlab-hinted::before {{ content: "{quoted(hint)}"; }}</style>'
    )
