"""The lock order of round_lock (the section's lock before a round's), on real concurrent
connections (PostgreSQL): a write that takes them the other way round deadlocks with any writer
that keeps the order (a pairings save, a late entry, a withdrawal), and PostgreSQL then aborts
one of the two TDs' saves with a server error.

Each test holds the section's lock as those writers do, lets the write under test start and
wait, then asks for the round's lock. Kept in order, the write under test waits for the section
before it holds the round, and both go through one after the other.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from django.db import connection, connections, transaction

from tests.tournaments.builders import RACE_MARKS, round_two_posted, section_build
from tournaments import services
from tournaments.models import Pairing, Result, Round, Section, Tournament
from tournaments.services.common import round_lock, section_lock
from tournaments.services.setup import tournament_status_refresh

pytestmark = RACE_MARKS


def _in_thread(job: Callable[[], object], outcome: list[str]) -> threading.Thread:
    def run() -> None:
        try:
            job()
            outcome.append("done")
        except Exception as error:  # noqa: BLE001 -- reported to the test, not hidden
            outcome.append(f"error: {type(error).__name__}: {error}")
        finally:
            connections.close_all()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def _waiting_on_a_lock(pid: int) -> bool:
    with connections["default"].cursor() as cursor:
        cursor.execute(
            "SELECT wait_event_type FROM pg_stat_activity WHERE pid = %s", [pid]
        )
        row = cursor.fetchone()
    return row is not None and row[0] == "Lock"


def _keeping_the_order_against(
    write: Callable[[], object], section: Section, number: int
) -> tuple[list[str], list[str]]:
    """Hold ``section``'s lock, start ``write`` on another connection, and once it waits on a
    lock take round ``number``'s lock, as every writer keeping the order does."""
    round_id = Round.objects.get(section=section, number=number).pk
    held = threading.Event()
    pid: list[int] = []
    writer_outcome: list[str] = []
    holder_outcome: list[str] = []

    def hold() -> None:
        with transaction.atomic():
            section_lock(section)
            held.set()
            deadline = time.monotonic() + 10
            while not pid or not _waiting_on_a_lock(pid[0]):
                if time.monotonic() > deadline:
                    raise TimeoutError("the write under test never waited")
                time.sleep(0.02)
            round_lock(round_id=round_id)

    def run_write() -> None:
        held.wait(10)
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            pid.append(cursor.fetchone()[0])
        write()

    threads = [
        _in_thread(hold, holder_outcome),
        _in_thread(run_write, writer_outcome),
    ]
    for thread in threads:
        thread.join(30)
    return holder_outcome, writer_outcome


def test_pairing_a_round_again_keeps_the_lock_order() -> None:
    # Round 2 paired on old scores, being paired again while another TD saves its pairings.
    section = round_two_posted()

    holder, writer = _keeping_the_order_against(
        lambda: services.round_repair(section=section, number=2), section, 2
    )

    assert (holder, writer) == (["done"], ["done"])
    assert Round.objects.get(section=section, number=2).status == Round.Status.DRAFT


def test_posting_round_one_with_the_default_order_keeps_the_lock_order() -> None:
    section = section_build(ratings=[2000, 1900, 1800, 1700], rounds=[], rounds_total=4)
    services.round_pairings_save(
        section=section,
        number=1,
        rows=[
            services.PairingInput(white=p, black=q, board=b)
            for b, (p, q) in enumerate(
                [
                    tuple(
                        section.players.filter(start_number__in=pair)
                        .order_by("start_number")
                        .values_list("pk", flat=True)
                    )
                    for pair in ((1, 3), (2, 4))
                ],
                start=1,
            )
        ],
    )
    one = Round.objects.get(section=section, number=1)

    holder, writer = _keeping_the_order_against(
        lambda: services.round_publish(round_=one, post_default_order=True), section, 1
    )

    assert (holder, writer) == (["done"], ["done"])
    assert Round.objects.get(pk=one.pk).status == Round.Status.PAIRED


def _writing_during(
    first: Callable[[], object], write: Callable[[], object], then: Callable[[], object]
) -> tuple[list[str], list[str]]:
    """Run ``first`` in a transaction, start ``write`` on another connection, and once it
    waits on a lock (or has ended: nothing held stopped it) run ``then`` and commit: another
    TD's write paused between its steps, as two TDs' writes meet in the hall."""
    started = threading.Event()
    pid: list[int] = []
    holder: list[str] = []
    writer: list[str] = []

    def hold() -> None:
        with transaction.atomic():
            first()
            started.set()
            deadline = time.monotonic() + 5
            while not writer and not (pid and _waiting_on_a_lock(pid[0])):
                if time.monotonic() > deadline:
                    raise TimeoutError("the write under test neither waited nor ended")
                time.sleep(0.02)
            then()

    def run_write() -> None:
        started.wait(10)
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            pid.append(cursor.fetchone()[0])
        write()

    threads = [_in_thread(hold, holder), _in_thread(run_write, writer)]
    for thread in threads:
        thread.join(30)
    return holder, writer


