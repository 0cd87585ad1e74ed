"""A player's morning in a real browser, on a phone and on a desktop: the tournament page (the QR
code's address), their board, the standings, the wall chart, their own page and why they are
placed where they are. Each page is saved as a screenshot in var/screenshots/ to be looked at."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from standings.reports import section_report
from tests.browser.conftest import SHOTS, fits
from tournaments.models import HallScreen, Section

pytestmark = pytest.mark.django_db(transaction=True)


def _shot(page: Any, name: str, request: pytest.FixtureRequest) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    viewport = request.node.callspec.params["page"]
    page.screenshot(path=str(SHOTS / f"public_{name}_{viewport}.png"), full_page=True)
    # What the visitor sees first, without scrolling.
    page.screenshot(path=str(SHOTS / f"public_{name}_{viewport}_top.png"))


def test_player_finds_board_standings_wall_chart_and_explanation(
    live_server: Any,
    page: Any,
    running_section: Section,
    request: pytest.FixtureRequest,
) -> None:
    tournament = running_section.tournament
    report = section_report(section=running_section)
    # A player tied on score with someone: the one whose place needs explaining.
    row = next(
        r
        for r in report.standings.rows
        if r.rank > 1
        and sum(1 for o in report.standings.rows if o.score == r.score) > 1
        and report.players[r.player.id].withdrawn_after_round is None
    )
    me = report.players[row.player.id]

    # 1. The QR code's address: the tournament page.
    page.goto(live_server.url + reverse("standings:tournament", args=[tournament.slug]))
    assert page.get_by_role("heading", name=tournament.name).is_visible()
    assert page.locator(".qr svg").count() == 1
    assert fits(page)
    _shot(page, "tournament", request)

    # 2. Find me: my board this round.
    page.get_by_role("link", name="Find me: my board and my place").click()
    page.get_by_label("Your name, start number or US Chess ID").fill(
        me.name.split()[-1]
    )
    page.get_by_role("button", name="Search").click()
    found = page.get_by_role("link", name=me.name).first
    expect(found).to_be_visible()  # the results page, not the form, in the screenshot
    _shot(page, "find_me", request)
    found.click()
    page.wait_for_url("**/me/**")
    card = page.locator(".next-game")
    assert card.is_visible()
    assert "Board" in card.inner_text() or "bye" in card.inner_text().lower()
    assert fits(page)
    _shot(page, "my_page", request)

    # 3. The pairings and the standings of the section.
    # A click returns once the next page starts loading, not when it has loaded: each check
    # waits for what it looks at, and the width is measured on the loaded page.
    page.get_by_role("link", name="Pairings", exact=True).click()
    expect(page.get_by_role("heading", name="By name")).to_be_visible()
    page.wait_for_load_state()
    assert fits(page)
    _shot(page, "pairings", request)
    page.get_by_role("link", name="Standings", exact=True).click()
    expect(
        page.get_by_role("heading", name="Standings after round 4 of 5")
    ).to_be_visible()
    name_cell = page.locator(".standings-table td.name", has_text=me.name)
    expect(name_cell).to_be_visible()
    page.wait_for_load_state()
    _shot(page, "standings", request)

    # 4. The wall chart scrolls sideways with the name column pinned.
    page.get_by_role("link", name="Wall chart", exact=True).click()
    scroller = page.locator(".wallchart-scroll")
    pinned = page.locator(".wallchart tbody .sticky-col").first
    total = page.locator(".wallchart tbody td.total").first
    expect(total).to_be_visible()
    page.wait_for_load_state()  # the wall chart laid out before anything is measured
    before = total.bounding_box()
    scrolled = scroller.evaluate("el => (el.scrollLeft = 400, el.scrollLeft)")
    page.wait_for_timeout(100)
    after, name, box = (
        total.bounding_box(),
        pinned.bounding_box(),
        scroller.bounding_box(),
    )
    assert before is not None and after is not None and name and box
    # The rounds move under the name, which stays at the left edge, readable.
    assert before["x"] - after["x"] == pytest.approx(scrolled, abs=1)
    if scrolled:
        assert name["x"] == pytest.approx(box["x"], abs=1)
    assert fits(page)  # the table scrolls inside its box, not the page
    _shot(page, "crosstable", request)

    # 5. My player page: why this place.
    page.goto(
        live_server.url
        + reverse(
            "standings:player",
            kwargs={
                "slug": tournament.slug,
                "section": running_section.pk,
                "number": me.start_number,
            },
        )
    )
    assert page.get_by_role("heading", name="Tiebreaks explained").is_visible()
    explanation = page.locator(".explained").first.inner_text()
    assert "Modified Median" in explanation
    assert page.locator("#tied + ul li").count() >= 1
    assert fits(page)
    # An opponent's "(16, 1764)" stays on one line: split, the rating read as a new row.
    ids = page.locator(".rounds-table .opponent-id")
    assert ids.count() >= 1
    assert all(
        n == 1 for n in ids.evaluate_all("es => es.map(e => e.getClientRects().length)")
    )
    _shot(page, "player", request)


def test_wall_chart_prints_on_landscape_paper(
    live_server: Any, browser: Any, running_section: Section
) -> None:
    """Printed for the wall: no navigation, all rounds on the page; saved as PDF to look at."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    url = reverse(
        "standings:crosstable",
        kwargs={"slug": running_section.tournament.slug, "section": running_section.pk},
    )
    page.goto(live_server.url + url)
    page.emulate_media(media="print")
    assert not page.locator("nav.site-header").is_visible()
    assert not page.locator(".round-picker").is_visible()
    assert page.locator(".print-title").is_visible()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "public_crosstable_print.png"), full_page=True)
    pdf = page.pdf(landscape=True, format="Letter", print_background=True)
    (SHOTS / "public_crosstable.pdf").write_bytes(pdf)
    assert pdf.startswith(b"%PDF")
    context.close()


