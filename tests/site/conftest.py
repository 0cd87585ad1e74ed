"""What the site-wide tests share: the world every URL is tried in."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from django.contrib.auth.models import User

from tests.tournaments.builders import section_build
from tournaments.models import HallScreen, Pairing, Player, Round, Section, Tournament


@dataclass
class World:
    """A published tournament directed by ``td``: one section, round 1 played, round 2 paired."""

    tournament: Tournament
    section: Section
    round: Round
    pairing: Pairing
    player: Player
    screen: HallScreen


@pytest.fixture
def world(td: User, tournament: Tournament) -> World:
    section = section_build(
        tournament=tournament,
        ratings=[2000, 1900, 1800, 1700],
        rounds=["1-2 1-0, 3-4 =", "4-1 ?, 2-3 ?"],
        rounds_total=3,
    )
    round_2 = section.rounds.get(number=2)
    screen = HallScreen.objects.create(tournament=tournament, name="Hall TV")
    return World(
        tournament,
        section,
        round_2,
        round_2.pairings.order_by("board").first(),  # type: ignore[arg-type]
        section.players.get(start_number=1),
        screen,
    )
