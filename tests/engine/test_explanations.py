"""Every value of every system explains itself, and the explanation adds up and serialises to JSON."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from standings.engine import SYSTEMS, compute_standings, parse_order
from tests.builders import crosstable

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
