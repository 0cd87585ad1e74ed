"""Registration looks players up in a loaded rating list: the player form and check-in, on a
desktop and a phone. Screenshots go to var/screenshots/."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect

from tests.browser.test_td_setup import fits, login, shot
from tests.conftest import PASSWORD
from tests.tournaments.builders import section_build, tournament_build
from tests.tournaments.test_rating_lists import FOA, US_CSV
from tournaments import services
from tournaments.models import Player

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_player_form_and_check_in_fill_a_player_from_the_list(
    live_server: Any, page: Page
) -> None:
    services.rating_list_load(kind="fide", file_name="foa.txt", lines=FOA)
    services.rating_list_load(kind="uschess", file_name="us.csv", lines=US_CSV)
    tournament = tournament_build(name="Lookup Open")
    tournament.directors.add(User.objects.create_user("director", password=PASSWORD))
    section = section_build(
        tournament=tournament, ratings=[], rounds=[], rounds_total=4
    )
    base = live_server.url
    login(page, base)

    page.goto(f"{base}/td/t/{tournament.slug}/s/{section.pk}/players/new/")
    page.get_by_label("Look up a player in the loaded lists").fill("lin, d")
    match = page.locator(".lookup-match").filter(has_text="LIN, DEE")
    expect(match).to_be_visible()
    shot(page, "player-lookup")
    assert fits(page)
    match.click()
    expect(page.get_by_label("US Chess ID")).to_have_value("23456789")
    expect(page.get_by_label("Rating")).to_have_value("1432")
    expect(page.get_by_label("State")).to_have_value("WI")
    page.get_by_role("button", name="Add player", exact=True).click()
    expect(page.get_by_text("Added LIN, DEE")).to_be_visible()

    page.goto(f"{base}/td/t/{tournament.slug}/s/{section.pk}/checkin/1/")
    page.get_by_placeholder("Search by name or ID").fill("carlsen")
    walk_in = page.locator(".lookup-match").filter(has_text="Carlsen, Magnus")
    expect(walk_in).to_be_visible()
    shot(page, "checkin-lookup")
    walk_in.click()
    expect(page.get_by_label("FIDE ID")).to_have_value("1503014")
    expect(page.get_by_label("Federation")).to_have_value("NOR")
    expect(page.get_by_label("Title")).to_have_value("GM")
    expect(page.get_by_label("Rating")).to_have_value("2837")
    page.get_by_role("button", name="Add player", exact=True).click()
    expect(page.get_by_text("Added Carlsen, Magnus")).to_be_visible()
    assert sorted(Player.objects.values_list("name", "rating")) == [
        ("Carlsen, Magnus", 2837),
        ("LIN, DEE", 1432),
    ]
