"""What a fixed-roster team section's board results add up to, per team and round: the engine's
``TeamSnapshot`` built from rows, shared by the pairing of teams (write side) and the team
standings (read side, ``standings/team_loaders.py``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from standings.engine import ScoringSystem
from standings.engine.teams import (
    DEFAULT_TEAM_ORDER,
    ByeResult,
    MatchRecord,
    MatchScoring,
    TeamRef,
    TeamSnapshot,
)
from tournaments.models import Result
from tournaments.results import OUTCOMES

# One match as read: round number, table, first team's pk, second team's pk (None: a bye).
MatchRow = tuple[int, int, int, int | None]
# One pairing as read: round number, board, white's pk, black's pk, result code.
BoardRow = tuple[int, int | None, int, int | None, str]


@dataclass(frozen=True, slots=True)
class TeamSettings:
    """A team section's posted settings (``Section.team_scoring``), read with defaults."""

    match_points: MatchScoring
    primary: str
    order: str
    prizes: tuple[str, ...]

    @classmethod
    def read(cls, stored: Mapping[str, Any]) -> TeamSettings:
        return cls(
            MatchScoring.parse(str(stored.get("match_points", "2/1/0"))),
            str(stored.get("primary", "match_points")),
            str(stored.get("order", DEFAULT_TEAM_ORDER)),
            tuple(stored.get("prizes", ())),
        )


def board_points(
    rows: Iterable[BoardRow], scoring: ScoringSystem
) -> dict[tuple[int, int], Fraction]:
    """(round, player pk) -> the player's points that round, for every result entered."""
    points: dict[tuple[int, int], Fraction] = {}
    for number, _board, white, black, result in rows:
        if result == Result.PENDING:
            continue
        white_outcome, black_outcome = OUTCOMES[result]
        points[(number, white)] = scoring.points(white_outcome)
        if black is not None and black_outcome is not None:
            points[(number, black)] = scoring.points(black_outcome)
    return points


def team_snapshot(
    *,
    teams: Iterable[tuple[int, int, str]],
    team_of: Mapping[int, int],
    matches: Iterable[MatchRow],
    boards: Iterable[BoardRow],
    scoring: ScoringSystem,
    settings: TeamSettings,
    rounds_total: int,
    through_round: int,
) -> TeamSnapshot:
    """The engine's input: each team's game points per match (its players' points that round),
    the opposing team's, and a bye's points (scored as a match won)."""
    points = board_points(boards, scoring)
    gp: dict[tuple[int, int], Fraction] = {}
    for (number, player), value in points.items():
        team = team_of.get(player)
        if team is not None:
            gp[(number, team)] = gp.get((number, team), Fraction(0)) + value
    records = []
    for number, _table, first, second in matches:
        if number > through_round:
            continue
        a = gp.get((number, first), Fraction(0))
        if second is None:
            records.append(MatchRecord(number, first, None, a, bye=ByeResult.WIN))
            continue
        b = gp.get((number, second), Fraction(0))
        records.append(MatchRecord(number, first, second, a, b))
        records.append(MatchRecord(number, second, first, b, a))
    return TeamSnapshot(
        tuple(TeamRef(pk, n, name) for pk, n, name in teams),
        tuple(records),
        rounds_total,
        through_round,
        settings.match_points,
        settings.primary,
    )
