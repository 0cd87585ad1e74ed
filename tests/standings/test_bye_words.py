"""A bye in words: the TD's section page says why the TD gave one, in the table itself (a phone
shows no hover text); the public pages say its points and whether the player asked for it, never
why the TD gave it."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.builders import section_build
from tournaments.models import RequestedBye, Section, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def section(tournament: Tournament) -> Section:
    """Round 1: 5 asked for a zero-point bye, the TD gave 6 one (did not check in). Round 2
    (being played): 5 asked for a half-point bye, the TD gave 6 a zero-point bye for a forfeit
    loss the round before (the forfeit itself is not part of this story)."""
    section = section_build(
        tournament=tournament,
        ratings=[2200, 2100, 2000, 1900, 1800, 1700],
        rounds=["1-2 1-0, 3-4 =, 5 Z, 6 Z", "1-3 ?, 2-4 ?, 5 H, 6 Z"],
        rounds_total=3,
    )
    players = {p.start_number: p for p in section.players.all()}
    RequestedBye.objects.create(player=players[5], round_number=1, kind="zero")
    RequestedBye.objects.create(player=players[5], round_number=2, kind="half")
    RequestedBye.objects.create(
        player=players[6], round_number=1, kind="zero", reason="not_checked_in"
    )
    RequestedBye.objects.create(
        player=players[6], round_number=2, kind="zero", reason="forfeited"
    )
    return section


def _text(html: str) -> str:
    html = re.sub(r"<style.*?</style>", " ", html, flags=re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def _public(client: Client, name: str, section: Section, **kwargs: object) -> str:
    kw = {"slug": section.tournament.slug, "section": section.pk, **kwargs}
    return _text(client.get(reverse(f"standings:{name}", kwargs=kw)).content.decode())


def test_the_td_sees_why_a_bye_was_given_without_hovering(
    td_client: Client, section: Section
) -> None:
    kw = {"slug": section.tournament.slug, "section": section.pk}
    html = td_client.get(
        reverse("tournaments:section_detail", kwargs=kw)
    ).content.decode()
    rows = {
        int(m.group(1)): _text(m.group(2))
        for m in re.finditer(
            r'<td class="num">(\d+)</td>\s*<td class="name-cell">(.*?)</tr>', html, re.S
        )
    }
    # In the text of the row (twice: the phone's line under the name, the desktop's column),
    # not only in a title.
    assert rows[6].count("R1 U no check-in") == 2
    assert rows[6].count("R2 U after forfeit") == 2
    # A bye the player asked for is its letter alone.
    assert rows[5].count("R1 U") == 2 and "check-in" not in rows[5]
    assert rows[5].count("R2 H") == 2


def test_the_pairings_say_which_byes_were_requested_and_nothing_more(
    anonymous: Client, section: Section
) -> None:
    first = _public(anonymous, "pairings", section, number=1)
    # The byes under the boards, then the same in the list by name.
    assert re.findall(r"Player 5 \([^)]*\)[ :]*Zero-point bye \(requested\)", first)
    assert len(re.findall(r"Player 6 \([^)]*\)[ :]*Zero-point bye(?! \()", first)) == 2
    second = _public(anonymous, "pairings", section, number=2)
    assert (
        len(re.findall(r"Player 5 \([^)]*\)[ :]*Half-point bye \(requested\)", second))
        == 2
    )
    assert len(re.findall(r"Player 6 \([^)]*\)[ :]*Zero-point bye(?! \()", second)) == 2
    for text in (first, second):
        assert "check" not in text.lower() and "forfeit" not in text.lower()


def test_a_players_page_says_which_byes_were_requested_and_nothing_more(
    anonymous: Client, section: Section
) -> None:
    asked = _public(anonymous, "player", section, number=5)
    assert "zero-point bye (requested)" in asked.lower()
    assert "half-point bye (requested)" in asked.lower()
    given = _public(anonymous, "player", section, number=6).lower()
    assert "zero-point bye" in given and "(requested)" not in given
    assert "check" not in given and "forfeit" not in given
