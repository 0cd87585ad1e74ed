"""Team standings in a real browser, phone and desktop: the demo's school teams (U1600) and the
whole event's club teams, reached from the tournament page. Screenshots in var/screenshots/."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.core.cache import cache
from django.urls import reverse

from tournaments.demo import demo_tournament_create
from tournaments.demo_teams import demo_team_tournament_create

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = Path(__file__).resolve().parents[2] / "var" / "screenshots"


@pytest.fixture(autouse=True)
def empty_cache() -> Iterator[None]:
    cache.clear()
    yield
    cache.clear()


def _shot(page: Any, name: str, request: pytest.FixtureRequest) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    viewport = request.node.callspec.params["page"]
    page.screenshot(path=str(SHOTS / f"teams_{name}_{viewport}.png"), full_page=True)


def test_school_team_standings_from_the_tournament_page(
    live_server: Any, page: Any, request: pytest.FixtureRequest
) -> None:
    tournament, _ = demo_tournament_create()
    page.goto(live_server.url + reverse("standings:tournament", args=[tournament.slug]))
    page.locator("#section-" + str(tournament.sections.get(name="U1600").pk)).locator(
        "xpath=ancestor::section"
    ).get_by_role("link", name="Teams").click()
    assert page.get_by_role(
        "heading", name="Team standings after round 5 of 5"
    ).is_visible()
    first = page.locator("table.team-standings tbody tr").first
    assert first.locator("td").first.inner_text() == "1"
    assert "1st place school trophy" in first.inner_text()
    assert page.evaluate(
        "document.documentElement.scrollWidth <= window.innerWidth + 1"
    )
    _shot(page, "section", request)

    page.goto(live_server.url + reverse("standings:tournament", args=[tournament.slug]))
    page.get_by_role("link", name="Team standings").click()
    assert page.get_by_role("heading", name="Team standings, whole event").is_visible()
    assert (
        "Club champions trophy"
        in page.locator("table.team-standings tbody").inner_text()
    )
    _shot(page, "event", request)


def test_team_league_standings_wall_chart_and_a_match(
    live_server: Any, page: Any, request: pytest.FixtureRequest
) -> None:
    league = demo_team_tournament_create()
    section = league.sections.get()
    page.goto(live_server.url + reverse("standings:tournament", args=[league.slug]))
    page.get_by_role("link", name="Teams").first.click()
    assert page.get_by_role(
        "heading", name="Team standings after round 5 of 5 · final"
    ).is_visible()
    first = page.locator("table.team-wallchart tbody tr").first
    assert "Team champions trophy" in first.inner_text()
    assert page.locator("table.board-standings").count() == 4
    _shot(page, "league", request)
    first.locator("td a").first.click()
    assert page.get_by_role("heading", name="Round 1, table").is_visible()
    assert page.locator("table.team-match tbody tr").count() == section.team_boards
    assert page.evaluate(
        "document.documentElement.scrollWidth <= window.innerWidth + 1"
    )
    _shot(page, "match", request)
