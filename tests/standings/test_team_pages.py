"""Public team standings: a section's school teams and the whole event's, from the database.

The section is the hand-worked one of tests/engine/test_member_teams.py: scores 1: 2.5, 2: 1.5,
3: 0.5, 4: 2, 5: 1.5, 6: 1; North = 1, 6, 3 and South = 4, 2, 5; top 2 count.
"""

from __future__ import annotations

import re
from typing import Any

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
POOLED = [["1", "North", "6"], ["2", "South", "5½"]]


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
        "1 North 3½ Ann 2½ , Fay 1 , Cid ½ 8½ Gold",
        "2 South 3½ Dee 2 , Eve 1½ , Bob 1½ 6 Silver",
    ]
    assert "the best 2 scores of each team" in html
    # Each total says how it arose, player by player, its numbers written as in the cells
    # (the hover said "8.5" over a cell of "8½").
    assert 'title="8½: the counting players&#x27; Cumulative (Ann: 5½; Fay: 3)"' in html
    assert not re.search(r'title="[^"]*\d\.5', html)


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
        ["1", "South", "3½"],
        ["2", "North", "3½"],
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
    assert rows(html)[-1].startswith("– East ½ Cid ½ (too few players to place)")


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
    assert "Ann (K-5) 2½" in html and "Ann (K-8) 2½" in html
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
    assert "Gold : North (place 1, 3½)" in text
    assert "Silver : South (place 2, 3½)" in text


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
    assert "Team standings: K-5, K-8</h1>" in html
    assert "Ann (K-5) 2½" in html and "Ann (K-8) 2½" in html
    assert "(Open)" not in html
    assert "School trophy" in rows(html)[0]


# ---- several event team groups ("Primary", "High school")


def two_groups(tournament: Tournament) -> tuple[Section, Section]:
    """K-8 scored as "Primary" (group 1, best 3), K-5 as "High school" (group 2, best 2)."""
    k8, k5 = build(tournament, "K-8"), build(tournament, "K-5")
    services.tournament_team_scoring_post(
        tournament=tournament,
        top=3,
        min_players=2,
        order="team_points",
        group=1,
        name="Primary",
        sections=[k8.pk],
        prizes=["Primary cup"],
    )
    services.tournament_team_scoring_post(
        tournament=tournament,
        top=2,
        min_players=2,
        order="",
        group=2,
        name="High school",
        sections=[k5.pk],
    )
    return k8, k5


def test_each_group_has_its_own_page_over_its_own_sections(
    anonymous: Client, tournament: Tournament
) -> None:
    two_groups(tournament)
    primary = anonymous.get(
        reverse("standings:event_team_group", args=[tournament.slug, 1])
    ).content.decode()
    high = anonymous.get(
        reverse("standings:event_team_group", args=[tournament.slug, 2])
    ).content.decode()
    # Best 3 of K-8: North 2.5 + 1 + 0.5, South 2 + 1.5 + 1.5; best 2: 3.5 each, team
    # points (none posted for group 2): shared.
    assert [r.split()[:3] for r in rows(primary)] == [
        ["1", "South", "5"],
        ["2", "North", "4"],
    ]
    assert "Primary cup" in rows(primary)[0]
    assert "Team standings: Primary</h1>" in primary
    assert "(K-5)" not in primary
    assert [r.split()[:3] for r in rows(high)] == [
        ["=1", "North", "3½"],
        ["=1", "South", "3½"],
    ]
    assert "Team standings: High school</h1>" in high and "(K-8)" not in high
    # The old address (one group per event) shows the first group.
    first = anonymous.get(reverse("standings:event_teams", args=[tournament.slug]))
    assert rows(first.content.decode()) == rows(primary)
    missing = reverse("standings:event_team_group", args=[tournament.slug, 3])
    assert anonymous.get(missing).status_code == 404


def test_the_event_team_page_says_team_standings_once(
    anonymous: Client, tournament: Tournament
) -> None:
    two_groups(tournament)
    html = anonymous.get(
        reverse("standings:event_team_group", args=[tournament.slug, 1])
    ).content.decode()
    headings = re.findall(r"<h[1-6][^>]*>(.*?)</h[1-6]>", html, flags=re.S)
    assert [h for h in headings if "Team standings" in h] == ["Team standings: Primary"]


def test_a_group_of_one_section_names_it_once_not_on_every_player(
    anonymous: Client, tournament: Tournament
) -> None:
    two_groups(tournament)  # "Primary": the K-8 alone
    html = anonymous.get(
        reverse("standings:event_team_group", args=[tournament.slug, 1])
    ).content.decode()
    text = " ".join(re.sub(r"<[^>]+>", " ", html).split())
    # Read as a player: "Team standings: Primary", "K-8 section", then the teams.
    assert "Team standings: Primary K-8 section" in text
    assert "(K-8)" not in html
    assert "Ann 2½" in text  # a member as on a section's own team page
    assert "After round 3, the last complete round." in text


def group_post(tournament: Tournament, sections: list[Section], **posting: Any) -> None:
    """Post an event team group over ``sections`` (best 2, 2 to place, no tiebreak)."""
    services.tournament_team_scoring_post(
        tournament=tournament,
        top=2,
        min_players=2,
        order="",
        sections=[s.pk for s in sections],
        **posting,
    )


