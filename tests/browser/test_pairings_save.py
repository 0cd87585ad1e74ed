"""The pairings form in a real browser on a round that has results: pressing "Save pairings"
without a change keeps every result; re-pairing a board with a result is refused on its row."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect

from tests.browser.test_round_page import event, log_in, round_url, shot
from tournaments.models import Pairing, Result, Round, Section

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def director(db: Any) -> User:
    return User.objects.create_user("anna", password="x")


def half_played(director: User) -> Section:
    section = event(director, rounds=["1-5 1-0, 6-2 =, 3-7 ?, 8-4 ?, 9 H"])
    Round.objects.filter(section=section).update(status=Round.Status.PAIRED)
    return section


def results(section: Section) -> dict[int | None, str]:
    return dict(
        Pairing.objects.filter(round__section=section).values_list("board", "result")
    )


def test_saving_the_unchanged_pairings_keeps_every_result(
    live_server: Any, page: Page, director: User
) -> None:
    section = half_played(director)
    before = results(section)
    log_in(page, live_server, director)
    page.goto(round_url(live_server, section, "round_pairings"))

    expect(page.get_by_text("A board with a result keeps its players")).to_be_visible()
    shot(page, "pairings-with-results")
    page.get_by_role("button", name="Save pairings").click()

    expect(page.get_by_text("Round 1: pairings saved.")).to_be_visible()
    expect(page.get_by_test_id("progress")).to_have_text("2/4 results in")
    assert (
        results(section)
        == before
        == {
            1: Result.WHITE_WIN,
            2: Result.DRAW,
            3: Result.PENDING,
            4: Result.PENDING,
            None: Result.BYE_HALF,
        }
    )


def test_repairing_a_board_with_a_result_is_refused_on_its_row(
    live_server: Any, page: Page, director: User
) -> None:
    section = half_played(director)
    before = results(section)
    log_in(page, live_server, director)
    page.goto(round_url(live_server, section, "round_pairings"))

    # Boards 1 and 3 swap their black players; board 1 already has 1-0.
    page.get_by_label("Board 1 black").fill("7")
    page.get_by_label("Board 3 black").fill("5")
    page.get_by_role("button", name="Save pairings").click()

    expect(page.get_by_text("Nothing was saved")).to_be_visible()
    expect(
        page.get_by_role("alert").filter(has_text="Board 1 (1. Herrera")
    ).to_contain_text("has a result, 1-0, so its players cannot change")
    shot(page, "pairings-board-has-result")
    assert results(section) == before


def test_emptying_posted_pairings_asks_on_the_page_and_enter_does_not_confirm(
    live_server: Any, page: Page, director: User
) -> None:
    section = event(director, rounds=["1-5 ?, 6-2 ?, 3-7 ?, 8-4 ?, 9 H"])
    Round.objects.filter(section=section).update(status=Round.Status.PAIRED)
    log_in(page, live_server, director)
    page.goto(round_url(live_server, section, "round_pairings"))

    for field in page.locator("input.num-input").all():
        field.fill("")
    page.get_by_role("button", name="Save pairings").click()

    expect(page.get_by_test_id("confirm-remove")).to_contain_text("Every row is empty")
    confirm = page.get_by_role("button", name="Take back round 1's pairings")
    expect(confirm).to_be_visible()
    shot(page, "pairings-emptied-asks")
    assert Pairing.objects.filter(round__section=section).count() == 5
    # Enter in a field presses "Save pairings" (asked again), never the confirmation.
    page.get_by_label("Board 1 white").press("Enter")
    expect(page.get_by_test_id("confirm-remove")).to_be_visible()
    assert Pairing.objects.filter(round__section=section).count() == 5

    page.get_by_role("button", name="Take back round 1's pairings").click()

    expect(page.get_by_text("Round 1: pairings removed.")).to_be_visible()
    assert not Pairing.objects.filter(round__section=section).exists()
