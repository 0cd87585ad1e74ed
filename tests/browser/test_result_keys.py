"""Result entry by keyboard at hall speed, in a real browser with Chromium's network emulation.

Found in a hall: keys typed faster than the server answered went to the wrong board (boards 2 and
3 got each other's results at 0.7 s a key over 1 s of latency) or were lost. Every key now goes to
the board that had the focus when it was pressed, and the page sends them in order.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import VIEWPORTS
from tests.browser.test_round_page import log_in, round_url, shot
from tests.tournaments.builders import section_build, tournament_build
from tournaments import services
from tournaments.models import Pairing, Result, ResultCheck, Round, Section
from tournaments.views.rounds import CHECK_NO_BOARD

pytestmark = pytest.mark.django_db(transaction=True)

BOARDS = 15
KEYS = {
    "1": Result.WHITE_WIN,
    "=": Result.DRAW,
    "0": Result.BLACK_WIN,
    "+": Result.WHITE_FORFEIT_WIN,
    "-": Result.BLACK_FORFEIT_WIN,
    "*": Result.DOUBLE_FORFEIT,
}
# One key per board, every result key used, neighbours always different.
TYPED = ["1", "=", "0", "+", "-", "*", "0", "1", "=", "1", "0", "=", "*", "+", "1"]


@pytest.fixture
def director(db: Any) -> User:
    return User.objects.create_user("anna", password="x")


@pytest.fixture
def desktop(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(**VIEWPORTS["desktop"])
    yield context.new_page()
    context.close()


def big_round(director: User) -> tuple[Section, dict[int, int]]:
    tournament = tournament_build(name="Hall Speed Open", is_published=True)
    tournament.directors.add(director)
    games = ", ".join(f"{2 * b - 1}-{2 * b} ?" for b in range(1, BOARDS + 1))
    section = section_build(
        tournament=tournament, ratings=[1500] * (2 * BOARDS), rounds=[games]
    )
    Round.objects.filter(section=section).update(status=Round.Status.PAIRED)
    boards = {
        board or 0: pk
        for board, pk in Pairing.objects.filter(round__section=section).values_list(
            "board", "pk"
        )
    }
    return section, boards


def results(section: Section) -> dict[int, str]:
    return {
        board or 0: result
        for board, result in Pairing.objects.filter(round__section=section).values_list(
            "board", "result"
        )
    }


def latency(page: Page, ms: int) -> None:
    """Every request and answer of this page takes ``ms`` longer (venue Wi-Fi)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {
            "offline": False,
            "latency": ms,
            "downloadThroughput": -1,
            "uploadThroughput": -1,
        },
    )


def type_keys(page: Page, keys: list[str], pace_ms: int) -> None:
    for key in keys:
        page.keyboard.press(key)
        page.wait_for_timeout(pace_ms)


def drained(page: Page, timeout: float = 60_000) -> None:
    page.wait_for_function("document.body.dataset.entryQueue === '0'", timeout=timeout)


def row(page: Page, boards: dict[int, int], board: int) -> Any:
    return page.locator(f"#pairing-{boards[board]}")


def test_fifteen_boards_at_0_3_s_a_key_over_1_s_latency_store_exactly_the_typed_results(
    live_server: Any, desktop: Page, director: User
) -> None:
    section, boards = big_round(director)
    log_in(desktop, live_server, director)
    desktop.goto(round_url(live_server, section))
    expect(row(desktop, boards, 1)).to_be_focused()
    latency(desktop, 1000)

    desktop.keyboard.press(TYPED[0])
    # The focus is on board 2 at once, long before the answer; board 1 says its result is on
    # its way.
    expect(row(desktop, boards, 2)).to_be_focused(timeout=250)
    expect(row(desktop, boards, 1)).to_have_class(re.compile("is-saving"))
    expect(row(desktop, boards, 1).locator(".row-status")).to_have_text("1-0 · saving…")
    desktop.wait_for_timeout(300)
    type_keys(desktop, TYPED[1:], 300)
    expect(row(desktop, boards, 15)).to_have_class(re.compile("is-queued"))
    shot(desktop, "round-keys-in-flight")
    drained(desktop)

    expect(desktop.get_by_test_id("progress")).to_have_text(
        f"{BOARDS}/{BOARDS} results in"
    )
    assert results(section) == {b: KEYS[k] for b, k in enumerate(TYPED, start=1)}
    expect(desktop.locator(".row-status")).to_have_count(0)


def test_fifteen_boards_at_60_ms_a_key_store_exactly_the_typed_results(
    live_server: Any, desktop: Page, director: User
) -> None:
    section, boards = big_round(director)
    log_in(desktop, live_server, director)
    desktop.goto(round_url(live_server, section))
    expect(row(desktop, boards, 1)).to_be_focused()

    type_keys(desktop, TYPED, 60)
    drained(desktop)

    expect(desktop.get_by_test_id("progress")).to_have_text(
        f"{BOARDS}/{BOARDS} results in"
    )
    assert results(section) == {b: KEYS[k] for b, k in enumerate(TYPED, start=1)}


