"""Edit pages opened before another TD's save: the later save is refused with what it would
change, nothing changed; saved again on purpose it goes; the same form pressed twice is fine."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.builders import section_build
from tournaments import services
from tournaments.models import Player, Section, Tournament

pytestmark = pytest.mark.django_db


def based_on(page: bytes, form: str = "") -> str:
    """The version an edit form carries: the page's first form's, or the form posting to
    ``form``."""
    text = page.decode()
    start = text.find(f'action="{form}"') if form else 0
    assert start >= 0
    found = re.search(r'name="based_on" value="([0-9a-f]+)"', text[start:])
    assert found is not None, "the edit form carries the version it was drawn from"
    return found.group(1)


@pytest.fixture
def section(tournament: Tournament) -> Section:
    return section_build(
        tournament=tournament,
        ratings=[1900, 1700, 1500],
        names=["Ann Lee", "Bob Ray", "Cy Park"],
        rounds=[],
        rounds_total=4,
    )


def player_url(section: Section, number: int, page: str = "player_edit") -> str:
    return reverse(
        f"tournaments:{page}",
        kwargs={
            "slug": section.tournament.slug,
            "section": section.pk,
            "number": number,
        },
    )


def player_post(player: Player, version: str, **changes: object) -> dict[str, object]:
    data: dict[str, object] = {
        name: getattr(player, name) or "" for name in services.PLAYER_FIELDS
    }
    return {**data, **changes, "based_on": version}


def test_a_player_edit_from_a_page_older_than_another_tds_save_is_refused(
    td_client: Client, section: Section
) -> None:
    bob = Player.objects.get(section=section, start_number=2)
    version = based_on(td_client.get(player_url(section, 2)).content)
    services.player_update(  # the other TD's save
        player=Player.objects.get(pk=bob.pk), uschess_id="12345678"
    )

    response = td_client.post(
        player_url(section, 2), player_post(bob, version, club="Knights")
    )

    page = response.content.decode()
    assert response.status_code == 200
    assert "changed after this page was opened" in page
    assert (
        "Saving this form again would change US Chess ID from &#x27;12345678&#x27; to empty"
        in page
    )
    assert Player.objects.filter(pk=bob.pk, uschess_id="12345678", club="").exists()

    # Saved again from the page that showed the error: the TD means it.
    again = td_client.post(
        player_url(section, 2),
        player_post(bob, based_on(response.content), uschess_id="", club="Knights"),
    )
    assert again.status_code == 302
    bob.refresh_from_db()
    assert (bob.uschess_id, bob.club) == ("", "Knights")


def test_a_player_page_opened_before_renumbering_does_not_edit_the_new_number_holder(
    td_client: Client, section: Section
) -> None:
    bob = Player.objects.get(section=section, start_number=2)
    version = based_on(td_client.get(player_url(section, 2)).content)
    cy = Player.objects.get(section=section, start_number=3)
    # Another TD corrects Cy's rating before round 1: Cy is number 2 now, Bob number 3.
    services.player_update(player=cy, rating=1800)

    response = td_client.post(
        player_url(section, 2), player_post(bob, version, rating=1750)
    )

    assert "changed after this page was opened" in response.content.decode()
    assert list(
        Player.objects.filter(section=section)
        .order_by("start_number")
        .values_list("name", "rating")
    ) == [("Ann Lee", 1900), ("Cy Park", 1800), ("Bob Ray", 1700)]


def test_a_player_edit_pressed_twice_saves_once_without_an_error(
    td_client: Client, section: Section
) -> None:
    bob = Player.objects.get(section=section, start_number=2)
    version = based_on(td_client.get(player_url(section, 2)).content)
    data = player_post(bob, version, club="Knights")

    first = td_client.post(player_url(section, 2), data)
    second = td_client.post(player_url(section, 2), data)

    assert (first.status_code, second.status_code) == (302, 302)
    bob.refresh_from_db()
    assert bob.club == "Knights"


def test_a_section_edit_from_an_older_page_does_not_undo_another_tds_change(
    td_client: Client, section: Section
) -> None:
    edit = reverse(
        "tournaments:section_edit",
        kwargs={"slug": section.tournament.slug, "section": section.pk},
    )
    version = based_on(td_client.get(edit).content)
    services.section_update(section=section, time_control="G/90;d5")
    data = {
        "name": "Open",
        "rounds_total": 5,  # what this TD came to change
        "kind": "swiss",
        "win_points": "1",
        "draw_points": "0.5",
        "loss_points": "0",
        "time_control": "",  # what the page showed before the other TD's save
        "scholastic": "N",
        "unrated_allowed": "on",
        "based_on": version,
    }

    response = td_client.post(edit, data)

    assert "time control from &#x27;G/90;d5&#x27; to empty" in response.content.decode()
    section.refresh_from_db()
    assert (section.rounds_total, section.time_control) == (4, "G/90;d5")


def test_a_tournament_edit_from_an_older_page_is_refused(
    td_client: Client, tournament: Tournament
) -> None:
    edit = reverse("tournaments:tournament_edit", kwargs={"slug": tournament.slug})
    version = based_on(td_client.get(edit).content)
    services.tournament_update(tournament=tournament, location="Hall B")

    response = td_client.post(
        edit,
        {
            "name": "Renamed Open",
            "location": "",
            "rating_system": tournament.rating_system,
            "based_on": version,
        },
    )

    assert "location from &#x27;Hall B&#x27; to empty" in response.content.decode()
    tournament.refresh_from_db()
    assert (tournament.name, tournament.location) != ("Renamed Open", "")
    assert tournament.location == "Hall B"


def tiebreaks_url(section: Section) -> str:
    return reverse(
        "tournaments:section_tiebreaks",
        kwargs={"slug": section.tournament.slug, "section": section.pk},
    )


def order_post(section: Section, system: str, page: bytes) -> dict[str, str]:
    found = re.search(r'name="based_on" value="([^"]*)"', page.decode())
    assert found is not None, "the builder carries the order it was drawn from"
    return {"rows": "1", "r0-system": system, "action": "post", "based_on": found[1]}


def test_a_tiebreak_order_posted_from_a_page_older_than_another_tds_posting_is_refused(
    td_client: Client, section: Section
) -> None:
    page = td_client.get(tiebreaks_url(section)).content
    services.section_tiebreaks_post(section=section, order="solkoff", user=None)

    response = td_client.post(
        tiebreaks_url(section), order_post(section, "sonneborn_berger", page)
    )

    assert "Another TD posted a tiebreak order after this page was opened" in (
        response.content.decode()
    )
    section.refresh_from_db()
    assert section.tiebreaks == "solkoff"
    # Posted again from the page that said so: the TD means it.
    again = td_client.post(
        tiebreaks_url(section),
        order_post(section, "sonneborn_berger", response.content),
    )
    assert again.status_code == 302
    section.refresh_from_db()
    assert section.tiebreaks == "sonneborn_berger"


def test_the_builder_steps_keep_the_order_the_page_was_first_drawn_from(
    td_client: Client, section: Section
) -> None:
    page = td_client.get(tiebreaks_url(section)).content
    data = order_post(section, "solkoff", page)
    step = td_client.post(
        tiebreaks_url(section), {**data, "action": "add", "add_system": "cumulative"}
    )
    services.section_tiebreaks_post(section=section, order="most_blacks", user=None)

    response = td_client.post(
        tiebreaks_url(section), order_post(section, "solkoff", step.content)
    )

    assert "Another TD posted" in response.content.decode()
    section.refresh_from_db()
    assert section.tiebreaks == "most_blacks"


def byes_url(section: Section, number: int) -> str:
    return player_url(section, number, "player_byes")


def test_a_byes_form_older_than_another_tds_bye_does_not_take_that_bye_back(
    td_client: Client, section: Section
) -> None:
    bob = Player.objects.get(section=section, start_number=2)
    version = based_on(
        td_client.get(player_url(section, 2)).content, byes_url(section, 2)
    )
    services.player_byes_request(player=bob, byes={4: "half"})  # the other TD

    # This page showed no bye in round 4; its TD adds one for round 3.
    response = td_client.post(
        byes_url(section, 2), {"round_3": "half", "based_on": version}
    )

    page = response.content.decode()
    assert "requested byes changed after this page was opened" in page
    assert "Now: round 4 half-point bye" in page
    assert list(bob.requested_byes.values_list("round_number", "kind")) == [(4, "half")]
    again = td_client.post(
        byes_url(section, 2),
        {
            "round_3": "half",
            "based_on": based_on(response.content, byes_url(section, 2)),
        },
    )
    assert again.status_code == 302
    assert list(bob.requested_byes.values_list("round_number", "kind")) == [(3, "half")]


def test_a_byes_form_pressed_twice_saves_once_without_an_error(
    td_client: Client, section: Section
) -> None:
    version = based_on(
        td_client.get(player_url(section, 2)).content, byes_url(section, 2)
    )
    data = {"round_3": "half", "based_on": version}

    first = td_client.post(byes_url(section, 2), data)
    second = td_client.post(byes_url(section, 2), data)

    assert (first.status_code, second.status_code) == (302, 302)
    bob = Player.objects.get(section=section, start_number=2)
    assert list(bob.requested_byes.values_list("round_number", "kind")) == [(3, "half")]


@pytest.mark.parametrize("action", ["player_withdraw", "player_delete"])
def test_a_withdrawal_or_delete_from_a_page_opened_before_renumbering_changes_nobody(
    td_client: Client, section: Section, action: str
) -> None:
    bob = Player.objects.get(section=section, start_number=2)
    cy = Player.objects.get(section=section, start_number=3)
    services.player_update(player=cy, rating=1800)  # Cy is number 2 now
    target = reverse(
        f"tournaments:{action}",
        kwargs={"slug": section.tournament.slug, "section": section.pk, "number": 2},
    )

    response = td_client.post(target, {"player": bob.pk, "after_round": 0}, follow=True)

    assert "number 2 is Cy Park now. Nothing was changed" in response.content.decode()
    assert list(
        Player.objects.filter(section=section)
        .order_by("start_number")
        .values_list("name", "status")
    ) == [("Ann Lee", "active"), ("Cy Park", "active"), ("Bob Ray", "active")]


def test_the_player_page_forms_name_their_player(
    td_client: Client, section: Section
) -> None:
    bob = Player.objects.get(section=section, start_number=2)
    services.player_withdraw(player=bob, after_round=0)

    page = td_client.get(player_url(section, 2)).content.decode()

    # The withdraw form and the re-activate form.
    assert page.count(f'name="player" value="{bob.pk}"') == 2


def test_a_withdrawal_from_a_page_older_than_another_tds_withdrawal_keeps_theirs(
    td_client: Client, section: Section
) -> None:
    bob = Player.objects.get(section=section, start_number=2)
    page = td_client.get(player_url(section, 2)).content.decode()
    assert 'name="shown" value=""' in page  # the page showed Bob active
    services.player_withdraw(player=bob, after_round=0)  # another TD: before round 1
    withdraw = player_url(section, 2, "player_withdraw")
    data = {"player": bob.pk, "shown": "", "after_round": 2}

    response = td_client.post(withdraw, data)

    assert "Bob Ray withdrew before round 1. Nothing was changed" in (
        response.content.decode()
    )
    bob.refresh_from_db()
    assert bob.withdrawn_after_round == 0
    # The same withdrawal as the other TD's, sent from the older page: nothing to refuse.
    assert td_client.post(withdraw, {**data, "after_round": 0}).status_code == 302
