"""Cumulative (34E3), Cumulative cut (SwissSys list) and Cumulative of Opposition (34E9), with deductions."""

from __future__ import annotations

from fractions import Fraction

import pytest

from standings.engine import compute_standings, parse_order
from tests.builders import crosstable, pid, value_of

F = Fraction


def cumulative(line: str, order: str = "cumulative") -> Fraction:
    standings = compute_standings(crosstable(f"1: {line}"), parse_order(order))
    return value_of(standings, 1).value


@pytest.mark.parametrize(
    ("line", "order", "expected"),
    [
        # 34E3: "win, loss, win, draw, loss ... 1, 1, 2, 2.5, 2.5. The cumulative tiebreak total is 9"
        ("+W2 -B3 +W4 =B5 -W6", "cumulative", F(9)),
        # 34E3: "another player scored 2.5 with a sequence 1, 2, 2.5, 2.5, 2.5 ... 10.5"
        ("+W2 +B3 =W4 -B5 -W6", "cumulative", F(21, 2)),
        # Rozycki 1997: "Win, Loss, Win, Draw then your progressive scores are 1, 1, 2, 2.5 ... 6.5"
        ("+W2 -B3 +W4 =B5", "progress", F(13, 2)),
        # MCA 2001: "bye in round 1, wins in 2, loses in 3, draws in 4, wins in 5 ... = 10"
        ("U +W2 -B3 =W4 +B5", "cumulative:deduct=mca", F(10)),
        (
            "U +W2 -B3 =W4 +B5",
            "cumulative",
            F(10),
        ),  # 34E3 also takes one point for a full-point bye
        ("F +W2 -B3 =W4 +B5", "cumulative", F(10)),  # requested full-point bye
        ("U +W2 -B3 =W4 +B5", "cumulative:deduct=none", F(11)),
        # half-point bye: running 0.5, 1.5, 1.5, 2, 3 = 8.5; 34E3 subtracts one half point, MCA nothing
        ("H +W2 -B3 =W4 +B5", "cumulative", F(8)),
        ("H +W2 -B3 =W4 +B5", "cumulative:deduct=mca", F(17, 2)),
        # forfeit win: running 1, 2, 2 = 5, less one point ("unplayed win") under both texts
        ("+F2 +W3 -B4", "cumulative", F(4)),
        ("+F2 +W3 -B4", "cumulative:deduct=mca", F(4)),
        ("+F +W3 -B4", "cumulative", F(4)),  # forfeit win with no opponent named
        # no points, nothing to take back: forfeit loss, zero-point bye, not paired
        ("-F2 +W3 -B4", "cumulative", F(2)),
        ("Z +W3 -B4", "cumulative", F(2)),
        (". +W3 -B4", "cumulative", F(2)),
    ],
    ids=[
        "34E3-first-example",
        "34E3-second-example",
        "rozycki-progress",
        "mca-example",
        "mca-example-uschess",
        "requested-full-bye",
        "no-deduction",
        "half-bye-uschess",
        "half-bye-mca",
        "forfeit-win-uschess",
        "forfeit-win-mca",
        "forfeit-win-no-opponent",
        "forfeit-loss",
        "zero-bye",
        "not-paired",
    ],
)
def test_cumulative(line: str, order: str, expected: Fraction) -> None:
    assert cumulative(line, order) == expected


def test_deductions_are_explained_with_their_rule() -> None:
    standings = compute_standings(
        crosstable("1: U +W2 H +F3"), parse_order("cumulative")
    )
    explanation = value_of(standings, 1).explanation
    assert [c.value for c in explanation.contributions] == [1, 2, F(5, 2), F(7, 2)]
    assert [(d.round, d.amount) for d in explanation.deductions] == [
        (1, 1),
        (3, F(1, 2)),
        (4, 1),
    ]
    assert all("34E3" in d.reason for d in explanation.deductions)
    assert (
        explanation.summary
        == "Cumulative 6.5: sum of running scores, less 2.5 for unplayed rounds"
    )


