"""A player who leaves during a round, on a desktop and on a phone: withdrawing them before the
posted round whose game has no result asks whether it will be played, saying what the forfeit
does, and one press gives the opponent the forfeit win and withdraws the player after that
round.

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
from tests.tournaments.builders import round_two_posted, tournament_build
from tournaments.models import Pairing, Player, Result

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_player_who_leaves_is_withdrawn_with_a_forfeit_for_the_opponent(
    live_server: Any, page: Page
) -> None:
    director = User.objects.create_user("director", password=PASSWORD)
    tournament = tournament_build(name="Harbour Open", is_published=True)
    tournament.directors.add(director)
    # Round 2 is being played; Player 4 (black on board 2, against Player 2) has gone home.
    section = round_two_posted(tournament=tournament)
    base = live_server.url
    login(page, base)
    page.goto(f"{base}/td/t/{tournament.slug}/s/{section.pk}/players/4/")

    page.get_by_label("Withdraws after round").select_option("1")
    page.get_by_role("button", name="Withdraw", exact=True).click()
    question = page.get_by_test_id("confirm-question")
    expect(question).to_contain_text(
        "Player 4 is paired on board 2 of round 2 against Player 2, and that game has no "
        "result yet."
    )
    expect(question).to_contain_text(
        "Player 4 withdraws after round 2: not paired in rounds 3 to 4."
    )
    forfeit = page.get_by_role(
        "button", name="Withdraw, Player 2 wins board 2 of round 2 by forfeit"
    )
    expect(forfeit).to_be_visible()
    expect(
        page.get_by_role(
            "button", name="It will be played: withdraw Player 4 after round 2"
        )
    ).to_be_visible()
    assert fits(page)
    shot(page, "player-leaves-asked")
    assert Player.objects.get(section=section, start_number=4).status == "active"

    forfeit.click()
    expect(
        page.get_by_text("Player 4 withdrew after round 2 (game lost by forfeit)")
    ).to_be_visible()
    assert fits(page)
    shot(page, "player-leaves-withdrawn")
    assert (
        Pairing.objects.get(round__section=section, round__number=2, board=2).result
        == Result.WHITE_FORFEIT_WIN
    )
