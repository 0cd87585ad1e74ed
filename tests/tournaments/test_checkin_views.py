"""The check-in page: tap a row, search by name, the count of who is missing, closing."""

from __future__ import annotations

import pytest
from django.db.models import Q
from django.test import Client
from django.urls import reverse

from tests.tournaments.builders import section_build
from tournaments import services
from tournaments.models import (
    CheckIn,
    Pairing,
    Player,
    RequestedBye,
    Round,
    Section,
    Tournament,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def section(tournament: Tournament) -> Section:
    return section_build(
        tournament=tournament,
        ratings=[2000, 1900, 1800],
        names=["Ana Ortiz", "Ben Ode", "Cy Park"],
        rounds=[],
        rounds_total=3,
    )


def url(name: str, section: Section, number: int = 1) -> str:
    return reverse(
        f"tournaments:{name}",
        kwargs={
            "slug": section.tournament.slug,
            "section": section.pk,
            "number": number,
        },
    )


def test_page_lists_the_expected_players_and_the_count(
    td_client: Client, section: Section
) -> None:
    page = td_client.get(url("checkin", section)).content.decode()

    assert "3 still missing" in page
    assert page.count("Check in</button>") == 3


def test_search_by_name_with_htmx_returns_the_table_only(
    td_client: Client, section: Section
) -> None:
    response = td_client.get(url("checkin", section) + "?q=ode", HTTP_HX_REQUEST="true")

    page = response.content.decode()
    assert page.lstrip().startswith('<div id="checkin-table"')
    assert "Ben Ode" in page and "Ana Ortiz" not in page


def test_search_without_javascript_filters_the_full_page(
    td_client: Client, section: Section
) -> None:
    page = td_client.get(url("checkin", section) + "?q=park").content.decode()
    assert "<html" in page and "Cy Park" in page and "Ben Ode" not in page


def test_tap_with_htmx_returns_the_row_and_the_new_count(
    td_client: Client, section: Section
) -> None:
    response = td_client.post(
        url("checkin_toggle", section),
        {"player": "2", "present": "1"},
        HTTP_HX_REQUEST="true",
    )

    page = response.content.decode()
    assert page.lstrip().startswith('<tr id="checkin-2" class="table-success">')
    assert 'hx-swap-oob="true"' in page and "2 still missing" in page
    assert CheckIn.objects.get().player.name == "Ben Ode"


def test_tap_without_javascript_redirects_back_to_the_page(
    td_client: Client, section: Section
) -> None:
    response = td_client.post(
        url("checkin_toggle", section), {"player": "1", "present": "1", "q": "an"}
    )

    assert response.status_code == 302
    assert response["Location"] == url("checkin", section) + "?q=an"
    assert CheckIn.objects.count() == 1


def test_closing_gives_zero_point_byes_to_the_missing(
    td_client: Client, section: Section
) -> None:
    td_client.post(url("checkin_toggle", section), {"player": "1", "present": "1"})

    response = td_client.post(url("checkin_close", section), {"action": "zero_bye"})

    assert response.status_code == 302
    assert sorted(
        RequestedBye.objects.filter(round_number=1).values_list(
            "player__start_number", "kind"
        )
    ) == [(2, "zero"), (3, "zero")]


def test_closing_without_a_choice_is_a_sentence(
    td_client: Client, section: Section
) -> None:
    response = td_client.post(url("checkin_close", section), {})

    assert (
        "Choose what happens to the players who did not check in."
        in response.content.decode()
    )
    assert not RequestedBye.objects.exists()


def test_a_refused_tap_with_htmx_shows_the_reason_in_the_row(
    td_client: Client, section: Section
) -> None:
    Round.objects.create(section=section, number=1, status=Round.Status.PAIRED)

    response = td_client.post(
        url("checkin_toggle", section),
        {"player": "1", "present": "1"},
        HTTP_HX_REQUEST="true",
    )

    page = response.content.decode()
    assert response.status_code == 200
    assert "Round 1 is posted: check-in for it is closed." in page
    assert not CheckIn.objects.filter(
        player=Player.objects.get(section=section, start_number=1)
    ).exists()


def test_a_refused_tap_without_javascript_shows_the_reason_in_its_row(
    td_client: Client, section: Section
) -> None:
    Round.objects.create(section=section, number=1, status=Round.Status.PAIRED)

    response = td_client.post(
        url("checkin_toggle", section), {"player": "2", "present": "1"}
    )

    assert response.status_code == 200
    page = response.content.decode()
    reason = "Round 1 is posted: check-in for it is closed."
    ben = page[page.index('<tr id="checkin-2"') :]
    assert reason in ben[: ben.index("</tr>")]
    ana = page[page.index('<tr id="checkin-1"') :]
    assert reason not in ana[: ana.index("</tr>")]
    assert not CheckIn.objects.exists()


def test_here_after_all_on_a_draft_that_left_the_player_out_says_so_by_their_name(
    td_client: Client, section: Section
) -> None:
    for n in (1, 2):
        services.checkin_set(
            player=Player.objects.get(section=section, start_number=n),
            round_number=1,
            present=True,
            user=None,
        )
    services.round_pair(
        section=section, post_default_order=True, absent=services.ABSENT_ZERO_BYE
    )
    page = td_client.get(url("checkin", section)).content.decode()
    assert "Here after all: check in" in page  # Cy, given a zero-point bye

    response = td_client.post(
        url("checkin_toggle", section), {"player": "3", "present": "1"}
    )

    assert response.status_code == 200
    away = response.content.decode()
    away = away[away.index('data-testid="away"') :]
    away = away[: away.index("</ul>")]
    assert "draft pairings, made before 3. Cy Park checked in" in away
    assert not CheckIn.objects.filter(player__start_number=3).exists()


@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "plain post"])
def test_absent_from_a_page_opened_before_the_draft_pairs_them_is_refused_in_the_row(
    td_client: Client, section: Section, htmx: bool
) -> None:
    # The door TD's page shows Ana checked in; meanwhile another TD pairs round 1 (a draft
    # with Ana on a board). Marking her absent now is refused, in her row, naming the board.
    for n in (1, 2, 3):
        services.checkin_set(
            player=Player.objects.get(section=section, start_number=n),
            round_number=1,
            present=True,
            user=None,
        )
    assert (
        'id="checkin-1" class="table-success"'
        in td_client.get(url("checkin", section)).content.decode()
    )
    services.round_pair(section=section, post_default_order=True)
    board = Pairing.objects.get(
        Q(white__start_number=1) | Q(black__start_number=1), round__section=section
    ).board

    response = td_client.post(
        url("checkin_toggle", section),
        {"player": "1", "present": "0"},
        headers={"HX-Request": "true"} if htmx else {},
    )

    assert response.status_code == 200
    page = response.content.decode()
    row = page[page.index('<tr id="checkin-1"') :]
    row = row[: row.index("</tr>")]
    assert f"Round 1&#x27;s draft pairings pair 1. Ana Ortiz on board {board}" in row
    assert 'class="table-success"' in row  # still shown checked in, as she is
    assert CheckIn.objects.filter(player__start_number=1).exists()


