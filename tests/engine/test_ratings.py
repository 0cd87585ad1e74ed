"""Systems on opponents' ratings: Average Opposition, cut 1, Rating Sum, Opposition's Performance."""

from __future__ import annotations

from fractions import Fraction

import pytest

from standings.engine import compute_standings, format_decimal, parse_order
from tests.builders import crosstable, pid, value_of

F = Fraction

# Player 1 (1500) beats 2 (1800), draws 3 (unrated), loses to 4 (1600), wins by forfeit against 5 (2000).
FIELD = """
1/1500: +W2 =B3 -W4 +F5
2/1800: * -B6 =W7 .
3/-: =W8 * +B9 .
4/1600: +B10 -W11 * .
5/2000: . . . *
6/1700:
7/-:
8/1400:
9/1900:
10/-:
11/2000:
"""


@pytest.mark.parametrize(
    ("order", "expected"),
    [
        (
            "average_opposition",
            F(1700),
        ),  # (1800 + 1600) / 2; the unrated opponent has no rating
        (
            "average_opposition:opponents=paired",
            F(1800),
        ),  # the forfeit opponent (2000) counts too
        ("average_opposition_cut1", F(1800)),  # 1600 dropped
        ("average_opposition_cut1:opponents=paired", F(1900)),
        ("opposition_rating_sum", F(3400)),
        ("opposition_rating_sum:opponents=paired", F(5400)),
        # performances (SCA posting): 2 lost to 1500 and 1700, drew unrated 7: (1100 + 1300) / 2 = 1200;
        # 3 drew 1400 and 1500, beat 1900: (1400 + 1500 + 2300) / 3 = 5200/3;
        # 4 beat unrated 10, lost to 2000, beat 1500: (1600 + 1900) / 2 = 1750
        ("opposition_performance", F(1200 + F(5200, 3) + 1750, 3)),
        ("performance_of_opposition", F(14050, 9)),
        # 5 lost by forfeit and played no game: no performance, left out even when paired
        ("opposition_performance:opponents=paired", F(14050, 9)),
    ],
    ids=[
        "avg",
        "avg-paired",
        "cut1",
        "cut1-paired",
        "sum",
        "sum-paired",
        "performance",
        "performance-alias",
        "performance-paired",
    ],
)
def test_rating_systems(order: str, expected: Fraction) -> None:
    standings = compute_standings(crosstable(FIELD), parse_order(order))
    assert value_of(standings, 1).value == expected


def test_non_terminating_average_stays_exact_until_formatted() -> None:
    standings = compute_standings(
        crosstable(FIELD), parse_order("opposition_performance")
    )
    value = value_of(standings, 1).value
    assert value == F(14050, 9)
    assert format_decimal(value) == "1561.11"


def test_player_without_rated_opponents_gets_zero() -> None:
    standings = compute_standings(
        crosstable(FIELD),
        parse_order(
            "average_opposition,average_opposition_cut1,opposition_performance"
        ),
    )
    # player 10 met only player 4, who is rated; player 7 met only 2: both have one rated opponent
    assert [v.value for v in standings.row(pid(7)).values] == [1800, 1800, 1200]
    # player 9 met only unrated 3
    assert [v.value for v in standings.row(pid(9)).values][:2] == [0, 0]


def test_cut1_keeps_a_single_rated_opponent() -> None:
    standings = compute_standings(
        crosstable("1: +W2 +B3\n2/1500:\n3:"), parse_order("average_opposition_cut1")
    )
    assert value_of(standings, 1).value == 1500


def test_rating_explanation_says_why_opponents_are_left_out() -> None:
    standings = compute_standings(
        crosstable(FIELD), parse_order("average_opposition_cut1")
    )
    explanation = value_of(standings, 1).explanation
    assert [c.opponent for c in explanation.contributions] == [pid(2)]
    reasons = {d.contribution.opponent: d.reason for d in explanation.discarded}
    assert reasons[pid(3)] == "opponent has no rating"
    assert "over the board" in reasons[pid(5)]
    assert reasons[pid(4)] == "cut 1: the lowest rating is dropped"
