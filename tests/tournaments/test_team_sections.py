"""Fixed-roster team sections, from the rosters to the final round, through the services and the
TD's pages; the standings are the hand-worked ones below.

Four teams of two boards, a round robin (Berger tables), match points 2/1/0:

    R1: A-D 1.5-0.5, B-C 0-2     R2: D-C 1-1, A-B 1-1     R3: B-D 2-0, C-A 0-2

    team  MP         GP              opp. score x points (MP)    opp. scores   h2h (B, C)
    A     2+1+2 = 5  1.5+1+2 = 4.5   D 1x1.5 + B 3x1 + C 3x2 = 10.5  1+3+3 = 7
    B     0+1+2 = 3  0+1+2 = 3       C 3x0 + A 5x1 + D 1x2 = 7   3+5+1 = 9     0
    C     2+1+0 = 3  2+1+0 = 3       B 3x2 + D 1x1 + A 5x0 = 7   3+1+5 = 9     2
    D     0+1+0 = 1  0.5+1+0 = 1.5   A 5x0.5 + C 3x1 + B 3x0 = 5.5   5+3+3 = 11

B and C tie on match points, game points, the SwissSys list's opposing score x points and the
opposing teams' scores; C won their match, so head-to-head puts C second.
"""

from __future__ import annotations

import re
from fractions import Fraction
from html import unescape
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from standings.team_loaders import team_section_report
from tests.tournaments.builders import section_build
from tournaments import services
from tournaments.models import (
    Pairing,
    Result,
    Round,
    Section,
    TeamMatch,
    Tournament,
)
from tournaments.services import PairingRefused

pytestmark = pytest.mark.django_db

F = Fraction
ROSTERS = [("A", [1, 2]), ("B", [3, 4]), ("C", [5, 6]), ("D", [7, 8])]
ORDER = "game_points,opponents_score_x_points,opponents_score,head_to_head"
# Round -> (team, team) -> the first named team's points on boards 1 and 2.
RESULTS: dict[int, dict[tuple[str, str], tuple[Fraction | int, Fraction | int]]] = {
    1: {("A", "D"): (1, F(1, 2)), ("B", "C"): (0, 0)},
    2: {("D", "C"): (F(1, 2), F(1, 2)), ("A", "B"): (0, 1)},
    3: {("B", "D"): (1, 1), ("C", "A"): (0, 0)},
}


def team_section(
    tournament: Tournament, kind: str = Section.Kind.ROUND_ROBIN
) -> Section:
    section = section_build(
        tournament=tournament, ratings=[1800] * 8, rounds=[], rounds_total=3, kind=kind
    )
    services.section_teams_set(section=section, boards=2, rosters=ROSTERS, order=ORDER)
    return section


def enter(section: Section, number: int) -> None:
    """Enter round ``number``'s boards from RESULTS (White on board 1 is the first team's)."""
    round_ = section.rounds.get(number=number)
    for match in TeamMatch.objects.filter(round=round_).select_related(
        "white_team", "black_team"
    ):
        first, second = match.white_team.name, match.black_team.name  # type: ignore[union-attr]
        given = RESULTS[number]
        if (first, second) in given:
            points = [F(p) for p in given[(first, second)]]
        else:
            points = [1 - F(p) for p in given[(second, first)]]
        for board in (1, 2):
            pairing = Pairing.objects.get(
                round=round_, board=(match.table - 1) * 2 + board
            )
            mine = F(points[board - 1])
            # The first team has White on board 1 and Black on board 2.
            white = mine if board == 1 else 1 - mine
            result = {
                F(1): Result.WHITE_WIN,
                F(1, 2): Result.DRAW,
                F(0): Result.BLACK_WIN,
            }[white]
            services.result_record(
                pairing=pairing, result=result, based_on=Result.PENDING
            )
    Round.objects.filter(pk=round_.pk).update(status=Round.Status.COMPLETE)


def play(section: Section) -> None:
    for number in (1, 2, 3):
        services.team_round_pair(section=section)
        enter(section, number)


