"""Two app servers behind one Redis and one database: what one learns, the other shows.

A real ``redis-server`` (Debian's; scripts/test installs it) and two gunicorn processes on
loopback, with DEBUG off, share the suite's kind of database (a scratch PostgreSQL database when
the suite runs on PostgreSQL, else a scratch SQLite file). A TD enters a result through server
A; server B's cached public page shows it within ``PUBLIC_PAGES_FRESH_SECONDS``, and each page
is rendered once for both servers (each render is one log line, standings/cache.py).
"""

from __future__ import annotations

import http.cookiejar
import json
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.db import connection

from tests.databases import scratch_postgres
from tests.servers import free_port, wait_for_port

ROOT = Path(__file__).resolve().parents[2]
FRESH_SECONDS = 2
PASSWORD = "two-servers-password"

pytestmark = [
    pytest.mark.skipif(
        shutil.which("redis-server") is None,
        reason="redis-server is not installed (scripts/test installs Debian's redis-server)",
    ),
    pytest.mark.skipif(
        shutil.which("gunicorn", path=str(Path(sys.executable).parent)) is None,
        reason="gunicorn is not installed in this environment",
    ),
]

# Run in the servers' environment before they start: a TD, a published tournament and a round
# with one result still to come (the other is in), so the standings change when it is entered.
SETUP = """
import json
import django
django.setup()
from django.contrib.auth.models import User
from tests.tournaments.builders import section_build, tournament_build
from tournaments.models import Pairing, Round
tournament = tournament_build(name="Two Servers Open", is_published=True)
td = User.objects.create_user("td", password=THE_PASSWORD)
tournament.directors.add(td)
section = section_build(
    tournament=tournament, ratings=[2000, 1900, 1800, 1700], rounds=["1-2 ?, 3-4 1-0"],
    rounds_total=3,
)
Round.objects.filter(section=section).update(status=Round.Status.PAIRED)
pending = Pairing.objects.get(round__section=section, result="pending")
print(json.dumps({"slug": tournament.slug, "section": section.pk, "pairing": pending.pk}))
""".replace("THE_PASSWORD", repr(PASSWORD))


@dataclass
class Stack:
    a: str
    b: str
    logs: list[Path]
    slug: str
    section: int
    pairing: int


@pytest.fixture
def database_url(tmp_path: Path) -> Iterator[str]:
    """A scratch database of the suite's kind: PostgreSQL when the suite runs on it."""
    if connection.vendor != "postgresql":
        yield f"sqlite:///{tmp_path / 'shared.sqlite3'}"
        return
    with scratch_postgres(f"tiebreak_two_servers_{os.getpid()}") as url:
        yield url


