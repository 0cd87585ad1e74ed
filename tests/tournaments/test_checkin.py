"""Check-in before a round, and closing it: zero-point byes or withdrawals for the absent."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db.models import Q

from tests.tournaments.builders import section_build
from tournaments import selectors, services
from tournaments.models import (
    CheckIn,
    Pairing,
    Player,
    RequestedBye,
    Result,
    Round,
    Section,
    SectionEvent,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def section():
    # Round 1 played; round 2 not yet paired. Player 4 asked for a half-point bye in round 2.
    section = section_build(
        ratings=[2000, 1900, 1800, 1700, 1600],
        rounds=["1-2 1-0, 3-4 =, 5 U"],
        rounds_total=4,
    )
    RequestedBye.objects.create(player=p(section, 4), round_number=2)
    return section


def p(section, number: int) -> Player:
    return Player.objects.get(section=section, start_number=number)


def test_expected_players_leave_out_requested_byes_and_withdrawals(section) -> None:
    services.player_withdraw(player=p(section, 5), after_round=1)

    expected = selectors.checkin_expected(section, 2)

    assert sorted(x.start_number for x in expected) == [1, 2, 3]


def test_check_in_and_undo(section, td: User) -> None:
    services.checkin_set(player=p(section, 1), round_number=2, present=True, user=td)
    services.checkin_set(player=p(section, 1), round_number=2, present=True, user=td)
    assert CheckIn.objects.get().checked_in_by == td

    services.checkin_set(player=p(section, 1), round_number=2, present=False, user=td)
    assert not CheckIn.objects.exists()


@pytest.mark.parametrize(
    ("number", "message"),
    [
        (1, services.CHECKIN_ROUND_PAIRED.format(round=1)),
        (5, services.CHECKIN_ROUND_RANGE.format(round=5, rounds=4)),
    ],
    ids=["round already paired", "no such round"],
)
def test_check_in_only_for_an_open_round(section, td: User, number, message) -> None:
    with pytest.raises(ValidationError) as error:
        services.checkin_set(
            player=p(section, 1), round_number=number, present=True, user=td
        )
    assert error.value.messages == [message]


def test_closing_gives_the_missing_players_a_zero_point_bye(section, td: User) -> None:
    services.checkin_set(player=p(section, 1), round_number=2, present=True, user=td)
    services.checkin_set(player=p(section, 3), round_number=2, present=True, user=td)

    missing = services.checkin_close(
        section=section, round_number=2, action=services.CLOSE_ZERO_BYE, user=td
    )

    assert [x.start_number for x in missing] == [2, 5]
    assert sorted(
        RequestedBye.objects.filter(round_number=2).values_list(
            "player__start_number", "kind"
        )
    ) == [(2, "zero"), (4, "half"), (5, "zero")]
    assert Player.objects.filter(status=Player.Status.WITHDRAWN).count() == 0


def test_closing_can_withdraw_the_missing_players_instead(section, td: User) -> None:
    for number in (1, 2, 3):
        services.checkin_set(
            player=p(section, number), round_number=2, present=True, user=td
        )

    missing = services.checkin_close(
        section=section, round_number=2, action=services.CLOSE_WITHDRAW, user=td
    )

    assert [x.start_number for x in missing] == [5]
    assert p(section, 5).withdrawn_after_round == 1


@pytest.mark.parametrize("action", [services.CLOSE_ZERO_BYE, services.CLOSE_WITHDRAW])
def test_closing_pressed_twice_changes_nothing_the_second_time(
    section, td: User, action: str
) -> None:
    services.checkin_set(player=p(section, 1), round_number=2, present=True, user=td)
    services.checkin_close(section=section, round_number=2, action=action, user=td)
    byes = sorted(RequestedBye.objects.values_list("player__start_number", "kind"))
    withdrawn = sorted(
        Player.objects.filter(status=Player.Status.WITHDRAWN).values_list(
            "start_number", "withdrawn_after_round"
        )
    )

    again = services.checkin_close(
        section=section, round_number=2, action=action, user=td
    )

    assert again == []
    assert (
        sorted(RequestedBye.objects.values_list("player__start_number", "kind")) == byes
    )
    assert (
        sorted(
            Player.objects.filter(status=Player.Status.WITHDRAWN).values_list(
                "start_number", "withdrawn_after_round"
            )
        )
        == withdrawn
    )


def test_closing_needs_a_known_choice(section, td: User) -> None:
    with pytest.raises(ValidationError) as error:
        services.checkin_close(section=section, round_number=2, action="shrug", user=td)
    assert error.value.messages == [services.CHECKIN_CLOSE_ACTION]


def _round_one_drafted(absent: str) -> tuple[Section, Player]:
    """Four players; 1 to 3 checked in, round 1 paired as a draft with 4 absent."""
    fresh = section_build(ratings=[2000, 1900, 1800, 1700], rounds=[], rounds_total=3)
    for n in (1, 2, 3):
        services.checkin_set(
            player=p(fresh, n), round_number=1, present=True, user=None
        )
    services.round_pair(section=fresh, post_default_order=True, absent=absent)
    return fresh, p(fresh, 4)


def _round_one_row(player: Player) -> str:
    return (
        Pairing.objects.filter(round__number=1)
        .filter(Q(white=player) | Q(black=player))
        .values_list("result", flat=True)
        .get()
    )


def test_a_check_in_the_draft_pairings_leave_out_is_refused_and_nothing_changes(
    td: User,
) -> None:
    section, late = _round_one_drafted(services.ABSENT_ZERO_BYE)
    assert _round_one_row(late) == Result.BYE_ZERO
    with pytest.raises(ValidationError, match="draft pairings, made before"):
        services.checkin_set(player=late, round_number=1, present=True, user=td)
    # Not checked in, the zero-point bye stands in the draft and as asked: the TD who posts
    # the draft sees what the players see.
    assert not CheckIn.objects.filter(player=late).exists()
    assert RequestedBye.objects.filter(
        player=late, kind=RequestedBye.Kind.ZERO
    ).exists()
    assert _round_one_row(late) == Result.BYE_ZERO
    # The way the message gives: remove the draft, check in, pair again.
    services.round_pairings_remove(
        round_=Round.objects.get(section=section, number=1), confirm=True
    )
    services.checkin_set(player=late, round_number=1, present=True, user=td)
    services.round_pair(section=section)
    assert _round_one_row(late) == Result.PENDING


def test_a_check_in_of_a_player_the_draft_pairs_anyway_is_recorded(td: User) -> None:
    _section, late = _round_one_drafted(services.ABSENT_PAIR)
    services.checkin_set(player=late, round_number=1, present=True, user=td)
    assert CheckIn.objects.filter(player=late, round_number=1).exists()


def _paired_rows(section: Section) -> dict[int, tuple[int | None, str]]:
    """Start number -> (board, result) of round 1's rows."""
    rows = {}
    for board, white, black, result in Pairing.objects.filter(
        round__section=section, round__number=1
    ).values_list("board", "white__start_number", "black__start_number", "result"):
        rows[white] = (board, result)
        if black is not None:
            rows[black] = (board, result)
    return rows


