"""An admin change page saved at the moment a TD saves the same row through the TD pages, on
real concurrent connections (PostgreSQL): the round page's result entry against the admin's
pairing or round page, the player page against the admin's player page.

Each test holds one side's save open (written, not committed) until the other is waiting on
a lock, then commits: the other side then goes on from what it read before the lock, the
race's dangerous order. Both orders are run. Exactly one of two saves of the same values
wins; the other is refused with a sentence saying what changed, or re-checked and saved where
it changes nothing the first wrote. Nothing the winner saved is lost or put back."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from html import unescape
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.contrib.messages import get_messages
from django.db import connection, connections, transaction
from django.test import Client
from django.urls import reverse

from tests.tournaments.builders import RACE_MARKS, round_url, section_build
from tests.tournaments.test_admin_stale import change_url, page_data
from tests.tournaments.test_lock_order import _waiting_on_a_lock
from tests.tournaments.test_pairings_keep_results import _Form
from tests.tournaments.test_round_races import _race
from tournaments import services
from tournaments.admin import ADMIN_ROW_GONE
from tournaments.models import (
    Pairing,
    Player,
    RequestedBye,
    Result,
    ResultChange,
    Round,
    Section,
)

pytestmark = RACE_MARKS

Press = Callable[[], Any]


def held_then(first: Press, second: Press) -> tuple[Any, Any]:
    """``first`` saved in a transaction left open until ``second``, on another connection,
    waits on a lock (or has ended: nothing held stopped it); then committed. What each
    press returned (a response), or the error it raised."""
    started = threading.Event()
    pid: list[int] = []
    outcomes: dict[str, Any] = {}

    def run(name: str, job: Callable[[], Any]) -> None:
        try:
            outcomes[name] = job()
        except Exception as error:  # noqa: BLE001 -- reported to the test, not hidden
            outcomes[name] = error
        finally:
            connections.close_all()

    def hold() -> Any:
        with transaction.atomic():
            response = first()
            started.set()
            deadline = time.monotonic() + 10
            while "second" not in outcomes and not (pid and _waiting_on_a_lock(pid[0])):
                if time.monotonic() > deadline:
                    raise TimeoutError("the second save neither waited nor ended")
                time.sleep(0.02)
        return response

    def wait_then_press() -> Any:
        started.wait(10)
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            pid.append(cursor.fetchone()[0])
        return second()

    threads = [
        threading.Thread(target=run, args=("first", hold), daemon=True),
        threading.Thread(target=run, args=("second", wait_then_press), daemon=True),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return outcomes.get("first"), outcomes.get("second")


def page(response: Any) -> str:
    assert not isinstance(response, Exception), repr(response)
    return unescape(response.content.decode())


@pytest.fixture
def admin(superuser: User, superuser_client: Client) -> Client:
    return superuser_client


@pytest.fixture
def td(tournament: Any, td_client: Client) -> Client:
    return td_client


@pytest.fixture
def posted(tournament: Any) -> Section:
    """Round 1 posted, no result yet: 1-2 on board 1, 3-4 on board 2."""
    section = section_build(
        tournament=tournament,
        ratings=[2000, 1900, 1800, 1700],
        rounds=["1-2 ?, 3-4 ?"],
        rounds_total=3,
    )
    Round.objects.filter(section=section).update(status=Round.Status.PAIRED)
    return section


def results(section: Section) -> dict[int | None, str]:
    return dict(
        Pairing.objects.filter(round__section=section).values_list("board", "result")
    )


def enter(client: Client, board: Pairing, result: str) -> Press:
    """The round page's result button for ``board``, the page showing it not played yet."""
    address = round_url(board.round.section, "result_record", pairing=board.pk)
    return lambda: client.post(address, {"result": result, "based_on": Result.PENDING})


def admin_save(client: Client, row: Any, **changes: Any) -> Press:
    """The admin change page of ``row`` as drawn now, saved with ``changes``."""
    drawn = page_data(client.get(change_url(row)))
    return lambda: client.post(change_url(row), drawn | changes)


