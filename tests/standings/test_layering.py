"""The read side's layers: the engine imports only itself and the standard library; the rest of
``standings`` reads the write side's models and formats but never its pages, forms or writes.

The other direction (``tournaments`` imports nothing of ``standings`` but the engine) is
tests/tournaments/test_layering.py.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

STANDINGS = Path(__file__).resolve().parents[2] / "standings"
ENGINE = STANDINGS / "engine"

# The write side's entry points and writes: a page, a form, a service, the pairing program.
WRITE_SIDE = (
    "tournaments.views",
    "tournaments.forms",
    "tournaments.urls",
    "tournaments.admin",
    "tournaments.services",
    "tournaments.pairing",
)


def imports(source: str, module: str) -> list[str]:
    """Every module ``source`` (the text of ``module``) imports, relative imports resolved."""
    package = module.rsplit(".", 1)[0]
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            # "from x import y" may name a module y of package x: keep both.
            found.append(target)
            found.extend(f"{target}.{alias.name}" for alias in node.names)
    return found


def _module(path: Path) -> str:
    parts = path.relative_to(STANDINGS.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _package_module(path: Path) -> str:
    """The name relative imports resolve against: a package's ``__init__`` is the package."""
    name = _module(path)
    return f"{name}.__init__" if path.name == "__init__.py" else name


def outside_the_engine(source: str, module: str) -> list[str]:
    """What an engine module imports that is neither the engine nor the standard library."""
    return sorted(
        {
            name
            for name in imports(source, module)
            if name.split(".")[:2] != ["standings", "engine"]
            and name.split(".")[0] not in sys.stdlib_module_names
        }
    )


def write_side(source: str, module: str) -> list[str]:
    return sorted(
        {
            name
            for name in imports(source, module)
            if any(name == w or name.startswith(w + ".") for w in WRITE_SIDE)
        }
    )


@pytest.mark.parametrize(
    ("source", "module", "expected"),
    [
        ("from fractions import Fraction", "standings.engine.ranking", []),
        ("from .table import Table", "standings.engine.ranking", []),
        ("from ..table import Table", "standings.engine.systems.base", []),
        ("import django", "standings.engine.ranking", ["django"]),
        (
            "from standings.reports import SectionReport",
            "standings.engine.ranking",
            ["standings.reports", "standings.reports.SectionReport"],
        ),
        (
            "from ... import reports",
            "standings.engine.systems.base",
            ["standings", "standings.reports"],
        ),
        ("def f():\n    import hypothesis", "standings.engine.ranking", ["hypothesis"]),
    ],
    ids=[
        "stdlib",
        "sibling",
        "parent-in-engine",
        "django",
        "read-side",
        "relative-out-of-the-engine",
        "inside-a-function",
    ],
)
def test_the_scan_finds_what_an_engine_module_imports_from_outside(
    source: str, module: str, expected: list[str]
) -> None:
    assert outside_the_engine(source, module) == expected


def test_the_engine_imports_only_itself_and_the_standard_library() -> None:
    files = sorted(ENGINE.rglob("*.py"))
    assert len(files) > 15, f"too few Python files under {ENGINE}"

    found = {
        str(path.relative_to(STANDINGS.parent)): names
        for path in files
        if (
            names := outside_the_engine(
                path.read_text(encoding="utf-8"), _package_module(path)
            )
        )
    }

    assert found == {}


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("from tournaments.models import Section", []),
        ("from tournaments.results import OUTCOMES", []),
        ("from tournaments import services", ["tournaments.services"]),
        (
            "from tournaments.services.prizes import section_prize_fund_set",
            [
                "tournaments.services.prizes",
                "tournaments.services.prizes.section_prize_fund_set",
            ],
        ),
        ("import tournaments.views.rounds", ["tournaments.views.rounds"]),
        (
            "from tournaments.forms import x",
            ["tournaments.forms", "tournaments.forms.x"],
        ),
    ],
    ids=["models", "formats", "services", "services-module", "views", "forms"],
)
def test_the_scan_finds_every_import_of_the_write_side(
    source: str, expected: list[str]
) -> None:
    assert write_side(source, "standings.views.standings") == expected


def test_the_read_side_never_imports_the_write_sides_pages_forms_or_writes() -> None:
    # A command is an entry point like a page: `manage.py prizes --fund` sets the fund through
    # the write side's service, as the TD's prize page does.
    commands = STANDINGS / "management" / "commands"
    files = [
        path
        for path in sorted(STANDINGS.rglob("*.py"))
        if ENGINE not in path.parents and commands not in path.parents
    ]
    assert len(files) > 20, f"too few Python files under {STANDINGS}"

    found = {
        str(path.relative_to(STANDINGS.parent)): names
        for path in files
        if (names := write_side(path.read_text(encoding="utf-8"), _module(path)))
    }

    assert found == {}