@pytest.mark.parametrize("on", ["board", "pairing bye"])
def test_marking_absent_a_player_the_draft_pairs_is_refused_and_nothing_changes(
    td: User, on: str
) -> None:
    # Three of four checked in: the draft pairs two on board 1 and gives the third the
    # full-point bye (odd number), player 4 a zero-point bye for not checking in.
    section, _late = _round_one_drafted(services.ABSENT_ZERO_BYE)
    before = _paired_rows(section)
    number = next(
        n
        for n, (board, result) in before.items()
        if (board is not None if on == "board" else result == Result.BYE_PAIRING)
    )
    player = p(section, number)
    why = (
        f"pair {player} on board 1"
        if on == "board"
        else f"give {player} the full-point bye (odd number of players)"
    )
    refusal = services.CHECKIN_DRAFT_PAIRED.format(round=1, player=player, why=why)

    # Pressed twice: refused twice, the same way.
    for _ in range(2):
        with pytest.raises(ValidationError) as error:
            services.checkin_set(player=player, round_number=1, present=False, user=td)
        assert error.value.messages == [refusal]
        assert CheckIn.objects.filter(player=player, round_number=1).exists()
        assert _paired_rows(section) == before

    # The way the message gives: remove the draft, mark them absent, pair again.
    services.round_pairings_remove(
        round_=Round.objects.get(section=section, number=1), confirm=True
    )
    services.checkin_set(player=player, round_number=1, present=False, user=td)
    services.round_pair(section=section, absent=services.ABSENT_ZERO_BYE)
    assert _paired_rows(section)[number] == (None, Result.BYE_ZERO)