@pytest.mark.parametrize(
    ("line", "order", "expected"),
    [
        ("+W2 -B3 +W4 =B5 -W6", "cumulative_cut:cut=1", F(8)),  # 1 + 2 + 2.5 + 2.5
        ("+W2 -B3 +W4 =B5 -W6", "cumulative_cut:cut=2", F(7)),
        ("+W2 -B3 +W4 =B5 -W6", "cumulative_cut:cut=5", F(0)),
        ("+W2 -B3 +W4 =B5 -W6", "cumulative_cut:cut=8", F(0)),
        # running 1, 2, 2, 2.5, 3.5: the round-1 bye is discarded with its round, but its point
        # still lifts every later running score, so it comes off as 34E3 takes it off once:
        # 2 + 2 + 2.5 + 3.5 - 1
        ("U +W2 -B3 =W4 +B5", "cumulative_cut:cut=1", F(9)),
        ("U +W2 -B3 =W4 +B5", "cumulative_cut:cut=1:in_cut=keep", F(10)),
        (
            "H +W2 -B3 =W4 +B5",
            "cumulative_cut:cut=2",
            F(6),
        ),  # running .5 1.5 1.5 2 3: 1.5 + 2 + 3 - 0.5
        ("U +W2 -B3 =W4 +B5", "cumulative_cut:cut=5", F(0)),  # nothing left to lift
        ("+W2 U -B3 =W4 +B5", "cumulative_cut:cut=1", F(9)),  # 2 + 2 + 2.5 + 3.5 - 1
        ("+W2 U -B3 =W4 +B5", "cumulative_cut:cut=1:in_cut=keep", F(9)),
        ("+W2 U -B3 =W4 +B5", "cumulative_cut:cut=1:deduct=none", F(10)),
    ],
    ids=[
        "cut-1",
        "cut-2",
        "cut-all",
        "cut-beyond",
        "bye-in-cut-round-deducted",
        "bye-in-cut-round-kept",
        "half-bye-in-cut-round",
        "bye-in-cut-nothing-left",
        "bye-after-cut",
        "bye-after-cut-keep",
        "no-deduction",
    ],
)
def test_cumulative_cut_discards_first_rounds(
    line: str, order: str, expected: Fraction
) -> None:
    assert cumulative(line, order) == expected


def test_cumulative_cut_can_repeat_and_explains_discarded_rounds() -> None:
    standings = compute_standings(
        crosstable("1: +W2 -B3 +W4 =B5 -W6"),
        parse_order("cumulative_cut:cut=1,cumulative_cut:cut=3"),
    )
    one, three = standings.row(pid(1)).values
    assert (one.value, three.value) == (F(8), F(5))
    assert [d.contribution.round for d in three.explanation.discarded] == [1, 2, 3]


def test_cumulative_cut_explains_a_bye_inside_the_cut() -> None:
    standings = compute_standings(
        crosstable("1: U +W2 -B3 =W4 +B5"), parse_order("cumulative_cut:cut=1")
    )
    explanation = standings.row(pid(1)).values[0].explanation
    # running scores name the round, not the opponent
    assert [(c.label, c.opponent) for c in explanation.contributions] == [
        ("after round 2", None),
        ("after round 3", None),
        ("after round 4", None),
        ("after round 5", None),
    ]
    [deduction] = explanation.deductions
    assert (deduction.round, deduction.amount) == (1, 1)
    assert "still lifts the running scores after round 1" in deduction.reason


# Player 1 plays 2 and 3 over the board and wins by forfeit against 4.
OPPOSITION = """
1: +W2 -B3 +F4
2: * +W5 H      # running 0, 1, 1.5: 2.5, less 0.5 for the half-point bye (34E3)
3: +W7 * -B8    # running 1, 2, 2: 5
4: -B9 =W10 *   # running 0, 0.5, 0.5: 1
"""


@pytest.mark.parametrize(
    ("order", "expected"),
    [
        (
            "cumulative_opposition",
            F(7),
        ),  # 2 + 5; the forfeit opponent was not met over the board
        ("cumulative_opposition:opponents=paired", F(8)),  # 2 + 5 + 1
        (
            "cumulative_opposition:deduct=mca",
            F(15, 2),
        ),  # MCA: no deduction for the half-point bye
        ("cumulative_opposition:deduct=none", F(15, 2)),
    ],
    ids=["played", "paired", "mca-deduction", "no-deduction"],
)
def test_cumulative_of_opposition(order: str, expected: Fraction) -> None:
    standings = compute_standings(crosstable(OPPOSITION), parse_order(order))
    assert value_of(standings, 1).value == expected


def test_cumulative_of_opposition_explains_each_opponent() -> None:
    standings = compute_standings(
        crosstable(OPPOSITION), parse_order("cumulative_opposition")
    )
    explanation = value_of(standings, 1).explanation
    assert [(c.round, c.opponent, c.value) for c in explanation.contributions] == [
        (1, pid(2), F(2)),
        (2, pid(3), F(5)),
    ]
    assert [
        (d.contribution.round, d.contribution.opponent) for d in explanation.discarded
    ] == [(3, pid(4))]


def test_running_scores_are_the_wall_chart_columns() -> None:
    standings = compute_standings(
        crosstable("1: +W2 -B3 H =W4 U"), parse_order("cumulative")
    )
    assert standings.running_scores(pid(1)) == (F(1), F(1), F(3, 2), F(2), F(3))
    # player 3 is not paired after round 2
    assert standings.running_scores(pid(3)) == (F(0), F(1), F(1), F(1), F(1))


def test_cumulative_after_an_earlier_round_ignores_later_records() -> None:
    standings = compute_standings(
        crosstable("1: +W2 -B3 +W4 =B5 -W6", through_round=3), parse_order("cumulative")
    )
    assert value_of(standings, 1).value == 4  # 1 + 1 + 2
    assert standings.running_scores(pid(1)) == (F(1), F(1), F(2))
