"""Scratch PostgreSQL databases for tests that run the app in other processes.

The server is the suite's own when the suite runs on PostgreSQL, else the local one CI starts
(``.ci/run``: 127.0.0.1:5432, user postgres). A test that needs one is skipped, saying so, when
no PostgreSQL server answers there.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import quote

import pytest
from django.db import connection

# .ci/run's server, for a suite that runs on SQLite.
CI_POSTGRES: dict[str, Any] = {
    "host": "127.0.0.1",
    "port": 5432,
    "user": "postgres",
    "dbname": "postgres",
}


def _server() -> dict[str, Any]:
    if connection.vendor == "postgresql":
        # Its maintenance database: the suite's own may not exist yet (or be the test one).
        return {**connection.get_connection_params(), "dbname": "postgres"}
    return dict(CI_POSTGRES)


@contextmanager
def scratch_postgres(name: str) -> Iterator[str]:
    """A new, empty PostgreSQL database ``name`` while the block runs: yields its DATABASE_URL,
    then drops it (with any connection a server process left open)."""
    import psycopg

    params = _server()
    host, port = params.get("host", "127.0.0.1"), params.get("port", 5432)
    try:
        admin = psycopg.connect(**params, autocommit=True, connect_timeout=5)
    except psycopg.OperationalError as error:
        pytest.skip(
            f"no PostgreSQL server answers at {host}:{port} ({error}); run the suite on "
            "PostgreSQL (DATABASE_URL) or start one as .ci/run does"
        )
    with admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}"')
    user = params.get("user", "postgres")
    secret = f":{quote(params['password'], safe='')}" if params.get("password") else ""
    try:
        yield f"postgres://{user}{secret}@{host}:{port}/{name}"
    finally:
        with psycopg.connect(**params, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
