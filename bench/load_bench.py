"""Load test of the production stack on loopback: phones polling, TDs entering a round.

    .venv/bin/python bench/load_bench.py [--postgres URL] [--phones 200] [--tds 4]
        [--workers 4] [--trf PATH] [--no-proxy]

It imports the 1,200 x 11 shared file into a scratch database (SQLite, or a PostgreSQL database
created beside ``--postgres`` and dropped at the end), clears the last round's results, starts
a scratch ``redis-server``, gunicorn (``gunicorn.conf.py``, DEBUG off, ``--workers``) with
the production settings and nginx in front of it (as deployed; ``--no-proxy``: without), then
runs:

- ``--phones`` simulated phones, a third each on the section's standings, its pairings and a
  hello-world Django view (same middleware: the floor of the stack). They are ``wrk``
  processes (Debian's ``wrk``; ``bench/load_phone.lua``), one per page kind, one thread and
  connection per phone: each waits 2 to 4 s before every request, keeps its ETag and takes
  gzip as a browser does. wrk is written in C and idles between requests, so the client costs
  the two cores next to nothing and its latencies are the server's (200 Python threads in this
  process, the earlier client, cost as much CPU as the server and set a floor of their own);
- ``--tds`` TDs, Python threads in this process, each logged in, entering its share of the
  round's results one after another with a short pause (0.2 to 0.6 s), through the same form
  post as the round page.

When the TDs are done the phones are stopped, and it reports requests, throughput, p50/p99 per
kind, errors, and results lost (a board whose stored result is not what its TD posted: must be
0).
"""

from __future__ import annotations

import argparse
import http.cookiejar
import io
import json
import os
import random
import re
import resource
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from import_bench import _drop_postgres, _scratch_postgres  # noqa: E402
from pages_bench import DEFAULT_TRF, URLS, _free_port, _wait  # noqa: E402

SETTINGS = """\
from tiebreak_site.settings import *  # noqa: F403

ROOT_URLCONF = "pages_bench_urls"
"""
PASSWORD = "load-bench-password"
# nginx in front, as deployed (deploy/nginx.conf): it holds the phones' idle keep-alive
# connections and hands gunicorn's sync workers whole requests only. Without it, each of the
# 200 connections a phone keeps open between refreshes ties up a sync worker while it waits for
# the next request, and every page, hello-world included, queues behind them (docs/performance.md).
NGINX = """\
daemon off;
worker_processes 1;
pid {tmp}/nginx.pid;
error_log {tmp}/nginx-error.log warn;
events {{ worker_connections 4096; }}
http {{
    {access_log}
    client_body_temp_path {tmp}/nginx-body;
    proxy_temp_path {tmp}/nginx-proxy;
    fastcgi_temp_path {tmp}/nginx-fastcgi;
    uwsgi_temp_path {tmp}/nginx-uwsgi;
    scgi_temp_path {tmp}/nginx-scgi;
    upstream tiebreak {{ server 127.0.0.1:{app}; keepalive 16; }}
    server {{
        listen 127.0.0.1:{front};
        keepalive_timeout 65s;
        location / {{
            proxy_pass http://tiebreak;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $http_host;
            proxy_read_timeout 35s;
        }}
    }}
}}
"""


class Stats:
    def __init__(self) -> None:
        self.times: dict[str, list[float]] = defaultdict(list)
        self.errors: dict[str, int] = defaultdict(int)
        self.lock = threading.Lock()

    def add(self, kind: str, seconds: float, ok: bool) -> None:
        with self.lock:
            self.times[kind].append(seconds)
            if not ok:
                self.errors[kind] += 1


def _percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))]


def phones_start(
    base: str, paths: list[tuple[str, str]], phones: int
) -> list[tuple[str, subprocess.Popen[str]]]:
    """One wrk per page kind, the phones shared out among them: (kind, process)."""
    started = []
    for n, (kind, path) in enumerate(paths):
        count = phones // len(paths) + (1 if n < phones % len(paths) else 0)
        started.append(
            (
                kind,
                subprocess.Popen(
                    ["wrk", f"-t{count}", f"-c{count}", "-d3600s", "--timeout", "30s"]
                    + ["-s", str(ROOT / "bench" / "load_phone.lua"), base + path],
                    stdout=subprocess.PIPE,
                    text=True,
                ),
            )
        )
    return started


