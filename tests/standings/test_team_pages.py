"""Public team standings: a section's school teams and the whole event's, from the database.

The section is the hand-worked one of tests/engine/test_member_teams.py: scores 1: 2.5, 2: 1.5,
3: 0.5, 4: 2, 5: 1.5, 6: 1; North = 1, 6, 3 and South = 4, 2, 5; top 2 count.
"""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.builders import section_build
from tournaments import services
from tournaments.models import Player, Round, Section, Tournament

pytestmark = pytest.mark.django_db

ROUNDS = [
    "1-4 1-0, 2-5 =, 3-6 0-1",
    "1-6 1-0, 4-2 1-0, 3-5 =",
    "1-5 =, 2-6 1-0, 4-3 1-0",
]
NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]
TEAMS = {1: "North", 6: "North", 3: "North", 4: "South", 2: "South", 5: "South"}


# Both sections pooled, best three of six: North 2.5 + 2.5 + 1, South 2 + 2 + 1.5.
POOLED = [["1", "North", "6"], ["2", "South", "5.5"]]


def build(tournament: Tournament, name: str = "K-8") -> Section:
    section = section_build(
        ratings=[1500] * 6, rounds=ROUNDS, tournament=tournament, name=name, names=NAMES
    )
    Round.objects.filter(section=section).update(status=Round.Status.COMPLETE)
    for number, team in TEAMS.items():
        Player.objects.filter(section=section, start_number=number).update(club=team)
    return section


def rows(html: str) -> list[str]:
    """The team table's rows as text, one line each."""
    body = html.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    # The phone's copy of the players under the team name (the desktop has a column).
    body = re.sub(r'<div class="d-md-none[^"]*">.*?</div>', "", body, flags=re.S)
    return [
        " ".join(re.sub(r"<[^>]+>", " ", row).split())
        for row in body.split("</tr>")
        if row.strip()
    ]


def test_section_team_standings_show_counting_players_and_the_summed_tiebreak(
    anonymous: Client, tournament: Tournament
) -> None:
    section = build(tournament)
    services.section_team_scoring_post(
        section=section,
        top=2,
        min_players=2,
        order="cumulative",
        prizes=["Gold", "Silver"],
    )
    html = anonymous.get(
        reverse("standings:teams", args=[tournament.slug, section.pk])
    ).content.decode()
    # Tied on 3.5; Cumulative of the counting players: North 5.5 + 3, South 3 + 3.
    assert rows(html) == [
        "1 North 3.5 Ann 2.5 , Fay 1 , Cid 0.5 8.5 Gold",
        "2 South 3.5 Dee 2 , Eve 1.5 , Bob 1.5 6 Silver",
    ]
    assert "the best 2 scores of each team" in html
    # Each total says how it arose, player by player.
    assert (
        'title="8.5: the counting players&#x27; Cumulative (Ann: 5.5; Fay: 3)"' in html
    )


def test_mca_team_points_put_south_first(
    anonymous: Client, tournament: Tournament
) -> None:
    section = build(tournament)
    services.section_team_scoring_post(
        section=section, top=2, min_players=2, order="team_points"
    )
    html = anonymous.get(
        reverse("standings:teams", args=[tournament.slug, section.pk])
    ).content.decode()
    assert [r.split()[:3] for r in rows(html)] == [
        ["1", "South", "3.5"],
        ["2", "North", "3.5"],
    ]


def test_after_round_one_the_page_reads_round_one(
    anonymous: Client, tournament: Tournament
) -> None:
    section = build(tournament)
    services.section_team_scoring_post(
        section=section, top=None, min_players=1, order=""
    )
    url = reverse("standings:teams", args=[tournament.slug, section.pk])
    html = anonymous.get(url, {"round": 1}).content.decode()
    # Round 1: North 1 + 1 + 0 (Ann, Fay, Cid), South 0 + 0.5 + 0.5.
    assert [r.split()[:3] for r in rows(html)] == [
        ["1", "North", "2"],
        ["2", "South", "1"],
    ]
    assert "after round 1 of 3" in html


def test_a_team_below_the_minimum_is_shown_without_a_place(
    anonymous: Client, tournament: Tournament
) -> None:
    section = build(tournament)
    Player.objects.filter(section=section, start_number=3).update(club="East")
    services.section_team_scoring_post(section=section, top=2, min_players=2, order="")
    html = anonymous.get(
        reverse("standings:teams", args=[tournament.slug, section.pk])
    ).content.decode()
    assert rows(html)[-1].startswith("– East 0.5 Cid 0.5 (too few players to place)")


