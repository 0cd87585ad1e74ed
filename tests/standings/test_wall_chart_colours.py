"""The wall chart with each game's colour on request ("W12w", as chess-results and SwissSys
print it), on the page, in print (the same page) and in the CSV."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.builders import section_build
from tournaments.models import Section, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def section(tournament: Tournament) -> Section:
    # Round 1: 1 (white) beats 4, 3 (white) draws 6; round 2: 6 (white) wins by forfeit
    # against 3, 1 (white) draws 2, 4 gets the pairing bye.
    return section_build(
        tournament=tournament,
        ratings=[2200, 2100, 2000, 1900, 1800, 1700],
        rounds=["1-4 1-0, 2-5 1-0, 3-6 =", "1-2 =, 6-3 +-, 5 H, 4 U"],
        rounds_total=4,
    )


def _url(name: str, section: Section) -> str:
    return reverse(
        f"standings:{name}",
        kwargs={"slug": section.tournament.slug, "section": section.pk},
    )


def _cells(html: str) -> dict[int, list[str]]:
    """Each row's round cells as text ("W4w"), tags removed."""
    rows = re.finditer(r'<tr id="n(\d+)"[^>]*>(.*?)</tr>', html, re.S)
    return {
        int(m.group(1)): [
            re.sub(r"<[^>]+>", "", cell)
            for cell in re.findall(r'<td class="rd">(.*?)</td>', m.group(2))
        ]
        for m in rows
    }


def test_the_wall_chart_shows_no_colours_unless_asked(
    anonymous: Client, section: Section
) -> None:
    html = anonymous.get(_url("crosstable", section)).content.decode()
    cells = _cells(html)
    assert cells[1] == ["W4", "D2"] and cells[3] == ["D6", "F6"]
    assert 'class="clr"' not in html
    # The way to ask is on the page.
    assert re.search(r'href="\?round=2&amp;colours=1"[^>]*>Colours w/b<', html)


def test_asked_for_colours_each_game_ends_in_the_players_colour_and_a_bye_has_none(
    anonymous: Client, section: Section
) -> None:
    html = anonymous.get(_url("crosstable", section) + "?colours=1").content.decode()
    cells = _cells(html)
    assert cells[1] == ["W4w", "D2w"]
    assert cells[2] == ["W5w", "D1b"]
    assert cells[3] == ["D6w", "F6b"]
    assert cells[6] == ["D3b", "X3w"]
    assert cells[4] == ["L1b", "B"]
    assert cells[5] == ["L2b", "H"]
    assert '<a href="#n4">W4<span class="clr">w</span></a>' in html
    assert "the player had white or black" in html


def test_the_colour_choice_is_kept_by_the_order_round_and_page_links(
    anonymous: Client, section: Section
) -> None:
    html = anonymous.get(
        _url("crosstable", section) + "?colours=1&order=number"
    ).content.decode()
    assert 'href="?round=2&amp;order=number&amp;colours=1"' in html  # By number
    assert 'href="?round=2&amp;colours=1"' in html  # By rank
    assert 'href="?round=1&amp;order=number&amp;colours=1"' in html  # after round 1
    assert re.search(r'href="\?round=2&amp;order=number"[^>]*>No colours<', html)
    assert _cells(html)[1] == ["W4w", "D2w"]


def test_a_colour_choice_the_page_does_not_know_is_refused(
    anonymous: Client, section: Section
) -> None:
    response = anonymous.get(_url("crosstable", section) + "?colours=yes")
    assert response.status_code == 400
    assert "colours" in response.content.decode()


def test_the_wall_chart_csv_gives_each_games_colour_beside_its_cell(
    anonymous: Client, section: Section
) -> None:
    text = anonymous.get(_url("crosstable_csv", section)).content.decode("utf-8-sig")
    rows = {r["start_number"]: r for r in csv.DictReader(io.StringIO(text))}
    header = next(csv.reader(io.StringIO(text)))
    assert header[4:10] == [
        "round_1",
        "colour_1",
        "after_round_1",
        "round_2",
        "colour_2",
        "after_round_2",
    ]
    assert [(rows["3"][f"round_{r}"], rows["3"][f"colour_{r}"]) for r in (1, 2)] == [
        ("D6", "w"),
        ("F6", "b"),
    ]
    assert (rows["4"]["round_2"], rows["4"]["colour_2"]) == ("B", "")