def test_a_stale_board_in_the_middle_stops_the_queue_on_its_row(
    live_server: Any, page: Page, director: User
) -> None:
    section, boards = big_round(director)
    colleague = User.objects.create_user("ben", password="x")
    section.tournament.directors.add(colleague)
    log_in(page, live_server, director)
    page.goto(round_url(live_server, section))
    expect(row(page, boards, 1)).to_be_focused()
    # Anna's page stops hearing of other entries (a dropped poll) and Ben enters board 8.
    page.evaluate("document.getElementById('round-poll').remove()")
    services.result_record(
        pairing=Pairing.objects.get(pk=boards[8]),
        result=Result.DRAW,
        based_on=Result.PENDING,
        user=colleague,
    )

    type_keys(page, TYPED, 60)

    expect(row(page, boards, 8).get_by_role("alert")).to_contain_text(
        "it is now ½-½, set by ben at"
    )
    bar = page.locator("#entry-queue")
    expect(bar).to_contain_text("Saving stopped at board 8")
    expect(bar).to_contain_text("7 results typed after it are held, not sent.")
    for board in range(9, BOARDS + 1):
        expect(row(page, boards, board)).to_have_class(re.compile("is-held"))
    assert page.evaluate("document.body.dataset.alarms") == "1"
    shot(page, "round-keys-stopped")
    typed = {b: KEYS[k] for b, k in enumerate(TYPED, start=1)}
    assert results(section) == {
        **{b: typed[b] for b in range(1, 8)},
        8: Result.DRAW,
        **dict.fromkeys(range(9, BOARDS + 1), Result.PENDING),
    }

    bar.get_by_role("button", name="Send the held results").click()
    drained(page)

    expect(bar).to_be_hidden()
    assert results(section) == {**typed, 8: Result.DRAW}


def test_a_failed_post_is_shown_on_its_row_and_holds_the_keys_after_it(
    live_server: Any, desktop: Page, director: User
) -> None:
    section, boards = big_round(director)
    log_in(desktop, live_server, director)
    desktop.goto(round_url(live_server, section))
    expect(row(desktop, boards, 1)).to_be_focused()
    # Board 3's post is cut off (a dropped connection); board 5's gets a server error.
    desktop.route(f"**/p/{boards[3]}/result/", lambda route: route.abort())
    desktop.route(
        f"**/p/{boards[5]}/result/", lambda route: route.fulfill(status=500, body="")
    )

    type_keys(desktop, TYPED[:6], 60)

    expect(row(desktop, boards, 3).get_by_role("alert")).to_contain_text(
        "0-1 was not saved: no answer from the server"
    )
    expect(row(desktop, boards, 4)).to_have_class(re.compile("is-held"))
    shot(desktop, "round-keys-failed")
    assert results(section)[3] == results(section)[4] == Result.PENDING

    desktop.unroute(f"**/p/{boards[3]}/result/")
    desktop.locator("#entry-queue").get_by_role(
        "button", name="Send the held results"
    ).click()
    expect(row(desktop, boards, 5).get_by_role("alert")).to_contain_text(
        "0-1 forfeit was not saved: the server answered 500."
    )
    expect(row(desktop, boards, 6)).to_have_class(re.compile("is-held"))

    desktop.unroute(f"**/p/{boards[5]}/result/")
    desktop.locator("#entry-queue").get_by_role(
        "button", name="Send the held results"
    ).click()
    drained(desktop)

    expect(desktop.get_by_test_id("progress")).to_have_text(f"6/{BOARDS} results in")
    assert results(section) == {
        **{b: KEYS[k] for b, k in enumerate(TYPED[:6], start=1)},
        **dict.fromkeys(range(7, BOARDS + 1), Result.PENDING),
    }


def test_a_post_answered_by_the_login_page_is_shown_as_not_saved(
    live_server: Any, desktop: Page, director: User
) -> None:
    section, boards = big_round(director)
    log_in(desktop, live_server, director)
    desktop.goto(round_url(live_server, section))
    expect(row(desktop, boards, 1)).to_be_focused()
    type_keys(desktop, TYPED[:2], 60)
    drained(desktop)

    # The session ends (logged out in another tab): the post lands on the login page.
    desktop.context.clear_cookies(name="sessionid")
    desktop.keyboard.press(TYPED[2])

    expect(row(desktop, boards, 3).get_by_role("alert")).to_contain_text(
        "0-1 was not saved: the server answered with another page (logged out?)."
    )
    expect(desktop.locator("#entry-queue")).to_contain_text("Saving stopped at board 3")
    expect(row(desktop, boards, 3).locator(".players")).to_contain_text("Player 5")
    assert results(section)[3] == Result.PENDING


def test_check_mode_keys_at_60_ms_record_exactly_the_typed_check_entries(
    live_server: Any, desktop: Page, director: User
) -> None:
    section, boards = big_round(director)
    log_in(desktop, live_server, director)
    desktop.goto(round_url(live_server, section, "round_check"))
    expect(desktop.locator(f"#check-{boards[1]}")).to_be_focused()

    type_keys(desktop, TYPED, 60)
    drained(desktop)

    expect(desktop.locator("tr.pairing-row.is-done")).to_have_count(BOARDS)
    checks = dict(
        ResultCheck.objects.filter(pairing__round__section=section).values_list(
            "pairing__board", "result"
        )
    )
    assert checks == {b: KEYS[k] for b, k in enumerate(TYPED, start=1)}