# Every text the page label shows, in order, from the page's first script on: the rotation is
# read from this record, never from one look at a moment a slow machine may have missed.
RECORD_PAGE_LABELS = """
window.pageLabels = [];
new MutationObserver(() => {
  const label = document.querySelector('.screen-page-no');
  const text = label ? label.textContent : '';
  const seen = window.pageLabels;
  if (text && seen[seen.length - 1] !== text) seen.push(text);
}).observe(document, {childList: true, subtree: true, characterData: true});
"""


def test_hall_screen_rotates_its_pages(
    live_server: Any, browser: Any, running_section: Section
) -> None:
    screen = HallScreen.objects.create(
        tournament=running_section.tournament,
        name="Hall",
        section=running_section,
        content=HallScreen.Content.STANDINGS,
        seconds_per_page=1,
        rows_per_page=12,
    )
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    page.add_init_script(RECORD_PAGE_LABELS)
    page.goto(
        live_server.url
        + reverse(
            "standings:hall_screen",
            kwargs={"slug": running_section.tournament.slug, "screen": screen.pk},
        )
    )
    # Page 1 first, page 2 a second later, then page 1 again: waited for (however slow the
    # machine), not timed.
    page.wait_for_function("window.pageLabels.length >= 3", timeout=15_000)
    labels = page.evaluate("window.pageLabels")
    assert labels[:3] == ["page 1 of 2", "page 2 of 2", "page 1 of 2"]
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "public_hall_screen.png"))
    context.close()


def test_td_sets_a_screen_and_marks_the_section_final(
    live_server: Any,
    page: Any,
    running_section: Section,
    request: pytest.FixtureRequest,
) -> None:
    from django.contrib.auth.models import User

    from tests.conftest import PASSWORD

    tournament = running_section.tournament
    tournament.directors.add(User.objects.create_user("hall_td", password=PASSWORD))
    page.goto(live_server.url + reverse("login"))
    page.get_by_label("Username").fill("hall_td")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    # Wait for the login's redirect: a goto at once may cancel the response with the cookie.
    page.wait_for_url("**/td/")
    page.goto(live_server.url + reverse("tournaments:screens", args=[tournament.slug]))

    page.get_by_label("Name").last.fill("Door TV")
    page.get_by_label("Content").last.select_option("pairings_board")
    # Each submit returns once the next page starts loading: wait for its message.
    page.get_by_role("button", name="Add screen").click()
    expect(page.get_by_text("Screen Door TV added.")).to_be_visible()
    page.get_by_role("button", name="Mark results final").first.click()
    # Its last round still has results missing: asked first (test_screens_views.py).
    page.get_by_role("button", name="Mark Open final anyway").click()
    expect(page.get_by_text("Open: results marked final.")).to_be_visible()
    page.wait_for_load_state()
    assert fits(page)
    _shot(page, "td_screens", request)

    page.goto(
        live_server.url
        + reverse(
            "standings:standings",
            kwargs={"slug": tournament.slug, "section": running_section.pk},
        )
    )
    assert page.get_by_role("link", name="Standings CSV").is_visible()
