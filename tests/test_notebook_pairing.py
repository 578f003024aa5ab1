"""In JupyterLab (``make lab``) Jupytext pairs every course notebook with its MyST source: the
configuration found from a notebook's own folder names the source that exists in the project,
in every language, so saving a notebook never writes a second, stray source beside it."""

from __future__ import annotations

from pathlib import Path

import pytest

from exhibition_lab.core.words import DEFAULT_LANGUAGE, LANGUAGES

jupytext_config = pytest.importorskip("jupytext.config")
paired_paths = pytest.importorskip("jupytext.paired_paths").paired_paths
long_form = pytest.importorskip("jupytext.formats").long_form_multiple_formats

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def notebooks() -> list[Path]:
    found = sorted(NOTEBOOKS.glob("*.ipynb"))
    for code in LANGUAGES:
        if code != DEFAULT_LANGUAGE:
            found += sorted((NOTEBOOKS / code).glob("*.ipynb"))
    return found


@pytest.mark.parametrize("notebook", notebooks(), ids=lambda p: str(p.relative_to(NOTEBOOKS)))
def test_each_notebook_pairs_with_its_own_source(notebook: Path):
    config = jupytext_config.load_jupytext_config(str(notebook.parent))
    assert config is not None, notebook
    written = config.formats if isinstance(config.formats, str) else ",".join(config.formats)
    formats = long_form(written)
    paths = {Path(path) for path, _ in paired_paths(str(notebook), "ipynb", formats)}
    folder = notebook.parent.relative_to(NOTEBOOKS)
    source = NOTEBOOKS / "src" / folder / f"{notebook.stem}.md"
    assert {p.resolve() for p in paths} == {notebook.resolve(), source.resolve()}, paths
    assert source.exists()


def test_every_language_folder_has_notebooks():
    for code in LANGUAGES:
        if code != DEFAULT_LANGUAGE:
            assert list((NOTEBOOKS / code).glob("*.ipynb")), code


def test_a_notebook_newer_than_its_source_opens_and_saves_to_that_source(tmp_path: Path):
    # A pull or a rebuild can leave a notebook newer than its source; Lab must still open it,
    # and saving it must write the source the project keeps, not a new one beside it.
    import os
    import shutil

    from jupytext import TextFileContentsManager

    for relative in ("jupytext.toml", "es/jupytext.toml", "03_play.ipynb", "es/03_play.ipynb"):
        (tmp_path / relative).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(NOTEBOOKS / relative, tmp_path / relative)
    for relative in ("src/03_play.md", "src/es/03_play.md"):
        (tmp_path / relative).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(NOTEBOOKS / relative, tmp_path / relative)
        os.utime(tmp_path / relative, (0, 0))  # far older than the notebook
    manager = TextFileContentsManager(root_dir=str(tmp_path))
    for name in ("03_play.ipynb", "es/03_play.ipynb"):
        model = manager.get(name)
        assert model["content"]["cells"]
    manager.save(manager.get("es/03_play.ipynb"), "es/03_play.ipynb")
    assert (tmp_path / "src/es/03_play.md").stat().st_mtime > 0
    assert not (tmp_path / "es/src").exists()