def inline_prefix(drawn: dict[str, Any], pairing: Pairing) -> str:
    """The admin round page's inline form of ``pairing`` ("pairings-0")."""
    return next(
        key[: -len("-id")]
        for key, value in drawn.items()
        if key.startswith("pairings-") and key.endswith("-id") and value == pairing.pk
    )


# ---- the admin's pairing page against the round page's result entry, on the same board


def test_a_result_entered_while_the_admin_saves_its_board_refuses_the_admin_page(
    admin: Client, td: Client, posted: Section
) -> None:
    board = Pairing.objects.get(round__section=posted, board=1)
    save = admin_save(admin, board, result=Result.DRAW)

    entered, saved = held_then(enter(td, board, Result.WHITE_WIN), save)

    assert entered.status_code == 302
    assert saved.status_code == 200
    assert "changed after this page was opened" in page(saved)
    assert "result from" in page(saved)
    assert results(posted) == {1: Result.WHITE_WIN, 2: Result.PENDING}
    assert ResultChange.objects.count() == 1


def test_an_admin_save_of_a_board_while_a_td_enters_its_result_refuses_the_entry(
    admin: Client, td: Client, posted: Section
) -> None:
    board = Pairing.objects.get(round__section=posted, board=1)

    saved, entered = held_then(
        admin_save(admin, board, result=Result.DRAW),
        enter(td, board, Result.WHITE_WIN),
    )

    assert saved.status_code == 302
    assert "Board 1 changed while you were entering it: it is now ½-½, set by root" in (
        page(entered)
    )
    assert results(posted) == {1: Result.DRAW, 2: Result.PENDING}
    assert ResultChange.objects.get().source == ResultChange.Source.ADMIN


# ---- the admin's round page (every board with its result) against a result entry


@pytest.mark.parametrize("same_board", [True, False], ids=["same-board", "other-board"])
def test_a_result_entered_while_the_admin_saves_the_round_refuses_the_admin_page(
    admin: Client, td: Client, posted: Section, same_board: bool
) -> None:
    one = Round.objects.get(section=posted)
    board_one, board_two = Pairing.objects.filter(round=one).order_by("board")
    drawn = page_data(admin.get(change_url(one)))
    changed = board_two if same_board else board_one
    sent = drawn | {f"{inline_prefix(drawn, changed)}-result": Result.DRAW}

    entered, saved = held_then(
        enter(td, board_two, Result.WHITE_WIN),
        lambda: admin.post(change_url(one), sent),
    )

    assert entered.status_code == 302
    assert saved.status_code == 200
    assert services.PAIRINGS_STALE.format(round=1) in page(saved)
    assert results(posted) == {1: Result.PENDING, 2: Result.WHITE_WIN}
    assert ResultChange.objects.count() == 1


def test_an_admin_round_save_while_a_td_enters_another_boards_result_keeps_both(
    admin: Client, td: Client, posted: Section
) -> None:
    # The entry waits for the round's lock, then finds its board as its page showed it
    # (the admin changed board 1 only): re-checked, and recorded.
    one = Round.objects.get(section=posted)
    board_one, board_two = Pairing.objects.filter(round=one).order_by("board")
    drawn = page_data(admin.get(change_url(one)))
    sent = drawn | {f"{inline_prefix(drawn, board_one)}-result": Result.DRAW}

    saved, entered = held_then(
        lambda: admin.post(change_url(one), sent),
        enter(td, board_two, Result.WHITE_WIN),
    )

    assert (saved.status_code, entered.status_code) == (302, 302)
    assert results(posted) == {1: Result.DRAW, 2: Result.WHITE_WIN}
    assert sorted(ResultChange.objects.values_list("source", flat=True)) == sorted(
        [ResultChange.Source.ADMIN, ResultChange.Source.ENTRY]
    )