def test_three_rounds_give_the_hand_worked_team_standings(
    tournament: Tournament,
) -> None:
    section = team_section(tournament)
    play(section)
    report = team_section_report(section=section)
    got = [
        (
            r.rank,
            r.team.name,
            r.match_points,
            r.game_points,
            [v for v, _ in r.values],
            r.decided_by,
        )
        for r in report.standings.rows
    ]
    assert got == [
        (1, "A", F(5), F(9, 2), [F(9, 2), F(21, 2), F(7), F(0)], None),
        (2, "C", F(3), F(3), [F(3), F(7), F(9), F(2)], None),
        (3, "B", F(3), F(3), [F(3), F(7), F(9), F(0)], 3),
        (4, "D", F(1), F(3, 2), [F(3, 2), F(11, 2), F(11), F(0)], None),
    ]


def test_each_match_alternates_colours_down_the_boards(tournament: Tournament) -> None:
    section = team_section(tournament)
    services.team_round_pair(section=section)
    members = {p.pk: p.club for p in section.players.all()}
    for match in TeamMatch.objects.filter(round__section=section, round__number=1):
        one = Pairing.objects.get(round=match.round, board=(match.table - 1) * 2 + 1)
        two = Pairing.objects.get(round=match.round, board=(match.table - 1) * 2 + 2)
        assert members[one.white_id] == match.white_team.name
        assert members[two.black_id] == match.white_team.name  # type: ignore[index]


def test_berger_tables_pair_the_teams_of_a_round_robin(tournament: Tournament) -> None:
    section = team_section(tournament)
    services.team_round_pair(section=section)
    pairs = list(
        TeamMatch.objects.filter(round__section=section).values_list(
            "white_team__number", "black_team__number"
        )
    )
    assert pairs == [(1, 4), (2, 3)]


def test_a_round_waits_for_the_earlier_ones(tournament: Tournament) -> None:
    section = team_section(tournament)
    services.team_round_pair(section=section)
    with pytest.raises(ValidationError, match="Round 1 is not complete"):
        services.team_round_pair(section=section, number=2)
    with pytest.raises(ValidationError, match="already paired"):
        services.team_round_pair(section=section, number=1)


def test_the_individual_pairing_program_refuses_a_team_section(
    tournament: Tournament,
) -> None:
    section = team_section(tournament, kind=Section.Kind.SWISS)
    with pytest.raises(PairingRefused, match="team section"):
        services.round_pair(section=section, number=1)


def test_an_odd_number_of_teams_gives_one_team_byes_on_every_board(
    tournament: Tournament,
) -> None:
    section = section_build(
        tournament=tournament, ratings=[1800] * 6, rounds=[], rounds_total=3
    )
    services.section_teams_set(
        section=section, boards=2, rosters=[("A", [1, 2]), ("B", [3, 4]), ("C", [5, 6])]
    )
    round_ = services.team_round_pair(section=section)
    byes = Pairing.objects.filter(round=round_, black__isnull=True)
    assert sorted(p.white.start_number for p in byes) == [5, 6]
    assert {p.result for p in byes} == {Result.BYE_PAIRING}
    assert (
        TeamMatch.objects.get(round=round_, black_team__isnull=True).white_team.name
        == "C"
    )


@pytest.mark.parametrize(
    ("rosters", "boards", "message"),
    [
        ([("A", [1, 2]), ("B", [3, 9])], 2, "no player has start number 9"),
        ([("A", [1, 2]), ("B", [2, 3])], 2, "on two rosters"),
        ([("A", [1, 2]), ("B", [3])], 2, "a match needs 2"),
        ([("A", [1, 2]), ("a", [3, 4])], 2, "Two teams are named"),
        ([("A", [1, 2])], 2, "at least 2 teams"),
        ([("A", [1, 2]), ("B", [3, 4])], 13, "1 to 12 boards"),
    ],
)
def test_bad_rosters_are_refused_and_nothing_changes(
    tournament: Tournament,
    rosters: list[tuple[str, list[int]]],
    boards: int,
    message: str,
) -> None:
    section = section_build(tournament=tournament, ratings=[1800] * 4, rounds=[])
    with pytest.raises(ValidationError, match=message):
        services.section_teams_set(section=section, boards=boards, rosters=rosters)
    section.refresh_from_db()
    assert (section.team_boards, section.teams.count()) == (0, 0)


def test_rosters_lock_when_round_one_is_posted(tournament: Tournament) -> None:
    section = team_section(tournament)
    services.team_round_pair(section=section)
    with pytest.raises(ValidationError, match="locked"):
        services.section_teams_set(section=section, boards=2, rosters=ROSTERS)


