"""Four guards of a round's writes that a one-line change of the code could drop unnoticed: each test
here fails when its line is removed or turned around."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from tests.tournaments.builders import section_build
from tournaments import services
from tournaments.models import Pairing, Player, Round, Section
from tournaments.services import PairingInput as Row

pytestmark = pytest.mark.django_db


def pk(section: Section, number: int) -> int:
    return Player.objects.get(section=section, start_number=number).pk


def test_a_posted_round_re_saved_with_a_result_still_pending_stays_posted() -> None:
    section = section_build(
        ratings=[2000, 1900, 1800, 1700], rounds=["1-2 1-0, 3-4 ?"], rounds_total=3
    )
    round_ = Round.objects.get(section=section, number=1)
    Round.objects.filter(pk=round_.pk).update(status=Round.Status.PAIRED)
    rows = [
        Row(board=1, white=pk(section, 1), black=pk(section, 2), result="white_win"),
        Row(board=2, white=pk(section, 3), black=pk(section, 4)),
    ]

    saved = services.round_pairings_save(section=section, number=1, rows=rows)

    assert saved.round.status == Round.Status.PAIRED
    round_.refresh_from_db()
    assert round_.status == Round.Status.PAIRED


def test_a_posted_round_re_saved_with_every_result_in_becomes_complete() -> None:
    # The other side of the line above: the status follows the results, both ways.
    section = section_build(
        ratings=[2000, 1900, 1800, 1700], rounds=["1-2 1-0, 3-4 ?"], rounds_total=3
    )
    Round.objects.filter(section=section).update(status=Round.Status.PAIRED)
    rows = [
        Row(board=1, white=pk(section, 1), black=pk(section, 2), result="white_win"),
        Row(board=2, white=pk(section, 3), black=pk(section, 4), result="draw"),
    ]

    saved = services.round_pairings_save(section=section, number=1, rows=rows)

    assert saved.round.status == Round.Status.COMPLETE


def test_two_boards_swapped_in_one_save_are_saved_not_refused_as_a_race() -> None:
    section = section_build(
        ratings=[2000, 1900, 1800, 1700], rounds=["1-2 ?, 3-4 ?"], rounds_total=3
    )
    Round.objects.filter(section=section).update(status=Round.Status.DRAFT)
    swapped = [
        Row(board=2, white=pk(section, 1), black=pk(section, 2)),
        Row(board=1, white=pk(section, 3), black=pk(section, 4)),
    ]

    services.round_pairings_save(section=section, number=1, rows=swapped)

    boards = dict(
        Pairing.objects.filter(round__section=section).values_list(
            "white__start_number", "board"
        )
    )
    assert boards == {1: 2, 3: 1}


def test_a_player_withdrawn_after_round_two_may_still_be_paired_in_round_two() -> None:
    section = section_build(
        ratings=[2000, 1900, 1800, 1700], rounds=["1-3 1-0, 2-4 1-0"], rounds_total=3
    )
    Player.objects.filter(section=section, start_number=1).update(
        status=Player.Status.WITHDRAWN, withdrawn_after_round=2
    )
    rows = [
        Row(board=1, white=pk(section, 1), black=pk(section, 2)),
        Row(board=2, white=pk(section, 3), black=pk(section, 4)),
    ]

    check = services.round_pairings_check(section=section, number=2, rows=rows)
    assert check.errors == []
    services.round_pairings_save(section=section, number=2, rows=rows)
    assert Pairing.objects.filter(round__number=2, white__start_number=1).exists()

    # ... and not in round 3, after the withdrawal.
    late = services.round_pairings_check(section=section, number=3, rows=rows)
    assert [row for row, _m in late.errors] == [0]


def test_a_player_cannot_be_in_two_playoffs_of_one_section() -> None:
    section = section_build(
        ratings=[2000, 1900, 1800, 1700], rounds=["1-2 =, 3-4 ="], rounds_total=1
    )
    services.section_playoff_record(section=section, players=[1, 2])

    with pytest.raises(ValidationError) as refused:
        services.section_playoff_record(section=section, players=[3, 1])

    assert refused.value.messages == [services.PLAYOFF_PLAYER_ALREADY.format(number=1)]
    section.refresh_from_db()
    assert section.playoffs == [{"players": [1, 2], "note": ""}]
