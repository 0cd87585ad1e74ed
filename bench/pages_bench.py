"""Load the public pages: standings and wall chart of a 300-player and a 1,200-player section.

    .venv/bin/python bench/pages_bench.py [--duration 10] [--workers 3] [--repeat 3] [--no-wrk]

Everything runs on a scratch SQLite database in a temporary directory (the project's database is
never touched):

1. a generated 300 x 9 Swiss section (``standings_bench.section_generate``) and the 1,200 x 11
   file ``synthetic_tbsgen_1200p_11r.trf`` of the shared data folder, imported with
   ``manage.py import_trf`` (pass ``--trf`` to point at it elsewhere);
2. **uncached**, in this process: each page rendered with an empty cache (best of ``--repeat``),
   and its SQL query count;
3. **under load**: gunicorn (sync workers) on 127.0.0.1 and ``wrk`` against the cached pages, a
   304 answer to ``If-None-Match``, and a hello-world Django view (same middleware, same
   process) measured in the same run for scale; then uncached pages over HTTP (each request has
   a fresh query string, so its body is never in the cache: the wall time a phone waits).

wrk comes from Debian (``apt-get install -y wrk``); without it the load part is skipped with a
message. The machine's other load matters: run it on a quiet machine and give the load average.
"""

from __future__ import annotations

import argparse
import io
import os
import platform
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TRF_NAME = "synthetic_tbsgen_1200p_11r.trf"
# The shared folder sits next to the repository (or next to the folder of worktrees).
DEFAULT_TRF = next(
    (
        p
        for p in (
            ROOT.parent / "shared" / "data" / TRF_NAME,
            ROOT.parents[1] / "shared" / "data" / TRF_NAME,
        )
        if p.exists()
    ),
    ROOT.parent / "shared" / "data" / TRF_NAME,
)

SETTINGS = """\
from tiebreak_site.settings import *  # noqa: F403

ROOT_URLCONF = "pages_bench_urls"
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
"""
URLS = """\
from django.http import HttpResponse
from django.urls import include, path


def hello(request):
    return HttpResponse("Hello, world")


urlpatterns = [path("hello/", hello), path("", include("tiebreak_site.urls"))]
"""


