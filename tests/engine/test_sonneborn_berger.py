"""Sonneborn-Berger: beaten opponents' scores plus half the drawn ones'; final (Rozycki 1997, SwissSys list) or adjusted (MCA 2001)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from standings.engine import compute_standings, parse_order
from tests.builders import crosstable, pid, value_of

F = Fraction

# Player 1 beats 2, draws 3, loses to 4 and wins by forfeit against 5.
GAMES = """
1: +W2 =B3 -W4 +F5
2: * +W6 +B7 =W8    # 2.5, no unplayed rounds
3: +B9 * -W10 .     # 1.5; adjusted 2 (not paired in round 4 counts 0.5)
4: =W11 -B12 * +W13 # 2.5
5: +W14 -B15 =W16 * # 1.5 (forfeit loss in round 4); adjusted 2
"""


@pytest.mark.parametrize(
    ("order", "expected"),
    [
        ("sonneborn_berger", F(13, 4)),  # 2.5 + 1.5 / 2; the forfeit win adds nothing
        ("berger", F(13, 4)),
        ("sonneborn_berger:scores=adjusted", F(7, 2)),  # 2.5 + 2 / 2
    ],
    ids=["final", "fide-alias", "mca-adjusted"],
)
def test_sonneborn_berger(order: str, expected: Fraction) -> None:
    standings = compute_standings(crosstable(GAMES), parse_order(order))
    assert value_of(standings, 1).value == expected


def test_sonneborn_berger_explains_each_round() -> None:
    standings = compute_standings(crosstable(GAMES), parse_order("sonneborn_berger"))
    explanation = value_of(standings, 1).explanation
    assert [(c.round, c.opponent, c.value) for c in explanation.contributions] == [
        (1, pid(2), F(5, 2)),
        (2, pid(3), F(3, 4)),
        (3, pid(4), 0),
        (4, pid(5), 0),
    ]
    assert "unplayed" in explanation.contributions[3].note
