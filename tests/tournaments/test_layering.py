"""The write side (``tournaments``) imports nothing from the read side (``standings``) except the
pure engine, ``standings.engine``, the library both sides use."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

TOURNAMENTS = Path(__file__).resolve().parents[2] / "tournaments"


def upward_imports(source: str) -> list[str]:
    """Each module of ``standings`` other than ``standings.engine`` that ``source`` imports."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            # "from standings import engine" names the engine too.
            modules = (
                [f"{node.module}.{alias.name}" for alias in node.names]
                if node.module == "standings"
                else [node.module]
            )
        else:
            continue
        found.extend(
            module
            for module in modules
            if module.split(".")[0] == "standings"
            and module.split(".")[:2] != ["standings", "engine"]
        )
    return found


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("from standings.engine import Outcome", []),
        ("from standings.engine.entities import ScoringSystem", []),
        ("import standings.engine", []),
        ("from standings import engine", []),
        ("from standings.loaders import OUTCOMES", ["standings.loaders"]),
        ("import standings.reports as r", ["standings.reports"]),
        ("from standings import views", ["standings.views"]),
        (
            "def f():\n    from standings.trf_export import section_trf",
            ["standings.trf_export"],
        ),
        ("from standingsx import y", []),
    ],
    ids=[
        "engine",
        "engine-module",
        "import-engine",
        "engine-by-name",
        "loaders",
        "import-reports",
        "views-by-name",
        "inside-a-function",
        "other-package",
    ],
)
def test_the_scan_finds_every_form_of_an_upward_import(
    source: str, expected: list[str]
) -> None:
    assert upward_imports(source) == expected


def test_tournaments_imports_nothing_from_standings_but_the_engine() -> None:
    files = sorted(TOURNAMENTS.rglob("*.py"))
    assert files, f"no Python files under {TOURNAMENTS}"

    found = {
        str(path.relative_to(TOURNAMENTS.parent)): modules
        for path in files
        if (modules := upward_imports(path.read_text(encoding="utf-8")))
    }

    assert found == {}