def _best(run: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def sections_create(trf: Path) -> dict[str, tuple[str, int]]:
    """The two sections, published: label -> (tournament slug, section pk)."""
    from django.core.management import call_command

    sys.path.insert(0, str(ROOT / "bench"))
    import standings_bench

    from tournaments.models import Section, Tournament

    players, rows = standings_bench.section_generate(300, 9)
    standings_bench.section_insert("bench-300", players, rows, 9)
    call_command("import_trf", str(trf), "--slug", "bench-1200", stdout=io.StringIO())
    Tournament.objects.update(is_published=True)
    return {
        label: (slug, Section.objects.get(tournament__slug=slug).pk)
        for label, slug in (("300 x 9", "bench-300"), ("1,200 x 11", "bench-1200"))
    }


def urls_of(slug: str, section: int) -> dict[str, str]:
    from django.urls import reverse

    kw = {"slug": slug, "section": section}
    return {
        "standings": reverse("standings:standings", kwargs=kw),
        "wall chart": reverse("standings:crosstable", kwargs=kw),
        "player": reverse("standings:player", kwargs={**kw, "number": 1}),
    }


def bench_in_process(
    sections: dict[str, tuple[str, int]], repeat: int
) -> list[tuple[str, str, float, int]]:
    from django.core.cache import cache
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client(SERVER_NAME="localhost")
    out = []
    for label, (slug, pk) in sections.items():
        for page, url in urls_of(slug, pk).items():

            def uncached(url: str = url) -> None:
                cache.clear()
                assert client.get(url).status_code == 200

            seconds = _best(uncached, repeat)
            cache.clear()
            with CaptureQueriesContext(connection) as queries:
                client.get(url)
            out.append((label, page, seconds, len(queries)))
    return out


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait(url: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                response.read()
            return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.3)


def _wrk(url: str, duration: int, headers: list[str] = ()) -> tuple[float, str]:  # type: ignore[assignment]
    """Requests per second and the mean latency wrk reports."""
    args = ["wrk", "-t2", "-c16", f"-d{duration}s", "--latency"]
    for header in headers:
        args += ["-H", header]
    text = subprocess.run(
        [*args, url], capture_output=True, text=True, check=True
    ).stdout
    rate = re.search(r"Requests/sec:\s+([\d.]+)", text)
    latency = re.search(r"Latency\s+(\S+)", text)
    non2xx = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", text)
    if non2xx:
        raise RuntimeError(f"{url}: {non2xx.group(1)} error responses\n{text}")
    assert rate and latency, text
    return float(rate.group(1)), latency.group(1)


def bench_http(
    sections: dict[str, tuple[str, int]],
    scratch: Path,
    env: dict[str, str],
    workers: int,
    duration: int,
    repeat: int,
) -> None:
    (scratch / "pages_bench_settings.py").write_text(SETTINGS)
    (scratch / "pages_bench_urls.py").write_text(URLS)
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        [
            str(ROOT / ".venv" / "bin" / "gunicorn"),
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(workers),
            "--pythonpath",
            f"{scratch},{ROOT}",
            "--log-level",
            "warning",
            "tiebreak_site.wsgi",
        ],
        cwd=ROOT,
        env={**env, "DJANGO_SETTINGS_MODULE": "pages_bench_settings"},
        start_new_session=True,
    )
    try:
        _wait(base + "/hello/")
        print(
            f"\ngunicorn {workers} sync workers on 127.0.0.1, wrk -t2 -c16 -d{duration}s "
            "(cached pages: every worker warmed first)"
        )
        print(f"{'page':<40} {'req/s':>9} {'mean latency':>13}")
        rate, latency = _wrk(base + "/hello/", duration)
        print(f"{'hello-world Django view':<40} {rate:>9.0f} {latency:>13}")
        for label, (slug, pk) in sections.items():
            for page, path in urls_of(slug, pk).items():
                if page == "player":
                    continue
                url = base + path
                for _ in range(workers * 4):  # every worker renders it once
                    _wait(url)
                rate, latency = _wrk(url, duration)
                print(
                    f"{label + ' ' + page + ', cached':<40} {rate:>9.0f} {latency:>13}"
                )
                # What a phone asks for: every browser sends Accept-Encoding: gzip.
                gzip = ["Accept-Encoding: gzip"]
                for _ in range(workers * 4):  # every worker compresses it once
                    request = urllib.request.Request(
                        url, headers={"Accept-Encoding": "gzip"}
                    )
                    with urllib.request.urlopen(request) as response:
                        response.read()
                rate, latency = _wrk(url, duration, gzip)
                print(
                    f"{label + ' ' + page + ', cached, gzip':<40} {rate:>9.0f} {latency:>13}"
                )
                with urllib.request.urlopen(url) as response:
                    etag = response.headers["ETag"]
                rate, latency = _wrk(url, duration, [f"If-None-Match: {etag}"])
                print(f"{label + ' ' + page + ', 304':<40} {rate:>9.0f} {latency:>13}")
        print("\nuncached over HTTP (a fresh query string per request), one at a time")
        print(f"{'page':<40} {'best s':>8} {'median s':>9}")
        for label, (slug, pk) in sections.items():
            for page, path in urls_of(slug, pk).items():
                times = []
                for n in range(max(repeat, 5)):
                    start = time.perf_counter()
                    _wait(f"{base}{path}?fresh={time.time_ns()}{n}")
                    times.append(time.perf_counter() - start)
                print(
                    f"{label + ' ' + page:<40} {min(times):>8.3f} {statistics.median(times):>9.3f}"
                )
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--duration", type=int, default=10, help="seconds per wrk run")
    parser.add_argument("--workers", type=int, default=3, help="gunicorn workers")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--trf", type=Path, default=DEFAULT_TRF)
    parser.add_argument("--no-wrk", action="store_true", help="in-process timings only")
    options = parser.parse_args()
    if not options.trf.exists():
        parser.error(
            f"{options.trf} not found: pass --trf PATH to the 1,200-player file"
        )
    with tempfile.TemporaryDirectory(prefix="tiebreak-pages-bench-") as scratch:
        run(options, Path(scratch))


def run(options: argparse.Namespace, scratch: Path) -> None:
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{scratch / 'bench.sqlite3'}",
        "DEBUG": "false",
    }
    env.setdefault("SECRET_KEY", "bench-only-not-secret")
    os.environ.update({k: env[k] for k in ("DATABASE_URL", "DEBUG", "SECRET_KEY")})
    os.environ["DJANGO_SETTINGS_MODULE"] = "tiebreak_site.settings"
    sys.path.insert(0, str(ROOT))
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    print(
        f"Python {platform.python_version()} on {platform.platform()}, {os.cpu_count()} CPUs, "
        f"load average {os.getloadavg()[0]:.2f}"
    )
    sections = sections_create(options.trf)
    print("\nuncached, in process (empty cache before each request; best of --repeat)")
    print(f"{'section':<12} {'page':<12} {'seconds':>8} {'queries':>8}")
    for label, page, seconds, queries in bench_in_process(sections, options.repeat):
        print(f"{label:<12} {page:<12} {seconds:>8.3f} {queries:>8}")
    if options.no_wrk:
        return
    if shutil.which("wrk") is None:
        print(
            "\nwrk is not installed (Debian: apt-get install -y wrk): load part skipped"
        )
        return
    bench_http(
        sections, scratch, env, options.workers, options.duration, options.repeat
    )


if __name__ == "__main__":
    main()
