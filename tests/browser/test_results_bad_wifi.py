"""Result entry over a hall's bad Wi-Fi, in a real browser: answers that come back in another
order than their posts, posts that fail (offline, a proxy's 502, no answer at all), posts saved
whose answer is lost. The page ends showing what the server stored, says which board was not
saved, and a second press saves it once.

On the desktop the TD types (the focused board's keys); on the phone they tap the buttons.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Locator, Page, Route, expect

from tests.browser.test_result_keys import big_round, drained, results, row
from tests.browser.test_round_page import log_in, round_url, shot
from tournaments.models import Result, ResultChange, Section

pytestmark = pytest.mark.django_db(transaction=True)

# The page's timeout (base.html), set back after a test shortened it to see a post given up:
# the posts after it must not be given up on a slow test machine.
TIMEOUT_MS = 20000
LABELS = {"1": "1-0", "=": "½-½", "0": "0-1"}


@pytest.fixture
def director(db: Any) -> User:
    return User.objects.create_user("anna", password="x")


def on_phone(page: Page) -> bool:
    size = page.viewport_size
    return size is not None and size["width"] < 600


def enter(page: Page, board: Locator, key: str) -> None:
    """Enter a result on ``board`` as a TD does on this device: a tap on the phone; on the
    desktop the board is chosen (the arrow keys) and its key typed."""
    if on_phone(page):
        board.get_by_role("button", name=LABELS[key], exact=True).click()
        return
    if not board.evaluate("el => el === document.activeElement"):
        board.focus()
    page.keyboard.press(key)


def open_round(
    page: Page, live_server: Any, director: User
) -> tuple[Section, dict[int, int]]:
    """The round page of a posted round of 15 boards, none with a result, as the TD opens it."""
    section, boards = big_round(director)
    log_in(page, live_server, director)
    page.goto(round_url(live_server, section))
    return section, boards


class Held:
    """The posts to ``url`` held on their way (the server has not seen them) until released;
    those sent after that go through."""

    def __init__(self, page: Page, url: str | re.Pattern[str]) -> None:
        self.routes: list[Route] = []
        self.holding = True
        page.route(url, self.hold)

    def hold(self, route: Route) -> None:
        if self.holding:
            self.routes.append(route)
        else:
            route.continue_()

    def release(self) -> list[Route]:
        self.holding = False
        return self.routes


def pressed(board: Locator, label: str) -> Locator:
    return board.locator('button[aria-pressed="true"]', has_text=label)


def test_a_correction_typed_before_the_first_answer_ends_as_the_correction(
    live_server: Any, page: Page, director: User
) -> None:
    section, boards = open_round(page, live_server, director)
    board = row(page, boards, 1)
    expect(board).to_be_focused()
    # Every post of board 1 is held: the server gets them in the order sent, the page gets
    # their answers newest first.
    held = Held(page, f"**/p/{boards[1]}/result/")

    enter(page, board, "1")
    if not on_phone(page):
        expect(row(page, boards, 2)).to_be_focused()
        page.keyboard.press("ArrowUp")
    enter(page, board, "0")
    # Both entries are taken: on their way, or the second waiting for the first.
    page.wait_for_function("document.body.dataset.entryQueue === '2'")
    shot(page, "bad-wifi-correction-waiting")
    answers = [(route, route.fetch()) for route in held.release()]
    for route, answer in reversed(answers):
        route.fulfill(response=answer)
    drained(page)

    assert results(section)[1] == Result.BLACK_WIN
    expect(pressed(board, "0-1")).to_have_count(1)
    expect(pressed(board, "1-0")).to_have_count(0)
    expect(board.get_by_role("alert")).to_have_count(0)
    expect(page.get_by_test_id("progress")).to_have_text("1/15 results in")
    shot(page, "bad-wifi-correction-done")


FAILURES = {
    "offline": "no answer from the server",
    "502": "the server answered 502.",
    "no answer": "no answer from the server",
}


@pytest.mark.parametrize("failure", sorted(FAILURES))
def test_a_failed_post_says_its_board_was_not_saved_and_a_second_press_saves_it(
    live_server: Any, page: Page, director: User, failure: str
) -> None:
    section, boards = open_round(page, live_server, director)
    board = row(page, boards, 2)
    expect(row(page, boards, 1)).to_be_focused()
    url = f"**/p/{boards[2]}/result/"
    if failure == "offline":
        page.context.set_offline(True)
    elif failure == "502":
        page.route(url, lambda route: route.fulfill(status=502, body="Bad Gateway"))
    else:
        page.evaluate("htmx.config.timeout = 1000")
        page.route(url, lambda route: None)  # never answered

    enter(page, board, "=")

    alert = board.get_by_role("alert")
    expect(alert).to_contain_text(f"½-½ was not saved: {FAILURES[failure]}")
    bar = page.locator("#entry-queue")
    expect(bar).to_be_visible()
    expect(bar).to_contain_text("Saving stopped at board 2")
    expect(bar).not_to_contain_text("typed after it")
    expect(board.locator(".row-status")).to_have_text("½-½ · not saved")
    expect(pressed(board, "½-½")).to_have_count(0)
    expect(page.get_by_test_id("progress")).to_have_text("0/15 results in")
    shot(page, f"bad-wifi-failed-{failure.replace(' ', '-')}")
    assert results(section)[2] == Result.PENDING

    if failure == "offline":
        page.context.set_offline(False)
    else:
        page.unroute(url)
    page.evaluate(f"htmx.config.timeout = {TIMEOUT_MS}")
    enter(page, board, "=")
    drained(page)

    expect(alert).to_have_count(0)
    expect(bar).to_be_hidden()
    expect(pressed(board, "½-½")).to_have_count(1)
    assert results(section)[2] == Result.DRAW
    assert ResultChange.objects.filter(pairing_id=boards[2]).count() == 1


def test_a_post_saved_whose_answer_was_lost_is_answered_as_done_when_sent_again(
    live_server: Any, page: Page, director: User
) -> None:
    section, boards = open_round(page, live_server, director)
    board = row(page, boards, 1)
    expect(board).to_be_focused()
    url = f"**/p/{boards[1]}/result/"

    def lose_answer(route: Route) -> None:
        route.fetch()  # the server saves it
        route.abort("connectionreset")

    page.route(url, lose_answer)
    enter(page, board, "1")
    expect(board.get_by_role("alert")).to_contain_text("1-0 was not saved")
    assert results(section)[1] == Result.WHITE_WIN
    page.unroute(url)

    page.locator("#entry-queue").get_by_role(
        "button", name="Send the held results"
    ).click()
    drained(page)

    expect(board.get_by_role("alert")).to_have_count(0)
    expect(page.locator("#entry-queue")).to_be_hidden()
    expect(pressed(board, "1-0")).to_have_count(1)
    expect(page.get_by_test_id("progress")).to_have_text("1/15 results in")
    assert ResultChange.objects.filter(pairing_id=boards[1]).count() == 1
    assert page.evaluate("document.body.dataset.alarms") == "1"


def test_many_boards_tapped_or_typed_while_answers_are_slow_end_as_entered(
    live_server: Any, page: Page, director: User
) -> None:
    section, boards = open_round(page, live_server, director)
    expect(row(page, boards, 1)).to_be_focused()
    # Every answer is held until the test lets it go, in order.
    held = Held(page, re.compile(r"/p/\d+/result/$"))
    typed = ["1", "=", "0", "1", "0", "=", "1", "1"]

    for number, key in enumerate(typed, start=1):
        board = row(page, boards, number)
        if on_phone(page):
            enter(page, board, key)
        else:
            expect(board).to_be_focused()
            page.keyboard.press(key)
    expect(row(page, boards, len(typed) + 1)).to_be_focused()
    page.wait_for_function(f"document.body.dataset.entryQueue === '{len(typed)}'")
    shot(page, "bad-wifi-many-waiting")
    for route in held.release():
        route.continue_()
    drained(page)

    keys = {"1": Result.WHITE_WIN, "=": Result.DRAW, "0": Result.BLACK_WIN}
    assert {b: results(section)[b] for b in range(1, len(typed) + 1)} == {
        b: keys[k] for b, k in enumerate(typed, start=1)
    }
    assert ResultChange.objects.filter(pairing__round__section=section).count() == len(
        typed
    )
    expect(page.get_by_test_id("progress")).to_have_text(f"{len(typed)}/15 results in")
    expect(page.locator(".row-status")).to_have_count(0)


def test_a_post_given_up_that_reaches_the_server_after_its_correction_changes_nothing(
    live_server: Any, page: Page, director: User
) -> None:
    section, boards = open_round(page, live_server, director)
    board = row(page, boards, 1)
    expect(board).to_be_focused()
    page.evaluate("htmx.config.timeout = 1000")
    url = f"**/p/{boards[1]}/result/"
    late: list[Route] = []
    page.route(url, lambda route: late.append(route))  # held by the hall's Wi-Fi

    enter(page, board, "1")
    expect(board.get_by_role("alert")).to_contain_text("1-0 was not saved")
    page.unroute(url)
    page.evaluate(f"htmx.config.timeout = {TIMEOUT_MS}")
    enter(page, board, "1")  # sent again
    drained(page)
    if not on_phone(page):
        page.keyboard.press("ArrowUp")
    enter(page, board, "0")  # and corrected
    drained(page)
    assert results(section)[1] == Result.BLACK_WIN
    # The first post, given up by the page, reaches the server at last: it was based on the
    # board without a result, which holds 0-1 now.
    assert len(late) == 1
    late[0].fetch()

    assert results(section)[1] == Result.BLACK_WIN
    assert list(
        ResultChange.objects.filter(pairing_id=boards[1])
        .order_by("pk")
        .values_list("old_result", "new_result")
    ) == [
        (Result.PENDING, Result.WHITE_WIN),
        (Result.WHITE_WIN, Result.BLACK_WIN),
    ]
    expect(pressed(board, "0-1")).to_have_count(1)
    expect(board.get_by_role("alert")).to_have_count(0)
