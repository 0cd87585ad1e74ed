"""The round's one write lock (``services.common.round_lock``) and what writers check after it."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.transaction import TransactionManagementError

from tests.tournaments.builders import section_build
from tournaments import services
from tournaments.models import Pairing, Player, Result, ResultChange, Round, Section
from tournaments.services.common import round_lock
from tournaments.services.results import PAIRING_GONE

pytestmark = pytest.mark.django_db


@pytest.mark.django_db(transaction=True)
def test_round_lock_outside_a_transaction_is_refused() -> None:
    section = section_build(ratings=[None] * 2, rounds=["1-2 ?"])
    round_ = Round.objects.get(section=section, number=1)

    with pytest.raises(TransactionManagementError, match="transaction.atomic"):
        round_lock(round_id=round_.pk)


def test_round_lock_by_number_creates_a_round_not_yet_paired() -> None:
    section = section_build(ratings=[None] * 2, rounds=["1-2 ?"], rounds_total=3)

    with transaction.atomic():
        round_ = round_lock(section=section, number=2)

    assert (round_.number, round_.status) == (2, Round.Status.NOT_PAIRED)
    assert Round.objects.filter(section=section).count() == 2


def test_a_result_for_a_board_taken_out_of_the_round_says_so() -> None:
    section = section_build(ratings=[None] * 4, rounds=["1-2 ?, 3-4 ?"])
    Round.objects.filter(section=section).update(status=Round.Status.PAIRED)
    board1 = Pairing.objects.get(round__section=section, board=1)
    # Another TD re-paired the round meanwhile: board 1 is now 1-4, board 2 is 3-2.
    services.round_pairings_save(
        section=section,
        number=1,
        rows=[
            services.PairingInput(
                white=board1.white_id, black=_pk(section, 4), board=1
            ),
            services.PairingInput(
                white=_pk(section, 3), black=board1.black_id, board=2
            ),
        ],
    )

    with pytest.raises(ValidationError) as error:
        services.result_record(
            pairing=board1, result=Result.WHITE_WIN, based_on=Result.PENDING
        )

    assert error.value.messages == [PAIRING_GONE]
    assert not ResultChange.objects.exists()
    assert not Pairing.objects.exclude(result=Result.PENDING).exists()


def test_a_check_entry_for_a_board_taken_out_of_the_round_says_so() -> None:
    section = section_build(ratings=[None] * 2, rounds=["1-2 ?"])
    # Posted: check mode takes entries on posted pairings only.
    Round.objects.filter(section=section).update(status=Round.Status.PAIRED)
    board = Pairing.objects.get(round__section=section)
    Pairing.objects.filter(pk=board.pk).delete()

    with pytest.raises(ValidationError) as error:
        services.result_check_record(pairing=board, result=Result.DRAW)

    assert error.value.messages == [PAIRING_GONE]


def _pk(section: Section, number: int) -> int:
    return Player.objects.get(section=section, start_number=number).pk