def test_a_check_entry_the_server_cannot_place_says_why_in_its_row(
    live_server: Any, desktop: Page, director: User
) -> None:
    # A board's form that lost its board (a page changed by hand, a stale script): the server
    # refuses in plain text, and the row says so and why, not a whole page in the row.
    section, boards = big_round(director)
    log_in(desktop, live_server, director)
    desktop.goto(round_url(live_server, section, "round_check"))
    check = desktop.locator(f"#check-{boards[1]}")
    expect(check).to_be_focused()
    desktop.evaluate(
        f"document.querySelector('#check-{boards[1]} input[name=pairing]').remove()"
    )

    desktop.keyboard.press("=")

    expect(check.get_by_role("alert")).to_have_text(
        f"½-½ was not saved: the server answered 400. {CHECK_NO_BOARD}"
    )
    expect(desktop.locator("#entry-queue")).to_contain_text("Saving stopped at board 1")
    expect(desktop.locator(".round-table tbody tr")).to_have_count(BOARDS)
    shot(desktop, "check-no-board")
    assert not ResultCheck.objects.exists()


def test_a_board_taken_out_by_another_td_is_shown_as_not_saved(
    live_server: Any, desktop: Page, director: User
) -> None:
    section, boards = big_round(director)
    log_in(desktop, live_server, director)
    desktop.goto(round_url(live_server, section))
    expect(row(desktop, boards, 1)).to_be_focused()
    desktop.evaluate("document.getElementById('round-poll').remove()")
    # Another TD re-pairs boards 1 and 2 of the posted round (no result yet).
    first, second = (Pairing.objects.get(pk=boards[b]) for b in (1, 2))
    services.round_pairings_save(
        section=section,
        number=1,
        rows=[
            services.PairingInput(white=p.white_id, black=p.black_id, board=p.board)
            for p in Pairing.objects.filter(round__section=section).exclude(
                board__in=(1, 2)
            )
        ]
        + [
            services.PairingInput(white=first.white_id, black=second.black_id, board=1),
            services.PairingInput(white=second.white_id, black=first.black_id, board=2),
        ],
    )

    desktop.keyboard.press("1")

    expect(row(desktop, boards, 1).get_by_role("alert")).to_contain_text(
        "this board is no longer in the round"
    )
    assert (
        not Pairing.objects.filter(round__section=section)
        .exclude(result=Result.PENDING)
        .exists()
    )


def test_a_poll_answered_after_the_tds_own_saves_does_not_undo_them(
    live_server: Any, desktop: Page, director: User
) -> None:
    section, boards = big_round(director)
    colleague = User.objects.create_user("ben", password="x")
    section.tournament.directors.add(colleague)
    log_in(desktop, live_server, director)
    desktop.goto(round_url(live_server, section))
    expect(row(desktop, boards, 1)).to_be_focused()
    # Ben enters the last board: the next poll of Anna's page has something to bring.
    services.result_record(
        pairing=Pairing.objects.get(pk=boards[BOARDS]),
        result=Result.DRAW,
        based_on=Result.PENDING,
        user=colleague,
    )
    # That poll is answered at once (the round as it is then: Ben's draw only) but its answer
    # reaches the page late, after Anna's own results are saved (slow venue Wi-Fi).
    held: list[tuple[Any, Any]] = []

    def hold(route: Any) -> None:
        if held:
            route.continue_()
        else:
            held.append((route, route.fetch()))

    desktop.route(re.compile(r"/rows/\?"), hold)
    # What the page shows just after the late answer is handled (the next poll would mend it
    # within seconds: the test looks before that one).
    desktop.evaluate(
        "document.addEventListener('htmx:afterRequest', e => {"
        " if (!e.detail.xhr.getResponseHeader('x-late')) return;"
        " setTimeout(() => { window.lateShown ="
        " document.querySelector('[data-testid=progress]').textContent; }, 50); })"
    )
    for _ in range(100):
        if held:
            break
        desktop.wait_for_timeout(100)
    assert held, "the round page never polled"

    type_keys(desktop, TYPED[: BOARDS - 1], 60)
    drained(desktop)
    expect(desktop.get_by_test_id("progress")).to_have_text(
        f"{BOARDS}/{BOARDS} results in"
    )

    route, answer = held[0]
    route.fulfill(response=answer, headers={**answer.headers, "x-late": "1"})
    desktop.wait_for_function("window.lateShown !== undefined")

    assert desktop.evaluate("window.lateShown") == f"{BOARDS}/{BOARDS} results in"
    typed = {b: KEYS[k] for b, k in enumerate(TYPED[: BOARDS - 1], start=1)}
    assert results(section) == {**typed, BOARDS: Result.DRAW}
