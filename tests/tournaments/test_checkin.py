"""Check-in before a round, and closing it: zero-point byes or withdrawals for the absent."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError

from tests.tournaments.builders import section_build
from tournaments import selectors, services
from tournaments.models import CheckIn, Player, RequestedBye

pytestmark = pytest.mark.django_db


@pytest.fixture
def section():
    # Round 1 played; round 2 not yet paired. Player 4 asked for a half-point bye in round 2.
    section = section_build(
        ratings=[2000, 1900, 1800, 1700, 1600],
        rounds=["1-2 1-0, 3-4 =, 5 U"],
        rounds_total=4,
    )
    RequestedBye.objects.create(player=p(section, 4), round_number=2)
    return section


def p(section, number: int) -> Player:
    return Player.objects.get(section=section, start_number=number)


def test_expected_players_leave_out_requested_byes_and_withdrawals(section) -> None:
    services.player_withdraw(player=p(section, 5), after_round=1)

    expected = selectors.checkin_expected(section, 2)

    assert sorted(x.start_number for x in expected) == [1, 2, 3]


def test_check_in_and_undo(section, td: User) -> None:
    services.checkin_set(player=p(section, 1), round_number=2, present=True, user=td)
    services.checkin_set(player=p(section, 1), round_number=2, present=True, user=td)
    assert CheckIn.objects.get().checked_in_by == td

    services.checkin_set(player=p(section, 1), round_number=2, present=False, user=td)
    assert not CheckIn.objects.exists()


@pytest.mark.parametrize(
    ("number", "message"),
    [
        (1, services.CHECKIN_ROUND_PAIRED.format(round=1)),
        (5, services.CHECKIN_ROUND_RANGE.format(round=5, rounds=4)),
    ],
    ids=["round already paired", "no such round"],
)
def test_check_in_only_for_an_open_round(section, td: User, number, message) -> None:
    with pytest.raises(ValidationError) as error:
        services.checkin_set(
            player=p(section, 1), round_number=number, present=True, user=td
        )
    assert error.value.messages == [message]


def test_closing_gives_the_missing_players_a_zero_point_bye(section, td: User) -> None:
    services.checkin_set(player=p(section, 1), round_number=2, present=True, user=td)
    services.checkin_set(player=p(section, 3), round_number=2, present=True, user=td)

    missing = services.checkin_close(
        section=section, round_number=2, action=services.CLOSE_ZERO_BYE, user=td
    )

    assert [x.start_number for x in missing] == [2, 5]
    assert sorted(
        RequestedBye.objects.filter(round_number=2).values_list(
            "player__start_number", "kind"
        )
    ) == [(2, "zero"), (4, "half"), (5, "zero")]
    assert Player.objects.filter(status=Player.Status.WITHDRAWN).count() == 0


def test_closing_can_withdraw_the_missing_players_instead(section, td: User) -> None:
    for number in (1, 2, 3):
        services.checkin_set(
            player=p(section, number), round_number=2, present=True, user=td
        )

    missing = services.checkin_close(
        section=section, round_number=2, action=services.CLOSE_WITHDRAW, user=td
    )

    assert [x.start_number for x in missing] == [5]
    assert p(section, 5).withdrawn_after_round == 1


def test_closing_needs_a_known_choice(section, td: User) -> None:
    with pytest.raises(ValidationError) as error:
        services.checkin_close(section=section, round_number=2, action="shrug", user=td)
    assert error.value.messages == [services.CHECKIN_CLOSE_ACTION]
