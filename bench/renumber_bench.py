"""Time numbering a section by rating (``players_renumber``) for 1,200, 5,000 and 9,000 players.

    .venv/bin/python bench/renumber_bench.py [--sizes 1200,5000,9000] [--repeat 3]
    DATABASE_URL=postgres://... .venv/bin/python bench/renumber_bench.py   # an empty database

Three cases per size, each the CPU and wall time of one call, best of ``--repeat``: a rating
change that moves the last player to the top (what a TD's correction before round 1 does: every
number shifts by one), a list entered lowest first (every number changes), and a list already
in order (nothing to do). Without ``DATABASE_URL`` it runs on a scratch SQLite database that is
removed at the end; the project's own database is never touched. Target: under 0.3 s CPU at
1,200 players (docs/performance.md).
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1200,5000,9000")
    parser.add_argument("--repeat", type=int, default=3)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="tiebreak-bench-") as scratch:
        os.environ.setdefault(
            "DATABASE_URL", f"sqlite:///{Path(scratch) / 'bench.sqlite3'}"
        )
        run([int(s) for s in options.sizes.split(",")], options.repeat)


def run(sizes: list[int], repeat: int) -> None:
    os.environ.update(
        {"DEBUG": "false", "DJANGO_SETTINGS_MODULE": "tiebreak_site.settings"}
    )
    os.environ.setdefault("SECRET_KEY", "bench-only-not-secret")
    sys.path.insert(0, str(ROOT))
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    from django.db import connection

    from tournaments import services
    from tournaments.models import Player, Section, Tournament

    print(
        f"Python {platform.python_version()} on {platform.platform()}, "
        f"{os.cpu_count()} CPUs, {connection.vendor}"
    )
    header = f"{'players':>7}  {'case':<22} {'CPU ms':>7} {'wall ms':>8}"
    print(header)
    print("-" * len(header))
    cases = {
        "last player to the top": lambda n: (
            [2900 - i // 5 for i in range(n - 1)] + [3000]
        ),
        "entered lowest first": lambda n: [100 + i // 5 for i in range(n)],
        "already in order": lambda n: [2900 - i // 5 for i in range(n)],
    }
    Tournament.objects.filter(slug__startswith="renumber-bench-").delete()
    for size in sizes:
        for case, (label, ratings) in enumerate(cases.items()):
            best = (float("inf"), float("inf"))
            for attempt in range(repeat):
                tournament = Tournament.objects.create(
                    name="Bench", slug=f"renumber-bench-{size}-{case}-{attempt}"
                )
                section = Section.objects.create(
                    tournament=tournament, name="Open", rounds_total=5
                )
                Player.objects.bulk_create(
                    (
                        Player(
                            section=section,
                            start_number=n,
                            name=f"Player {n}",
                            rating=rating,
                        )
                        for n, rating in enumerate(ratings(size), start=1)
                    ),
                    batch_size=1000,
                )
                start, cpu = time.perf_counter(), time.process_time()
                services.players_renumber(section=section)
                took = (time.process_time() - cpu, time.perf_counter() - start)
                best = min(best, took)
                tournament.delete()
            print(f"{size:>7}  {label:<22} {best[0] * 1e3:>7.0f} {best[1] * 1e3:>8.0f}")


if __name__ == "__main__":
    main()
