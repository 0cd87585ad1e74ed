"""A fixed-roster team section from the database: team standings, wall chart, matches, boards.

One read of each table (teams, members, players, matches, pairings), whatever the size; the
engine (``standings.engine.teams``) ranks, ``tournaments.team_results`` adds up the boards.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from standings.engine import ScoringSystem, format_decimal
from standings.engine.teams import (
    TeamStandings,
    compute_team_standings,
    parse_team_order,
)
from standings.loaders import LoaderError, snapshot_load
from standings.reports import ReportError
from standings.templatetags.standings_format import points
from tournaments.models import (
    Pairing,
    Player,
    Result,
    Section,
    Team,
    TeamMatch,
    TeamMember,
)
from tournaments.results import section_scoring
from tournaments.team_results import TeamSettings, board_points, team_snapshot


@dataclass(frozen=True, slots=True)
class BoardLine:
    """One board of a match: the first team's player and the second's, and the result shown
    from the first team's side ("1-0", "½-½", "0-1", "+ -" for a forfeit)."""

    board: int
    first: str
    first_rating: int | None
    second: str
    second_rating: int | None
    first_white: bool
    first_points: str
    second_points: str


@dataclass(frozen=True, slots=True)
class MatchLine:
    round: int
    table: int
    first: Team
    second: Team | None
    first_points: Fraction | None  # None: a result still to come
    second_points: Fraction | None
    boards: tuple[BoardLine, ...] = ()

    def score_text(self) -> str:
        if self.first_points is None or self.second_points is None:
            return "–"
        # As the other pages write a score: "2½-1½".
        return f"{points(self.first_points)}-{points(self.second_points)}"


@dataclass(frozen=True, slots=True)
class BoardPlayer:
    name: str
    team: str
    points: Fraction
    games: int

    @property
    def percent(self) -> Fraction:
        return self.points / self.games * 100 if self.games else Fraction(0)


@dataclass
class TeamSectionReport:
    section: Section
    standings: TeamStandings
    settings: TeamSettings
    teams: dict[int, Team]
    rosters: dict[
        int, list[tuple[int, str, int | None]]
    ]  # team pk -> (board, name, rating)
    matches: list[MatchLine]
    boards: dict[int, list[BoardPlayer]] = field(default_factory=dict)

    def team_matches(self, team: int) -> dict[int, MatchLine]:
        """Round -> the team's match."""
        return {
            m.round: m
            for m in self.matches
            if m.first.pk == team or (m.second is not None and m.second.pk == team)
        }

    def prize_of(self, rank: int) -> str:
        return (
            self.settings.prizes[rank - 1] if rank <= len(self.settings.prizes) else ""
        )


def team_section_report(
    *, section: Section, through_round: int | None = None
) -> TeamSectionReport:
    """The team section after ``through_round`` (default: its last complete round)."""
    try:
        snapshot = snapshot_load(section=section, through_round=through_round)
        settings = TeamSettings.read(section.team_scoring)
        order = parse_team_order(settings.order)
    except (LoaderError, ValueError) as error:
        raise ReportError(str(error)) from None
    through = snapshot.through_round
    teams = {t.pk: t for t in Team.objects.filter(section=section).order_by("number")}
    members = list(
        TeamMember.objects.filter(team__section=section)
        .order_by("team", "board")
        .values_list("team_id", "board", "player_id")
    )
    players = {
        pk: (name, rating)
        for pk, name, rating in Player.objects.filter(section=section).values_list(
            "pk", "name", "rating"
        )
    }
    matches = list(
        TeamMatch.objects.filter(round__section=section).values_list(
            "round__number", "table", "white_team_id", "black_team_id"
        )
    )
    boards = list(
        Pairing.objects.filter(round__section=section).values_list(
            "round__number", "board", "white_id", "black_id", "result"
        )
    )
    team_of = {player: team for team, _board, player in members}
    scoring = section_scoring(section)
    standings = compute_team_standings(
        team_snapshot(
            teams=[(t.pk, t.number, t.name) for t in teams.values()],
            team_of=team_of,
            matches=matches,
            boards=boards,
            scoring=scoring,
            settings=settings,
            rounds_total=section.rounds_total,
            through_round=through,
        ),
        order,
    )
    rosters: dict[int, list[tuple[int, str, int | None]]] = {pk: [] for pk in teams}
    for team, board, player in members:
        rosters[team].append((board, *players[player]))
    report = TeamSectionReport(
        section,
        standings,
        settings,
        teams,
        rosters,
        _match_lines(
            matches,
            boards,
            teams,
            team_of,
            {player: board for _team, board, player in members},
            players,
            scoring,
            section.team_boards,
        ),
    )
    report.boards = _board_standings(
        boards, players, teams, team_of, scoring, through, section.team_boards
    )
    return report


