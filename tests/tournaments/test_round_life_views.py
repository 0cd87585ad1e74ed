"""A round's life through the TD's pages: the questions before pairing, a final section reopened
with a reason that the public pages show."""

from __future__ import annotations

from html import unescape
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.builders import section_build
from tournaments import services
from tournaments.models import CheckIn, Pairing, Player, Round, Section, Tournament

pytestmark = pytest.mark.django_db

RATINGS = [2000, 1900, 1800, 1700, 1600]


def url(
    section: Section, name: str = "round_detail", number: int = 1, **kw: Any
) -> str:
    return reverse(
        f"tournaments:{name}",
        kwargs={
            "slug": section.tournament.slug,
            "section": section.pk,
            "number": number,
            **kw,
        },
    )


@pytest.fixture
def five(tournament: Tournament) -> Section:
    return section_build(
        ratings=RATINGS, rounds=[], rounds_total=3, tournament=tournament
    )


def test_pairing_round_one_without_an_order_offers_the_default_or_the_tiebreaks_page(
    td_client: Client, five: Section
) -> None:
    response = td_client.post(url(five, "round_pair"))

    html = unescape(response.content.decode())
    assert response.status_code == 200
    assert services.ROUND_PAIR_NO_ORDER.format(section=five.name) in html
    tiebreaks = reverse(
        "tournaments:section_tiebreaks",
        kwargs={"slug": five.tournament.slug, "section": five.pk},
    )
    assert f'href="{tiebreaks}"' in html
    assert 'name="post_default_order" value="1"' in html
    assert "Modified Median, Solkoff, Cumulative, Cumulative of Opposition" in html
    assert not Pairing.objects.exists()


def test_the_default_order_then_the_absent_players_then_the_pairings(
    td_client: Client, five: Section
) -> None:
    CheckIn.objects.bulk_create(
        CheckIn(player=p, round_number=1)
        for p in Player.objects.filter(section=five, start_number__lte=4)
    )

    asked = td_client.post(url(five, "round_pair"), {"post_default_order": "1"})

    html = asked.content.decode()
    assert "1 player has not checked in" in html
    assert "5. Player 5" in html
    # The answer already given travels with the next question.
    assert 'name="post_default_order" value="1"' in html
    assert not Pairing.objects.exists()

    done = td_client.post(
        url(five, "round_pair"),
        {"post_default_order": "1", "absent": services.ABSENT_ZERO_BYE},
        follow=True,
    )

    assert done.redirect_chain[-1][0] == url(five)
    assert Round.objects.get(section=five, number=1).status == Round.Status.DRAFT
    assert Pairing.objects.get(white__start_number=5).result == "bye_zero"
    assert "default tiebreak order was posted" in done.content.decode()


def test_a_reopened_section_shows_the_reason_on_its_public_pages(
    td_client: Client,
    anonymous: Client,
    tournament: Tournament,
    five: Section,
    settings: Any,
) -> None:
    settings.PUBLIC_PAGES_FRESH_SECONDS = 0  # each visit reads the section afresh
    final = reverse(
        "tournaments:section_final",
        kwargs={"slug": tournament.slug, "section": five.pk},
    )
    standings = reverse(
        "standings:standings", kwargs={"slug": tournament.slug, "section": five.pk}
    )
    td_client.post(final, {"final": "on"})
    assert "reopened" not in anonymous.get(standings).content.decode()

    refused = td_client.post(final, {"reason": ""}, follow=True)
    assert services.REOPEN_REASON in refused.content.decode()
    five.refresh_from_db()
    assert five.is_final

    td_client.post(final, {"reason": "Board 7 was entered the wrong way round"})
    td_client.post(final, {"final": "on"})  # final again: the reopening still shows

    html = anonymous.get(standings).content.decode()
    assert "Results reopened on" in html
    assert "Board 7 was entered the wrong way round" in html
