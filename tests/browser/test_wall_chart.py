"""The wall chart in a browser, phone and desktop: each game's colour on request (on screen and
on paper), and result links that fill their cells."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from tests.browser.conftest import SHOTS
from tests.browser.test_accessibility import serious_violations
from tests.tournaments.builders import section_build
from tournaments.demo import demo_tournament_create
from tournaments.models import Section, Tournament

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def section() -> Section:
    tournament, _ = demo_tournament_create()
    return tournament.sections.get(name="Open")


def _url(section: Section) -> str:
    return reverse(
        "standings:crosstable",
        kwargs={"slug": section.tournament.slug, "section": section.pk},
    )


def _viewport(page: Any) -> str:
    return "phone" if page.viewport_size["width"] < 500 else "desktop"


def test_the_reader_turns_colours_on_and_every_game_shows_w_or_b_on_screen_and_paper(
    live_server: Any, page: Any, section: Section
) -> None:
    page.goto(live_server.url + _url(section))
    assert page.locator(".wallchart .clr").count() == 0
    page.get_by_role("link", name="Colours w/b").click()
    page.wait_for_url("**colours=1*")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{_viewport(page)}_crosstable_colours.png"))
    games = page.locator(".wallchart td.rd a")
    colours = page.locator(".wallchart td.rd a .clr")
    assert games.count() > 50 and colours.count() == games.count()
    assert set(colours.all_inner_texts()) == {"w", "b"}
    # The first row's first game as a reader sees it: result, opponent, colour.
    first = games.first.inner_text()
    assert first[0] in "WLDXF" and first[-1] in "wb" and first[1:-1].isdigit()
    # The choice survives going to the order by number.
    page.get_by_role("link", name="By number").click()
    page.wait_for_url("**order=number*")
    assert page.locator(".wallchart td.rd a .clr").count() == games.count()
    # On paper: the same cells, the colour printed with them.
    page.emulate_media(media="print")
    page.screenshot(
        path=str(SHOTS / f"{_viewport(page)}_crosstable_colours_print.png"),
        full_page=True,
    )
    assert colours.first.is_visible()
    assert games.first.evaluate("a => getComputedStyle(a).display") == "inline"


def test_a_result_link_spans_its_cell_and_a_bye_cell_keeps_the_rows_height(
    live_server: Any, page: Any, section: Section
) -> None:
    page.goto(live_server.url + _url(section))
    links = page.locator(".wallchart td.rd a")
    for n in (0, 9, 40):
        link = links.nth(n)
        a = link.bounding_box()
        td = link.locator("xpath=..").bounding_box()
        assert a is not None and td is not None
        # The cell's whole width is the touch target (within rounding), a thumb's height tall.
        assert abs(a["width"] - td["width"]) <= 1.5 and a["x"] >= td["x"] - 1
        assert a["height"] >= 28 and a["width"] >= 36
        assert (
            td["y"] - 1 <= a["y"] and a["y"] + a["height"] <= td["y"] + td["height"] + 1
        )
    # A cell without a game (a bye, "U") is padded as a game's link is: on a desktop, where no
    # name wraps, every row is equally tall.
    if _viewport(page) == "desktop":
        assert page.locator(".wallchart td.rd:not(:has(a))").count() > 0
        heights = page.locator(".wallchart tbody tr").evaluate_all(
            "rows => rows.map(r => Math.round(r.getBoundingClientRect().height))"
        )
        assert max(heights) - min(heights) <= 1, sorted(set(heights))


def test_a_big_sections_page_links_leave_the_table_on_a_phones_first_screen(
    live_server: Any, page: Any, tournament: Tournament
) -> None:
    """400 players: eight wall-chart pages and four standings pages. On a phone each list of
    links is one row that swipes sideways, and the table starts on the first screen."""
    players = 400
    pairs = ", ".join(f"{2 * k + 1}-{2 * k + 2} 1-0" for k in range(players // 2))
    section = section_build(
        tournament=tournament,
        ratings=[2400 - n for n in range(players)],
        rounds=[pairs],
        rounds_total=5,
    )
    for kind in ("crosstable", "standings"):
        page.goto(
            live_server.url
            + reverse(
                f"standings:{kind}",
                kwargs={"slug": tournament.slug, "section": section.pk},
            )
        )
        links = page.locator(".paging-links")
        button = links.locator(".btn").first.bounding_box()
        box = links.bounding_box()
        assert button is not None and box is not None
        first_row = page.locator("tbody tr").first.bounding_box()
        assert first_row is not None
        if _viewport(page) == "phone":
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / f"phone_big_{kind}_first_screen.png"))
            assert box["height"] < 1.5 * button["height"]
            # The last page is reached by swiping the row, not lost.
            last = links.locator(".btn").last
            last.scroll_into_view_if_needed()
            assert last.is_visible()
        assert first_row["y"] + first_row["height"] <= page.viewport_size["height"]
        # The rows that swipe are reachable and named as before: axe finds nothing serious.
        assert serious_violations(page) == []
