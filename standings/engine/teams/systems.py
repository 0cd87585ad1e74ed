"""Team tiebreak systems for fixed-roster team events, and their registry with the sources.

Every system gives each team one exact value; a higher value ranks first, as for players. A
team's "score" in these texts is read through the option ``score``: ``primary`` (the posted
first score, match points by default), ``match_points`` or ``game_points``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType

from ..explanations import Contribution, Explanation
from ..formatting import format_decimal
from ..systems.base import OptionDef
from .table import TeamTable

Options = Mapping[str, str]
TeamValue = tuple[Fraction, Explanation]
# (table, options, the positions of the teams the value is for: all of them, or a tied group)
TeamSystemFn = Callable[[TeamTable, Options, Sequence[int]], list[TeamValue]]

_SCORE = OptionDef(
    "score",
    ("primary", "match_points", "game_points"),
    "primary",
    "which score of the opposing teams is read: the posted first score, match points or game points",
    ("the posted first score", "match points", "game points"),
)


@dataclass(frozen=True, slots=True)
class TeamSystemDef:
    """A team registry entry: stable id, human name, source citation, options, computation."""

    id: str
    name: str
    source: str
    compute: TeamSystemFn
    options: tuple[OptionDef, ...] = ()
    group_dependent: bool = False

    def option(self, name: str) -> OptionDef | None:
        return next((o for o in self.options if o.name == name), None)


def _points_word(which: str) -> str:
    return "match points" if which == "match_points" else "game points"


def _own_total(which: str) -> TeamSystemFn:
    """The team's own total of match or game points, round by round."""

    def compute(
        t: TeamTable, options: Options, teams: Sequence[int]
    ) -> list[TeamValue]:
        rows = t.mp if which == "match_points" else t.gp
        values = []
        for i in teams:
            terms = tuple(
                Contribution(
                    r + 1,
                    t.team(j).id if (j := t.opponents[i][r]) >= 0 else None,
                    rows[i][r],
                    "" if j >= 0 else ("bye" if t.records[i][r] else "not paired"),
                )
                for r in range(t.rounds)
            )
            total = sum((c.value for c in terms), Fraction(0))
            values.append(
                (
                    total,
                    Explanation(
                        f"{format_decimal(total)} {_points_word(which)}", terms
                    ),
                )
            )
        return values

    return compute


def opponents_score_x_points(
    t: TeamTable, options: Options, teams: Sequence[int]
) -> list[TeamValue]:
    """SwissSys list: "for each round, the final score of the opposing team is multiplied by the
    number of points scored against that team". A round without an opposing team adds nothing."""
    which = options["score"]
    values = []
    for i in teams:
        terms = []
        for r in range(t.rounds):
            j = t.opponents[i][r]
            if j < 0:
                continue
            final, scored = t.score(j, which), t.gp[i][r]
            terms.append(
                Contribution(
                    r + 1,
                    t.team(j).id,
                    final * scored,
                    f"{format_decimal(final)} x {format_decimal(scored)} game points scored",
                )
            )
        total = sum((c.value for c in terms), Fraction(0))
        values.append(
            (
                total,
                Explanation(
                    f"{format_decimal(total)}: each opposing team's final score x the game "
                    "points scored against it",
                    tuple(terms),
                ),
            )
        )
    return values


def opponents_score(
    t: TeamTable, options: Options, teams: Sequence[int]
) -> list[TeamValue]:
    """US Chess 34E2 (Solkoff: the opponents' final scores, none discarded), read for teams: the
    final scores of the teams met. A round without an opposing team adds nothing."""
    which = options["score"]
    values = []
    for i in teams:
        terms = tuple(
            Contribution(r + 1, t.team(j).id, t.score(j, which))
            for r in range(t.rounds)
            if (j := t.opponents[i][r]) >= 0
        )
        total = sum((c.value for c in terms), Fraction(0))
        values.append(
            (
                total,
                Explanation(
                    f"{format_decimal(total)}: the opposing teams' final scores", terms
                ),
            )
        )
    return values


def team_head_to_head(
    t: TeamTable, options: Options, teams: Sequence[int]
) -> list[TeamValue]:
    """Head-to-head among the tied teams (SwissSys list; Rozycki 1997, result between tied
    players): the match points each team scored in its matches against the others of the group."""
    group = set(teams)
    values = []
    for i in teams:
        terms = tuple(
            Contribution(r + 1, t.team(j).id, t.mp[i][r], "match against a tied team")
            for r in range(t.rounds)
            if (j := t.opponents[i][r]) >= 0 and j in group
        )
        total = sum((c.value for c in terms), Fraction(0))
        values.append(
            (
                total,
                Explanation(
                    f"{format_decimal(total)} match points against the other tied teams",
                    terms,
                ),
            )
        )
    return values


_TEAM_SYSTEM_LIST = (
    TeamSystemDef(
        "game_points",
        "Game points",
        'SwissSys list (team game points: "the individual games won by a team, as opposed to '
        'that team\'s match points"); MCA 2001 ("total game points scored by all team members '
        'is the first tiebreak")',
        _own_total("game_points"),
    ),
    TeamSystemDef(
        "match_points",
        "Match points",
        "SwissSys list (the match points that team game points are set against), for events "
        "posted with game points first",
        _own_total("match_points"),
    ),
    TeamSystemDef(
        "opponents_score_x_points",
        "Opposing score x points scored",
        'SwissSys list (fixed-roster team tiebreak: "the final score of the opposing team is '
        'multiplied by the number of points scored against that team")',
        opponents_score_x_points,
        (_SCORE,),
    ),
    TeamSystemDef(
        "opponents_score",
        "Sum of opposing teams' scores",
        "US Chess 34E2 (Solkoff) read for teams",
        opponents_score,
        (_SCORE,),
    ),
    TeamSystemDef(
        "head_to_head",
        "Head-to-head (teams)",
        "SwissSys list (Head-to-head); Rozycki 1997 (result between tied players) read for teams",
        team_head_to_head,
        group_dependent=True,
    ),
)

TEAM_SYSTEMS: Mapping[str, TeamSystemDef] = MappingProxyType(
    {s.id: s for s in _TEAM_SYSTEM_LIST}
)
