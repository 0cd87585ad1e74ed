"""The round page in a real browser, on a desktop and on a phone: pair round 1 by hand and post
it, enter results by keyboard, correct one and find it in the history, see another TD's entry
appear, and have a stale edit from a second browser refused."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import VIEWPORTS, fits
from tests.tournaments.builders import section_build, tournament_build
from tournaments.models import (
    Pairing,
    RequestedBye,
    Result,
    ResultChange,
    Round,
    Section,
)

pytestmark = pytest.mark.django_db(transaction=True)

SCREENSHOTS = Path(settings.BASE_DIR) / "var" / "screenshots"
NAMES = [
    "Herrera, Tomas",
    "Okafor, Daniel",
    "Raman, Priya",
    "Sokolova, Elena",
    "Kowalski, Jan",
    "Nakamura-Whitfield, Alexandra",
    "Patel, Noah",
    "Lindqvist, Ebba",
    "Mensah, Kwame",
]
RATINGS = [2210, 2190, 2120, 2075, 1990, 1930, 1850, 1640, None]


def shot(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    width = page.viewport_size["width"] if page.viewport_size else 0
    size = "phone" if width < 600 else "desktop"
    page.screenshot(path=str(SCREENSHOTS / f"{name}-{size}.png"), full_page=True)


def log_in(page: Page, live_server: Any, user: User) -> None:
    """Give the browser the session of a logged-in ``user`` (the login form has its own test)."""
    client = Client()
    client.force_login(user)
    page.context.add_cookies(
        [
            {
                "name": "sessionid",
                "value": client.cookies["sessionid"].value,
                "url": live_server.url,
            }
        ]
    )


def round_url(live_server: Any, section: Section, name: str = "round_detail") -> str:
    path = reverse(
        f"tournaments:{name}",
        kwargs={"slug": section.tournament.slug, "section": section.pk, "number": 1},
    )
    return live_server.url + path


@pytest.fixture
def director(db: Any) -> User:
    return User.objects.create_user("anna", password="x")


def event(director: User, rounds: list[str]) -> Section:
    tournament = tournament_build(name="Riverside Spring Open", is_published=True)
    tournament.directors.add(director)
    return section_build(
        tournament=tournament,
        ratings=RATINGS,
        names=NAMES,
        rounds=rounds,
        rounds_total=5,
    )


def test_td_pairs_round_one_by_hand_and_posts_it(
    live_server: Any, page: Page, director: User
) -> None:
    section = event(director, rounds=[])
    RequestedBye.objects.create(
        player=section.players.get(start_number=9),
        round_number=1,
        kind=RequestedBye.Kind.HALF,
    )
    log_in(page, live_server, director)

    page.goto(round_url(live_server, section))
    expect(page.get_by_text("Round 1 is not paired yet.")).to_be_visible()
    shot(page, "round-not-paired")
    page.get_by_role("link", name="Pair by hand").click()

    # The requested half-point bye is already filled in; four boards wait for eight players.
    expect(page.get_by_label("Bye 1 player")).to_have_value("9")
    for board, (white, black) in enumerate([(1, 5), (6, 2), (3, 7), (8, 4)], start=1):
        page.get_by_label(f"Board {board} white").fill(str(white))
        page.get_by_label(f"Board {board} black").fill(str(black))
    expect(page.locator('.who[data-for="id_boards-1-white"]')).to_have_text(
        "Nakamura-Whitfield, Alexandra (1930)"
    )
    assert fits(page)
    shot(page, "round-pairings")
    page.get_by_role("button", name="Save pairings").click()

    expect(
        page.get_by_text("Round 1: pairings saved. Post them when they are right.")
    ).to_be_visible()
    expect(page.get_by_text("Pairings not posted").first).to_be_visible()
    shot(page, "round-draft")
    page.get_by_role("button", name="Post pairings").click()

    expect(page.get_by_test_id("progress")).to_have_text("0/4 results in")
    expect(page.get_by_test_id("byes")).to_contain_text(
        "Mensah, Kwame · Half-point bye"
    )
    assert fits(page)
    round_ = Round.objects.get(section=section, number=1)
    assert round_.status == Round.Status.PAIRED
    assert sorted(
        round_.pairings.filter(black__isnull=False).values_list(
            "board", "white__start_number", "black__start_number"
        )
    ) == [(1, 1, 5), (2, 6, 2), (3, 3, 7), (4, 8, 4)]


def test_pairing_errors_show_next_to_their_board(
    live_server: Any, page: Page, director: User
) -> None:
    section = event(director, rounds=[])
    log_in(page, live_server, director)
    page.goto(round_url(live_server, section, "round_pairings"))

    page.get_by_label("Board 1 white").fill("1")
    page.get_by_label("Board 1 black").fill("2")
    page.get_by_label("Board 2 white").fill("2")
    page.get_by_label("Board 2 black").fill("30")
    page.get_by_role("button", name="Save pairings").click()

    expect(page.get_by_text("There is no player number 30 in Open.")).to_be_visible()
    shot(page, "round-pairings-errors")
    assert not Round.objects.filter(section=section).exists()


def posted(director: User) -> Section:
    section = event(director, rounds=["1-5 ?, 6-2 ?, 3-7 ?, 8-4 ?, 9 H"])
    Round.objects.filter(section=section).update(status=Round.Status.PAIRED)
    return section


def board_ids(section: Section) -> dict[int, int]:
    """Board number -> pairing pk, read before the browser starts (the pages poll the database,
    and SQLite's in-memory test database locks a table against a concurrent read)."""
    return {
        board: pk
        for board, pk in Pairing.objects.filter(
            round__section=section, board__isnull=False
        ).values_list("board", "pk")
        if board is not None
    }


def row(page: Page, boards: dict[int, int], board: int) -> Any:
    return page.locator(f"#pairing-{boards[board]}")


def test_td_enters_results_by_keyboard_and_corrects_one_in_the_history(
    live_server: Any, page: Page, director: User
) -> None:
    section = posted(director)
    boards = board_ids(section)
    log_in(page, live_server, director)
    page.goto(round_url(live_server, section))

    # The first board without a result has the focus: one key per board, the focus moves on.
    expect(row(page, boards, 1)).to_be_focused()
    page.keyboard.press("1")
    expect(page.get_by_test_id("progress")).to_have_text("1/4 results in")
    expect(row(page, boards, 2)).to_be_focused()
    page.keyboard.press("=")
    expect(row(page, boards, 3)).to_be_focused()
    shot(page, "round-entering")
    page.keyboard.press("0")
    expect(row(page, boards, 4)).to_be_focused()
    page.keyboard.press("+")

    expect(page.get_by_test_id("progress")).to_have_text("4/4 results in")
    expect(page.get_by_text("Round complete").first).to_be_visible()
    expect(page.get_by_role("link", name="Pair round 2 →")).to_be_visible()
    # The round's state at the top follows within a polling interval.
    expect(page.locator("#round-status")).to_have_text("Results complete", timeout=8000)
    assert fits(page)
    shot(page, "round-complete")

    # A correction: board 2 was really won by black.
    row(page, boards, 2).get_by_role("button", name="0-1", exact=True).click()
    expect(
        row(page, boards, 2).get_by_role("button", name="0-1", exact=True)
    ).to_have_attribute("aria-pressed", "true")
    page.get_by_role("link", name="History").click()
    history = page.get_by_test_id("history")
    first = history.locator("tbody tr").first
    expect(first).to_contain_text("Nakamura-Whitfield, Alexandra")
    expect(first.locator(".was")).to_have_text("½-½")
    expect(first.locator(".now")).to_have_text("0-1")
    expect(first).to_contain_text("anna")
    expect(first).to_contain_text("Result entry")
    expect(history.locator("tbody tr")).to_have_count(5)
    shot(page, "round-history")
    results = dict(
        Pairing.objects.filter(round__section=section, board__isnull=False).values_list(
            "board", "result"
        )
    )
    assert results == {
        1: Result.WHITE_WIN,
        2: Result.BLACK_WIN,
        3: Result.BLACK_WIN,
        4: Result.WHITE_FORFEIT_WIN,
    }


def test_double_forfeit_is_one_step_away(
    live_server: Any, page: Page, director: User
) -> None:
    section = posted(director)
    boards = board_ids(section)
    log_in(page, live_server, director)
    page.goto(round_url(live_server, section))

    row(page, boards, 3).get_by_text("More").click()
    shot(page, "round-more-results")
    row(page, boards, 3).get_by_role("button", name="Double forfeit").click()

    expect(page.get_by_test_id("progress")).to_have_text("1/4 results in")
    expect(row(page, boards, 3)).to_contain_text("0-0 double forfeit")


def test_another_tds_entry_appears_and_a_stale_edit_is_refused(
    live_server: Any, browser: Browser, page: Page, director: User
) -> None:
    section = posted(director)
    boards = board_ids(section)
    colleague = User.objects.create_user("ben", password="x")
    section.tournament.directors.add(colleague)
    width = page.viewport_size["width"] if page.viewport_size else 0
    size = "phone" if width < 600 else "desktop"
    other = browser.new_context(**VIEWPORTS[size]).new_page()
    try:
        log_in(page, live_server, director)
        log_in(other, live_server, colleague)
        page.goto(round_url(live_server, section))
        other.goto(round_url(live_server, section))

        # Ben enters board 1; Anna's page shows it within a few seconds, without a reload.
        row(other, boards, 1).get_by_role("button", name="1-0", exact=True).click()
        expect(row(other, boards, 1)).to_have_class(re.compile("is-done"))
        expect(row(page, boards, 1)).to_have_class(re.compile("is-done"), timeout=8000)
        expect(page.get_by_test_id("progress")).to_have_text("1/4 results in")

        # Anna's page stops listening (a dropped connection), Ben enters board 2, and Anna, still
        # seeing board 2 without a result, enters something else: refused, with Ben's value.
        page.evaluate("document.getElementById('round-poll').remove()")
        row(other, boards, 2).get_by_role("button", name="½-½", exact=True).click()
        expect(row(other, boards, 2)).to_have_class(re.compile("is-done"))
        row(page, boards, 2).get_by_role("button", name="0-1", exact=True).click()

        alert = row(page, boards, 2).get_by_role("alert")
        expect(alert).to_contain_text("it is now ½-½, set by ben at")
        shot(page, "round-stale-edit")
        assert (
            Pairing.objects.get(round__section=section, board=2).result == Result.DRAW
        )
        assert ResultChange.objects.filter(changed_by__username="anna").count() == 0
    finally:
        other.context.close()


def test_check_mode_flags_a_board_where_the_entries_differ(
    live_server: Any, page: Page, director: User
) -> None:
    section = posted(director)
    Pairing.objects.filter(round__section=section, board=1).update(
        result=Result.WHITE_WIN
    )
    log_in(page, live_server, director)
    page.goto(round_url(live_server, section, "round_check"))

    expect(page.get_by_text("Check mode.")).to_be_visible()
    page.locator(
        "#check-" + str(Pairing.objects.get(round__section=section, board=1).pk)
    ).get_by_role("button", name="½-½", exact=True).click()
    expect(page.get_by_text("Check mode.")).to_be_visible()
    shot(page, "round-check")
    page.goto(round_url(live_server, section))

    expect(page.get_by_test_id("check-differences")).to_contain_text("board 1")
    shot(page, "round-check-differs")


def test_results_are_entered_with_javascript_off(
    live_server: Any, browser: Browser, director: User
) -> None:
    section = posted(director)
    boards = board_ids(section)
    context = browser.new_context(java_script_enabled=False, **VIEWPORTS["phone"])
    page = context.new_page()
    try:
        log_in(page, live_server, director)
        page.goto(round_url(live_server, section))

        row(page, boards, 1).get_by_role("button", name="½-½", exact=True).click()
        expect(page.get_by_test_id("progress")).to_have_text("1/4 results in")
        # The plain post lands on the next board without a result.
        assert page.url.endswith(f"#pairing-{boards[2]}")
        row(page, boards, 2).get_by_text("More").click()
        row(page, boards, 2).get_by_role("button", name="0-1 forfeit").click()
        expect(page.get_by_test_id("progress")).to_have_text("2/4 results in")
        expect(row(page, boards, 2)).to_contain_text("0-1 forfeit")
    finally:
        context.close()
