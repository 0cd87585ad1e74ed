"""The pages that add players ask the questions of ``players_add`` and keep the answers."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.builders import section_build
from tournaments import services
from tournaments.forms.players import CONFIRM_DUPLICATE_LABEL, OVERRIDE_REASON_LABEL
from tournaments.models import Player, PlayerChange, Section, Tournament

pytestmark = pytest.mark.django_db


def url(name: str, section: Section, **kwargs: object) -> str:
    return reverse(
        f"tournaments:{name}",
        kwargs={"slug": section.tournament.slug, "section": section.pk, **kwargs},
    )


@pytest.fixture
def section(tournament: Tournament) -> Section:
    section = section_build(
        tournament=tournament, ratings=[], rounds=[], rounds_total=4, rating_max=1599
    )
    services.player_create(
        section=section, name="Ana Ortiz", rating=1500, uschess_id="12345678"
    )
    return section


def test_the_form_refuses_an_id_already_in_the_section(
    td_client: Client, section: Section
) -> None:
    page = td_client.post(
        url("player_add", section),
        {"name": "Someone", "rating": "1400", "uschess_id": "12345678"},
    ).content.decode()

    assert "Duplicate of player 1. Ana Ortiz, already in the section" in page
    assert Player.objects.filter(section=section).count() == 1


def test_a_likely_duplicate_asks_and_a_confirmation_adds(
    td_client: Client, section: Section
) -> None:
    data = {"name": "Ana Ortiz", "rating": "1500"}
    asked = td_client.post(url("player_add", section), data).content.decode()

    assert "Looks like player 1. Ana Ortiz (1500)" in asked
    assert CONFIRM_DUPLICATE_LABEL in asked
    assert OVERRIDE_REASON_LABEL not in asked
    assert Player.objects.filter(section=section).count() == 1

    added = td_client.post(
        url("player_add", section), {**data, "confirm_duplicate": "on"}
    )

    assert added.status_code == 302
    assert Player.objects.filter(section=section).count() == 2
    assert (
        PlayerChange.objects.values_list("changed_by__username", flat=True).get()
        == "td"
    )


def test_a_rating_above_the_limit_asks_for_a_reason_that_is_kept(
    td_client: Client, section: Section
) -> None:
    data = {"name": "Dee Strong", "rating": "1700"}
    asked = td_client.post(url("player_add", section), data).content.decode()

    assert "Rating 1700 is above the section&#x27;s limit of 1599" in asked
    assert OVERRIDE_REASON_LABEL in asked

    td_client.post(
        url("player_add", section), {**data, "override_reason": "Prize-ineligible"}
    )

    change = PlayerChange.objects.get(name="Dee Strong")
    assert (change.kind, change.reason) == ("outside", "Prize-ineligible")


def test_the_late_entry_form_asks_the_same(td_client: Client, section: Section) -> None:
    data = {
        "name": "Dee Strong",
        "rating": "1700",
        "first_round": "2",
        "missed_1": "half",
    }

    asked = td_client.post(url("player_late_entry", section), data).content.decode()
    assert OVERRIDE_REASON_LABEL in asked
    assert not Player.objects.filter(name="Dee Strong").exists()

    td_client.post(
        url("player_late_entry", section),
        {**data, "override_reason": "Organizer's call"},
    )
    assert Player.objects.filter(name="Dee Strong").exists()


def test_the_csv_preview_marks_questions_and_the_save_needs_the_answers(
    td_client: Client, section: Section
) -> None:
    text = "Ana Ortiz,,,1500,,\nDee Strong,,,1700,,\nCy Park,,,1400,,\n"

    preview = td_client.post(
        url("players_import", section), {"text": text, "action": "preview"}
    ).content.decode()
    assert (
        "Line 1: looks like player 1. Ana Ortiz (1500), already in the section"
        in preview
    )
    assert "Line 2: rating 1700 is above the section&#x27;s limit of 1599" in preview
    assert (
        'value="save"' in preview
    )  # questions, not problems: the save button is there

    refused = td_client.post(
        url("players_import", section), {"text": text, "action": "save"}
    ).content.decode()
    assert "confirm to add both" in refused
    assert Player.objects.filter(section=section).count() == 1

    saved = td_client.post(
        url("players_import", section),
        {
            "text": text,
            "action": "save",
            "confirm_duplicates": "on",
            "override_reason": "Organizer's call",
        },
    )
    assert saved.status_code == 302
    assert Player.objects.filter(section=section).count() == 4
    assert sorted(PlayerChange.objects.values_list("name", "kind")) == [
        ("Ana Ortiz", "duplicate"),
        ("Dee Strong", "outside"),
    ]


def test_the_section_form_sets_the_entry_limits(
    td_client: Client, section: Section
) -> None:
    response = td_client.post(
        reverse(
            "tournaments:section_edit",
            kwargs={"slug": section.tournament.slug, "section": section.pk},
        ),
        {
            "name": "U1800",
            "rounds_total": "4",
            "kind": "swiss",
            "win_points": "1",
            "draw_points": "0.5",
            "loss_points": "0",
            "rating_max": "1799",
        },
    )

    assert response.status_code == 302
    section.refresh_from_db()
    assert (section.rating_max, section.unrated_allowed) == (1799, False)


def test_late_entry_offers_only_the_rounds_before_the_first_round_played(
    td_client: Client, tournament: Tournament
) -> None:
    section = section_build(
        tournament=tournament, ratings=[2000, 1900], rounds=["1-2 1-0"], rounds_total=5
    )

    page = td_client.get(url("player_late_entry", section)).content.decode()

    # Round 1 is paired: the next round, 2, is the first one the player can play.
    columns = {
        n: css
        for css, n in re.findall(
            r'class="([^"]*missed-round[^"]*)"\s+data-missed-round="(\d)"', page
        )
    }
    assert {n: "d-none" in css for n, css in columns.items()} == {
        "1": False,
        "2": True,
        "3": True,
        "4": True,
    }


def test_late_entry_asks_for_a_round_it_did_not_offer(
    td_client: Client, tournament: Tournament
) -> None:
    section = section_build(
        tournament=tournament, ratings=[2000, 1900], rounds=["1-2 1-0"], rounds_total=5
    )

    page = td_client.post(
        url("player_late_entry", section),
        {"name": "Late Lou", "first_round": "4", "missed_1": "half"},
    ).content.decode()

    assert "Choose for rounds 2, 3: a half-point bye or not paired" in page
    assert not Player.objects.filter(name="Late Lou").exists()


def _shown(page: str) -> str:
    """The players the page's duplicate question named, as the page sends them back."""
    match = re.search(r'name="duplicates_shown" value="([^"]*)"', page)
    assert match, "the question names no players"
    return match.group(1)


