"""The round services: pairings by hand (errors, warnings, requested byes), posting, results with
an audit trail and a refusal of stale edits, check mode."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db.models import F

from tests.tournaments.builders import section_build
from tournaments import services
from tournaments.models import (
    Pairing,
    Player,
    RequestedBye,
    Result,
    ResultChange,
    ResultCheck,
    Round,
    Section,
    Tournament,
)
from tournaments.services import PairingInput as Row

pytestmark = pytest.mark.django_db


def pk(section: Section, number: int) -> int:
    return Player.objects.get(section=section, start_number=number).pk


def game(section: Section, board: int, white: int, black: int) -> Row:
    return Row(board=board, white=pk(section, white), black=pk(section, black))


def bye(section: Section, number: int, result: str = Result.BYE_HALF) -> Row:
    return Row(white=pk(section, number), result=result)


def messages(error: ValidationError) -> list[str]:
    return error.messages


def rows_of(round_: Round) -> list[tuple[int | None, int, int | None, str]]:
    return [
        (
            p.board,
            p.white.start_number,
            p.black.start_number if p.black else None,
            p.result,
        )
        # Byes (no board) first on every database: PostgreSQL sorts NULL last by default.
        for p in round_.pairings.select_related("white", "black").order_by(
            F("board").asc(nulls_first=True), "white__start_number"
        )
    ]


@pytest.fixture
def four() -> Section:
    return section_build(
        ratings=[2000, 1900, 1800, 1700, 1600], rounds=[], rounds_total=3
    )


def test_hand_pairings_make_a_draft_round_with_its_boards_and_byes(
    four: Section,
) -> None:
    saved = services.round_pairings_save(
        section=four,
        number=1,
        rows=[
            game(four, 1, 1, 3),
            game(four, 2, 4, 2),
            bye(four, 5, Result.BYE_PAIRING),
        ],
    )

    assert saved.round.status == Round.Status.DRAFT
    assert saved.warnings == []
    assert rows_of(saved.round) == [
        (None, 5, None, Result.BYE_PAIRING),
        (1, 1, 3, Result.PENDING),
        (2, 4, 2, Result.PENDING),
    ]


def test_requested_byes_are_added_to_the_pairings(four: Section) -> None:
    RequestedBye.objects.create(
        player_id=pk(four, 5), round_number=1, kind=RequestedBye.Kind.ZERO
    )

    saved = services.round_pairings_save(
        section=four, number=1, rows=[game(four, 1, 1, 3), game(four, 2, 4, 2)]
    )

    assert (None, 5, None, Result.BYE_ZERO) in rows_of(saved.round)


@pytest.mark.parametrize(
    ("make_rows", "expected"),
    [
        (
            lambda s: [game(s, 1, 1, 2), game(s, 2, 2, 3)],
            services.PLAYER_TWICE.format(player="2. Player 2", round=1),
        ),
        (
            lambda s: [game(s, 1, 1, 2), game(s, 1, 3, 4)],
            services.BOARD_TWICE.format(board=1),
        ),
        (
            lambda s: [game(s, 1, 1, 1)],
            services.PLAYER_AGAINST_SELF.format(player="1. Player 1"),
        ),
        (
            lambda s: [Row(white=pk(s, 1))],
            services.BYE_NEEDS_ONE_RESULT.format(result="Not yet played"),
        ),
    ],
    ids=["player-twice", "board-twice", "against-self", "bye-without-kind"],
)
def test_bad_pairings_are_refused_with_a_sentence_and_nothing_is_saved(
    four: Section, make_rows: object, expected: str
) -> None:
    with pytest.raises(ValidationError) as error:
        services.round_pairings_save(section=four, number=1, rows=make_rows(four))  # type: ignore[operator]

    assert expected in messages(error.value)
    assert not Round.objects.filter(section=four).exists()
    assert not Pairing.objects.exists()


def test_a_withdrawn_player_and_a_player_of_another_section_are_refused(
    four: Section,
) -> None:
    other = section_build(
        ratings=[1500], rounds=[], tournament=four.tournament, name="U1600"
    )
    Player.objects.filter(pk=pk(four, 4)).update(
        status=Player.Status.WITHDRAWN, withdrawn_after_round=1
    )
    outsider = Player.objects.get(section=other)
    # Round 1 paired: round 2 is the round due (a round is not paired before the one before).
    services.round_pairings_save(
        section=four, number=1, rows=[game(four, 1, 1, 2), game(four, 2, 3, 4)]
    )

    with pytest.raises(ValidationError) as error:
        services.round_pairings_save(
            section=four,
            number=2,
            rows=[
                game(four, 1, 1, 4),
                Row(board=2, white=outsider.pk, black=pk(four, 2)),
            ],
        )

    assert messages(error.value) == [
        services.PLAYER_WITHDRAWN.format(player="4. Player 4", after=1),
        services.PLAYER_OTHER_SECTION.format(player=outsider, section="Open"),
    ]


def test_a_round_past_the_last_is_refused(four: Section) -> None:
    with pytest.raises(ValidationError) as error:
        services.round_pairings_save(section=four, number=4, rows=[game(four, 1, 1, 2)])

    assert messages(error.value) == [
        services.ROUND_NUMBER_OUT_OF_RANGE.format(section="Open", rounds=3, number=4)
    ]


def test_rematch_third_colour_and_colour_difference_warn_but_save() -> None:
    section = section_build(
        ratings=[2000, 1900, 1800, 1700],
        rounds=["1-2 1-0, 3-4 =", "1-3 =, 4-2 0-1", "1-4 1-0, 2-3 ="],
        rounds_total=4,
    )
    # Player 1 has had white three times: white again is a fourth in a row and 4 whites to 0.
    saved = services.round_pairings_save(
        section=section, number=4, rows=[game(section, 1, 1, 2), game(section, 2, 3, 4)]
    )

    assert saved.warnings == [
        services.WARN_REMATCH.format(
            white="1. Player 1", black="2. Player 2", earlier=1
        ),
        services.WARN_THIRD_COLOUR.format(player="1. Player 1", colour="white"),
        services.WARN_COLOUR_DIFFERENCE.format(
            player="1. Player 1",
            colour="white",
            other="black",
            more=4,
            whites=4,
            blacks=0,
        ),
        services.WARN_REMATCH.format(
            white="3. Player 3", black="4. Player 4", earlier=1
        ),
    ]
    assert len(rows_of(saved.round)) == 2


def test_a_posted_round_can_be_repaired_until_it_has_a_result(four: Section) -> None:
    round_ = services.round_pairings_save(
        section=four, number=1, rows=[game(four, 1, 1, 2), game(four, 2, 3, 4)]
    ).round
    services.round_publish(round_=round_, post_default_order=True)

    services.round_pairings_save(
        section=four, number=1, rows=[game(four, 1, 1, 3), game(four, 2, 2, 4)]
    )
    first = round_.pairings.get(board=1)
    services.result_record(
        pairing=first, result=Result.WHITE_WIN, based_on=Result.PENDING
    )
    with pytest.raises(ValidationError) as error:
        services.round_pairings_save(
            section=four, number=1, rows=[game(four, 1, 1, 4), game(four, 2, 2, 3)]
        )

    assert messages(error.value) == [
        services.BOARD_HAS_RESULT.format(
            board=1, white="1. Player 1", black="3. Player 3", result="1-0"
        )
    ]
    round_.refresh_from_db()
    assert round_.status == Round.Status.PAIRED
    assert rows_of(round_) == [(1, 1, 3, Result.WHITE_WIN), (2, 2, 4, Result.PENDING)]


def test_publish_posts_a_draft_once(four: Section) -> None:
    round_ = services.round_pairings_save(
        section=four, number=1, rows=[game(four, 1, 1, 2)]
    ).round

    assert (
        services.round_publish(round_=round_, post_default_order=True).status
        == Round.Status.PAIRED
    )
    with pytest.raises(ValidationError) as error:
        services.round_publish(round_=round_, post_default_order=True)
    assert messages(error.value) == [services.ROUND_NOT_DRAFT.format(round=1)]


@pytest.fixture
def posted() -> Round:
    section = section_build(ratings=[2000, 1900, 1800, 1700], rounds=["1-2 ?, 3-4 ?"])
    Round.objects.filter(section=section).update(status=Round.Status.PAIRED)
    return Round.objects.get(section=section)


def test_result_is_recorded_with_who_and_source_and_completes_the_round(
    posted: Round, td: User
) -> None:
    board1, board2 = posted.pairings.order_by("board")

    services.result_record(
        pairing=board1, result=Result.WHITE_WIN, based_on=Result.PENDING, user=td
    )
    posted.refresh_from_db()
    assert posted.status == Round.Status.PAIRED
    services.result_record(
        pairing=board2, result=Result.DRAW, based_on=Result.PENDING, user=td
    )
    services.result_record(
        pairing=board2,
        result=Result.BLACK_WIN,
        based_on=Result.DRAW,
        user=td,
        source="admin",
    )

    posted.refresh_from_db()
    assert posted.status == Round.Status.COMPLETE
    assert list(
        ResultChange.objects.order_by("pk").values_list(
            "pairing__board",
            "old_result",
            "new_result",
            "changed_by__username",
            "source",
        )
    ) == [
        (1, "pending", "white_win", "td", "entry"),
        (2, "pending", "draw", "td", "entry"),
        (2, "draw", "black_win", "td", "admin"),
    ]


def test_a_stale_edit_is_refused_with_the_current_value_and_who_set_it(
    posted: Round, td: User, other_td: User
) -> None:
    board1 = posted.pairings.get(board=1)
    services.result_record(
        pairing=board1, result=Result.DRAW, based_on=Result.PENDING, user=other_td
    )

    with pytest.raises(services.ResultConflict) as error:
        services.result_record(
            pairing=board1, result=Result.WHITE_WIN, based_on=Result.PENDING, user=td
        )

    message = messages(error.value)[0]
    assert message.startswith(
        "Board 1 changed while you were entering it: it is now ½-½, set by other_td at "
    )
    assert error.value.current == Result.DRAW
    board1.refresh_from_db()
    assert board1.result == Result.DRAW
    assert ResultChange.objects.count() == 1


def test_a_result_pressed_twice_is_recorded_once_without_an_error(
    posted: Round, td: User
) -> None:
    # The first answer lost on the way back: the page still shows "not played yet".
    board1 = posted.pairings.get(board=1)
    services.result_record(
        pairing=board1, result=Result.DRAW, based_on=Result.PENDING, user=td
    )

    again = services.result_record(
        pairing=posted.pairings.get(board=1),
        result=Result.DRAW,
        based_on=Result.PENDING,
        user=td,
    )

    assert again.result == Result.DRAW
    board1.refresh_from_db()
    assert board1.result == Result.DRAW
    assert ResultChange.objects.count() == 1


def test_the_same_result_entered_by_another_td_meanwhile_is_no_conflict(
    posted: Round, td: User, other_td: User
) -> None:
    board1 = posted.pairings.get(board=1)
    services.result_record(
        pairing=board1, result=Result.WHITE_WIN, based_on=Result.PENDING, user=other_td
    )

    services.result_record(
        pairing=board1, result=Result.WHITE_WIN, based_on=Result.PENDING, user=td
    )

    assert list(
        ResultChange.objects.values_list("changed_by__username", flat=True)
    ) == ["other_td"]


def test_a_result_that_does_not_fit_the_board_is_refused(posted: Round) -> None:
    board1 = posted.pairings.get(board=1)

    with pytest.raises(ValidationError):
        services.result_record(
            pairing=board1, result=Result.BYE_HALF, based_on=Result.PENDING
        )
    assert posted.pairings.filter(result=Result.PENDING).count() == 2


def test_results_wait_for_the_round_to_be_posted(four: Section) -> None:
    round_ = services.round_pairings_save(
        section=four, number=1, rows=[game(four, 1, 1, 2)]
    ).round

    with pytest.raises(ValidationError) as error:
        services.result_record(
            pairing=round_.pairings.get(), result=Result.DRAW, based_on=Result.PENDING
        )
    assert messages(error.value) == [services.RESULT_ROUND_NOT_POSTED.format(round=1)]


def test_check_entry_is_kept_apart_from_the_result(
    posted: Round, other_td: User
) -> None:
    board1 = posted.pairings.get(board=1)

    services.result_check_record(pairing=board1, result=Result.DRAW, user=other_td)
    services.result_check_record(pairing=board1, result=Result.WHITE_WIN, user=other_td)

    board1.refresh_from_db()
    assert board1.result == Result.PENDING
    assert list(ResultCheck.objects.values_list("pairing__board", "result")) == [
        (1, "white_win")
    ]
    with pytest.raises(ValidationError):
        services.result_check_record(pairing=board1, result=Result.PENDING)


def test_a_percent_sign_in_a_name_stays_in_the_sentence(four: Section) -> None:
    Player.objects.filter(pk=pk(four, 2)).update(name="100% Effort")

    with pytest.raises(ValidationError) as error:
        services.round_pairings_save(
            section=four, number=1, rows=[game(four, 1, 1, 2), game(four, 2, 2, 3)]
        )

    assert messages(error.value) == [
        services.PLAYER_TWICE.format(player="2. 100% Effort", round=1)
    ]


def test_the_tournament_runs_once_a_round_is_posted_and_is_final_with_its_sections(
    four: Section,
) -> None:
    tournament = four.tournament
    services.round_pairings_save(
        section=four,
        number=1,
        rows=[
            game(four, 1, 1, 3),
            game(four, 2, 2, 4),
            bye(four, 5, Result.BYE_PAIRING),
        ],
    )
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.SETUP

    services.round_publish(
        round_=Round.objects.get(section=four, number=1), post_default_order=True
    )
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING

    services.section_final_set(section=four, final=True)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINAL

    services.section_final_set(section=four, final=False, reason="A result was wrong")
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING


def test_taking_a_board_out_of_a_posted_round_warns_about_both_players_left_out() -> (
    None
):
    # A TD takes a board out because one player left: the opponent, who came to play, would
    # end the round with no game, no bye and no points without a word.
    section = section_build(
        ratings=[2000, 1900, 1800, 1700, 1600],
        rounds=["1-3 ?, 2-4 ?, 5 H"],
        rounds_total=3,
    )
    Round.objects.filter(section=section).update(status=Round.Status.PAIRED)

    saved = services.round_pairings_save(
        section=section, number=1, rows=[game(section, 1, 1, 3), bye(section, 5)]
    )

    assert saved.warnings == [
        services.WARN_LEFT_OUT.format(
            player=Player.objects.get(pk=pk(section, n)), round=1
        )
        for n in (2, 4)
    ]
    assert rows_of(saved.round) == [
        (None, 5, None, Result.BYE_HALF),
        (1, 1, 3, "pending"),
    ]


def test_a_player_withdrawn_before_the_round_and_taken_out_is_not_warned_about() -> (
    None
):
    section = section_build(
        ratings=[2000, 1900, 1800, 1700], rounds=["1-3 ?, 2-4 ?"], rounds_total=3
    )
    Player.objects.filter(section=section, start_number=4).update(
        status=Player.Status.WITHDRAWN, withdrawn_after_round=0
    )

    saved = services.round_pairings_save(
        section=section,
        number=1,
        rows=[
            game(section, 1, 1, 3),
            Row(white=pk(section, 2), result=Result.BYE_ZERO),
        ],
    )

    assert saved.warnings == []
