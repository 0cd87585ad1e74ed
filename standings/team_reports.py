"""Team standings of an individual section, or of a whole event, from the database.

The posted team scoring (``Section.team_scoring``, ``Tournament.team_scoring``) is handed to the
engine's ``compute_member_teams`` with the section snapshots and each player's club / team.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from standings.engine.teams import (
    MemberTeamScoring,
    MemberTeamStandings,
    compute_member_teams,
    parse_member_order,
)
from standings.loaders import (
    LoaderError,
    player_rows,
    snapshot_load,
    team_of_players,
)
from standings.reports import PlayerInfo, ReportError, _infos
from tournaments.models import Section, Tournament


@dataclass(frozen=True, slots=True)
class TeamReport:
    """Team standings and the players they name (by pk, with their section's name)."""

    standings: MemberTeamStandings
    players: dict[int, PlayerInfo]
    sections: dict[int, str]  # player pk -> section name
    prizes: tuple[str, ...]
    reason: str  # why the scoring changed after round 1, if it did
    rounds: dict[str, int]  # section name -> standings after this round

    def prize_of(self, rank: int | None) -> str:
        """The team prize of a place (trophies by place; a shared rank shows the first place's)."""
        if rank is None or rank > len(self.prizes):
            return ""
        return self.prizes[rank - 1]


def scoring_of(stored: dict[str, Any], where: str) -> MemberTeamScoring:
    """The stored team scoring as the engine takes it; ``ReportError`` if it cannot be read."""
    try:
        return MemberTeamScoring(
            stored.get("top"),
            int(stored.get("min_players", 1)),
            parse_member_order(str(stored.get("order", ""))),
        )
    except (TypeError, ValueError) as error:
        raise ReportError(
            f"the team scoring of {where} cannot be read: {error}"
        ) from None


def section_teams(*, section: Section, through_round: int | None = None) -> TeamReport:
    """The section's team standings after ``through_round`` (default: the last complete round)."""
    if not section.team_scoring:
        raise ReportError(f"{section.name} has no team scoring posted")
    scoring = scoring_of(section.team_scoring, section.name)
    return _report([section], scoring, section.team_scoring, through_round)


def tournament_teams(
    *,
    tournament: Tournament,
    group: int | None = None,
    sections: list[Section] | None = None,
) -> TeamReport:
    """The team standings of the event's team group ``group`` (None: the first): the players of
    its sections (every section when it names none) pooled, each section after its last
    complete round. ``sections``: the group's sections when already loaded."""
    posted = tournament.team_group(group)
    if not posted:
        raise ReportError(f"{tournament.name} has no event team scoring posted")
    scoring = scoring_of(posted, tournament.name)
    if sections is None:
        sections = group_sections(tournament, group)
    return _report(sections, scoring, posted, None)


def group_sections(tournament: Tournament, group: int | None = None) -> list[Section]:
    """The sections the event's team group ``group`` pools (None: the first group): those it
    names (a section deleted since is left out), else every section; none without a group."""
    posted = tournament.team_group(group)
    if posted is None:
        return []
    sections = tournament.sections.all()
    if "sections" in posted:
        sections = sections.filter(pk__in=posted["sections"])
    return list(sections)


def _report(
    sections: list[Section],
    scoring: MemberTeamScoring,
    stored: dict[str, Any],
    through_round: int | None,
) -> TeamReport:
    snapshots = []
    infos: dict[int, PlayerInfo] = {}
    where: dict[int, str] = {}
    rounds: dict[str, int] = {}
    for section in sections:
        rows = player_rows(section)
        try:
            snapshot = snapshot_load(
                section=section, through_round=through_round, players=rows
            )
        except LoaderError as error:
            raise ReportError(str(error)) from None
        snapshots.append(snapshot)
        infos.update(_infos(rows))
        where.update({row[0]: section.name for row in rows})
        rounds[section.name] = snapshot.through_round
    standings = compute_member_teams(snapshots, team_of_players(sections), scoring)
    return TeamReport(
        standings,
        infos,
        where,
        tuple(stored.get("prizes", ())),
        str(stored.get("reason", "")),
        rounds,
    )
