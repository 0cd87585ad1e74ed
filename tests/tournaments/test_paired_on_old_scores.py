"""A round flagged "paired on old scores" is flagged exactly while the scores its pairings used
differ from the scores now: a correction of an earlier round flags it, the correction taken back
clears it, whoever enters each step."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from tests.tournaments.builders import section_build
from tournaments import services
from tournaments.models import Pairing, Player, Round, Section, SectionEvent
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


# Round 1 of the hand-edit cases: 1-3 1-0, 2-4 1-0, 5 a half-point bye, 6 no row at all;
# round 2 posted on those scores.
ROUND_ONE = [
    Row(white=1, black=3, board=1, result="white_win"),
    Row(white=2, black=4, board=2, result="white_win"),
    Row(white=5, result="bye_half"),
]


def _bye(number: int, result: str) -> list[Row]:
    return [row for row in ROUND_ONE if row.white != number] + [
        Row(white=number, result=result)
    ]


HAND_EDITS = {
    # what the TD saves as round 1 on the pairings page -> round 2 rests on old scores
    "a half-point bye put in": (ROUND_ONE + [Row(white=6, result="bye_half")], True),
    "a full-point bye put in": (ROUND_ONE + [Row(white=6, result="bye_full")], True),
    "a half-point bye taken out": (ROUND_ONE[:2], True),
    "a half-point bye made full": (_bye(5, "bye_full"), True),
    "a half-point bye made zero": (_bye(5, "bye_zero"), True),
    "a forfeit win turned round": (
        [Row(white=1, black=3, board=1, result="black_forfeit_win"), *ROUND_ONE[1:]],
        True,
    ),
    "a win made a forfeit win": (
        [Row(white=1, black=3, board=1, result="white_forfeit_win"), *ROUND_ONE[1:]],
        False,
    ),
    "a zero-point bye put in": (ROUND_ONE + [Row(white=6, result="bye_zero")], False),
    "a not-paired row put in": (ROUND_ONE + [Row(white=6, result="not_paired")], False),
}


@pytest.mark.parametrize(
    ("rows", "old_scores"), HAND_EDITS.values(), ids=list(HAND_EDITS)
)
def test_a_hand_edit_of_an_earlier_round_flags_the_later_round_exactly_while_a_score_differs(
    rows: list[Row], old_scores: bool
) -> None:
    section = section_build(
        ratings=[2000, 1900, 1800, 1700, 1600, 1500],
        rounds=["1-3 1-0, 2-4 1-0, 5 H", "1-2 ?, 5-3 ?, 4-6 ?"],
        rounds_total=3,
    )
    Round.objects.filter(section=section).update(status=Round.Status.PAIRED)
    pk = dict(Player.objects.filter(section=section).values_list("start_number", "pk"))

    def save(saved: list[Row]) -> None:
        services.round_pairings_save(
            section=section,
            number=1,
            rows=[
                Row(
                    white=pk[r.white],
                    black=pk[r.black] if r.black else None,
                    board=r.board,
                    result=r.result,
                )
                for r in saved
            ],
        )

    save(rows)
    assert flagged(section) is old_scores
    corrections = SectionEvent.objects.filter(
        section=section, kind=SectionEvent.Kind.CORRECTION
    )
    # A change of someone's points is kept in the log as a correction; a row without points
    # put in (or a result kept at its points) changes no score and no flag.
    if old_scores:
        assert corrections.exists()

    save(ROUND_ONE)  # the edit taken back

    assert not flagged(section)


def test_a_bye_put_in_by_hand_after_a_later_round_was_paired_is_logged_by_name() -> (
    None
):
    section = section_build(
        ratings=[2000, 1900, 1800, 1700, 1600],
        rounds=["1-3 1-0, 2-4 1-0", "1-2 ?, 3-4 ?, 5 U"],
        rounds_total=3,
        names=["Ann", "Bo", "Cy", "Di", "Eve Late"],
    )
    Round.objects.filter(section=section).update(status=Round.Status.PAIRED)
    one = Round.objects.get(section=section, number=1)
    eve = Player.objects.get(section=section, start_number=5)

    services.pairing_save(
        round_=one, pairing=None, row=Row(white=eve.pk, result="bye_half")
    )

    assert flagged(section)
    last = SectionEvent.objects.filter(kind=SectionEvent.Kind.CORRECTION).last()
    assert last is not None
    assert last.detail == (
        "Round 1, 5. Eve Late: Half-point bye put in after round 2 was paired."
    )
