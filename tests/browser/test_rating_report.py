"""The TD checks the demo event's rating report and downloads it, on a desktop and a phone.

Screenshots go to var/screenshots/ to be looked at.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect

from tests.browser.test_td_setup import fits, login, shot
from tests.conftest import PASSWORD
from tournaments.demo import demo_tournament_create
from tournaments.models import Player, Section
from tournaments.uschess_report import rating_report_load, rating_report_zip

pytestmark = pytest.mark.django_db(transaction=True)


def test_td_fixes_a_problem_from_the_preflight_page_and_downloads_the_zip(
    live_server: Any, page: Page
) -> None:
    tournament = demo_tournament_create()[0]
    tournament.directors.add(User.objects.create_user("director", password=PASSWORD))
    player = Player.objects.filter(section__tournament=tournament).first()
    assert player is not None
    Player.objects.filter(pk=player.pk).update(uschess_id="")
    # A final section's players cannot change: the TD has reopened it to fix the ID.
    Section.objects.filter(tournament=tournament).update(is_final=False)
    base = live_server.url
    login(page, base)

    page.goto(f"{base}/td/t/{tournament.slug}/")
    page.get_by_role("link", name="US Chess rating report").click()
    errors = page.locator("#report-errors")
    expect(errors).to_contain_text(f"{player.name} has no US Chess ID.")
    shot(page, "rating-report-errors")
    assert fits(page)
    errors.get_by_role("link", name=f"Edit {player.name}").click()
    page.get_by_label("US Chess ID").fill("19999999")
    page.get_by_role("button", name="Save changes").click()
    expect(page.get_by_text(f"Saved {player.name}.")).to_be_visible()
    page.goto(f"{base}/td/t/{tournament.slug}/rating-report/")
    expect(page.locator("#report-ready")).to_be_visible()
    shot(page, "rating-report-ready")
    with page.expect_download() as download:
        page.get_by_role("link", name="Download the report (zip)").click()

    path = download.value.path()
    assert download.value.suggested_filename == f"{tournament.slug}-uschess-report.zip"
    tournament.refresh_from_db()
    assert path.read_bytes() == rating_report_zip(rating_report_load(tournament))
