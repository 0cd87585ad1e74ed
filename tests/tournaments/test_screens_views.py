"""The TD's hall-screens page: add a screen, change what it shows, mark a section final."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.builders import section_build
from tournaments.models import HallScreen, Section, Tournament
from tournaments.services import SCREEN_NAME_TAKEN

pytestmark = pytest.mark.django_db


@pytest.fixture
def section(tournament: Tournament) -> Section:
    return section_build(
        tournament=tournament, ratings=[2000, 1900], rounds=["1-2 1-0"]
    )


def final_url(section: Section) -> str:
    return reverse(
        "tournaments:section_final",
        kwargs={"slug": section.tournament.slug, "section": section.pk},
    )


def test_td_adds_a_screen_showing_standings(
    td_client: Client, tournament: Tournament, section: Section
) -> None:
    url = reverse("tournaments:screens", kwargs={"slug": tournament.slug})

    response = td_client.post(
        url,
        {
            "new-name": "Hall TV",
            "new-section": section.pk,
            "new-content": HallScreen.Content.STANDINGS,
            "new-seconds_per_page": "20",
        },
    )

    assert response.status_code == 302
    screen = HallScreen.objects.get(tournament=tournament)
    assert (screen.name, screen.section, screen.content, screen.seconds_per_page) == (
        "Hall TV",
        section,
        HallScreen.Content.STANDINGS,
        20,
    )
    page = td_client.get(url).content.decode()
    assert (
        reverse(
            "standings:hall_screen",
            kwargs={"slug": tournament.slug, "screen": screen.pk},
        )
        in page
    )


def test_a_screen_name_used_twice_is_refused_and_nothing_changes(
    td_client: Client, tournament: Tournament
) -> None:
    HallScreen.objects.create(tournament=tournament, name="Door")
    response = td_client.post(
        reverse("tournaments:screens", kwargs={"slug": tournament.slug}),
        {
            "new-name": "Door",
            "new-content": "pairings_name",
            "new-seconds_per_page": "15",
        },
    )
    assert response.status_code == 200
    assert SCREEN_NAME_TAKEN.format(name="Door") in response.content.decode()
    assert HallScreen.objects.filter(tournament=tournament).count() == 1


def test_a_section_of_another_tournament_is_refused(
    td_client: Client, tournament: Tournament
) -> None:
    foreign = section_build(ratings=[2000, 1900], rounds=["1-2 1-0"])
    screen = HallScreen.objects.create(tournament=tournament, name="Door")
    response = td_client.post(
        reverse(
            "tournaments:screen_update",
            kwargs={"slug": tournament.slug, "screen": screen.pk},
        ),
        {
            f"s{screen.pk}-name": "Door",
            f"s{screen.pk}-section": foreign.pk,
            f"s{screen.pk}-content": "standings",
            f"s{screen.pk}-seconds_per_page": "15",
        },
    )
    assert response.status_code == 200
    screen.refresh_from_db()
    assert screen.section is None and screen.content == "pairings_name"


def test_td_changes_what_a_screen_shows(
    td_client: Client, tournament: Tournament, section: Section
) -> None:
    screen = HallScreen.objects.create(tournament=tournament, name="Door")
    td_client.post(
        reverse(
            "tournaments:screen_update",
            kwargs={"slug": tournament.slug, "screen": screen.pk},
        ),
        {
            f"s{screen.pk}-name": "Door",
            f"s{screen.pk}-section": section.pk,
            f"s{screen.pk}-content": "pairings_board",
            f"s{screen.pk}-seconds_per_page": "8",
        },
    )
    screen.refresh_from_db()
    assert (screen.content, screen.seconds_per_page) == ("pairings_board", 8)


def test_td_marks_a_section_final_and_its_pages_say_so(
    td_client: Client, anonymous: Client, tournament: Tournament, section: Section
) -> None:
    url = final_url(section)

    assert td_client.post(url, {"final": "on"}).status_code == 302

    section.refresh_from_db()
    assert section.is_final
    standings = anonymous.get(
        reverse(
            "standings:standings",
            kwargs={"slug": tournament.slug, "section": section.pk},
        )
    ).content.decode()
    assert "· final" in standings and "Final results as files" in standings

    td_client.post(url, {"reason": "Board 3 result was misread"})
    section.refresh_from_db()
    assert not section.is_final


@pytest.mark.parametrize(
    ("rounds", "rounds_total", "question"),
    [
        ([], 3, "U1600 has not started: none of its 3 rounds is paired."),
        (
            ["1-2 1-0, 3-4 ?"],
            3,
            "U1600 is not finished: the last round paired is round 1 of 3 and 1 result "
            "of round 1 is missing.",
        ),
        (
            ["1-2 1-0, 3-4 1-0", "1-3 ?, 2-4 ?"],
            2,
            "U1600 is not finished: 2 results of round 2 are missing.",
        ),
    ],
    ids=["not-started", "round-1-of-3", "last-round-results-missing"],
)
def test_marking_an_unfinished_section_final_asks_first_naming_it(
    td_client: Client,
    tournament: Tournament,
    rounds: list[str],
    rounds_total: int,
    question: str,
) -> None:
    """The wrong section's button tapped on a phone: asked, by name, and nothing locked."""
    u1600 = section_build(
        tournament=tournament,
        name="U1600",
        ratings=[1500, 1400, 1300, 1200],
        rounds=rounds,
        rounds_total=rounds_total,
    )
    url = final_url(u1600)

    asked = td_client.post(url, {"final": "on"})

    assert asked.status_code == 200
    html = asked.content.decode()
    assert question in html
    assert "Mark U1600 final anyway" in html
    u1600.refresh_from_db()
    assert not u1600.is_final
    assert not u1600.events.exists()

    td_client.post(url, {"final": "on", "confirm": "on"})
    u1600.refresh_from_db()
    assert u1600.is_final


