"""The pairing options page in a real browser: a TD posts board 1's colour and a do-not-pair
list before the event."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from playwright.sync_api import expect

from tests.conftest import PASSWORD
from tests.tournaments.builders import section_build
from tournaments.models import Section, Tournament

pytestmark = pytest.mark.django_db(transaction=True)

SCREENSHOTS = Path(__file__).resolve().parents[2] / "var" / "screenshots"


def test_td_posts_board_one_colour_and_players_kept_apart_and_the_tab_shows_them(
    live_server: Any,
    page: Any,
    request: pytest.FixtureRequest,
    td: User,
    tournament: Tournament,
) -> None:
    section = section_build(
        ratings=[2200, 2100, 2000, 1900],
        rounds=[],
        rounds_total=4,
        tournament=tournament,
        name="Championship",
    )
    url = reverse(
        "tournaments:section_pairing_options",
        kwargs={"slug": tournament.slug, "section": section.pk},
    )
    page.goto(f"{live_server.url}{reverse('login')}")
    page.get_by_label("Username").fill("td")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    # A click returns once the next page starts loading: wait for the login's redirect, or the
    # goto below may cancel the response that sets the session cookie.
    page.wait_for_url("**/td/")

    page.goto(f"{live_server.url}{url}")
    page.get_by_label("Board 1 colour in round 1").select_option("black")
    page.get_by_label("Rating given to unrated players").fill("1200")
    page.get_by_label("Never pair these players").fill("3-1, 2 4")
    page.get_by_role("button", name="Save pairing options").click()
    # wait_for_load_state() right after a click can still see the form page (the next one has
    # not started loading): each check waits for what it looks at on the saved page.
    expect(page.get_by_text("Pairing options saved for Championship.")).to_be_visible()
    expect(page.get_by_label("Board 1 colour in round 1")).to_have_value("black")
    expect(page.get_by_label("Never pair these players")).to_have_value("1-3, 2-4")
    expect(page.get_by_role("link", name="Pairing")).to_have_attribute(
        "aria-current", "page"
    )
    page.wait_for_load_state()  # the whole page laid out before its width is measured
    # The form fits a phone: nothing wider than the screen.
    assert page.evaluate(
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    viewport = request.node.callspec.params["page"]
    page.screenshot(
        path=str(SCREENSHOTS / f"pairing-options-{viewport}.png"), full_page=True
    )
    stored = Section.objects.get(pk=section.pk).pairing_options
    assert stored["unrated_rating"] == 1200
    assert stored["do_not_pair"] == [[1, 3], [2, 4]]
