"""The demo's fixed-roster team event: 8 club teams of 4 boards, a 5-round Swiss by match
points, run through the same services a TD's pages call, from the rosters to the final round."""

from __future__ import annotations

import datetime
import random

from django.db import transaction

from tournaments.demo import demo_event_create, game_result
from tournaments.models import (
    Pairing,
    Player,
    Result,
    Round,
    Section,
    TeamMatch,
    TeamMember,
    Tournament,
)
from tournaments.services import (
    result_record,
    section_teams_set,
    section_tiebreaks_post,
    team_lineup_set,
    team_round_pair,
)

TEAM_SLUG = "riverside-team-league-2025"
TEAM_SEED = 20250607
BOARDS = 4
# Eight clubs with five players each (four boards and a reserve), strongest first.
TEAMS: list[tuple[str, list[int]]] = [
    ("Springfield Knights", [2210, 2105, 1990, 1905, 1820]),
    ("Capital City Rooks", [2180, 2060, 1975, 1880, 1790]),
    ("Prairie Gambit", [2120, 2040, 1930, 1860, 1770]),
    ("Lincoln Land Bishops", [2090, 1985, 1915, 1840, 1755]),
    ("Sangamon Sicilians", [2045, 1950, 1890, 1810, 1730]),
    ("Riverside Pawns", [1995, 1920, 1850, 1780, 1700]),
    ("Decatur Dragons", [1940, 1870, 1805, 1745, 1680]),
    ("Peoria Endgamers", [1890, 1830, 1760, 1700, 1640]),
]
FIRST = ["Alex", "Jordan", "Sam", "Taylor", "Morgan", "Casey", "Riley", "Jamie"]
LAST = ["Adams", "Baker", "Clark", "Diaz", "Evans"]


# The round in which the first table's first team rests its board 2: the reserve plays and
# boards 3 and 4 shift up (docs/teams.md, "Changing a round's line-up").
RESERVE_ROUND = 3


def _reserve_plays(section: Section, round_: Round) -> None:
    match = TeamMatch.objects.filter(round=round_, table=1).select_related("white_team")
    team = match.get().white_team
    roster = list(
        TeamMember.objects.filter(team=team)
        .order_by("board")
        .values_list("player__start_number", flat=True)
    )
    team_lineup_set(
        section=section,
        number=round_.number,
        team=team.number,
        players=[roster[0], *roster[2 : BOARDS + 1]],
    )


@transaction.atomic
def demo_team_tournament_create() -> Tournament:
    """The team league, rebuilt: rosters posted, five rounds paired and every board entered."""
    tournament, _ = demo_event_create(
        slug=TEAM_SLUG,
        name="Riverside Team League 2025",
        start=datetime.date(2025, 6, 7),
        end=datetime.date(2025, 6, 8),
        time_control="G/60;d5",
        status=Tournament.Status.SETUP,
    )
    section = Section.objects.create(
        tournament=tournament, name="Teams", rounds_total=5, tiebreaks=""
    )
    players: list[Player] = []
    for t, (club, ratings) in enumerate(TEAMS):
        for b, rating in enumerate(ratings):
            players.append(
                Player(
                    section=section,
                    start_number=len(players) + 1,
                    name=f"{FIRST[t]} {LAST[b]}-{club.split()[0]}",
                    rating=rating,
                    club=club,
                )
            )
    Player.objects.bulk_create(players)
    section_tiebreaks_post(
        section=section,
        order="modified_median,solkoff,cumulative,cumulative_opposition",
        user=None,
    )
    numbers = iter(range(1, len(players) + 1))
    rosters = [(club, [next(numbers) for _ in ratings]) for club, ratings in TEAMS]
    section_teams_set(
        section=section,
        boards=BOARDS,
        rosters=rosters,
        match_points="2/1/0",
        primary="match_points",
        order="game_points,opponents_score_x_points,opponents_score,head_to_head",
        prizes=[
            "Team champions trophy",
            "2nd place team trophy",
            "3rd place team trophy",
        ],
    )
    rng = random.Random(TEAM_SEED)
    strength = {p.pk: p.rating or 0 for p in Player.objects.filter(section=section)}
    for _ in range(section.rounds_total):
        round_ = team_round_pair(section=section)
        if round_.number == RESERVE_ROUND:
            _reserve_plays(section, round_)
        for pairing in Pairing.objects.filter(round=round_, black__isnull=False):
            assert pairing.black_id is not None
            result_record(
                pairing=pairing,
                result=game_result(
                    rng, strength[pairing.white_id], strength[pairing.black_id]
                ),
                based_on=Result.PENDING,
            )
        Round.objects.filter(pk=round_.pk).update(status=Round.Status.COMPLETE)
    Section.objects.filter(pk=section.pk).update(is_final=True)
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINAL)
    tournament.refresh_from_db()
    return tournament
