"""A big section's standings come 100 rows a page and its wall chart 50 (a wall chart row weighs
four standings rows on a phone), with links to every page, to every score group and a "go to
player" that finds the page and row of any player."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from standings.pages.paging import PAGE_ROWS, WALLCHART_ROWS
from tests.tournaments.builders import section_build
from tournaments.models import Section, Tournament

pytestmark = pytest.mark.django_db

PLAYERS = 250


@pytest.fixture
def big(tournament: Tournament) -> Section:
    # Round 1: the higher number wins every game, so ranks are not start numbers.
    pairs = ", ".join(f"{2 * k + 1}-{2 * k + 2} 0-1" for k in range(PLAYERS // 2))
    return section_build(
        tournament=tournament,
        ratings=[2400 - n for n in range(PLAYERS)],
        rounds=[pairs],
        rounds_total=5,
    )


def _url(name: str, section: Section) -> str:
    return reverse(
        f"standings:{name}",
        kwargs={"slug": section.tournament.slug, "section": section.pk},
    )


def _rows(html: str) -> list[int]:
    return [int(n) for n in re.findall(r'<tr id="n(\d+)"', html)]


@pytest.mark.parametrize(
    ("page", "rows", "labels"),
    [
        ("standings", PAGE_ROWS, ["1-100", "101-200", "201-250"]),
        ("entries", PAGE_ROWS, ["1-100", "101-200", "201-250"]),
        ("crosstable", WALLCHART_ROWS, ["1-50", "51-100", "101-150", "201-250"]),
    ],
)
def test_a_big_section_shows_its_rows_a_page_at_a_time_with_every_page_linked(
    anonymous: Client, big: Section, page: str, rows: int, labels: list[str]
) -> None:
    url = _url(page, big)
    first = anonymous.get(url).content.decode()
    assert len(_rows(first)) == rows
    assert all(label in first for label in labels)
    pages = -(-PLAYERS // rows)
    response = anonymous.get(url + f"?page={pages}")
    last = response.content.decode()
    assert len(_rows(last)) == PLAYERS - (pages - 1) * rows
    assert set(_rows(first)).isdisjoint(_rows(last))
    # A page past the end shows the last one, not an error: the very same copy.
    past = anonymous.get(url + "?page=99")
    assert _rows(past.content.decode()) == _rows(last)
    assert past["ETag"] == response["ETag"]


def test_score_group_links_lead_to_the_groups_first_row(
    anonymous: Client, big: Section
) -> None:
    html = anonymous.get(_url("standings", big)).content.decode()
    groups = re.findall(
        r'href="\?([^"#]*)#n(\d+)">(\d+)<', html.split('score-groups">')[1]
    )
    # Two groups after round 1: the 125 winners (1 point), the 125 losers (0).
    assert [(label, query) for query, _n, label in groups] == [
        ("1", ""),
        ("0", "page=2"),
    ]
    loser = int(groups[1][1])
    page2 = anonymous.get(_url("standings", big) + "?page=2").content.decode()
    assert loser in _rows(page2) and loser % 2 == 1  # the odd numbers lost


@pytest.mark.parametrize(
    ("page", "query", "where"),
    [
        ("standings", "player=2", "#n2"),  # a winner: page 1
        ("standings", "player=1", "page=2#n1"),  # a loser: page 2
        # The starting list is by start number: player 180 is on page 2, 250 on the last.
        ("entries", "player=180", "page=2#n180"),
        ("entries", "player=250", "page=3#n250"),
        ("entries", "player=100", "#n100"),
        ("crosstable", "order=number&player=180", "order=number&page=4#n180"),
        ("crosstable", "order=number&player=30", "order=number#n30"),
        ("crosstable", "round=1&player=249", "round=1&page=5#n249"),
        # The colours asked for stay with the page found.
        ("crosstable", "colours=1&player=249", "colours=1&page=5#n249"),
    ],
)
def test_go_to_player_finds_the_players_page_and_row(
    anonymous: Client, big: Section, page: str, query: str, where: str
) -> None:
    response = anonymous.get(_url(page, big) + "?" + query)
    assert response.status_code == 302
    assert response["Location"] == "?" + where


@pytest.mark.parametrize("order", ["", "order=number&"])
def test_an_opponents_number_on_the_wall_chart_links_to_the_page_holding_their_row(
    anonymous: Client, big: Section, order: str
) -> None:
    url = _url("crosstable", big)
    html = anonymous.get(f"{url}?{order}page=2").content.decode()
    links = re.findall(r'<td class="rd"><a href="([^"]*)">[WLD](\d+)<', html)
    assert len(links) == WALLCHART_ROWS  # one game each
    # By rank, the winners (even numbers) fill pages 1 to 3 and their opponents are on 3 to 5.
    elsewhere = [(href, n) for href, n in links if not href.startswith("#")]
    assert elsewhere if not order else not elsewhere
    for href, number in links:
        query, anchor = href.split("#")
        assert anchor == f"n{number}"
        target = html if not query else anonymous.get(url + query).content.decode()
        assert int(number) in _rows(target), href
        # The link keeps the page's order.
        assert order.rstrip("&") in query or not query


def test_the_starting_list_of_a_big_section_has_go_to_player_as_a_plain_form(
    anonymous: Client, big: Section
) -> None:
    # The same form as the standings and the wall chart: a GET that works without JavaScript.
    html = anonymous.get(_url("entries", big) + "?page=3").content.decode()
    paging = html.split('<nav class="paging')[1].split("</nav>")[0]
    assert '<form method="get"' in paging and 'name="player"' in paging
    assert _rows(html) == list(range(201, PLAYERS + 1))
    # The heading counts the whole section, not the page.
    assert f"Starting list: {PLAYERS} players" in html


def test_a_bad_page_number_on_the_starting_list_says_so(
    anonymous: Client, big: Section
) -> None:
    response = anonymous.get(_url("entries", big) + "?page=zz")
    assert response.status_code == 400
    assert "Bad address (page:" in response.content.decode()


def test_a_small_section_is_one_page_without_page_links(
    anonymous: Client, tournament: Tournament
) -> None:
    small = section_build(
        tournament=tournament,
        ratings=[2000, 1900, 1800, 1700],
        rounds=["1-2 1-0, 3-4 ="],
    )
    html = anonymous.get(_url("standings", small)).content.decode()
    assert len(_rows(html)) == 4 and 'class="paging' not in html


@pytest.mark.parametrize("page", ["standings", "crosstable", "pairings", "entries"])
def test_page_links_carry_the_pages_own_parameters_not_a_visitors_stray_ones(
    anonymous: Client, big: Section, page: str
) -> None:
    kwargs = {"slug": big.tournament.slug, "section": big.pk}
    if page == "pairings":
        kwargs["number"] = 1  # 125 boards: two pages of boards
    url = reverse(f"standings:{page}", kwargs=kwargs)
    # The body is shared by every address of one page: links built from the address as the
    # first visitor sent it would hand that visitor's tracking tag to everyone after.
    tagged = anonymous.get(url + "?utm_source=spam-spam-spam&page=2").content.decode()
    plain = anonymous.get(url + "?page=2").content.decode()

    assert 'href="?"' in tagged  # the link back to page 1 (the page's links are drawn)
    assert "spam-spam-spam" not in tagged and "spam-spam-spam" not in plain