def test_the_teams_tab_appears_only_with_team_scoring(
    anonymous: Client, tournament: Tournament
) -> None:
    section = build(tournament)
    standings_url = reverse("standings:standings", args=[tournament.slug, section.pk])
    teams_url = reverse("standings:teams", args=[tournament.slug, section.pk])
    assert teams_url not in anonymous.get(standings_url).content.decode()
    assert "has no team scoring posted" in anonymous.get(teams_url).content.decode()
    services.section_team_scoring_post(
        section=section, top=None, min_players=1, order=""
    )
    assert teams_url in anonymous.get(standings_url).content.decode()


def test_event_team_standings_pool_every_section(
    anonymous: Client, tournament: Tournament
) -> None:
    build(tournament, "K-8")
    build(tournament, "K-5")
    services.tournament_team_scoring_post(
        tournament=tournament, top=3, min_players=2, order="team_points"
    )
    html = anonymous.get(
        reverse("standings:event_teams", args=[tournament.slug])
    ).content.decode()
    # Best three of six: North 2.5 + 2.5 + 1, South 2 + 2 + 1.5; every member: North 8, South 10.
    assert [r.split()[:3] for r in rows(html)] == POOLED
    assert "Ann (K-5) 2.5" in html and "Ann (K-8) 2.5" in html
    assert (
        reverse("standings:event_teams", args=[tournament.slug])
        in anonymous.get(
            reverse("standings:tournament", args=[tournament.slug])
        ).content.decode()
    )


def test_a_draft_has_no_public_team_page(
    anonymous: Client, tournament: Tournament
) -> None:
    section = build(tournament)
    services.section_team_scoring_post(
        section=section, top=None, min_players=1, order=""
    )
    services.tournament_team_scoring_post(
        tournament=tournament, top=None, min_players=1, order=""
    )
    Tournament.objects.filter(pk=tournament.pk).update(is_published=False)
    assert (
        anonymous.get(
            reverse("standings:teams", args=[tournament.slug, section.pk])
        ).status_code
        == 404
    )
    assert (
        anonymous.get(
            reverse("standings:event_teams", args=[tournament.slug])
        ).status_code
        == 404
    )


def test_the_prize_list_names_the_team_trophies_by_place(
    anonymous: Client, tournament: Tournament
) -> None:
    section = build(tournament)
    url = reverse("standings:prizes", args=[tournament.slug, section.pk])
    assert "Team prizes" not in anonymous.get(url).content.decode()
    services.section_team_scoring_post(
        section=section,
        top=2,
        min_players=2,
        order="cumulative",
        prizes=["Gold", "Silver"],
    )
    html = anonymous.get(url).content.decode()
    text = " ".join(re.sub(r"<[^>]+>", " ", html).split())
    assert "Gold : North (place 1, 3.5)" in text
    assert "Silver : South (place 2, 3.5)" in text


def test_teams_still_tied_for_a_trophy_are_flagged_for_the_td(
    anonymous: Client, tournament: Tournament
) -> None:
    section = build(tournament)
    services.section_team_scoring_post(
        section=section, top=2, min_players=2, order="", prizes=["Gold"]
    )
    html = anonymous.get(
        reverse("standings:prizes", args=[tournament.slug, section.pk])
    ).content.decode()
    assert "tied after every team tiebreak" in html


def test_group_team_standings_pool_only_the_chosen_sections(
    anonymous: Client, tournament: Tournament
) -> None:
    k8 = build(tournament, "K-8")
    k5 = build(tournament, "K-5")
    build(tournament, "Open")
    services.tournament_team_scoring_post(
        tournament=tournament,
        top=3,
        min_players=2,
        order="team_points",
        prizes=["School trophy"],
        sections=[k8.pk, k5.pk],
    )
    html = anonymous.get(
        reverse("standings:event_teams", args=[tournament.slug])
    ).content.decode()
    # As for the whole event of two sections: the Open's players do not count.
    assert [r.split()[:3] for r in rows(html)] == POOLED
    assert "Team standings, K-5, K-8</h1>" in html
    assert "Ann (K-5) 2.5" in html and "Ann (K-8) 2.5" in html
    assert "(Open)" not in html
    assert "School trophy" in rows(html)[0]
