"""Time a big TRF import into a new database: SQLite, or PostgreSQL with ``--postgres URL``.

    .venv/bin/python bench/import_bench.py [--players 5000] [--rounds 9]
    .venv/bin/python bench/import_bench.py --postgres postgres://postgres@127.0.0.1:5432/postgres

It generates a Swiss section (``standings_bench.section_generate``), writes it as a TRF-16 file
(through the app's own export), then imports that file with ``manage.py import_trf`` in this
process into a database just migrated: a scratch SQLite file, or a scratch PostgreSQL database
created next to the one ``--postgres`` names and dropped at the end. The import is timed whole
(one transaction) and its slowest part, ``section_rounds_create`` (the pairings, checked by the
database's once-per-round trigger), apart.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))


def _scratch_postgres(url: str) -> tuple[str, str]:
    """A new empty database beside the one ``url`` names: (its URL, its name)."""
    import psycopg

    base, _, _ = url.rpartition("/")
    name = f"tiebreak_import_bench_{os.getpid()}"
    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    return f"{base}/{name}", name


def _drop_postgres(url: str, name: str) -> None:
    import psycopg

    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--players", type=int, default=5000)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument(
        "--postgres", help="URL of a PostgreSQL database to create a scratch one beside"
    )
    parser.add_argument(
        "--migration",
        help="migrate the tournaments app only this far (e.g. 0007, to time the old trigger)",
    )
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="tiebreak-import-bench-") as scratch:
        if options.postgres:
            url, name = _scratch_postgres(options.postgres)
            try:
                run(
                    url,
                    options.players,
                    options.rounds,
                    Path(scratch),
                    options.migration,
                )
            finally:
                from django.db import connections

                connections.close_all()
                _drop_postgres(options.postgres, name)
        else:
            url = f"sqlite:///{Path(scratch) / 'bench.sqlite3'}"
            run(url, options.players, options.rounds, Path(scratch), options.migration)


def run(
    url: str, players: int, rounds: int, scratch: Path, migration: str | None
) -> None:
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
    from standings_bench import section_generate, section_insert

    from standings.trf_export import section_trf
    from tournaments.models import Section, Tournament
    from tournaments.services import trf_import

    call_command("migrate", verbosity=0)
    if migration:
        call_command("migrate", "tournaments", migration, verbosity=0)
    field, rows = section_generate(players, rounds)
    section_insert("source", field, rows, rounds)
    trf = section_trf(section=Section.objects.get(tournament__slug="source"))
    Tournament.objects.filter(slug="source").delete()
    path = scratch / "event.trf"
    path.write_text(trf)

    timed: list[float] = []
    original = trf_import.section_rounds_create

    def timed_create(**kwargs: object) -> object:
        start = time.perf_counter()
        try:
            return original(**kwargs)  # type: ignore[arg-type]
        finally:
            timed.append(time.perf_counter() - start)

    # import_trf's service calls section_rounds_create through its module's name.
    trf_import.section_rounds_create = timed_create  # type: ignore[assignment]
    start = time.perf_counter()
    call_command("import_trf", str(path), "--slug", "imported", stdout=io.StringIO())
    total = time.perf_counter() - start
    pairings = sum(1 for _ in rows)
    print(
        f"{connection.vendor}: {players} players x {rounds} rounds ({pairings} pairings): "
        f"import {total:.2f} s, of which the pairings {sum(timed):.2f} s"
    )


if __name__ == "__main__":
    main()
