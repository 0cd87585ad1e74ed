"""Result between tied players (001, 004) and Head-to-head (002): they look only at the tied group."""

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
    # 001 / 004: "rank according to plus or minus, not percentage (3-1) beats (1-0)"
    assert ranking("result_between_tied") == [
        (1, 1, False, [2]),
        (2, 2, False, [1]),
        (3, 6, False, [0]),
        (4, 3, True, [-1]),  # 3, 4, 5 never met each other: still tied, they share 4th
        (4, 4, True, [-1]),
        (4, 5, True, [-1]),
    ]


def test_head_to_head_loses_a_point_per_game_lost_in_the_group() -> None:
    # 002: "an arbitrary 100 point basis ... decreases that value by a point for every game lost
    # against any one of the other tied players"
    assert ranking("head_to_head") == [
        (1, 2, False, [100]),
        (2, 1, True, [99]),
        (2, 3, True, [99]),
        (2, 4, True, [99]),
        (2, 5, True, [99]),
        (2, 6, True, [99]),
    ]


def test_group_is_the_players_still_tied_when_the_tiebreak_is_reached() -> None:
    # After head-to-head, 2 stands alone; among 1, 3, 4, 5, 6 the game 2-6 no longer counts,
    # so 6 is "plus one" and 2 (a group of one) gets 0.
    assert ranking("head_to_head,result_between_tied") == [
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
    assert (
        f"tied group: {pid(2)}, {pid(3)}, {pid(4)}, {pid(5)}, {pid(6)}"
        in explanation.summary
    )


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