@pytest.fixture
def stack(tmp_path: Path, database_url: str) -> Iterator[Stack]:
    redis_port, port_a, port_b = free_port(), free_port(), free_port()
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")},
        "DJANGO_SETTINGS_MODULE": "tiebreak_site.settings",
        "DEBUG": "false",
        "SECRET_KEY": "two-servers-test-key-" + "x" * 40,
        "ALLOWED_HOSTS": "127.0.0.1",
        "DATABASE_URL": database_url,
        "REDIS_URL": f"redis://127.0.0.1:{redis_port}/0",
        "PUBLIC_PAGES_FRESH_SECONDS": str(FRESH_SECONDS),
        # Plain HTTP on loopback: no TLS in this test.
        "SECURE_SSL_REDIRECT": "false",
        "SESSION_COOKIE_SECURE": "false",
        "CSRF_COOKIE_SECURE": "false",
        "SECURE_HSTS_SECONDS": "0",
        "LOG_LEVEL": "INFO",
        "PYTHONPATH": str(ROOT),
        "STATIC_ROOT": str(tmp_path / "static"),
    }
    processes: list[subprocess.Popen[bytes]] = []
    files = []
    try:
        redis = subprocess.Popen(
            ["redis-server", "--port", str(redis_port), "--bind", "127.0.0.1"]
            + ["--save", "", "--appendonly", "no", "--maxmemory", "64mb"]
            + ["--maxmemory-policy", "allkeys-lru"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        processes.append(redis)
        wait_for_port(redis_port, redis, "redis-server")
        # Deployed pages name the collected (hashed) static files.
        for command in (["migrate"], ["collectstatic", "--noinput"]):
            subprocess.run(
                [sys.executable, "manage.py", *command, "-v0"],
                cwd=ROOT,
                env=env,
                check=True,
            )
        made = subprocess.run(
            [sys.executable, "-c", SETUP],
            cwd=ROOT,
            env=env,
            check=True,
            capture_output=True,
            text=True,
        )
        ids = json.loads(made.stdout.strip().splitlines()[-1])
        gunicorn = str(Path(sys.executable).parent / "gunicorn")
        logs = []
        for name, port in (("a", port_a), ("b", port_b)):
            log = tmp_path / f"server-{name}.log"
            logs.append(log)
            files.append(log.open("wb"))
            server = subprocess.Popen(
                [
                    gunicorn,
                    "--config",
                    "gunicorn.conf.py",
                    "--bind",
                    f"127.0.0.1:{port}",
                ]
                + ["--workers", "1", "tiebreak_site.wsgi"],
                cwd=ROOT,
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=files[-1],
            )
            processes.append(server)
            wait_for_port(port, server, f"server {name}")
        yield Stack(
            a=f"http://127.0.0.1:{port_a}",
            b=f"http://127.0.0.1:{port_b}",
            logs=logs,
            slug=ids["slug"],
            section=ids["section"],
            pairing=ids["pairing"],
        )
    finally:
        for process in reversed(processes):
            process.terminate()
        for process in processes:
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        for file in files:
            file.close()


def _get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=30) as response:
        return str(response.read().decode())


def _renders(stack: Stack, kind: str) -> list[str]:
    """The log lines of every render of page ``kind`` of the section, on both servers."""
    return [
        line
        for log in stack.logs
        for line in log.read_text().splitlines()
        if f"rendered public:{kind}:{stack.section}:" in line
    ]


def _td_enters_the_result(stack: Stack) -> None:
    """Log in through server A as a browser would (CSRF cookie and token), post the result."""
    jar = http.cookiejar.CookieJar()
    browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))

    def post(path: str, fields: dict[str, str], token: str) -> None:
        data = urllib.parse.urlencode({**fields, "csrfmiddlewaretoken": token}).encode()
        request = urllib.request.Request(
            stack.a + path, data=data, headers={"Referer": stack.a + path}
        )
        with browser.open(request, timeout=30) as response:
            assert response.status == 200

    def token(path: str) -> str:
        with browser.open(stack.a + path, timeout=30) as response:
            page = response.read().decode()
        found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
        assert found, path
        return found.group(1)

    login = "/accounts/login/"
    post(login, {"username": "td", "password": PASSWORD}, token(login))
    round_page = f"/td/t/{stack.slug}/s/{stack.section}/r/1/"
    post(
        f"{round_page}p/{stack.pairing}/result/",
        {"result": "white_win", "based_on": "pending"},
        token(round_page),
    )


def test_a_result_entered_on_one_server_shows_on_the_others_cached_page(
    stack: Stack,
) -> None:
    standings = f"/t/{stack.slug}/s/{stack.section}/standings/"
    before = _get(stack.b + standings)
    assert "Standings after round 0" in before
    # Server A's visitors get the page server B rendered: one render for both.
    assert _get(stack.a + standings) == before
    assert len(_renders(stack, "standings")) == 1

    _td_enters_the_result(stack)
    entered = time.monotonic()
    while "Standings after round 1" not in _get(stack.b + standings):
        assert time.monotonic() - entered < FRESH_SECONDS + 2, "B never showed it"
        time.sleep(0.1)
    seen = time.monotonic() - entered

    assert seen <= FRESH_SECONDS + 1
    assert "Standings after round 1" in _get(stack.a + standings)
    # Once for the page before the result, once after: never once per server.
    assert len(_renders(stack, "standings")) == 2
