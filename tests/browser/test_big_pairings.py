"""The pairings of a 1,200-player section (600 boards) on a 390 x 844 phone and a desktop: a
hundred boards a page with every page linked, the column headers pinned, "go to player N" and
"find a name" landing on the player's row in sight, and the live refresh of that page still
bringing a result in without moving the reader."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.core.cache import cache
from django.urls import reverse

from tests.browser.conftest import SHOTS
from tests.tournaments.builders import section_build, tournament_build
from tournaments.models import Pairing, Result, Round, Section

pytestmark = pytest.mark.django_db(transaction=True)

PLAYERS = 1200


@pytest.fixture(autouse=True)
def empty_cache(settings: Any) -> Iterator[None]:
    settings.PUBLIC_PAGES_FRESH_SECONDS = 0
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def big() -> Section:
    """Round 1 of 1,200 players paired, no result in yet."""
    pairs = ", ".join(f"{2 * k + 1}-{2 * k + 2} ?" for k in range(PLAYERS // 2))
    section = section_build(
        tournament=tournament_build(is_published=True),
        ratings=[2600 - n for n in range(PLAYERS)],
        names=[f"Name{n:04d}, Ann" for n in range(1, PLAYERS + 1)],
        rounds=[pairs],
        rounds_total=9,
    )
    Round.objects.filter(section=section).update(status=Round.Status.PAIRED)
    return section


def _path(section: Section) -> str:
    return reverse(
        "standings:pairings",
        kwargs={"slug": section.tournament.slug, "section": section.pk, "number": 1},
    )


def _in_sight(page: Any, selector: str) -> bool:
    return bool(
        page.evaluate(
            """(sel) => {
              const r = document.querySelector(sel).getBoundingClientRect();
              const box = document.querySelector(sel).closest('.pairings-scroll').getBoundingClientRect();
              return r.top >= Math.max(0, box.top) - 1 && r.bottom <= Math.min(innerHeight, box.bottom) + 1;
            }""",
            selector,
        )
    )


def test_big_pairings_come_in_pages_with_headers_pinned_and_players_found(
    live_server: Any, page: Any, big: Section
) -> None:
    path = _path(big)
    page.goto(live_server.url + path)
    boards_nav = page.locator('nav[aria-label="Pages of boards"] a')
    assert boards_nav.count() == 6
    assert page.locator('nav[aria-label="Pages of names"] a').count() == 12
    assert page.locator(".pairings-table tbody tr").count() == 100
    wide = page.viewport_size["width"]
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"big-pairings-{wide}.png"))

    # Scrolled down the boards, their header row stays at the top of the box.
    moved = page.evaluate(
        """() => {
          const box = document.querySelector('.pairings-scroll');
          box.scrollTop = 600;
          const th = box.querySelector('thead th');
          return {scrolled: box.scrollTop,
                  gap: th.getBoundingClientRect().top - box.getBoundingClientRect().top};
        }"""
    )
    assert moved["scrolled"] > 0 and abs(moved["gap"]) < 2

    # Go to player 1111 (black on board 556): page 6, that row in sight.
    page.fill("#go-player", "1111")
    page.click("#go-player ~ button")
    page.wait_for_url("**?page=6#n1111")
    assert page.locator("#n1111").is_visible() and _in_sight(page, "#n1111")
    page.screenshot(path=str(SHOTS / f"big-pairings-player-{wide}.png"))

    # Find a name, in any order and case: page 5, that row.
    page.fill("#find-name", "ann name0950")
    page.click("#find-name ~ button")
    page.wait_for_url("**?page=5#n950")
    assert _in_sight(page, "#n950")


def test_big_pairings_page_refreshes_itself_in_place(
    live_server: Any, page: Any, big: Section
) -> None:
    path = _path(big) + "?page=6"
    page.clock.install()
    page.goto(live_server.url + path + "#n1111")
    region = page.locator("#live")
    assert region.get_attribute("data-live-url") == path
    page.evaluate(
        """() => {
          document.querySelector('#n1111').closest('tr').keptMark = 'yes';
        }"""
    )
    # The jump to the row settles once the page has laid out; the reader is there then.
    page.wait_for_load_state("load")
    page.wait_for_timeout(500)
    page.evaluate(
        "window.boxTop = document.querySelector('.pairings-scroll').scrollTop"
    )
    y = page.evaluate("Math.round(scrollY)")
    assert y > 0 and page.evaluate("window.boxTop") > 0
    board = Pairing.objects.get(round__section=big, board=556)
    board.result = Result.BLACK_WIN
    board.save(update_fields=["result"])
    with page.expect_response(lambda r: r.url.endswith(path)) as answer:
        page.clock.run_for(31_000)
    assert answer.value.status == 200
    row = page.locator("#n1111").locator("xpath=..")
    row.locator("td.num-center", has_text="0-1").wait_for()
    assert page.evaluate("document.querySelector('#n1111').closest('tr').keptMark") == (
        "yes"
    )
    assert page.evaluate("Math.round(scrollY)") == y
    assert page.evaluate(
        "document.querySelector('.pairings-scroll').scrollTop === window.boxTop"
    )
