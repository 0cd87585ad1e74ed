"""Time the TD's big pages for the 1,200-player section, in process, with their SQL queries.

    .venv/bin/python bench/td_pages_bench.py [--repeat 5] [--trf PATH] [--profile PAGE]
        [--only PAGE] [--dump DIR]
    .venv/bin/python bench/td_pages_bench.py --postgres postgres://postgres@127.0.0.1:5432/postgres

It imports the 1,200 x 11 file ``synthetic_tbsgen_1200p_11r.trf`` of the shared data folder
(``manage.py import_trf``) into a scratch database (a SQLite file in a temporary directory, or a
PostgreSQL database created beside the one ``--postgres`` names and dropped at the end; the
project's own database is never touched), gives the section a twelfth round (so that check-in
and pairing by hand have an open round), logs a TD in (Django's test client, every middleware,
DEBUG off) and times each page: best of ``--repeat`` requests, the CPU time of that request, the
page's size and its queries. The public standings are timed as the TD sees them (logged in, the
page cache cleared before each request).

``--profile PAGE`` (a page's label, e.g. ``round``) prints the 25 functions with the most
cumulative time for one request of that page instead. ``--only PAGE`` times only the pages
whose label starts with PAGE (e.g. ``--only rating``).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import platform
import pstats
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from import_bench import _drop_postgres, _scratch_postgres  # noqa: E402
from pages_bench import DEFAULT_TRF  # noqa: E402


def pages_of(slug: str, section: int) -> dict[str, str]:
    """The pages timed: label -> path."""
    from django.urls import reverse

    kw = {"slug": slug, "section": section}
    return {
        "round (results)": reverse(
            "tournaments:round_detail", kwargs={**kw, "number": 11}
        ),
        "pairings (edit 11)": reverse(
            "tournaments:round_pairings", kwargs={**kw, "number": 11}
        ),
        "pairings (by hand 12)": reverse(
            "tournaments:round_pairings", kwargs={**kw, "number": 12}
        ),
        "check mode (11)": reverse(
            "tournaments:round_check", kwargs={**kw, "number": 11}
        ),
        "history (11)": reverse(
            "tournaments:round_history", kwargs={**kw, "number": 11}
        ),
        "players (section)": reverse("tournaments:section_detail", kwargs=kw),
        "check-in (12)": reverse("tournaments:checkin", kwargs={**kw, "number": 12}),
        "check-in (11)": reverse("tournaments:checkin", kwargs={**kw, "number": 11}),
        "tournament": reverse("tournaments:tournament_detail", kwargs={"slug": slug}),
        "prizes": reverse("tournaments:prizes", kwargs=kw),
        "rating report": reverse("tournaments:section_rating_report", kwargs=kw),
        "rating report (event)": reverse(
            "tournaments:rating_report", kwargs={"slug": slug}
        ),
        # The zip as the page's "Download anyway" link asks for it (the file's players have
        # no US Chess ID: without force=1 the download sends the TD back to the page).
        "rating report zip": reverse(
            "tournaments:rating_report_download", kwargs={"slug": slug}
        )
        + "?force=1",
        "tiebreaks": reverse("tournaments:section_tiebreaks", kwargs=kw),
        "standings (TD)": reverse("standings:standings", kwargs=kw),
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--postgres", help="URL of a PostgreSQL database to create a scratch one beside"
    )
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--trf", type=Path, default=DEFAULT_TRF)
    parser.add_argument("--profile", help="profile one page (its label's first word)")
    parser.add_argument(
        "--only", help="time only the pages whose label starts with this"
    )
    parser.add_argument(
        "--dump",
        type=Path,
        help="write each page's HTML into this folder (to compare versions)",
    )
    options = parser.parse_args()
    if not options.trf.exists():
        parser.error(
            f"{options.trf} not found: pass --trf PATH to the 1,200-player file"
        )
    with tempfile.TemporaryDirectory(prefix="tiebreak-td-pages-bench-") as scratch:
        if options.postgres:
            url, name = _scratch_postgres(options.postgres)
            try:
                run(url, options)
            finally:
                from django.db import connections

                connections.close_all()
                _drop_postgres(options.postgres, name)
        else:
            run(f"sqlite:///{Path(scratch) / 'bench.sqlite3'}", options)


def run(url: str, options: argparse.Namespace) -> None:
    os.environ.update(
        {
            "DATABASE_URL": url,
            "DEBUG": "false",
            "ALLOWED_HOSTS": "testserver",
            "SECURE_SSL_REDIRECT": "false",
            "SESSION_COOKIE_SECURE": "false",
            "CSRF_COOKIE_SECURE": "false",
            "SLOW_REQUEST_MS": "100000",
            "LOG_LEVEL": "WARNING",
            "DJANGO_SETTINGS_MODULE": "tiebreak_site.settings",
        }
    )
    os.environ.setdefault("SECRET_KEY", "bench-only-not-secret")
    import django

    django.setup()
    from django.contrib.auth.models import User
    from django.core.cache import cache
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from tournaments.models import Section, Tournament

    call_command("migrate", verbosity=0)
    call_command(
        "import_trf",
        str(options.trf),
        "--slug",
        "td-bench",
        "--publish",
        stdout=io.StringIO(),
    )
    tournament = Tournament.objects.get(slug="td-bench")
    section = Section.objects.get(tournament=tournament)
    Section.objects.filter(pk=section.pk).update(rounds_total=12)
    user = User.objects.create_user("bench-td", password="x")
    tournament.directors.add(user)
    client = Client()
    client.force_login(user)
    pages = pages_of(tournament.slug, section.pk)
    if options.only:
        pages = {k: v for k, v in pages.items() if k.startswith(options.only)}
    vendor = "PostgreSQL" if url.startswith("postgres") else "SQLite"
    print(
        f"{vendor}, Python {platform.python_version()} on {platform.platform()}, "
        f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f}; "
        f"{section.players.count()} players, best of {options.repeat}"
    )

    def get(path: str, gzip: bool = True) -> bytes:
        cache.clear()  # the public standings would come from the cache otherwise
        # As a browser asks: the compression is part of the server's time.
        headers = {"Accept-Encoding": "gzip"} if gzip else {}
        response = client.get(path, headers=headers)
        assert response.status_code == 200, (path, response.status_code)
        return response.content

    for path in pages.values():
        get(path)  # warm up: templates compiled, first connection
    if options.dump:
        options.dump.mkdir(parents=True, exist_ok=True)
        for label, path in pages.items():
            name = "".join(c if c.isalnum() else "-" for c in label)
            (options.dump / f"{name}.html").write_bytes(get(path, gzip=False))
    if options.profile:
        label = next(k for k in pages if k.startswith(options.profile))
        profile = cProfile.Profile()
        profile.enable()
        get(pages[label])
        profile.disable()
        pstats.Stats(profile).sort_stats("cumulative").print_stats(40)
        pstats.Stats(profile).sort_stats("tottime").print_stats(15)
        return
    header = f"{'page':<22} {'best ms':>8} {'CPU ms':>7} {'kB':>6} {'gzip kB':>7} {'queries':>7}"
    print(header)
    print("-" * len(header))
    for label, path in pages.items():
        best = best_cpu = float("inf")
        for _ in range(options.repeat):
            start, cpu = time.perf_counter(), time.process_time()
            body = get(path)
            wall = time.perf_counter() - start
            if wall < best:
                best, best_cpu = wall, time.process_time() - cpu
        with CaptureQueriesContext(connection) as queries:
            raw = get(path, gzip=False)
        print(
            f"{label:<22} {best * 1e3:>8.1f} {best_cpu * 1e3:>7.1f} "
            f"{len(raw) / 1000:>6.0f} {len(body) / 1000:>7.1f} {len(queries):>7}"
        )
    print(
        "Server time in process (no network); CPU ms: this process's CPU for that request."
    )
    if "rating report zip" in pages:
        command_time(tournament.slug, options.repeat)


def command_time(slug: str, repeat: int) -> None:
    """``manage.py uschess_report`` for the event (``--force``: the file's players have no US
    Chess ID), in process: best of ``repeat`` runs and its CPU time."""
    from django.core.management import call_command

    best = best_cpu = float("inf")
    with tempfile.TemporaryDirectory(prefix="tiebreak-td-pages-report-") as out:
        for _ in range(repeat):
            start, cpu = time.perf_counter(), time.process_time()
            call_command(
                "uschess_report",
                slug,
                "--out",
                out,
                "--force",
                stdout=io.StringIO(),
                stderr=io.StringIO(),
            )
            wall = time.perf_counter() - start
            if wall < best:
                best, best_cpu = wall, time.process_time() - cpu
    print(
        f"manage.py uschess_report --force: {best * 1e3:.1f} ms, CPU {best_cpu * 1e3:.1f} ms"
    )


if __name__ == "__main__":
    main()
