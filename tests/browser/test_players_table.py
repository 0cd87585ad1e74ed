"""The TD's players table of a 60-player section, on a phone and on a desktop: many players on
one screen, each name whole and a 44 px target that opens the player's page."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from playwright.sync_api import Page, expect

from tests.browser.conftest import fits
from tests.browser.test_round_page import SCREENSHOTS, log_in, shot
from tests.tournaments.builders import section_build, tournament_build
from tournaments import services
from tournaments.models import Player, RequestedBye, Section

pytestmark = pytest.mark.django_db(transaction=True)

FIRST = [
    "Grace",
    "Samuel",
    "Ravi",
    "Megan",
    "Yuki",
    "Fatima",
    "Kevin",
    "Chris",
    "Aisha",
    "Ben",
]
LAST = ["Liu", "Adeyemi", "Venkatesh", "O'Brien", "Tanaka", "Haddad"]
LONGEST = "Alexandra Nakamura-Whitfield"
# How many players one screen shows at least (the rows or tiles whole inside the viewport):
# 17 on a phone when each was a row of 44 px.
ON_ONE_SCREEN = {"phone": 30, "desktop": 20}


@pytest.fixture
def sixty(db: Any) -> Section:
    """60 players, rated 2400 down: a grandmaster, a requested bye, one withdrawn, a long name."""
    names = [f"{FIRST[n % 10]} {LAST[n // 10]}" for n in range(60)]
    names[7] = LONGEST
    section = section_build(
        tournament=tournament_build(name="Chicago Open", is_published=True),
        ratings=[2400 - 20 * n for n in range(59)] + [None],
        rounds=[],
        rounds_total=5,
        names=names,
    )
    Player.objects.filter(section=section, start_number=1).update(title="GM")
    players = {p.start_number: p for p in section.players.all()}
    services.player_byes_request(player=players[3], byes={3: "half", 4: "full"})
    services.player_withdraw(player=players[6], after_round=0)
    return section


def open_players(page: Page, live_server: Any, section: Section) -> None:
    director = User.objects.create_user("td", password="x")
    section.tournament.directors.add(director)
    log_in(page, live_server, director)
    page.goto(
        live_server.url
        + reverse(
            "tournaments:section_detail",
            kwargs={"slug": section.tournament.slug, "section": section.pk},
        )
    )


def viewport(page: Page) -> str:
    size = page.viewport_size
    assert size is not None
    return "phone" if size["width"] < 600 else "desktop"


def test_one_screen_shows_many_players_each_name_whole(
    live_server: Any, page: Page, sixty: Section
) -> None:
    open_players(page, live_server, sixty)
    rows = page.locator(".players-table tbody tr")
    expect(rows).to_have_count(60)
    # The table's first line at the top of the screen: how many players are wholly on it.
    rows.first.evaluate(
        "tr => tr.scrollIntoView({block: 'start', behavior: 'instant'})"
    )
    shown = page.evaluate(
        """() => [...document.querySelectorAll('.players-table tbody tr')].filter(tr => {
             const r = tr.getBoundingClientRect();
             return r.top >= 0 && r.bottom <= window.innerHeight; }).length"""
    )
    print(viewport(page), "players on one screen:", shown)
    assert shown >= ON_ONE_SCREEN[viewport(page)], shown
    # No name ends cut at its edge: a long one wraps.
    cut = page.evaluate(
        """() => [...document.querySelectorAll('.players-table .name-cell a')]
             .filter(a => a.scrollWidth > a.clientWidth + 1).map(a => a.textContent)"""
    )
    assert cut == []
    expect(page.get_by_role("link", name=LONGEST)).to_be_visible()
    assert fits(page)
    shot(page, "td-players-sixty")


def test_a_tap_anywhere_on_a_players_tile_opens_the_player(
    live_server: Any, phone: Page, sixty: Section
) -> None:
    open_players(phone, live_server, sixty)
    tile = phone.locator(".players-table tbody tr").nth(36)
    link = tile.get_by_role("link")
    box = link.bounding_box()
    assert box is not None and box["width"] >= 44 and box["height"] >= 44
    # The rating, off the name, still opens the player: the tile is the target.
    tile.scroll_into_view_if_needed()
    rating = tile.locator("td").nth(2).bounding_box()
    assert rating is not None
    phone.touchscreen.tap(
        rating["x"] + rating["width"] / 2, rating["y"] + rating["height"] / 2
    )
    phone.wait_for_url("**/players/37/")


def test_a_tds_eye_finds_each_start_number_on_a_phone(
    live_server: Any, phone: Page, sixty: Section
) -> None:
    open_players(phone, live_server, sixty)
    numbers = phone.locator(".players-table tbody td:first-child")
    expect(numbers).to_have_count(60)
    # Bold and in the text's colour (it was small and grey beside a black rating).
    style = numbers.nth(10).evaluate(
        "e => [getComputedStyle(e).fontWeight, getComputedStyle(e).color]"
    )
    assert int(style[0]) >= 600
    assert style[1] == phone.locator("main").evaluate("e => getComputedStyle(e).color")
    boxes = [numbers.nth(n).bounding_box() for n in range(60)]
    assert all(boxes)
    top = [round(b["y"] + b["height"] / 2) for b in boxes if b]
    left = [round(b["x"]) for b in boxes if b]
    right = [round(b["x"] + b["width"]) for b in boxes if b]
    # Down, then across, in blocks of ten lines: 1-10 down the left, 11-20 down the right
    # beside them, then 21-30 and 31-40 under them (it read across: 1 2 / 3 4).
    for block in range(0, 60, 20):
        first, second = range(block, block + 10), range(block + 10, block + 20)
        assert all(top[k + 1] > top[k] for k in first[:-1])
        assert all(top[k + 1] > top[k] for k in second[:-1])
        for k in first:
            assert abs(top[k + 10] - top[k]) <= 12 and left[k + 10] > right[k]
        if block:
            assert top[block] > top[block - 11]  # 21 under 10, not beside it
    # Each column's numbers end at one edge, "9" over "11".
    assert len({right[k] for k in range(60) if k % 20 < 10}) == 1
    assert len({right[k] for k in range(60) if k % 20 >= 10}) == 1
    shot(phone, "td-players-numbers")


def test_a_given_byes_reason_shows_on_a_phones_tile(
    live_server: Any, phone: Page, sixty: Section
) -> None:
    player = sixty.players.get(start_number=4)
    RequestedBye.objects.create(
        player=player, round_number=2, kind="zero", reason="not_checked_in"
    )
    open_players(phone, live_server, sixty)
    tile = phone.locator(".players-table tbody tr").nth(3)
    reason = tile.locator("span", has_text="R2\u00a0U no check-in")
    # Read on the tile itself (it was only a title, which a phone never shows), whole.
    expect(reason).to_be_visible()
    box, frame = reason.bounding_box(), tile.bounding_box()
    assert box and frame
    assert (
        box["x"] >= frame["x"]
        and box["x"] + box["width"] <= frame["x"] + frame["width"]
    )
    # It takes a line under the name, which stays whole ("Mega" over "n Liu" beside it).
    name_lines = tile.get_by_role("link").evaluate(
        """a => { const r = document.createRange(); r.selectNodeContents(a);
                  return new Set([...r.getClientRects()].map(c => Math.round(c.top))).size; }"""
    )
    assert name_lines == 1
    assert fits(phone)
    # The tile and its neighbours, as the TD sees them.
    tile.evaluate("tr => tr.scrollIntoView({block: 'center', behavior: 'instant'})")
    frame = tile.bounding_box()
    assert frame
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    phone.screenshot(
        path=str(SCREENSHOTS / "td-players-given-bye-phone.png"),
        clip={"x": 0, "y": frame["y"] - 120, "width": 390, "height": 300},
    )


def test_ten_players_or_fewer_take_the_phones_whole_width(
    live_server: Any, phone: Page, db: Any
) -> None:
    section = section_build(
        tournament=tournament_build(name="Thursday Night Swiss"),
        ratings=[2000 - 40 * n for n in range(10)],
        rounds=[],
        rounds_total=4,
        names=[f"{FIRST[n]} {LAST[n % 6]}" for n in range(10)],
    )
    open_players(phone, live_server, section)
    tiles = phone.locator(".players-table tbody tr")
    expect(tiles).to_have_count(10)
    size = phone.viewport_size
    assert size is not None
    # One column, the screen's width: they stood in the left half beside an empty column,
    # "Samuel" over "Adeyemi".
    for n in range(10):
        box = tiles.nth(n).bounding_box()
        assert box is not None and box["width"] > 0.9 * size["width"] - 24
        lines = (
            tiles.nth(n)
            .get_by_role("link")
            .evaluate(
                """a => { const r = document.createRange(); r.selectNodeContents(a);
                      return new Set([...r.getClientRects()].map(c => Math.round(c.top))).size; }"""
            )
        )
        assert lines == 1
    assert fits(phone)
    shot(phone, "td-players-ten")
