"""The read-side arrangement of the engine's standings: score groups, places, wall-chart letters."""

from __future__ import annotations

from fractions import Fraction

import pytest

from standings.engine import Outcome, PlayerRef, StandingRow, parse_order
from standings.engine.systems import SYSTEMS
from standings.pages.columns import tiebreak_columns
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


@pytest.mark.parametrize(
    ("order", "words"),
    [
        ("kashdan", "unplayed rounds 0"),
        ("kashdan:unplayed=2", "unplayed rounds 2"),
    ],
    ids=["default", "mca-2001"],
)
def test_the_kashdan_hint_names_the_posted_points_for_an_unplayed_round(
    order: str, words: str
) -> None:
    (column,) = tiebreak_columns(parse_order(order))
    assert words in column.hint


@pytest.mark.parametrize("system", sorted(SYSTEMS))
def test_every_systems_hint_is_whole_with_its_default_options(system: str) -> None:
    cut = (
        ":cut=1" if system == "cumulative_cut" else ""
    )  # its one option with no default
    (column,) = tiebreak_columns(parse_order(system + cut))
    assert column.hint and "{" not in column.hint and "}" not in column.hint
