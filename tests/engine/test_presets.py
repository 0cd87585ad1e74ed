"""Each preset does what its text says, read literally: one case per clause, values worked out by hand."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from standings.engine import compute_standings, parse_order
from tests.builders import crosstable, pid

# Nine rounds; player 1 beats 2, 3, 4 and loses to 5-10: 3 of 9, a minus score. Every opponent
# plays only that game, so each has 8 unplayed rounds: plain scores 0 (beaten) and 1 (winners),
# 34E1 adjusted scores 0 + 8 x 0.5 = 4 and 1 + 4 = 5.
NINE = "1: +W2 +B3 +W4 -B5 -W6 -B7 -W8 -B9 -W10"
# Running 1, 2, 2.5, 2.5 = 8; a pairing bye in round 1 and a half-point bye in round 3.
BYES = "1: U +W2 H -B3"
# 2 has a loss and an unplayed round: score 0, adjusted 0.5; 3 a draw and an unplayed round:
# score 0.5, adjusted 1.
BERGER = """
1: +W2 =B3
2: * .
3: . *
"""
KASHDAN = "1: +W2 U =B3"


@pytest.mark.parametrize(
    ("preset", "text", "system", "expected"),
    [
        # US Chess 34E1: adjusted scores; "For tournaments of nine or more rounds ... the top two
        # scores for minus-score ties": [4, 4, 4, 5 x 6] without two 5s
        ("uschess", NINE, "modified_median", F(32)),
        # 34E2 on adjusted scores: 3 x 4 + 6 x 5
        ("uschess", NINE, "solkoff", F(42)),
        # 34E3: "One point is subtracted ... for each unplayed win or full-point bye; likewise,
        # one-half point ... for each unplayed draw or half-point bye": 8 - 1 - 0.5
        ("uschess", BYES, "cumulative", F(13, 2)),
        # SCA: "summing the final scores", "Players with less than 50 percent score have only
        # their highest-scoring opponent's score discarded" (no nine-round clause, no adjustment):
        # [0, 0, 0, 1 x 6] without one 1
        ("sca", NINE, "modified_median", F(5)),
        # SCA Solkoff: "just like the Median except that no opponents' scores are discarded"
        ("sca", NINE, "solkoff", F(6)),
        # SCA Basic Median: "highs and lows are discarded regardless": 6 - 0 - 1
        ("sca", NINE, "median", F(5)),
        # SCA Cumulative: "just add up the cumulative (running) score for each round"
        ("sca", BYES, "cumulative", F(8)),
        # MCA: "Players with minus scores have the lowest opponent's adjusted score dropped"
        # (no nine-round clause): [4, 4, 4, 5 x 6] without one 4
        ("mca", NINE, "modified_median", F(38)),
        # MCA: "Add the adjusted scores of all opponents"
        ("mca", NINE, "solkoff", F(42)),
        # MCA: "subtract one point for each one-point bye or forfeit win": 8 - 1
        ("mca", BYES, "cumulative", F(7)),
        # MCA: "Add the adjusted scores of each opponent defeated, plus half the adjusted scores
        # of each opponent drawn": 0.5 + 1 / 2
        ("mca", BERGER, "sonneborn_berger", F(1)),
        # MCA: "Each unplayed game counts as two points": 4 + 2 + 2
        ("mca", KASHDAN, "kashdan", F(8)),
    ],
    ids=[
        "uschess-mm-nine-rounds-adjusted",
        "uschess-solkoff-adjusted",
        "uschess-cumulative-deducts-byes",
        "sca-mm-final-scores-drop-one",
        "sca-solkoff-final-scores",
        "sca-basic-median",
        "sca-cumulative-plain-sum",
        "mca-mm-minus-drops-lowest",
        "mca-solkoff-adjusted",
        "mca-cumulative-one-point-byes",
        "mca-sonneborn-berger-adjusted",
        "mca-kashdan-unplayed-two",
    ],
)
def test_preset_reads_its_text_literally(
    preset: str, text: str, system: str, expected: F
) -> None:
    order = parse_order(preset)
    standings = compute_standings(crosstable(text), order, lots_seed="seed")
    [index] = [k for k, spec in enumerate(order) if spec.id == system]
    assert standings.row(pid(1)).values[index].value == expected
