"""A big section on a phone (390 x 844) and a desktop: boards past 99 and names wider than the
screen. Found with a 1,200-player section: the round page cut board 171 to '17', one long name
pushed every check-in button off a phone's screen and widened the player page, and a TD with a
slip from board 412 had 400 boards to scroll through."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from playwright.sync_api import Page

from tests.browser.conftest import SHOTS, fits
from tests.browser.test_round_page import log_in
from tests.tournaments.builders import section_build, tournament_build
from tournaments.models import Pairing, Result, Round, Section

pytestmark = pytest.mark.django_db(transaction=True)

BOARDS = 120
LONG = "Wolfeschlegelsteinhausenbergerdorff, Maximiliana-Konstantina Alexandrovna"


@pytest.fixture
def director(db: Any) -> User:
    return User.objects.create_user("anna", password="x")


@pytest.fixture
def big(director: User) -> Section:
    """240 players, round 1 of 120 boards posted, no result in; player 3 has a long name."""
    tournament = tournament_build(name="Big Hall Open", is_published=True)
    tournament.directors.add(director)
    games = ", ".join(f"{2 * b - 1}-{2 * b} ?" for b in range(1, BOARDS + 1))
    names = [f"Player {n}" for n in range(1, 2 * BOARDS + 1)]
    names[2] = LONG
    section = section_build(
        tournament=tournament,
        ratings=[2400 - n for n in range(2 * BOARDS)],
        names=names,
        rounds=[games],
        rounds_total=3,
    )
    Round.objects.filter(section=section).update(status=Round.Status.PAIRED)
    return section


def _url(name: str, section: Section, **kwargs: Any) -> str:
    return reverse(
        name,
        kwargs={"slug": section.tournament.slug, "section": section.pk, **kwargs},
    )


def _shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    width = page.viewport_size["width"] if page.viewport_size else 0
    page.screenshot(path=str(SHOTS / f"{name}-{width}.png"))


def test_go_to_board_focuses_a_board_far_down_and_its_key_enters_the_result(
    live_server: Any, page: Page, director: User, big: Section
) -> None:
    log_in(page, live_server, director)
    page.goto(live_server.url + _url("tournaments:round_detail", big, number=1))
    # Every board number whole: three digits in the board column (on a phone, 2.2rem cut the
    # third digit).
    assert page.evaluate(
        """() => Array.from(document.querySelectorAll('tr.pairing-row td.board'))
            .every(td => td.scrollWidth <= td.clientWidth)"""
    )
    assert fits(page)

    page.fill("#go-board", "117")
    page.press("#go-board", "Enter")
    page.wait_for_function(
        "() => document.activeElement && document.activeElement.dataset.board === '117'"
    )
    # In sight once the (smooth) scroll ends.
    page.wait_for_function(
        """() => { const r = document.activeElement.getBoundingClientRect();
                    return r.top >= 0 && r.bottom <= innerHeight; }"""
    )
    page.wait_for_timeout(300)  # the screenshot after the scroll has settled
    _shot(page, "big-round-board-117")

    page.keyboard.press("1")
    page.locator('tr.pairing-row[data-board="117"].is-done').wait_for()
    assert Pairing.objects.get(round__section=big, board=117).result == (
        Result.WHITE_WIN
    )
    # The queue went on from there: the next board without a result has the focus.
    assert page.evaluate("document.activeElement.dataset.board") == "118"

    # B goes back to the field; a board the round does not have is said on the page.
    page.keyboard.press("b")
    page.keyboard.type("500")
    page.keyboard.press("Enter")
    page.get_by_test_id("board-missing").wait_for()
    assert "Round 1 has no board 500 (boards 1 to 120)." in (
        page.get_by_test_id("board-missing").inner_text()
    )


def test_a_long_name_leaves_every_check_in_button_on_a_phones_screen(
    live_server: Any, phone: Page, director: User, big: Section
) -> None:
    log_in(phone, live_server, director)
    phone.goto(live_server.url + _url("tournaments:checkin", big, number=2))
    assert fits(phone)
    buttons = phone.locator("#checkin-table button")
    for i in range(4):
        box = buttons.nth(i).bounding_box()
        assert box is not None and box["x"] + box["width"] <= 390
    _shot(phone, "big-checkin")


def test_a_long_name_wraps_on_the_player_page_and_the_pairing_form(
    live_server: Any, phone: Page, director: User, big: Section
) -> None:
    phone.goto(live_server.url + _url("standings:player", big, number=3))
    assert LONG.split(",")[0] in phone.locator(".player-head h2").inner_text()
    assert fits(phone)
    _shot(phone, "big-player-long-name")

    log_in(phone, live_server, director)
    phone.goto(live_server.url + _url("tournaments:round_pairings", big, number=2))
    assert fits(phone)


def test_a_long_name_stays_in_its_column_on_the_public_tables_on_a_phone(
    live_server: Any, phone: Page, big: Section
) -> None:
    Pairing.objects.filter(round__section=big).update(result=Result.DRAW)
    Round.objects.filter(section=big).update(status=Round.Status.COMPLETE)
    for name in ("standings:crosstable", "standings:standings"):
        phone.goto(live_server.url + _url(name, big) + "?player=3")
        cell = phone.locator("#n3 .name")
        cell.wait_for()
        assert cell.evaluate("el => el.scrollWidth <= el.clientWidth + 1"), name
        assert fits(phone)
    _shot(phone, "big-wallchart-long-name")

    # "Go to player" on the standings: the row stops below the pinned header row (it stopped
    # under it, hidden, and the reader saw the next player's row first).
    phone.goto(live_server.url + _url("standings:standings", big) + "?player=150")
    phone.wait_for_url("**?page=2#n150")
    phone.wait_for_function(
        """() => { const r = document.getElementById("n150").getBoundingClientRect();
                    const h = document.querySelector('.standings-table thead th').getBoundingClientRect();
                    return r.top >= h.bottom - 1 && r.bottom <= innerHeight; }""",
        timeout=3000,
    )
