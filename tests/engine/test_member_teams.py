"""Teams inside an individual section: top-N team scores, minimum players, summed tiebreaks.

The section (3 rounds, every game played):

    R1: 1-4 1-0, 2-5 =, 3-6 0-1   R2: 1-6 1-0, 2-4 0-1, 3-5 =   R3: 1-5 =, 2-6 1-0, 3-4 0-1

    player   1    2    3    4    5    6
    score    2.5  1.5  0.5  2    1.5  1
    cumul.   5.5  2.5  1    3    3    3      (running scores 1,2,2.5 / .5,.5,1.5 / 0,.5,.5 ...)

North = 1, 6, 3; South = 4, 2, 5.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from standings.engine.teams import (
    MemberTeamScoring,
    compute_member_teams,
    parse_member_order,
)
from tests.builders import crosstable, pid

F = Fraction
SECTION = crosstable(
    """
    1: +W4 +W6 =W5
    2: =W5 -B4 +W6
    3: -W6 =W5 -B4
    4: -B1 +W2 +W3
    5: =B2 =B3 =B1
    6: +B3 -B1 -B2
    """
)
NORTH_SOUTH = {pid(1): "North", pid(6): "North", pid(3): "North"} | {
    pid(4): "South",
    pid(2): "South",
    pid(5): "South",
}


def teams(
    order: str,
    top: int | None = 2,
    min_players: int = 2,
    team_of: dict[int, str] = NORTH_SOUTH,
):
    scoring = MemberTeamScoring(top, min_players, parse_member_order(order))
    return compute_member_teams(SECTION, team_of, scoring).rows


def test_team_score_is_the_sum_of_the_top_two_scores() -> None:
    rows = teams("cumulative")
    got = {r.team: (r.score, [c.player.start_number for c in r.counting]) for r in rows}
    # North: 2.5 + 1 (player 3's 0.5 does not count); South: 2 + 1.5.
    assert got == {"North": (F(7, 2), [1, 6]), "South": (F(7, 2), [4, 5])}


def test_tied_teams_are_separated_by_the_counting_players_summed_tiebreak() -> None:
    # Cumulative: North 5.5 + 3 = 8.5 against South 3 + 3 = 6 (player 5's 3 counts over player
    # 2's 2.5: tied on 1.5 at the cutoff, the team's better tiebreak counts).
    rows = teams("cumulative")
    assert [(r.rank, r.team, r.values[0][0]) for r in rows] == [
        (1, "North", F(17, 2)),
        (2, "South", F(6)),
    ]
    assert [c.opponent for c in rows[0].values[0][1].contributions] == [pid(1), pid(6)]


def test_mca_team_points_add_every_member_counting_or_not() -> None:
    # MCA 2001: "total game points scored by all team members": North 2.5 + 1 + 0.5 = 4,
    # South 2 + 1.5 + 1.5 = 5, so South is first although the top-two scores are equal.
    rows = teams("team_points,cumulative")
    assert [(r.rank, r.team, r.values[0][0]) for r in rows] == [
        (1, "South", F(5)),
        (2, "North", F(4)),
    ]


def test_all_players_count_when_no_cutoff_is_posted() -> None:
    rows = teams("", top=None)
    assert {r.team: r.score for r in rows} == {"North": F(4), "South": F(5)}
    assert all(r.others == () for r in rows)


def test_a_team_below_the_minimum_is_listed_after_the_placed_teams_unranked() -> None:
    team_of = dict(NORTH_SOUTH) | {pid(3): "East"}
    rows = teams("cumulative", team_of=team_of)
    assert [(r.rank, r.team, r.players) for r in rows] == [
        (1, "North", 2),
        (2, "South", 3),
        (None, "East", 1),
    ]


def test_teams_still_tied_share_the_rank() -> None:
    rows = teams("")
    assert [(r.rank, r.shared) for r in rows] == [(1, True), (1, True)]


def test_players_without_a_team_are_left_out() -> None:
    rows = teams("", min_players=1, team_of={pid(1): "North", pid(2): " "})
    assert [(r.team, r.players) for r in rows] == [("North", 1)]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("head_to_head", "cannot be added up"),
        ("coin_flip", "cannot be added up"),
        ("solkoff,solkoff", "twice"),
        ("team_points,team_points", "twice"),
        ("nonsense", "not a tiebreak"),
    ],
)
def test_bad_member_team_orders_are_refused(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_member_order(text)


def test_counting_players_and_minimum_must_be_positive() -> None:
    with pytest.raises(ValueError, match="counting players"):
        MemberTeamScoring(top=0)
    with pytest.raises(ValueError, match="minimum"):
        MemberTeamScoring(min_players=0)
