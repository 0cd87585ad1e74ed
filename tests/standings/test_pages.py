"""The read-side arrangement of the engine's standings: score groups, places, wall-chart letters."""

from __future__ import annotations

from fractions import Fraction

import pytest

from standings.engine import Outcome, PlayerRef, StandingRow
from standings.pages.games import LEGEND, LETTER
from standings.pages.standings import places_text, score_groups


def _rows(*scores: float) -> list[StandingRow]:
    return [
        StandingRow(n, False, PlayerRef(n, n), Fraction(s).limit_denominator(2), ())
        for n, s in enumerate(scores, start=1)
    ]


@pytest.mark.parametrize(
    ("scores", "groups"),
    [
        ((4.5, 4, 4, 4, 3), [(0, 0), (1, 3), (4, 4)]),
        ((3, 3), [(0, 1)]),
        ((5,), [(0, 0)]),
        ((), []),
    ],
    ids=["tie-in-the-middle", "all-tied", "one-player", "empty"],
)
def test_score_groups_are_runs_of_equal_scores(
    scores: tuple[float, ...], groups: list[tuple[int, int]]
) -> None:
    assert score_groups(_rows(*scores)) == groups


def test_places_of_a_group_as_cash_prizes_read_them() -> None:
    assert places_text(1, 3) == "2-4"
    assert places_text(0, 0) == "1"


def test_every_outcome_has_a_wall_chart_letter_from_the_legend() -> None:
    assert set(LETTER) == set(Outcome)
    assert set(LETTER.values()) <= {letter for letter, _words in LEGEND}