def group_links(html: str) -> list[tuple[str, str, bool]]:
    """The group page's links to the event's groups: (address, label, marked as this page)."""
    found = re.search(r'<ul[^>]*data-testid="team-groups">(.*?)</ul>', html, flags=re.S)
    if found is None:
        return []
    return [
        (href, label, "aria-current" in attrs)
        for href, attrs, label in re.findall(
            r'<a class="nav-link[^"]*" href="([^"]+)"([^>]*)>([^<]*)</a>', found[1]
        )
    ]


def test_each_group_page_links_every_group_of_the_event_its_own_marked(
    anonymous: Client, tournament: Tournament
) -> None:
    two_groups(tournament)
    slug = tournament.slug
    urls = [reverse("standings:event_team_group", args=[slug, g]) for g in (1, 2)]
    for n, url in enumerate(urls):
        links = group_links(anonymous.get(url).content.decode())
        assert links == [
            (urls[0], "Primary", n == 0),
            (urls[1], "High school", n == 1),
        ]
    # The old address (the first group) links the second one too.
    first = anonymous.get(reverse("standings:event_teams", args=[slug]))
    assert group_links(first.content.decode())[1] == (urls[1], "High school", False)


def test_a_group_without_a_name_is_linked_by_its_sections_names(
    anonymous: Client, tournament: Tournament
) -> None:
    two_groups(tournament)
    k3 = build(tournament, "K-3")
    group_post(tournament, [k3], group=None)
    html = anonymous.get(
        reverse("standings:event_team_group", args=[tournament.slug, 1])
    ).content.decode()
    assert [label for _, label, _ in group_links(html)] == [
        "Primary",
        "High school",
        "K-3",
    ]
    tournament_html = anonymous.get(
        reverse("standings:tournament", args=[tournament.slug])
    ).content.decode()
    url = reverse("standings:event_team_group", args=[tournament.slug, 3])
    assert f'href="{url}">Team standings: K-3</a>' in tournament_html


def test_an_event_with_one_group_shows_no_group_links(
    anonymous: Client, tournament: Tournament
) -> None:
    k8 = build(tournament, "K-8")
    group_post(tournament, [k8])
    html = anonymous.get(
        reverse("standings:event_team_group", args=[tournament.slug, 1])
    ).content.decode()
    assert 'data-testid="team-groups"' not in html


def test_a_group_page_follows_another_group_posted_renamed_or_taken_down(
    anonymous: Client, tournament: Tournament
) -> None:
    _k8, k5 = two_groups(tournament)
    url = reverse("standings:event_team_group", args=[tournament.slug, 1])
    first = anonymous.get(url)
    # Group 2 renamed: group 1's page is new at once (its link says the new name).
    group_post(
        tournament, [k5], group=2, name="Secondary", reason="The organizer's name"
    )
    renamed = anonymous.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert renamed.status_code == 200
    assert [label for _, label, _ in group_links(renamed.content.decode())] == [
        "Primary",
        "Secondary",
    ]
    # A third group posted (its section not started), then taken down: linked, then not.
    k3 = section_build(
        tournament=tournament, ratings=[1200, 1100], rounds=[], name="K-3"
    )
    group_post(tournament, [k3], group=None, name="Primary B")
    posted = anonymous.get(url, HTTP_IF_NONE_MATCH=renamed["ETag"])
    assert posted.status_code == 200
    assert [label for _, label, _ in group_links(posted.content.decode())] == [
        "Primary",
        "Secondary",
        "Primary B",
    ]
    services.tournament_team_group_clear(tournament=tournament, group=3)
    down = anonymous.get(url, HTTP_IF_NONE_MATCH=posted["ETag"])
    assert down.status_code == 200
    assert [label for _, label, _ in group_links(down.content.decode())] == [
        "Primary",
        "Secondary",
    ]


def test_the_tournament_page_links_every_group(
    anonymous: Client, tournament: Tournament
) -> None:
    two_groups(tournament)
    html = anonymous.get(
        reverse("standings:tournament", args=[tournament.slug])
    ).content.decode()
    for group, label in [(1, "Primary"), (2, "High school")]:
        url = reverse("standings:event_team_group", args=[tournament.slug, group])
        assert f'href="{url}">Team standings: {label}</a>' in html


def test_a_section_page_links_its_group_and_follows_a_new_posting(
    anonymous: Client, tournament: Tournament, settings: object
) -> None:
    k8 = build(tournament, "K-8")
    url = reverse("standings:standings", args=[tournament.slug, k8.pk])
    first = anonymous.get(url)
    assert "event-teams-link" not in first.content.decode()
    services.tournament_team_scoring_post(
        tournament=tournament,
        top=3,
        min_players=2,
        order="",
        name="Primary",
        sections=[k8.pk],
    )
    # The posting makes the section's pages new (their version counts the group).
    again = anonymous.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 200
    group = reverse("standings:event_team_group", args=[tournament.slug, 1])
    assert (
        f'href="{group}" data-testid="event-teams-link">Event teams: Primary</a>'
        in again.content.decode()
    )
    # A section outside every group has no such link.
    k5 = build(tournament, "K-5")
    other = anonymous.get(reverse("standings:standings", args=[tournament.slug, k5.pk]))
    assert "event-teams-link" not in other.content.decode()
