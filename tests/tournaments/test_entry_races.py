"""The TD's everyday writes sent at the same moment (two TDs, or a double click on a slow
connection), on real concurrent connections (PostgreSQL): results, players entered, playoffs,
directors. One outcome stands, and the other TD gets a sentence, never a server error or a
write lost without a word."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db.models import Q

from tests.tournaments.builders import (
    RACE_MARKS,
    round_two_posted,
    section_build,
    tournament_build,
)
from tests.tournaments.test_setup_races import at_once, twice_at_once
from tournaments import services
from tournaments.models import (
    Pairing,
    Player,
    Result,
    ResultChange,
    ResultCheck,
    Section,
)

pytestmark = RACE_MARKS

CONFLICT = "Board 1 changed while you were entering it: it is now "


def _refused(outcomes: list[str]) -> str:
    """The one refusal among one "done" and one refusal."""
    assert sorted(o == "done" for o in outcomes) == [False, True], outcomes
    return next(o for o in outcomes if o != "done")


def _board_one(section: Section) -> Pairing:
    return Pairing.objects.get(round__section=section, round__number=2, board=1)


def test_two_tds_entering_one_board_at_once_keep_one_result_and_tell_the_other() -> (
    None
):
    section = round_two_posted()

    for _ in range(3):
        Pairing.objects.filter(pk=_board_one(section).pk).update(result=Result.PENDING)
        ResultChange.objects.all().delete()
        outcomes = at_once(
            lambda: services.result_record(
                pairing=_board_one(section),
                result=Result.WHITE_WIN,
                based_on=Result.PENDING,
            ),
            lambda: services.result_record(
                pairing=_board_one(section),
                result=Result.BLACK_WIN,
                based_on=Result.PENDING,
            ),
        )

        refused = _refused(outcomes)
        assert refused.startswith(CONFLICT), outcomes
        (change,) = ResultChange.objects.all()
        # The refusal names the result that stands.
        assert refused.startswith(CONFLICT + Result(change.new_result).label)
        assert _board_one(section).result == change.new_result


def test_one_result_sent_twice_at_once_is_recorded_once_and_both_answered_done() -> (
    None
):
    section = round_two_posted()
    board = _board_one(section)

    outcomes = twice_at_once(
        lambda: services.result_record(
            pairing=board, result=Result.DRAW, based_on=Result.PENDING
        )
    )

    assert outcomes == ["done", "done"]
    assert _board_one(section).result == Result.DRAW
    assert ResultChange.objects.count() == 1


def test_two_players_entered_at_once_get_start_numbers_of_their_own() -> None:
    section = section_build(ratings=[2000, 1900, 1800], rounds=[], rounds_total=4)

    outcomes = at_once(
        lambda: services.player_create(section=section, name="Ada Park", rating=1950),
        lambda: services.player_create(section=section, name="Bo Lind", rating=1850),
    )

    assert outcomes == ["done", "done"]
    numbers = Player.objects.filter(section=section).values_list(
        "start_number", flat=True
    )
    assert sorted(numbers) == [1, 2, 3, 4, 5]


def test_two_playoffs_sharing_a_player_at_once_record_one_and_refuse_the_other() -> (
    None
):
    section = section_build(ratings=[2000, 1900, 1800], rounds=["1-2 =, 3 U"])

    outcomes = at_once(
        lambda: services.section_playoff_record(section=section, players=[1, 2]),
        lambda: services.section_playoff_record(section=section, players=[2, 3]),
    )

    assert _refused(outcomes) == services.PLAYOFF_PLAYER_ALREADY.format(number=2)
    section.refresh_from_db()
    assert len(section.playoffs) == 1


def test_one_playoff_sent_twice_at_once_is_recorded_once() -> None:
    section = section_build(ratings=[2000, 1900, 1800], rounds=["1-2 =, 3 U"])

    outcomes = twice_at_once(
        lambda: services.section_playoff_record(
            section=section, players=[1, 2], note="G/5"
        )
    )

    assert outcomes == ["done", "done"]
    section.refresh_from_db()
    assert section.playoffs == [{"players": [1, 2], "note": "G/5"}]


def test_two_directors_removing_each_other_at_once_leave_the_tournament_one() -> None:
    tournament = tournament_build()
    ann, ben = User.objects.create_user("ann"), User.objects.create_user("ben")
    tournament.directors.add(ann, ben)

    outcomes = at_once(
        lambda: services.tournament_director_remove(
            tournament=tournament, username="ann"
        ),
        lambda: services.tournament_director_remove(
            tournament=tournament, username="ben"
        ),
    )

    assert _refused(outcomes) in [
        services.DIRECTOR_LAST.format(username=name, tournament=tournament)
        for name in ("ann", "ben")
    ]
    assert tournament.directors.count() == 1


def test_a_player_entered_while_the_round_is_paired_is_never_left_out_of_the_draft() -> (
    None
):
    # Entered first, the player is paired with the others; paired first, the entry is refused
    # (the draft was made without them). Never entered and missing from the draft.
    for _ in range(3):
        section = section_build(ratings=[2000, 1900, 1800], rounds=[], rounds_total=4)
        services.section_tiebreaks_post(section=section, order="uschess", user=None)

        outcomes = at_once(
            lambda: services.player_create(
                section=section,  # noqa: B023 -- run before the loop moves on
                name="Dee Late",
                rating=1700,
            ),
            lambda: services.round_pair(
                section=section,  # noqa: B023 -- run before the loop moves on
                number=1,
                absent="pair",
            ),
        )

        entered = Player.objects.filter(section=section, name="Dee Late").first()
        paired = Pairing.objects.filter(round__section=section, round__number=1)
        if entered is None:
            assert _refused(outcomes) == services.PLAYERS_ADD_ROUND_DRAFT.format(
                round=1, next=2
            )
        else:
            assert outcomes == ["done", "done"]
            assert paired.filter(Q(white=entered) | Q(black=entered)).exists()


def test_two_check_entries_of_one_board_at_once_keep_one_check() -> None:
    # Check mode: one blind entry per board; two sent at once (a double tap, two checkers)
    # leave one, never a server error from the second insert.
    section = round_two_posted()

    outcomes = at_once(
        lambda: services.result_check_record(
            pairing=_board_one(section), result=Result.WHITE_WIN
        ),
        lambda: services.result_check_record(
            pairing=_board_one(section), result=Result.DRAW
        ),
    )

    assert outcomes == ["done", "done"]
    assert ResultCheck.objects.filter(pairing=_board_one(section)).count() == 1
