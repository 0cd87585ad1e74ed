"""Withdrawing a player after a round, and bringing them back."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.db.models import Q

from tests.tournaments.builders import section_build
from tournaments import services
from tournaments.models import Pairing, Player, RequestedBye, Result, Round, Section

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


def test_reactivate_pressed_twice_changes_nothing_the_second_time(section) -> None:
    p = player(section, 4)
    services.player_withdraw(player=p, after_round=2)

    assert services.player_reactivate(player=p, shown="2") is True
    assert services.player_reactivate(player=player(section, 4), shown="2") is False

    p.refresh_from_db()
    assert (p.status, p.withdrawn_after_round) == (Player.Status.ACTIVE, None)


def test_reactivating_from_a_page_older_than_another_tds_withdrawal_is_refused(
    section,
) -> None:
    # The page showed 4 withdrawn after round 2; another TD made it after round 3 since.
    p = player(section, 4)
    services.player_withdraw(player=p, after_round=2)
    services.player_withdraw(player=player(section, 4), after_round=3, shown="2")

    with pytest.raises(ValidationError) as error:
        services.player_reactivate(player=p, shown="2")

    assert error.value.messages == [
        services.REACTIVATE_STALE.format(
            player="Player 4", now="withdrew after round 3"
        )
    ]
    p.refresh_from_db()
    assert (p.status, p.withdrawn_after_round) == (Player.Status.WITHDRAWN, 3)


def test_reactivating_in_a_final_section_is_refused(section) -> None:
    p = services.player_withdraw(player=player(section, 4), after_round=2)
    Section.objects.filter(pk=section.pk).update(is_final=True)

    with pytest.raises(ValidationError) as error:
        services.player_reactivate(player=p, shown="2")

    assert error.value.messages == [services.SECTION_FINAL.format(section="Open")]
    assert player(section, 4).status == Player.Status.WITHDRAWN


def _drafted_without_four() -> Section:
    """Round 1 complete; 4 withdrawn after it; round 2 paired as a draft without 4."""
    section = section_build(
        ratings=[2000, 1900, 1800, 1700], rounds=["1-3 1-0, 2-4 ="], rounds_total=3
    )
    Round.objects.filter(section=section).update(status=Round.Status.COMPLETE)
    services.player_withdraw(player=player(section, 4), after_round=1)
    services.round_pair(section=section, number=2)
    return section


def test_reactivating_a_player_a_draft_round_leaves_out_is_refused_with_the_way_on() -> (
    None
):
    section = _drafted_without_four()
    four = player(section, 4)

    with pytest.raises(ValidationError) as error:
        services.player_reactivate(player=four, shown="1")

    assert error.value.messages == [
        services.REACTIVATE_DRAFT_LEFT_OUT.format(round=2, player="Player 4")
    ]
    assert player(section, 4).status == Player.Status.WITHDRAWN

    # The way on: remove the draft, re-activate, pair again; 4 is paired.
    services.round_pairings_remove(round_=Round.objects.get(section=section, number=2))
    assert services.player_reactivate(player=four, shown="1") is True
    services.round_pair(section=section, number=2)
    assert (
        Pairing.objects.filter(round__section=section, round__number=2)
        .filter(Q(white=four) | Q(black=four))
        .exclude(result=Result.NOT_PAIRED)
        .exists()
    )


def test_a_posted_round_without_the_player_does_not_stop_a_reactivation() -> None:
    section = _drafted_without_four()
    Round.objects.filter(section=section, number=2).update(status=Round.Status.PAIRED)

    assert services.player_reactivate(player=player(section, 4), shown="1") is True