def phones_stop(
    started: list[tuple[str, subprocess.Popen[str]]],
) -> tuple[dict[str, dict[str, float]], float]:
    """Stop every wrk (SIGINT: it writes its figures) and read them: (kind -> figures, the CPU
    seconds the wrk processes used in all)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    for _kind, process in started:
        process.send_signal(signal.SIGINT)
    figures = {}
    for kind, process in started:
        out, _ = process.communicate(timeout=60)
        line = [x for x in out.splitlines() if x.startswith("{")]
        assert line, out
        figures[kind] = json.loads(line[-1])
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return figures, cpu


def td(
    base: str,
    username: str,
    boards: list[tuple[int, str]],
    round_path: str,
    stats: Stats,
    ready: threading.Barrier,
    go: threading.Event,
) -> None:
    """One TD: log in and open the round page, say so (``ready``), wait for ``go`` (the phones
    polling), then enter ``boards`` one after another."""
    rng = random.Random(username)
    jar = http.cookiejar.CookieJar()
    browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))

    def token(path: str) -> str:
        with browser.open(base + path, timeout=60) as response:
            page = response.read().decode()
        found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
        assert found, path
        return found.group(1)

    def post(path: str, fields: dict[str, str], csrf: str) -> bool:
        data = urllib.parse.urlencode({**fields, "csrfmiddlewaretoken": csrf}).encode()
        request = urllib.request.Request(
            base + path,
            data=data,
            headers={"Referer": base + path, "HX-Request": "true"},
        )
        try:
            with browser.open(request, timeout=60) as response:
                response.read()
                return response.status == 200
        except OSError:
            return False

    post(
        "/accounts/login/",
        {"username": username, "password": PASSWORD},
        token("/accounts/login/"),
    )
    csrf = token(round_path)
    ready.wait()
    go.wait()
    for pairing, result in boards:
        start = time.perf_counter()
        ok = post(
            f"{round_path}p/{pairing}/result/",
            {"result": result, "based_on": "pending"},
            csrf,
        )
        stats.add("result post", time.perf_counter() - start, ok)
        time.sleep(rng.uniform(0.2, 0.6))


def _warm(base: str, paths: list[str]) -> None:
    """Ask every page a few times at once, gzip as the phones take it: each worker's first
    request and each page's first render are done before the phones come."""

    def get(path: str) -> None:
        request = urllib.request.Request(
            base + path, headers={"Accept-Encoding": "gzip"}
        )
        with urllib.request.urlopen(request, timeout=60) as response:
            response.read()

    for _ in range(3):
        threads = [threading.Thread(target=get, args=(path,)) for path in paths * 2]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--postgres")
    parser.add_argument("--phones", type=int, default=200)
    parser.add_argument("--tds", type=int, default=4)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument(
        "--boards", type=int, help="enter only this many results (a short trial run)"
    )
    parser.add_argument("--trf", type=Path, default=DEFAULT_TRF)
    parser.add_argument(
        "--trace",
        type=Path,
        help="write the logs that say where a slow request spent its time into this folder: "
        "nginx's (the whole time, the wait for gunicorn), gunicorn's (the time in a worker), "
        "the app's (renders, slow requests)",
    )
    parser.add_argument(
        "--no-proxy",
        action="store_true",
        help="phones straight to gunicorn, without nginx in front (not how it is deployed)",
    )
    options = parser.parse_args()
    if not options.no_proxy and shutil.which("nginx") is None:
        parser.error("nginx is missing: apt-get install -y nginx-light, or --no-proxy")
    if shutil.which("wrk") is None:
        parser.error("the phones are wrk processes: apt-get install -y wrk")
    with tempfile.TemporaryDirectory(prefix="tiebreak-load-bench-") as scratch:
        if options.postgres:
            url, name = _scratch_postgres(options.postgres)
            try:
                run(url, options, Path(scratch))
            finally:
                from django.db import connections

                connections.close_all()
                _drop_postgres(options.postgres, name)
        else:
            run(f"sqlite:///{Path(scratch) / 'bench.sqlite3'}", options, Path(scratch))


