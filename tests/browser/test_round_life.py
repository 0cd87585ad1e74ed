"""A whole event's rounds through the TD's pages, on a desktop and on a phone: check-in, the questions
before round 1 is paired (no posted order, a player not checked in), a draft taken back and paired
again, results, a correction after round 2 was paired (asked on the row, round 2 paired again),
the last round, "Mark final" locking the results, reopening with a reason the public page shows.

The tournament, its section and players are made directly (tests/browser/test_td_setup.py sets
one up through the pages). Screenshots go to var/screenshots/ to be looked at.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect

from tests.browser.test_td_setup import fits, shot
from tests.conftest import PASSWORD
from tests.tournaments.builders import section_build, tournament_build
from tournaments.models import Pairing, Round, Section, SectionEvent

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = ["Ada Brandt", "Ben Cruz", "Cleo Dunn", "Dev Patel"]


def login(page: Page, base: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Username").fill("director")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/td/")


def round_url(base: str, section: Section, number: int, tail: str = "") -> str:
    return f"{base}/td/t/{section.tournament.slug}/s/{section.pk}/r/{number}/{tail}"


def board_row(page: Page, section: Section, number: int, board: int) -> Any:
    pairing = Pairing.objects.get(
        round__section=section, round__number=number, board=board
    )
    return page.locator(f"#pairing-{pairing.pk}")


def enter(page: Page, section: Section, number: int, board: int, label: str) -> None:
    """Click a result on a board and wait until the row shows it recorded."""
    button = board_row(page, section, number, board).get_by_role(
        "button", name=label, exact=True
    )
    button.click()
    expect(button).to_have_attribute("aria-pressed", "true", timeout=10_000)


def test_a_whole_event_through_the_round_pages(live_server: Any, page: Page) -> None:
    director = User.objects.create_user("director", password=PASSWORD)
    tournament = tournament_build(name="Lakeside Quad", is_published=True)
    tournament.directors.add(director)
    section = section_build(
        ratings=[2100, 1950, 1800, 1650],
        rounds=[],
        rounds_total=3,
        tournament=tournament,
        names=NAMES,
        name="Quad",
    )
    base = live_server.url
    login(page, base)

    # Check-in for round 1: three of the four players arrive.
    page.goto(f"{base}/td/t/{tournament.slug}/s/{section.pk}/checkin/1/")
    for name in NAMES[:3]:
        page.get_by_role("button", name=f"Check in {name}").click()
        expect(
            page.get_by_role("button", name=f"Undo check-in of {name}")
        ).to_be_visible()

    # Pair round 1: no order is posted -- post the default in one click; then the absent
    # player: pair the others, a zero-point bye for her.
    page.goto(round_url(base, section, 1))
    page.get_by_role("button", name="Pair automatically").click()
    expect(page.get_by_test_id("no-order")).to_be_visible()
    assert fits(page)
    shot(page, "life-no-order")
    page.get_by_role("button", name="Post this order and pair round 1").click()
    expect(page.get_by_test_id("absent")).to_be_visible()
    expect(page.get_by_test_id("pair-question")).to_contain_text(
        "1 player has not checked in for round 1: 4. Dev Patel."
    )
    shot(page, "life-absent")
    page.get_by_role("button", name="Zero-point byes for them, pair the others").click()
    expect(page.get_by_text("default tiebreak order was posted")).to_be_visible()
    expect(page.get_by_test_id("byes")).to_contain_text("Dev Patel")
    shot(page, "life-draft")

    # She arrives after all: take the draft back, check her in, pair again.
    page.get_by_role("button", name="Remove pairings").click()
    expect(page.get_by_text("Round 1: pairings removed.")).to_be_visible()
    page.goto(f"{base}/td/t/{tournament.slug}/s/{section.pk}/checkin/1/")
    page.get_by_role("button", name="Check in Dev Patel").click()
    expect(
        page.get_by_role("button", name="Undo check-in of Dev Patel")
    ).to_be_visible()
    page.goto(round_url(base, section, 1))
    page.get_by_role("button", name="Pair automatically").click()
    page.get_by_role("button", name="Post pairings").click()
    expect(page.get_by_text("Round 1: pairings posted.")).to_be_visible()
    assert Pairing.objects.filter(round__section=section, round__number=1).count() == 2

    # Results of round 1, then round 2 paired and posted.
    enter(page, section, 1, 1, "1-0")
    enter(page, section, 1, 2, "1-0")
    page.goto(round_url(base, section, 2))
    page.get_by_role("button", name="Pair automatically").click()
    page.get_by_role("button", name="Post pairings").click()
    expect(page.get_by_text("Round 2: pairings posted.")).to_be_visible()

    # A correction of round 1 now: asked on the row, confirmed; round 2 is flagged and paired
    # again on the new scores.
    page.goto(round_url(base, section, 1))
    row = board_row(page, section, 1, 1)
    row.get_by_role("button", name="0-1", exact=True).click()
    expect(row.get_by_text("Round 2 was paired on the old scores")).to_be_visible()
    shot(page, "life-correction")
    row.get_by_role("button", name="Change it anyway").click()
    page.goto(round_url(base, section, 2))
    expect(page.get_by_test_id("old-scores")).to_be_visible()
    shot(page, "life-old-scores")
    page.get_by_role("button", name="Pair round 2 again").click()
    expect(
        page.get_by_text("Round 2 paired again on the present scores")
    ).to_be_visible()
    page.get_by_role("button", name="Post pairings").click()
    enter(page, section, 2, 1, "½-½")
    enter(page, section, 2, 2, "1-0")

    # The last round, then final.
    page.goto(round_url(base, section, 3))
    page.get_by_role("button", name="Pair automatically").click()
    page.get_by_role("button", name="Post pairings").click()
    enter(page, section, 3, 1, "1-0")
    enter(page, section, 3, 2, "0-1")
    assert Round.objects.get(section=section, number=3).status == Round.Status.COMPLETE
    page.goto(f"{base}/td/t/{tournament.slug}/screens/")
    page.get_by_role("button", name="Mark results final").click()
    expect(page.get_by_text("Quad: results marked final.")).to_be_visible()

    # Final: a result no longer changes.
    page.goto(round_url(base, section, 3))
    expect(page.get_by_test_id("section-final")).to_be_visible()
    row = board_row(page, section, 3, 1)
    row.get_by_role("button", name="½-½", exact=True).click()
    expect(row.get_by_text("is marked final")).to_be_visible()
    assert (
        Pairing.objects.get(round__section=section, round__number=3, board=1).result
        == "white_win"
    )
    shot(page, "life-final")

    # Reopened with a reason, shown on the public standings.
    page.goto(f"{base}/td/t/{tournament.slug}/screens/")
    page.get_by_label("Why reopen Quad?").fill("Round 3 board 1 was a draw")
    page.get_by_role("button", name="Reopen results").click()
    expect(page.get_by_text("Quad: results reopened")).to_be_visible()
    page.goto(f"{base}/t/{tournament.slug}/s/{section.pk}/standings/")
    expect(page.get_by_test_id("reopened")).to_contain_text(
        "Round 3 board 1 was a draw"
    )
    assert fits(page)
    shot(page, "life-public-reopened")
    assert list(
        SectionEvent.objects.filter(section=section).values_list("kind", flat=True)
    ) == [
        "order_posted",
        "pairings_removed",
        # Dev Patel checked in after all: the zero-point bye the draft gave her is dropped.
        "bye_dropped",
        "correction",
        "pairings_removed",
        "final",
        "reopened",
    ]


def test_the_next_round_sends_the_td_to_the_missing_results_before_pairing(
    live_server: Any, page: Page
) -> None:
    director = User.objects.create_user("director", password=PASSWORD)
    tournament = tournament_build(name="Lakeside Quad")
    tournament.directors.add(director)
    section = section_build(
        ratings=[2000, 1900, 1800, 1700],
        rounds=["1-2 1-0, 3-4 ?"],
        rounds_total=3,
        tournament=tournament,
        names=NAMES,
    )
    Round.objects.filter(section=section).update(status=Round.Status.PAIRED)
    base = live_server.url
    login(page, base)

    page.goto(round_url(base, section, 2))
    said = page.get_by_test_id("earlier-open")
    expect(said).to_contain_text("Round 1 still has 1 result missing (board 2)")
    expect(page.get_by_role("button", name="Pair automatically")).to_have_count(0)
    expect(page.get_by_role("link", name="Pair by hand")).to_be_visible()
    assert fits(page)
    shot(page, "life-earlier-open")

    said.get_by_role("link", name="round 1's page").click()
    page.wait_for_url("**/r/1/")
    enter(page, section, 1, 2, "½-½")
    page.goto(round_url(base, section, 2))
    expect(page.get_by_role("button", name="Pair automatically")).to_be_visible()
    expect(page.get_by_test_id("earlier-open")).to_have_count(0)
