"""TD pages as a director sees them on a phone and on a desktop, in the demo's running event:
nothing widens the page (no sideways scrolling of the whole page) and no player's name is cut.

Each page is saved as a screenshot in var/screenshots/ to be looked at.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from playwright.sync_api import Page, expect

from tests.browser.test_round_page import log_in, shot
from tournaments.demo import (
    demo_directors_set,
    demo_live_tournament_create,
    demo_tournament_create,
)
from tournaments.models import Section

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def live_section(db: Any) -> Section:
    """The demo's Thursday Night Swiss: round 3 posted, two results in, the rest missing."""
    return demo_live_tournament_create().sections.get(name="Open")


@pytest.fixture
def td(live_section: Section) -> User:
    user = User.objects.create_user("td", password="x")
    demo_directors_set(user)
    return user


def fits(page: Page) -> bool:
    """The page is no wider than the screen. Measured against the viewport's own width: a phone
    browser widens its layout viewport (window.innerWidth) to a page that overflows."""
    size = page.viewport_size
    assert size is not None
    return bool(page.evaluate("document.documentElement.scrollWidth") <= size["width"])


@pytest.fixture
def spring_open(td: User) -> Section:
    """The demo's finished Spring Open, Open section (5 rounds), ``td`` one of its directors."""
    tournament, _ = demo_tournament_create()
    demo_directors_set(td)
    return tournament.sections.get(name="Open")


def visit(
    page: Page, live_server: Any, td: User, section: Section, name: str, **kw: Any
) -> None:
    """Open the section's TD page ``name`` as the logged-in ``td``."""
    log_in(page, live_server, td)
    path = reverse(
        f"tournaments:{name}",
        kwargs={"slug": section.tournament.slug, "section": section.pk, **kw},
    )
    page.goto(live_server.url + path)


def test_round_history_fits_the_screen(
    live_server: Any, page: Page, live_section: Section, td: User
) -> None:
    visit(page, live_server, td, live_section, "round_history", number=3)
    history = page.get_by_test_id("history")
    # "Not yet played → 1-0": the old result wraps, the arrow stays with the new one.
    expect(history.locator("tbody tr").first.locator(".now")).to_be_visible()
    assert fits(page)
    shot(page, "td-fit-round-history")


def test_pairing_form_shows_each_name_whole(
    live_server: Any, page: Page, live_section: Section, td: User
) -> None:
    visit(page, live_server, td, live_section, "round_pairings", number=3)
    names = page.locator(".pairing-entry .who")
    expect(names.first).to_have_text("Grace Liu (2017)")
    # A name too long for its column wraps to a second line instead of ending in "…".
    cut = page.evaluate(
        """() => [...document.querySelectorAll('.pairing-entry .who')]
             .filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.textContent)"""
    )
    assert cut == []
    assert fits(page)
    shot(page, "td-fit-round-pairings")


def test_team_scoring_help_wraps_inside_the_screen(
    live_server: Any, page: Page, live_section: Section, td: User
) -> None:
    visit(page, live_server, td, live_section, "section_team_scoring")
    expect(page.get_by_text("Comma-separated: team_points")).to_be_visible()
    assert fits(page)
    shot(page, "td-fit-team-scoring")


def test_section_tabs_are_all_on_the_screen_as_touch_targets(
    live_server: Any, page: Page, live_section: Section, td: User
) -> None:
    visit(page, live_server, td, live_section, "prizes")
    size = page.viewport_size
    assert size is not None
    tabs = page.locator(".section-tabs .nav-link")
    assert tabs.all_inner_texts() == [
        "Players",
        "Tiebreaks",
        "Pairing",
        "Schedule",
        "Check-in",
        "Prizes",
        "Teams",
        "Rating report",
        "Settings",
    ]
    # None cut at the screen's edge (on a phone they wrap), the current one included.
    for n in range(tabs.count()):
        box = tabs.nth(n).bounding_box()
        assert box is not None
        assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"]
        assert box["height"] >= 44, tabs.nth(n).inner_text()
    expect(page.locator(".section-tabs .nav-link.active")).to_have_text("Prizes")
    assert fits(page)
    shot(page, "td-fit-section-tabs")


@pytest.mark.parametrize(
    ("name", "kw"), [("section_tiebreaks", {}), ("round_detail", {"number": 3})]
)
def test_disclosures_open_with_a_thumb(
    live_server: Any,
    page: Page,
    live_section: Section,
    td: User,
    name: str,
    kw: dict[str, Any],
) -> None:
    visit(page, live_server, td, live_section, name, **kw)
    summaries = page.locator("main summary")
    # The tiebreak page: presets, each system's options, the glossary; the round: its notes.
    assert summaries.count() >= (2 if name == "section_tiebreaks" else 1)
    short = []
    for n in range(summaries.count()):
        box = summaries.nth(n).bounding_box()
        assert box is not None
        if box["height"] < 44:
            short.append((summaries.nth(n).inner_text(), box["height"]))
    assert short == []
    shot(page, f"td-fit-{name}")


def test_hall_screens_page_leads_back_to_the_tournament(
    live_server: Any, page: Page, live_section: Section, td: User
) -> None:
    log_in(page, live_server, td)
    tournament = live_section.tournament
    page.goto(live_server.url + reverse("tournaments:screens", args=[tournament.slug]))
    crumbs = page.get_by_role("navigation", name="breadcrumb")
    expect(crumbs.get_by_role("link", name="My tournaments")).to_be_visible()
    crumbs.get_by_role("link", name=tournament.name).click()
    page.wait_for_url(
        live_server.url
        + reverse("tournaments:tournament_detail", args=[tournament.slug])
    )
    shot(page, "td-fit-screens-back")


def test_dashboard_shows_every_column_of_a_section_row(
    live_server: Any, page: Page, live_section: Section, td: User
) -> None:
    log_in(page, live_server, td)
    page.goto(live_server.url + reverse("tournaments:dashboard"))
    expect(page.get_by_role("cell", name="2/5")).to_be_visible()
    # Headers wrap rather than push "Results in" past the card's edge, where its figures
    # showed cut ("16/1") behind a sideways scroll.
    hidden = page.evaluate(
        """() => [...document.querySelectorAll('main .table-responsive')]
             .filter(e => e.scrollWidth > e.clientWidth).length"""
    )
    assert hidden == 0
    assert fits(page)
    shot(page, "td-fit-dashboard")


def test_section_log_with_a_posted_order_fits_the_screen(
    live_server: Any, page: Page, td: User, spring_open: Section
) -> None:
    # The finished Spring Open's log quotes the order posted with round 1's pairings, one long
    # comma-separated word ("modified_median,solkoff,...") that must wrap.
    visit(page, live_server, td, spring_open, "round_history", number=5)
    expect(page.get_by_test_id("section-log")).to_contain_text("modified_median,")
    assert fits(page)
    shot(page, "td-fit-section-log")


def test_every_round_link_is_on_the_screen_as_a_touch_target(
    live_server: Any, page: Page, td: User, spring_open: Section
) -> None:
    visit(page, live_server, td, spring_open, "round_detail", number=5)
    size = page.viewport_size
    assert size is not None
    rounds = page.locator(".rounds-list .nav-link")
    expect(rounds).to_have_count(5)
    expect(page.locator(".rounds-list .nav-link.active")).to_contain_text("Round 5")
    for n in range(5):
        box = rounds.nth(n).bounding_box()
        assert box is not None
        assert box["x"] + box["width"] <= size["width"], rounds.nth(n).inner_text()
        assert box["height"] >= 44
    shot(page, "td-fit-rounds-list")
