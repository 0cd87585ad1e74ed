"""The round schedule in a browser, phone and desktop: the TD types each round's start on the
section's Schedule tab; players read it on the tournament page and above the pairings."""

from __future__ import annotations

import datetime
from typing import Any
from unittest import mock

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from playwright.sync_api import Page, expect

from tests.browser.conftest import SHOTS, fits
from tests.browser.test_round_page import log_in
from tournaments import services
from tournaments.demo import demo_tournament_create
from tournaments.models import HallScreen

pytestmark = pytest.mark.django_db(transaction=True)


def _shot(page: Page, name: str) -> None:
    width = page.viewport_size["width"] if page.viewport_size else 0
    SHOTS.mkdir(parents=True, exist_ok=True)
    size = "phone" if width < 600 else "desktop"
    page.screenshot(path=str(SHOTS / f"{name}-{size}.png"), full_page=True)


def test_the_td_types_the_schedule_and_players_read_it(
    live_server: Any, page: Page, td: User
) -> None:
    tournament, _ = demo_tournament_create()
    tournament.directors.add(td)
    section = tournament.sections.get(name="Open")
    log_in(page, live_server, td)
    page.goto(
        live_server.url
        + reverse(
            "tournaments:section_detail",
            kwargs={"slug": tournament.slug, "section": section.pk},
        )
    )
    page.get_by_role("link", name="Schedule").click()
    page.get_by_label("Round 1").fill("2026-05-16T09:00")
    page.get_by_label("Round 2").fill("2026-05-16T13:30")
    page.get_by_label("Round 3").fill("2026-05-16T18:00")
    page.get_by_label("Round 4").fill("")  # the demo's own time, cleared
    page.get_by_label("Round 5").fill("2026-05-17T14:00")
    page.get_by_role("button", name="Save schedule").click()
    page.get_by_text("Round schedule of Open saved.").wait_for()
    _shot(page, "td-round-schedule")
    # A round before the one above it: the TD is told, and the saved times stay.
    page.get_by_label("Round 4").fill("2026-05-16T08:00")
    page.get_by_role("button", name="Save schedule").click()
    page.get_by_text("Round 4 must start after round 3.").wait_for()
    assert page.get_by_label("Round 2").input_value() == "2026-05-16T13:30"

    page.context.clear_cookies()
    page.goto(live_server.url + reverse("standings:tournament", args=[tournament.slug]))
    schedule = page.locator(".section-card", has_text="Open").locator(".schedule")
    # Each round a whole item of its own, so a phone breaks the line only between rounds.
    assert schedule.locator("strong").inner_text() == "Schedule:"
    assert schedule.locator("span").all_inner_texts() == [
        "Rd 1 Sat May 16, 9:00 AM",
        "Rd 2 Sat May 16, 1:30 PM",
        "Rd 3 Sat May 16, 6:00 PM",
        "Rd 5 Sun May 17, 2:00 PM",
    ]
    assert schedule.is_visible()
    # Nothing of the page wider than the phone's screen.
    assert fits(page)
    _shot(page, "public-tournament-schedule")
    page.goto(
        live_server.url
        + reverse(
            "standings:pairings",
            kwargs={"slug": tournament.slug, "section": section.pk, "number": 2},
        )
    )
    assert page.get_by_role("heading", name="Round 2 of 5").inner_text() == (
        "Round 2 of 5 · Sat May 16, 1:30 PM"
    )
    _shot(page, "public-pairings-round-start")


def test_a_hall_screen_without_its_own_time_counts_down_to_the_scheduled_round(
    live_server: Any, browser: Any
) -> None:
    tournament, _ = demo_tournament_create()
    section = tournament.sections.get(name="Open")
    # The server's clock and the TV's are pinned to one moment: late at night on purpose, so
    # the round, 20 minutes on, falls on the next day (a real clock made the label depend on
    # the hour CI ran, and on the day the assertion read after the page was drawn).
    now = datetime.datetime(2026, 11, 28, 23, 45, tzinfo=datetime.UTC)
    starts: list[datetime.datetime | None] = [None] * section.rounds_total
    starts[-1] = now + datetime.timedelta(minutes=20)
    services.section_schedule_set(section=section, starts=starts)
    screen = HallScreen.objects.create(
        tournament=tournament,
        name="Hall TV",
        section=section,
        content=HallScreen.Content.PAIRINGS_BY_BOARD,
    )
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    tv = context.new_page()
    tv.clock.set_fixed_time(now)
    with mock.patch("django.utils.timezone.now", return_value=now):
        tv.goto(
            live_server.url
            + reverse("standings:hall_screen", args=[tournament.slug, screen.pk])
        )
        expect(tv.locator(".screen-countdown")).to_have_text(
            f"Round {section.rounds_total} on Sun Nov 29 at 00:05 · in 20:00"
        )
    SHOTS.mkdir(parents=True, exist_ok=True)
    tv.screenshot(path=str(SHOTS / "hall_countdown_schedule_1920x1080.png"))
    context.close()
