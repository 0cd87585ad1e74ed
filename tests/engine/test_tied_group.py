"""Result between tied players (Rozycki 1997, MCA 2001) and Head-to-head (SwissSys list): the tied group only."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from standings.engine import compute_standings, parse_order
from tests.builders import crosstable, pid

# Six players on 4 points from 6 rounds; players 20-45 are one-game opponents on 1 point or less.
#   1 beat 3, 4, 5 and lost to 6: 3-1 among the tied players, "plus two"
#   2 beat 6: 1-0, "plus one"
#   6 beat 1, lost to 2: 1-1
#   3, 4, 5 each lost to 1 and met no other tied player
SIX = """
1: +W3 +B4 +W5 -B6 +W20 -B21
2: +W22 +B23 -W24 +B25 +W6 -B26
3: * +W27 +B28 +W29 -B30 +W31
4: +W32 * +B33 +W34 +B35 -W36
5: +W37 +B38 * +W39 +B40 -W41
6: +W42 =B43 =W44 * * +B45
"""


def ranking(order: str) -> list[tuple[int, int, bool, list[int]]]:
    standings = compute_standings(crosstable(SIX), parse_order(order))
    return [
        (
            row.rank,
            row.player.start_number,
            row.shared,
            [int(v.value) for v in row.values],
        )
        for row in standings.rows
        if row.score == 4
    ]


def test_plus_minus_not_percentage() -> None:
    # Rozycki 1997 / MCA 2001: "rank according to plus or minus, not percentage (3-1) beats (1-0)"
    assert ranking("result_between_tied") == [
        (1, 1, False, [2]),
        (2, 2, False, [1]),
        (3, 6, False, [0]),
        (4, 3, True, [-1]),  # 3, 4, 5 never met each other: still tied, they share 4th
        (4, 4, True, [-1]),
        (4, 5, True, [-1]),
    ]


def test_head_to_head_loses_a_point_per_game_lost_in_the_group() -> None:
    # SwissSys list: "an arbitrary 100 point basis ... decreases that value by a point for every
    # game lost against any one of the other tied players" (one pass: the reading kept as option)
    assert ranking("head_to_head:passes=once") == [
        (1, 2, False, [100]),
        (2, 1, True, [99]),
        (2, 3, True, [99]),
        (2, 4, True, [99]),
        (2, 5, True, [99]),
        (2, 6, True, [99]),
    ]


def test_head_to_head_is_applied_again_to_the_players_a_pass_left_tied() -> None:
    # Pass 1: 2 keeps 100, the other five lost a game in the group (99). Pass 2 among 1, 3, 4, 5,
    # 6: 6 lost only to 2, now outside, so 6 stays on 100 and leads. Pass 3 among 1, 3, 4, 5: 1
    # lost only to 6, now outside. Pass 4 among 3, 4, 5: they never met, still tied.
    assert ranking("head_to_head") == [
        (1, 2, False, [100]),
        (2, 6, False, [99]),
        (3, 1, False, [99]),
        (4, 3, True, [99]),
        (4, 4, True, [99]),
        (4, 5, True, [99]),
    ]
    standings = compute_standings(crosstable(SIX), parse_order("head_to_head"))
    assert [r.value for r in standings.row(pid(6)).values[0].repeats] == [100]
    assert [r.value for r in standings.row(pid(1)).values[0].repeats] == [99, 100]
    assert [r.value for r in standings.row(pid(3)).values[0].repeats] == [99, 99, 100]


def test_group_is_the_players_still_tied_when_the_tiebreak_is_reached() -> None:
    # After one pass of head-to-head, 2 stands alone; among 1, 3, 4, 5, 6 the game 2-6 no longer
    # counts, so 6 is "plus one" and 2 (a group of one) gets 0.
    assert ranking("head_to_head:passes=once,result_between_tied") == [
        (1, 2, False, [100, 0]),
        (2, 1, False, [99, 2]),
        (3, 6, False, [99, 1]),
        (4, 3, True, [99, -1]),
        (4, 4, True, [99, -1]),
        (4, 5, True, [99, -1]),
    ]


def test_explanation_names_the_group_and_the_games() -> None:
    standings = compute_standings(crosstable(SIX), parse_order("result_between_tied"))
    explanation = standings.row(pid(1)).values[0].explanation
    assert [(c.round, c.opponent, c.value) for c in explanation.contributions] == [
        (1, pid(3), F(1)),
        (2, pid(4), F(1)),
        (3, pid(5), F(1)),
        (4, pid(6), F(-1)),
    ]
    assert "tied group: #2, #3, #4, #5, #6" in explanation.summary


# A beat B, B beat C, C beat A: every one of them is 1-1 within the group.
CYCLE = """
1: +W2 +B10 -W3
2: * +W3 +B11
3: +W12 * *
"""


@pytest.mark.parametrize(
    "order", ["result_between_tied", "head_to_head", "result_between_tied,head_to_head"]
)
def test_cycle_stays_tied(order: str) -> None:
    standings = compute_standings(crosstable(CYCLE), parse_order(order))
    top = [row for row in standings.rows if row.score == 2]
    assert [(row.rank, row.shared, row.player.start_number) for row in top] == [
        (1, True, 1),
        (1, True, 2),
        (1, True, 3),
    ]


FORFEIT = """
1: +F2 +B10 -W12
2: * +W11 +B13
"""


@pytest.mark.parametrize(
    ("order", "expected"),
    [
        ("result_between_tied", [0, 0]),
        ("result_between_tied:forfeits=include", [1, -1]),
        ("head_to_head", [100, 100]),
        ("head_to_head:forfeits=include", [100, 99]),
    ],
    ids=["rbt-exclude", "rbt-include", "h2h-exclude", "h2h-include"],
)
def test_forfeits_between_tied_players_count_only_when_asked(
    order: str, expected: list[int]
) -> None:
    standings = compute_standings(crosstable(FORFEIT), parse_order(order))
    assert [standings.row(pid(p)).values[0].value for p in (1, 2)] == expected


def test_draw_between_two_tied_players_does_not_break_the_tie() -> None:
    standings = compute_standings(
        crosstable("1: =W2 +B10\n2: * +W11"), parse_order("result_between_tied")
    )
    assert [(r.rank, r.shared) for r in standings.rows[:2]] == [(1, True), (1, True)]


# Four players on 2 points; among them A (1) beat B (2), B beat C (3), C beat D (4):
# A +1, B 0, C 0, D -1. The first pass leaves B and C tied; B beat C.
FOUR = """
1: +W2 -B10 +W11 -B12
2: -B1 +W3 +B13 -W14
3: +W15 -B2 +W4 -B16
4: +W17 +B18 -B3 -W19
"""


def places(order: str) -> list[tuple[int, int, bool]]:
    standings = compute_standings(crosstable(FOUR), parse_order(order))
    return [
        (row.rank, row.player.start_number, row.shared)
        for row in standings.rows
        if row.score == 2
    ]


@pytest.mark.parametrize(
    ("order", "expected"),
    [
        (
            "result_between_tied",
            [(1, 1, False), (2, 2, False), (3, 3, False), (4, 4, False)],
        ),
        (
            "result_between_tied:passes=once",
            [(1, 1, False), (2, 2, True), (2, 3, True), (4, 4, False)],
        ),
        # head-to-head, pass 1: A 100, B C D 99; pass 2 among B C D: B 100 (lost only to A);
        # pass 3 among C D: C 100 (lost only to B)
        ("head_to_head", [(1, 1, False), (2, 2, False), (3, 3, False), (4, 4, False)]),
        (
            "head_to_head:passes=once",
            [(1, 1, False), (2, 2, True), (2, 3, True), (2, 4, True)],
        ),
    ],
    ids=["rbt-repeat", "rbt-once", "h2h-repeat", "h2h-once"],
)
def test_players_a_pass_leaves_tied_are_separated_by_their_own_game(
    order: str, expected: list[tuple[int, int, bool]]
) -> None:
    assert places(order) == expected


def test_repeated_pass_values_and_the_tiebreak_that_decided_each_row() -> None:
    standings = compute_standings(crosstable(FOUR), parse_order("result_between_tied"))
    rows = [standings.row(pid(p)) for p in (1, 2, 3, 4)]
    # the first pass over the whole group is the value; the second pass (B and C) a repeat
    assert [r.values[0].value for r in rows] == [1, 0, 0, -1]
    assert [[x.value for x in r.values[0].repeats] for r in rows] == [[], [1], [-1], []]
    assert list(standings.rows[:4]) == rows
    # the score group is first; each row below its first was placed by tiebreak 0
    assert [r.decided_by for r in rows] == [None, 0, 0, 0]
    # below the group, the score decides
    assert standings.rows[4].score < 2 and standings.rows[4].decided_by is None


def test_once_leaves_the_two_tied_and_no_tiebreak_decided_between_them() -> None:
    standings = compute_standings(
        crosstable(FOUR), parse_order("result_between_tied:passes=once")
    )
    assert [r.decided_by for r in standings.rows[:4]] == [None, 0, None, 0]
    assert standings.separated_by(pid(2), pid(3)) is None
    assert standings.separated_by(pid(1), pid(4)) == 0


def test_head_to_head_explanation_reads_as_a_count_down_from_100() -> None:
    standings = compute_standings(
        crosstable(FOUR), parse_order("head_to_head:passes=once")
    )
    explanation = standings.row(pid(4)).values[0].explanation
    [start] = explanation.contributions
    assert start.describe(str) == "starting value: 100"
    assert [(d.round, d.amount, d.reason) for d in explanation.deductions] == [
        (3, 1, "lost to tied player #3")
    ]
