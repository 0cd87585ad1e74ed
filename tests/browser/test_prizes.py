"""The prize fund in a real browser: a TD enters the fund, the public prize page shows the pooled split."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from playwright.sync_api import expect

from tests.conftest import PASSWORD
from tests.standings.prize_builders import fund, prize_section
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)

SCREENSHOTS = Path(__file__).resolve().parents[2] / "var" / "screenshots"


def _shot(
    page: Any, request: pytest.FixtureRequest, name: str, *, full_page: bool = True
) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    viewport = request.node.callspec.params["page"]
    page.screenshot(
        path=str(SCREENSHOTS / f"prizes-{name}-{viewport}.png"), full_page=full_page
    )


def test_td_sets_a_fund_and_the_public_page_shows_the_pooled_split(
    live_server: Any,
    page: Any,
    request: pytest.FixtureRequest,
    td: User,
    tournament: Tournament,
) -> None:
    section = prize_section(tournament)
    kwargs = {"slug": tournament.slug, "section": section.pk}

    page.goto(f"{live_server.url}{reverse('login')}")
    page.get_by_label("Username").fill("td")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_load_state()

    page.goto(f"{live_server.url}{reverse('tournaments:prizes', kwargs=kwargs)}")
    # Three blank lines to start with; ask for three more (no JavaScript needed).
    page.get_by_role("button", name="Add 3 more lines").click()
    page.wait_for_load_state()
    lines = [
        ("1st", "1", "500", "Trophy", ""),
        ("2nd", "2", "200", "", ""),
        ("3rd", "3", "100", "", ""),
        ("U1600 1st", "1", "120", "", "1599"),
    ]
    for n, (label, places, cash, item, max_rating) in enumerate(lines):
        page.fill(f"#id_prizes-{n}-label", label)
        page.fill(f"#id_prizes-{n}-places", places)
        page.fill(f"#id_prizes-{n}-cash", cash)
        page.fill(f"#id_prizes-{n}-item", item)
        page.fill(f"#id_prizes-{n}-max_rating", max_rating)
    page.get_by_role("button", name="Save prize fund").click()
    # A click returns once the next page starts loading, and wait_for_load_state() then may
    # still see the form page: wait for the saved page's message, then for its load.
    expect(page.get_by_text("Prize fund saved: 4 prize lines.")).to_be_visible()
    page.wait_for_load_state()
    _shot(page, request, "td")
    # What the TD sees of the editor on the screen (a full phone page is too tall to judge).
    page.locator("#id_prizes-0-label").scroll_into_view_if_needed()
    _shot(page, request, "td-editor", full_page=False)
    # The editor fits a phone: nothing wider than the screen.
    assert page.evaluate(
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )

    page.get_by_role("link", name="See the prize list as players see it").click()
    pool = page.locator(".prize-pool", has_text="2nd-4th")
    # US Chess 34C: the three tied on 2 points share $200 + $100 + U1600 $120 = $420.
    expect(pool).to_contain_text(
        "2nd $200 + U1600 1st $120 + 3rd $100 = $420 / 3", use_inner_text=True
    )
    expect(pool.locator(".prize-share")).to_have_text(
        re.compile(r"^\$140\.00"), use_inner_text=True
    )
    for name in ("Cy Chen", "Ben Brandt", "Dee Diaz"):
        expect(pool.get_by_text(name)).to_be_visible()
    page.wait_for_load_state()  # the whole page laid out before its width is measured
    assert page.evaluate(
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )
    _shot(page, request, "public")


def test_public_page_shows_an_exclusive_prize_the_rest_and_a_playoff(
    live_server: Any, page: Any, request: pytest.FixtureRequest, tournament: Tournament
) -> None:
    # U1600 $300 is more than the equal share ($600 / 3): Dee takes it, Cy and Ben share $300.
    # A medal for 2nd, decided by a playoff Ben won against Cy.
    prizes = fund("300")
    prizes["prizes"][1]["item"] = "Medal"
    section = prize_section(
        tournament, prize_fund=prizes, playoffs=[{"players": [2, 3], "note": "G/5"}]
    )
    kwargs = {"slug": tournament.slug, "section": section.pk}
    page.goto(f"{live_server.url}{reverse('standings:prizes', kwargs=kwargs)}")
    exclusive = page.locator(".prize-pool-exclusive")
    rest = page.locator(".prize-pool-rest")
    assert "Dee Diaz" in exclusive.inner_text()
    assert exclusive.locator(".prize-share").inner_text().startswith("$300.00")
    assert rest.locator(".prize-share").inner_text().startswith("$150.00")
    assert page.get_by_text("by playoff, over #3 Cy Chen").is_visible()
    assert page.evaluate(
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )
    _shot(page, request, "public-exclusive")