def test_td_posts_rosters_pairs_and_the_public_sees_the_match(
    td_client: Client, anonymous: Client, tournament: Tournament
) -> None:
    section = section_build(
        tournament=tournament,
        ratings=[1800] * 8,
        rounds=[],
        rounds_total=3,
        kind=Section.Kind.ROUND_ROBIN,
    )
    setup = reverse(
        "tournaments:section_team_setup", args=[tournament.slug, section.pk]
    )
    response = td_client.post(
        setup,
        {
            "boards": "2",
            "rosters": "A: 1 2\nB: 3 4\nC: 5 6\nD: 7 8",
            "match_points": "2/1/0",
            "primary": "match_points",
            "order": ORDER,
        },
    )
    assert response.status_code == 302
    bad = td_client.post(
        setup,
        {
            "boards": "2",
            "rosters": "A 1 2",
            "match_points": "2/1/0",
            "primary": "match_points",
        },
    )
    assert bad.status_code == 200 and "must be" in bad.content.decode()
    pair = reverse("tournaments:team_round_pair", args=[tournament.slug, section.pk])
    assert td_client.post(pair).status_code == 302
    # The round page heads each match's boards with its teams (Berger round 1: A-D, B-C).
    round_page = td_client.get(
        reverse("tournaments:round_detail", args=[tournament.slug, section.pk, 1])
    ).content.decode()
    assert "Table 1: A – D" in round_page and "Table 2: B – C" in round_page
    enter(section, 1)
    page = anonymous.get(
        reverse("standings:teams", args=[tournament.slug, section.pk])
    ).content.decode()
    assert "W4" in page and "1½-½" in page  # A beat team 4 (D) 1½-½
    # Opposing score x points, explained round by round: D's 0 match points x 1.5.
    assert "R1 D: 0" in page
    match = anonymous.get(
        reverse("standings:team_match", args=[tournament.slug, section.pk, 1, 1])
    ).content.decode()
    assert "Round 1, table 1: 1. A" in match and "1½-½" in match


def _queries_for_report(tournament: Tournament, teams: int) -> int:
    section = section_build(
        tournament=tournament,
        name=f"T{teams}",
        ratings=[1800] * (2 * teams),
        rounds=[],
        rounds_total=3,
    )
    services.section_teams_set(
        section=section,
        boards=2,
        rosters=[(f"Team {t}", [2 * t + 1, 2 * t + 2]) for t in range(teams)],
    )
    round_ = services.team_round_pair(section=section)
    Pairing.objects.filter(round=round_, black__isnull=False).update(result=Result.DRAW)
    with CaptureQueriesContext(connection) as captured:
        report = team_section_report(section=section)
    assert report.standings.through_round == 1
    return len(captured)


def test_the_team_report_reads_the_database_in_a_constant_number_of_queries(
    tournament: Tournament,
) -> None:
    assert _queries_for_report(tournament, 4) == _queries_for_report(tournament, 12)


def test_the_wall_chart_shows_a_team_bye_as_a_match_won(
    anonymous: Client, tournament: Tournament
) -> None:
    section = section_build(
        tournament=tournament, ratings=[1800] * 6, rounds=[], rounds_total=3
    )
    services.section_teams_set(
        section=section, boards=2, rosters=[("A", [1, 2]), ("B", [3, 4]), ("C", [5, 6])]
    )
    round_ = services.team_round_pair(section=section)
    Pairing.objects.filter(round=round_, black__isnull=False).update(result=Result.DRAW)
    report = team_section_report(section=section)
    c = next(r for r in report.standings.rows if r.team.name == "C")
    # Two pairing byes of a point each: 2 game points and a match won (2 match points).
    assert (c.match_points, c.game_points) == (F(2), F(2))
    page = anonymous.get(
        reverse("standings:teams", args=[tournament.slug, section.pk])
    ).content.decode()
    assert 'bye</a><br><span class="text-body-secondary">2 · 2</span>' in page


def _pair_key(page: str) -> str:
    """The key the page's Pair form carries (one per page drawn)."""
    found = re.search(r'name="pair_key" value="([0-9a-f]+)"', page)
    assert found is not None, "the Pair form carries a key drawn with its page"
    return found[1]


def _matches(section: Section) -> list[tuple[object, ...]]:
    return list(
        Pairing.objects.filter(round__section=section)
        .order_by("pk")
        .values_list("pk", "round__number", "board", "white", "black", "result")
    )