def _match_boards(
    rows: Sequence[tuple[int | None, int, int | None, str]],
    first: int,
    second: int,
    team_of: dict[int, int],
    roster_board: dict[int, int],
    n: int,
) -> list[tuple[int, tuple[int | None, int | None, bool]]]:
    """Match board -> (first team's player, second team's, whether the first has White).

    A game sits on its pairing's board; a point won without a game (the other team had nobody
    left for it) has no board of its own and takes the first board still free, its team's
    players in roster order: a line-up fills boards 1, 2, ... (docs/teams.md)."""
    slots: dict[int, tuple[int | None, int | None, bool]] = {}
    loose: list[tuple[int, int]] = []  # (roster board, player) without an opponent
    for board, white, black, _result in rows:
        side = team_of.get(white)
        if side not in (first, second):
            continue
        if black is not None and board:
            first_white = side == first
            slots[((board - 1) % n) + 1] = (
                (white, black, True) if first_white else (black, white, False)
            )
        else:
            loose.append((roster_board.get(white, 0), white))
    free = [k for k in range(1, n + 1) if k not in slots]
    for k, (_rank, player) in zip(free, sorted(loose), strict=False):
        # The team listed first has White on the odd boards.
        mine_first = team_of.get(player) == first
        slots[k] = (
            (player, None, k % 2 == 1) if mine_first else (None, player, k % 2 == 1)
        )
    return sorted(slots.items())


def _match_lines(matches, boards, teams, team_of, roster_board, players, scoring, n):  # type: ignore[no-untyped-def]
    points = board_points(boards, scoring)
    pending = {number for number, *_rest, result in boards if result == Result.PENDING}
    by_round: dict[int, list[tuple[int | None, int, int | None, str]]] = {}
    for number, board, white, black, result in boards:
        by_round.setdefault(number, []).append((board, white, black, result))
    lines = []
    for number, table, first, second in sorted(matches):
        own: list[BoardLine] = []
        if second is not None:
            for k, (mine, theirs, first_white) in _match_boards(
                by_round.get(number, []), first, second, team_of, roster_board, n
            ):
                own.append(
                    BoardLine(
                        k,
                        players[mine][0] if mine else "–",
                        players[mine][1] if mine else None,
                        players[theirs][0] if theirs else "–",
                        players[theirs][1] if theirs else None,
                        first_white,
                        _pts(points.get((number, mine))) if mine else "",
                        _pts(points.get((number, theirs))) if theirs else "",
                    )
                )
        done = number not in pending
        total = {
            side: sum(
                (
                    v
                    for (r, p), v in points.items()
                    if r == number and team_of.get(p) == side
                ),
                Fraction(0),
            )
            for side in (first, second)
            if side is not None
        }
        lines.append(
            MatchLine(
                number,
                table,
                teams[first],
                teams[second] if second is not None else None,
                total[first] if done else None,
                total.get(second) if done and second is not None else None,
                tuple(own),
            )
        )
    return lines


def _pts(value: Fraction | None) -> str:
    """A board's points as a score sheet writes them: "1", "½", "0"."""
    if value is None:
        return ""
    return "½" if value == Fraction(1, 2) else format_decimal(value)


def _board_standings(
    boards: Sequence[tuple[int, int | None, int, int | None, str]],
    players: dict[int, tuple[str, int | None]],
    teams: dict[int, Team],
    team_of: dict[int, int],
    scoring: ScoringSystem,
    through: int,
    n: int,
) -> dict[int, list[BoardPlayer]]:
    """Match board -> the players who played it, best score first (then percentage, then fewer
    games). A player who played several boards is in each board's list with those games."""
    points = board_points([b for b in boards if b[0] <= through], scoring)
    tally: dict[tuple[int, int], list[Fraction]] = {}
    for number, board, white, black, _result in boards:
        if board is None or number > through:
            continue
        for player in (white, black):
            if player is not None and (number, player) in points:
                key = ((board - 1) % n + 1, player)
                tally.setdefault(key, []).append(points[(number, player)])
    table: dict[int, list[BoardPlayer]] = {}
    for (board, player), games in tally.items():
        team = teams[team_of[player]].name if player in team_of else ""
        table.setdefault(board, []).append(
            BoardPlayer(players[player][0], team, sum(games, Fraction(0)), len(games))
        )
    for rows in table.values():
        rows.sort(key=lambda p: (-p.points, -p.percent, p.games, p.name))
    return dict(sorted(table.items()))
