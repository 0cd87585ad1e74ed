"""A big section's paged tables on a phone and a desktop: "go to player" and the wall chart's
opponent links land on the player's row, in sight below the pinned header row and with it,
whatever the row's place on its page (its last rows, the last page). Before, a row near the end
of a page came up with the header row scrolled off the top of the screen, and an opponent on
another page of the wall chart was a link that went nowhere."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import Page

from standings.pages.paging import WALLCHART_ROWS
from tests.browser.conftest import SHOTS, fits
from tests.tournaments.builders import section_build, tournament_build
from tournaments.models import Round, Section

pytestmark = pytest.mark.django_db(transaction=True)

PLAYERS = 230  # five pages of 50, the last one of 30


@pytest.fixture
def big() -> Section:
    """230 players, two rounds played: in each the higher start number wins."""
    tournament = tournament_build(name="Big Wall Open", is_published=True)
    first = ", ".join(f"{2 * k + 1}-{2 * k + 2} 0-1" for k in range(PLAYERS // 2))
    # Round 2: 1 plays 116, 2 plays 117, ...: every game across the ranks of round 1.
    half = PLAYERS // 2
    second = ", ".join(f"{k}-{k + half} 1-0" for k in range(1, half + 1))
    return section_build(
        tournament=tournament,
        ratings=[2400 - n for n in range(PLAYERS)],
        rounds=[first, second],
        rounds_total=5,
    )


def _url(section: Section, name: str = "crosstable", **more: int) -> str:
    return reverse(
        f"standings:{name}",
        kwargs={"slug": section.tournament.slug, "section": section.pk, **more},
    )


def _shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    width = page.viewport_size["width"] if page.viewport_size else 0
    page.screenshot(path=str(SHOTS / f"{name}-{width}.png"))


# The row is on the screen just below the header row, and the header row is on the screen too
# (the column names: a row of numbers without them says nothing).
IN_SIGHT = """(n) => {
    const row = document.getElementById("n" + n).getBoundingClientRect();
    const head = document.getElementById("n" + n).closest("table").querySelector("thead th")
        .getBoundingClientRect();
    return head.top >= -1 && row.top >= head.bottom - 1 && row.bottom <= innerHeight + 1;
}"""


# Resolves once the page and the table's box have not moved for a few frames: the browser
# scrolls smoothly, and a row passes through the screen on its way.
SETTLED = """() => new Promise(done => {
    const box = document.querySelector(".wallchart-scroll, .standings-scroll, .pairings-scroll");
    let last = "", still = 0;
    function tick() {
        const now = scrollY + "/" + box.scrollTop;
        still = now === last ? still + 1 : 0;
        last = now;
        if (still >= 10) done(true); else requestAnimationFrame(tick);
    }
    requestAnimationFrame(tick);
})"""


def _in_sight(page: Page, number: int) -> bool:
    page.evaluate(SETTLED)
    return bool(page.evaluate(IN_SIGHT, number))


def _numbers(page: Page) -> list[int]:
    return [
        int(n)
        for n in page.eval_on_selector_all(
            "table tbody tr[id]", "rows => rows.map(r => r.id.slice(1))"
        )
    ]


def _go_to(page: Page, number: int) -> None:
    page.fill("#go-player", str(number))
    page.press("#go-player", "Enter")
    page.wait_for_url(f"**#n{number}")
    assert _in_sight(page, number)


def test_go_to_player_shows_a_row_at_the_end_of_a_page_and_of_the_last_page(
    live_server: Any, page: Page, big: Section
) -> None:
    page.goto(live_server.url + _url(big))
    ranked = _numbers(page)
    assert len(ranked) == WALLCHART_ROWS
    # The last row of page 1, then the last row of the last page, then one just before it.
    _go_to(page, ranked[-1])
    _shot(page, "big-wallchart-end-of-page")
    assert ranked[-1] in _numbers(page)
    page.goto(live_server.url + _url(big) + f"?page={-(-PLAYERS // WALLCHART_ROWS)}")
    last = _numbers(page)
    assert len(last) == PLAYERS % WALLCHART_ROWS
    page.goto(live_server.url + _url(big))
    _go_to(page, last[-1])
    _shot(page, "big-wallchart-last-page")
    assert _numbers(page) == last
    _go_to(page, last[-2])
    assert fits(page)


def test_an_opponent_on_another_page_is_one_tap_away(
    live_server: Any, page: Page, big: Section
) -> None:
    page.goto(live_server.url + _url(big))
    ranked = _numbers(page)
    # The last player of page 1 met, in round 2, a player ranked on a later page.
    cell = page.locator(f"#n{ranked[-1]} td.rd a").nth(1)
    opponent = int(cell.inner_text()[1:])
    assert opponent not in ranked
    cell.click()
    page.wait_for_url(f"**page=*#n{opponent}")
    assert _in_sight(page, opponent)
    _shot(page, "big-wallchart-opponent")


@pytest.mark.parametrize("name", ["standings", "entries"])
def test_go_to_player_shows_the_last_row_of_a_page_of_the_standings_and_starting_list(
    live_server: Any, page: Page, big: Section, name: str
) -> None:
    page.goto(live_server.url + _url(big, name))
    rows = _numbers(page)
    assert len(rows) == 100
    assert fits(page)
    _shot(page, f"big-{name}-top")
    _go_to(page, rows[-1])
    _shot(page, f"big-{name}-end-of-page")


def test_go_to_player_shows_the_last_boards_of_a_page_of_the_pairings(
    live_server: Any, page: Page, big: Section
) -> None:
    # The pairings' boards scroll in a box under their pinned header row as the standings do:
    # a player on the last boards of a page (and of the last page) came up with the header row
    # scrolled off the top of the screen.
    Round.objects.filter(section=big).update(status=Round.Status.COMPLETE)
    url = live_server.url + _url(big, "pairings", number=2)
    page.goto(url)
    seats = page.eval_on_selector_all(
        ".pairings-table tbody td[id]", "cells => cells.map(c => +c.id.slice(1))"
    )
    assert len(seats) == 2 * 100
    _go_to(page, seats[-1])
    _shot(page, "big-pairings-end-of-page")
    page.goto(url + "?page=2")
    last = page.eval_on_selector_all(
        ".pairings-table tbody td[id]", "cells => cells.map(c => +c.id.slice(1))"
    )
    assert len(last) == PLAYERS - 2 * 100
    page.goto(url)
    _go_to(page, last[-1])
    _shot(page, "big-pairings-last-page")
    _go_to(page, last[-3])
    assert fits(page)