def run(url: str, options: argparse.Namespace, scratch: Path) -> None:
    redis_port, port = _free_port(), _free_port()
    env = {
        **os.environ,
        "DEBUG": "false",
        "SECRET_KEY": "load-bench-" + "x" * 50,
        "ALLOWED_HOSTS": "127.0.0.1",
        "DATABASE_URL": url,
        "REDIS_URL": f"redis://127.0.0.1:{redis_port}/0",
        "SECURE_SSL_REDIRECT": "false",
        "SESSION_COOKIE_SECURE": "false",
        "CSRF_COOKIE_SECURE": "false",
        "SECURE_HSTS_SECONDS": "0",
        "STATIC_ROOT": str(scratch / "static"),
        "LOG_LEVEL": "WARNING",
        "SLOW_REQUEST_MS": "100000",
        "DJANGO_SETTINGS_MODULE": "tiebreak_site.settings",
    }
    trace = options.trace
    if trace is not None:
        trace.mkdir(parents=True, exist_ok=True)
    os.environ.update(env)
    import django

    django.setup()
    from django.contrib.auth.models import User
    from django.core.management import call_command

    from tournaments.models import Pairing, Result, Round, Section, Tournament

    call_command("migrate", verbosity=0)
    call_command("collectstatic", "--noinput", verbosity=0)
    call_command(
        "import_trf",
        str(options.trf),
        "--slug",
        "load",
        "--publish",
        stdout=io.StringIO(),
    )
    tournament = Tournament.objects.get(slug="load")
    section = Section.objects.get(tournament=tournament)
    last = Round.objects.filter(section=section).order_by("-number").first()
    assert last is not None
    games = Pairing.objects.filter(round=last, black__isnull=False)
    expected = {p.pk: p.result for p in games}
    games.update(result=Result.PENDING)
    Round.objects.filter(pk=last.pk).update(status=Round.Status.PAIRED)
    names = [f"td{n}" for n in range(1, options.tds + 1)]
    for name in names:
        tournament.directors.add(User.objects.create_user(name, password=PASSWORD))
    from django.db import connections

    connections.close_all()

    (scratch / "pages_bench_settings.py").write_text(SETTINGS)
    (scratch / "pages_bench_urls.py").write_text(URLS)
    redis = subprocess.Popen(
        ["redis-server", "--port", str(redis_port), "--bind", "127.0.0.1", "--save", ""]
        + [
            "--appendonly",
            "no",
            "--maxmemory",
            "256mb",
            "--maxmemory-policy",
            "allkeys-lru",
        ],
        stdout=subprocess.DEVNULL,
    )
    server_env = {**env, "DJANGO_SETTINGS_MODULE": "pages_bench_settings"}
    traced: list[str] = []
    if trace is not None:
        # One line per request with the time inside the worker (%(D)s, microseconds, from the
        # request read to the response written) and the worker; the app's renders (INFO) and
        # every request over 100 ms (the slow-request log) go to app.log.
        traced = ["--access-logfile", str(trace / "gunicorn-access.log")]
        traced += ["--access-logformat", '%(t)s %(p)s %(D)s %(s)s "%(r)s"']
        server_env.update(LOG_LEVEL="INFO", SLOW_REQUEST_MS="100")
    server = subprocess.Popen(
        [str(ROOT / ".venv" / "bin" / "gunicorn"), "--config", "gunicorn.conf.py"]
        + ["--bind", f"127.0.0.1:{port}", "--workers", str(options.workers)]
        + traced
        + ["--pythonpath", f"{scratch},{ROOT}", "tiebreak_site.wsgi"],
        cwd=ROOT,
        env=server_env,
        start_new_session=True,
        stderr=None if trace is None else (trace / "app.log").open("w"),
    )
    base = f"http://127.0.0.1:{port}"
    proxy = None
    if not options.no_proxy:
        front = _free_port()
        (scratch / "nginx.conf").write_text(
            NGINX.format(
                tmp=scratch,
                app=port,
                front=front,
                access_log="access_log off;"
                if trace is None
                else f"log_format timed '$msec $request_time $upstream_connect_time "
                "$upstream_header_time $upstream_response_time $status $request_method $request_uri';"
                f" access_log {trace / 'nginx-access.log'} timed;",
            )
        )
        proxy = subprocess.Popen(
            [
                "nginx",
                "-c",
                str(scratch / "nginx.conf"),
                "-e",
                str(scratch / "nginx.err"),
            ],
            start_new_session=True,
        )
        base = f"http://127.0.0.1:{front}"  # _wait below retries nginx's 502 until gunicorn is up
    try:
        _wait(base + "/hello/")
        s = f"/t/load/s/{section.pk}/"
        paths = [
            ("standings", s + "standings/"),
            ("pairings", s + "pairings/"),
            ("hello-world", "/hello/"),
        ]
        stats = Stats()
        boards = sorted(expected.items())[: options.boards]
        shares = [boards[n :: options.tds] for n in range(options.tds)]
        round_path = f"/td/t/load/s/{section.pk}/r/{last.number}/"
        # The TDs log in before the round, as in a hall (a login is 0.3 to 0.5 s of a worker's
        # CPU, password hashing: four at once with the phones arriving made the run's first
        # seconds its slowest), and every worker and page has been asked once (a worker's
        # first request loads the app's modules; a page's first version has no earlier copy
        # to show while it renders). What is measured is the round being entered.
        ready, go = threading.Barrier(options.tds + 1), threading.Event()
        tds = [
            threading.Thread(
                target=td,
                args=(base, name, share, round_path, stats, ready, go),
                daemon=True,  # a bench that fails does not wait for them
            )
            for name, share in zip(names, shares, strict=True)
        ]
        for thread in tds:
            thread.start()
        ready.wait(timeout=120)
        _warm(base, [path for _kind, path in paths])
        start, cpu = time.perf_counter(), time.process_time()
        phones = phones_start(base, paths, options.phones)
        try:
            # The phones' first requests come 2 to 4 s after they start: the TDs begin then.
            time.sleep(2)
            go.set()
            for thread in tds:
                thread.join()
        finally:
            polled, phones_cpu = phones_stop(phones)
        elapsed = time.perf_counter() - start
        tds_cpu = time.process_time() - cpu
    finally:
        if proxy is not None:
            proxy.terminate()
            proxy.wait(10)
        os.killpg(server.pid, 15)
        server.wait(30)
        redis.terminate()
        redis.wait(10)

    stored = dict(Pairing.objects.filter(pk__in=expected).values_list("pk", "result"))
    entered = dict(boards)
    lost = sum(1 for pk, result in entered.items() if stored[pk] != result)
    vendor = "PostgreSQL" if url.startswith("postgres") else "SQLite"
    posts = stats.times["result post"]
    total = sum(int(f["requests"]) for f in polled.values()) + len(posts)
    print(
        f"{vendor}, {'gunicorn' if options.no_proxy else 'nginx + gunicorn'} "
        f"{options.workers} workers, {options.phones} phones (wrk), "
        f"{options.tds} TDs, {len(boards)} boards, {os.cpu_count()} CPUs, "
        f"load average {os.getloadavg()[0]:.2f}: "
        f"{total} requests in {elapsed:.0f} s ({total / elapsed:.0f} req/s)"
    )
    print(
        f"{'kind':<14} {'requests':>8} {'p50 ms':>7} {'p90 ms':>7} {'p99 ms':>7} "
        f"{'max ms':>7} {'errors':>6}"
    )
    for kind, f in polled.items():
        print(
            f"{kind:<14} {int(f['requests']):>8} {f['p50'] / 1000:>7.1f} "
            f"{f['p90'] / 1000:>7.1f} {f['p99'] / 1000:>7.1f} {f['max'] / 1000:>7.1f} "
            f"{int(f['errors']):>6}"
        )
    print(
        f"{'result post':<14} {len(posts):>8} {statistics.median(posts) * 1000:>7.1f} "
        f"{_percentile(posts, 0.9) * 1000:>7.1f} {_percentile(posts, 0.99) * 1000:>7.1f} "
        f"{max(posts) * 1000:>7.1f} {stats.errors['result post']:>6}"
    )
    print(f"results lost: {lost}")
    print(
        f"client CPU over the {elapsed:.0f} s: the phones (wrk) {phones_cpu:.1f} s, "
        f"the TDs (this process) {tds_cpu:.1f} s"
    )


if __name__ == "__main__":
    main()