def test_a_finished_section_is_marked_final_without_a_question(
    td_client: Client, tournament: Tournament, section: Section
) -> None:
    url = final_url(section)
    assert td_client.post(url, {"final": "on"}).status_code == 302
    section.refresh_from_db()
    assert section.is_final


def test_the_final_page_says_where_each_section_stands_beside_its_button(
    td_client: Client, tournament: Tournament, section: Section
) -> None:
    section_build(
        tournament=tournament,
        name="U1600",
        ratings=[1500, 1400, 1300, 1200],
        rounds=["1-2 1-0, 3-4 ?"],
        rounds_total=3,
    )
    html = td_client.get(
        reverse("tournaments:screens", kwargs={"slug": tournament.slug})
    ).content.decode()
    assert "Round 1 of 1 · all results in" in html
    assert "Round 1 of 3 · 1 result missing" in html
    assert 'Mark results final<span class="visually-hidden"> for U1600</span>' in html


def test_another_td_cannot_mark_the_section_final(
    other_td_client: Client, tournament: Tournament, section: Section
) -> None:
    url = final_url(section)
    assert other_td_client.post(url, {"final": "on"}).status_code == 403
    section.refresh_from_db()
    assert not section.is_final


def test_td_splits_a_list_over_screens_and_sets_message_lines_and_countdown(
    td_client: Client, tournament: Tournament, section: Section
) -> None:
    screen = HallScreen.objects.create(tournament=tournament, name="Door")
    url = reverse(
        "tournaments:screen_update",
        kwargs={"slug": tournament.slug, "screen": screen.pk},
    )
    data = {
        f"s{screen.pk}-name": "Door",
        f"s{screen.pk}-section": section.pk,
        f"s{screen.pk}-content": HallScreen.Content.LAST_RESULTS,
        f"s{screen.pk}-seconds_per_page": "15",
        f"s{screen.pk}-rows_per_page": "20",
        f"s{screen.pk}-part": "2",
        f"s{screen.pk}-parts": "3",
        f"s{screen.pk}-message": "  Boards 4 and 9, please report your results ",
        f"s{screen.pk}-next_round_at": "14:30",
    }
    assert td_client.post(url, data).status_code == 302
    screen.refresh_from_db()
    assert (
        screen.content,
        screen.rows_per_page,
        screen.part,
        screen.parts,
        screen.message,
        screen.next_round_at,
    ) == (
        HallScreen.Content.LAST_RESULTS,
        20,
        2,
        3,
        "Boards 4 and 9, please report your results",
        datetime.time(14, 30),
    )
    page = td_client.get(
        reverse("tournaments:screens", kwargs={"slug": tournament.slug})
    ).content.decode()
    assert 'value="14:30"' in page and "Boards 4 and 9" in page

    # Part 4 of 3 does not exist: refused, nothing changes.
    data[f"s{screen.pk}-part"] = "4"
    response = td_client.post(url, data)
    assert "Part 4 of 3 does not exist" in response.content.decode()
    screen.refresh_from_db()
    assert screen.part == 2
