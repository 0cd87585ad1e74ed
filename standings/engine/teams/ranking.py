"""Team standings of a fixed-roster team event: the posted first score, then the team tiebreaks."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..explanations import Explanation
from ..systems.base import OrderItem
from .entities import TeamRef, TeamSnapshot
from .systems import TEAM_SYSTEMS, TeamSystemDef
from .table import TeamTable

# The order offered when a team section is set up: game points first (MCA 2001: "total game
# points scored by all team members is the first tiebreak method used"), then the tiebreak the
# SwissSys list recommends over it, then the common sum of the opposing teams' scores.
DEFAULT_TEAM_ORDER = "game_points,opponents_score_x_points,opponents_score"


@dataclass(frozen=True, slots=True)
class TeamTiebreakSpec(OrderItem):
    """One team tiebreak of an order: a team system id and its options (defaults left out)."""

    id: str
    options: tuple[tuple[str, str], ...] = ()

    @property
    def system(self) -> TeamSystemDef:
        return TEAM_SYSTEMS[self.id]


def parse_team_order(text: str) -> tuple[TeamTiebreakSpec, ...]:
    """ "game_points,opponents_score_x_points:score=game_points" into specs; ValueError names the bad item."""
    specs: list[TeamTiebreakSpec] = []
    for position, item in enumerate((i for i in text.split(",") if i.strip()), start=1):
        name, *opts = item.split(":")
        sid = "_".join(name.strip().lower().replace("-", " ").split())
        system = TEAM_SYSTEMS.get(sid)
        if system is None:
            raise ValueError(
                f"item {position} ({item.strip()!r}) is not a team tiebreak; known: "
                f"{', '.join(TEAM_SYSTEMS)}"
            )
        given: dict[str, str] = {}
        for opt in opts:
            key, sep, value = (p.strip().lower() for p in opt.partition("="))
            option = system.option(key)
            if not sep or option is None or value not in option.values or key in given:
                allowed = ", ".join(
                    f"{o.name}={'|'.join(o.values)}" for o in system.options
                )
                raise ValueError(
                    f"item {position} ({item.strip()!r}): option {opt.strip()!r} is not allowed; "
                    f"{sid} takes {allowed or 'no options'}"
                )
            if value != option.default:
                given[key] = value
        spec = TeamTiebreakSpec(sid, tuple(sorted(given.items())))
        if any(s.key == spec.key for s in specs):
            raise ValueError(f"{spec.key} appears twice in the team order")
        specs.append(spec)
    return tuple(specs)


def format_team_order(specs: tuple[TeamTiebreakSpec, ...]) -> str:
    return ",".join(s.key for s in specs)


@dataclass(frozen=True, slots=True)
class TeamRow:
    """A team's place: rank (first place of a shared group), score, match and game points, values.

    ``decided_by`` is the index of the tiebreak that separated the row from the one above (None:
    the score did, the first row, or still tied).
    """

    rank: int
    shared: bool
    team: TeamRef
    score: Fraction
    match_points: Fraction
    game_points: Fraction
    values: tuple[tuple[Fraction, Explanation], ...]
    decided_by: int | None = None


@dataclass(frozen=True, slots=True)
class TeamStandings:
    through_round: int
    primary: str
    order: tuple[TeamTiebreakSpec, ...]
    rows: tuple[TeamRow, ...]


def compute_team_standings(
    snapshot: TeamSnapshot, order: tuple[TeamTiebreakSpec, ...]
) -> TeamStandings:
    """Rank the teams by the posted first score, then each team tiebreak on the teams still tied.

    A group-dependent system (head-to-head) is read among the teams still tied when it is reached
    (one pass). Teams tied after the last tiebreak share a rank, listed by team number.
    """
    t = TeamTable(snapshot)
    everyone = list(range(len(t.teams)))
    values: list[list[tuple[Fraction, Explanation]]] = [[] for _ in everyone]
    for spec in order:
        if not spec.system.group_dependent:
            for i, v in zip(
                everyone,
                spec.system.compute(t, spec.resolved_options(), everyone),
                strict=True,
            ):
                values[i].append(v)
    score = [t.score(i, "primary") for i in everyone]
    # Groups of teams still tied, best first; each spec splits them further.
    groups: list[list[int]] = []
    for i in sorted(everyone, key=lambda i: -score[i]):
        if groups and score[groups[-1][0]] == score[i]:
            groups[-1].append(i)
        else:
            groups.append([i])
    decided: dict[int, int] = {}
    for k, spec in enumerate(order):
        if spec.system.group_dependent:
            for group in groups:
                for i, v in zip(
                    group,
                    spec.system.compute(t, spec.resolved_options(), group),
                    strict=True,
                ):
                    values[i].insert(k, v)
        split: list[list[int]] = []
        for group in groups:
            ranked = sorted(group, key=lambda i: -values[i][k][0])
            for n, i in enumerate(ranked):
                if n and values[i][k][0] == values[split[-1][0]][k][0]:
                    split[-1].append(i)
                else:
                    if n:
                        decided[i] = k
                    split.append([i])
        groups = split
    rows = []
    place = 1
    for group in groups:
        # The tiebreak that split this group from the one above belongs to its first row.
        group_decided = next((decided[i] for i in group if i in decided), None)
        for n, i in enumerate(sorted(group, key=lambda i: t.teams[i].number)):
            rows.append(
                TeamRow(
                    rank=place,
                    shared=len(group) > 1,
                    team=t.teams[i],
                    score=score[i],
                    match_points=t.match_points[i],
                    game_points=t.game_points[i],
                    values=tuple(values[i]),
                    decided_by=None if n else group_decided,
                )
            )
        place += len(group)
    return TeamStandings(snapshot.through_round, snapshot.primary, order, tuple(rows))
