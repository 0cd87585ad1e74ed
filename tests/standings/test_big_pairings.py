"""A big section's pairings come 100 boards a page and its list by name 100 names a page, each
page linked; "go to player N" and "find a name" lead to the page and row where the player sits.
Titles (FM, IM...) stand beside the names on the pairings and player pages."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from standings.pages.paging import PAGE_ROWS
from tests.tournaments.builders import section_build
from tournaments.models import Player, Section, Tournament

pytestmark = pytest.mark.django_db

PLAYERS = 251  # 125 boards and a bye


@pytest.fixture
def big(tournament: Tournament) -> Section:
    pairs = ", ".join(f"{2 * k + 1}-{2 * k + 2} 0-1" for k in range(PLAYERS // 2))
    return section_build(
        tournament=tournament,
        ratings=[2400 - n for n in range(PLAYERS)],
        # "Name001, Ann"...: the list by name is in start-number order.
        names=[f"Name{n:03d}, Ann" for n in range(1, PLAYERS + 1)],
        rounds=[pairs + f", {PLAYERS} U"],
        rounds_total=5,
    )


def _url(section: Section, number: int = 1) -> str:
    return reverse(
        "standings:pairings",
        kwargs={
            "slug": section.tournament.slug,
            "section": section.pk,
            "number": number,
        },
    )


def _boards(html: str) -> list[int]:
    """The white player of each board shown."""
    return [
        int(n) for n in re.findall(r'<tr><td class="num">\d*</td><td id="n(\d+)"', html)
    ]


def _names(html: str) -> list[int]:
    return [int(n) for n in re.findall(r'<tr id="p(\d+)"', html)]


def test_big_pairings_show_a_hundred_boards_a_page_with_every_page_linked(
    anonymous: Client, big: Section
) -> None:
    first = anonymous.get(_url(big)).content.decode()
    assert len(_boards(first)) == PAGE_ROWS
    assert 'aria-label="Pages of boards"' in first
    assert ">1-100<" in first and ">101-125<" in first
    second = anonymous.get(_url(big) + "?page=2").content.decode()
    assert _boards(second) == [2 * k + 1 for k in range(100, 125)]
    assert set(_boards(first)).isdisjoint(_boards(second))
    # The bye is listed on every page of boards.
    assert "Name251" in first.split('id="by-name"')[0]
    past = anonymous.get(_url(big) + "?page=99&names=99")
    assert _boards(past.content.decode()) == _boards(second)
    # The page shown, the very same copy (the last page of names is shown too).
    assert past["ETag"] == anonymous.get(_url(big) + "?page=2&names=3")["ETag"]


def test_big_pairings_list_by_name_is_paged_apart_from_the_boards(
    anonymous: Client, big: Section
) -> None:
    html = anonymous.get(_url(big) + "?page=2&names=3").content.decode()
    assert _names(html) == list(range(201, PLAYERS + 1))
    assert len(_boards(html)) == 25  # the boards' page is kept
    names_nav = html.split('aria-label="Pages of names"')[1]
    # A link to another page of names keeps the page of boards, and the other way round.
    assert 'href="?page=2">1-100<' in names_nav
    boards_nav = html.split('aria-label="Pages of boards"')[1]
    assert 'href="?names=3">1-100<' in boards_nav


@pytest.mark.parametrize(
    ("query", "where"),
    [
        ("player=2", "?#n2"),  # board 1
        ("player=240", "?page=2#n240"),  # board 120, black
        ("player=251", "?names=3#p251"),  # the bye: its line by name
        ("find=name240", "?page=2#n240"),
        ("find=ann+name201", "?page=2#n201"),  # any order, any case
        ("find=Name2", "?names=2#p200"),  # several: the first of them by name
        ("names=3&player=5", "?names=3#n5"),
    ],
)
def test_go_to_player_and_find_a_name_lead_to_the_players_page_and_row(
    anonymous: Client, big: Section, query: str, where: str
) -> None:
    response = anonymous.get(_url(big) + "?" + query)
    assert response.status_code == 302
    assert response["Location"] == where


def test_find_a_name_that_nobody_has_says_so_and_shows_the_first_page(
    anonymous: Client, big: Section
) -> None:
    response = anonymous.get(_url(big) + "?find=zzz")
    html = response.content.decode()
    assert response.status_code == 200
    assert "No player found for “zzz”" in html
    assert len(_boards(html)) == PAGE_ROWS
    # The message is not kept in the cached page for the next reader.
    assert "No player found" not in anonymous.get(_url(big)).content.decode()


def test_small_pairings_are_one_page_without_page_links(
    anonymous: Client, tournament: Tournament
) -> None:
    small = section_build(
        tournament=tournament,
        ratings=[2000, 1900, 1800, 1700, 1600],
        rounds=["1-2 1-0, 3-4 =, 5 U"],
    )
    html = anonymous.get(_url(small)).content.decode()
    assert _boards(html) == [1, 3]
    assert len(_names(html)) == 5
    assert 'class="paging' not in html and 'id="find-name"' not in html


def test_titles_stand_beside_names_on_the_pairings_and_player_pages(
    anonymous: Client, tournament: Tournament
) -> None:
    small = section_build(
        tournament=tournament,
        ratings=[2400, 2300, 1800, 1700],
        names=["Carlsen, Magnus", "Ju, Wenjun", "Doe, Jane", "Roe, Rick"],
        rounds=["1-2 1-0, 3-4 ="],
    )
    Player.objects.filter(section=small, start_number=1).update(title="GM")
    Player.objects.filter(section=small, start_number=2).update(title="WGM")
    html = anonymous.get(_url(small)).content.decode()
    # On the board, in the list by name, and as the opponent there.
    assert html.count('<span class="ptitle">GM</span> ') == 3
    assert html.count('<span class="ptitle">WGM</span> ') == 3
    player = reverse(
        "standings:player",
        kwargs={"slug": tournament.slug, "section": small.pk, "number": 2},
    )
    page = anonymous.get(player).content.decode()
    assert '<span class="ptitle">WGM</span> Ju, Wenjun</h2>' in page
    assert '<span class="ptitle">GM</span> <a href' in page  # the opponent, round 1


def test_my_page_shows_the_next_opponents_title(
    anonymous: Client, tournament: Tournament
) -> None:
    small = section_build(
        tournament=tournament,
        ratings=[2400, 2300, 1800, 1700],
        names=["Carlsen, Magnus", "Ju, Wenjun", "Doe, Jane", "Roe, Rick"],
        rounds=["1-2 1-0, 3-4 =", "2-1 ?, 4-3 ?"],
        rounds_total=3,
    )
    Player.objects.filter(section=small, start_number=1).update(title="GM")
    me = reverse(
        "standings:me",
        kwargs={"slug": tournament.slug, "section": small.pk, "number": 2},
    )
    html = anonymous.get(me).content.decode()
    assert 'against <span class="ptitle">GM</span> <a href' in html


def test_pairings_ignore_parameters_of_other_pages_and_refuse_a_bad_page(
    anonymous: Client, big: Section
) -> None:
    assert anonymous.get(_url(big) + "?order=name&round=x").status_code == 200
    response = anonymous.get(_url(big) + "?page=x")
    assert response.status_code == 400
    assert "Bad address" in response.content.decode()