def test_pair_and_post_sent_twice_is_answered_as_paired_with_one_set_of_matches(
    td_client: Client, tournament: Tournament
) -> None:
    section = team_section(tournament)
    setup = reverse(
        "tournaments:section_team_setup", args=[tournament.slug, section.pk]
    )
    page = td_client.get(setup).content.decode()
    assert 'name="number" value="1"' in page
    sent = {"number": "1", "pair_key": _pair_key(page)}
    pair = reverse("tournaments:team_round_pair", args=[tournament.slug, section.pk])
    # The plain form post (no JavaScript), followed as the browser does.
    td_client.post(pair, sent, follow=True)
    made = _matches(section)
    matches = list(TeamMatch.objects.order_by("pk").values_list("pk", flat=True))

    # The first answer lost over the hall's Wi-Fi: the browser sends the same form again.
    again = td_client.post(pair, sent, follow=True)

    said = unescape(again.content.decode())
    assert "Round 1 matches paired and posted." in said
    assert services.TEAM_PAIR_ALREADY.format(number=1) not in said
    assert services.TEAM_PAIR_PAIRED_MEANWHILE.format(number=1) not in said
    assert "Table 1: A – D" in said  # the round page, with its matches
    assert list(section.rounds.values_list("number", flat=True)) == [1]
    assert _matches(section) == made and len(made) == 4
    assert list(TeamMatch.objects.order_by("pk").values_list("pk", flat=True)) == (
        matches
    )
    # A form with no key (from before keys) is still told the round is paired; the round
    # it named is not followed by pairing round 2.
    old = td_client.post(pair, {"number": "1"}, follow=True)
    assert services.TEAM_PAIR_ALREADY.format(number=1) in unescape(old.content.decode())
    assert _matches(section) == made


def test_pair_from_a_page_opened_before_another_td_paired_says_paired_meanwhile(
    td_client: Client, other_td_client: Client, other_td: Any, tournament: Tournament
) -> None:
    tournament.directors.add(other_td)
    section = team_section(tournament)
    setup = reverse(
        "tournaments:section_team_setup", args=[tournament.slug, section.pk]
    )
    pair = reverse("tournaments:team_round_pair", args=[tournament.slug, section.pk])
    mine = _pair_key(td_client.get(setup).content.decode())
    theirs = _pair_key(other_td_client.get(setup).content.decode())
    other_td_client.post(pair, {"number": "1", "pair_key": theirs}, follow=True)
    made = _matches(section)

    late = td_client.post(pair, {"number": "1", "pair_key": mine}, follow=True)

    said = unescape(late.content.decode())
    assert services.TEAM_PAIR_PAIRED_MEANWHILE.format(number=1) in said
    assert "Round 1 matches paired and posted." not in said
    assert "Table 1: A – D" in said  # shown the matches as they are now
    assert _matches(section) == made


def test_pair_sent_twice_after_a_line_up_changed_its_boards_says_paired_meanwhile(
    tournament: Tournament,
) -> None:
    section = section_build(
        tournament=tournament, ratings=[1800] * 12, rounds=[], rounds_total=3
    )
    services.section_teams_set(
        section=section,
        boards=2,
        rosters=[
            ("A", [1, 2, 3]),
            ("B", [4, 5, 6]),
            ("C", [7, 8, 9]),
            ("D", [10, 11, 12]),
        ],
    )
    key = services.pair_key_new()
    services.team_round_pair(section=section, number=1, pair_key=key)
    # Another TD plays A's reserve on board 2 (the boards the press made changed).
    services.team_lineup_set(
        section=section,
        number=1,
        team=section.teams.get(name="A").number,
        players=[1, 3],
    )
    changed = _matches(section)

    with pytest.raises(services.TeamPairedMeanwhile) as refused:
        services.team_round_pair(section=section, number=1, pair_key=key)

    assert refused.value.messages == [
        services.TEAM_PAIR_PAIRED_MEANWHILE.format(number=1)
    ]
    assert _matches(section) == changed


