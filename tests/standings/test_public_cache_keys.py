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

from tests.standings.conftest import Keys
from tests.tournaments.builders import section_build
from tests.tournaments.test_team_lineups import league
from tournaments.models import Pairing, Result, Section, Tournament

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


def _keys() -> list[str]:
    return sorted(cache._cache)  # type: ignore[attr-defined]


# (page, garbage or an equivalent spelling, the address of the page it shows)
SAME_PAGE = [
    ("pairings_current", "?round=zzz", ""),
    ("pairings_current", "?round=99999999&order=zzz&colours=7", ""),
    ("pairings_current", "?page=1&round=" + "9" * 10_000, "?page=1"),
    ("standings", "?colours=1", ""),
    ("standings", "?order=number", ""),
    ("standings", "?order=rank&round=01", "?round=1"),
    ("crosstable", "?order=rank", ""),
    (
        "crosstable",
        "?colours=1&order=number&x=" + "y" * 10_000,
        "?colours=1&order=number",
    ),
    ("player", "?round=zzz&page=" + "9" * 10_000, ""),
    ("me", "?round=1&colours=1", ""),
    ("teams", "?page=2&colours=1", ""),
]


@pytest.mark.parametrize(("page", "query", "same"), SAME_PAGE)
def test_ignored_or_equivalent_values_share_the_entry_of_the_page_they_show(
    anonymous: Client, section: Section, page: str, query: str, same: str
) -> None:
    kwargs = {"number": 1} if page in ("player", "me") else {}
    url = _url(page, section, **kwargs)
    first = anonymous.get(url + same)
    entries = _keys()
    with CaptureQueriesContext(connection) as queries:
        again = anonymous.get(url + query)
    assert again.status_code == first.status_code
    assert len(queries) == 0, f"{query[:60]} rendered the page again"
    assert again["ETag"] == first["ETag"]
    assert again.content == first.content
    assert _keys() == entries


@pytest.mark.parametrize(
    ("page", "name"),
    [("standings", "round"), ("standings", "page"), ("crosstable", "order")],
)
def test_refused_values_make_no_key_of_their_own(
    anonymous: Client, section: Section, page: str, name: str
) -> None:
    url = _url(page, section)
    anonymous.get(url)
    entries = _keys()
    etags = set()
    for value in ("zzz", "99999999", "-1", "9" * 10_000):
        response = anonymous.get(url, {name: value})
        assert response.status_code == 400
        etags.add(response["ETag"])
    assert len(etags) == 1  # every bad value is the one "bad address" page
    assert _keys() == entries


@pytest.mark.parametrize(
    ("page", "one", "other"),
    [
        ("standings", "?round=1", "?round=2"),
        ("crosstable", "", "?order=number"),
        ("crosstable", "", "?colours=1"),
        ("pairings_current", "", "?find=Zz"),
    ],
)
def test_different_valid_values_are_different_pages(
    anonymous: Client, section: Section, page: str, one: str, other: str
) -> None:
    url = _url(page, section)
    assert anonymous.get(url + one)["ETag"] != anonymous.get(url + other)["ETag"]


def test_the_trf_format_is_part_of_the_files_address(
    anonymous: Client, section: Section
) -> None:
    url = _url("section_trf", section)
    first = anonymous.get(url + "?version=2026")
    default = anonymous.get(url)
    assert first["ETag"] != default["ETag"]
    assert anonymous.get(url + "?version=zzz")["ETag"] == default["ETag"]


def test_no_cache_key_is_long_whatever_the_address(
    anonymous: Client, section: Section
) -> None:
    long = "9" * 10_000
    for page in ("standings", "crosstable", "pairings_current", "teams"):
        url = _url(page, section)
        anonymous.get(url, {"find": "x" * 100, "page": long, "round": long})
        anonymous.get(url, {"find": "é" * 100})
    assert max(len(key) for key in _keys()) <= 250


# ---- what a page can show bounds its keys: pages past the last, players and names nobody has --


@pytest.mark.parametrize("page", ["standings", "crosstable"])
def test_a_player_who_is_not_there_is_the_page_without_them_and_no_entry_of_its_own(
    anonymous: Client, section: Section, cache_keys: Keys, page: str
) -> None:
    url = _url(page, section)
    plain = anonymous.get(url)
    anonymous.get(url + "?player=9")  # the page's rows are known from now on
    entries = cache_keys()
    for number in (10, 77, 4321, 100_000):
        with CaptureQueriesContext(connection) as queries:
            nobody = anonymous.get(f"{url}?player={number}")
        # The page without the player, as before, and the very same copy: its own ETag,
        # body and poll address are the page's.
        assert nobody.status_code == 200
        assert nobody["ETag"] == plain["ETag"]
        assert nobody.content == plain.content
        assert len(queries) == 0
    assert cache_keys() == entries


def test_go_to_player_costs_no_standings_once_the_pages_rows_are_known(
    anonymous: Client, section: Section
) -> None:
    url = _url("standings", section)
    assert anonymous.get(url + "?player=1")["Location"] == "?#n1"
    with CaptureQueriesContext(connection) as queries:
        found = anonymous.get(url + "?player=5&x=1")
    assert found.status_code == 302
    assert found["Location"] == "?#n5"  # the visitor's stray parameter is not carried
    assert len(queries) == 0


