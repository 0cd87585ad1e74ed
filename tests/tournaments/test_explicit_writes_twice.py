"""Buttons that send the state they ask for (publish or make a draft, mark final or reopen,
checked in or absent, playoffs announced or not, number by rating), sent twice over the hall's
Wi-Fi (the first answer lost): the second press is answered as done and changes nothing more.
A stale page cannot undo another TD's change without the TD asking for it: each sends one
state, the one its button names, and nothing else of the row."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.builders import section_build
from tournaments.models import (
    CheckIn,
    Pairing,
    Player,
    Result,
    ResultCheck,
    Round,
    Section,
    SectionEvent,
    Tournament,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def section(tournament: Tournament) -> Section:
    return section_build(
        tournament=tournament, ratings=[1800, 2000, None], rounds=[], rounds_total=3
    )


def twice(client: Client, url: str, data: dict[str, str]) -> list[int]:
    return [client.post(url, data).status_code for _ in range(2)]


def test_publish_sent_twice_publishes_once(
    td_client: Client, tournament: Tournament
) -> None:
    Tournament.objects.filter(pk=tournament.pk).update(is_published=False)
    url = reverse("tournaments:tournament_publish", kwargs={"slug": tournament.slug})

    assert twice(td_client, url, {"published": "1"}) == [302, 302]
    tournament.refresh_from_db()
    assert tournament.is_published


def test_mark_final_and_reopen_sent_twice_are_kept_once_in_the_log(
    td_client: Client, tournament: Tournament
) -> None:
    section = section_build(
        tournament=tournament, ratings=[2000, 1900], rounds=["1-2 1-0"]
    )
    url = reverse(
        "tournaments:section_final",
        kwargs={"slug": tournament.slug, "section": section.pk},
    )

    assert twice(td_client, url, {"final": "on"}) == [302, 302]
    assert twice(td_client, url, {"reason": "Board 1 misreported"}) == [302, 302]

    section.refresh_from_db()
    assert not section.is_final
    kinds = list(
        SectionEvent.objects.filter(section=section)
        .order_by("pk")
        .values_list("kind", flat=True)
    )
    assert kinds == [SectionEvent.Kind.FINAL, SectionEvent.Kind.REOPENED]


def test_check_in_sent_twice_checks_in_once(
    td_client: Client, tournament: Tournament, section: Section
) -> None:
    url = reverse(
        "tournaments:checkin_toggle",
        kwargs={"slug": tournament.slug, "section": section.pk, "number": 1},
    )

    assert twice(td_client, url, {"player": "2", "present": "1"}) == [302, 302]
    assert CheckIn.objects.filter(player__section=section, round_number=1).count() == 1


def test_playoffs_announced_sent_twice_stays_announced(
    td_client: Client, tournament: Tournament, section: Section
) -> None:
    url = reverse(
        "tournaments:playoff_announced",
        kwargs={"slug": tournament.slug, "section": section.pk},
    )

    assert twice(td_client, url, {"announced": "on"}) == [302, 302]
    section.refresh_from_db()
    assert section.playoff_announced


def test_number_by_rating_sent_twice_gives_the_same_numbers(
    td_client: Client, tournament: Tournament, section: Section
) -> None:
    url = reverse(
        "tournaments:players_renumber",
        kwargs={"slug": tournament.slug, "section": section.pk},
    )

    assert twice(td_client, url, {}) == [302, 302]
    numbers = dict(
        Player.objects.filter(section=section).values_list("rating", "start_number")
    )
    assert numbers == {2000: 1, 1800: 2, None: 3}


def test_a_check_mode_entry_sent_twice_is_kept_once(
    td_client: Client, tournament: Tournament
) -> None:
    section = section_build(
        tournament=tournament, ratings=[2000, 1900], rounds=["1-2 ?"]
    )
    # Posted: check mode takes entries on posted pairings only.
    Round.objects.filter(section=section).update(status=Round.Status.PAIRED)
    board = Pairing.objects.get(round__section=section, board=1)
    url = reverse(
        "tournaments:round_check",
        kwargs={"slug": tournament.slug, "section": section.pk, "number": 1},
    )

    sent = {"pairing": str(board.pk), "result": Result.DRAW}
    assert twice(td_client, url, sent) == [302, 302]
    assert list(ResultCheck.objects.values_list("pairing", "result")) == [
        (board.pk, Result.DRAW)
    ]
