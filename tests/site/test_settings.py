"""Settings come from the environment; production refuses the placeholder secret key."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def load_settings(**env: str) -> subprocess.CompletedProcess[str]:
    """Import the real settings in a fresh interpreter with only the given variables set."""
    clean = {
        k: v
        for k, v in os.environ.items()
        if k not in {"DEBUG", "SECRET_KEY", "DATABASE_URL", "ALLOWED_HOSTS"}
    }
    code = (
        "import django.conf as c, json; from django.conf import settings; "
        "print(json.dumps([settings.DEBUG, settings.DATABASES['default']['ENGINE'], settings.ALLOWED_HOSTS]))"
    )
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**clean, "DJANGO_SETTINGS_MODULE": "tiebreak_site.settings", **env},
        capture_output=True,
        text=True,
        check=False,
    )


def test_defaults_to_debug_on_sqlite_with_nothing_set() -> None:
    run = load_settings()
    assert run.returncode == 0, run.stderr
    assert (
        run.stdout.strip()
        == '[true, "django.db.backends.sqlite3", ["localhost", "127.0.0.1", "[::1]"]]'
    )


def test_refuses_to_start_with_debug_off_and_placeholder_secret_key() -> None:
    run = load_settings(DEBUG="false")
    assert run.returncode != 0
    assert "SECRET_KEY must be set" in run.stderr


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        (
            {
                "DEBUG": "false",
                "SECRET_KEY": "s3cret-for-tests",
                "ALLOWED_HOSTS": "td.example.org",
            },
            "false",
        ),
        ({"DATABASE_URL": "postgres://postgres@127.0.0.1:5432/tiebreak"}, "postgresql"),
    ],
    ids=["production-secret", "postgres-url"],
)
def test_reads_debug_secret_hosts_and_database_from_environment(
    env: dict[str, str], expected: str
) -> None:
    run = load_settings(**env)
    assert run.returncode == 0, run.stderr
    assert expected in run.stdout


def test_rejects_a_debug_value_that_is_not_a_boolean() -> None:
    run = load_settings(DEBUG="maybe")
    assert run.returncode != 0
    assert "DEBUG must be true or false" in run.stderr
