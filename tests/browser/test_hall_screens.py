"""Hall screens on the TVs a hall has (16:9 at 1920x1080, 1366x768 and 1280x720): every line of
every page is on the screen, whole; a list shared by several screens; the TD's lines per page;
the last results, the clock, the countdown and the message line."""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from typing import Any
from unittest import mock
from zoneinfo import ZoneInfo

import pytest
from django.test import override_settings
from django.urls import reverse
from playwright.sync_api import Browser

from tests.browser.conftest import SHOTS
from tests.tournaments.builders import section_build
from tournaments.models import (
    HallScreen,
    Pairing,
    Result,
    ResultChange,
    Section,
    Tournament,
)

pytestmark = pytest.mark.django_db(transaction=True)

TVS = [(1920, 1080), (1366, 768), (1280, 720)]
PLAYERS = 120  # 60 boards: several pages on any TV


@pytest.fixture
def section(tournament: Tournament) -> Section:
    """Round 1 played, round 2 posted with five results in, entered one after the other."""
    numbers = list(range(1, PLAYERS + 1))
    played = ", ".join(
        f"{numbers[2 * k]}-{numbers[2 * k + 1]} 1-0" for k in range(PLAYERS // 2)
    )
    running = ", ".join(
        f"{numbers[k]}-{numbers[PLAYERS - 1 - k]} ?" for k in range(PLAYERS // 2)
    )
    section = section_build(
        tournament=tournament,
        ratings=[2400 - n for n in range(PLAYERS)],
        rounds=[played, running],
        rounds_total=5,
        names=[f"Longname-Of-The-Family{n:03d}, Player{n:03d}" for n in numbers],
    )
    boards = Pairing.objects.filter(round__section=section, round__number=2)
    for board in (7, 3, 12, 1, 30):
        pairing = boards.get(board=board)
        pairing.result = Result.DRAW
        pairing.save(update_fields=["result"])
        ResultChange.objects.create(
            pairing=pairing,
            round=pairing.round,
            board=board,
            old_result=Result.PENDING,
            new_result=Result.DRAW,
        )
    return section


def _screen(section: Section, content: str, **fields: Any) -> HallScreen:
    return HallScreen.objects.create(
        tournament=section.tournament,
        name=f"{content} {len(fields)} {HallScreen.objects.count()}",
        section=section,
        content=content,
        **fields,
    )


@pytest.fixture
def tv(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Any]:
    width, height = request.param
    context = browser.new_context(viewport={"width": width, "height": height})
    yield context.new_page()
    context.close()


def _open(tv: Any, live_server: Any, screen: HallScreen) -> None:
    tv.goto(
        live_server.url
        + reverse("standings:hall_screen", args=[screen.tournament.slug, screen.pk])
    )
    tv.wait_for_function("window.hallScreen && window.hallScreen.pages() > 0")


# Each page in turn: the lines it shows, each checked to lie wholly inside the window.
PAGES = """() => {
  const out = [];
  const rows = [...document.querySelectorAll('.screen-list > tbody > tr, .screen-list > li')];
  for (let i = 0; i < window.hallScreen.pages(); i++) {
    window.hallScreen.show(i);
    const shown = rows.filter(r => !r.hidden);
    const cut = shown.filter(r => {
      const b = r.getBoundingClientRect();
      return b.top < 0 || b.bottom > window.innerHeight + 0.5 || b.right > window.innerWidth + 0.5 || b.height === 0;
    });
    out.push({lines: shown.map(r => r.innerText.trim()), cut: cut.length});
  }
  return {pages: out, total: rows.length};
}"""


def _all_pages(tv: Any) -> tuple[list[dict[str, Any]], int]:
    result = tv.evaluate(PAGES)
    return result["pages"], result["total"]


@pytest.mark.parametrize("tv", TVS, indirect=True, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize(
    "content",
    [
        HallScreen.Content.PAIRINGS_BY_BOARD,
        HallScreen.Content.PAIRINGS_BY_NAME,
        HallScreen.Content.STANDINGS,
    ],
)
def test_every_line_of_every_page_shows_on_a_16_9_tv(
    live_server: Any, tv: Any, section: Section, content: str
) -> None:
    screen = _screen(section, content)
    _open(tv, live_server, screen)
    SHOTS.mkdir(parents=True, exist_ok=True)
    size = tv.viewport_size
    tv.screenshot(
        path=str(SHOTS / f"hall_{content}_{size['width']}x{size['height']}.png")
    )
    pages, total = _all_pages(tv)
    assert total == (PLAYERS if content != "pairings_board" else PLAYERS // 2)
    assert len(pages) > 1
    assert all(p["cut"] == 0 for p in pages)
    shown = [line for p in pages for line in p["lines"]]
    assert len(shown) == total and len(set(shown)) == total  # each line once
    if content == "pairings_board":
        assert any(line.startswith("60") for line in pages[-1]["lines"])


@pytest.mark.parametrize("tv", [(1366, 768)], indirect=True, ids=["1366x768"])
def test_td_lines_per_page_make_the_type_fit(
    live_server: Any, tv: Any, section: Section
) -> None:
    screen = _screen(section, HallScreen.Content.PAIRINGS_BY_BOARD, rows_per_page=25)
    _open(tv, live_server, screen)
    pages, _ = _all_pages(tv)
    assert [len(p["lines"]) for p in pages] == [25, 25, 10]
    assert all(p["cut"] == 0 for p in pages)
    assert tv.locator(".screen-page-no").inner_text() == "page 3 of 3"


@pytest.mark.parametrize("tv", [(1280, 720)], indirect=True, ids=["1280x720"])
def test_screens_share_a_long_list_end_to_end(
    live_server: Any, tv: Any, section: Section
) -> None:
    seen: list[str] = []
    for part in (1, 2, 3):
        screen = _screen(
            section, HallScreen.Content.PAIRINGS_BY_NAME, part=part, parts=3
        )
        _open(tv, live_server, screen)
        pages, total = _all_pages(tv)
        assert total == PLAYERS // 3
        assert all(p["cut"] == 0 for p in pages)
        seen += [line for p in pages for line in p["lines"]]
        first, last = pages[0]["lines"][0], pages[-1]["lines"][-1]
        what = tv.locator(".screen-what").inner_text()
        assert first.split()[0] in what and last.split()[0] in what
    assert len(seen) == PLAYERS and seen == sorted(seen)


@pytest.mark.parametrize("tv", [(1920, 1080)], indirect=True, ids=["1920x1080"])
def test_last_results_clock_countdown_and_message(
    live_server: Any, tv: Any, section: Section
) -> None:
    # The server's clock and the TV's are pinned to one moment, late at night on purpose: the
    # next round's time, 00:10, is tomorrow's, 20 minutes on (not this morning's, long gone).
    now = datetime.datetime(2026, 11, 28, 23, 50, tzinfo=datetime.UTC)
    screen = _screen(
        section,
        HallScreen.Content.LAST_RESULTS,
        message="Players 5 and 116, please report your result",
        next_round_at=datetime.time(0, 10),
    )
    tv.clock.set_fixed_time(now)
    with mock.patch("django.utils.timezone.now", return_value=now):
        _open(tv, live_server, screen)
    SHOTS.mkdir(parents=True, exist_ok=True)
    tv.screenshot(path=str(SHOTS / "hall_last_results_1920x1080.png"))
    pages, total = _all_pages(tv)
    # The latest result first: boards 30, 1, 12, 3, 7.
    assert [line.split()[0] for line in pages[0]["lines"]] == [
        "30",
        "1",
        "12",
        "3",
        "7",
    ]
    assert total == 5
    assert tv.get_by_text("Players 5 and 116, please report your result").is_visible()
    assert tv.get_by_role("heading", level=1).is_visible()
    assert tv.locator("main").count() == 1
    countdown = tv.locator(".screen-countdown").inner_text()
    assert countdown == "Next round at 00:10 · in 20:00"
    assert tv.locator(".screen-clock").inner_text() == "23:50"


@override_settings(TIME_ZONE="America/Chicago")
def test_the_screens_clock_reads_the_halls_time_on_a_tv_set_to_another_zone(
    live_server: Any, browser: Browser, section: Section
) -> None:
    # A TV, stick or laptop left on another zone (UTC, the TD's home): the clock must agree
    # with the countdown's "Next round at 14:00", which is the hall's time (TIME_ZONE).
    now = datetime.datetime(2026, 11, 28, 13, 40, tzinfo=ZoneInfo("America/Chicago"))
    screen = _screen(
        section, HallScreen.Content.LAST_RESULTS, next_round_at=datetime.time(14, 0)
    )
    context = browser.new_context(
        viewport={"width": 1920, "height": 1080}, timezone_id="Asia/Tokyo"
    )
    tv = context.new_page()
    tv.clock.set_fixed_time(now)
    with mock.patch("django.utils.timezone.now", return_value=now):
        _open(tv, live_server, screen)
    assert tv.locator(".screen-countdown").inner_text() == (
        "Next round at 14:00 · in 20:00"
    )
    assert tv.locator(".screen-clock").inner_text() == "13:40"  # Tokyo: 04:40
    context.close()