def test_an_event_team_group_posted_while_a_section_is_marked_final_is_refused() -> (
    None
):
    # One TD marks the section final while another posts an event team group with it in:
    # the group waits for the section's lock ("Mark final" holds it, then writes the
    # tournament's status), then reads the section final and is refused, nothing posted.
    section = section_build(ratings=[2000, 1900], rounds=[], rounds_total=3)
    tournament = section.tournament

    def mark_final() -> None:
        # section_final_set's first steps; its tournament status comes after the pause.
        locked = Section.objects.select_for_update().get(pk=section.pk)
        locked.is_final = True
        locked.save(update_fields=["is_final"])

    holder, writer = _writing_during(
        mark_final,
        lambda: services.tournament_team_scoring_post(
            tournament=tournament, top=2, min_players=2, order="", sections=[section.pk]
        ),
        lambda: tournament_status_refresh(tournament_id=tournament.pk),
    )

    assert holder == ["done"]
    assert len(writer) == 1 and writer[0].startswith("error: ValidationError")
    assert services.SECTION_FINAL.format(section=section.name) in writer[0]
    assert Tournament.objects.get(pk=tournament.pk).team_scoring == {}


def test_an_admin_change_of_one_pairing_keeps_a_result_entered_meanwhile() -> None:
    # The admin's pairing page changes board 1 while another TD enters board 2's result: the
    # round's other rows are read after that entry, never saved back as they were before it.
    section = section_build(
        ratings=[2000, 1900, 1800, 1700], rounds=["1-2 ?, 3-4 ?"], rounds_total=3
    )
    Round.objects.filter(section=section).update(status=Round.Status.PAIRED)
    one = Round.objects.get(section=section, number=1)
    board_one = Pairing.objects.get(round=one, board=1)

    def enter_result() -> None:
        # result_record's steps, its commit after the pause.
        round_lock(round_id=one.pk)
        Pairing.objects.filter(round=one, board=2).update(result=Result.WHITE_WIN)

    holder, writer = _writing_during(
        enter_result,
        lambda: services.pairing_save(
            round_=one,
            pairing=board_one,
            row=services.PairingInput(
                white=board_one.white_id,
                black=board_one.black_id,
                board=1,
                result=Result.DRAW,
            ),
        ),
        lambda: None,
    )

    assert (holder, writer) == (["done"], ["done"])
    results = dict(Pairing.objects.filter(round=one).values_list("board", "result"))
    assert results == {1: Result.DRAW, 2: Result.WHITE_WIN}


def _two_boards_played(rounds: list[str]) -> tuple[Section, Pairing]:
    """Four players, three rounds; ``rounds`` complete. Returns the section and round 1's
    board 1 (1-0)."""
    section = section_build(
        ratings=[2000, 1900, 1800, 1700], rounds=rounds, rounds_total=3
    )
    Round.objects.filter(section=section).update(status=Round.Status.COMPLETE)
    return section, Pairing.objects.get(
        round__section=section, round__number=1, board=1
    )


def test_a_result_cleared_in_round_one_while_round_two_is_paired_leaves_it_unpaired() -> (
    None
):
    # One TD clears board 1 of round 1 (a result entered by mistake) while another presses
    # Pair for round 2: the pairing waits for round 1, then reads it incomplete and refuses.
    section, board = _two_boards_played(["1-2 1-0, 3-4 0-1"])

    holder, writer = _writing_during(
        lambda: services.result_record(
            pairing=board, result=Result.PENDING, based_on=Result.WHITE_WIN
        ),
        lambda: services.round_pair(section=section, number=2),
        lambda: None,
    )

    assert holder == ["done"]
    assert len(writer) == 1 and writer[0].startswith(
        "error: PairingRefused: Round 1 is"
    )
    assert not Pairing.objects.filter(round__section=section, round__number=2).exists()


def test_round_two_paired_while_a_result_of_round_one_is_cleared_asks_about_round_two() -> (
    None
):
    # The other order: the pairing holds the rounds, the clearing waits, then finds round 2
    # paired on round 1's result and asks first (LaterRoundsPaired), changing nothing.
    section, board = _two_boards_played(["1-2 1-0, 3-4 0-1"])

    holder, writer = _writing_during(
        lambda: services.round_pair(section=section, number=2),
        lambda: services.result_record(
            pairing=board, result=Result.PENDING, based_on=Result.WHITE_WIN
        ),
        lambda: None,
    )

    assert holder == ["done"]
    assert len(writer) == 1 and writer[0].startswith("error: LaterRoundsPaired:")
    assert Pairing.objects.get(pk=board.pk).result == Result.WHITE_WIN
    assert Pairing.objects.filter(round__section=section, round__number=2).exists()


def test_a_correction_logged_while_the_next_round_is_paired_does_not_deadlock() -> None:
    # A correction of round 1 (round 2 paired on it, confirmed) holds round 1 and logs a
    # SectionEvent; Pair for round 3 holds the section and waits for round 1. A FOR UPDATE
    # section lock would block the log's insert (its key-share lock on the section): a
    # deadlock, one TD's save aborted with a server error. Both go through.
    section, board = _two_boards_played(["1-2 1-0, 3-4 0-1", "1-4 1-0, 2-3 0-1"])
    one = Round.objects.get(section=section, number=1)

    holder, writer = _writing_during(
        lambda: round_lock(round_id=one.pk),
        lambda: services.round_pair(section=section, number=3),
        lambda: services.result_record(
            pairing=board,
            result=Result.BLACK_WIN,
            based_on=Result.WHITE_WIN,
            confirm_later=True,
        ),
    )

    assert (holder, writer) == (["done"], ["done"])
    assert Pairing.objects.get(pk=board.pk).result == Result.BLACK_WIN
    assert Pairing.objects.filter(round__section=section, round__number=3).exists()
