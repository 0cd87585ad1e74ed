"""A round's life in the services: a final section locked and reopened with a reason, a round's
pairings taken back, check-in and byes open while a round is a draft, a correction after a later
round was paired, check mode's differences before the next round is posted."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError

from tests.tournaments.builders import section_build
from tournaments import selectors, services
from tournaments.models import (
    CheckIn,
    Pairing,
    Player,
    RequestedBye,
    Result,
    ResultChange,
    ResultCheck,
    Round,
    Section,
    SectionEvent,
)
from tournaments.services import PairingInput as Row

pytestmark = pytest.mark.django_db

RATINGS = [2000, 1900, 1800, 1700]


def player(section: Section, number: int) -> Player:
    return Player.objects.get(section=section, start_number=number)


def board(section: Section, number: int, board_no: int) -> Pairing:
    return Pairing.objects.get(
        round__section=section, round__number=number, board=board_no
    )


def posted(section: Section, *numbers: int) -> None:
    Round.objects.filter(section=section, number__in=numbers).update(
        status=Round.Status.PAIRED
    )


@pytest.fixture
def user(db: object) -> User:
    return User.objects.create_user("arbiter")


# ---- a section marked final is locked


@pytest.fixture
def final(user: User) -> Section:
    section = section_build(ratings=RATINGS, rounds=["1-3 1-0, 2-4 ?"], rounds_total=2)
    posted(section, 1)
    services.section_final_set(section=section, final=True, user=user)
    return section


def test_a_final_section_refuses_a_result_and_keeps_the_board(final: Section) -> None:
    pairing = board(final, 1, 2)

    with pytest.raises(ValidationError) as refused:
        services.result_record(pairing=pairing, result="draw", based_on="pending")

    assert refused.value.messages == [services.SECTION_FINAL.format(section=final.name)]
    assert board(final, 1, 2).result == Result.PENDING


def test_a_final_section_refuses_pairings_by_hand_and_by_the_program(
    final: Section,
) -> None:
    rows = [Row(white=player(final, 1).pk, black=player(final, 2).pk, board=1)]
    with pytest.raises(ValidationError, match="is marked final"):
        services.round_pairings_save(section=final, number=2, rows=rows)
    Pairing.objects.filter(round__section=final).update(result=Result.DRAW)
    with pytest.raises(services.PairingRefused, match="is marked final"):
        services.round_pair(section=final, number=2, absent="pair")
    assert not Pairing.objects.filter(round__number=2).exists()


def test_a_final_section_refuses_player_changes(final: Section) -> None:
    one = player(final, 1)
    with pytest.raises(ValidationError, match="is marked final"):
        services.player_create(section=final, name="Late Comer")
    with pytest.raises(ValidationError, match="is marked final"):
        services.player_update(player=one, name="Renamed")
    with pytest.raises(ValidationError, match="is marked final"):
        services.player_withdraw(player=one, after_round=1)
    with pytest.raises(ValidationError, match="is marked final"):
        services.player_byes_request(player=one, byes={2: "half"})
    with pytest.raises(ValidationError, match="is marked final"):
        services.checkin_set(player=one, round_number=2, present=True, user=None)
    one.refresh_from_db()
    assert (one.name, one.status) == ("Player 1", Player.Status.ACTIVE)
    assert Player.objects.filter(section=final).count() == 4
    assert not RequestedBye.objects.exists() and not CheckIn.objects.exists()


def test_reopening_needs_a_reason_and_is_kept_in_the_log(
    final: Section, user: User
) -> None:
    with pytest.raises(ValidationError) as refused:
        services.section_final_set(section=final, final=False, reason="  ")
    assert refused.value.messages == [services.REOPEN_REASON]
    with pytest.raises(ValidationError):
        services.section_final_set(section=final, final=False, reason="typo\x00")
    final.refresh_from_db()
    assert final.is_final

    services.section_final_set(
        section=final, final=False, reason="Board 2 was entered wrong", user=user
    )

    final.refresh_from_db()
    assert not final.is_final
    log = list(
        SectionEvent.objects.filter(section=final).values_list(
            "kind", "reason", "user__username"
        )
    )
    assert log == [
        (SectionEvent.Kind.FINAL, "", "arbiter"),
        (SectionEvent.Kind.REOPENED, "Board 2 was entered wrong", "arbiter"),
    ]
    # Open again: the result goes in.
    services.result_record(
        pairing=board(final, 1, 2), result="draw", based_on="pending"
    )
    assert board(final, 1, 2).result == Result.DRAW


# ---- removing a round's pairings


def test_a_draft_rounds_pairings_are_removed_and_the_round_is_open_again(
    user: User,
) -> None:
    section = section_build(ratings=RATINGS, rounds=["1-3 ?, 2-4 ?"], rounds_total=2)
    round_ = Round.objects.get(section=section, number=1)
    Round.objects.filter(pk=round_.pk).update(
        status=Round.Status.DRAFT, pairing_notes=["a note"]
    )

    removed = services.round_pairings_remove(round_=round_, user=user)

    assert removed == 2
    round_.refresh_from_db()
    assert (round_.status, round_.pairing_notes) == (Round.Status.NOT_PAIRED, [])
    assert not Pairing.objects.filter(round=round_).exists()
    event = SectionEvent.objects.get(section=section)
    assert (event.kind, event.round_number, event.user) == (
        SectionEvent.Kind.PAIRINGS_REMOVED,
        1,
        user,
    )
    # Check-in for the round is open again.
    services.checkin_set(
        player=player(section, 1), round_number=1, present=True, user=None
    )


def test_posted_pairings_without_a_result_are_removed_only_when_confirmed() -> None:
    section = section_build(ratings=RATINGS, rounds=["1-3 ?, 2-4 ?"], rounds_total=2)
    posted(section, 1)
    round_ = Round.objects.get(section=section, number=1)

    with pytest.raises(ValidationError) as refused:
        services.round_pairings_remove(round_=round_)
    assert refused.value.messages == [services.ROUND_REMOVE_CONFIRM.format(round=1)]
    assert Pairing.objects.filter(round=round_).count() == 2

    services.round_pairings_remove(round_=round_, confirm=True)
    assert not Pairing.objects.filter(round=round_).exists()


def test_a_round_with_a_result_or_a_later_round_paired_keeps_its_pairings() -> None:
    section = section_build(
        ratings=RATINGS, rounds=["1-3 1-0, 2-4 ?", "1-2 ?, 3-4 ?"], rounds_total=3
    )
    posted(section, 1, 2)
    one, two = (Round.objects.get(section=section, number=n) for n in (1, 2))

    with pytest.raises(ValidationError) as later:
        services.round_pairings_remove(round_=one, confirm=True)
    assert later.value.messages == [services.ROUND_REMOVE_LATER.format(later=2)]
    Pairing.objects.filter(round=two).update(result=Result.DRAW)
    with pytest.raises(ValidationError) as results:
        services.round_pairings_remove(round_=two, confirm=True)
    assert results.value.messages == [services.ROUND_REMOVE_HAS_RESULTS.format(round=2)]
    assert Pairing.objects.filter(round__section=section).count() == 4


def _shown(round_: Round) -> dict[str, Any]:
    """What a round page drawn now has its Remove pairings form carry."""
    return {
        "based_on": selectors.round_pairings_version(
            section=round_.section, number=round_.number
        ),
        "results_seen": selectors.round_results_version(round_id=round_.pk),
    }


def _page_drawn() -> tuple[Section, Round, dict[str, Any]]:
    """Round 1 posted with no result; what its page drawn now has the Remove form carry."""
    section = section_build(ratings=RATINGS, rounds=["1-3 ?, 2-4 ?"], rounds_total=2)
    posted(section, 1)
    round_ = Round.objects.get(section=section, number=1)
    return section, round_, _shown(round_)


@pytest.mark.parametrize(
    ("entered", "rows", "then"),
    [
        # Another TD enters board 1 in place: a game with a result keeps its pairings.
        (
            "result",
            "board 1 (1. Player 1 – 3. Player 3) 1-0",
            services.ROUND_REMOVE_RESULTS_STAND,
        ),
        # A check-mode entry leaves the board pending: only the results' version sees it.
        (
            "check",
            "board 2 (2. Player 2 – 4. Player 4) check entry ½-½",
            services.ROUND_REMOVE_CHECKS_WOULD_GO,
        ),
    ],
)
def test_results_entered_after_the_page_was_drawn_refuse_the_removal_naming_them(
    entered: str, rows: str, then: str
) -> None:
    section, round_, shown = _page_drawn()
    if entered == "result":
        services.result_record(
            pairing=board(section, 1, 1),
            result=Result.WHITE_WIN,
            based_on=Result.PENDING,
        )
    else:
        services.result_check_record(pairing=board(section, 1, 2), result=Result.DRAW)

    with pytest.raises(ValidationError) as refused:
        services.round_pairings_remove(round_=round_, confirm=True, **shown)

    assert refused.value.messages == [
        services.ROUND_REMOVE_RESULTS_ENTERED.format(round=1, rows=rows) + " " + then
    ]
    assert Pairing.objects.filter(round=round_).count() == 2
    assert board(section, 1, 1).result == (
        Result.WHITE_WIN if entered == "result" else Result.PENDING
    )
    assert ResultCheck.objects.filter(pairing__round=round_).count() == (
        entered == "check"
    )


def test_check_entries_alone_go_from_a_page_drawn_after_them_once_asked() -> None:
    section, round_, _shown_before = _page_drawn()
    services.result_check_record(pairing=board(section, 1, 2), result=Result.DRAW)

    # From a page drawn now, the question names the entry that goes with the pairings.
    shown = _shown(round_)
    with pytest.raises(services.RemoveNeedsConfirm) as asked:
        services.round_pairings_remove(round_=round_, **shown)
    assert asked.value.messages == [
        services.ROUND_REMOVE_CONFIRM.format(round=1)
        + " "
        + services.ROUND_REMOVE_BYES.format(rows="the check entry on board 2 (½-½)")
    ]
    assert services.round_pairings_remove(round_=round_, confirm=True, **shown) == 2
    assert not ResultCheck.objects.filter(pairing__round=round_).exists()


def test_results_entered_and_set_back_since_the_page_leave_nothing_to_lose() -> None:
    section, round_, shown = _page_drawn()
    one = board(section, 1, 1)
    services.result_record(pairing=one, result=Result.DRAW, based_on=Result.PENDING)
    services.result_record(pairing=one, result=Result.PENDING, based_on=Result.DRAW)

    assert services.round_pairings_remove(round_=round_, confirm=True, **shown) == 2


def _flagged() -> tuple[Section, Round]:
    """Round 1 played, round 2 posted with no result, then round 1's board 1 corrected: round
    2 is paired on old scores, so its page offers Pair again on the present scores."""
    section = section_build(
        ratings=RATINGS, rounds=["1-3 1-0, 2-4 1-0", "1-2 ?, 3-4 ?"], rounds_total=3
    )
    posted(section, 1, 2)
    services.result_record(
        pairing=board(section, 1, 1),
        result="black_win",
        based_on="white_win",
        confirm_later=True,
    )
    return section, Round.objects.get(section=section, number=2)


def test_pair_again_from_a_page_drawn_before_a_check_entry_is_refused_naming_it() -> (
    None
):
    section, two = _flagged()
    shown = _shown(two)
    services.result_check_record(pairing=board(section, 2, 2), result=Result.DRAW)
    kept = set(Pairing.objects.filter(round=two).values_list("pk", flat=True))

    with pytest.raises(services.ResultsEnteredSince) as refused:
        services.round_repair(section=section, number=2, **shown)

    assert refused.value.messages == [
        services.ROUND_REMOVE_RESULTS_ENTERED.format(
            round=2, rows="board 2 (3. Player 3 – 4. Player 4) check entry ½-½"
        )
        + " "
        + services.ROUND_REMOVE_CHECKS_WOULD_GO
    ]
    assert set(Pairing.objects.filter(round=two).values_list("pk", flat=True)) == kept
    assert ResultCheck.objects.filter(pairing__round=two).count() == 1
    two.refresh_from_db()
    assert two.status == Round.Status.PAIRED and two.paired_on_old_scores


def test_pair_again_from_a_page_drawn_after_the_check_entry_asks_then_pairs() -> None:
    section, two = _flagged()
    services.result_check_record(pairing=board(section, 2, 2), result=Result.DRAW)
    shown = _shown(two)

    # The entry was on the page, but pairing again throws it away: asked first, naming it.
    with pytest.raises(services.RemoveNeedsConfirm) as asked:
        services.round_repair(section=section, number=2, **shown)
    assert asked.value.messages == [
        services.ROUND_REPAIR_CHECKS.format(round=2)
        + " "
        + services.ROUND_REMOVE_BYES.format(rows="the check entry on board 2 (½-½)")
    ]
    assert ResultCheck.objects.filter(pairing__round=two).exists()
    assert Round.objects.get(pk=two.pk).paired_on_old_scores

    again = services.round_repair(section=section, number=2, confirm=True, **shown)

    assert again.status == Round.Status.DRAFT and not again.paired_on_old_scores
    assert not ResultCheck.objects.filter(pairing__round=two).exists()


def test_a_check_entry_on_a_draft_is_refused_as_a_result_is() -> None:
    # Check mode enters again what the score sheets say: a draft's games are not played yet.
    section = section_build(ratings=RATINGS, rounds=["1-3 ?, 2-4 ?"], rounds_total=2)
    Round.objects.filter(section=section).update(status=Round.Status.DRAFT)

    with pytest.raises(ValidationError) as refused:
        services.result_check_record(pairing=board(section, 1, 1), result=Result.DRAW)

    assert refused.value.messages == [services.RESULT_ROUND_NOT_POSTED.format(round=1)]
    assert not ResultCheck.objects.exists()
    # Once posted, the same entry is taken.
    posted(section, 1)
    services.result_check_record(pairing=board(section, 1, 1), result=Result.DRAW)
    assert ResultCheck.objects.get().result == Result.DRAW


# ---- check-in and requested byes while a round is a draft


def test_check_in_and_requested_byes_stay_open_while_the_round_is_a_draft() -> None:
    section = section_build(ratings=RATINGS, rounds=["1-3 ?, 2-4 ?"], rounds_total=2)
    Round.objects.filter(section=section).update(status=Round.Status.DRAFT)
    one = player(section, 1)

    assert services.checkin_set(
        player=one, round_number=1, present=True, user=None
    ).present
    services.player_byes_request(player=player(section, 2), byes={1: "half"})

    assert CheckIn.objects.filter(player=one, round_number=1).exists()
    assert RequestedBye.objects.filter(player__start_number=2, round_number=1).exists()
    # Posted, they close.
    posted(section, 1)
    with pytest.raises(ValidationError, match="is posted"):
        services.checkin_set(player=one, round_number=1, present=False, user=None)
    with pytest.raises(ValidationError, match="paired already"):
        services.player_byes_request(player=player(section, 3), byes={1: "half"})


# ---- a correction after a later round was paired


def test_a_correction_after_a_later_round_was_paired_asks_first_and_names_the_round(
    user: User,
) -> None:
    section = section_build(
        ratings=RATINGS, rounds=["1-3 1-0, 2-4 1-0", "1-2 ?, 3-4 ?"], rounds_total=3
    )
    posted(section, 1, 2)
    pairing = board(section, 1, 1)

    with pytest.raises(services.LaterRoundsPaired) as asked:
        services.result_record(
            pairing=pairing, result="black_win", based_on="white_win", user=user
        )

    assert asked.value.messages[0].startswith("Round 2 was paired on the old scores")
    assert board(section, 1, 1).result == Result.WHITE_WIN
    assert not Round.objects.get(section=section, number=2).paired_on_old_scores

    services.result_record(
        pairing=pairing,
        result="black_win",
        based_on="white_win",
        user=user,
        confirm_later=True,
    )

    assert board(section, 1, 1).result == Result.BLACK_WIN
    assert Round.objects.get(section=section, number=2).paired_on_old_scores
    assert not Round.objects.get(section=section, number=1).paired_on_old_scores
    assert ResultChange.objects.filter(
        pairing=pairing, old_result="white_win", new_result="black_win"
    ).exists()
    event = SectionEvent.objects.get(section=section)
    assert event.kind == SectionEvent.Kind.CORRECTION
    assert (
        event.detail == "Round 1, board 1: 1-0 changed to 0-1 after round 2 was paired."
    )


@pytest.mark.parametrize("confirm", [True, False], ids=["confirmed", "asked"])
def test_a_correction_pressed_twice_is_kept_once_and_not_asked_again(
    user: User, confirm: bool
) -> None:
    section = section_build(
        ratings=RATINGS, rounds=["1-3 1-0, 2-4 1-0", "1-2 ?, 3-4 ?"], rounds_total=3
    )
    posted(section, 1, 2)
    for confirm_later in (True, confirm):
        # The same post twice (the first answer lost): the second with the confirmation
        # again, or from the first button.
        services.result_record(
            pairing=board(section, 1, 1),
            result="black_win",
            based_on="white_win",
            user=user,
            confirm_later=confirm_later,
        )

    assert board(section, 1, 1).result == Result.BLACK_WIN
    assert ResultChange.objects.count() == 1
    assert SectionEvent.objects.filter(section=section).count() == 1


def test_a_result_of_the_last_paired_round_needs_no_confirmation() -> None:
    section = section_build(
        ratings=RATINGS, rounds=["1-3 1-0, 2-4 1-0", "1-2 ?, 3-4 ?"], rounds_total=3
    )
    posted(section, 1, 2)

    services.result_record(
        pairing=board(section, 2, 1), result="draw", based_on="pending"
    )

    assert board(section, 2, 1).result == Result.DRAW
    assert not SectionEvent.objects.exists()


def test_re_pairing_the_flagged_round_clears_the_flag() -> None:
    section, two = _flagged()

    services.round_pairings_remove(round_=two, confirm=True)
    services.round_pair(section=section, number=2, absent="pair")

    two.refresh_from_db()
    assert two.status == Round.Status.DRAFT and not two.paired_on_old_scores
    # Paired on the new scores: 3 (now 1 point) meets 2 (1 point).
    games = set(
        Pairing.objects.filter(round=two).values_list(
            "white__start_number", "black__start_number"
        )
    )
    assert {frozenset(g) for g in games} == {frozenset((2, 3)), frozenset((1, 4))}


# ---- check mode before the next round is posted


@pytest.fixture
def checked() -> Section:
    """Round 1 complete with a check entry differing on board 2; round 2 a draft."""
    section = section_build(
        ratings=RATINGS, rounds=["1-3 1-0, 2-4 1-0", "1-2 ?, 3-4 ?"], rounds_total=3
    )
    posted(section, 1)
    Round.objects.filter(section=section, number=2).update(status=Round.Status.DRAFT)
    ResultCheck.objects.create(pairing=board(section, 1, 1), result="white_win")
    ResultCheck.objects.create(pairing=board(section, 1, 2), result="draw")
    return section


def test_a_check_difference_blocks_posting_the_next_round(checked: Section) -> None:
    two = Round.objects.get(section=checked, number=2)

    with pytest.raises(ValidationError) as refused:
        services.round_publish(round_=two)

    assert refused.value.messages == [
        services.CHECK_DIFFERS.format(round=1, n=1, s="", boards="2")
    ]
    two.refresh_from_db()
    assert two.status == Round.Status.DRAFT


def test_a_settled_difference_lets_the_next_round_be_posted(checked: Section) -> None:
    # Settled: the check entry was right, the result is entered again to match it.
    services.result_record(
        pairing=board(checked, 1, 2),
        result="draw",
        based_on="white_win",
        confirm_later=True,
    )

    two = services.round_publish(round_=Round.objects.get(section=checked, number=2))

    assert two.status == Round.Status.PAIRED


def test_an_override_needs_a_reason_and_is_kept_in_the_log(
    checked: Section, user: User
) -> None:
    two = Round.objects.get(section=checked, number=2)

    services.round_publish(
        round_=two, user=user, override="Scoresheet shows 1-0; the checker misread"
    )

    two.refresh_from_db()
    assert two.status == Round.Status.PAIRED
    event = SectionEvent.objects.get(section=checked)
    assert (event.kind, event.reason, event.user) == (
        SectionEvent.Kind.CHECK_OVERRIDE,
        "Scoresheet shows 1-0; the checker misread",
        user,
    )


def test_a_player_marked_absent_who_arrives_after_all_loses_the_zero_point_bye() -> (
    None
):
    section = section_build(ratings=RATINGS, rounds=[], rounds_total=2)
    one = player(section, 1)
    RequestedBye.objects.create(player=one, round_number=1, kind="zero")
    RequestedBye.objects.create(player=player(section, 2), round_number=1, kind="half")

    services.checkin_set(player=one, round_number=1, present=True, user=None)
    services.checkin_set(
        player=player(section, 2), round_number=1, present=True, user=None
    )

    # A half-point bye is the player's own request: it stays.
    assert list(RequestedBye.objects.values_list("player__start_number", "kind")) == [
        (2, "half")
    ]


def test_a_result_changed_through_the_admins_pairing_save_flags_the_later_round() -> (
    None
):
    section = section_build(
        ratings=RATINGS, rounds=["1-3 1-0, 2-4 1-0", "1-2 ?, 3-4 ?"], rounds_total=3
    )
    posted(section, 1, 2)
    pairing = board(section, 1, 1)

    services.pairing_save(
        round_=Round.objects.get(section=section, number=1),
        pairing=pairing,
        row=Row(
            white=pairing.white_id,
            black=pairing.black_id,
            board=1,
            result="black_win",
        ),
    )

    assert board(section, 1, 1).result == Result.BLACK_WIN
    assert Round.objects.get(section=section, number=2).paired_on_old_scores
    assert (
        SectionEvent.objects.get(section=section).kind == SectionEvent.Kind.CORRECTION
    )
