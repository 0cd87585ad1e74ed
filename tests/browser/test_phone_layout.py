"""The public pages on a 390 x 844 phone: what must be on the screen without scrolling, what stays
pinned, and touch targets big enough for a thumb (WCAG 2.2's 24 px minimum at the least)."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from tests.browser.conftest import SHOTS
from tournaments.demo import demo_tournament_create
from tournaments.models import Section

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def section() -> Section:
    tournament, _ = demo_tournament_create()
    return tournament.sections.get(name="Open")


def _url(name: str, section: Section) -> str:
    return reverse(
        f"standings:{name}",
        kwargs={"slug": section.tournament.slug, "section": section.pk},
    )


def _box(locator: Any) -> dict[str, float]:
    box = locator.bounding_box()
    assert box is not None
    return box  # type: ignore[no-any-return]


def test_phone_standings_show_rank_name_score_and_first_tiebreak_with_the_name_pinned(
    live_server: Any, phone: Any, section: Section
) -> None:
    phone.goto(live_server.url + _url("standings", section))
    SHOTS.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(SHOTS / "phone_standings_top.png"))
    header = phone.locator(".standings-table thead th")
    names = [t.strip() for t in header.all_inner_texts()]
    first_tb = names.index("Score") + 1
    width = phone.viewport_size["width"]
    for label in ("Rk", "Name", "Score", names[first_tb]):
        cell = header.nth(names.index(label))
        assert cell.is_visible(), label
        box = _box(cell)
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, label

    # Scrolled sideways to the last tiebreak, the name is still on the screen (pinned).
    name = phone.locator(".standings-table tbody tr").first.locator("td.name")
    assert name.evaluate("el => getComputedStyle(el).position") == "sticky"
    phone.evaluate("document.querySelector('.standings-scroll').scrollLeft = 10000")
    box = _box(name)
    assert box["x"] >= 0 and box["x"] + box["width"] <= width


def test_phone_tab_strip_shows_every_tab_as_a_touch_target(
    live_server: Any, phone: Any, section: Section
) -> None:
    phone.goto(live_server.url + _url("crosstable", section))
    width = phone.viewport_size["width"]
    tabs = phone.locator(".section-nav .nav-link")
    # The demo's Open is in the event's team group "Clubs", so "Event teams" is a tab too.
    assert [t.strip() for t in tabs.all_inner_texts()] == [
        "Pairings",
        "Standings",
        "Wall chart",
        "Prizes",
        "Event teams: Clubs",
        "Find me",
    ]
    for n in range(tabs.count()):
        box = _box(tabs.nth(n))
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, tabs.nth(
            n
        ).inner_text()
        assert box["height"] >= 44
    assert phone.get_by_role("link", name="Find me").is_visible()


def test_phone_wall_chart_result_links_are_touch_targets(
    live_server: Any, phone: Any, section: Section
) -> None:
    phone.goto(live_server.url + _url("crosstable", section))
    SHOTS.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(SHOTS / "phone_crosstable_top.png"))
    links = phone.locator(".wallchart td.rd a")
    assert links.count() > 50
    for n in (0, 7, 40):
        box = _box(links.nth(n))
        assert box["height"] >= 28 and box["width"] >= 36


@pytest.mark.parametrize("kind", ["standings", "crosstable"])
def test_column_headers_stay_in_sight_when_the_table_scrolls(
    live_server: Any, page: Any, section: Section, kind: str
) -> None:
    """Phone and desktop: scrolled down a long table, its header row is still at the top."""
    page.goto(live_server.url + _url(kind, section))
    box = ".standings-scroll" if kind == "standings" else ".wallchart-scroll"
    moved = page.evaluate(
        f"""() => {{
          const box = document.querySelector('{box}');
          box.scrollTop = 400;
          const th = box.querySelector('thead th.name');
          return {{scrolled: box.scrollTop,
                   gap: th.getBoundingClientRect().top - box.getBoundingClientRect().top}};
        }}"""
    )
    assert moved["scrolled"] > 0
    assert abs(moved["gap"]) < 2
