"""Teams inside an individual section: each player plays for themselves and a team (a school, a
club), and the team's score is the sum of its best individual scores.

US scholastic practice (the reference notes cite the US Chess scholastic regulations: top 4 at
the Spring Nationals, top 3 at the Grade Nationals; at least 2 players to place) and the SwissSys
"team cutoff" ("SwissSys ranks players by score and counts only the top N scorers", 999 = all)
agree on the score. Ties between teams are broken by the totals of the counting players' own
tiebreaks, in the posted order; ``team_points`` (MCA 2001: "in team tournaments, total game
points scored by all team members is the first tiebreak method used") adds every member's score,
counting or not.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from ..entities import PlayerId, Snapshot
from ..explanations import Contribution, Explanation
from ..formatting import format_decimal
from ..order import TiebreakSpec, parse_order
from ..ranking import StandingRow, compute_standings

ALL_MEMBERS = "team_points"
ALL_MEMBERS_SOURCE = (
    'MCA 2001: "in team tournaments, total game points scored by all team members is the first '
    'tiebreak method used"'
)
# What the scholastic regulations use (as the reference notes cite them): the counting players'
# Modified Median, Solkoff, Sonneborn-Berger and Cumulative totals, in that order.
DEFAULT_MEMBER_ORDER = "modified_median,solkoff,sonneborn_berger,cumulative"


@dataclass(frozen=True, slots=True)
class MemberTiebreak:
    """A team tiebreak in an individual section: a player tiebreak summed over the counting
    players (``spec``), or the MCA total of every member's score (``spec`` None)."""

    key: str
    label: str
    spec: TiebreakSpec | None


def parse_member_order(text: str) -> tuple[MemberTiebreak, ...]:
    """Team tiebreaks of an individual section: ``team_points`` and player tiebreak ids.

    A system read among the tied players (head-to-head, result between tied players) or a drawing
    of lots is refused: its values mean nothing once added up over a team.
    """
    items: list[MemberTiebreak] = []
    rest: list[str] = []
    for item in (i.strip() for i in text.split(",") if i.strip()):
        if item.lower() == ALL_MEMBERS:
            if any(i.spec is None for i in items):
                raise ValueError(f"{ALL_MEMBERS} appears twice in the team order")
            items.append(MemberTiebreak(ALL_MEMBERS, "Team points (all members)", None))
            continue
        for spec in parse_order(item):
            if spec.system.group_dependent or spec.system.needs_lots:
                raise ValueError(
                    f"{spec.key} cannot be added up over a team: it is read among the tied "
                    "players or drawn by lot"
                )
            items.append(MemberTiebreak(spec.key, spec.label, spec))
            rest.append(spec.key)
    parse_order(",".join(rest))  # refuses duplicates
    return tuple(items)


@dataclass(frozen=True, slots=True)
class MemberTeamScoring:
    """The posted team scoring: top N counting (None: all), the players needed to place, the order."""

    top: int | None = None
    min_players: int = 1
    order: tuple[MemberTiebreak, ...] = ()

    def __post_init__(self) -> None:
        if self.top is not None and self.top < 1:
            raise ValueError("the number of counting players must be 1 or more")
        if self.min_players < 1:
            raise ValueError("the minimum number of players must be 1 or more")


@dataclass(frozen=True, slots=True)
class MemberTeamRow:
    """A team's place (None: too few players to place), its score and tiebreak totals, explained.

    ``counting`` are the players whose scores make the team score, best first; ``others`` the
    rest of the team. ``values`` pair each total with its breakdown (one term per player).
    """

    rank: int | None
    shared: bool
    team: str
    score: Fraction
    counting: tuple[StandingRow, ...]
    others: tuple[StandingRow, ...]
    values: tuple[tuple[Fraction, Explanation], ...]

    @property
    def players(self) -> int:
        return len(self.counting) + len(self.others)


@dataclass(frozen=True, slots=True)
class MemberTeamStandings:
    through_round: int
    scoring: MemberTeamScoring
    rows: tuple[MemberTeamRow, ...]


def compute_member_teams(
    snapshot: Snapshot | Sequence[Snapshot],
    team_of: Mapping[PlayerId, str],
    scoring: MemberTeamScoring,
) -> MemberTeamStandings:
    """Team standings of the players who carry a team (``team_of``; players without one are left out).

    Several snapshots (the sections of a whole event, player ids unique across them) pool their
    players: a team's best N come from any section. The counting players are a team's best N by
    score; when players tie on score at the cutoff, the one ahead on the team order's own
    tiebreaks counts (the team's best N).
    """
    snapshots = (snapshot,) if isinstance(snapshot, Snapshot) else tuple(snapshot)
    specs = tuple(i.spec for i in scoring.order if i.spec is not None)
    pooled: list[StandingRow] = []
    for one in snapshots:
        pooled.extend(compute_standings(one, specs, lots_seed=None).rows)
    if (
        len(snapshots) > 1
    ):  # best first across the sections (sorted is stable within one)
        pooled.sort(key=lambda r: (r.score, *(v.value for v in r.values)), reverse=True)
    members: dict[str, list[StandingRow]] = {}
    for standing in pooled:  # best first
        team = team_of.get(standing.player.id, "").strip()
        if team:
            members.setdefault(team, []).append(standing)
    rows: list[MemberTeamRow] = []
    for team, players in members.items():
        cut = len(players) if scoring.top is None else scoring.top
        counting, others = tuple(players[:cut]), tuple(players[cut:])
        values = []
        for item in scoring.order:
            if item.spec is None:
                terms = tuple(
                    Contribution(None, r.player.id, r.score, "member") for r in players
                )
                summary = "every member's score"
            else:
                k = specs.index(item.spec)
                terms = tuple(
                    Contribution(
                        None, r.player.id, r.values[k].value, "counting player"
                    )
                    for r in counting
                )
                summary = f"the counting players' {item.label}"
            total = sum((c.value for c in terms), Fraction(0))
            values.append(
                (total, Explanation(f"{format_decimal(total)}: {summary}", terms))
            )
        score = sum((r.score for r in counting), Fraction(0))
        rows.append(
            MemberTeamRow(None, False, team, score, counting, others, tuple(values))
        )
    placed = sorted(
        (r for r in rows if r.players >= scoring.min_players),
        key=lambda r: r.team.casefold(),
    )
    placed.sort(key=_key, reverse=True)
    result = []
    for r in placed:
        tied = [q for q in placed if _key(q) == _key(r)]
        rank = placed.index(tied[0]) + 1
        result.append(replace(r, rank=rank, shared=len(tied) > 1))
    # Too few players to place: listed after the placed teams, unranked.
    unplaced = (r for r in rows if r.players < scoring.min_players)
    result.extend(sorted(unplaced, key=lambda r: (-r.score, r.team.casefold())))
    through = max((one.through_round for one in snapshots), default=0)
    return MemberTeamStandings(through, scoring, tuple(result))


def _key(row: MemberTeamRow) -> tuple[Fraction, ...]:
    return (row.score, *(v for v, _ in row.values))
