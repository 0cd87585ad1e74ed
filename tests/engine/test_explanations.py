"""Every value of every system explains itself, and the explanation adds up and serialises to JSON."""

from __future__ import annotations

import json
from fractions import Fraction
from fractions import Fraction as F

import pytest

from standings.engine import SYSTEMS, compute_standings, explain_row, parse_order
from tests.builders import crosstable, pid

EVENT = """
1/1800: +W2 =B3 U -W4 +F5
2/1600: * -B6 H =W3 +B7
3/-: +W8 * -B6 * .
4/1700: =B6 +W8 +B7 * Z
5/1500: -W7 +B9 =W10 -B11 *
"""

# Systems whose value is the sum of contributions less deductions (the others average, count
# lots, or cut by rank); for those the test checks the sum.
SUMMED = {
    "modified_median",
    "median",
    "solkoff",
    "cumulative",
    "cumulative_opposition",
    "cumulative_cut",
    "sonneborn_berger",
    "kashdan",
    "wins",
    "most_blacks",
    "black_win_points",
    "result_between_tied",
    "head_to_head",
    "opposition_rating_sum",
}


def order_text(system_id: str) -> str:
    return f"{system_id}:cut=2" if system_id == "cumulative_cut" else system_id


@pytest.mark.parametrize("system_id", sorted(SYSTEMS))
def test_explanation_is_json_and_adds_up(system_id: str) -> None:
    standings = compute_standings(
        crosstable(EVENT), parse_order(order_text(system_id)), lots_seed="s"
    )
    for row in standings.rows:
        value = row.values[0]
        explanation = value.explanation
        assert explanation.summary
        data = json.loads(json.dumps(value.to_dict()))
        assert Fraction(data["value"]) == value.value
        if system_id in SUMMED:
            total = sum((c.value for c in explanation.contributions), Fraction(0))
            total -= sum((d.amount for d in explanation.deductions), Fraction(0))
            assert total == value.value, explanation.summary
        if system_id in {
            "average_opposition",
            "average_opposition_cut1",
            "opposition_performance",
        }:
            kept = [c.value for c in explanation.contributions]
            assert value.value == (Fraction(sum(kept), len(kept)) if kept else 0)


def test_explanation_is_built_once() -> None:
    standings = compute_standings(crosstable(EVENT), parse_order("solkoff"))
    value = standings.rows[0].values[0]
    assert value.explanation is value.explanation


# 1 and 2 tie on 1.5. 1's opponents: 3 (score 0; round 2 unplayed: adjusted 0.5) and 4 (score
# 0.5; round 1 unplayed: adjusted 1), Solkoff 1.5. 2's opponents: 5 (1, played both rounds) and
# 6 (0.5 from a half-point bye and a draw: adjusted 1), Solkoff 2. 5 and 6 tie on 1.
TWO = """
1: +W3 =B4
2: +W5 =B6
3: * .
4: . *
5: * +W7
6: H *
"""


def test_row_explanation_names_the_neighbour_and_the_deciding_tiebreak() -> None:
    standings = compute_standings(crosstable(TWO), parse_order("solkoff,cumulative"))
    explained = explain_row(standings, pid(1))

    assert (explained.rank, explained.shared, explained.score) == (2, False, F(3, 2))
    assert explained.places == (1, 2)
    assert explained.decided_by == 0
    [neighbour] = explained.neighbours
    assert (neighbour.player, neighbour.rank, neighbour.above) == (pid(2), 1, True)
    assert neighbour.describe() == "decided by Solkoff: 1.5 against 2"
    assert [line.key for line in explained.tiebreaks] == ["solkoff", "cumulative"]


def test_opponents_real_score_is_shown_beside_the_adjusted_one() -> None:
    standings = compute_standings(crosstable(TWO), parse_order("solkoff"))
    terms = explain_row(standings, pid(1)).tiebreaks[0].explanation.contributions
    names = {pid(3): "Carol", pid(4): "Dan"}

    assert [t.describe(names.__getitem__) for t in terms] == [
        "R1 Carol: 0 (0.5 with round 2 unplayed counted ½)",
        "R2 Dan: 0.5 (1 with round 1 unplayed counted ½)",
    ]


def test_cumulative_terms_name_the_round_not_the_opponent() -> None:
    standings = compute_standings(crosstable(TWO), parse_order("cumulative"))
    terms = explain_row(standings, pid(1)).tiebreaks[0].explanation.contributions

    assert [t.describe(lambda p: f"#{p}") for t in terms] == [
        "after round 1: 1",
        "after round 2: 1.5",
    ]


FOUR = """
1: +W2 -B10 +W11 -B12
2: -B1 +W3 +B13 -W14
3: +W15 -B2 +W4 -B16
4: +W17 +B18 -B3 -W19
"""


def test_neighbours_separated_in_a_later_pass_say_so() -> None:
    # A beat B, B beat C, C beat D: A +1, B 0, C 0, D -1; B and C apart only in the second pass.
    standings = compute_standings(crosstable(FOUR), parse_order("result_between_tied"))
    explained = explain_row(standings, pid(3))

    assert explained.places == (1, 4)
    assert [(n.player, n.above, n.describe()) for n in explained.neighbours] == [
        (pid(1), True, "decided by Result between tied players: 0 against 1"),
        (
            pid(2),
            True,
            "decided by Result between tied players (applied again to the players left tied, "
            "pass 2): -1 against 1",
        ),
        (pid(4), False, "decided by Result between tied players: 0 against -1"),
    ]
    [line] = explained.tiebreaks
    assert [v for v, _ in line.repeats] == [-1]


def test_still_tied_neighbours_and_json() -> None:
    standings = compute_standings(
        crosstable(FOUR), parse_order("result_between_tied:passes=once")
    )
    explained = explain_row(standings, pid(2))

    assert explained.shared
    assert [n.describe() for n in explained.neighbours][1] == (
        "still tied after every tiebreak"
    )
    data = json.loads(json.dumps(explained.to_dict(lambda p: {"id": p})))
    assert data["player"] == {"id": pid(2)}
    assert data["places"] == [1, 4]
    assert data["neighbours"][1]["tiebreak"] is None
    assert data["tiebreaks"][0]["value"] == "0"
