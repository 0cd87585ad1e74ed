"""Find me: a player finds themself however they type their name, by start number or by US
Chess ID; the pairings by name are sorted by last name and show each result once entered."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.builders import section_build
from tournaments.models import Pairing, Player, Result, Section, Tournament
from tournaments.services.trf_import import tournament_import_trf

pytestmark = pytest.mark.django_db

NAMES = ["Ju, Wenjun", "Herrera, Tomás", "O'Brien, Sean", "Adams, Michael"]


@pytest.fixture
def section(tournament: Tournament) -> Section:
    section = section_build(
        tournament=tournament,
        ratings=[2500, 2400, 2300, 2200],
        names=NAMES,
        rounds=["1-2 ?, 3-4 1-0"],
        rounds_total=5,
    )
    Player.objects.filter(section=section, start_number=4).update(uschess_id="12345678")
    return section


def _found(client: Client, tournament: Tournament, q: str) -> list[str]:
    response = client.get(
        reverse("standings:me_search", kwargs={"slug": tournament.slug}), {"q": q}
    )
    assert response.status_code == 200, response.content
    return re.findall(
        r'class="stretched-link fs-5" href="[^"]*">([^<]*)<', response.content.decode()
    )


@pytest.mark.parametrize(
    ("q", "who"),
    [
        ("Wenjun Ju", "Ju, Wenjun"),
        ("Ju Wenjun", "Ju, Wenjun"),
        ("tomas", "Herrera, Tomás"),
        ("OBrien", "O&#x27;Brien, Sean"),
        ("sean o", "O&#x27;Brien, Sean"),
        ("2", "Herrera, Tomás"),
        ("12345678", "Adams, Michael"),
    ],
)
def test_find_me_finds_a_player_however_the_name_or_number_is_typed(
    anonymous: Client, section: Section, q: str, who: str
) -> None:
    assert _found(anonymous, section.tournament, q) == [who]


def test_find_me_lists_matches_by_last_name(
    anonymous: Client, section: Section
) -> None:
    Player.objects.create(section=section, start_number=5, name="Zeta, Sean")
    Player.objects.create(section=section, start_number=6, name="Sean Abbott")
    assert _found(anonymous, section.tournament, "sean") == [
        "Sean Abbott",
        "O&#x27;Brien, Sean",
        "Zeta, Sean",
    ]
    assert _found(anonymous, section.tournament, "ean") == []  # no part starts with it


def test_find_me_a_single_letter_is_refused_with_a_message(
    anonymous: Client, section: Section
) -> None:
    response = anonymous.get(
        reverse("standings:me_search", kwargs={"slug": section.tournament.slug}),
        {"q": "J"},
    )
    assert response.status_code == 400
    assert "at least two letters" in response.content.decode()


def test_imported_trf_names_lose_their_padding_and_are_found(
    anonymous: Client, tmp_path: Path
) -> None:
    line = "001    1 m    Player   37                       2805" + " " * 36
    text = "012 Padded names\nXXR 5\n" + line + "\n"
    tournament = tournament_import_trf(text=text, publish=True)
    assert Player.objects.get(section__tournament=tournament).name == "Player 37"
    assert _found(anonymous, tournament, "Player 37") == ["Player 37"]


def test_pairings_by_name_sort_by_last_name_and_show_results(
    anonymous: Client, section: Section
) -> None:
    Pairing.objects.filter(round__section=section, board=1).update(result=Result.DRAW)
    html = anonymous.get(
        reverse(
            "standings:pairings",
            kwargs={
                "slug": section.tournament.slug,
                "section": section.pk,
                "number": 1,
            },
        )
    ).content.decode()
    by_name = html.split('id="by-name"', 1)[1]
    rows = re.findall(
        r"<tr[^>]*><td class=\"name\"><a [^>]*>([^<]*)</a>.*?</tr>", by_name, re.S
    )
    assert rows == [
        "Adams, Michael",
        "Herrera, Tomás",
        "Ju, Wenjun",
        "O&#x27;Brien, Sean",
    ]
    results = re.findall(r'<td class="text-center">([^<]*)</td></tr>', by_name)
    # The board's result, beside the colour (Adams had Black on the board O'Brien won).
    assert results == ["1-0", "½-½", "½-½", "1-0"]