def test_a_team_rounds_pairings_removed_take_its_matches_and_it_pairs_again(
    td_client: Client, tournament: Tournament
) -> None:
    section = team_section(tournament)
    one = services.team_round_pair(section=section, number=1)
    page = unescape(
        td_client.get(
            reverse("tournaments:round_detail", args=[tournament.slug, section.pk, 1])
        ).content.decode()
    )
    assert "Remove pairings" in page  # the round page offers it, as for any round

    services.round_pairings_remove(round_=one, confirm=True)

    assert not TeamMatch.objects.filter(round=one).exists()
    assert team_section_report(section=section).matches == []
    # Paired again: its matches made afresh, each team once (the old ones refused it).
    services.team_round_pair(section=section, number=1)
    assert TeamMatch.objects.filter(round=one).count() == 2
    assert Pairing.objects.filter(round=one).count() == 4


def test_pair_and_post_sent_again_after_its_matches_were_removed_says_so(
    td_client: Client, tournament: Tournament
) -> None:
    section = team_section(tournament)
    setup = reverse(
        "tournaments:section_team_setup", args=[tournament.slug, section.pk]
    )
    pair = reverse("tournaments:team_round_pair", args=[tournament.slug, section.pk])
    sent = {"number": "1", "pair_key": _pair_key(td_client.get(setup).content.decode())}
    td_client.post(pair, sent, follow=True)
    one = section.rounds.get(number=1)
    # Taken back from the round page (posted: confirmed).
    page = td_client.get(
        reverse("tournaments:round_detail", args=[tournament.slug, section.pk, 1])
    ).content.decode()
    unpair = reverse("tournaments:round_unpair", args=[tournament.slug, section.pk, 1])
    form = page[page.index(f'action="{unpair}"') :]
    td_client.post(
        unpair,
        {
            "confirm": "1",
            "based_on": form.split('name="based_on" value="')[1].split('"')[0],
            "results_seen": form.split('name="results_seen" value="')[1].split('"')[0],
        },
    )
    assert not Pairing.objects.filter(round=one).exists()

    # The first press arrives again (sent again after a dropped connection).
    again = td_client.post(pair, sent, follow=True)

    said = unescape(again.content.decode())
    assert services.TEAM_PAIR_REMOVED_MEANWHILE.format(number=1) in said
    assert "Round 1 matches paired and posted." not in said
    assert not Pairing.objects.filter(round=one).exists()
    assert not TeamMatch.objects.filter(round=one).exists()
    # The team page it lands on offers Pair and post round 1 with a key of its own.
    assert 'name="number" value="1"' in said
    assert _pair_key(said) != sent["pair_key"]
    with pytest.raises(ValidationError) as refused:
        services.team_round_pair(section=section, number=1, pair_key=sent["pair_key"])
    assert refused.value.messages == [
        services.TEAM_PAIR_REMOVED_MEANWHILE.format(number=1)
    ]
    services.team_round_pair(section=section, number=1, pair_key=_pair_key(said))
    assert TeamMatch.objects.filter(round=one).count() == 2


def _setup_version(page: str) -> str:
    found = re.search(r'name="based_on" value="([0-9a-f]+)"', page)
    assert found is not None, "the team form carries the version it was drawn from"
    return found[1]


def test_rosters_from_a_page_older_than_a_renumbering_are_refused(
    td_client: Client, tournament: Tournament
) -> None:
    section = section_build(
        tournament=tournament,
        ratings=[1800, 1700, 1600, 1500],
        rounds=[],
        rounds_total=3,
    )
    setup = reverse(
        "tournaments:section_team_setup", args=[tournament.slug, section.pk]
    )
    version = _setup_version(td_client.get(setup).content.decode())
    # Another TD corrects a rating: number 4 is number 1 now, and the others move down.
    services.player_update(player=section.players.get(start_number=4), rating=1900)
    data = {
        "boards": "2",
        "rosters": "A: 1 2\nB: 3 4",
        "match_points": "2/1/0",
        "primary": "match_points",
        "order": ORDER,
        "based_on": version,
    }

    response = td_client.post(setup, data, follow=True)

    html = response.content.decode()
    assert "The teams of Open changed after this page was opened" in html
    # What the TD typed is kept in the form, under the refusal.
    assert "A: 1 2\nB: 3 4</textarea>" in html
    assert not section.teams.exists()
    # From the page as it is now, the same rosters are saved; sent twice, they stand.
    data["based_on"] = _setup_version(response.content.decode())
    assert td_client.post(setup, data).status_code == 302
    assert td_client.post(setup, data).status_code == 302
    assert section.teams.count() == 2