def test_an_admin_round_save_while_a_td_enters_the_same_board_refuses_the_entry(
    admin: Client, td: Client, posted: Section
) -> None:
    one = Round.objects.get(section=posted)
    board_two = Pairing.objects.get(round=one, board=2)
    drawn = page_data(admin.get(change_url(one)))
    sent = drawn | {f"{inline_prefix(drawn, board_two)}-result": Result.DRAW}

    saved, entered = held_then(
        lambda: admin.post(change_url(one), sent),
        enter(td, board_two, Result.WHITE_WIN),
    )

    assert saved.status_code == 302
    assert "Board 2 changed while you were entering it: it is now ½-½" in page(entered)
    assert results(posted) == {1: Result.PENDING, 2: Result.DRAW}


# ---- the admin's player page against the TD's player page


def td_form(client: Client, player: Player, name: str) -> tuple[str, dict[str, str]]:
    """The address and fields of one form of the TD's player page (``name``: its URL's
    name), as drawn now."""
    address = reverse(
        f"tournaments:{name}",
        kwargs={
            "slug": player.section.tournament.slug,
            "section": player.section_id,
            "number": player.start_number,
        },
    )
    html = client.get(
        reverse(
            "tournaments:player_edit",
            kwargs={
                "slug": player.section.tournament.slug,
                "section": player.section_id,
                "number": player.start_number,
            },
        )
    ).content.decode()
    start = html.index(f'action="{address}"')
    form = _Form()
    form.feed(html[html.rindex("<form", 0, start) : html.index("</form>", start)])
    form.data.pop("csrfmiddlewaretoken", None)
    return address, form.data


@pytest.fixture
def player(posted: Section) -> Player:
    return Player.objects.select_related("section__tournament").get(
        section=posted, start_number=2
    )


def test_a_tds_player_edit_saved_while_the_admin_saves_the_player_refuses_the_admin(
    admin: Client, td: Client, player: Player
) -> None:
    address, fields = td_form(td, player, "player_edit")
    save = admin_save(admin, player, club="Riverside")

    edited, saved = held_then(
        lambda: td.post(address, fields | {"rating": "1950"}), save
    )

    assert edited.status_code == 302
    assert saved.status_code == 200
    assert "rating from 1950 to 1900" in page(saved)
    player.refresh_from_db()
    assert (player.rating, player.club) == (1950, "")


def test_an_admin_player_save_while_a_td_edits_the_player_refuses_the_td(
    admin: Client, td: Client, player: Player
) -> None:
    address, fields = td_form(td, player, "player_edit")

    saved, edited = held_then(
        admin_save(admin, player, club="Riverside"),
        lambda: td.post(address, fields | {"rating": "1950"}),
    )

    assert saved.status_code == 302
    assert edited.status_code == 200
    assert "club / team from 'Riverside' to empty" in page(edited)
    player.refresh_from_db()
    assert (player.rating, player.club) == (1900, "Riverside")


def test_a_bye_requested_while_the_admin_saves_the_player_is_kept(
    admin: Client, td: Client, player: Player
) -> None:
    # The admin's player page lists the player's requested byes and saves them with the
    # player: drawn before the TD's request, it would save "no bye" over it.
    address, fields = td_form(td, player, "player_byes")
    save = admin_save(admin, player, club="Riverside")

    requested, saved = held_then(
        lambda: td.post(address, fields | {"round_3": "half"}), save
    )

    assert requested.status_code == 302
    assert saved.status_code == 200
    assert "requested byes" in page(saved)
    assert list(RequestedBye.objects.values_list("round_number", "kind")) == [
        (3, "half")
    ]
    player.refresh_from_db()
    assert player.club == ""


