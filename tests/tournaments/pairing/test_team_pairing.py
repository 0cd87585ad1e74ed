"""Pairing teams: the Swiss by match points (top half against bottom half, no rematch, the bye
to the lowest team without one, board 1's White balanced) and the Berger tables."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tournaments.pairing.teams import (
    TeamEntrant,
    TeamPairingError,
    board_colours,
    pair_teams_round_robin,
    pair_teams_swiss,
)

F = Fraction


def test_round_one_pairs_the_top_half_against_the_bottom_half_by_rating() -> None:
    teams = [TeamEntrant(n, rating=2000 - 10 * n) for n in range(1, 9)]
    made = pair_teams_swiss(teams)
    # Board 1's White alternates down the tables in round 1.
    assert made.matches == ((1, 5), (6, 2), (3, 7), (8, 4))
    assert made.bye is None


def test_score_groups_pair_within_themselves_and_avoid_rematches() -> None:
    teams = [
        TeamEntrant(1, F(2), F(3), 2000, frozenset({2})),
        TeamEntrant(3, F(2), F(3), 1900, frozenset({4})),
        TeamEntrant(2, F(0), F(1), 1950, frozenset({1})),
        TeamEntrant(4, F(0), F(1), 1850, frozenset({3})),
    ]
    made = pair_teams_swiss(teams)
    assert sorted(sorted(m) for m in made.matches) == [[1, 3], [2, 4]]


def test_a_rematch_inside_the_group_sends_the_pairing_down() -> None:
    teams = [
        TeamEntrant(1, F(2), rating=2000, opponents=frozenset({3})),
        TeamEntrant(3, F(2), rating=1900, opponents=frozenset({1})),
        TeamEntrant(2, F(0), rating=1950),
        TeamEntrant(4, F(0), rating=1850),
    ]
    made = pair_teams_swiss(teams)
    pairs = [sorted(m) for m in made.matches]
    assert [1, 3] not in pairs
    assert len(pairs) == 2


def test_the_bye_goes_to_the_lowest_team_without_one() -> None:
    teams = [
        TeamEntrant(1, F(2), rating=2000),
        TeamEntrant(2, F(2), rating=1900),
        TeamEntrant(3, F(0), rating=1800, had_bye=True),
        TeamEntrant(4, F(0), rating=1700, opponents=frozenset()),
        TeamEntrant(5, F(0), rating=1600, had_bye=True),
    ]
    assert pair_teams_swiss(teams).bye == 4


def test_white_on_board_one_goes_to_the_team_that_had_it_less() -> None:
    teams = [
        TeamEntrant(1, F(2), rating=2000, whites=1, last_white=True),
        TeamEntrant(2, F(2), rating=1900, whites=0, last_white=False),
    ]
    assert pair_teams_swiss(teams).matches == ((2, 1),)


def test_no_pairing_without_a_rematch_is_refused() -> None:
    teams = [
        TeamEntrant(1, opponents=frozenset({2})),
        TeamEntrant(2, opponents=frozenset({1})),
    ]
    with pytest.raises(TeamPairingError, match="repeats a match"):
        pair_teams_swiss(teams)


def test_round_robin_follows_the_berger_table_with_a_bye_for_an_odd_count() -> None:
    # Berger, 4 teams, round 1: 1-4, 2-3.
    assert pair_teams_round_robin(4, 1).matches == ((1, 4), (2, 3))
    made = pair_teams_round_robin(5, 1)  # 6 numbers: 1-6 is the bye of team 1
    assert made.bye == 1 and made.matches == ((2, 5), (3, 4))


def test_the_team_listed_first_has_white_on_the_odd_boards() -> None:
    assert board_colours(4) == (True, False, True, False)
