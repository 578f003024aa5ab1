"""The project's rules reference ``docs/rules.md``: it covers every rule id, and every id that
the package, the notebooks and the tests cite can be looked up in it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import exhibition_lab as xl

ROOT = Path(__file__).resolve().parent.parent
RULES_DOC = ROOT / "docs" / "rules.md"

# A rule id: R12, R10a, V6a, S4, D11, T5. Not part of a longer word or number, and not a hex
# colour such as #D32F2F (the look-behind refuses '#' and word characters).
RULE_ID = re.compile(r"(?<![#\w])([RVSDT][1-9]\d?[a-c]?)(?!\w)")
ANCHOR = re.compile(r'<a id="([a-z0-9-]+)"></a>')
# Embedded pictures in stored notebook outputs are base64 text full of id-like letters.
DATA_URI = re.compile(r"data:[\w/+.-]+;base64,[A-Za-z0-9+/=\s]+")

EXPECTED_IDS = (
    [f"R{n}" for n in range(1, 28)]
    + ["R10a", "R10b", "R10c"]
    + [f"V{n}" for n in range(1, 8)]
    + ["V6a"]
    + [f"S{n}" for n in range(1, 8)]
    + [f"D{n}" for n in range(1, 17)]
    + [f"T{n}" for n in range(1, 9)]
)


def shared_rules() -> Path | None:
    """``RULES.md`` of the project's shared folder (``../shared`` of the main checkout)."""
    for parent in ROOT.parents:
        candidate = parent / "shared" / "RULES.md"
        if candidate.is_file():
            return candidate
    return None


def documented_ids() -> set[str]:
    """Ids that have an anchor *and* an entry (``**R12 ·``) in docs/rules.md."""
    text = RULES_DOC.read_text(encoding="utf-8")
    anchors = set(ANCHOR.findall(text))
    entries = set(re.findall(r"\*\*([RVSDT][1-9]\d?[a-c]?) ·", text))
    return {rule for rule in entries if rule.lower() in anchors}


def cited_ids(text: str) -> set[str]:
    return set(RULE_ID.findall(DATA_URI.sub("", text)))


def notebook_text(path: Path) -> str:
    """Cell sources and text outputs of a stored notebook (pictures left out)."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    parts = []
    for cell in notebook["cells"]:
        parts.append("".join(cell.get("source", "")))
        for output in cell.get("outputs", []):
            parts.append("".join(output.get("text", "")))
            for kind, value in output.get("data", {}).items():
                if kind.startswith("text/"):
                    parts.append("".join(value))
    return "\n".join(parts)


def citing_files() -> list[Path]:
    files = [*(ROOT / "exhibition_lab").rglob("*.py"), *(ROOT / "tests").rglob("*.py")]
    files += [*(ROOT / "notebooks").rglob("*.md"), *(ROOT / "notebooks").rglob("*.ipynb")]
    return sorted(p for p in files if ".ipynb_checkpoints" not in p.parts)


def test_every_rule_has_an_anchor_and_an_entry():
    assert sorted(documented_ids()) == sorted(EXPECTED_IDS)


def test_every_id_of_the_shared_rules_is_documented():
    rules = shared_rules()
    if rules is None:
        pytest.skip("the shared RULES.md is not beside this checkout")
    missing = cited_ids(rules.read_text(encoding="utf-8")) - documented_ids()
    assert missing == set()


def test_every_cited_id_exists_in_the_reference():
    known = documented_ids()
    unknown = {}
    for path in citing_files():
        text = notebook_text(path) if path.suffix == ".ipynb" else path.read_text(encoding="utf-8")
        bad = cited_ids(text) - known
        if bad:
            unknown[str(path.relative_to(ROOT))] = sorted(bad)
    assert unknown == {}


def test_rule_id_pattern_skips_colours_numbers_and_words():
    text = "R12 and R10a, V6a; S4/D11 (T5) but not #D32F2F, R2D2, 3D, TR12, R0, R100 or AR15"
    assert cited_ids(text) == {"R12", "R10a", "V6a", "S4", "D11", "T5"}


def test_anchor_links_inside_the_document_resolve():
    text = RULES_DOC.read_text(encoding="utf-8")
    anchors = set(ANCHOR.findall(text))
    targets = set(re.findall(r"\]\(#([a-z0-9-]+)\)", text))
    assert targets - anchors == set()


def test_rules_path_finds_the_reference():
    path = xl.rules_path()
    assert path.is_file() and path.name == "rules.md"
    assert '<a id="r12"></a>' in path.read_text(encoding="utf-8")
