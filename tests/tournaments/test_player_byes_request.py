"""Requested byes: for chosen rounds within the section, not after withdrawing, not once paired."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from tests.tournaments.builders import section_build
from tournaments import services
from tournaments.models import Player, RequestedBye

pytestmark = pytest.mark.django_db

FULL, HALF, ZERO = (
    RequestedBye.Kind.FULL,
    RequestedBye.Kind.HALF,
    RequestedBye.Kind.ZERO,
)


@pytest.fixture
def section():
    return section_build(
        ratings=[2000, 1900, 1800, 1700], rounds=["1-2 1-0, 3-4 ="], rounds_total=5
    )


def byes(player: Player) -> dict[int, str]:
    return dict(
        RequestedBye.objects.filter(player=player).values_list("round_number", "kind")
    )


def test_byes_become_exactly_those_asked_for(section) -> None:
    p = Player.objects.get(section=section, start_number=2)
    services.player_byes_request(player=p, byes={3: HALF, 4: ZERO})

    services.player_byes_request(player=p, byes={4: FULL, 5: HALF})

    assert byes(p) == {4: FULL, 5: HALF}


@pytest.mark.parametrize(
    ("asked", "message"),
    [
        ({6: HALF}, services.BYE_ROUND_RANGE.format(round=6, rounds=5)),
        ({0: HALF}, services.BYE_ROUND_RANGE.format(round=0, rounds=5)),
        ({1: HALF}, services.BYE_ROUND_PAIRED.format(round=1)),
    ],
    ids=["after the last round", "round zero", "a round already paired"],
)
def test_a_bye_outside_the_rounds_open_is_refused(section, asked, message) -> None:
    p = Player.objects.get(section=section, start_number=1)
    services.player_byes_request(player=p, byes={3: HALF})

    with pytest.raises(ValidationError) as error:
        services.player_byes_request(player=p, byes={3: FULL, **asked})

    assert error.value.messages == [message]
    assert byes(p) == {3: HALF}


def test_no_bye_after_the_player_withdrew(section) -> None:
    p = Player.objects.get(section=section, start_number=1)
    services.player_withdraw(player=p, after_round=2)
    p.refresh_from_db()

    with pytest.raises(ValidationError) as error:
        services.player_byes_request(player=p, byes={3: HALF})

    assert error.value.messages == [
        services.BYE_AFTER_WITHDRAWAL.format(player=p, last=2, round=3)
    ]
