"""A round flagged "paired on old scores" is flagged exactly while the scores its pairings used
differ from the scores now: a correction of an earlier round flags it, the correction taken back
clears it, whoever enters each step."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from tests.tournaments.builders import section_build
from tournaments import services
from tournaments.models import Pairing, Round, Section, SectionEvent
from tournaments.services import PairingInput as Row

pytestmark = pytest.mark.django_db


@pytest.fixture
def section() -> Section:
    """Round 1 complete (1-3 1-0, 2-4 1-0), round 2 posted on those scores."""
    section = section_build(
        ratings=[2000, 1900, 1800, 1700],
        rounds=["1-3 1-0, 2-4 1-0", "1-2 ?, 3-4 ?"],
        rounds_total=3,
    )
    Round.objects.filter(section=section).update(status=Round.Status.PAIRED)
    return section


def board(section: Section, number: int, board_no: int) -> Pairing:
    return Pairing.objects.get(
        round__section=section, round__number=number, board=board_no
    )


def correct(section: Section, board_no: int, result: str, user: User | None = None):
    pairing = board(section, 1, board_no)
    services.result_record(
        pairing=pairing,
        result=result,
        based_on=pairing.result,
        user=user,
        confirm_later=True,
    )


def flagged(section: Section) -> bool:
    return Round.objects.get(section=section, number=2).paired_on_old_scores


def test_a_correction_taken_back_clears_the_flag_and_the_log_says_so(
    section: Section,
) -> None:
    correct(section, 1, "black_win")
    assert flagged(section)

    correct(section, 1, "white_win")

    assert not flagged(section)
    back = SectionEvent.objects.filter(section=section).order_by("pk").last()
    assert back is not None
    assert back.detail.endswith("Round 2 rests again on the scores it was paired on.")


def test_a_second_correction_of_a_board_keeps_the_flag_until_the_first_result_is_back(
    section: Section,
) -> None:
    correct(section, 1, "draw")
    correct(section, 1, "black_win")
    assert flagged(section)

    correct(section, 1, "draw")
    assert flagged(section)
    correct(section, 1, "white_win")
    assert not flagged(section)


def test_a_correction_that_keeps_every_score_does_not_flag(section: Section) -> None:
    # 1-0 made 1-0 forfeit: the same points for both players.
    correct(section, 1, "white_forfeit_win")

    assert not flagged(section)
    assert SectionEvent.objects.filter(kind=SectionEvent.Kind.CORRECTION).exists()


def test_two_tds_correcting_two_boards_clear_the_flag_only_when_both_are_back(
    section: Section,
) -> None:
    td_a, td_b = User.objects.create_user("td_a"), User.objects.create_user("td_b")
    correct(section, 1, "draw", td_a)
    correct(section, 2, "black_win", td_b)

    correct(section, 1, "white_win", td_a)
    assert flagged(section)
    correct(section, 2, "white_win", td_b)
    assert not flagged(section)


def test_the_admins_pairing_save_taking_a_correction_back_clears_the_flag(
    section: Section,
) -> None:
    one = Round.objects.get(section=section, number=1)
    pairing = board(section, 1, 1)

    def save(result: str) -> None:
        services.pairing_save(
            round_=one,
            pairing=pairing,
            row=Row(
                white=pairing.white_id, black=pairing.black_id, board=1, result=result
            ),
        )

    save("black_win")
    assert flagged(section)
    save("white_win")
    assert not flagged(section)


def test_a_round_flagged_before_its_scores_were_kept_stays_flagged(
    section: Section,
) -> None:
    # Flagged by a correction made before the scores a pairing used were kept: what they
    # were is unknown, so the flag stays until the round is paired again.
    Round.objects.filter(section=section, number=2).update(paired_on_old_scores=True)

    correct(section, 1, "draw")
    correct(section, 1, "white_win")

    assert flagged(section)


def test_pairing_the_round_again_forgets_the_old_scores(section: Section) -> None:
    correct(section, 1, "black_win")
    two = Round.objects.get(section=section, number=2)
    services.round_pairings_remove(round_=two, confirm=True)
    services.round_pair(section=section, number=2, absent="pair", post=True)
    # Paired on 0-1: taking it back to 1-0 now changes the scores the new pairing used.
    correct(section, 1, "white_win")

    assert flagged(section)
