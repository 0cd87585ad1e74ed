"""The TD's hall-screens page: add a screen, change what it shows, mark a section final."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.builders import section_build
from tournaments import services
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
            # Another screen than the Door (the same one sent twice is answered as added).
            "new-content": "standings",
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


def screen_form_data(response: Any, screen: HallScreen) -> dict[str, Any]:
    """What the screen's form on the page posts back as drawn (its version included)."""
    form = next(f for s, f in response.context["screens"] if s.pk == screen.pk)
    return {
        form[name].html_name: form[name].value()
        for name in form.fields
        if form[name].value() is not None
    }


def test_a_screen_added_twice_is_answered_as_added_and_saved_once(
    td_client: Client, tournament: Tournament, section: Section
) -> None:
    url = reverse("tournaments:screens", kwargs={"slug": tournament.slug})
    sent = {
        "new-name": "Hall TV",
        "new-section": section.pk,
        "new-content": HallScreen.Content.STANDINGS,
        "new-seconds_per_page": "20",
    }

    first = td_client.post(url, sent)
    second = td_client.post(url, sent)  # the first answer lost

    # Answered as added (back to the list), not with the name-taken refusal.
    assert (first.status_code, second.status_code) == (302, 302)
    assert HallScreen.objects.filter(tournament=tournament).count() == 1


def test_a_screen_saved_from_a_page_drawn_before_another_tds_change_keeps_theirs(
    td_client: Client, tournament: Tournament, section: Section
) -> None:
    screen = HallScreen.objects.create(tournament=tournament, name="Door")
    page_url = reverse("tournaments:screens", kwargs={"slug": tournament.slug})
    drawn = screen_form_data(td_client.get(page_url), screen)
    # Another TD puts a message line on the screen.
    screen.message = "Round 3 starts at 14:00"
    services.hall_screen_save(screen=screen)
    url = reverse(
        "tournaments:screen_update",
        kwargs={"slug": tournament.slug, "screen": screen.pk},
    )

    refused = td_client.post(url, drawn | {f"s{screen.pk}-seconds_per_page": "8"})

    assert refused.status_code == 200
    text = refused.content.decode()
    assert "changed after this page was opened" in text
    assert "message from &#x27;Round 3 starts at 14:00&#x27; to empty" in text
    screen.refresh_from_db()
    assert (screen.message, screen.seconds_per_page) == ("Round 3 starts at 14:00", 15)

    # The form now carries the screen's version: saving again replaces, on purpose.
    again = td_client.post(url, screen_form_data(refused, screen))

    assert again.status_code == 302
    screen.refresh_from_db()
    assert (screen.message, screen.seconds_per_page) == ("", 8)


def test_a_screen_form_sent_twice_saves_once_without_an_error(
    td_client: Client, tournament: Tournament, section: Section
) -> None:
    screen = HallScreen.objects.create(tournament=tournament, name="Door")
    page_url = reverse("tournaments:screens", kwargs={"slug": tournament.slug})
    sent = screen_form_data(td_client.get(page_url), screen) | {
        f"s{screen.pk}-content": "pairings_board"
    }
    url = reverse(
        "tournaments:screen_update",
        kwargs={"slug": tournament.slug, "screen": screen.pk},
    )

    assert td_client.post(url, sent).status_code == 302
    assert td_client.post(url, sent).status_code == 302
    screen.refresh_from_db()
    assert screen.content == "pairings_board"


def test_a_refused_screen_is_named_at_the_top_of_the_page_with_what_to_do(
    td_client: Client, tournament: Tournament, section: Section
) -> None:
    response = td_client.post(
        reverse("tournaments:screens", kwargs={"slug": tournament.slug}),
        {
            "new-name": "",
            "new-content": "standings",
            "new-seconds_per_page": "1",
            "new-next_round_at": "25:61",
        },
    )

    assert response.status_code == 200
    assert not HallScreen.objects.filter(tournament=tournament).exists()
    page = response.content.decode()
    # Where the page opens, above the sections: the form is a screen or two further down.
    summary = page[page.index('data-testid="screen-refused"') :]
    assert page.index('data-testid="screen-refused"') < page.index("<h2")
    summary = summary[: summary.index("</div>")]
    assert "The screen was not added" in summary
    assert "Give the screen a name, e.g. Door TV" in summary
    assert "Each page stays up from 3 to 300 seconds." in summary
    assert "Enter a time such as 19:30, or leave it empty." in summary
    assert 'href="#add-screen"' in summary
    # The time's error stands under a field marked invalid (else Bootstrap hides it).
    assert (
        'value="25:61" class="form-control is-invalid"' in page
        and 'id="id_new-next_round_at-error"' in page
    )


def test_the_screen_form_lists_sections_by_their_own_names(
    td_client: Client, tournament: Tournament, section: Section
) -> None:
    page = td_client.get(
        reverse("tournaments:screens", kwargs={"slug": tournament.slug})
    ).content.decode()
    # The tournament's name before each section's filled a phone's list and cut the section's.
    assert f'<option value="{section.pk}">{section.name}</option>' in page
    assert f"{tournament.name} – {section.name}" not in page
    assert "Screen name" in page
