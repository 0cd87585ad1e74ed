"""A player who lost a round by forfeit and has not checked in for the next: the TD says whether
they are withdrawn or paired before that round is paired (``round_pair(forfeited=...)``), or
withdraws them from the round page (``player_no_show_withdraw``); and ``manage.py pair``."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command

from tests.tournaments.builders import player_row, section_build
from tournaments import services
from tournaments.models import (
    CheckIn,
    Pairing,
    Player,
    RequestedBye,
    Result,
    Round,
    Section,
)
from tournaments.selectors import round_forfeited, section_default_tiebreaks

pytestmark = pytest.mark.django_db

# Round 1: 1 beats 5, 2 wins by forfeit against 6, 7 wins by forfeit against 3, 4 and 8 draw.
ROUND_ONE = "1-5 1-0, 2-6 +-, 3-7 -+, 4-8 ="


def played(rounds: list[str] | None = None, rounds_total: int = 3) -> Section:
    """Eight players, round 1 complete (3 and 6 lost it by forfeit), the order posted."""
    section = section_build(
        ratings=[2000, 1900, 1800, 1700, 1600, 1500, 1400, 1300],
        rounds=rounds or [ROUND_ONE],
        rounds_total=rounds_total,
    )
    services.section_tiebreaks_post(
        section=section, order=section_default_tiebreaks(section.kind), user=None
    )
    Round.objects.filter(section=section).update(status=Round.Status.COMPLETE)
    return section


def player(section: Section, number: int) -> Player:
    return Player.objects.get(section=section, start_number=number)


def numbers(players: list[Player]) -> list[int]:
    return [p.start_number for p in players]


def round_two_rows(section: Section) -> dict[int, str]:
    found: dict[int, str] = {}
    for white, black, result in Pairing.objects.filter(
        round__section=section, round__number=2
    ).values_list("white__start_number", "black__start_number", "result"):
        found[white] = result
        if black is not None:
            found[black] = result
    return found


def withdrawals(section: Section) -> dict[int, int | None]:
    return dict(
        Player.objects.filter(section=section).values_list(
            "start_number", "withdrawn_after_round"
        )
    )


def check_in(section: Section, round_number: int, *starts: int) -> None:
    CheckIn.objects.bulk_create(
        CheckIn(player=player(section, n), round_number=round_number) for n in starts
    )


# ---- who is named


def test_the_players_who_lost_by_forfeit_are_named_and_nothing_is_paired() -> None:
    section = played()

    with pytest.raises(services.AbsentPlayers) as asked:
        services.round_pair(section=section, number=2)

    assert numbers(asked.value.forfeited) == [3, 6]
    assert asked.value.players == []
    assert str(asked.value) == services.ROUND_PAIR_FORFEITED.format(
        n=2, s="s", have="have", last=1, number=2, names="3. Player 3, 6. Player 6"
    )
    assert not Pairing.objects.filter(round__number=2).exists()


def test_a_double_forfeit_names_both_players() -> None:
    section = played(["1-2 --, 3-4 1-0"])

    assert numbers(round_forfeited(section=section, number=2)) == [1, 2]


def test_a_checked_in_player_one_with_a_bye_asked_or_a_withdrawn_one_is_not_named() -> (
    None
):
    section = played(["1-5 -+, 2-6 +-, 3-7 -+, 4-8 +-"])
    check_in(section, 2, 1)
    RequestedBye.objects.create(
        player=player(section, 6), round_number=2, kind=RequestedBye.Kind.HALF
    )
    services.player_withdraw(player=player(section, 3), after_round=1)

    assert numbers(round_forfeited(section=section, number=2)) == [8]


def test_round_one_and_the_round_after_a_round_without_forfeits_ask_nothing() -> None:
    section = played(["1-5 1-0, 2-6 0-1, 3-7 =, 4-8 1-0"])

    assert round_forfeited(section=section, number=1) == []
    services.round_pair(section=section, number=2)

    assert len(round_two_rows(section)) == 8


# ---- the TD's answer


def test_withdrawing_them_cancels_their_later_byes_and_pairs_the_others() -> None:
    section = played()
    RequestedBye.objects.create(
        player=player(section, 6), round_number=3, kind=RequestedBye.Kind.HALF
    )

    round_ = services.round_pair(
        section=section, number=2, forfeited=services.FORFEITED_WITHDRAW
    )

    assert withdrawals(section) == {
        1: None,
        2: None,
        3: 1,
        4: None,
        5: None,
        6: 1,
        7: None,
        8: None,
    }
    assert player(section, 6).status == Player.Status.WITHDRAWN
    assert not RequestedBye.objects.filter(player__section=section).exists()
    rows = round_two_rows(section)
    assert {n for n, result in rows.items() if result == Result.PENDING} == {
        1,
        2,
        4,
        5,
        7,
        8,
    }
    assert rows.get(3, Result.NOT_PAIRED) == rows.get(6, Result.NOT_PAIRED)
    assert rows.get(3, Result.NOT_PAIRED) == Result.NOT_PAIRED
    assert round_.pairing_notes[:2] == [
        services.NOTE_FORFEITED_WITHDRAWN.format(number=3, name="Player 3", last=1),
        services.NOTE_FORFEITED_WITHDRAWN.format(number=6, name="Player 6", last=1),
    ]


def test_pairing_them_anyway_pairs_everyone_and_says_so() -> None:
    section = played()

    round_ = services.round_pair(
        section=section, number=2, forfeited=services.FORFEITED_PAIR
    )

    assert set(round_two_rows(section)) == set(range(1, 9))
    assert set(withdrawals(section).values()) == {None}
    assert (
        services.NOTE_FORFEITED_PAIRED.format(number=6, name="Player 6", last=1)
        in round_.pairing_notes
    )


def test_a_player_not_checked_in_who_lost_by_forfeit_is_asked_about_once() -> None:
    section = played()
    check_in(section, 2, 1, 2, 4, 5, 7)

    with pytest.raises(services.AbsentPlayers) as asked:
        services.round_pair(section=section, number=2)

    assert numbers(asked.value.forfeited) == [3, 6]
    assert numbers(asked.value.players) == [8]
    assert str(asked.value).startswith("1 player has not checked in for round 2: 8.")


def test_both_answers_at_once_give_byes_to_the_absent_and_withdraw_the_forfeited() -> (
    None
):
    section = played()
    check_in(section, 2, 1, 2, 4, 5, 7)

    services.round_pair(
        section=section,
        number=2,
        absent=services.ABSENT_ZERO_BYE,
        forfeited=services.FORFEITED_WITHDRAW,
    )

    assert round_two_rows(section)[8] == Result.BYE_ZERO
    assert {n for n, r in withdrawals(section).items() if r is not None} == {3, 6}
    # The withdrawn players get no zero-point bye: they are not expected any more.
    assert list(
        RequestedBye.objects.filter(player__section=section).values_list(
            "player__start_number", flat=True
        )
    ) == [8]


def test_the_absent_answered_alone_asks_only_about_the_forfeited() -> None:
    section = played()
    check_in(section, 2, 1, 2, 4, 5, 7)

    with pytest.raises(services.AbsentPlayers) as asked:
        services.round_pair(section=section, number=2, absent=services.ABSENT_PAIR)

    assert asked.value.players == []
    assert numbers(asked.value.forfeited) == [3, 6]
    assert "not checked in" not in str(asked.value)


# ---- answers on a page drawn before another TD's change: read again under the lock


def test_a_player_the_page_did_not_name_is_asked_about_and_nothing_changes() -> None:
    section = played()

    with pytest.raises(services.AbsentPlayers) as asked:
        services.round_pair(
            section=section,
            number=2,
            forfeited=services.FORFEITED_WITHDRAW,
            forfeited_shown={player(section, 3).pk},
        )

    assert numbers(asked.value.forfeited) == [3, 6]
    assert str(asked.value).startswith(
        services.ROUND_PAIR_FORFEITED_CHANGED.format(names="6. Player 6", last=1)
    )
    assert set(withdrawals(section).values()) == {None}
    assert not Pairing.objects.filter(round__number=2).exists()


def test_a_player_reinstated_since_the_page_was_drawn_is_asked_about_again() -> None:
    section = played()
    six = services.player_withdraw(player=player(section, 6), after_round=1)
    shown = {p.pk for p in round_forfeited(section=section, number=2)}
    services.player_reactivate(player=six)

    with pytest.raises(services.AbsentPlayers) as asked:
        services.round_pair(
            section=section,
            number=2,
            forfeited=services.FORFEITED_WITHDRAW,
            forfeited_shown=shown,
        )

    assert numbers(asked.value.forfeited) == [3, 6]
    assert withdrawals(section)[3] is None


def test_a_forfeit_corrected_to_a_played_game_since_the_page_leaves_that_player_paired() -> (
    None
):
    section = played()
    shown = {p.pk for p in round_forfeited(section=section, number=2)}
    Pairing.objects.filter(round__section=section, round__number=1, board=2).update(
        result=Result.WHITE_WIN
    )

    services.round_pair(
        section=section,
        number=2,
        forfeited=services.FORFEITED_WITHDRAW,
        forfeited_shown=shown,
    )

    assert {n for n, r in withdrawals(section).items() if r is not None} == {3}
    # Paired (a game, or the bye of an odd number of players), not left out.
    assert round_two_rows(section)[6] in {Result.PENDING, Result.BYE_PAIRING}


def test_a_player_withdrawn_or_checked_in_since_the_page_is_left_as_they_are() -> None:
    section = played()
    shown = {p.pk for p in round_forfeited(section=section, number=2)}
    services.player_withdraw(player=player(section, 6), after_round=1)
    check_in(section, 2, 3)

    services.round_pair(
        section=section,
        number=2,
        # Check-in for round 2 has begun: the others are paired too.
        absent=services.ABSENT_PAIR,
        forfeited=services.FORFEITED_WITHDRAW,
        forfeited_shown=shown,
    )

    assert {n for n, r in withdrawals(section).items() if r is not None} == {6}
    assert round_two_rows(section)[3] == Result.PENDING


def test_an_answer_after_another_td_paired_the_round_is_refused_and_withdraws_nobody() -> (
    None
):
    section = played()
    services.round_pair(section=section, number=2, forfeited=services.FORFEITED_PAIR)
    before = list(Pairing.objects.filter(round__number=2).values_list("pk", flat=True))

    with pytest.raises(services.PairingRefused) as refused:
        services.round_pair(
            section=section, number=2, forfeited=services.FORFEITED_WITHDRAW
        )

    assert str(refused.value) == services.ROUND_PAIR_ALREADY_PAIRED.format(number=2)
    assert set(withdrawals(section).values()) == {None}
    assert (
        list(Pairing.objects.filter(round__number=2).values_list("pk", flat=True))
        == before
    )


def test_pairing_a_round_again_on_new_scores_does_not_ask() -> None:
    section = played()
    services.round_pair(section=section, number=2, forfeited=services.FORFEITED_PAIR)

    services.round_repair(section=section, number=2)

    assert set(round_two_rows(section)) == set(range(1, 9))


# ---- manage.py pair


def test_manage_py_pair_names_them_then_withdraws_them_with_forfeited_withdraw() -> (
    None
):
    section = played()

    with pytest.raises(CommandError) as asked:
        call_command("pair", section.tournament.slug, "--round", "2")
    assert "lost round 1 by forfeit" in str(asked.value)
    assert not Pairing.objects.filter(round__number=2).exists()

    call_command(
        "pair", section.tournament.slug, "--forfeited", "withdraw", stdout=None
    )

    assert {n for n, r in withdrawals(section).items() if r is not None} == {3, 6}
    assert Round.objects.get(section=section, number=2).status == Round.Status.PAIRED


# ---- withdrawn from the round page


def test_the_round_page_withdrawal_withdraws_after_the_round_and_cancels_later_byes() -> (
    None
):
    section = played()
    six = player(section, 6)
    RequestedBye.objects.create(player=six, round_number=3, kind=RequestedBye.Kind.HALF)

    assert services.player_no_show_withdraw(player=six, after_round=1) is True

    six.refresh_from_db()
    assert (six.status, six.withdrawn_after_round) == (Player.Status.WITHDRAWN, 1)
    assert not RequestedBye.objects.filter(player=six).exists()
    assert numbers(round_forfeited(section=section, number=2)) == [3]


def test_pressed_twice_the_second_withdrawal_changes_nothing_and_is_no_error() -> None:
    section = played()
    services.player_no_show_withdraw(player=player(section, 6), after_round=1)

    again = services.player_no_show_withdraw(player=player(section, 6), after_round=1)

    assert again is False
    assert withdrawals(section)[6] == 1


def test_a_player_another_td_withdrew_after_another_round_keeps_that_round() -> None:
    section = played(rounds_total=4)
    services.player_withdraw(player=player(section, 6), after_round=2)

    assert (
        services.player_no_show_withdraw(player=player(section, 6), after_round=1)
        is False
    )
    assert withdrawals(section)[6] == 2


def test_a_player_reinstated_since_is_withdrawn_again() -> None:
    section = played()
    six = services.player_withdraw(player=player(section, 6), after_round=1)
    services.player_reactivate(player=six)

    assert services.player_no_show_withdraw(player=six, after_round=1) is True
    assert withdrawals(section)[6] == 1


@pytest.mark.parametrize(
    "change",
    ["corrected", "checked_in", "bye"],
)
def test_a_player_no_longer_named_is_refused_and_stays_active(change: str) -> None:
    section = played()
    six = player(section, 6)
    if change == "corrected":
        Pairing.objects.filter(round__section=section, round__number=1, board=2).update(
            result=Result.DRAW
        )
    elif change == "checked_in":
        check_in(section, 2, 6)
    else:
        RequestedBye.objects.create(
            player=six, round_number=2, kind=RequestedBye.Kind.HALF
        )

    with pytest.raises(ValidationError) as refused:
        services.player_no_show_withdraw(player=six, after_round=1)

    assert refused.value.messages == [
        services.NO_SHOW_NOT_LISTED.format(player="Player 6", round=1, next=2)
    ]
    assert withdrawals(section)[6] is None


def test_the_question_before_a_round_page_withdrawal_says_what_it_does_and_changes_nothing() -> (
    None
):
    section = played()
    six = player(section, 6)
    RequestedBye.objects.create(player=six, round_number=3, kind=RequestedBye.Kind.HALF)

    plan = services.player_no_show_withdraw_plan(player=six, after_round=1)

    assert (plan.after_round, plan.withdraws, plan.made) == (1, True, False)
    assert [b.round_number for b in plan.byes] == [3]
    assert withdrawals(section)[6] is None
    assert RequestedBye.objects.filter(player=six).exists()


def test_the_question_for_a_player_withdrawn_already_is_answered_as_done() -> None:
    section = played(rounds_total=4)
    services.player_withdraw(player=player(section, 6), after_round=2)

    plan = services.player_no_show_withdraw_plan(
        player=player(section, 6), after_round=1
    )

    assert plan.made and not plan.withdraws
    assert withdrawals(section)[6] == 2


def test_the_question_for_a_player_no_longer_named_is_refused() -> None:
    section = played()
    check_in(section, 2, 6)

    with pytest.raises(ValidationError) as refused:
        services.player_no_show_withdraw_plan(player=player(section, 6), after_round=1)

    assert refused.value.messages == [
        services.NO_SHOW_NOT_LISTED.format(player="Player 6", round=1, next=2)
    ]


def test_a_player_paired_in_the_next_round_already_is_refused_and_stays_active() -> (
    None
):
    section = played()
    services.round_pair(section=section, number=2, forfeited=services.FORFEITED_PAIR)

    six = player(section, 6)
    row = player_row(section, 2, six)
    assert row is not None

    with pytest.raises(ValidationError) as refused:
        services.player_no_show_withdraw(player=six, after_round=1)

    # Round 2 is a draft: it is paired again without them, never left with an empty board.
    assert refused.value.messages == [
        services.WITHDRAW_DRAFT_PAIRED.format(
            round=2, player=six, where=f"on board {row.board}"
        )
    ]
    assert withdrawals(section)[6] is None


# ---- a zero-point bye for the round: they stay in the event


def zero_byes(section: Section) -> list[tuple[int, int]]:
    return list(
        RequestedBye.objects.filter(
            player__section=section, kind=RequestedBye.Kind.ZERO
        )
        .order_by("player__start_number")
        .values_list("player__start_number", "round_number")
    )


def test_zero_point_byes_keep_them_in_the_event_and_the_notes_say_why() -> None:
    section = played()

    round_ = services.round_pair(
        section=section, number=2, forfeited=services.FORFEITED_ZERO_BYE
    )

    rows = round_two_rows(section)
    assert (rows[3], rows[6]) == (Result.BYE_ZERO, Result.BYE_ZERO)
    assert {n for n, r in rows.items() if r == Result.PENDING} == {1, 2, 4, 5, 7, 8}
    assert set(withdrawals(section).values()) == {None}
    assert zero_byes(section) == [(3, 2), (6, 2)]
    bye = services.BYE_FORFEITED.format(last=1)
    assert f"#3 Player 3: {bye}" in round_.pairing_notes
    assert f"#6 Player 6: {bye}" in round_.pairing_notes
    assert not [n for n in round_.pairing_notes if "paired anyway" in n]


def test_after_their_zero_point_bye_they_are_paired_in_the_next_round() -> None:
    section = played()
    services.round_pair(
        section=section, number=2, forfeited=services.FORFEITED_ZERO_BYE
    )
    Pairing.objects.filter(round__section=section, round__number=2).filter(
        result=Result.PENDING
    ).update(result=Result.DRAW)
    Round.objects.filter(section=section, number=2).update(status=Round.Status.COMPLETE)

    # A bye is no forfeit: nobody is asked about before round 3.
    services.round_pair(section=section, number=3)

    paired = set(
        Pairing.objects.filter(
            round__section=section, round__number=3, black__isnull=False
        ).values_list("white__start_number", "black__start_number")
    )
    assert {3, 6} <= {n for pair in paired for n in pair}


def test_a_zero_point_bye_answer_pressed_twice_gives_the_byes_once() -> None:
    section = played()
    shown = {p.pk for p in round_forfeited(section=section, number=2)}
    services.round_pair(
        section=section,
        number=2,
        forfeited=services.FORFEITED_ZERO_BYE,
        forfeited_shown=shown,
    )

    with pytest.raises(services.PairingRefused) as refused:
        services.round_pair(
            section=section,
            number=2,
            forfeited=services.FORFEITED_ZERO_BYE,
            forfeited_shown=shown,
        )

    assert str(refused.value) == services.ROUND_PAIR_ALREADY_PAIRED.format(number=2)
    assert zero_byes(section) == [(3, 2), (6, 2)]


def test_zero_point_byes_from_a_page_without_a_player_give_no_bye_and_ask_again() -> (
    None
):
    section = played()

    with pytest.raises(services.AbsentPlayers) as asked:
        services.round_pair(
            section=section,
            number=2,
            forfeited=services.FORFEITED_ZERO_BYE,
            forfeited_shown={player(section, 3).pk},
        )

    assert numbers(asked.value.forfeited) == [3, 6]
    assert str(asked.value).startswith(
        services.ROUND_PAIR_FORFEITED_CHANGED.format(names="6. Player 6", last=1)
    )
    assert zero_byes(section) == []
    assert not Pairing.objects.filter(round__number=2).exists()


def test_a_zero_point_bye_is_not_given_to_one_who_checked_in_since_the_page() -> None:
    section = played()
    shown = {p.pk for p in round_forfeited(section=section, number=2)}
    check_in(section, 2, 1, 2, 3, 4, 5, 7, 8)

    services.round_pair(
        section=section,
        number=2,
        forfeited=services.FORFEITED_ZERO_BYE,
        forfeited_shown=shown,
    )

    assert zero_byes(section) == [(6, 2)]
    assert round_two_rows(section)[3] == Result.PENDING


def zero_byes_for_both(section: Section) -> Round:
    """Round 2 paired with zero-point byes for 8 (not checked in) and for 3 and 6 (lost round
    1 by forfeit; 3 has not checked in either)."""
    check_in(section, 2, 1, 2, 4, 5, 7)
    return services.round_pair(
        section=section,
        number=2,
        absent=services.ABSENT_ZERO_BYE,
        forfeited=services.FORFEITED_ZERO_BYE,
    )


def test_one_in_both_groups_gets_the_forfeited_answer_and_the_absent_theirs() -> None:
    section = played()

    round_ = zero_byes_for_both(section)

    assert zero_byes(section) == [(3, 2), (6, 2), (8, 2)]
    assert f"#8 Player 8: {services.BYE_NOT_CHECKED_IN}" in round_.pairing_notes
    assert (
        f"#6 Player 6: {services.BYE_FORFEITED.format(last=1)}" in round_.pairing_notes
    )


def test_pairing_the_round_again_on_new_scores_keeps_their_zero_point_byes() -> None:
    section = played()
    services.round_pair(
        section=section, number=2, forfeited=services.FORFEITED_ZERO_BYE
    )

    services.round_repair(section=section, number=2)

    rows = round_two_rows(section)
    assert (rows[3], rows[6]) == (Result.BYE_ZERO, Result.BYE_ZERO)


def test_pairing_again_keeps_the_reason_each_zero_point_bye_was_given() -> None:
    section = played()
    zero_byes_for_both(section)

    round_ = services.round_repair(section=section, number=2)

    assert f"#8 Player 8: {services.BYE_NOT_CHECKED_IN}" in round_.pairing_notes
    for forfeited in (3, 6):
        assert (
            f"#{forfeited} Player {forfeited}: {services.BYE_FORFEITED.format(last=1)}"
            in round_.pairing_notes
        )
    assert not [n for n in round_.pairing_notes if "requested zero-point bye" in n]
    # Paired again from what the repair wrote, the reasons are still there.
    again = services.round_repair(section=section, number=2)
    assert f"#8 Player 8: {services.BYE_NOT_CHECKED_IN}" in again.pairing_notes


def test_manage_py_pair_gives_zero_point_byes_with_forfeited_zero_bye() -> None:
    section = played()

    call_command(
        "pair", section.tournament.slug, "--forfeited", "zero_bye", stdout=None
    )

    assert zero_byes(section) == [(3, 2), (6, 2)]
    assert set(withdrawals(section).values()) == {None}
    assert Round.objects.get(section=section, number=2).status == Round.Status.PAIRED