def test_a_player_deleted_while_the_admin_saves_them_is_answered_as_deleted(
    admin: Client, td: Client, tournament: Any
) -> None:
    section = section_build(
        tournament=tournament, ratings=[2000, 1900], rounds=[], rounds_total=3
    )
    two = Player.objects.select_related("section__tournament").get(
        section=section, start_number=2
    )
    delete = reverse(
        "tournaments:player_delete",
        kwargs={"slug": tournament.slug, "section": section.pk, "number": 2},
    )
    save = admin_save(admin, two, club="Riverside")

    # The delete page's button, then the admin's save of the page drawn before it.
    deleted, saved = held_then(lambda: td.post(delete, {"player": two.pk}), save)

    assert deleted.status_code == 302
    assert not isinstance(saved, Exception), repr(saved)
    assert saved.status_code == 302
    assert saved["Location"] == reverse("admin:tournaments_player_changelist")
    assert not Player.objects.filter(pk=two.pk).exists()
    assert [str(m) for m in get_messages(saved.wsgi_request)] == [
        ADMIN_ROW_GONE.format(what=f"Player {two}")
    ]


def test_a_board_replaced_on_edit_pairings_while_the_admin_saves_it_is_answered_as_gone(
    admin: Client, td: Client, tournament: Any
) -> None:
    # A draft: the TD pairs 1-3 and 2-4 by hand (both rows new) while the admin swaps the
    # colours of board 1 (1-2) on its pairing page drawn before.
    section = section_build(
        tournament=tournament, ratings=[None] * 4, rounds=["1-2 ?, 3-4 ?"]
    )
    Round.objects.filter(section=section).update(status=Round.Status.DRAFT)
    board = Pairing.objects.get(round__section=section, board=1)
    edit = round_url(section, "round_pairings")
    drawn = _Form()
    drawn.feed(td.get(edit).content.decode())
    by_hand = drawn.data | {"boards-0-black": "3", "boards-1-white": "2"}
    save = admin_save(admin, board, white=board.black_id, black=board.white_id)

    paired, saved = held_then(lambda: td.post(edit, by_hand), save)

    assert paired.status_code == 302
    assert not isinstance(saved, Exception), repr(saved)
    assert saved["Location"] == reverse("admin:tournaments_pairing_changelist")
    assert [str(m) for m in get_messages(saved.wsgi_request)] == [
        ADMIN_ROW_GONE.format(what=f"Pairing {board}")
    ]
    assert sorted(
        Pairing.objects.filter(round__section=section).values_list(
            "board", "white__start_number", "black__start_number"
        )
    ) == [(1, 1, 3), (2, 2, 4)]


# ---- at the same moment (a barrier), many times: whichever the database lets in first


RACES = 20


def test_admin_and_td_saving_one_boards_result_at_once_one_wins_the_other_is_told(
    admin: Client, td: Client, tournament: Any
) -> None:
    sections = [
        section_build(
            tournament=tournament,
            ratings=[2000, 1900, 1800, 1700],
            rounds=["1-2 ?, 3-4 ?"],
            rounds_total=3,
            name=f"Section {n}",
        )
        for n in range(RACES)
    ]
    Round.objects.filter(section__tournament=tournament).update(
        status=Round.Status.PAIRED
    )

    def jobs(section: Section) -> tuple[Press, Press]:
        board = Pairing.objects.get(round__section=section, board=1)
        save, entry = (
            admin_save(admin, board, result=Result.DRAW),
            enter(td, board, Result.WHITE_WIN),
        )

        def admin_press() -> str:
            response = save()
            if response.status_code == 302:
                return "saved"
            return "refused" if "result from" in page(response) else page(response)

        def td_press() -> str:
            response = entry()
            if response.status_code == 302:
                return "recorded"
            told = page(response)
            return "refused" if "changed while you were entering it" in told else told

        return admin_press, td_press

    outcomes = _race(sections, jobs)

    assert {(a, b) for _s, a, b in outcomes} <= {
        ("saved", "refused"),
        ("refused", "recorded"),
    }, outcomes
    for section, saved, _recorded in outcomes:
        assert results(section) == {
            1: Result.DRAW if saved == "saved" else Result.WHITE_WIN,
            2: Result.PENDING,
        }
    assert ResultChange.objects.count() == RACES
