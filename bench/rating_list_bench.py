"""Time loading a 1,000,000-row FIDE players list and looking players up in it.

    .venv/bin/python bench/rating_list_bench.py [--rows 1000000]
    .venv/bin/python bench/rating_list_bench.py --postgres postgres://postgres@127.0.0.1:5432/postgres

It writes a synthetic players_list_foa.txt (fixed width, FIDE's columns) in a scratch folder,
loads it with ``manage.py load_rating_list fide`` into a database just migrated (a scratch
SQLite file, or a scratch PostgreSQL database beside the one ``--postgres`` names, dropped at
the end), then times lookups by ID, by a surname prefix and by "first last". Targets: the load
under a minute, each lookup under 50 ms.
"""

from __future__ import annotations

import argparse
import io
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from import_bench import _drop_postgres, _scratch_postgres  # noqa: E402

COLUMNS = [("ID Number", 15), ("Name", 61), ("Fed", 4), ("Sex", 4), ("Tit", 5),
           ("WTit", 5), ("OTit", 15), ("FOA", 4), ("SRtng", 6), ("SGm", 4), ("SK", 3),
           ("RRtng", 6), ("RGm", 4), ("Rk", 3), ("BRtng", 6), ("BGm", 4), ("BK", 3),
           ("B-day", 6), ("Flag", 4)]  # fmt: skip
SYLLABLES = [
    "ka",
    "ri",
    "mo",
    "san",
    "lee",
    "ov",
    "ez",
    "ton",
    "berg",
    "ski",
    "ta",
    "no",
]
FEDS = ["USA", "GER", "IND", "RUS", "FRA", "ESP", "NOR", "BRA", "CHN", "ENG"]


def _line(cells: list[str]) -> str:
    return "".join(c.ljust(w) for c, (_n, w) in zip(cells, COLUMNS, strict=False))


def list_write(path: Path, rows: int, rng: random.Random) -> list[tuple[str, str]]:
    """Write the file; returns a sample of (ID, name) to look up."""
    sample = []
    with path.open("w", encoding="utf-8") as f:
        f.write(_line([n for n, _w in COLUMNS]) + "\n")
        for i in range(rows):
            last = "".join(rng.choices(SYLLABLES, k=rng.randint(2, 4))).capitalize()
            first = "".join(rng.choices(SYLLABLES, k=2)).capitalize()
            member = str(100_000 + i * 7)
            rating = str(rng.randint(1000, 2800)) if rng.random() < 0.7 else ""
            f.write(_line([member, f"{last}, {first}", rng.choice(FEDS), "M", "", "", "",
                           "", rating, "0", "20", "", "", "", "", "", "", "1990", ""]) + "\n")  # fmt: skip
            if i % (rows // 50 or 1) == 0:
                sample.append((member, f"{last}, {first}"))
    return sample


def run(url: str, rows: int, scratch: Path) -> None:
    os.environ.update(
        DATABASE_URL=url,
        DEBUG="false",
        SECRET_KEY=os.environ.get("SECRET_KEY", "bench-only-not-secret"),
        DJANGO_SETTINGS_MODULE="tiebreak_site.settings",
    )
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection

    from tournaments.selectors import rating_list_lookup

    call_command("migrate", verbosity=0)
    path = scratch / "players_list_foa.txt"
    sample = list_write(path, rows, random.Random(1))
    start = time.perf_counter()
    call_command("load_rating_list", "fide", str(path), stdout=io.StringIO())
    load = time.perf_counter() - start
    timings: dict[str, list[float]] = {"id": [], "surname prefix": [], "first last": []}
    for member, name in sample:
        last, first = name.split(", ")
        for kind, query in (
            ("id", member),
            ("surname prefix", last[:5]),
            ("first last", f"{first} {last}"),
        ):
            t = time.perf_counter()
            found = rating_list_lookup(query)
            timings[kind].append(time.perf_counter() - t)
            assert found, (kind, query)
    print(f"{connection.vendor}: {rows} rows loaded in {load:.1f} s (target < 60 s)")
    for kind, values in timings.items():
        print(
            f"  lookup by {kind}: median {statistics.median(values) * 1000:.1f} ms, "
            f"max {max(values) * 1000:.1f} ms over {len(values)} (target < 50 ms)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--postgres", help="URL of a PostgreSQL database")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="tiebreak-list-bench-") as scratch:
        if options.postgres:
            url, name = _scratch_postgres(options.postgres)
            try:
                run(url, options.rows, Path(scratch))
            finally:
                from django.db import connections

                connections.close_all()
                _drop_postgres(options.postgres, name)
        else:
            run(
                f"sqlite:///{Path(scratch) / 'bench.sqlite3'}",
                options.rows,
                Path(scratch),
            )


if __name__ == "__main__":
    main()
