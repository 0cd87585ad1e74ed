"""Rows that scroll sideways on a phone, without JavaScript: a section's tabs on a TD's page and
the public pages' round picker open at the current tab or round, not at the first one with the
current one off the screen."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import VIEWPORTS, fits
from tests.browser.test_round_page import SCREENSHOTS, log_in
from tests.tournaments.builders import section_build, tournament_build
from tournaments.demo import demo_tournament_create
from tournaments.models import Round, Section

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def phone_without_js(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(java_script_enabled=False, **VIEWPORTS["phone"])
    yield context.new_page()
    context.close()


@pytest.fixture
def section(db: Any) -> Section:
    tournament, _ = demo_tournament_create()
    return tournament.sections.get(name="Open")


@pytest.mark.parametrize(
    ("url_name", "tab"),
    [("section_edit", "Settings"), ("section_rating_report", "Rating report")],
)
def test_the_current_tab_is_on_the_screen_without_javascript(
    live_server: Any,
    phone_without_js: Page,
    section: Section,
    url_name: str,
    tab: str,
) -> None:
    page = phone_without_js
    director = User.objects.create_user("td", password="x")
    section.tournament.directors.add(director)
    log_in(page, live_server, director)
    page.goto(
        live_server.url
        + reverse(
            f"tournaments:{url_name}",
            kwargs={"slug": section.tournament.slug, "section": section.pk},
        )
    )
    current = page.locator(".section-tabs .nav-link.active")
    expect(current).to_have_text(tab)
    row = page.locator(".section-tabs")
    # The row is wider than the screen (it scrolls), and it opened at the current tab.
    assert row.evaluate("r => r.scrollWidth > r.clientWidth")
    box = current.bounding_box()
    assert box is not None
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    # Only the row moved: the page itself still starts at its top.
    assert page.evaluate("window.scrollY") == 0
    assert fits(page)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"td-tabs-no-js-{url_name}-phone.png"))


def test_the_public_round_picker_opens_at_the_current_round_without_javascript(
    live_server: Any, phone_without_js: Page
) -> None:
    page = phone_without_js
    tournament = tournament_build(name="Long Swiss", is_published=True)
    section = section_build(
        tournament=tournament,
        ratings=[2000, 1900, 1800, 1700],
        rounds=["1-2 1-0, 3-4 =", "3-1 0-1, 4-2 ="] * 6,
        rounds_total=12,
    )
    Round.objects.filter(section=section).update(status=Round.Status.COMPLETE)
    page.goto(
        live_server.url
        + reverse(
            "standings:standings",
            kwargs={"slug": tournament.slug, "section": section.pk},
        )
    )
    picker = page.locator(".round-picker").first
    assert picker.evaluate("r => r.scrollWidth > r.clientWidth")
    current = picker.locator('[aria-current="page"]')
    expect(current).to_have_text("12")
    box = current.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    assert page.evaluate("window.scrollY") == 0
    # Each round a 44 px target.
    assert box["width"] >= 44 and box["height"] >= 44
