"""Colour fixes by exact assignment in a small score group (US Chess 29E5, within 27A1-27A3):
the best arrangement within the rating limits, measured from top half against bottom half."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from tests.tournaments.pairing.test_swiss_colours import misses
from tournaments.pairing import (
    Colour,
    Entrant,
    PairingOptions,
    pair_swiss,
    pairing_problems,
)
from tournaments.pairing.assignment import assignment

# Six players of one score group, round 7. Top half #1-#3, bottom half #4-#6; #1 has met #4,
# so 27A1 pairs #1-#5, #2-#6, #3-#4 (each upper player the nearest lower player free). #1
# (due Black, a third White behind them) and #5 (due White, two Blacks) get their colours;
# #2-#6 both want White and #3-#4 both want Black. The cure, #4 to #2 and #3 to #6, moves #4
# into #5's place in rank order (top against bottom: #2 would have met #5): the size of that
# move is the rating gap between #4 and #5, whatever the 27A1 repair did.
_TO_EQUALISE = {2: "BWBWB", 3: "WBWBW", 4: "WBWBW", 6: "BWBWB"}
_TO_ALTERNATE = {2: "WWBBWB", 3: "BWBWBW", 4: "BWBWBW", 6: "BWBWB"}


def entrants_of(
    rows: list[tuple[int, int, str, tuple[int, ...]]], score: int
) -> list[Entrant]:
    """Players of one score group from (number, rating, colours played, met in the group)."""
    return [
        Entrant(
            id=n,
            name=f"P{n}",
            rating=rating,
            score=Fraction(score),
            colours=tuple(Colour(c) for c in history),
            opponents=frozenset({*met, 100 + n}),
        )
        for n, rating, history, met in rows
    ]


def rematch_repaired_group(gap: int, claims: dict[int, str]) -> list[Entrant]:
    history = {1: "WBWBWW", 5: "WBWWBB", **claims}
    ratings = {1: 2158, 2: 1916, 3: 1674, 4: 1605, 5: 1605 - gap, 6: 1340}
    met = {1: (4,), 4: (1,)}
    return entrants_of(
        [(n, ratings[n], history[n], met.get(n, ())) for n in range(1, 7)], 3
    )


@pytest.mark.parametrize(
    ("gap", "claims", "cured"),
    [
        # Within the alternation limit (80 points, 29E5a): any claim.
        (41, _TO_ALTERNATE, True),
        (79, _TO_ALTERNATE, True),
        # Over it: only to cure clashes between claims to equalise (200 points, 29E5b).
        (81, _TO_ALTERNATE, False),
        (150, _TO_ALTERNATE, False),
        (81, _TO_EQUALISE, True),
        (199, _TO_EQUALISE, True),
        (201, _TO_EQUALISE, False),
    ],
)
def test_a_rematch_repair_does_not_block_a_colour_fix_within_the_limit_from_rank_order(
    gap: int, claims: dict[int, str], cured: bool
) -> None:
    entrants = rematch_repaired_group(gap, claims)

    result = pair_swiss(entrants, round_number=7)

    assert pairing_problems(entrants, result.boards, result.byes) == []
    fixed = [n for n in result.notes if "#4 P4 takes the place of #5 P5" in n]
    if cured:
        assert misses(entrants, result.boards) == []
        assert {frozenset((b.white, b.black)) for b in result.boards} == {
            frozenset(p) for p in ((1, 5), (2, 4), (3, 6))
        }
        assert len(fixed) == 1 and "29E5" in fixed[0]
    else:
        assert len(misses(entrants, result.boards)) == 2
        assert fixed == []


@pytest.mark.parametrize(
    "cost",
    [
        [[4]],
        [[4, 1], [2, 0]],
        [[7, 3, 9], [2, 8, 6], [5, 4, 1]],
        [[0, 10**30, 10**30], [10**30, 5, 0], [10**30, 0, 5]],
        [[3, 3, 3, 3], [1, 2, 3, 4], [4, 3, 2, 1], [2, 4, 1, 3]],
        [
            [9, 2, 7, 8, 1],
            [6, 4, 3, 7, 5],
            [5, 8, 1, 8, 2],
            [7, 6, 9, 4, 3],
            [1, 2, 3, 4, 5],
        ],
    ],
)
def test_the_assignment_takes_the_least_total_cost(cost: list[list[int]]) -> None:
    chosen = assignment(cost)

    assert sorted(chosen) == list(range(len(cost)))
    least = min(
        sum(cost[row][column] for row, column in enumerate(order))
        for order in itertools.permutations(range(len(cost)))
    )
    assert sum(cost[row][column] for row, column in enumerate(chosen)) == least


# Six players of one score group, round 5, all within 45 points. Top against bottom (#1-#4,
# #2-#5, #3-#6) leaves #1-#4 both due Black and #2-#5 both due White. An interchange of #2 and
# #4 (34 points) cures both, but puts #1 against #2 and #4 against #5: top half against top
# half. The lower players changing places in a ring (#5 to #1, #6 to #2, #4 to #3, 7 points
# at most) cures both and keeps top against bottom (27A3).
_RING_GROUP = [
    (1, 1574, "BWBW", ()),
    (2, 1570, "WB", (4,)),
    (3, 1559, "WB", ()),
    (4, 1536, "BW", (2,)),
    (5, 1530, "WBWB", ()),
    (6, 1529, "WBW", ()),
]


@pytest.mark.parametrize(
    ("alternate_limit", "boards", "missed"),
    [
        (80, {(1, 5), (2, 6), (3, 4)}, 0),
        (40, {(1, 5), (2, 6), (3, 4)}, 0),
        # The ring moves a player 7 points: over a posted limit of 5, nothing cures the two.
        (5, {(1, 4), (2, 5), (3, 6)}, 2),
    ],
)
def test_of_the_fixes_that_give_as_many_colours_the_one_nearest_top_against_bottom(
    alternate_limit: int, boards: set[tuple[int, int]], missed: int
) -> None:
    entrants = entrants_of(_RING_GROUP, 2)

    result = pair_swiss(
        entrants,
        round_number=5,
        options=PairingOptions(alternate_limit=alternate_limit),
    )

    assert {frozenset((b.white, b.black)) for b in result.boards} == {
        frozenset(b) for b in boards
    }
    assert len(misses(entrants, result.boards)) == missed
    assert pairing_problems(entrants, result.boards, result.byes) == []
    if missed == 0:
        assert any("(27A3)" in n and "29E5" in n for n in result.notes)
