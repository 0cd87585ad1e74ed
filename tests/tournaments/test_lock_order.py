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