@pytest.mark.parametrize(
    ("query", "said"), [("?player=9{n}", "9{n}"), ("?find=zz{n}", "zz{n}")]
)
def test_a_pairings_search_that_finds_nobody_says_so_and_keeps_nothing_of_its_own(
    anonymous: Client, section: Section, cache_keys: Keys, query: str, said: str
) -> None:
    url = _url("pairings_current", section)
    plain = anonymous.get(url).content.decode()
    anonymous.get(url + query.format(n=0))
    entries = cache_keys()
    for n in range(1, 30):
        response = anonymous.get(url + query.format(n=n))
        html = response.content.decode()
        assert response.status_code == 200
        assert f"No player found for “{said.format(n=n)}”" in html
        # Around the one body, shared with the page without the search.
        live = html[html.index('<div id="live"') :]
        assert plain[plain.index('<div id="live"') :] == live
    assert cache_keys() == entries
    assert "No player found" not in anonymous.get(url).content.decode()


@pytest.mark.parametrize("page", ["standings", "crosstable", "pairings_current"])
def test_a_page_past_the_last_is_the_last_page_and_no_entry_of_its_own(
    anonymous: Client, section: Section, cache_keys: Keys, page: str
) -> None:
    url = _url(page, section)
    plain = anonymous.get(url)
    anonymous.get(url + "?page=2")
    entries = cache_keys()
    for query in ("?page=1", "?page=3", "?page=10000", "?names=9&page=77"):
        again = anonymous.get(url + query)
        assert again["ETag"] == plain["ETag"], query
        assert again.content == plain.content
    assert cache_keys() == entries


def test_page_one_of_a_section_without_pages_is_the_page_itself(
    anonymous: Client, tournament: Tournament, cache_keys: Keys
) -> None:
    empty = section_build(tournament=tournament, ratings=[], rounds=[])
    for page in ("standings", "crosstable", "pairings_current"):
        url = _url(page, empty)
        plain = anonymous.get(url)
        entries = cache_keys()
        for query in ("?page=1", "?page=2", "?player=1"):
            again = anonymous.get(url + query)
            assert again.status_code == 200, (page, query)
            assert again["ETag"] == plain["ETag"] or page == "pairings_current"
        # The pairings say "nobody" to ?player=1 (not kept); the rest is the one page.
        new = set(cache_keys()) - set(entries)
        assert all("-rows:" in key for key in new), new


def test_a_round_the_section_does_not_have_is_answered_and_never_kept(
    anonymous: Client, section: Section, cache_keys: Keys
) -> None:
    anonymous.get(_url("entries", section))  # the section's lookup is kept from now on
    entries = cache_keys()
    for page in ("standings", "crosstable", "teams", "standings_csv"):
        for number in (5, 50, 99):
            response = anonymous.get(_url(page, section), {"round": number})
            said = response.content.decode()
            assert f"round {number} does not exist" in said or page == "teams"
    assert cache_keys() == entries


@pytest.mark.parametrize("page", ["player", "me"])
def test_a_player_number_in_the_path_that_is_nobody_makes_no_entry(
    anonymous: Client, section: Section, cache_keys: Keys, page: str
) -> None:
    assert anonymous.get(_url(page, section, number=1)).status_code == 200
    anonymous.get(_url(page, section, number=9))
    entries = cache_keys()
    for number in (10, 11, 999, 123_456):
        assert anonymous.get(_url(page, section, number=number)).status_code == 404
    assert cache_keys() == entries
    assert anonymous.get(_url(page, section, number=8)).status_code == 200


def test_a_team_match_that_is_not_there_makes_no_entry(
    anonymous: Client, tournament: Tournament, cache_keys: Keys
) -> None:
    section = league(tournament)
    assert (
        anonymous.get(_url("team_match", section, number=1, table=1)).status_code == 200
    )
    anonymous.get(_url("team_match", section, number=1, table=9))
    entries = cache_keys()
    for number, table in ((1, 10), (2, 2), (99, 1), (1234, 5678)):
        response = anonymous.get(
            _url("team_match", section, number=number, table=table)
        )
        assert response.status_code == 404
    assert cache_keys() == entries


def test_an_htmx_header_that_is_not_htmx_is_the_plain_page(
    anonymous: Client, section: Section, cache_keys: Keys
) -> None:
    url = _url("standings", section)
    plain = anonymous.get(url)
    entries = cache_keys()
    for value in ("false", "1", "x" * 50):
        again = anonymous.get(url, headers={"HX-Request": value})
        assert again["ETag"] == plain["ETag"]
        assert again.content == plain.content
    assert cache_keys() == entries
    assert anonymous.get(url, headers={"HX-Request": "true"})["ETag"] != plain["ETag"]


def test_a_director_still_gets_a_fresh_page_and_is_led_to_a_player(
    td_client: Client, section: Section
) -> None:
    url = _url("standings", section)
    assert td_client.get(url + "?player=3")["Location"] == "?#n3"
    page = td_client.get(url + "?player=99&page=50")
    assert page.status_code == 200
    Pairing.objects.filter(round__section=section, round__number=2).update(
        result=Result.WHITE_WIN
    )
    again = td_client.get(url + "?player=99&page=50").content.decode()
    assert "Standings after round 2" in again
