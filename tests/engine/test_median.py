"""Modified Median, Median and Solkoff: US Chess 34E1-34E2, SwissSys and MCA variants (SwissSys list, MCA 2001)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from standings.engine import compute_standings, parse_order
from tests.builders import crosstable, pid, star, value_of

F = Fraction


def values(text: str, order: str, start: int = 1, **kwargs: Any) -> list[Fraction]:
    standings = compute_standings(crosstable(text, **kwargs), parse_order(order))
    return [v.value for v in standings.row(pid(start)).values]


# Player 1's five opponents (players 2-6) score 4, 3, 2, 1 and 3.5 against everyone else.
FIVE = ["4", "3", "2", "1", "3.5"]


@pytest.mark.parametrize(
    ("results", "expected"),
    [
        # opponents' final scores 4, 3, 2, 1.5, 4.5 (sum 15); 3.5 of 5 is a plus score
        ("+++=-", {"modified_median": F(27, 2), "median": F(9), "solkoff": F(15)}),
        # 2.5 of 5 is exactly half the maximum: even. Opponents 4, 3, 3, 1.5, 4.5 (16)
        ("++-=-", {"modified_median": F(10), "median": F(10), "solkoff": F(16)}),
        # 1.5 of 5: minus, the highest (4.5) goes. Opponents 4, 4, 3, 1.5, 4.5 (17)
        (
            "+--=-",
            {
                "modified_median": F(25, 2),
                "modified_median:minus=drop_lowest": F(31, 2),
                "median": F(11),
                "solkoff": F(17),
            },
        ),
    ],
    ids=["plus-drops-lowest", "even-drops-both", "minus-drops-highest"],
)
def test_modified_median_drops_by_own_score(
    results: str, expected: dict[str, Fraction]
) -> None:
    got = values(star(results, FIVE), ",".join(expected))
    assert dict(zip(expected, got, strict=True)) == expected


# Nine rounds: opponents' other points; their final scores depend on player 1's results.
NINE = ["1", "2", "3", "4", "5", "6", "6.5", "0.5", "2.5"]


@pytest.mark.parametrize(
    ("results", "expected"),
    [
        # 5.5 of 9 (plus); opponents 1, 2, 3, 4, 5.5, 6, 7.5, 1.5, 3.5 = 34
        (
            "++++=+---",
            {
                "modified_median": F(63, 2),  # two lowest (1, 1.5) dropped
                "modified_median:nine_rounds=drop_one": F(33),
                "median": F(18),  # 1, 1.5, 6, 7.5 dropped
                "median:nine_rounds=drop_one": F(51, 2),
                "solkoff": F(34),
            },
        ),
        # 4.5 of 9 (even); opponents 1, 2, 3, 4, 5.5, 7, 7.5, 1.5, 3.5 = 35
        (
            "++++=----",
            {
                "modified_median": F(18),
                "modified_median:nine_rounds=drop_one": F(53, 2),
            },
        ),
        # 3 of 9 (minus); opponents 1, 2, 3, 5, 6, 7, 7.5, 1.5, 3.5 = 36.5
        (
            "+++------",
            {
                "modified_median": F(22),  # two highest (7, 7.5) dropped
                "modified_median:minus=drop_lowest": F(
                    34
                ),  # MCA as written: two lowest
                "modified_median:minus=drop_lowest:nine_rounds=drop_one": F(71, 2),
            },
        ),
    ],
    ids=["plus", "even", "minus"],
)
def test_nine_or_more_rounds_drop_two(
    results: str, expected: dict[str, Fraction]
) -> None:
    got = values(star(results, NINE), ",".join(expected))
    assert dict(zip(expected, got, strict=True)) == expected


def test_nine_round_rule_follows_rounds_total_not_rounds_played() -> None:
    # Five of nine rounds played: the event has nine rounds, so two are dropped at each end.
    text = star("++-=-", FIVE)
    assert values(text, "median", rounds_total=9, through_round=5) == [
        F(3)
    ]  # 4, 3, 3, 1.5, 4.5 less 4.5, 4, 1.5, 3
    assert values(text, "median", rounds_total=8, through_round=5) == [F(10)]


def test_even_score_readings_differ_when_a_round_was_not_played() -> None:
    # 2 of 4 is even (half the maximum), but with two wins and one loss SwissSys calls it plus.
    text = """
    1: +W2 Z +B3 -W4
    2: * +W11 +B12 -W13
    3: +W14 =B15 * -B16
    4: -W17 -B18 =W19 *
    """
    # opponents 2, 1.5, 1.5; the zero-point bye counts as an opponent with 0
    assert values(text, "modified_median,modified_median:even=wins_equal_losses") == [
        F(3),
        F(5),
    ]


def test_wins_equal_losses_counts_forfeits_but_not_byes() -> None:
    # forfeit win, loss, half bye: one win, one loss -> even (drop both); by score 1.5 of 3 also even
    text = """
    1: +F2 -W3 H
    3: =4 * +5
    """
    got = values(text, "modified_median:even=wins_equal_losses,solkoff")
    # own forfeit and bye count 0; opponent 3 scored 2.5 -> drop 2.5 and one 0
    assert got == [F(0), F(5, 2)]


# US Chess 34E1's example: "an opponent who won the first two games, lost the third, withdrew and
# did not play rounds four or five would have an adjusted score of 3 points".
WITHDRAWN = """
1: +W2 +B3 -W4 . .
4: =W5 =B6 * +W7 -B8
"""


def test_withdrawn_opponent_counts_half_for_each_unplayed_round() -> None:
    standings = compute_standings(crosstable(WITHDRAWN), parse_order("solkoff"))
    explanation = value_of(standings, 4).explanation
    by_round = {c.round: c for c in explanation.contributions}
    assert by_round[3].opponent == pid(1)
    assert by_round[3].value == 3  # 1 + 1 + 0 + 0.5 + 0.5
    assert by_round[3].value_text() == "2 (3 with rounds 4, 5 unplayed counted ½ each)"
    # players 5-8 played only their game against 4: four unplayed rounds each at 0.5
    assert [by_round[r].value for r in (1, 2, 4, 5)] == [F(5, 2), F(5, 2), F(2), F(3)]
    assert value_of(standings, 4).value == 13


@pytest.mark.parametrize(
    ("order", "player", "expected"),
    [
        ("solkoff", 1, F(7)),  # 2 + 2 + 3 + own unplayed 0 + 0
        ("solkoff:adjust=none", 1, F(3)),  # 0 + 0 + 3; own unplayed rounds left out
        ("solkoff:adjust=none", 4, F(4)),  # plain scores 0.5 + 0.5 + 2 + 0 + 1
        (
            "median:adjust=none",
            1,
            F(0),
        ),  # three opponents 0, 0, 3: highest and lowest go
        ("modified_median:adjust=none", 4, F(4)),  # 3 of 5 is plus: drop the lowest (0)
    ],
    ids=[
        "own-unplayed-zero",
        "none-skips-own",
        "none-plain-scores",
        "none-median",
        "none-mm",
    ],
)
def test_adjust_option(order: str, player: int, expected: Fraction) -> None:
    assert values(WITHDRAWN, order, start=player) == [expected]


def test_adjust_none_explains_left_out_rounds() -> None:
    standings = compute_standings(
        crosstable(WITHDRAWN), parse_order("solkoff:adjust=none")
    )
    explanation = value_of(standings, 1).explanation
    assert [d.contribution.round for d in explanation.discarded] == [4, 5]
    assert all("adjust=none" in d.reason for d in explanation.discarded)


def test_adjusted_scores_only_count_rounds_through_the_snapshot() -> None:
    # After round 3 the withdrawal has not happened yet: player 1 has 2 of 3, no unplayed rounds.
    standings = compute_standings(
        crosstable(WITHDRAWN, through_round=3), parse_order("solkoff")
    )
    by_round = {
        c.round: c.value for c in value_of(standings, 4).explanation.contributions
    }
    assert by_round[3] == 2


def test_explanation_lists_dropped_scores_with_reason() -> None:
    standings = compute_standings(
        crosstable(star("+++=-", FIVE)), parse_order("modified_median")
    )
    explanation = value_of(standings, 1).explanation
    assert [
        (d.contribution.opponent, d.contribution.value, d.reason)
        for d in explanation.discarded
    ] == [(pid(5), F(3, 2), "plus score: lowest dropped")]
    assert sum(c.value for c in explanation.contributions) == F(27, 2)
    assert explanation.summary.startswith("Modified Median 13.5")


def test_nine_round_explanation_says_two_dropped() -> None:
    standings = compute_standings(
        crosstable(star("++++=----", NINE)), parse_order("modified_median")
    )
    explanation = value_of(standings, 1).explanation
    reasons = {d.reason for d in explanation.discarded}
    assert reasons == {
        "even score: two highest and two lowest dropped (9+ rounds: two dropped)"
    }
    assert sorted(d.contribution.value for d in explanation.discarded) == [
        1,
        F(3, 2),
        7,
        F(15, 2),
    ]


def test_fewer_opponents_than_drops_gives_zero() -> None:
    # After one round a draw is an even score: the only opponent is both highest and lowest.
    text = "1: =W2 +B3\n2: * +W4"
    standings = compute_standings(
        crosstable(text, through_round=1), parse_order("modified_median,solkoff")
    )
    assert [v.value for v in standings.row(pid(1)).values] == [0, F(1, 2)]
