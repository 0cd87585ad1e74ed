"""Reads shared by the TD's pages and the services (``tournaments.selectors``)."""

from __future__ import annotations

import pytest

from tests.tournaments.builders import section_build
from tournaments import pairing
from tournaments.selectors import round_entrants

pytestmark = pytest.mark.django_db


def test_entrants_carry_scores_colours_opponents_and_byes() -> None:
    section = section_build(
        ratings=[2000, 1900, 1800, 1700, 1600],
        rounds=["1-2 1-0, 3-4 +-, 5 U", "2-1 =, 5-3 0-1, 4 H"],
        rounds_total=3,
    )

    entrants = {e.id: e for e in round_entrants(section=section, number=3).entrants}

    assert str(entrants[1].score) == "3/2"
    assert entrants[1].colours == (pairing.Colour.WHITE, pairing.Colour.BLACK)
    assert entrants[1].opponents == {2}
    # 3 won 3-4 by forfeit: no colour from it, but a point without playing; Black against 5.
    assert entrants[3].colours == (pairing.Colour.BLACK,)
    assert entrants[3].opponents == {4, 5}
    assert entrants[3].had_bye
    assert entrants[4].had_bye  # the requested half-point bye
    assert entrants[5].had_bye  # the pairing bye
    assert not entrants[2].had_bye


def test_the_entrants_of_a_hand_made_round_give_the_checker_its_problems() -> None:
    # Round 2 made by hand: 1-2 again, 4 missing, 5 a second pairing bye. (The database
    # itself refuses a player twice in a round.)
    section = section_build(
        ratings=[2000, 1900, 1800, 1700, 1600, 1500],
        rounds=["1-2 1-0, 3-4 =, 5 U, 6 H", "1-2 ?, 3-6 ?, 5 U"],
        rounds_total=3,
    )
    entrants = round_entrants(section=section, number=2).entrants

    problems = pairing.pairing_problems(
        entrants, [(1, 2), (3, 6)], [(5, pairing.ByeKind.PAIRING)]
    )

    assert problems == [
        "#4 Player 4 is missing: not paired and no bye.",
        "#1 Player 1 and #2 Player 2 have already met.",
        "#5 Player 5 gets a pairing bye after already having a bye or a point without "
        "playing.",
    ]
