"""Players who did not come to their board, on a desktop and on a phone: the forfeits entered on
round 1's page bring up the TD's note at once, one player is withdrawn from it, and pairing round
2 asks about the others (withdraw, a zero-point bye, or pair) before anything is paired; a team
that did not come is named on the round page and asked about before round 2 of a team Swiss.

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
from tests.tournaments.builders import section_build, tournament_build
from tournaments import services
from tournaments.models import (
    Pairing,
    Player,
    Result,
    Round,
    Section,
    TeamMatch,
    Tournament,
)
from tournaments.selectors import section_default_tiebreaks

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = ["Ada Brandt", "Ben Cruz", "Cleo Dunn", "Dev Patel", "Eve Hall", "Finn Moss"]


def test_no_shows_are_named_withdrawn_from_the_round_page_and_asked_about(
    live_server: Any, page: Page
) -> None:
    director = User.objects.create_user("director", password=PASSWORD)
    tournament = tournament_build(name="Harbour Open", is_published=True)
    tournament.directors.add(director)
    section = section_build(
        ratings=[2100, 2000, 1900, 1800, 1700, 1600],
        rounds=["1-4 ?, 2-5 ?, 3-6 ?"],
        rounds_total=3,
        tournament=tournament,
        names=NAMES,
    )
    services.section_tiebreaks_post(
        section=section, order=section_default_tiebreaks(section.kind), user=None
    )
    Round.objects.filter(section=section).update(status=Round.Status.PAIRED)
    boards = dict(
        Pairing.objects.filter(round__section=section).values_list("board", "pk")
    )
    base = live_server.url
    round_url = f"{base}/td/t/{tournament.slug}/s/{section.pk}/r/"
    login(page, base)
    page.goto(f"{round_url}1/")

    # Board 1 is played; Eve does not come to board 2; neither Cleo nor Finn to board 3.
    page.locator(f"#pairing-{boards[1]}").get_by_role(
        "button", name="1-0", exact=True
    ).click()
    page.locator(f"#pairing-{boards[2]}").get_by_text("More").click()
    page.locator(f"#pairing-{boards[2]}").get_by_role(
        "button", name="1-0 forfeit"
    ).click()
    expect(page.get_by_test_id("progress")).to_have_text("2/3 results in")
    note = page.get_by_test_id("no-shows")
    expect(note).to_contain_text("Eve Hall")
    page.locator(f"#pairing-{boards[3]}").get_by_text("More").click()
    page.locator(f"#pairing-{boards[3]}").get_by_role(
        "button", name="Double forfeit"
    ).click()
    expect(page.get_by_test_id("progress")).to_have_text("3/3 results in")
    expect(note).to_contain_text("3 players still active")
    for name in ("Cleo Dunn", "Finn Moss"):
        expect(note).to_contain_text(name)
    expect(note).not_to_contain_text("Dev Patel")
    assert fits(page)
    shot(page, "no-show-note")

    # Eve has left: the note's button asks first, above the note, saying what the
    # withdrawal does (her requested bye for round 3 goes); then she is withdrawn, and the
    # note names the other two.
    eve = Player.objects.get(section=section, name="Eve Hall")
    services.player_byes_request(player=eve, byes={3: "half"})
    note.get_by_role("button", name="Withdraw after round 1: Eve Hall").click()
    question = page.get_by_test_id("no-show-question")
    expect(question).to_contain_text("Withdraw Eve Hall after round 1?")
    expect(question).to_contain_text(
        "Eve Hall withdraws after round 1: not paired in rounds 2 to 3."
    )
    expect(question).to_contain_text(
        "Eve Hall's requested byes are cancelled: round 3 (half-point bye)."
    )
    expect(
        question.get_by_role("link", name="Cancel: keep Eve Hall in")
    ).to_be_visible()
    eve.refresh_from_db()
    assert eve.status == Player.Status.ACTIVE
    assert fits(page)
    shot(page, "no-show-ask")
    question.get_by_role("button", name="Withdraw Eve Hall after round 1").click()
    expect(page.get_by_test_id("no-show-message")).to_contain_text(
        "Eve Hall withdrawn after round 1"
    )
    expect(note).not_to_contain_text("Eve Hall")
    assert fits(page)
    shot(page, "no-show-withdrawn")
    eve.refresh_from_db()
    assert (eve.status, eve.withdrawn_after_round) == (Player.Status.WITHDRAWN, 1)

    # Pairing round 2 asks about Cleo and Finn; the TD pairs them anyway.
    page.get_by_role("link", name="Pair round 2 →").click()
    page.get_by_role("button", name="Pair automatically").click()
    expect(page.get_by_test_id("forfeited")).to_be_visible()
    expect(page.get_by_test_id("pair-question")).to_contain_text(
        "2 players lost round 1 by forfeit"
    )
    expect(page.get_by_test_id("forfeited")).not_to_contain_text("Eve Hall")
    assert fits(page)
    shot(page, "no-show-question")
    page.get_by_role("button", name="Pair them anyway").click()
    expect(page.get_by_text("Round 2 paired by the pairing program")).to_be_visible()
    expect(page.locator(".pairing-notes")).to_contain_text(
        "3 Cleo Dunn lost round 1 by forfeit: paired anyway"
    )
    paired = set(
        Pairing.objects.filter(round__section=section, round__number=2).values_list(
            "white__name", flat=True
        )
    ) | set(
        Pairing.objects.filter(
            round__section=section, round__number=2, black__isnull=False
        ).values_list("black__name", flat=True)
    )
    assert paired == set(NAMES) - {"Eve Hall"}
    assert fits(page)
    shot(page, "no-show-round-two")


def _director_event(name: str) -> Tournament:
    director = User.objects.create_user("director", password=PASSWORD)
    tournament = tournament_build(name=name, is_published=True)
    tournament.directors.add(director)
    return tournament


def test_a_player_who_phoned_gets_a_zero_point_bye_and_stays_in(
    live_server: Any, page: Page
) -> None:
    tournament = _director_event("Harbour Rapid")
    # Round 1 complete: Finn lost by forfeit to Ben, and phoned to say he comes tomorrow.
    section = section_build(
        ratings=[2100, 2000, 1900, 1800, 1700, 1600],
        rounds=["1-4 1-0, 2-6 +-, 3-5 ="],
        rounds_total=3,
        tournament=tournament,
        names=NAMES,
    )
    services.section_tiebreaks_post(
        section=section, order=section_default_tiebreaks(section.kind), user=None
    )
    Round.objects.filter(section=section).update(status=Round.Status.COMPLETE)
    base = live_server.url
    login(page, base)
    page.goto(f"{base}/td/t/{tournament.slug}/s/{section.pk}/r/2/")

    page.get_by_role("button", name="Pair automatically").click()
    question = page.get_by_test_id("forfeited")
    expect(question).to_contain_text("Finn Moss")
    expect(page.get_by_test_id("pair-question")).to_contain_text(
        "give them zero-point byes for round 2"
    )
    assert fits(page)
    shot(page, "no-show-question-zero-bye")
    question.get_by_role("button", name="Zero-point byes for round 2").click()

    expect(page.get_by_text("Round 2 paired by the pairing program")).to_be_visible()
    expect(page.locator(".pairing-notes")).to_contain_text(
        "6 Finn Moss: zero-point bye (lost round 1 by forfeit, stays in the event"
    )
    expect(page.get_by_test_id("byes")).to_contain_text(
        "Finn Moss · Zero-point bye (lost the round before by forfeit)"
    )
    finn = Player.objects.get(section=section, name="Finn Moss")
    assert finn.status == Player.Status.ACTIVE
    assert Pairing.objects.get(round__number=2, white=finn).result == Result.BYE_ZERO
    assert fits(page)
    shot(page, "no-show-zero-bye-round-two")

    # The draft taken back and paired again: the bye, kept, still says why he has it.
    page.get_by_role("button", name="Remove pairings").click()
    expect(page.get_by_text("Round 2: pairings removed.")).to_be_visible()
    page.get_by_role("button", name="Pair automatically").click()
    expect(page.locator(".pairing-notes")).to_contain_text(
        "6 Finn Moss: zero-point bye (lost round 1 by forfeit, stays in the event"
    )
    expect(page.get_by_test_id("byes")).to_contain_text(
        "Finn Moss · Zero-point bye (lost the round before by forfeit)"
    )
    assert fits(page)
    shot(page, "no-show-zero-bye-paired-again")


def test_a_team_that_did_not_come_is_named_and_withdrawn_before_round_two(
    live_server: Any, page: Page
) -> None:
    tournament = _director_event("Harbour Team Cup")
    section = section_build(
        ratings=[2100, 2000, 1900, 1800, 1700, 1600, 1500, 1400],
        rounds=[],
        rounds_total=3,
        tournament=tournament,
        names=[*NAMES, "Gil Ortiz", "Hana Sato"],
        kind=Section.Kind.SWISS,
    )
    services.section_teams_set(
        section=section,
        boards=2,
        rosters=[
            ("Harbour Knights", [1, 2]),
            ("Old Town Rooks", [3, 4]),
            ("Bay Bishops", [5, 6]),
            ("Pier Pawns", [7, 8]),
        ],
    )
    services.team_round_pair(section=section)
    # Nobody of the Pier Pawns came to round 1: their boards are lost by forfeit.
    rows = Pairing.objects.filter(round__section=section)
    rows.filter(white__start_number__in=[7, 8]).update(result=Result.BLACK_FORFEIT_WIN)
    rows.filter(black__start_number__in=[7, 8]).update(result=Result.WHITE_FORFEIT_WIN)
    rows.filter(result=Result.PENDING).update(result=Result.DRAW)
    Round.objects.filter(section=section).update(status=Round.Status.COMPLETE)
    base = live_server.url
    login(page, base)
    page.goto(f"{base}/td/t/{tournament.slug}/s/{section.pk}/r/1/")

    note = page.get_by_test_id("no-shows")
    expect(note).to_contain_text("1 team not withdrawn")
    expect(note).to_contain_text("Pier Pawns")
    expect(note).not_to_contain_text("Bay Bishops")
    assert fits(page)
    shot(page, "team-no-show-note")

    # The TD pairs round 2 from the Teams tab; the page asks about the Pier Pawns first.
    page.get_by_role("link", name="Pair round 2 →").click()
    page.get_by_role("button", name="Pair and post round 2").click()
    expect(page.get_by_test_id("pair-question")).to_contain_text(
        "1 team forfeited the whole match in round 1"
    )
    assert fits(page)
    shot(page, "team-no-show-question")
    page.get_by_role(
        "button", name="Withdraw it after round 1, pair the others"
    ).click()

    expect(page.get_by_text("Round 2 matches paired and posted")).to_be_visible()
    expect(page.locator(".pairing-notes")).to_contain_text(
        "4. Pier Pawns forfeited the whole match in round 1: withdrawn after round 1"
    )
    assert not TeamMatch.objects.filter(
        round__number=2, white_team__name="Pier Pawns"
    ).exists()
    assert not TeamMatch.objects.filter(
        round__number=2, black_team__name="Pier Pawns"
    ).exists()
    assert set(
        Player.objects.filter(section=section, start_number__in=[7, 8]).values_list(
            "withdrawn_after_round", flat=True
        )
    ) == {1}
    assert fits(page)
    shot(page, "team-no-show-round-two")
