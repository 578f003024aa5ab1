"""The README's first example runs as written."""

import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_first_look_example_runs():
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.S)
    first_look = blocks[0]
    assert "Hall.parse" in first_look
    namespace: dict = {}
    # our own README, not user input: running it keeps the documented example true
    exec(compile(first_look, "README.md", "exec"), namespace)
    assert namespace["ron"].legal_spots(namespace["card"]) == [(0, 1)]
    assert len(namespace["game"].history) == 1  # the take stays, the placement was undone