def test_a_confirmed_player_form_sent_twice_asks_before_entering_them_again(
    td_client: Client, section: Section
) -> None:
    data = {"name": "Ana Ortiz", "rating": "1500"}
    asked = td_client.post(url("player_add", section), data).content.decode()
    answer = {**data, "confirm_duplicate": "on", "duplicates_shown": _shown(asked)}
    td_client.post(url("player_add", section), answer)

    # The first answer lost: the browser sends the same form again.
    again = td_client.post(url("player_add", section), answer)

    page = again.content.decode()
    assert again.status_code == 200
    assert "Looks like player 2. Ana Ortiz (1500), already in the section" in page
    # Asked afresh: the box is not ticked for the TD.
    assert re.search(r'name="confirm_duplicate"[^>]*checked', page) is None
    assert Player.objects.filter(section=section).count() == 2


def test_a_confirmed_csv_saved_twice_asks_before_entering_its_players_again(
    td_client: Client, section: Section
) -> None:
    text = "Ana Ortiz,,,1500,,\nCy Park,,,1400,,\n"
    preview = td_client.post(
        url("players_import", section), {"text": text, "action": "preview"}
    ).content.decode()
    save = {
        "text": text,
        "action": "save",
        "confirm_duplicates": "on",
        "duplicates_shown": _shown(preview),
    }
    assert td_client.post(url("players_import", section), save).status_code == 302

    again = td_client.post(url("players_import", section), save)

    page = again.content.decode()
    assert again.status_code == 200
    assert "confirm to add both" in page
    assert re.search(r'name="confirm_duplicates"[^>]*checked', page) is None
    assert Player.objects.filter(section=section).count() == 3


def test_once_round_one_is_posted_the_player_form_says_so_and_points_to_late_entry(
    td_client: Client, tournament: Tournament
) -> None:
    section = section_build(
        tournament=tournament, ratings=[1500, 1400], rounds=["1-2 ?"], rounds_total=4
    )
    late_entry = url("player_late_entry", section)

    page = td_client.get(url("player_add", section)).content.decode()
    # Sent from a page opened before the round was posted: refused, nothing entered.
    refused = td_client.post(
        url("player_add", section), {"name": "Cy Dale", "rating": "1450"}
    ).content.decode()

    assert "Round 1 is posted: a player who arrives now misses round 1." in page
    assert f'href="{late_entry}"' in page
    said = services.PLAYERS_ADD_ROUND_POSTED.format(round=1, missed="round 1")
    assert said in refused.replace("&#x27;", "'")
    assert not Player.objects.filter(section=section, name="Cy Dale").exists()


def test_once_round_one_is_posted_the_csv_preview_says_so_and_the_save_enters_nobody(
    td_client: Client, tournament: Tournament
) -> None:
    section = section_build(
        tournament=tournament, ratings=[1500, 1400], rounds=["1-2 ?"], rounds_total=4
    )
    text = "Cy Dale,,,1450,,\nDee Fox,,,1300,,\n"
    said = services.IMPORT_ROUND_POSTED.format(round=1, missed="round 1")
    late_entry = f'href="{url("player_late_entry", section)}"'

    opened = td_client.get(url("players_import", section)).content.decode()
    preview = td_client.post(
        url("players_import", section), {"text": text, "action": "preview"}
    ).content.decode()
    # Sent anyway (a page opened before the round was posted): nothing entered.
    saved = td_client.post(
        url("players_import", section), {"text": text, "action": "save"}
    ).content.decode()

    for page in (opened, preview, saved):
        assert said in page.replace("&#x27;", "'")
        assert late_entry in page
    assert 'value="save"' not in preview
    assert saved.replace("&#x27;", "'").count(said) == 1
    assert section.players.count() == 2
