"""Withdrawing a player after a round, and bringing them back."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from tests.tournaments.builders import section_build
from tournaments import services
from tournaments.models import Player, RequestedBye

pytestmark = pytest.mark.django_db


@pytest.fixture
def section():
    # Round 1 played, round 2 paired; four rounds in all.
    return section_build(
        ratings=[2000, 1900, 1800, 1700],
        rounds=["1-2 1-0, 3-4 =", "1-3 ?, 2-4 ?"],
        rounds_total=4,
    )


def player(section, number: int) -> Player:
    return Player.objects.get(section=section, start_number=number)


def test_withdraw_after_the_last_round_paired_cancels_later_byes(section) -> None:
    p = player(section, 4)
    RequestedBye.objects.create(player=p, round_number=3)
    RequestedBye.objects.create(player=p, round_number=4, kind=RequestedBye.Kind.ZERO)

    services.player_withdraw(player=p, after_round=2)

    p.refresh_from_db()
    assert (p.status, p.withdrawn_after_round) == (Player.Status.WITHDRAWN, 2)
    assert not RequestedBye.objects.filter(player=p).exists()


def test_withdraw_before_a_round_the_player_is_paired_in_is_refused(section) -> None:
    p = player(section, 4)

    with pytest.raises(ValidationError) as error:
        services.player_withdraw(player=p, after_round=1)

    assert error.value.messages == [
        services.WITHDRAW_PAIRED_LATER.format(player=p, round=2)
    ]
    p.refresh_from_db()
    assert p.status == Player.Status.ACTIVE


@pytest.mark.parametrize("after_round", [-1, 4, 9])
def test_withdrawal_round_must_lie_within_the_section(
    section, after_round: int
) -> None:
    with pytest.raises(ValidationError) as error:
        services.player_withdraw(player=player(section, 1), after_round=after_round)
    assert error.value.messages == [
        services.WITHDRAW_ROUND_RANGE.format(last=3, rounds=4)
    ]


def test_reactivate_brings_a_withdrawn_player_back(section) -> None:
    p = player(section, 3)
    services.player_withdraw(player=p, after_round=2)

    services.player_reactivate(player=p)

    p.refresh_from_db()
    assert (p.status, p.withdrawn_after_round) == (Player.Status.ACTIVE, None)


def test_reactivating_an_active_player_is_refused(section) -> None:
    p = player(section, 3)
    with pytest.raises(ValidationError) as error:
        services.player_reactivate(player=p)
    assert error.value.messages == [services.REACTIVATE_NOT_WITHDRAWN.format(player=p)]
