"""The ``exhibition-lab`` command without servers: its options, the copy of the course (a
learner's changed notebook is never replaced without asking), the trust of the copied
notebooks and what it says when JupyterLab or Voila is missing. tests/test_install.py runs
the servers from an installed wheel."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import nbformat
import pytest

import exhibition_lab as xl
from exhibition_lab.ui import cli

ROOT = Path(__file__).resolve().parents[2]


def fake_course(root: Path) -> cli.CourseFiles:
    """A course of two notebooks, an image and a guide, to copy in tests."""
    notebooks, docs = root / "notebooks", root / "docs"
    (notebooks / "es" / "images").mkdir(parents=True)
    docs.mkdir()
    (notebooks / "00_start_here.ipynb").write_text("lesson 0, version 1")
    (notebooks / "es" / "00_start_here.ipynb").write_text("lección 0")
    (notebooks / "es" / "images" / "play-app.png").write_bytes(b"\x89PNG")
    (notebooks / "src").mkdir()
    (notebooks / "src" / "00_start_here.md").write_text("the source stays behind")
    (docs / "rules.md").write_text("# Rules")
    return cli.CourseFiles(notebooks, docs, root / "classroom", root / "lab" / "config.py", notebooks / "o.json")


def test_the_course_is_copied_with_its_languages_images_and_guides(tmp_path):
    course = fake_course(tmp_path / "package")
    report = cli.copy_course(tmp_path / "mine", course=course)
    assert sorted(report.written) == [
        "docs/rules.md",
        "notebooks/00_start_here.ipynb",
        "notebooks/es/00_start_here.ipynb",
        "notebooks/es/images/play-app.png",
    ]
    assert (tmp_path / "mine" / "notebooks" / "es" / "images" / "play-app.png").read_bytes() == b"\x89PNG"
    assert not (tmp_path / "mine" / "notebooks" / "src").exists()
    again = cli.copy_course(tmp_path / "mine", course=course)
    assert again.written == [] and len(again.unchanged) == 4


def test_a_changed_notebook_is_kept_unless_the_learner_says_so(tmp_path):
    course = fake_course(tmp_path / "package")
    mine = tmp_path / "mine"
    cli.copy_course(mine, course=course)
    lesson = mine / "notebooks" / "00_start_here.ipynb"
    lesson.write_text("my notes")
    asked = []
    report = cli.copy_course(mine, course=course, ask=lambda place: asked.append(place) or False)
    assert report.kept == ["notebooks/00_start_here.ipynb"] and asked == report.kept
    assert lesson.read_text() == "my notes"
    assert cli.copy_course(mine, course=course).kept == ["notebooks/00_start_here.ipynb"]  # no terminal: kept
    assert cli.copy_course(mine, course=course, ask=lambda place: True).written == ["notebooks/00_start_here.ipynb"]
    assert lesson.read_text() == "lesson 0, version 1"
    lesson.write_text("my notes again")
    assert cli.copy_course(mine, course=course, force=True).written == ["notebooks/00_start_here.ipynb"]


def test_a_new_version_of_an_untouched_notebook_replaces_it_without_asking(tmp_path):
    course = fake_course(tmp_path / "package")
    mine = tmp_path / "mine"
    cli.copy_course(mine, course=course)
    (course.notebooks / "00_start_here.ipynb").write_text("lesson 0, version 2")
    report = cli.copy_course(mine, course=course, ask=lambda place: pytest.fail(f"asked about {place}"))
    assert report.written == ["notebooks/00_start_here.ipynb"] and report.kept == []
    assert (mine / "notebooks" / "00_start_here.ipynb").read_text() == "lesson 0, version 2"


def test_a_folder_that_held_other_files_keeps_them(tmp_path):
    course = fake_course(tmp_path / "package")
    mine = tmp_path / "mine"
    (mine / "notebooks").mkdir(parents=True)
    (mine / "notebooks" / "00_start_here.ipynb").write_text("someone's own notebook of that name")
    report = cli.copy_course(mine, course=course)  # no record of a copy: it is the learner's
    assert report.kept == ["notebooks/00_start_here.ipynb"]
    assert json.loads((mine / cli.MANIFEST).read_text())["notebooks/es/00_start_here.ipynb"]


def test_the_real_course_has_three_languages_and_every_guide_its_lessons_link_to():
    files = cli.CourseFiles.find().files()
    for lesson in ("00_start_here", "01_rules_tour", "03_play"):
        assert {f"notebooks/{lesson}.ipynb", f"notebooks/es/{lesson}.ipynb", f"notebooks/ja/{lesson}.ipynb"} <= set(
            files
        )
    assert {"notebooks/images/play-app.png", "notebooks/ja/images/play-app.png", "docs/rules.ja.md"} <= set(files)
    linked = set()
    for source in (ROOT / "notebooks" / "src").rglob("*.md"):
        linked |= set(re.findall(r"\]\((?:\.\./)+docs/([^)#\s]+)", source.read_text(encoding="utf-8")))
    assert linked and {f"docs/{name}" for name in linked} <= set(files)


def test_copied_notebooks_are_trusted(tmp_path, monkeypatch):
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path / "jupyter"))
    path = tmp_path / "lesson.ipynb"
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1 + 1")])
    notebook.cells[0].outputs = [nbformat.v4.new_output("display_data", {"text/html": "<b>2</b>"})]
    nbformat.write(notebook, path)
    from nbformat.sign import NotebookNotary

    assert not NotebookNotary().check_signature(nbformat.read(path, as_version=4))
    cli.trust_notebooks([path])
    assert NotebookNotary().check_signature(nbformat.read(path, as_version=4))


def test_version_and_help(capsys):
    with pytest.raises(SystemExit) as done:
        cli.main(["--version"])
    assert done.value.code == 0 and capsys.readouterr().out.strip() == f"exhibition-lab {xl.__version__}"
    for command, option in [("course", "--no-browser"), ("play", "--language"), ("classroom", "--port")]:
        with pytest.raises(SystemExit) as done:
            cli.main([command, "--help"])
        assert done.value.code == 0 and option in capsys.readouterr().out


def test_a_missing_extra_is_named_with_its_pip_line(monkeypatch):
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "voila" else real(name, *a))
    assert cli.missing_modules("play") == ["Voila"]
    with pytest.raises(SystemExit) as done:
        cli.main(["play", "--no-browser"])
    assert (
        str(done.value)
        == 'exhibition-lab play needs Voila, which the extra [lab] brings:\n    pip install "exhibition_lab[lab]"'
    )
