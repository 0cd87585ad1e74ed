"""Fixed-roster team standings and the team tiebreaks of the SwissSys list and MCA 2001, hand-worked.

The event used throughout: four teams of four boards, three rounds, match points 2/1/0.

    R1: A-B 3-1, C-D 2-2    R2: A-C 2.5-1.5, B-D 4-0    R3: A-D 1-3, B-C 2-2

    team  match points       game points
    A     2+2+0 = 4          3+2.5+1 = 6.5
    B     0+2+1 = 3          1+4+2   = 7
    C     1+0+1 = 2          2+1.5+2 = 5.5
    D     1+0+2 = 3          2+0+3   = 5
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from standings.engine.teams import (
    ByeResult,
    MatchRecord,
    MatchScoring,
    TeamRef,
    TeamSnapshot,
    compute_team_standings,
    parse_team_order,
)

F = Fraction
A, B, C, D = 11, 12, 13, 14  # ids differ from team numbers on purpose
NAMES = {A: "A", B: "B", C: "C", D: "D"}
MATCHES = [
    (1, A, B, F(3), F(1)),
    (1, C, D, F(2), F(2)),
    (2, A, C, F(5, 2), F(3, 2)),
    (2, B, D, F(4), F(0)),
    (3, A, D, F(1), F(3)),
    (3, B, C, F(2), F(2)),
]


def records(
    matches: list[tuple[int, int, int, Fraction, Fraction]],
) -> tuple[MatchRecord, ...]:
    out = []
    for rnd, x, y, px, py in matches:
        out.append(MatchRecord(rnd, x, y, px, py))
        out.append(MatchRecord(rnd, y, x, py, px))
    return tuple(out)


def snapshot(
    primary: str = "match_points", scoring: str = "2/1/0", through: int = 3
) -> TeamSnapshot:
    teams = tuple(TeamRef(t, t - 10, NAMES[t]) for t in (A, B, C, D))
    return TeamSnapshot(
        teams, records(MATCHES), 3, through, MatchScoring.parse(scoring), primary
    )


def values(order: str, primary: str = "match_points") -> dict[str, Fraction]:
    standings = compute_team_standings(snapshot(primary), parse_team_order(order))
    return {row.team.name: row.values[0][0] for row in standings.rows}


def test_match_and_game_points_follow_each_board_total() -> None:
    standings = compute_team_standings(snapshot(), ())
    got = {r.team.name: (r.match_points, r.game_points) for r in standings.rows}
    assert got == {
        "A": (F(4), F(13, 2)),
        "B": (F(3), F(7)),
        "C": (F(2), F(11, 2)),
        "D": (F(3), F(5)),
    }


@pytest.mark.parametrize(
    ("order", "expected"),
    [
        # SwissSys list, team game points: "the individual games won by a team"; MCA 2001: "total
        # game points scored by all team members".
        ("game_points", {"A": F(13, 2), "B": F(7), "C": F(11, 2), "D": F(5)}),
        # SwissSys list: "the final score of the opposing team is multiplied by the number of
        # points scored against that team". A: B 3 x 3 + C 2 x 2.5 + D 3 x 1 = 17;
        # B: A 4 x 1 + D 3 x 4 + C 2 x 2 = 20; C: D 3 x 2 + A 4 x 1.5 + B 3 x 2 = 18;
        # D: C 2 x 2 + B 3 x 0 + A 4 x 3 = 16.
        ("opponents_score_x_points", {"A": F(17), "B": F(20), "C": F(18), "D": F(16)}),
        # The same with the opposing teams' game points as their final score:
        # A: 7 x 3 + 5.5 x 2.5 + 5 x 1 = 39.75; B: 6.5 x 1 + 5 x 4 + 5.5 x 2 = 37.5;
        # C: 5 x 2 + 6.5 x 1.5 + 7 x 2 = 33.75; D: 5.5 x 2 + 7 x 0 + 6.5 x 3 = 30.5.
        (
            "opponents_score_x_points:score=game_points",
            {"A": F(159, 4), "B": F(75, 2), "C": F(135, 4), "D": F(61, 2)},
        ),
        # Solkoff (34E2) read for teams: A 3+2+3, B 4+3+2, C 3+4+3, D 2+3+4.
        ("opponents_score", {"A": F(8), "B": F(9), "C": F(10), "D": F(9)}),
        ("match_points", {"A": F(4), "B": F(3), "C": F(2), "D": F(3)}),
    ],
    ids=[
        "game-points",
        "opp-score-x-points",
        "opp-score-x-points-gp",
        "opp-score",
        "mp",
    ],
)
def test_team_tiebreak_values_are_the_hand_worked_ones(
    order: str, expected: dict[str, Fraction]
) -> None:
    assert values(order) == expected


def test_game_points_first_tiebreak_puts_b_above_d_on_three_match_points() -> None:
    # MCA 2001: "total game points ... is the first tiebreak method used": B 7 > D 5.
    standings = compute_team_standings(snapshot(), parse_team_order("game_points"))
    assert [(r.rank, r.team.name, r.decided_by) for r in standings.rows] == [
        (1, "A", None),
        (2, "B", None),
        (3, "D", 0),
        (4, "C", None),
    ]


def test_equal_opponents_scores_leave_b_and_d_sharing_second() -> None:
    standings = compute_team_standings(snapshot(), parse_team_order("opponents_score"))
    assert [(r.rank, r.shared, r.team.name) for r in standings.rows] == [
        (1, False, "A"),
        (2, True, "B"),
        (2, True, "D"),
        (4, False, "C"),
    ]


def test_head_to_head_reads_only_the_match_between_the_tied_teams() -> None:
    # B beat D 4-0 in round 2: 2 match points against 0 among the tied pair; A and C are each
    # alone on their score and have no tied opponent (0).
    standings = compute_team_standings(
        snapshot(), parse_team_order("opponents_score,head_to_head")
    )
    got = {r.team.name: r.values[1][0] for r in standings.rows}
    assert got == {"A": F(0), "B": F(2), "C": F(0), "D": F(0)}
    assert [r.team.name for r in standings.rows] == ["A", "B", "D", "C"]
    assert standings.rows[2].decided_by == 1


def test_game_points_as_primary_score_with_one_half_zero_match_points() -> None:
    standings = compute_team_standings(
        snapshot(primary="game_points", scoring="1/0.5/0"),
        parse_team_order("match_points"),
    )
    assert [(r.team.name, r.score, r.values[0][0]) for r in standings.rows] == [
        ("B", F(7), F(3, 2)),
        ("A", F(13, 2), F(2)),
        ("C", F(11, 2), F(1)),
        ("D", F(5), F(3, 2)),
    ]


def test_a_team_bye_scores_what_was_posted_and_has_no_opponent_term() -> None:
    teams = (TeamRef(1, 1, "A"), TeamRef(2, 2, "B"), TeamRef(3, 3, "C"))
    recs = (
        *records([(1, 1, 2, F(3), F(1))]),
        MatchRecord(1, 3, None, F(2), bye=ByeResult.DRAW),
    )
    standings = compute_team_standings(
        TeamSnapshot(teams, recs, 1, 1), parse_team_order("opponents_score_x_points")
    )
    c = next(r for r in standings.rows if r.team.name == "C")
    assert (c.match_points, c.game_points, c.values[0][0]) == (F(1), F(2), F(0))
    assert c.values[0][1].contributions == ()


def test_explanation_lists_each_round_with_the_opposing_team() -> None:
    standings = compute_team_standings(
        snapshot(), parse_team_order("opponents_score_x_points")
    )
    b = next(r for r in standings.rows if r.team.name == "B")
    explanation = b.values[0][1]
    assert [
        (c.round, c.opponent, c.value, c.note) for c in explanation.contributions
    ] == [
        (1, A, F(4), "4 x 1 game points scored"),
        (2, D, F(12), "3 x 4 game points scored"),
        (3, C, F(4), "2 x 2 game points scored"),
    ]
    assert explanation.summary.startswith("20:")


def test_through_round_one_reads_only_round_one() -> None:
    standings = compute_team_standings(snapshot(through=1), ())
    assert {r.team.name: r.match_points for r in standings.rows} == {
        "A": F(2),
        "B": F(0),
        "C": F(1),
        "D": F(1),
    }


@pytest.mark.parametrize(
    ("recs", "message"),
    [
        (
            (MatchRecord(1, A, B, F(3), F(1)), MatchRecord(1, B, A, F(2), F(3))),
            "does not match",
        ),
        ((MatchRecord(1, A, B, F(3), F(1)),), "does not match"),
        ((MatchRecord(1, A, A, F(3), F(1)),), "not possible"),
        ((MatchRecord(4, A, None, F(3)),), "rounds 1 to 3"),
        ((MatchRecord(1, 99, None, F(3)),), "no such team"),
    ],
    ids=[
        "points-disagree",
        "one-sided",
        "against-itself",
        "round-after-event",
        "unknown-team",
    ],
)
def test_inconsistent_match_records_are_refused(
    recs: tuple[MatchRecord, ...], message: str
) -> None:
    teams = tuple(TeamRef(t, t - 10) for t in (A, B))
    with pytest.raises(ValueError, match=message):
        compute_team_standings(TeamSnapshot(teams, recs, 3, 3), ())


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("game_points,game_points", "twice"),
        ("buchholz_teams", "not a team tiebreak"),
        ("opponents_score:score=rating", "not allowed"),
    ],
)
def test_bad_team_orders_are_refused_with_the_item(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_team_order(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2/1/0", (F(2), F(1), F(0))),
        ("1/0.5/0", (F(1), F(1, 2), F(0))),
        ("1/½/0", (F(1), F(1, 2), F(0))),
    ],
)
def test_match_scoring_reads_the_posted_forms(
    text: str, expected: tuple[Fraction, ...]
) -> None:
    scoring = MatchScoring.parse(text)
    assert (scoring.win, scoring.draw, scoring.loss) == expected


@pytest.mark.parametrize("text", ["2/1", "1/1/0", "x/1/0", "0/1/2"])
def test_match_scoring_refuses_what_cannot_be_posted(text: str) -> None:
    with pytest.raises(ValueError, match="match points"):
        MatchScoring.parse(text)
