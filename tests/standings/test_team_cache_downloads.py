"""The team pages are cached like the other public pages (ETag and 304, the body by the
section's version, the whole response for a plain visitor) and offer the team standings as
CSV and JSON files.

The school section is the hand-worked one of test_team_pages.py (North 2 + 2.5... best two:
North 3.5, South 3.5, cumulative breaks the tie); the league is test_team_lineups.py's.
"""

from __future__ import annotations

import csv
import io
import json
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.standings.test_team_pages import build, two_groups
from tests.tournaments.test_team_lineups import league
from tournaments import services
from tournaments.models import Pairing, Player, Result, Section, Tournament

pytestmark = pytest.mark.django_db

BOM = "\ufeff"


def school(tournament: Tournament, name: str = "K-8") -> Section:
    section = build(tournament, name)
    services.section_team_scoring_post(
        section=section, top=2, min_players=2, order="cumulative", prizes=["Gold"]
    )
    return section


def teams_url(section: Section, name: str = "teams") -> str:
    return reverse(f"standings:{name}", args=[section.tournament.slug, section.pk])


def rows(response: Any) -> list[list[str]]:
    text = response.content.decode()
    assert text.startswith(BOM)
    return list(csv.reader(io.StringIO(text.removeprefix(BOM))))


# ---- cache -------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["school", "league", "match", "event"])
def test_a_team_page_answers_304_to_its_etag_and_is_kept_for_plain_visitors(
    anonymous: Client, tournament: Tournament, settings: Any, kind: str
) -> None:
    if kind == "school":
        url = teams_url(school(tournament))
    elif kind == "event":
        services.tournament_team_scoring_post(
            tournament=tournament,
            top=3,
            min_players=2,
            order="",
            sections=[school(tournament).pk],
        )
        url = reverse("standings:event_teams", args=[tournament.slug])
    else:
        section = league(tournament)
        url = (
            teams_url(section)
            if kind == "league"
            else reverse(
                "standings:team_match", args=[tournament.slug, section.pk, 1, 1]
            )
        )
    first = anonymous.get(url)
    assert first.status_code == 200
    assert first["ETag"]
    assert anonymous.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    # Within the freshness window a plain visitor's page costs no query at all.
    settings.PUBLIC_PAGES_FRESH_SECONDS = 60
    anonymous.get(url)
    with CaptureQueriesContext(connection) as queries:
        again = anonymous.get(url)
    assert len(queries) == 0
    assert again.content == first.content


