"""What the team standings pages show: each team's place, score, counting players and totals.

Scores are written as on the other pages ("10½", the ``points`` filter); a percentage is a
decimal."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from standings.engine import Explanation, format_decimal
from standings.engine.teams import MemberTeamRow
from standings.reports import ReportError
from standings.team_loaders import TeamSectionReport, team_section_report
from standings.team_reports import TeamReport, section_teams
from standings.templatetags.standings_format import halves, points
from tournaments.models import Section


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
    values: list[tuple[str, str]]  # value, how it arose
    prize: str
    placed: bool


def explained(explanation: Explanation, name: Callable[[int], str]) -> str:
    """A team tiebreak value as a TD reads it out: the summary, then each term; its numbers
    written as in the page's cells ("8½", never "8.5" in the hover beside a cell of "8½")."""
    terms = "; ".join(c.describe(name, points) for c in explanation.contributions)
    return halves(explanation.summary) + (f" ({terms})" if terms else "")


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
        points(row.score),
        members,
        [
            (points(v), explained(e, lambda pk: report.players[pk].name))
            for v, e in row.values
        ],
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
        points(score),
        counting,
    )


# ---- fixed-roster team sections ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class WallCell:
    """One round of a team's wall-chart line: result letter, opponent number, game points,
    running match points; ``url`` args of the match page."""

    text: str
    score: str
    running: str
    round: int
    table: int | None


@dataclass(frozen=True, slots=True)
class TeamStandingLine:
    rank: str
    number: int
    name: str
    match_points: str
    game_points: str
    values: list[tuple[str, str]]  # value, how it arose
    cells: list[WallCell]
    prize: str
    roster: list[tuple[int, str, int | None]]


def team_section_context(report: TeamSectionReport) -> dict[str, object]:
    """What the team section page shows: standings with wall-chart cells, boards, labels."""
    standings = report.standings
    through = standings.through_round
    numbers = {t.pk: t.number for t in report.teams.values()}
    scoring = report.settings.match_points
    lines = []
    shared_ranks = {r.rank for r in standings.rows if r.shared}
    for row in standings.rows:
        by_round = report.team_matches(row.team.id)
        running = Fraction(0)
        cells = []
        for r in range(1, report.section.rounds_total + 1):
            match = by_round.get(r)
            if match is None or r > through:
                cells.append(WallCell("", "", "", r, match.table if match else None))
                continue
            if match.second is None:
                running += scoring.win
                cells.append(
                    WallCell(
                        "bye",
                        points(match.first_points or Fraction(0)),
                        points(running),
                        r,
                        match.table,
                    )
                )
                continue
            first = match.first.pk == row.team.id
            own = match.first_points if first else match.second_points
            other = match.second_points if first else match.first_points
            opponent = match.second if first else match.first
            assert own is not None and other is not None and opponent is not None
            letter = "W" if own > other else "D" if own == other else "L"
            running += {"W": scoring.win, "D": scoring.draw, "L": scoring.loss}[letter]
            cells.append(
                WallCell(
                    f"{letter}{numbers[opponent.pk]}",
                    f"{points(own)}-{points(other)}",
                    points(running),
                    r,
                    match.table,
                )
            )
        rank = f"={row.rank}" if row.rank in shared_ranks else str(row.rank)
        lines.append(
            TeamStandingLine(
                rank,
                row.team.number,
                row.team.name,
                points(row.match_points),
                points(row.game_points),
                [
                    (points(v), explained(e, lambda pk: report.teams[pk].name))
                    for v, e in row.values
                ],
                cells,
                report.prize_of(row.rank),
                report.rosters.get(row.team.id, []),
            )
        )
    return {
        "lines": lines,
        "labels": [spec.label for spec in standings.order],
        "primary": "match points"
        if standings.primary == "match_points"
        else "game points",
        "through_round": through,
        "rounds": range(1, report.section.rounds_total + 1),
        "boards": [
            (
                board,
                [(p, points(p.points), format_decimal(p.percent)) for p in players],
            )
            for board, players in report.boards.items()
        ],
        "has_prizes": bool(report.settings.prizes),
        "match_points_text": report.settings.match_points.text(),
    }


@dataclass(frozen=True, slots=True)
class TeamPrizeLine:
    prize: str
    place: int
    team: str
    score: str
    tied: bool  # still tied after every team tiebreak: a trophy cannot be split


def team_prize_lines(section: Section) -> list[TeamPrizeLine]:
    """The section's team prizes by place (trophies go by rank after the team tiebreaks);
    none when the section posts no team scoring or no team prize."""
    if not section.team_scoring.get("prizes"):
        return []
    try:
        if section.team_boards:
            team_report = team_section_report(section=section)
            rows = [
                (r.rank, r.shared, r.team.name, r.score)
                for r in team_report.standings.rows
            ]
            prize_of = team_report.prize_of
        else:
            member_report = section_teams(section=section)
            rows = [
                (r.rank, r.shared, r.team, r.score)
                for r in member_report.standings.rows
                if r.rank is not None
            ]
            prize_of = member_report.prize_of
    except ReportError:
        return []
    return [
        TeamPrizeLine(prize_of(rank), rank, team, points(score), shared)
        for rank, shared, team, score in rows
        if prize_of(rank)
    ]
