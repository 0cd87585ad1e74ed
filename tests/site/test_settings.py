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


@pytest.mark.parametrize(
    "key", [None, "", "   "], ids=["placeholder", "empty", "blank"]
)
def test_refuses_to_start_with_debug_off_and_no_real_secret_key(
    key: str | None,
) -> None:
    run = load_settings(DEBUG="false", **({} if key is None else {"SECRET_KEY": key}))
    assert run.returncode != 0
    assert "SECRET_KEY must be set" in run.stderr


def test_secret_key_file_that_cannot_be_read_is_named(tmp_path: Path) -> None:
    missing = tmp_path / "no-such-key"
    run = load_settings(DEBUG="false", SECRET_KEY_FILE=str(missing))
    assert run.returncode != 0
    assert f"SECRET_KEY_FILE: cannot read {missing}" in run.stderr


def test_secret_key_is_read_from_a_file(tmp_path: Path) -> None:
    key = tmp_path / "key"
    key.write_text("s3cret-from-a-file\n")
    run = load_settings(DEBUG="false", SECRET_KEY_FILE=str(key))
    assert run.returncode == 0, run.stderr


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


@pytest.mark.parametrize("value", ["maybe", ""], ids=["word", "empty"])
def test_rejects_a_debug_value_that_is_not_a_boolean(value: str) -> None:
    run = load_settings(DEBUG=value)
    assert run.returncode != 0
    assert "DEBUG must be true or false" in run.stderr


def test_refuses_a_freshness_that_is_not_a_whole_number() -> None:
    run = load_settings(PUBLIC_PAGES_FRESH_SECONDS="two")
    assert run.returncode != 0
    assert "PUBLIC_PAGES_FRESH_SECONDS must be a whole number, not 'two'" in run.stderr
