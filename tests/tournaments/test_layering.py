"""The write side (``tournaments``) imports nothing from the read side (``standings``) except the
pure engine, ``standings.engine``, the library both sides use; so no circle of imports joins the
two apps' Django modules."""

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


def test_the_scan_covers_the_services_selectors_and_trf_packages() -> None:
    scanned = {
        str(path.relative_to(TOURNAMENTS.parent)) for path in TOURNAMENTS.rglob("*.py")
    }

    assert {
        "tournaments/selectors/rounds.py",
        "tournaments/services/__init__.py",
        "tournaments/services/results.py",
        "tournaments/trf/reading.py",
        "tournaments/views/rounds.py",
    } <= scanned


# ---- no import cycle between the two apps' Django modules

ROOT = TOURNAMENTS.parent
APPS = ("tournaments", "standings")


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(source: str, name: str, is_package: bool, known: set[str]) -> set[str]:
    """The modules of ``known`` that ``source`` (module ``name``) imports, anywhere in it.

    ``from package import name`` counts the submodule when ``name`` is one, else the package.
    """
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:
                base = name.split(".") if is_package else name.split(".")[:-1]
                base = base[: len(base) - (node.level - 1)]
                module = ".".join([*base, module] if module else base)
            targets = [module, *(f"{module}.{alias.name}" for alias in node.names)]
        else:
            continue
        for target in targets:
            parts = target.split(".")
            while parts and ".".join(parts) not in known:
                parts.pop()
            if parts:
                found.add(".".join(parts))
    found.discard(name)
    return found


def import_graph() -> dict[str, set[str]]:
    files = {module_name(p): p for app in APPS for p in (ROOT / app).rglob("*.py")}
    known = set(files)
    return {
        name: imports_of(
            path.read_text(encoding="utf-8"), name, path.name == "__init__.py", known
        )
        for name, path in files.items()
    }


def cycles_across_apps(graph: dict[str, set[str]]) -> list[set[str]]:
    """Each group of modules that import one another in a circle (Tarjan's strongly connected
    components) and that belongs to more than one top-level package."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for successor in graph.get(node, ()):
            if successor not in index:
                visit(successor)
                low[node] = min(low[node], low[successor])
            elif successor in on_stack:
                low[node] = min(low[node], index[successor])
        if low[node] == index[node]:
            group: set[str] = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.add(member)
                if member == node:
                    break
            groups.append(group)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return [g for g in groups if len({m.split(".")[0] for m in g}) > 1]


@pytest.mark.parametrize(
    ("graph", "expected"),
    [
        ({"a.x": {"b.y"}, "b.y": set()}, []),
        ({"a.x": {"b.y"}, "b.y": {"a.x"}}, [{"a.x", "b.y"}]),
        (
            {"a.x": {"b.y"}, "b.y": {"b.z"}, "b.z": {"a.w"}, "a.w": {"a.x"}},
            [{"a.x", "b.y", "b.z", "a.w"}],
        ),
        ({"a.x": {"a.y"}, "a.y": {"a.x"}, "b.z": {"a.x"}}, []),
    ],
    ids=["one-way", "two-modules", "through-four", "within-one-app"],
)
def test_the_cycle_finder_finds_a_circle_across_packages(
    graph: dict[str, set[str]], expected: list[set[str]]
) -> None:
    assert cycles_across_apps(graph) == expected


def test_the_graph_sees_imports_in_every_form() -> None:
    graph = import_graph()

    # The read side on the write side, the write side on the pure engine, a package on its
    # modules, a relative import ("from . import services"), an import nested in a block.
    assert "tournaments.models" in graph["standings.loaders"]
    assert "standings.engine" in graph["tournaments.selectors.sections"]
    assert "tournaments.services.results" in graph["tournaments.services"]
    assert "tournaments.services" in graph["tournaments.admin"]
    assert "standings.engine.ranking" in graph["standings.engine.explanations"]


def test_no_import_cycle_between_tournaments_and_standings() -> None:
    assert cycles_across_apps(import_graph()) == []
