"""The public home page in a real browser, on a desktop and on a phone."""

from __future__ import annotations

from typing import Any

import pytest

from tests.tournaments.builders import tournament_build
from tournaments.models import Section

pytestmark = pytest.mark.django_db(transaction=True)


def test_visitor_sees_the_tournaments_and_the_page_fits_the_screen(
    live_server: Any, page: Any
) -> None:
    spring = tournament_build(
        name="Riverside Spring Open", location="Springfield, IL", is_published=True
    )
    Section.objects.create(tournament=spring, name="Open", rounds_total=5)

    page.goto(live_server.url)

    assert page.get_by_role("heading", name="Riverside Spring Open").is_visible()
    assert page.get_by_text("Open (5 rounds)").is_visible()
    # Nothing wider than the screen: no sideways scrolling on a phone.
    assert page.evaluate(
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )


def test_td_login_link_leads_to_the_login_form(live_server: Any, page: Any) -> None:
    page.goto(live_server.url)
    page.get_by_role("link", name="TD login").click()
    page.wait_for_url("**/accounts/login/**")
    assert page.get_by_label("Username").is_visible()
