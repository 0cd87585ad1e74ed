"""Systems that count results: Kashdan, number of wins, Most Blacks, Black-win points."""

from __future__ import annotations

from fractions import Fraction

import pytest

from standings.engine import (
    Colour,
    GameRecord,
    Outcome,
    PlayerRef,
    Snapshot,
    compute_standings,
    parse_order,
)
from tests.builders import crosstable, pid, value_of


def value(line: str, order: str) -> Fraction:
    standings = compute_standings(crosstable(f"1: {line}"), parse_order(order))
    return value_of(standings, 1).value


@pytest.mark.parametrize(
    ("line", "order", "expected"),
    [
        # Rozycki 1997 / SwissSys list: "4 tie-break points for a win, 2 for a draw, 1 for a loss and 0 for an unplayed game"
        ("+W2 =B3 -W4", "kashdan", 7),
        ("+W2 =B3 -W4 +F5", "kashdan", 7),
        # MCA 2001: "Each unplayed game counts as two points."
        ("+W2 =B3 -W4 +F5", "kashdan:unplayed=2", 9),
        ("U F H Z . -F2 +F", "kashdan", 0),
        ("U F H Z . -F2 +F", "kashdan:unplayed=2", 14),
        # a win and a loss are worth more than two draws (MCA 2001)
        ("+W2 -B3", "kashdan", 5),
        ("=W2 =B3", "kashdan", 4),
        ("+W2 =B3 -W4 +F5 U F H", "wins", 1),
        ("+W2 =B3 -W4 +F5 U F H", "wins:unplayed=include", 4),
        ("+W2 -B3 =B4 +B5 -F6", "most_blacks", 3),
        ("U H", "most_blacks", 0),
        # SwissSys list: "Win as black = 3, win as white = 2, draw as black = 1, all other results = 0"
        ("+B2 +W3 =B4 =W5 -B6 +F7", "black_win_points", 6),
    ],
    ids=[
        "kashdan",
        "kashdan-forfeit-win-0",
        "kashdan-mca",
        "kashdan-all-unplayed-0",
        "kashdan-all-unplayed-mca",
        "kashdan-win-loss",
        "kashdan-two-draws",
        "wins-over-the-board",
        "wins-including-unplayed",
        "most-blacks",
        "most-blacks-byes",
        "black-win-points",
    ],
)
def test_counting_systems(line: str, order: str, expected: int) -> None:
    assert value(line, order) == expected


def test_forfeit_with_black_is_not_a_game_played_with_black() -> None:
    players = (PlayerRef(1, 1), PlayerRef(2, 2))
    games = (
        GameRecord(1, 1, 2, Colour.BLACK, Outcome.FORFEIT_WIN),
        GameRecord(1, 2, 1, Colour.WHITE, Outcome.FORFEIT_LOSS),
        GameRecord(2, 1, 2, Colour.BLACK, Outcome.WIN),
        GameRecord(2, 2, 1, Colour.WHITE, Outcome.LOSS),
    )
    standings = compute_standings(
        Snapshot(players, games, 2, 2), parse_order("most_blacks,black_win_points")
    )
    assert [v.value for v in standings.row(1).values] == [1, 3]


def test_counting_explanation_lists_every_round() -> None:
    standings = compute_standings(
        crosstable("1: +W2 =B3 +F4"), parse_order("kashdan:unplayed=2")
    )
    explanation = value_of(standings, 1).explanation
    assert [(c.round, c.value, c.note) for c in explanation.contributions] == [
        (1, Fraction(4), "win as white"),
        (2, Fraction(2), "draw as black"),
        (3, Fraction(2), "forfeit win"),
    ]
    assert explanation.summary.startswith("Kashdan 8")
    assert value_of(standings, 2).explanation.contributions[0].opponent == pid(1)
