"""The stored notebooks are clean documents built from their MyST sources.

nbval (``--nbval``) re-runs the notebooks; these tests check what a reader sees in the stored
files and that no notebook drifted from its ``notebooks/src/<name>.md``.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import jupytext
import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
SOURCES = NOTEBOOKS / "src"
#: The languages with notebooks of their own: notebooks/src/<language>/*.md -> notebooks/<language>/.
LANGUAGES = ("es", "ja")
ENGLISH = sorted(path.stem for path in SOURCES.glob("*.md"))
TRANSLATED = sorted(f"{lang}/{path.stem}" for lang in LANGUAGES for path in (SOURCES / lang).glob("*.md"))
NAMES = ENGLISH + TRANSLATED

# What must never show in a stored notebook, in code or in output.
FORBIDDEN_CODE = re.compile(r"NBVAL|EXLAB_QUICK")
FORBIDDEN_OUTPUT = {
    "a progress bar": re.compile(r"\d+%\|[^|\n]*\|"),
    "a bare package object": re.compile(r"<exhibition_lab"),
    "a bare figure": re.compile(r"<Figure"),
    "a raw numpy array": re.compile(r"\barray\("),
}


def load_builder():
    spec = importlib.util.spec_from_file_location("build_notebooks", ROOT / "scripts" / "build_notebooks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def code_cells(notebook) -> list:
    return [cell for cell in notebook.cells if cell.cell_type == "code"]


def output_texts(cell) -> list[str]:
    texts = []
    for output in cell.get("outputs", []):
        if output.get("output_type") == "stream":
            texts.append(output.get("text", ""))
        for mime, value in output.get("data", {}).items():
            if mime.startswith("text/"):
                texts.append("".join(value) if isinstance(value, list) else value)
    return texts


def test_every_notebook_has_a_source_and_every_source_a_notebook():
    built = sorted(path.stem for path in NOTEBOOKS.glob("*.ipynb"))
    built += sorted(f"{lang}/{path.stem}" for lang in LANGUAGES for path in (NOTEBOOKS / lang).glob("*.ipynb"))
    assert ENGLISH, "no notebook sources found"
    assert built == NAMES


@pytest.mark.parametrize("name", NAMES)
def test_notebook_code_matches_its_source(name):
    source = jupytext.read(SOURCES / f"{name}.md", fmt="md:myst")
    stored = nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)
    assert [c.source for c in code_cells(stored)] == [c.source for c in code_cells(source)], (
        f"notebooks/{name}.ipynb differs from notebooks/src/{name}.md: run scripts/build_notebooks.py {name}"
    )
    markdown = [c.source for c in stored.cells if c.cell_type == "markdown"]
    assert markdown == [c.source for c in source.cells if c.cell_type == "markdown"]


@pytest.mark.parametrize("name", NAMES)
def test_stored_notebook_shows_no_test_plumbing(name):
    stored = nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)
    for number, cell in enumerate(code_cells(stored), 1):
        assert not FORBIDDEN_CODE.search(cell.source), f"{name}, code cell {number}: test switch in the code"
        assert cell.get("execution_count") is not None, f"{name}, code cell {number}: not executed"
        for text in output_texts(cell):
            for what, pattern in FORBIDDEN_OUTPUT.items():
                assert not pattern.search(text), f"{name}, code cell {number} shows {what}: {text[:120]!r}"


def test_builder_strips_removed_outputs_and_progress_bars():
    builder = load_builder()
    notebook = nbformat.v4.new_notebook()
    hidden = nbformat.v4.new_code_cell("run()", metadata={"tags": ["remove-output"]})
    hidden.outputs = [nbformat.v4.new_output("stream", name="stdout", text="noise")]
    bar = nbformat.v4.new_code_cell("simulate()")
    bar.outputs = [
        nbformat.v4.new_output("stream", name="stderr", text=" 40%|████      | 4/10 [00:01<00:02, 3.1it/s]"),
        nbformat.v4.new_output("execute_result", data={"text/plain": "42"}, execution_count=1),
    ]
    plain = nbformat.v4.new_code_cell("1 + 1")
    plain.outputs = [nbformat.v4.new_output("execute_result", data={"text/plain": "2"}, execution_count=2)]
    notebook.cells = [hidden, bar, plain]
    builder.clean_outputs(notebook)
    assert hidden.outputs == [] and "nbval-ignore-output" in hidden.metadata.tags
    assert [o.data["text/plain"] for o in bar.outputs] == ["42"]
    assert "nbval-ignore-output" in bar.metadata.tags
    assert plain.outputs[0].data["text/plain"] == "2" and "tags" not in plain.metadata


def test_nbval_honours_the_tags_the_notebooks_use():
    # nbval derives its tag names from its comment markers; a renamed marker would silently
    # turn the tags into no-ops.
    from nbval.plugin import find_metadata_tags

    used = set()
    for name in NAMES:
        for cell in code_cells(jupytext.read(SOURCES / f"{name}.md", fmt="md:myst")):
            used.update(t for t in cell.metadata.get("tags", []) if t.startswith("nbval-"))
    for tag in used | {"nbval-ignore-output", "nbval-skip"}:
        assert dict(find_metadata_tags({"tags": [tag]})), f"nbval ignores the tag {tag}"


# ----------------------------------------------------------------- the course notebooks
# Notebooks already written as course documents; the others join this list when rewritten.
COURSE = {"00_start_here": 400, "01_rules_tour": 1500}  # name: least words of prose
RULE_ID = re.compile(r"\b[RSVDT]\d+[a-z]?\b")
RULE_LINK = re.compile(r"\[([RSVDT]\d+[a-z]?)\]\(\.\./docs/rules\.md#([a-z0-9]+)\)")
NEXT_LINK = re.compile(r"\*\*Next:\*\* \[[^\]]+\]\((\d\d_[a-z_]+)\.ipynb\)")


def prose(name: str) -> str:
    source = jupytext.read(SOURCES / f"{name}.md", fmt="md:myst")
    return "\n\n".join(c.source for c in source.cells if c.cell_type == "markdown")


def words(text: str) -> int:
    text = re.sub(r"<[^>]+>|\]\([^)]*\)", " ", text)  # tags and link targets are not prose
    return len(re.findall(r"[A-Za-z0-9][A-Za-z0-9'’-]*", text))


@pytest.mark.parametrize("name", COURSE)
def test_course_notebook_has_enough_prose(name):
    assert words(prose(name)) >= COURSE[name]


@pytest.mark.parametrize("name", COURSE)
def test_course_notebook_opens_with_what_it_teaches_and_links_onward(name):
    cells = jupytext.read(SOURCES / f"{name}.md", fmt="md:myst").cells
    assert cells[0].cell_type == "markdown" and cells[0].source.startswith("# ")
    assert words(cells[0].source) >= 40, "the first cell says what the notebook teaches"
    onward = NEXT_LINK.findall(cells[-1].source)
    assert onward, "the last cell links to the next notebook"
    assert (NOTEBOOKS / f"{onward[0]}.ipynb").exists()


@pytest.mark.parametrize("name", COURSE)
def test_course_rule_ids_are_links_to_the_rules_reference(name):
    text = prose(name)
    for label, anchor in RULE_LINK.findall(text):
        assert anchor == label.lower()
    bare = RULE_ID.findall(RULE_LINK.sub("", text))
    assert not bare, f"rule ids without a link: {bare}"


@pytest.mark.parametrize("name", COURSE)
def test_course_glossary_links_point_at_glossary_entries(name):
    glossary = (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8")
    anchors = set(re.findall(r'<a id="([a-z0-9-]+)"></a>', glossary))
    used = re.findall(r"\(\.\./docs/glossary\.md#([a-z0-9-]+)\)", prose(name))
    assert used, "the notebook links to the glossary"
    assert set(used) <= anchors, f"missing glossary entries: {set(used) - anchors}"


def test_course_code_never_shows_bare_spot_coordinates_to_the_reader():
    # Spots are named in words or shown numbered; (s, i) pairs appear only as code arguments.
    for name in COURSE:
        stored = nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)
        for cell in code_cells(stored):
            for text in output_texts(cell):
                visible = re.sub(r"<[^>]+>", "", text)
                assert not re.search(r"\(\d, \d\)", visible), f"{name}: {visible[:100]!r}"


def test_rules_course_has_at_least_eight_exercises():
    exercise = re.compile(r"\b(PickSpots|IsLegal|CountPoints|PickCards|NextDecision)\(")
    count = sum(
        len(exercise.findall(c.source))
        for name in COURSE
        for c in code_cells(jupytext.read(SOURCES / f"{name}.md", fmt="md:myst"))
    )
    assert count >= 8


def heading_ids(source: str) -> set[str]:
    """The ids JupyterLab and nbconvert give the headings of a notebook: the text with its
    spaces turned into dashes."""
    return {m.group(1).strip().replace(" ", "-") for m in re.finditer(r"^#{1,6} (.+)$", source, flags=re.M)}


@pytest.mark.parametrize("name", NAMES)
def test_links_into_other_notebooks_land_on_a_heading(name):
    # JupyterLab matches the raw fragment against the heading id, so a non-ASCII character
    # (percent-encoded in the link) never lands: the links stay ASCII
    source = SOURCES / f"{name}.md"
    text = source.read_text(encoding="utf-8")
    for target, fragment in re.findall(r"\]\((\d\d_[a-z_]+)\.ipynb#([^)\s]+)\)", text):
        assert fragment.isascii(), f"{name} links to {target}#{fragment}: not ASCII"
        ids = heading_ids((source.parent / f"{target}.md").read_text(encoding="utf-8"))
        assert fragment in ids, f"{name} links to {target}#{fragment}, which is no heading there"


# ----------------------------------------------------------------- the translated notebooks
#: What an exercise says in each language when the stored notebook is read without a kernel.
EXERCISE_WORD = {"es": "Ejercicio", "ja": "練習問題"}
ENGLISH_FEEDBACK = re.compile(r"Exercise|Check|Show answer|fame points|Run the notebook")
LINK = re.compile(r"\]\(([^)\s#]+)(#[^)\s]*)?\)")


@pytest.mark.parametrize("name", TRANSLATED)
def test_translated_notebook_has_an_english_original(name):
    assert (SOURCES / f"{name.split('/')[1]}.md").exists()


@pytest.mark.parametrize("name", TRANSLATED)
def test_translated_notebook_chooses_its_language_first(name):
    language = name.split("/")[0]
    first = code_cells(jupytext.read(SOURCES / f"{name}.md", fmt="md:myst"))[0].source
    assert f'xl.set_language("{language}")' in first.splitlines(), first


@pytest.mark.parametrize("name", TRANSLATED)
def test_translated_exercises_answer_in_the_language(name):
    # The stored outputs are what the widgets and pictures said in the kernel: in the language,
    # never in English.
    language = name.split("/")[0]
    stored = nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)
    texts = [text for cell in code_cells(stored) for text in output_texts(cell)]
    exercises = [t for t in texts if EXERCISE_WORD[language] in t]
    sources = "\n".join(c.source for c in code_cells(stored))
    if re.search(r"\b(PickSpots|IsLegal|CountPoints|PickCards|NextDecision)\(", sources):
        assert exercises, f"{name}: no exercise speaks {language}"
    for text in texts:
        visible = re.sub(r"<[^>]+>", " ", text)
        assert not ENGLISH_FEEDBACK.search(visible), f"{name}: English left in {visible[:160]!r}"


@pytest.mark.parametrize("name", TRANSLATED)
def test_translated_notebook_links_resolve(name):
    # A translated notebook sits one folder deeper: its links to the docs and to the notebooks
    # still in English must climb out of it, and rule ids lead to the rules in its language.
    language = name.split("/")[0]
    folder = NOTEBOOKS / language
    for target, _fragment in LINK.findall(prose(name)):
        if target.startswith("http"):
            continue
        assert (folder / target).exists(), f"{name} links to {target}, which does not exist"
        if "docs/rules" in target:
            assert target.endswith(f"rules.{language}.md"), f"{name} links to the rules in another language"
