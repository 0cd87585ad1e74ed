"""The public pages cache rendered bodies: each test starts with an empty cache."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def empty_cache() -> Iterator[None]:
    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def lookup_on_every_request(settings: Any) -> None:
    """Tests see a change at once; test_public_speed checks the reuse window on its own."""
    settings.PUBLIC_PAGES_FRESH_SECONDS = 0
