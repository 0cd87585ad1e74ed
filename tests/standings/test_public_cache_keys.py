"""The public pages' cache is keyed by what changes the page, and bounded.

An address nobody links to (``?x=1``, ``?x=2``...) must neither force a render nor make a new
cache entry: otherwise anyone can fill a worker's memory and its CPU with them.
"""

from __future__ import annotations

import pytest
from django.conf import settings as django_settings
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournaments.models import Section

pytestmark = pytest.mark.django_db


@pytest.fixture
def section(eight_player_section: Section) -> Section:
    return eight_player_section


def _url(name: str, section: Section, **kwargs: int) -> str:
    return reverse(
        f"standings:{name}",
        kwargs={"slug": section.tournament.slug, "section": section.pk, **kwargs},
    )


@pytest.mark.parametrize("page", ["standings", "crosstable", "pairings_current"])
def test_unknown_query_parameters_neither_render_nor_store_the_page_again(
    anonymous: Client, section: Section, page: str
) -> None:
    url = _url(page, section)
    first = anonymous.get(url + "?x=0")
    assert first.status_code == 200
    entries = len(cache._cache)  # type: ignore[attr-defined]

    for n in range(1, 30):
        with CaptureQueriesContext(connection) as queries:
            again = anonymous.get(f"{url}?x={n}&utm_source=qr{n}")
        assert len(queries) == 0, f"?x={n} rendered the page again"
        assert again["ETag"] == first["ETag"]
        assert again.content == first.content

    assert len(cache._cache) == entries  # type: ignore[attr-defined]


def test_a_page_polls_its_own_address_without_the_unknown_parameters(
    anonymous: Client, section: Section
) -> None:
    url = _url("standings", section)
    page = anonymous.get(url + "?round=1&fbclid=abc&x=2").content.decode()
    assert f'data-live-url="{url}?round=1"' in page
    assert "fbclid" not in page


def test_the_same_round_spelled_two_ways_is_one_page(
    anonymous: Client, section: Section
) -> None:
    url = _url("standings", section)
    first = anonymous.get(url + "?round=1")
    with CaptureQueriesContext(connection) as queries:
        again = anonymous.get(url + "?round=01&x=1")
    assert len(queries) == 0
    assert again["ETag"] == first["ETag"]
    # ... while another round is another page.
    assert anonymous.get(url + "?round=0")["ETag"] != first["ETag"]


def test_a_bad_value_still_gets_its_own_message_and_is_not_stored(
    anonymous: Client, section: Section
) -> None:
    url = _url("standings", section)
    anonymous.get(url)
    entries = len(cache._cache)  # type: ignore[attr-defined]
    for value in ("abc", "zzz"):
        response = anonymous.get(f"{url}?order={value}")
        assert response.status_code == 400
        assert value in response.content.decode()
    assert len(cache._cache) == entries  # type: ignore[attr-defined]


def test_a_player_number_that_is_nobody_costs_no_standings(
    anonymous: Client, section: Section
) -> None:
    anonymous.get(_url("standings", section))
    with CaptureQueriesContext(connection) as queries:
        response = anonymous.get(_url("player", section, number=9999))
    assert response.status_code == 404
    # The lookup was reused: the one query asks whether the player exists.
    assert len(queries) <= 1, [q["sql"] for q in queries.captured_queries]


def test_the_page_cache_holds_at_most_its_configured_number_of_entries(
    anonymous: Client, section: Section
) -> None:
    limit: int = django_settings.CACHES["default"]["OPTIONS"]["MAX_ENTRIES"]
    assert limit == django_settings.CACHE_MAX_ENTRIES
    assert limit <= 200
    # Every player's page (and its 404s) is a real address: each makes entries.
    for number in range(1, limit + 60):
        anonymous.get(_url("player", section, number=number))
        anonymous.get(_url("me", section, number=number))
    assert len(cache._cache) <= limit  # type: ignore[attr-defined]
