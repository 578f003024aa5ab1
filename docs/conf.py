"""Sphinx configuration of the documentation site: ``make docs`` builds it into build/docs.

The source directory is the repository root (``sphinx-build -c docs . build/docs``), so the
guides of ``docs/`` and the course of ``notebooks/`` are read where they are: a relative link
of the repository (``../docs/rules.md#r7`` in a lesson) is a link of the site too.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import re
import sys
from pathlib import Path

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.transforms import SphinxTransform

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
sys.path.insert(0, str(ROOT))

import exhibition_lab  # noqa: E402
from exhibition_lab._public import PUBLIC_MODULES  # noqa: E402

project = "exhibition_lab"
author = "exhibition_lab contributors"
copyright = "exhibition_lab contributors"
version = release = exhibition_lab.__version__

# The public modules (exhibition_lab/_public.py, the one list): the API reference gives each a
# page (docs/api/, written at each build) and every name of its __all__ a page of its own.
API_MODULES = list(PUBLIC_MODULES)

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
]

root_doc = "docs/index"
include_patterns = ["docs/*.md", "docs/api/**", "notebooks/*.ipynb", "notebooks/es/*.ipynb", "notebooks/ja/*.ipynb"]
exclude_patterns = ["build", "dist", ".venv", "**/.ipynb_checkpoints", "notebooks/src"]
# absolute: autosummary reads it from the source directory, the HTML builder from this one
templates_path = [str(DOCS / "_templates")]
nitpicky = True

# The course shows the outputs stored in the notebooks (scripts/build_notebooks.py ran them).
# A widget's live view needs a kernel; every widget of the package stores a static HTML or
# text picture beside it (the exercise with its folded answer, "run the notebook to play"),
# which is what a page can show.
nb_execution_mode = "off"
nb_mime_priority_overrides = [("html", "application/vnd.jupyter.widget-view+json", None)]
myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence", "dollarmath"]

autosummary_generate = True
autodoc_member_order = "bysource"
autodoc_typehints = "signature"

html_theme = "pydata_sphinx_theme"
html_title = f"exhibition_lab {release}"
html_static_path = ["_static"]
html_css_files = ["site.css"]
# a lesson's source is a notebook's JSON: the page itself is what a reader wants
html_show_sourcelink = False
html_copy_source = False
html_theme_options = {
    "navbar_align": "left",
    "navbar_end": ["language-switch", "theme-switcher"],
    "header_links_before_dropdown": 6,
    "show_toc_level": 2,
    "secondary_sidebar_items": ["page-toc"],
    "footer_start": ["copyright"],
    "footer_end": [],
}

# The languages of the course and of the rules: a page's twin in another language is the
# same name in notebooks/es/ (or notebooks/ja/), or with .es (.ja) before the extension.
LANGUAGES = {"en": "English", "es": "Español", "ja": "日本語"}


# ---------------------------------------------------------------------- the API pages
def write_api_pages(app: Sphinx, config: object) -> None:
    """One page per public module: its docstring and a table of its ``__all__``, each name
    linking to its own page (autosummary writes those into docs/api/generated)."""
    folder = DOCS / "api"
    folder.mkdir(exist_ok=True)
    for name in API_MODULES:
        module = importlib.import_module(name)
        page = f"# `{name}`\n\n```{{eval-rst}}\n.. automodule:: {name}\n"
        public = getattr(module, "__all__", ())
        homes = public_names()
        own = [each for each in public if homes.get(id(getattr(module, each)), f"{name}.{each}") == f"{name}.{each}"]
        if own:
            page += "\n.. autosummary::\n   :toctree: generated\n   :nosignatures:\n\n"
            page += "".join(f"   {each}\n" for each in own)
        also = [each for each in public if each not in own]
        if also:
            # an object two public modules export has one page, where it is exported first
            page += "\n.. rubric:: Also exported here\n\n"
            page += "".join(f"* ``{each}``: :py:obj:`{homes[id(getattr(module, each))]}`\n" for each in also)
        write_if_changed(folder / f"{name}.md", page + "```\n")
    toc = "\n".join(API_MODULES)
    index = (
        "# API reference\n\nThe public modules of the package: import from these; everything else is internal.\n\n"
        f"```{{toctree}}\n:maxdepth: 1\n\n{toc}\n```\n"
    )
    write_if_changed(folder / "index.md", index)


def write_if_changed(path: Path, text: str) -> None:
    # an unchanged page keeps its time stamp, so Sphinx does not read it again
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


def skip_foreign_members(app, what, name, obj, skip, options):
    """A class's page lists what the package defines; members another library adds to every
    subclass (matplotlib's ``Artist.set``) belong to that library's documentation."""
    module = getattr(obj, "__module__", None)
    if what == "class" and isinstance(module, str) and not module.startswith("exhibition_lab"):
        return True
    return None


def drop_foreign_docstrings(app, what, name, obj, options, lines):
    """A constant without a doc comment would show its type's docstring (``dict``'s), and a
    method that says nothing itself the docstring of another library's base class
    (Gymnasium's ``Env.step``): the page shows only their value or signature."""
    if what in {"data", "attribute"}:
        inherited = inspect.getdoc(type(obj))
        if isinstance(inherited, str) and "\n".join(lines).strip() == inherited.strip():
            lines.clear()
    elif what == "method" and getattr(obj, "__doc__", "") is None:
        owner_name, _, member = name.rpartition(".")
        module_name, _, class_name = owner_name.rpartition(".")
        owner = getattr(importlib.import_module(module_name), class_name, None)
        for base in getattr(owner, "__mro__", ())[1:]:
            if getattr(base.__dict__.get(member), "__doc__", None):
                if not base.__module__.startswith("exhibition_lab"):
                    lines.clear()
                break


def public_paths_in_signature(app, what, name, obj, options, signature, return_annotation):
    """Sphinx writes a type nested in a generic as ``dict[str, ~exhibition_lab.games.….PlayerScore]``,
    which its own signature reader cannot read back; name such a type by its full (public) path."""

    def public(match: re.Match) -> str:
        before, path = match.groups()
        module_name, _, attribute = path.rpartition(".")
        value = lookup(sys.modules.get(module_name), attribute) if module_name in sys.modules else MISSING
        return before + public_names().get(id(value), path)

    nested = re.compile(r"(\[|, )~([A-Za-z_]\w*(?:\.\w+)+)")
    return tuple(nested.sub(public, text) if text else text for text in (signature, return_annotation))


# ---------------------------------------------------------------------- references
ALIASES = {"t": "typing", "np": "numpy", "pd": "pandas", "npt": "numpy.typing"}


def public_names() -> dict[int, str]:
    """Every exported object by identity, with its public path (the first module exporting it)."""
    names: dict[int, str] = {}
    for module_name in API_MODULES:
        module = importlib.import_module(module_name)
        for name in getattr(module, "__all__", ()):
            value = getattr(module, name, None)
            if value is not None and (inspect.isclass(value) or inspect.isroutine(value) or inspect.ismodule(value)):
                names.setdefault(id(value), f"{module_name}.{name}")
    return names


MISSING = object()


def lookup(namespace: object, dotted: str) -> object:
    for part in dotted.split("."):
        namespace = getattr(namespace, part, MISSING)
        if namespace is MISSING:
            break
    return namespace


def documented_object(node: nodes.Element) -> object:
    """The function, class or method whose description holds ``node`` (its signature or docstring)."""
    start = node
    while node is not None and not isinstance(node, addnodes.desc):
        if isinstance(node, nodes.row) and start.get("py:module") in sys.modules:
            # a summary line in a module page's table: the object is the row's first cell
            return lookup(sys.modules[start["py:module"]], node[0].astext().strip())
        node = node.parent
    signature = node.next_node(addnodes.desc_signature) if node is not None else None
    if signature is None or not signature.get("module"):
        return MISSING
    return lookup(importlib.import_module(signature["module"]), signature.get("fullname", ""))


def defining_module(value: object) -> object:
    return sys.modules.get(getattr(value, "__module__", None) or "", MISSING)


def find(target: str, node: nodes.Element) -> object:
    """The object a reference names, read as Python would from where the docstring stands:
    the documented class, the module that defines it, the public module, or a submodule."""
    target = target.lstrip(".~")
    module = sys.modules.get(node.get("py:module") or "")
    owner = lookup(module, node["py:class"]) if module and node.get("py:class") else MISSING
    documented = documented_object(node)
    places = [owner, documented, *map(defining_module, (owner, documented)), module]
    for place in places:
        if place is not None and place is not MISSING:
            found = lookup(place, target)
            if found is not MISSING:
                return found
    for place in map(defining_module, (documented, owner)):
        # a name the module imports only for type checking (``if TYPE_CHECKING:``)
        source = inspect.getsource(place) if inspect.ismodule(place) else ""
        head = target.split(".")[0]
        for imported in re.finditer(rf"^\s+from (\S+) import [^\n]*\b{re.escape(head)}\b", source, flags=re.M):
            origin = importlib.util.resolve_name(imported.group(1), place.__package__)
            found = lookup(importlib.import_module(origin), target)
            if found is not MISSING:
                return found
    for module_name in API_MODULES:
        if target.split(".")[0] in getattr(sys.modules.get(module_name), "__all__", ()):
            return lookup(sys.modules[module_name], target)
    for prefix in ("", f"{node.get('py:module')}."):
        parts = (prefix + target).split(".")
        for cut in range(len(parts), 0, -1):
            try:
                module = importlib.import_module(".".join(parts[:cut]))
            except ImportError:
                continue
            found = lookup(module, ".".join(parts[cut:])) if cut < len(parts) else module
            if found is not MISSING:
                return found
            break
    return MISSING


def resolve_the_rest(app, env, node, contnode):
    """References Sphinx leaves unresolved, found as Python finds a name (:func:`find`).
    An object a public module exports links to its page. Another project's object
    (``numpy.ndarray``, ``collections.abc.Sequence``) shows as code, as Sphinx shows
    builtins: the site builds offline, without other projects' inventories. An object of the
    internal layers (a base class, a module a docstring says the code lives in) shows as code
    too: only the public modules have pages."""
    if node.get("refdomain") != "py":
        return None
    target = node.get("reftarget", "")
    if "[" in target:  # a nested attribute type Sphinx could not split (``dict[str, ~…]``): shown as written
        return contnode
    head, _, rest = target.partition(".")
    found = find(f"{ALIASES[head]}.{rest}" if head in ALIASES and rest else target, node)
    if found is MISSING:
        return None
    public = public_names().get(id(found))
    if public is not None:
        return env.domains["py"].resolve_xref(env, node["refdoc"], app.builder, node["reftype"], public, node, contnode)
    return contnode


# ---------------------------------------------------------------------- links of the repository
ANCHOR = re.compile(r'^<a id="([^"]+)">(?:</a>)?$')
HREF = re.compile(r'href="(?![a-z][a-z0-9+.-]*:|#)([^"#]*?)\.(?:md|ipynb)((?:#[^"]*)?)"')


def jupyter_anchor(title: str) -> str:
    """The anchor Jupyter gives a heading (``2.-What-is-on-the-table``): its text, spaces as hyphens."""
    return title.strip().replace(" ", "-")


class RawAnchors(SphinxTransform):
    """``<a id="r7"></a>`` (the rule ids of rules.md, the glossary's entries) becomes a target
    the site's links resolve, as the forge's Markdown view resolves it; a notebook's headings
    also answer to the anchors Jupyter gives them (``#2.-What-is-on-the-table``)."""

    default_priority = 870  # before MyST resolves the page's own #links (879)

    def apply(self, **kwargs) -> None:
        for raw in list(self.document.findall(nodes.raw)):
            found = ANCHOR.match(raw.astext().strip()) if "html" in raw.get("format", "") else None
            if not found:
                continue
            siblings = raw.parent.children
            after = siblings.index(raw) + 1
            if after < len(siblings) and isinstance(siblings[after], nodes.raw) and siblings[after].astext() == "</a>":
                raw.parent.remove(siblings[after])
            if found.group(1) in self.document.ids:  # a heading of the same name holds it already
                raw.parent.remove(raw)
                continue
            anchor = nodes.inline("", "", ids=[found.group(1)], classes=["exlab-anchor"])
            self.document.set_id(anchor)
            raw.replace_self(anchor)
        for link in self.document.findall(nodes.reference):
            # the page's own [hall](#hall) goes to its anchor, never to a like-named API object
            target = link.get("refuri", "")[1:]
            if link.get("id_link") and target in self.document.ids:
                del link["refuri"], link["id_link"]
                link["refid"] = target
        if str(self.env.doc2path(self.env.docname)).endswith(".ipynb"):
            for section in self.document.findall(nodes.section):
                title = section.next_node(nodes.title)
                anchor = jupyter_anchor(title.astext()) if title is not None else ""
                if anchor and anchor not in self.document.ids:
                    section["ids"].append(anchor)
                    self.document.ids[anchor] = section
                    slugs = self.env.metadata[self.env.docname].setdefault("myst_slugs", {})
                    slugs[anchor] = (section.line, anchor, title.astext())


def register_anchors(app: Sphinx, doctree: nodes.document) -> None:
    """Links from other pages find the anchors above (``rules.md#r7``), and a notebook
    output's raw HTML links to the pages rather than to the files (``rules.md`` → ``rules.html``)."""
    docname = app.env.docname
    labels = app.env.domaindata["std"]["anonlabels"]
    for anchor in doctree.findall(nodes.inline):
        if "exlab-anchor" in anchor["classes"]:
            labels[f"{docname}#{anchor['ids'][0]}"] = (docname, anchor["ids"][0])
    for raw in list(doctree.findall(nodes.raw)):
        if "html" in raw.get("format", "") and HREF.search(raw.astext()):
            text = HREF.sub(lambda m: f'href="{m.group(1)}.html{m.group(2)}"', raw.astext())
            raw.replace_self(nodes.raw("", text, format=raw["format"]))


def front_door(app: Sphinx, exception: Exception | None) -> None:
    """build/docs/index.html: the start page lives at docs/index.html, beside the guides it links."""
    if exception is None and app.builder.format == "html":
        target = "docs/index.html"
        Path(app.outdir, "index.html").write_text(
            f'<!DOCTYPE html><meta charset="utf-8"><meta http-equiv="refresh" content="0; url={target}">'
            f'<title>{project}</title><a href="{target}">{project}</a>\n',
            encoding="utf-8",
        )


def page_language(pagename: str) -> tuple[str, str]:
    """A page's language and its English twin: ``notebooks/ja/01_rules_tour`` → ``ja``, ``notebooks/01_rules_tour``."""
    for code in LANGUAGES:
        if f"/{code}/" in pagename:
            return code, pagename.replace(f"/{code}/", "/")
        if pagename.endswith(f".{code}"):
            return code, pagename.removesuffix(f".{code}")
    return "en", pagename


def twin(english: str, code: str) -> str:
    if code == "en":
        return english
    if english.startswith("notebooks/"):
        return english.replace("notebooks/", f"notebooks/{code}/", 1)
    return f"{english}.{code}"


def page_languages(app: Sphinx, pagename: str, templatename: str, context: dict, doctree: object) -> None:
    """The header's language switch (docs/_templates/language-switch.html) and the page's
    ``lang``, so that a Japanese page is read with a Japanese font."""
    code, english = page_language(pagename)
    twins = {other: twin(english, other) for other in LANGUAGES}
    present = {other: name for other, name in twins.items() if name in app.env.found_docs}
    context["exlab_languages"] = (
        [
            (other, LANGUAGES[other], None if other == code else app.builder.get_relative_uri(pagename, name))
            for other, name in present.items()
        ]
        if len(present) > 1 and pagename in present.values()
        else []
    )
    context["language"] = code


def setup(app: Sphinx) -> dict:
    app.connect("html-page-context", page_languages)
    app.connect("build-finished", front_door)
    app.connect("config-inited", write_api_pages)  # before autosummary reads the pages
    app.connect("autodoc-skip-member", skip_foreign_members)
    app.connect("autodoc-process-docstring", drop_foreign_docstrings)
    app.connect("autodoc-process-signature", public_paths_in_signature)
    app.connect("missing-reference", resolve_the_rest)
    app.connect("doctree-read", register_anchors)
    app.add_transform(RawAnchors)
    return {"parallel_read_safe": True}
