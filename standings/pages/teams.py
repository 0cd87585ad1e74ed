"""What the team standings pages show: each team's place, score, counting players and totals."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from standings.engine import format_decimal
from standings.engine.teams import MemberTeamRow
from standings.team_reports import TeamReport


@dataclass(frozen=True, slots=True)
class TeamMember:
    name: str
    number: int
    section: str
    score: str
    counting: bool


@dataclass(frozen=True, slots=True)
class TeamLine:
    rank: str  # "1", "=2" (shared), "" (too few players to place)
    team: str
    score: str
    members: list[TeamMember]
    values: list[str]
    prize: str
    placed: bool


def team_lines(report: TeamReport) -> list[TeamLine]:
    return [_line(report, row) for row in report.standings.rows]


def _line(report: TeamReport, row: MemberTeamRow) -> TeamLine:
    members = [
        _member(report, r.player.id, r.score, counting=True) for r in row.counting
    ] + [_member(report, r.player.id, r.score, counting=False) for r in row.others]
    rank = "" if row.rank is None else f"={row.rank}" if row.shared else str(row.rank)
    return TeamLine(
        rank,
        row.team,
        format_decimal(row.score),
        members,
        [format_decimal(v) for v, _ in row.values],
        report.prize_of(row.rank),
        row.rank is not None,
    )


def _member(
    report: TeamReport, pk: int, score: Fraction, *, counting: bool
) -> TeamMember:
    info = report.players[pk]
    return TeamMember(
        info.name,
        info.start_number,
        report.sections[pk],
        format_decimal(score),
        counting,
    )
