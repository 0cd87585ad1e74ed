"""TRF test material: player lines laid out by hand, the fixtures here, the shared files beside the repo."""

from __future__ import annotations

import os
from pathlib import Path

FIXTURES = Path(__file__).resolve().parent / "data"
# The project's shared tournament files sit beside the repository, not in it: CI has them, a
# clone may not, and the tests that read them are skipped without them.
# TIEBREAK_SHARED_DATA names it for a checkout that is not beside it (a git worktree).
SHARED_DATA = Path(
    os.environ.get("TIEBREAK_SHARED_DATA")
    or Path(__file__).resolve().parents[2] / ".." / "shared" / "data"
)
SHARED_MISSING = (
    f"shared TRF files not found at {SHARED_DATA} (they sit beside the repository)"
)


def fixture_files() -> list[Path]:
    return sorted(FIXTURES.glob("*.trf"))


def shared_files() -> list[Path]:
    return sorted(SHARED_DATA.glob("*.trf")) if SHARED_DATA.is_dir() else []


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def p001(
    start: int | str,
    name: str,
    *blocks: str,
    rating: int | str = "",
    sex: str = " ",
    title: str = "",
    federation: str = "",
    fide_id: str = "",
    birth: str = "",
    points: str = "",
    rank: str = "",
) -> str:
    """A 001 line laid out by hand from the TRF-16 column table; ``blocks`` as written, e.g. "   2 w 1"."""
    head = (
        f"001 {start:>4} {sex}{title:>3} {name:<33} {rating:>4} {federation:<3} "
        f"{fide_id:>11} {birth:<10} {points:>4} {rank:>4}  "
    )
    return (head + "".join(f"{b:<10}" for b in blocks)).rstrip()


def trf_text(*lines: str) -> str:
    return "\n".join(lines) + "\n"
