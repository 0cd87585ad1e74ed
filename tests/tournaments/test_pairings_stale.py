"""Two TDs save hand pairings for the same round: the one whose form is out of date is refused.

Found with two TDs on one draft round: both were told "saved" and the later save won, 10 of 10.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from tests.conftest import PASSWORD
from tests.tournaments.builders import section_build
from tests.tournaments.test_pairings_keep_results import _Form
from tournaments import selectors, services
from tournaments.models import Player, Round, Section, Tournament
from tournaments.services import PairingInput as Row

pytestmark = pytest.mark.django_db


def pk(section: Section, number: int) -> int:
    return Player.objects.get(section=section, start_number=number).pk


def pairs(section: Section) -> list[tuple[int | None, int, int | None]]:
    rows = Round.objects.get(section=section, number=1).pairings.values_list(
        "board", "white__start_number", "black__start_number"
    )
    return sorted(rows, key=lambda row: (row[0] or 0, row[1]))


def test_a_save_from_an_out_of_date_version_is_refused_and_changes_nothing() -> None:
    section = section_build(ratings=[None] * 4, rounds=[], rounds_total=3)
    seen = selectors.round_pairings_version(section=section, number=1)
    services.round_pairings_save(
        section=section,
        number=1,
        rows=[Row(white=pk(section, 1), black=pk(section, 2), board=1)],
        based_on=seen,
    )

    with pytest.raises(ValidationError) as error:
        services.round_pairings_save(
            section=section,
            number=1,
            rows=[Row(white=pk(section, 1), black=pk(section, 3), board=1)],
            based_on=seen,
        )

    assert error.value.messages == [services.PAIRINGS_STALE.format(round=1)]
    assert pairs(section) == [(1, 1, 2)]


def test_the_version_follows_pairings_and_byes_but_not_results() -> None:
    section = section_build(ratings=[None] * 5, rounds=["1-2 ?, 3-4 ?, 5 H"])
    Round.objects.filter(section=section).update(status=Round.Status.PAIRED)

    def version() -> str:
        return selectors.round_pairings_version(section=section, number=1)

    first = version()
    board1 = Round.objects.get(section=section).pairings.get(board=1)
    services.result_record(pairing=board1, result="draw", based_on="pending")
    assert version() == first
    services.round_pairings_save(
        section=section,
        number=1,
        rows=[
            Row(white=pk(section, 1), black=pk(section, 2), board=2),
            Row(white=pk(section, 3), black=pk(section, 4), board=1),
            Row(white=pk(section, 5), result="bye_full"),
        ],
        based_on=first,
    )
    assert version() not in (first, "")


def _url(section: Section) -> str:
    return reverse(
        "tournaments:round_pairings",
        kwargs={"slug": section.tournament.slug, "section": section.pk, "number": 1},
    )


def test_the_second_td_saving_the_same_draft_round_is_told_and_nothing_changes(
    td_client: Client, td: User, tournament: Tournament
) -> None:
    section = section_build(
        tournament=tournament, ratings=[None] * 4, rounds=[], rounds_total=3
    )
    colleague = User.objects.create_user("ben", password=PASSWORD)
    tournament.directors.add(colleague)
    ben = Client()
    ben.force_login(colleague)
    anna_form, ben_form = _Form(), _Form()
    anna_form.feed(td_client.get(_url(section)).content.decode())
    ben_form.feed(ben.get(_url(section)).content.decode())
    anna_form.data |= {"boards-0-white": "1", "boards-0-black": "2"}
    anna_form.data |= {"boards-1-white": "3", "boards-1-black": "4"}
    ben_form.data |= {"boards-0-white": "1", "boards-0-black": "3"}
    ben_form.data |= {"boards-1-white": "2", "boards-1-black": "4"}

    saved = td_client.post(_url(section), anna_form.data, follow=True)
    refused = ben.post(_url(section), ben_form.data)

    assert "Round 1: pairings saved." in saved.content.decode()
    assert refused.status_code == 200
    assert escape(services.PAIRINGS_STALE.format(round=1)) in refused.content.decode()
    assert pairs(section) == [(1, 1, 2), (2, 3, 4)]


def test_the_same_save_pressed_twice_is_not_refused_as_stale(
    td_client: Client, tournament: Tournament
) -> None:
    section = section_build(
        tournament=tournament, ratings=[None] * 5, rounds=[], rounds_total=3
    )
    form = _Form()
    form.feed(td_client.get(_url(section)).content.decode())
    form.data |= {"boards-0-white": "1", "boards-0-black": "2"}
    form.data |= {"boards-1-white": "3", "boards-1-black": "4"}
    form.data |= {"byes-0-player": "5", "byes-0-kind": "bye_half"}

    first = td_client.post(_url(section), form.data)
    second = td_client.post(_url(section), form.data, follow=True)

    assert first.status_code == 302
    assert "Round 1: pairings saved." in second.content.decode()
    assert pairs(section) == [(None, 5, None), (1, 1, 2), (2, 3, 4)]
