"""Late entry: the next start number, and for each missed round a half-point bye or not paired."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.exceptions import ValidationError

from tests.tournaments.builders import player_row, round_two_posted, section_build
from tournaments import services
from tournaments.models import Pairing, Player, RequestedBye, Result, Round

pytestmark = pytest.mark.django_db


def test_rounds_already_paired_get_rows_and_later_ones_requested_byes() -> None:
    # Rounds 1 and 2 are paired; the player starts in round 4.
    section = section_build(
        ratings=[2000, 1900, 1800, 1700],
        rounds=["1-2 1-0, 3-4 =", "1-3 ?, 2-4 ?"],
        rounds_total=5,
    )

    player = services.player_late_entry(
        section=section,
        name="Late Larry",
        rating=2300,
        first_round=4,
        missed={
            1: services.LATE_HALF,
            2: services.LATE_NOT_PAIRED,
            3: services.LATE_HALF,
        },
    )

    assert player.start_number == 5
    rows = dict(
        Pairing.objects.filter(white=player).values_list("round__number", "result")
    )
    assert rows == {1: Result.BYE_HALF, 2: Result.NOT_PAIRED}
    # Every missed round's choice stands as a requested bye too, the paired ones included:
    # paired again, a round keeps it.
    assert list(
        RequestedBye.objects.filter(player=player)
        .order_by("round_number")
        .values_list("round_number", "kind")
    ) == [
        (1, RequestedBye.Kind.HALF),
        (2, RequestedBye.Kind.ZERO),
        (3, RequestedBye.Kind.HALF),
    ]


def test_a_missed_round_with_no_choice_is_refused_and_nothing_saved() -> None:
    section = section_build(ratings=[2000, 1900], rounds=["1-2 1-0"], rounds_total=4)

    with pytest.raises(ValidationError) as error:
        services.player_late_entry(
            section=section, name="X", first_round=3, missed={1: services.LATE_HALF}
        )

    assert error.value.messages == [services.LATE_ENTRY_CHOICE]
    assert Player.objects.filter(section=section).count() == 2


@pytest.mark.parametrize("first_round", [1, 5])
def test_the_first_round_must_be_a_later_round_of_the_section(first_round: int) -> None:
    section = section_build(ratings=[2000, 1900], rounds=["1-2 1-0"], rounds_total=4)

    with pytest.raises(ValidationError) as error:
        services.player_late_entry(
            section=section, name="X", first_round=first_round, missed={}
        )

    assert error.value.messages == [services.LATE_ENTRY_FIRST_ROUND.format(rounds=4)]


def test_a_first_round_already_posted_is_refused_and_nothing_saved() -> None:
    # The late-entry page offered round 3 when it was opened; another TD has posted round 3
    # since: the player would silently miss a round they came to play.
    section = section_build(
        ratings=[2000, 1900, 1800, 1700],
        rounds=["1-2 1-0, 3-4 =", "1-3 1-0, 2-4 0-1", "1-4 ?, 2-3 ?"],
        rounds_total=5,
    )

    with pytest.raises(ValidationError) as error:
        services.player_late_entry(
            section=section,
            name="Late Larry",
            first_round=3,
            missed={1: services.LATE_HALF, 2: services.LATE_HALF},
        )

    assert error.value.messages == [
        services.LATE_ENTRY_ROUND_POSTED.format(round=3, next=4)
    ]
    assert Player.objects.filter(section=section).count() == 4
    assert not Pairing.objects.filter(white__name="Late Larry").exists()


def test_a_late_entry_sent_twice_asks_before_entering_the_player_again() -> None:
    section = section_build(ratings=[2000, 1900], rounds=["1-2 1-0"], rounds_total=4)
    entry: dict[str, Any] = {
        "section": section,
        "name": "Late Larry",
        "rating": 1500,
        "first_round": 2,
        "missed": {1: services.LATE_HALF},
    }
    services.player_late_entry(**entry)

    with pytest.raises(services.PlayersAddRefused) as error:
        services.player_late_entry(**entry)

    assert error.value.asks_confirmation
    assert Player.objects.filter(section=section, name="Late Larry").count() == 1
    assert Pairing.objects.filter(white__name="Late Larry").count() == 1


def test_a_first_round_paired_as_a_draft_without_the_player_is_refused_with_the_way_on() -> (
    None
):
    # Round 2 was paired as a draft after the late-entry page was opened: entered as
    # starting in round 2, the player would have no row in it, and posting the draft as it
    # is would leave them out of the round they came to play without a word.
    section = section_build(
        ratings=[2000, 1900, 1800, 1700], rounds=["1-2 1-0, 3-4 ="], rounds_total=4
    )
    Round.objects.filter(section=section).update(status=Round.Status.COMPLETE)
    services.round_pair(section=section, number=2)
    entry: dict[str, Any] = {
        "section": section,
        "name": "Late Larry",
        "rating": 1500,
        "missed": {1: services.LATE_HALF},
    }

    with pytest.raises(ValidationError) as error:
        services.player_late_entry(first_round=2, **entry)

    assert error.value.messages == [
        services.LATE_ENTRY_ROUND_DRAFT.format(round=2, next=3)
    ]
    assert not Player.objects.filter(section=section, name="Late Larry").exists()

    # The way on: remove the draft, enter the player, pair again: they are paired in round 2.
    services.round_pairings_remove(round_=Round.objects.get(section=section, number=2))
    larry = services.player_late_entry(first_round=2, **entry)
    services.round_pair(section=section, number=2)
    row = player_row(section, 2, larry)
    assert row is not None and row.result != Result.NOT_PAIRED


def test_a_draft_round_missed_by_a_late_entry_gets_the_row_chosen() -> None:
    # Starting after the draft: the draft gets the row the TD chose for the missed round.
    section = section_build(
        ratings=[2000, 1900, 1800, 1700], rounds=["1-2 1-0, 3-4 ="], rounds_total=4
    )
    Round.objects.filter(section=section).update(status=Round.Status.COMPLETE)
    services.round_pair(section=section, number=2)

    larry = services.player_late_entry(
        section=section,
        name="Late Larry",
        first_round=3,
        missed={1: services.LATE_HALF, 2: services.LATE_NOT_PAIRED},
    )

    assert dict(
        Pairing.objects.filter(white=larry).values_list("round__number", "result")
    ) == {1: Result.BYE_HALF, 2: Result.NOT_PAIRED}


def test_a_missed_round_paired_again_keeps_the_bye_the_td_chose() -> None:
    # Round 2 was posted on old scores when the player entered (missing it with a half-point
    # bye); round 2 is then paired again on the present scores: the bye stays, the player is
    # not paired into a round they were told they miss.
    section = round_two_posted()
    larry = services.player_late_entry(
        section=section,
        name="Late Larry",
        first_round=3,
        missed={1: services.LATE_HALF, 2: services.LATE_HALF},
    )

    services.round_repair(section=section, number=2)

    assert Pairing.objects.get(white=larry, round__number=2).result == Result.BYE_HALF
    assert not Pairing.objects.filter(black=larry).exists()


def test_a_hand_save_of_a_missed_round_keeps_not_paired_without_a_warning() -> None:
    section = section_build(
        ratings=[2000, 1900, 1800, 1700], rounds=["1-2 1-0, 3-4 ="], rounds_total=4
    )
    larry = services.player_late_entry(
        section=section,
        name="Late Larry",
        first_round=2,
        missed={1: services.LATE_NOT_PAIRED},
    )
    rows = [
        services.PairingInput(white=w, black=b, board=board, result=result)
        for board, w, b, result in Pairing.objects.filter(
            round__section=section, round__number=1
        ).values_list("board", "white_id", "black_id", "result")
    ]

    saved = services.round_pairings_save(section=section, number=1, rows=rows)

    assert saved.warnings == []
    assert Pairing.objects.get(white=larry).result == Result.NOT_PAIRED