def test_a_result_makes_the_school_team_page_new(
    anonymous: Client, tournament: Tournament
) -> None:
    section = school(tournament)
    first = anonymous.get(teams_url(section))
    pairing = Pairing.objects.get(round__section=section, round__number=3, board=1)
    services.result_record(
        pairing=pairing, result=Result.BLACK_WIN, based_on=Result.DRAW
    )
    again = anonymous.get(teams_url(section), HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 200
    assert again["ETag"] != first["ETag"]
    assert again.content != first.content


def test_a_club_edited_makes_the_school_team_page_new(
    anonymous: Client, tournament: Tournament
) -> None:
    section = school(tournament)
    first = anonymous.get(teams_url(section)).content.decode()
    assert "Northeast" not in first
    Player.objects.filter(section=section, club="North").update(club="Northeast")
    assert "Northeast" in anonymous.get(teams_url(section)).content.decode()


def test_a_line_up_change_makes_the_league_pages_new(
    anonymous: Client, tournament: Tournament
) -> None:
    section = league(tournament)
    match = reverse("standings:team_match", args=[tournament.slug, section.pk, 1, 1])
    first = anonymous.get(match)
    assert "Bea" in first.content.decode()
    services.team_lineup_set(section=section, number=1, team=1, players=[1, 3, 4])
    again = anonymous.get(match, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 200
    assert "Bea" not in again.content.decode()
    assert "Dot" in again.content.decode()


def test_rosters_posted_again_make_the_league_page_new(
    anonymous: Client, tournament: Tournament
) -> None:
    from tests.tournaments.test_team_sections import ORDER, ROSTERS, team_section

    section = team_section(tournament)
    first = anonymous.get(teams_url(section))
    # The same settings, two players swapped between teams: only the rosters change.
    swapped = [("A", [1, 3]), ("B", [2, 4]), *ROSTERS[2:]]
    services.section_teams_set(section=section, boards=2, rosters=swapped, order=ORDER)
    again = anonymous.get(teams_url(section), HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 200
    assert again["ETag"] != first["ETag"]


def test_the_event_page_follows_its_sections_and_not_the_others(
    anonymous: Client, tournament: Tournament
) -> None:
    k8 = school(tournament, "K-8")
    outside = school(tournament, "Open")
    services.tournament_team_scoring_post(
        tournament=tournament, top=2, min_players=2, order="", sections=[k8.pk]
    )
    url = reverse("standings:event_teams", args=[tournament.slug])
    first = anonymous.get(url)
    pairing = Pairing.objects.get(round__section=outside, round__number=3, board=1)
    services.result_record(
        pairing=pairing, result=Result.BLACK_WIN, based_on=Result.DRAW
    )
    assert anonymous.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    pairing = Pairing.objects.get(round__section=k8, round__number=3, board=1)
    services.result_record(
        pairing=pairing, result=Result.BLACK_WIN, based_on=Result.DRAW
    )
    again = anonymous.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 200
    assert again.content != first.content


# ---- files -------------------------------------------------------------------------------------


def test_school_team_standings_as_csv(
    anonymous: Client, tournament: Tournament
) -> None:
    section = school(tournament)
    Player.objects.filter(section=section, club="South").update(club="=SUM(A1)")
    response = anonymous.get(teams_url(section, "teams_csv"))
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert (
        response["Content-Disposition"]
        == f'attachment; filename="{tournament.slug}-K-8-teams.csv"'
    )
    got = rows(response)
    assert got[0] == [
        "rank",
        "shared",
        "team",
        "score",
        "cumulative",
        "prize",
        "counting",
        "others",
    ]
    # Best two: North Ann 2.5 + Fay 1, South Dee 2 + Bob 1.5 (or Eve 1.5), 3.5 each.
    assert [r[:4] for r in got[1:]] == [
        ["1", "no", "North", "3.5"],
        ["2", "no", "'=SUM(A1)", "3.5"],
    ]
    assert got[1][5] == "Gold"
    assert got[1][6].startswith("Ann (K-8) 2.5; ")
    assert got[1][7] == "Cid (K-8) 0.5"


def test_school_team_standings_as_json(
    anonymous: Client, tournament: Tournament
) -> None:
    section = school(tournament)
    document = json.loads(anonymous.get(teams_url(section, "teams_json")).content)
    assert document["tournament"] == tournament.slug
    assert document["sections"] == [{"section": "K-8", "after_round": 3}]
    assert (document["top"], document["min_players"]) == (2, 2)
    north = document["teams"][0]
    assert (north["rank"], north["team"], north["score"], north["prize"]) == (
        1,
        "North",
        "3.5",
        "Gold",
    )
    assert [(p["name"], p["score"], p["counting"]) for p in north["players"]] == [
        ("Ann", "2.5", True),
        ("Fay", "1", True),
        ("Cid", "0.5", False),
    ]


def test_league_standings_as_csv_and_json(
    anonymous: Client, tournament: Tournament
) -> None:
    section = league(tournament)
    results = {1: Result.WHITE_WIN, 2: Result.DRAW, 3: Result.BLACK_WIN}
    for pairing in Pairing.objects.filter(round__section=section):
        services.result_record(
            pairing=pairing, result=results[pairing.board or 0], based_on=Result.PENDING
        )
    # A: Ann 1, Bea ½ (Black on board 2), Cy 0 = 1.5; B 1.5: a drawn match.
    got = rows(anonymous.get(teams_url(section, "teams_csv")))
    assert got[0][:6] == [
        "rank",
        "shared",
        "number",
        "team",
        "match_points",
        "game_points",
    ]
    assert got[0][-2:] == ["r1", "prize"]
    assert [(r[3], r[4], r[5], r[-2]) for r in got[1:]] == [
        ("A", "1", "1.5", "D2 1.5-1.5"),
        ("B", "1", "1.5", "D1 1.5-1.5"),
    ]
    document = json.loads(anonymous.get(teams_url(section, "teams_json")).content)
    a = document["teams"][0]
    assert a["matches"] == [
        {
            "round": 1,
            "result": "D",
            "opponent": 2,
            "game_points": "1.5",
            "opponent_game_points": "1.5",
            "table": 1,
        }
    ]
    assert [m["name"] for m in a["roster"]] == ["Ann", "Bea", "Cy", "Dot"]
    assert document["match_points"] == "2/1/0"


def test_event_team_standings_as_files(
    anonymous: Client, tournament: Tournament
) -> None:
    k8, k5 = school(tournament, "K-8"), school(tournament, "K-5")
    services.tournament_team_scoring_post(
        tournament=tournament, top=3, min_players=2, order="", sections=[k8.pk, k5.pk]
    )
    response = anonymous.get(
        reverse("standings:event_teams_csv", args=[tournament.slug])
    )
    assert (
        response["Content-Disposition"]
        == f'attachment; filename="{tournament.slug}-teams.csv"'
    )
    assert [r[2:4] for r in rows(response)[1:]] == [["North", "6"], ["South", "5.5"]]
    document = json.loads(
        anonymous.get(
            reverse("standings:event_teams_json", args=[tournament.slug])
        ).content
    )
    assert {s["section"] for s in document["sections"]} == {"K-8", "K-5"}


def test_no_team_scoring_is_a_404_that_says_why(
    anonymous: Client, tournament: Tournament
) -> None:
    section = build(tournament)
    response = anonymous.get(teams_url(section, "teams_csv"))
    assert response.status_code == 404
    assert "has no team scoring posted" in response.content.decode()
    response = anonymous.get(
        reverse("standings:event_teams_json", args=[tournament.slug])
    )
    assert response.status_code == 404


def test_the_files_are_offered_once_the_section_is_final(
    anonymous: Client, tournament: Tournament
) -> None:
    section = school(tournament)
    csv_url = teams_url(section, "teams_csv")
    assert csv_url not in anonymous.get(teams_url(section)).content.decode()
    Section.objects.filter(pk=section.pk).update(is_final=True)
    assert csv_url in anonymous.get(teams_url(section)).content.decode()


def test_each_event_team_group_has_its_own_files_and_cache(
    anonymous: Client, tournament: Tournament
) -> None:
    _k8, k5 = two_groups(tournament)
    slug = tournament.slug
    response = anonymous.get(reverse("standings:event_team_group_csv", args=[slug, 2]))
    assert (
        response["Content-Disposition"] == f'attachment; filename="{slug}-teams-2.csv"'
    )
    assert [r[2:4] for r in rows(response)[1:]] == [["North", "3.5"], ["South", "3.5"]]
    document = json.loads(
        anonymous.get(
            reverse("standings:event_team_group_json", args=[slug, 1])
        ).content
    )
    assert document["group"] == {"id": 1, "name": "Primary"}
    assert [s["section"] for s in document["sections"]] == ["K-8"]
    assert [t["team"] for t in document["teams"]] == ["South", "North"]
    # A result in group 2's section leaves group 1's page as it was, and renews group 2's.
    pages = [reverse("standings:event_team_group", args=[slug, g]) for g in (1, 2)]
    first = [anonymous.get(url) for url in pages]
    pairing = Pairing.objects.get(round__section=k5, round__number=3, board=1)
    services.result_record(
        pairing=pairing, result=Result.BLACK_WIN, based_on=Result.DRAW
    )
    assert (
        anonymous.get(pages[0], HTTP_IF_NONE_MATCH=first[0]["ETag"]).status_code == 304
    )
    assert (
        anonymous.get(pages[1], HTTP_IF_NONE_MATCH=first[1]["ETag"]).status_code == 200
    )