def test_marking_absent_a_player_the_draft_does_not_pair_is_recorded(
    td: User,
) -> None:
    # A requested bye in the draft is no game: marking its player absent changes nothing it says.
    section = section_build(
        ratings=[2000, 1900, 1800, 1700, 1600], rounds=[], rounds_total=3
    )
    for n in (1, 2, 3, 4, 5):
        services.checkin_set(
            player=p(section, n), round_number=1, present=True, user=td
        )
    services.player_byes_request(player=p(section, 5), byes={1: RequestedBye.Kind.HALF})
    services.round_pair(section=section, post_default_order=True)
    assert _paired_rows(section)[5] == (None, Result.BYE_HALF)

    services.checkin_set(player=p(section, 5), round_number=1, present=False, user=td)

    assert not CheckIn.objects.filter(player=p(section, 5)).exists()


def test_marking_absent_again_a_player_the_draft_pairs_anyway_changes_nothing(
    td: User,
) -> None:
    # The TD paired player 4 although they had not checked in; a second press of "absent"
    # (a page from before) finds nothing to undo, and nothing to refuse.
    section, late = _round_one_drafted(services.ABSENT_PAIR)
    assert _round_one_row(late) == Result.PENDING

    saved = services.checkin_set(player=late, round_number=1, present=False, user=td)

    assert saved == (False, "")
    assert not CheckIn.objects.filter(player=late).exists()
    assert _round_one_row(late) == Result.PENDING


@pytest.mark.parametrize(
    "reason",
    [
        RequestedBye.Reason.ASKED,
        RequestedBye.Reason.NOT_CHECKED_IN,
        RequestedBye.Reason.FORFEITED,
    ],
)
def test_checking_in_a_player_with_a_zero_point_bye_drops_it_says_so_and_logs_it(
    section, td: User, reason: str
) -> None:
    # A player who asked for round 2 off (or was given a zero-point bye) and checks in for it
    # after all is there to play: the bye goes, the TD is told, and the section's log keeps it.
    five = p(section, 5)
    RequestedBye.objects.create(
        player=five, round_number=2, kind=RequestedBye.Kind.ZERO, reason=reason
    )

    saved = services.checkin_set(player=five, round_number=2, present=True, user=td)

    said = services.CHECKIN_BYE_DROPPED.format(
        player=five, round=2, reason=RequestedBye.Reason(reason).label
    )
    assert saved == (True, said)
    assert not RequestedBye.objects.filter(player=five).exists()
    (logged,) = SectionEvent.objects.filter(kind=SectionEvent.Kind.BYE_DROPPED)
    assert (logged.section, logged.round_number, logged.detail, logged.user) == (
        section,
        2,
        said,
        td,
    )
    # Pressed twice: checked in already, no bye left to drop, nothing more in the log.
    again = services.checkin_set(player=five, round_number=2, present=True, user=td)
    assert again == (True, "")
    assert SectionEvent.objects.filter(kind=SectionEvent.Kind.BYE_DROPPED).count() == 1
    # Undone, the check-in does not bring the bye back: the TD gives it again if need be.
    services.checkin_set(player=five, round_number=2, present=False, user=td)
    assert not RequestedBye.objects.filter(player=five).exists()


def test_checking_in_a_player_with_a_half_point_bye_keeps_the_bye(
    section, td: User
) -> None:
    saved = services.checkin_set(
        player=p(section, 4), round_number=2, present=True, user=td
    )

    assert saved == (True, "")
    assert RequestedBye.objects.filter(player=p(section, 4), round_number=2).exists()
    assert not SectionEvent.objects.exists()
