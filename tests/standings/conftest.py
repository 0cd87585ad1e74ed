"""The public pages cache rendered bodies: each test starts with an empty cache."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.core.cache import cache

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
