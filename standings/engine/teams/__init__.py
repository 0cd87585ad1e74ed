"""Team events in the pure engine: teams inside individual sections (``members``) and
fixed-roster team sections (``ranking``, ``systems``). docs/teams.md describes every system and
the text it follows."""

from __future__ import annotations

from .entities import (
    ByeResult,
    MatchRecord,
    MatchScoring,
    TeamId,
    TeamRef,
    TeamSnapshot,
)
from .members import (
    ALL_MEMBERS,
    DEFAULT_MEMBER_ORDER,
    MemberTeamRow,
    MemberTeamScoring,
    MemberTeamStandings,
    MemberTiebreak,
    compute_member_teams,
    parse_member_order,
)
from .ranking import (
    DEFAULT_TEAM_ORDER,
    TeamRow,
    TeamStandings,
    TeamTiebreakSpec,
    compute_team_standings,
    format_team_order,
    parse_team_order,
)
from .systems import TEAM_SYSTEMS, TeamSystemDef

__all__ = [
    "ALL_MEMBERS",
    "DEFAULT_MEMBER_ORDER",
    "DEFAULT_TEAM_ORDER",
    "TEAM_SYSTEMS",
    "ByeResult",
    "MatchRecord",
    "MatchScoring",
    "MemberTeamRow",
    "MemberTeamScoring",
    "MemberTeamStandings",
    "MemberTiebreak",
    "TeamId",
    "TeamRef",
    "TeamRow",
    "TeamSnapshot",
    "TeamStandings",
    "TeamSystemDef",
    "TeamTiebreakSpec",
    "compute_member_teams",
    "compute_team_standings",
    "format_team_order",
    "parse_member_order",
    "parse_team_order",
]
