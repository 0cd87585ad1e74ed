"""The public pages cache rendered bodies: each test starts with an empty cache."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import redis
from django.core.cache import cache

from tests.servers import free_port, wait_for_port
from tests.tournaments.builders import section_build
from tournaments.models import Section, Tournament


@pytest.fixture(autouse=True)
def empty_cache() -> Iterator[None]:
    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def lookup_on_every_request(settings: Any) -> None:
    """Tests see a change at once; test_public_speed checks the reuse window on its own."""
    settings.PUBLIC_PAGES_FRESH_SECONDS = 0


@pytest.fixture
def eight_player_section(tournament: Tournament, settings: Any) -> Section:
    """Eight players, round 1 played and round 2 paired with no result yet; a plain visitor's
    lookup is reused for a minute: a cached page then costs no query, a render (which must read
    the section) shows as queries, and a test ends the window by hand."""
    settings.PUBLIC_PAGES_FRESH_SECONDS = 60
    return section_build(
        tournament=tournament,
        ratings=[2000 - n for n in range(8)],
        rounds=["1-5 1-0, 2-6 =, 3-7 0-1, 4-8 1-0", "5-2 ?, 6-1 ?, 7-4 ?, 8-3 ?"],
        rounds_total=4,
    )


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    """A redis-server of the tests' own on loopback (Debian's, which scripts/test installs)."""
    if shutil.which("redis-server") is None:
        pytest.skip(
            "redis-server is not installed (scripts/test installs Debian's one)"
        )
    port = free_port()
    server = subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1"]
        + ["--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for_port(port, server, "redis-server")
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        server.terminate()
        server.wait(10)


Keys = Callable[[], list[str]]


@pytest.fixture(params=["memory", "redis"])
def cache_keys(request: pytest.FixtureRequest, settings: Any) -> Iterator[Keys]:
    """The pages' cache, in memory (one server) and in Redis (as deployed: several servers
    share it), neither forgetting anything (a full cache would hide what is kept); what it
    returns lists the cache's keys."""
    if request.param == "memory":
        settings.CACHES = {
            "default": {
                "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                "LOCATION": "unbounded",
                "OPTIONS": {"MAX_ENTRIES": 1_000_000},
            }
        }
        yield lambda: sorted(cache._cache)  # type: ignore[attr-defined]
        cache.clear()
        return
    url = request.getfixturevalue("redis_url")
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": url,
            "KEY_PREFIX": "tiebreak",
        }
    }
    cache.clear()
    client = redis.Redis.from_url(url, decode_responses=True)
    yield lambda: sorted(str(key) for key in client.keys("*"))
    cache.clear()
    client.close()