def test_a_tap_naming_no_player_is_refused_in_plain_text_the_page_shows(
    td_client: Client, section: Section
) -> None:
    response = td_client.post(
        url("checkin_toggle", section), {"present": "1"}, HTTP_HX_REQUEST="true"
    )

    # htmx_errors.js shows the reason of a plain-text refusal; of an HTML one only the status.
    assert response.status_code == 400
    assert response["Content-Type"].startswith("text/plain")
    assert "Say which player" in response.content.decode()
    assert not CheckIn.objects.exists()


def test_here_after_all_for_a_player_who_asked_for_the_round_off_says_the_bye_is_dropped(
    td_client: Client, section: Section
) -> None:
    cy = Player.objects.get(section=section, start_number=3)
    services.player_byes_request(player=cy, byes={1: RequestedBye.Kind.ZERO})

    response = td_client.post(
        url("checkin_toggle", section), {"player": "3", "present": "1"}, follow=True
    )

    page = response.content.decode()
    assert (
        "3. Cy Park checked in for round 1: their zero-point bye (asked for) is dropped, "
        "and the round pairs them."
    ) in page
    assert CheckIn.objects.filter(player=cy, round_number=1).exists()
    assert not RequestedBye.objects.filter(player=cy).exists()


def test_a_posted_rounds_check_in_says_where_each_player_stood_without_buttons(
    td_client: Client, section: Section
) -> None:
    services.checkin_set(
        player=Player.objects.get(section=section, start_number=1),
        round_number=1,
        present=True,
        user=None,
    )
    Round.objects.create(section=section, number=1, status=Round.Status.PAIRED)

    page = td_client.get(url("checkin", section)).content.decode()

    # A column of greyed "Check in" buttons read as work still to do; each row says instead
    # whether the player had checked in.
    table = page.split('id="checkin-table"')[1].split("</table>")[0]
    assert "<button" not in table
    ana = page[page.index('<tr id="checkin-1"') :]
    assert "✓ Here" in ana[: ana.index("</tr>")]
    ben = page[page.index('<tr id="checkin-2"') :]
    assert "Not checked in" in ben[: ben.index("</tr>")]
