"""Withdrawing a player after a round, and bringing them back."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.db.models import Q

from tests.tournaments.builders import player_row, round_two_posted, section_build
from tournaments import services
from tournaments.models import (
    Pairing,
    Player,
    RequestedBye,
    Result,
    ResultChange,
    Round,
    Section,
)

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

    # What is in the way (the board, the opponent), and the two ways on.
    assert error.value.messages == [
        "Round 2 is already paired with Player 4 on board 2 against Player 2: nothing was "
        "changed. Take Player 4 out of round 2's pairings first (on its pairings page), or "
        "withdraw Player 4 after round 2."
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


# ---- a player who leaves during a round: the opponent is never left at an empty board


def _result(section: Section, number: int, board: int) -> str:
    return Pairing.objects.get(
        round__section=section, round__number=number, board=board
    ).result


def test_withdrawing_before_a_posted_round_with_the_game_unplayed_asks_about_the_game() -> (
    None
):
    section = round_two_posted()

    with pytest.raises(services.WithdrawGameUnplayed) as asked:
        services.player_withdraw(player=player(section, 4), after_round=1)

    assert asked.value.messages == [
        services.WITHDRAW_GAME_UNPLAYED.format(
            player="Player 4", board=2, round=2, opponent="Player 2"
        )
    ]
    assert asked.value.button == services.WITHDRAW_GAME_FORFEIT.format(
        opponent="Player 2", board=2, round=2
    )
    assert player(section, 4).status == Player.Status.ACTIVE
    assert _result(section, 2, 2) == Result.PENDING


def test_the_game_that_will_not_be_played_goes_to_the_opponent_by_forfeit(
    django_user_model,
) -> None:
    section = round_two_posted()
    td = django_user_model.objects.create_user("chief")
    RequestedBye.objects.create(player=player(section, 4), round_number=3)

    services.player_withdraw(
        player=player(section, 4), after_round=1, forfeit=True, user=td
    )

    # 4 was black on board 2: 2 wins by forfeit; round 2 is 4's last round, lost by forfeit.
    assert _result(section, 2, 2) == Result.WHITE_FORFEIT_WIN
    four = player(section, 4)
    assert (four.status, four.withdrawn_after_round) == (Player.Status.WITHDRAWN, 2)
    assert not RequestedBye.objects.filter(player=four).exists()
    change = ResultChange.objects.get(pairing__board=2, round__number=2)
    assert (change.old_result, change.new_result, change.changed_by) == (
        Result.PENDING,
        Result.WHITE_FORFEIT_WIN,
        td,
    )
    # The other board is still being played: the round is not complete.
    assert Round.objects.get(section=section, number=2).status == Round.Status.PAIRED


def test_the_forfeit_for_a_white_player_who_leaves_goes_to_black_and_completes_the_round() -> (
    None
):
    section = round_two_posted()
    services.result_record(
        pairing=Pairing.objects.get(round__number=2, board=2, round__section=section),
        result=Result.DRAW,
        based_on=Result.PENDING,
    )

    services.player_withdraw(player=player(section, 1), after_round=1, forfeit=True)

    assert _result(section, 2, 1) == Result.BLACK_FORFEIT_WIN
    assert Round.objects.get(section=section, number=2).status == Round.Status.COMPLETE


def test_withdrawing_after_the_round_being_played_leaves_its_game_to_be_played() -> (
    None
):
    # "I leave after this game": the game is played, its result entered as usual.
    section = round_two_posted()

    services.player_withdraw(player=player(section, 4), after_round=2)

    assert player(section, 4).withdrawn_after_round == 2
    assert _result(section, 2, 2) == Result.PENDING
    assert services.player_withdraw_pending(player(section, 4)) == (
        services.WITHDRAW_GAME_PENDING.format(
            board=2, round=2, player="Player 4", opponent="Player 2"
        )
    )


def test_a_game_entered_by_another_td_meanwhile_is_not_forfeited() -> None:
    # The withdraw page asked before board 2 got its result: the game was played after all,
    # so the withdrawal before round 2 is refused as for any round the player played.
    section = round_two_posted()
    services.result_record(
        pairing=Pairing.objects.get(round__number=2, board=2, round__section=section),
        result=Result.BLACK_WIN,
        based_on=Result.PENDING,
    )

    with pytest.raises(ValidationError) as error:
        services.player_withdraw(player=player(section, 4), after_round=1, forfeit=True)

    assert error.value.messages == [
        "Round 2 is already paired with Player 4 on board 2 against Player 2, and that game "
        "has a result (0-1): nothing was changed. Withdraw Player 4 after round 2 or later."
    ]
    assert _result(section, 2, 2) == Result.BLACK_WIN
    assert player(section, 4).status == Player.Status.ACTIVE


def _round_three_paired_by_hand(section: Section) -> None:
    """Round 3 paired by hand while round 2 is being played: 4-1 on board 1, 2-3 on board 2."""
    pk = dict(Player.objects.filter(section=section).values_list("start_number", "pk"))
    services.round_pairings_save(
        section=section,
        number=3,
        rows=[
            services.PairingInput(white=pk[4], black=pk[1], board=1),
            services.PairingInput(white=pk[2], black=pk[3], board=2),
        ],
    )


@pytest.mark.parametrize("posted", [False, True], ids=["draft", "posted"])
def test_a_forfeit_withdrawal_with_the_next_round_paired_by_hand_says_what_is_in_the_way(
    posted: bool,
) -> None:
    # Player 4 leaves during round 2 (board 2, no result); round 3 was paired by hand already
    # with 4 on board 1. The forfeit would make round 2 their last: round 3 is in the way.
    section = round_two_posted()
    _round_three_paired_by_hand(section)
    if posted:
        Round.objects.filter(section=section, number=3).update(
            status=Round.Status.PAIRED
        )

    with pytest.raises(ValidationError) as error:
        services.player_withdraw(player=player(section, 4), after_round=1, forfeit=True)

    assert error.value.messages == [
        "Round 3 is already paired with Player 4 on board 1 against Player 1: nothing was "
        "changed, and board 2 of round 2 still has no result. To withdraw Player 4 after "
        "round 2 with the forfeit, take them out of round 3's pairings first (on its "
        "pairings page), then withdraw again; or withdraw Player 4 after round 3 and enter "
        "round 2's forfeit on its round page."
    ]
    assert _result(section, 2, 2) == Result.PENDING
    assert not ResultChange.objects.exists()
    assert player(section, 4).status == Player.Status.ACTIVE


def test_the_plan_of_a_withdrawal_says_what_it_will_do_and_changes_nothing() -> None:
    section = round_two_posted()
    four = player(section, 4)
    RequestedBye.objects.create(
        player=four, round_number=4, kind=RequestedBye.Kind.HALF
    )

    plan = services.player_withdraw_plan(player=four, after_round=1, forfeit=True)

    assert (plan.after_round, plan.withdraws, plan.made) == (2, True, False)
    assert plan.forfeit is not None and plan.forfeit.board == 2
    assert [b.round_number for b in plan.byes] == [4]
    assert _result(section, 2, 2) == Result.PENDING
    assert player(section, 4).status == Player.Status.ACTIVE
    assert RequestedBye.objects.filter(player=four).exists()


def test_a_forfeit_in_the_last_round_leaves_nothing_to_withdraw_from() -> None:
    section = round_two_posted()
    Section.objects.filter(pk=section.pk).update(rounds_total=2)

    services.player_withdraw(player=player(section, 3), after_round=1, forfeit=True)

    assert _result(section, 2, 1) == Result.WHITE_FORFEIT_WIN
    assert player(section, 3).status == Player.Status.ACTIVE


@pytest.mark.parametrize("rounds_total", [4, 2], ids=["withdrawn", "last-round"])
def test_a_withdrawal_with_its_forfeit_sent_twice_changes_nothing_the_second_time(
    rounds_total: int,
) -> None:
    # The first answer lost on the way back: the page still shows 4 active, game unplayed,
    # and the TD presses the forfeit button again.
    section = round_two_posted()
    Section.objects.filter(pk=section.pk).update(rounds_total=rounds_total)
    services.player_withdraw(
        player=player(section, 4), after_round=1, forfeit=True, shown=""
    )

    services.player_withdraw(
        player=player(section, 4), after_round=1, forfeit=True, shown=""
    )

    assert _result(section, 2, 2) == Result.WHITE_FORFEIT_WIN
    assert ResultChange.objects.count() == 1
    four = player(section, 4)
    if rounds_total == 2:
        # Round 2 is the last: the forfeit was all there was to do.
        assert four.status == Player.Status.ACTIVE
    else:
        assert (four.status, four.withdrawn_after_round) == (Player.Status.WITHDRAWN, 2)


def test_a_forfeit_withdrawal_does_not_take_back_another_tds_later_withdrawal() -> None:
    # Round 2's game forfeited and the player withdrawn after round 3 by another TD: the page
    # drawn before asks for a withdrawal after round 2, and is refused as stale.
    section = round_two_posted()
    services.player_withdraw(player=player(section, 4), after_round=1, forfeit=True)
    Player.objects.filter(pk=player(section, 4).pk).update(withdrawn_after_round=3)

    with pytest.raises(ValidationError, match="changed after this page was opened"):
        services.player_withdraw(
            player=player(section, 4), after_round=1, forfeit=True, shown=""
        )

    assert player(section, 4).withdrawn_after_round == 3


def test_withdrawing_a_player_a_draft_pairs_names_the_board_and_the_way_on() -> None:
    section = section_build(
        ratings=[2000, 1900, 1800, 1700], rounds=["1-3 1-0, 2-4 ="], rounds_total=3
    )
    Round.objects.filter(section=section).update(status=Round.Status.COMPLETE)
    services.round_pair(section=section, number=2)
    four = player(section, 4)
    row = player_row(section, 2, four)
    assert row is not None

    with pytest.raises(ValidationError) as error:
        services.player_withdraw(player=four, after_round=1)

    assert error.value.messages == [
        services.WITHDRAW_DRAFT_PAIRED.format(
            round=2, player=four, where=f"on board {row.board}"
        )
    ]
    assert player(section, 4).status == Player.Status.ACTIVE

    # The way on: remove the draft, withdraw, pair again; 4 has no row in round 2.
    services.round_pairings_remove(round_=Round.objects.get(section=section, number=2))
    services.player_withdraw(player=four, after_round=1)
    services.round_pair(section=section, number=2)
    row = player_row(section, 2, four)
    assert row is None or row.result == Result.NOT_PAIRED
