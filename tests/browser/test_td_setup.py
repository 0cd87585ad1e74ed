"""A TD sets up an event in a real browser, on a desktop and on a phone: log in, create a
tournament and a section, add players by CSV (one bad row fixed in the preview), post the
tiebreak order, and change it after round 1 (refused without a reason, accepted with one).

Each TD page is saved as a screenshot in var/screenshots/ to be looked at.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect

from standings.engine import PRESETS, format_order
from tests.browser.conftest import fits
from tests.conftest import PASSWORD
from tournaments import services
from tournaments.models import Player, Round, Section, TiebreakChange, Tournament

pytestmark = pytest.mark.django_db(transaction=True)

SCREENSHOTS = Path(__file__).resolve().parents[2] / "var" / "screenshots"

CSV = """Name, US Chess ID, FIDE ID, Rating, State, Club
Daniel Okafor, 12873345, 2012345, 2312, IL, Springfield Chess Club
Priya Raman, 13004561, , 2245, IL, Lincoln Land Chess
Marcus Feld, 14410987, , 21O8, WI, Capital City Knights
Elena Sokolova, 15521230, , 2156, IN,
Lars Eriksen, , 1504321, , NOR, Oslo Sjakkselskap
"""


def shot(page: Page, name: str) -> None:
    size = page.viewport_size
    viewport = "phone" if size is not None and size["width"] < 600 else "desktop"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"td-{name}-{viewport}.png"), full_page=True)


def login(page: Page, base: str) -> None:
    page.goto(f"{base}/accounts/login/")
    shot(page, "login")
    page.get_by_label("Username").fill("director")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/td/")


def test_td_sets_up_a_section_and_posts_the_order(live_server: Any, page: Page) -> None:
    User.objects.create_user("director", password=PASSWORD)
    base = live_server.url

    login(page, base)
    expect(page.get_by_role("heading", name="My tournaments")).to_be_visible()
    shot(page, "dashboard-empty")

    # A tournament, then its section.
    page.get_by_role("link", name="New tournament").click()
    page.get_by_label("Name").fill("Riverside Summer Swiss")
    page.get_by_label("Location").fill("Riverside Community Center")
    page.get_by_label("Time control").fill("G/90;d5")
    shot(page, "tournament-new")
    page.get_by_role("button", name="Create tournament").click()
    page.wait_for_url("**/sections/new/")
    page.get_by_label("Name").fill("Open")
    page.get_by_label("Rounds").fill("4")
    shot(page, "section-new")
    page.get_by_role("button", name="Create section").click()
    expect(page.get_by_role("heading", name="Open", exact=True)).to_be_visible()
    section = Section.objects.get(
        name="Open", tournament__name="Riverside Summer Swiss"
    )
    assert section.rounds_total == 4

    # Players by CSV: one rating typed with a letter O; preview, fix it in the text, save.
    page.get_by_role("link", name="Paste or upload CSV").click()
    page.get_by_label("Players, one per line").fill(CSV)
    page.get_by_role("button", name="Preview").click()
    expect(page.get_by_text("rating '21O8' is not a number")).to_be_visible()
    expect(page.get_by_text("1 row with a problem")).to_be_visible()
    expect(page.get_by_role("button", name="Save")).to_have_count(0)
    shot(page, "players-import-problem")
    assert not Player.objects.filter(section=section).exists()
    text = page.get_by_label("Players, one per line").input_value()
    page.get_by_label("Players, one per line").fill(text.replace("21O8", "2198"))
    page.get_by_role("button", name="Preview").click()
    expect(page.get_by_text("All rows ready")).to_be_visible()
    shot(page, "players-import-ready")
    page.get_by_role("button", name="Save 5 players").click()
    expect(page.get_by_text("Saved 5 players to Open.")).to_be_visible()
    assert list(
        Player.objects.filter(section=section)
        .order_by("start_number")
        .values_list("name", flat=True)
    ) == [
        "Daniel Okafor",
        "Priya Raman",
        "Marcus Feld",
        "Elena Sokolova",
        "Lars Eriksen",
    ]
    assert fits(page)
    shot(page, "section")

    # Post the order: start from the SCA list, drop its last system, post.
    page.get_by_role("link", name="Tiebreaks").click()
    page.get_by_role("button", name="Use SCA posted order").click()
    remove = page.get_by_role("button", name="Remove Opposition's Performance")
    expect(remove).to_be_visible()
    remove.click()
    expect(
        page.get_by_role("button", name="Remove Opposition's Performance")
    ).to_have_count(0)
    shot(page, "tiebreaks-builder")
    page.get_by_role("button", name="Post this order").click()
    expect(page.get_by_text("Tiebreak order posted for Open")).to_be_visible()
    section.refresh_from_db()
    # The SCA posting's list read literally (docs/tiebreaks.md), its last system removed.
    assert section.tiebreaks == format_order(PRESETS["sca"][:-1])

    # Round 1 pairings posted: the order is locked.
    services.section_rounds_create(
        section=section,
        rows=[
            (1, 1, 1, 3, "pending"),
            (1, 2, 4, 2, "pending"),
            (1, None, 5, None, "bye_pairing"),
        ],
    )
    assert Round.objects.get(section=section, number=1).status == Round.Status.PAIRED
    page.get_by_role("link", name="Tiebreaks").click()
    expect(page.get_by_text("Locked.")).to_be_visible()
    page.get_by_role("button", name="Move Cumulative up").click()
    expect(page.locator('input[name="r2-system"]')).to_have_value("cumulative")
    page.get_by_role("button", name="Change the posted order").click()
    expect(page.get_by_text("Say why the order changes after round 1")).to_be_visible()
    shot(page, "tiebreaks-locked-refused")
    section.refresh_from_db()
    # The SCA posting's list read literally (docs/tiebreaks.md), its last system removed.
    assert section.tiebreaks == format_order(PRESETS["sca"][:-1])

    page.get_by_label(
        "Override: change the order after round 1 pairings were posted"
    ).check()
    page.get_by_label("Reason (shown to players with the standings)").fill(
        "The posted sheet listed Cumulative third; we keep what players were shown."
    )
    page.get_by_role("button", name="Change the posted order").click()
    expect(page.get_by_text("Tiebreak order posted for Open")).to_be_visible()
    section.refresh_from_db()
    modified_median, solkoff, median, cumulative = PRESETS["sca"][:-1]
    assert section.tiebreaks == format_order(
        (modified_median, solkoff, cumulative, median)
    )
    change = TiebreakChange.objects.filter(section=section).last()
    assert change is not None and change.reason.startswith("The posted sheet")
    page.get_by_role("link", name="Tiebreaks").click()
    expect(page.get_by_text("The posted sheet listed Cumulative third")).to_be_visible()
    shot(page, "tiebreaks-history")

    # The other TD pages of the section, for the screenshots (and none of them overflows).
    tournament = Tournament.objects.get(pk=section.tournament_id)
    for name, path in [
        ("dashboard", "/td/"),
        ("tournament", f"/td/t/{tournament.slug}/"),
        ("directors", f"/td/t/{tournament.slug}/directors/"),
        ("section-settings", f"/td/t/{tournament.slug}/s/{section.pk}/edit/"),
        ("player-add", f"/td/t/{tournament.slug}/s/{section.pk}/players/new/"),
        ("player", f"/td/t/{tournament.slug}/s/{section.pk}/players/2/"),
        ("late-entry", f"/td/t/{tournament.slug}/s/{section.pk}/players/late/"),
        ("checkin", f"/td/t/{tournament.slug}/s/{section.pk}/checkin/2/"),
    ]:
        page.goto(base + path)
        shot(page, name)
        assert fits(page), name


def test_check_in_at_the_door_by_tapping_rows(live_server: Any, page: Page) -> None:
    user = User.objects.create_user("director", password=PASSWORD)
    tournament = services.tournament_create(user=user, name="Door Test")
    section = services.section_create(
        tournament=tournament, name="Open", rounds_total=3
    )
    services.players_import_save(
        section=section,
        text="Ana Ortiz,,,1900\nBen Ode,,,1800\nCy Park,,,1700\nDee Lin,,,1600\n",
    )
    login(page, live_server.url)
    page.goto(f"{live_server.url}/td/t/{tournament.slug}/s/{section.pk}/checkin/1/")
    expect(page.get_by_text("4 still missing")).to_be_visible()

    page.get_by_role("button", name="Check in Ben Ode").click()
    expect(page.get_by_text("3 still missing")).to_be_visible()
    expect(page.get_by_role("button", name="Undo check-in of Ben Ode")).to_be_visible()
    page.get_by_placeholder("Search by name").fill("park")
    expect(page.get_by_role("button", name="Check in Ana Ortiz")).to_have_count(0)
    page.get_by_role("button", name="Check in Cy Park").click()
    expect(page.get_by_text("2 still missing")).to_be_visible()
    shot(page, "checkin-in-use")
    assert fits(page)
    assert sorted(
        section.players.filter(checkins__round_number=1).values_list("name", flat=True)
    ) == ["Ben Ode", "Cy Park"]
