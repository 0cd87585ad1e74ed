"""The README names every environment variable the scripts and the tests read."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _read_by_scripts_and_tests() -> set[str]:
    names: set[str] = set()
    for script in (ROOT / "scripts").iterdir():
        names |= set(re.findall(r"\$\{([A-Z_]+):-", script.read_text()))
    for module in (ROOT / "tests").rglob("*.py"):
        names |= set(
            re.findall(r"os\.environ\.get\(\s*\"([A-Z_]+)\"", module.read_text())
        )
    return names


def test_every_variable_the_scripts_and_tests_read_is_in_the_readme() -> None:
    readme = (ROOT / "README.md").read_text()
    names = _read_by_scripts_and_tests()

    assert {"PORT", "TIEBREAK_SHARED_DATA"} <= names
    assert sorted(n for n in names if f"`{n}`" not in readme) == []
