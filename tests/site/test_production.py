"""Production settings: HTTPS by default with DEBUG off, ``check --deploy`` clean with the
documented environment (deploy/tiebreak.env), errors and slow requests logged to stderr."""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
from pathlib import Path

from tests.databases import scratch_postgres

ROOT = Path(__file__).resolve().parents[2]
# Variables of the machine the tests run on that would change what the settings read.
OURS = {
    "DEBUG",
    "SECRET_KEY",
    "SECRET_KEY_FILE",
    "DATABASE_URL",
    "ALLOWED_HOSTS",
    "REDIS_URL",
    "DJANGO_SETTINGS_MODULE",
    # Set by the browser tests (tests/browser/conftest.py) for the live server; a deployment
    # never has it, and check --deploy rightly refuses it (async.E001).
    "DJANGO_ALLOW_ASYNC_UNSAFE",
}


def _run(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in OURS}
    return subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        env={**clean, "DJANGO_SETTINGS_MODULE": "tiebreak_site.settings", **env},
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )


def documented_environment(tmp_path: Path) -> dict[str, str]:
    """deploy/tiebreak.env, with a real secret key file and a scratch database."""
    env = {}
    for line in (ROOT / "deploy" / "tiebreak.env").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, value = line.partition("=")
            env[name] = value
    key = tmp_path / "secret_key"
    key.write_text(secrets.token_urlsafe(50))
    env["SECRET_KEY_FILE"] = str(key)
    env["DATABASE_URL"] = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    env["STATIC_ROOT"] = str(tmp_path / "static")
    return env


def test_check_deploy_is_clean_with_the_documented_environment(tmp_path: Path) -> None:
    run = _run(
        ["manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        documented_environment(tmp_path),
    )
    assert run.returncode == 0, run.stderr + run.stdout
    assert "no issues" in run.stdout


def test_debug_off_means_https_only_unless_told_otherwise() -> None:
    code = (
        "import json; from django.conf import settings as s; print(json.dumps(["
        "s.SECURE_SSL_REDIRECT, s.SECURE_HSTS_SECONDS, s.SECURE_HSTS_INCLUDE_SUBDOMAINS, "
        "s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE]))"
    )
    production = _run(["-c", code], {"DEBUG": "false", "SECRET_KEY": "x" * 50})
    assert production.returncode == 0, production.stderr
    assert json.loads(production.stdout) == [True, 31536000, True, True, True]

    test_instance = _run(
        ["-c", code],
        {
            "DEBUG": "false",
            "SECRET_KEY": "x" * 50,
            "SECURE_SSL_REDIRECT": "false",
            "SECURE_HSTS_SECONDS": "0",
        },
    )
    assert json.loads(test_instance.stdout)[:2] == [False, 0]

    development = _run(["-c", code], {})
    assert json.loads(development.stdout) == [False, 0, False, False, False]


# A request through the whole stack with DEBUG off, against a database that is not there (an
# outage): the server error and the slow request must both reach standard error.
OUTAGE = """
import django
django.setup()
from django.test import Client
response = Client(raise_request_exception=False).get("/", secure=True)
print("status", response.status_code)
"""


def test_with_debug_off_a_server_error_and_a_slow_request_are_logged_to_stderr(
    tmp_path: Path,
) -> None:
    env = {
        "DEBUG": "false",
        "SECRET_KEY": "x" * 50,
        "ALLOWED_HOSTS": "testserver",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'missing' / 'db.sqlite3'}",
        "SLOW_REQUEST_MS": "0",
        "STATIC_ROOT": str(tmp_path / "static"),
    }
    # Deployed pages name the collected (hashed) static files.
    collected = _run(["manage.py", "collectstatic", "--noinput", "-v0"], env)
    assert collected.returncode == 0, collected.stderr
    run = _run(["-c", OUTAGE], env)
    assert "status 500" in run.stdout, run.stderr
    assert "ERROR django.request" in run.stderr
    assert "Internal Server Error: /" in run.stderr
    assert "Traceback" in run.stderr and "OperationalError" in run.stderr
    assert "WARNING tiebreak.slow" in run.stderr
    assert "slow request GET / 500" in run.stderr


def test_collectstatic_with_debug_off_writes_hashed_names_and_gzip_copies(
    tmp_path: Path,
) -> None:
    """A deployment's first collectstatic (no manifest yet) already uses the manifest storage:
    it writes content-hashed names, their gzip copies and the manifest that pages link by."""
    static = tmp_path / "static"
    env = {"DEBUG": "false", "SECRET_KEY": "x" * 50, "STATIC_ROOT": str(static)}

    collected = _run(["manage.py", "collectstatic", "--noinput", "-v0"], env)

    assert collected.returncode == 0, collected.stderr
    manifest = json.loads((static / "staticfiles.json").read_text())["paths"]
    hashed = manifest["vendor/bootstrap-5.3.9.min.css"]
    assert hashed != "vendor/bootstrap-5.3.9.min.css"
    assert (static / hashed).is_file()
    assert (static / f"{hashed}.gz").is_file()


# Three requests through the WSGI handler a server calls (the test client skips the request
# signals that close and check connections); between the first two, PostgreSQL ends every
# other connection to the database, as a restart or a restore does.
RECONNECT = """
import io, sys, django, psycopg
from wsgiref.util import setup_testing_defaults
django.setup()
from django.core.wsgi import get_wsgi_application
app = get_wsgi_application()
def get():
    environ = {"HTTP_HOST": "127.0.0.1", "wsgi.errors": io.StringIO()}
    setup_testing_defaults(environ)
    statuses = []
    body = app(environ, lambda status, headers: statuses.append(status))
    b"".join(body)
    body.close()
    return statuses[0].split()[0]
first = get()
with psycopg.connect(sys.argv[1], autocommit=True) as admin:
    ended = admin.execute(
        "SELECT count(*) FROM pg_stat_activity, pg_terminate_backend(pid)"
        " WHERE datname = current_database() AND pid <> pg_backend_pid()"
    ).fetchone()[0]
print(first, ended, get(), get())
"""


def test_after_postgresql_ends_the_kept_connections_the_next_request_reconnects(
    tmp_path: Path,
) -> None:
    """Workers keep their connection (CONN_MAX_AGE). When PostgreSQL restarts (an upgrade, a
    restore, a failover) those connections are dead: the next request must check its
    connection and open a new one, not fail with a server error."""
    with scratch_postgres(f"tiebreak_reconnect_{os.getpid()}") as url:
        env = {
            "DEBUG": "false",
            "SECRET_KEY": "x" * 50,
            "ALLOWED_HOSTS": "127.0.0.1",
            "DATABASE_URL": url,
            "SECURE_SSL_REDIRECT": "false",
            "STATIC_ROOT": str(tmp_path / "static"),
        }
        for command in (["migrate"], ["collectstatic", "--noinput"]):
            done = _run(["manage.py", *command, "-v0"], env)
            assert done.returncode == 0, done.stderr
        run = _run(["-c", RECONNECT, url], env)
    assert run.returncode == 0, run.stderr
    first, ended, *after = run.stdout.split()
    assert first == "200"
    assert int(ended) >= 1  # the kept connection was there, and was ended
    assert after == ["200", "200"], run.stderr
