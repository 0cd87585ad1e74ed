"""Every kind of unplayed round, through every system that treats unplayed rounds specially.

In the two-round tables, player 1 beats 2 in round 1 and round 2 is the unplayed round under test
(against player 3 where the kind has an opponent); the values were worked out by hand.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from standings.engine import compute_standings, format_decimal, parse_order
from tests.builders import crosstable, pid

F = Fraction

ORDER = "solkoff,cumulative,cumulative:deduct=mca,kashdan,kashdan:unplayed=2,wins:unplayed=include,actual_play_first"

# kind: round-2 token for player 1, then expected for player 1:
#   score, Solkoff (player 2's adjusted score 0 + 1/2, plus 0 for the own unplayed round),
#   cumulative (34E3), cumulative (MCA), Kashdan, Kashdan (MCA), wins incl. unplayed
KINDS = [
    ("pairing-bye", "U", F(2), F(1, 2), F(2), F(2), 4, 6, 2),
    ("requested-full-bye", "F", F(2), F(1, 2), F(2), F(2), 4, 6, 2),
    ("half-bye", "H", F(3, 2), F(1, 2), F(2), F(5, 2), 4, 6, 1),
    ("zero-bye", "Z", F(1), F(1, 2), F(2), F(2), 4, 6, 1),
    ("forfeit-win", "+F3", F(2), F(1, 2), F(2), F(2), 4, 6, 2),
    ("forfeit-win-no-opponent", "+F", F(2), F(1, 2), F(2), F(2), 4, 6, 2),
    ("forfeit-loss", "-F3", F(1), F(1, 2), F(2), F(2), 4, 6, 1),
    ("not-paired", ".", F(1), F(1, 2), F(2), F(2), 4, 6, 1),
]


@pytest.mark.parametrize(
    ("token", "score", "solkoff", "cum", "cum_mca", "kashdan", "kashdan_mca", "wins"),
    [k[1:] for k in KINDS],
    ids=[k[0] for k in KINDS],
)
def test_own_unplayed_round(
    token: str,
    score: Fraction,
    solkoff: Fraction,
    cum: Fraction,
    cum_mca: Fraction,
    kashdan: int,
    kashdan_mca: int,
    wins: int,
) -> None:
    standings = compute_standings(crosstable(f"1: +W2 {token}"), parse_order(ORDER))
    row = standings.row(pid(1))
    assert row.score == score
    assert [v.value for v in row.values] == [
        solkoff,
        cum,
        cum_mca,
        kashdan,
        kashdan_mca,
        wins,
        1,
    ]
    # 34E1: the own unplayed round is an opponent with adjusted score 0
    own = row.values[0].explanation.contributions[1]
    assert (own.round, own.value) == (2, F(0))
    assert "counts as an opponent with 0" in own.note


def test_double_forfeit_is_a_forfeit_loss_for_both() -> None:
    snapshot = crosstable("1: +W2 .\n3: +W4 .", double_forfeits=((2, 1, 3),))
    standings = compute_standings(
        snapshot,
        parse_order("solkoff,cumulative,kashdan:unplayed=2,result_between_tied"),
    )
    for player in (1, 3):
        row = standings.row(pid(player))
        assert row.score == 1
        # opponent 2 (or 4): lost, then not paired: adjusted 1/2; own forfeit counts 0
        assert [v.value for v in row.values] == [F(1, 2), F(2), 6, 0]


@pytest.mark.parametrize(
    ("token", "adjusted", "actual"),
    [
        ("U", F(3, 2), F(2)),
        ("F", F(3, 2), F(2)),
        (
            "H",
            F(3, 2),
            None,
        ),  # the half-point bye earned ½: the score needs no adjustment
        ("Z", F(3, 2), F(1)),
        ("+F3", F(3, 2), F(2)),
        ("-F3", F(3, 2), F(1)),
        (".", F(3, 2), F(1)),
    ],
    ids=[
        "pairing-bye",
        "full-bye",
        "half-bye",
        "zero-bye",
        "forfeit-win",
        "forfeit-loss",
        "not-paired",
    ],
)
def test_opponents_unplayed_round_counts_half_whatever_it_earned(
    token: str, adjusted: Fraction, actual: Fraction | None
) -> None:
    # 34E1: unplayed games "count a half point each, regardless of whether they were byes,
    # forfeits, or simply rounds not played": player 2 lost to 1, so 1's adjusted score is 1 + 1/2.
    standings = compute_standings(crosstable(f"1: +W2 {token}"), parse_order("solkoff"))
    first = standings.row(pid(2)).values[0].explanation.contributions[0]
    assert (first.opponent, first.value) == (pid(1), adjusted)
    # the real score is shown beside the adjusted one when they differ
    assert first.actual == actual
    if actual is None:
        assert "unplayed rounds 2 counted 0.5 each" in first.note
    else:
        assert first.value_text() == (
            f"{format_decimal(actual)} (1.5 with round 2 unplayed counted ½)"
        )


def test_late_entry() -> None:
    # Player 1 enters in round 2 (not paired in round 1) and beats 2, who had played round 1.
    text = """
    1: . +W2 -B3
    2: +W4 * =B5
    """
    standings = compute_standings(
        crosstable(text), parse_order("solkoff,cumulative,modified_median")
    )
    row = standings.row(pid(1))
    assert row.score == 1
    # Solkoff: own round 1 counts 0; opponent 2 scored 1.5 (all played); opponent 3 played only
    # round 3: adjusted 1 + 1/2 + 1/2 = 2. Cumulative: running 0, 1, 1. Modified Median: 1 of 3
    # is a minus score, so the highest (2) goes.
    assert [v.value for v in row.values] == [F(7, 2), F(2), F(3, 2)]
    assert standings.running_scores(pid(1)) == (F(0), F(1), F(1))
