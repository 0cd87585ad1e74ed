"""The questions asked before a TD button that cannot be taken back in one tap: withdraw a
player, delete a playoff, remove another director. On a desktop and on a phone: each names who
or what, fits the screen, its buttons are large (full width on a phone), Cancel keeps things as
they were, and the confirmation acts.

Screenshots go to var/screenshots/ to be looked at.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect

from tests.browser.conftest import fits
from tests.browser.test_td_setup import login, shot
from tests.conftest import PASSWORD
from tests.standings.prize_builders import prize_section
from tests.tournaments.builders import (
    round_one_played_bob_asked_a_bye,
    tournament_build,
)
from tournaments import services
from tournaments.models import Player, Section, Tournament

pytestmark = pytest.mark.django_db(transaction=True)

# A finger's target (td.css's .btn-touch: 2.75rem).
TOUCH = 44


def _event(live_server: Any, page: Page) -> tuple[str, Tournament]:
    director = User.objects.create_user("director", password=PASSWORD)
    tournament = tournament_build(name="Harbour Open", is_published=True)
    tournament.directors.add(director)
    login(page, live_server.url)
    return live_server.url, tournament


def _asked(page: Page, name: str) -> None:
    """The question fits the screen, its buttons are large, and stand full width on a phone."""
    expect(page.get_by_test_id("confirm-question")).to_be_visible()
    assert fits(page)
    shot(page, name)
    width = page.evaluate("document.documentElement.clientWidth")
    for button in page.locator("main .btn").all():
        box = button.bounding_box()
        assert box is not None
        assert box["height"] >= TOUCH - 0.5, button.inner_text()
        if width < 600:
            assert box["width"] >= width - 48, button.inner_text()


def test_withdrawing_a_player_asks_first_naming_them_and_the_rounds(
    live_server: Any, page: Page
) -> None:
    base, tournament = _event(live_server, page)
    section, bob = round_one_played_bob_asked_a_bye(tournament)
    player_page = f"{base}/td/t/{tournament.slug}/s/{section.pk}/players/2/"
    page.goto(player_page)

    page.get_by_label("Withdraws after round").select_option("1")
    page.get_by_role("button", name="Withdraw", exact=True).click()

    question = page.get_by_test_id("confirm-question")
    expect(question).to_contain_text(
        "Bob Ray withdraws after round 1: not paired in rounds 2 to 5."
    )
    expect(question).to_contain_text(
        "Bob Ray's requested byes are cancelled: round 4 (half-point bye)."
    )
    _asked(page, "withdraw-asked")
    page.get_by_role("link", name="Cancel: keep Bob Ray as is").click()
    expect(page).to_have_url(player_page)
    bob.refresh_from_db()
    assert bob.status == Player.Status.ACTIVE

    page.get_by_label("Withdraws after round").select_option("1")
    page.get_by_role("button", name="Withdraw", exact=True).click()
    page.get_by_role("button", name="Withdraw Bob Ray after round 1").click()
    expect(
        page.get_by_text("Bob Ray withdrew after round 1: not paired from the next")
    ).to_be_visible()
    bob.refresh_from_db()
    assert (bob.status, bob.withdrawn_after_round) == (Player.Status.WITHDRAWN, 1)


def test_deleting_a_playoff_asks_first_naming_its_players(
    live_server: Any, page: Page
) -> None:
    base, tournament = _event(live_server, page)
    section = prize_section(tournament)
    services.section_playoff_record(section=section, players=[4, 3], note="G/5")
    page.goto(f"{base}/td/t/{tournament.slug}/s/{section.pk}/prizes/#playoffs")

    page.locator("#playoffs").get_by_role("button", name="Delete").click()

    expect(page.get_by_test_id("confirm-question")).to_contain_text(
        "Playoff 1: #4 Dee Diaz › #3 Cy Chen (G/5)."
    )
    _asked(page, "playoff-delete-asked")
    page.get_by_role("link", name="Cancel: keep it").click()
    assert Section.objects.get(pk=section.pk).playoffs != []

    page.locator("#playoffs").get_by_role("button", name="Delete").click()
    page.get_by_role("button", name="Delete playoff 1").click()
    expect(page.get_by_text("Playoff deleted.")).to_be_visible()
    assert Section.objects.get(pk=section.pk).playoffs == []


def test_removing_another_director_asks_first_naming_them(
    live_server: Any, page: Page
) -> None:
    base, tournament = _event(live_server, page)
    tournament.directors.add(
        User.objects.create_user("assistant", first_name="Olga", last_name="Tal")
    )
    page.goto(f"{base}/td/t/{tournament.slug}/directors/")

    page.get_by_role("button", name="Remove assistant").click()

    expect(page.get_by_test_id("confirm-question")).to_have_text(
        "assistant (Olga Tal) will no longer see or change Harbour Open. A director can "
        "add them back on the directors page."
    )
    _asked(page, "director-remove-asked")
    page.get_by_role("link", name="Cancel: keep assistant").click()
    assert tournament.directors.filter(username="assistant").exists()

    page.get_by_role("button", name="Remove assistant").click()
    page.get_by_role("button", name="Remove assistant").click()
    expect(
        page.get_by_text("assistant is not a director of Harbour Open.")
    ).to_be_visible()
    assert not tournament.directors.filter(username="assistant").exists()
