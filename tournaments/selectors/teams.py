"""Reads about fixed-roster team sections."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db.models import Q

from standings.engine.teams import DEFAULT_TEAM_ORDER
from tournaments.models import (
    Pairing,
    Player,
    Result,
    ResultCheck,
    Round,
    Section,
    Team,
    TeamMatch,
    TeamMember,
    Tournament,
)
from tournaments.selectors.sections import (
    FORFEIT_LOSS_AS_BLACK,
    FORFEIT_LOSS_AS_WHITE,
    json_version,
)

# ---- fixed-roster team sections


def section_teams(section: Section) -> list[Team]:
    """The section's teams with their rosters (members and players), in team-number order."""
    return list(
        Team.objects.filter(section=section)
        .order_by("number")
        .prefetch_related("members__player")
    )


def team_match_labels(round_: Round) -> dict[int, str]:
    """A team round's first board of each match -> "Table 1: Knights – Rooks" (the round page)."""
    n = round_.section.team_boards
    return {
        (table - 1) * n + 1: f"Table {table}: {first} – {second}"
        for table, first, second in TeamMatch.objects.filter(
            round=round_, black_team__isnull=False
        ).values_list("table", "white_team__name", "black_team__name")
    }


def team_round_forfeited(*, section: Section, number: int) -> list[Team]:
    """Teams of a team section that forfeited their whole match of round ``number - 1`` and
    have not been withdrawn (a roster player still active), none of whose players has checked
    in for round ``number``: the TD says whether each is withdrawn or paired before round
    ``number`` is paired (and the round page of ``number - 1`` names them).

    A whole match forfeited: the team met another team that round, and none of its players
    has a board of it other than a loss by forfeit (the opponent's forfeit win, a double
    forfeit); a line-up that fielded nobody leaves it no board at all.
    """
    if number < 2:
        return []
    before = Pairing.objects.filter(round__section=section, round__number=number - 1)
    # The players who played, scored or are still waiting for a result in that round.
    not_lost = before.exclude(result__in=FORFEIT_LOSS_AS_WHITE).values("white")
    not_lost_black = (
        before.filter(black__isnull=False)
        .exclude(result__in=FORFEIT_LOSS_AS_BLACK)
        .values("black")
    )
    matches = TeamMatch.objects.filter(
        round__section=section, round__number=number - 1, black_team__isnull=False
    )
    return list(
        Team.objects.filter(section=section)
        .filter(
            Q(pk__in=matches.values("white_team"))
            | Q(pk__in=matches.values("black_team"))
        )
        .filter(members__player__status=Player.Status.ACTIVE)
        .exclude(members__player__in=not_lost)
        .exclude(members__player__in=not_lost_black)
        .exclude(members__player__checkins__round_number=number)
        .distinct()
        .order_by("number")
    )


def team_next_round(section: Section) -> int | None:
    """The first round of a team section not yet paired (None: all are)."""
    paired = set(
        Round.objects.filter(section=section)
        .exclude(status=Round.Status.NOT_PAIRED)
        .values_list("number", flat=True)
    )
    return next(
        (n for n in range(1, section.rounds_total + 1) if n not in paired), None
    )


def team_setup_initial(section: Section) -> dict[str, Any]:
    """The team section form as posted, or a first draft of rosters from the players' club /
    team field (each club's players by rating, strongest on board 1)."""
    stored = section.team_scoring if section.team_boards else {}
    teams = section_teams(section)
    if teams:
        lines = [
            f"{t.name}: "
            + " ".join(str(m.player.start_number) for m in t.members.all())
            for t in teams
        ]
    else:
        clubs: dict[str, list[tuple[int, int]]] = {}
        for number, rating, club in (
            Player.objects.filter(section=section)
            .exclude(club="")
            .values_list("start_number", "rating", "club")
        ):
            clubs.setdefault(club, []).append((-(rating or 0), number))
        lines = [
            f"{club}: " + " ".join(str(n) for _r, n in sorted(members))
            for club, members in clubs.items()
        ]
    return {
        "boards": section.team_boards or 4,
        "rosters": "\n".join(lines),
        "match_points": stored.get("match_points", "2/1/0"),
        "primary": stored.get("primary", "match_points"),
        "order": stored.get("order", DEFAULT_TEAM_ORDER),
        "prizes": "\n".join(stored.get("prizes", [])),
    }


# ---- an event's team scoring over a group of sections


def individual_section_choices(tournament: Tournament) -> list[tuple[int, str]]:
    """(pk, name) of the tournament's individual sections: those an event team group can pool."""
    return list(
        Section.objects.filter(tournament=tournament, team_boards=0)
        .order_by("pk")
        .values_list("pk", "name")
    )


@dataclass(frozen=True)
class TeamGroupLine:
    """A posted event team group as the TD's list shows it."""

    id: int
    label: str
    sections: list[str]
    locked: bool


def team_group_label(group: dict[str, Any], names: dict[int, str]) -> str:
    """A team group's name, else its sections' names (``names``: section pk -> name)."""
    return group.get("name") or ", ".join(
        names[pk] for pk in group.get("sections", names) if pk in names
    )


def team_group_links(
    tournament: Tournament, names: dict[int, str] | None = None
) -> list[tuple[int, str]]:
    """(id, label) of each of the event's team groups, in order: the links to their public
    team standings (``names``: section pk -> name, read here when a group needs them)."""
    groups = tournament.team_groups()
    if names is None and any(not g.get("name") for g in groups):
        names = dict(
            Section.objects.filter(tournament=tournament).values_list("pk", "name")
        )
    return [
        (g["id"], team_group_label(g, names or {}) or f"Group {g['id']}")
        for g in groups
    ]


def team_group_lines(tournament: Tournament) -> list[TeamGroupLine]:
    """The event's team groups with their sections' names (an older posting naming none:
    every section) and whether each is locked."""
    names = dict(
        Section.objects.filter(tournament=tournament).values_list("pk", "name")
    )
    return [
        TeamGroupLine(
            group["id"],
            team_group_label(group, names) or f"Group {group['id']}",
            [names[pk] for pk in group.get("sections", names) if pk in names],
            team_group_started(tournament, group["id"]),
        )
        for group in tournament.team_groups()
    ]


def _taken(tournament: Tournament, group: int | None) -> dict[int, str]:
    """Section pk -> the label of the other group (not ``group``) that pools it."""
    names = dict(individual_section_choices(tournament))
    taken: dict[int, str] = {}
    for other in tournament.team_groups():
        if other["id"] != group:
            label = other.get("name") or f"group {other['id']}"
            taken.update(dict.fromkeys(other.get("sections", names), label))
    return taken


def team_group_choices(
    tournament: Tournament, group: int | None
) -> list[tuple[int, str]]:
    """The individual sections for group ``group``'s form, each one in another group named
    ("K-3 (in Primary)"): ticking it is refused."""
    taken = _taken(tournament, group)
    return [
        (pk, f"{name} (in {taken[pk]})" if pk in taken else name)
        for pk, name in individual_section_choices(tournament)
    ]


def team_group_free(tournament: Tournament, group: int | None) -> list[int]:
    """The individual sections in no event team group but ``group`` (a new group's first draft)."""
    taken = _taken(tournament, group)
    return [pk for pk, _n in individual_section_choices(tournament) if pk not in taken]


def team_group_started(
    tournament: Tournament, group: int | None = None, also: Iterable[int] = ()
) -> bool:
    """Whether round 1 is posted in a section of the event's team group ``group`` (None: the
    first; its posted sections, every section when it names none, and the sections ``also``):
    the group's scoring is locked then."""
    posted = tournament.team_group(group) or {}
    pooled = posted.get("sections")
    sections = Section.objects.filter(tournament=tournament)
    if pooled is not None or not posted:
        sections = sections.filter(pk__in=[*(pooled or []), *also])
    return Round.objects.filter(
        section__in=sections,
        number=1,
        status__in=[Round.Status.PAIRED, Round.Status.COMPLETE],
    ).exists()


# ---- a round's line-ups (the TD's line-up page)

# The results a line-up change may replace: the ones the pairing itself wrote.
LINEUP_MADE_RESULTS = frozenset(
    {Result.PENDING, Result.FORFEIT_WIN_NO_OPPONENT, Result.BYE_PAIRING}
)


@dataclass(frozen=True)
class LineupMember:
    """A roster member as a round's line-up shows them: the board they play (None: not
    fielded) and whether they may be fielded."""

    start_number: int
    name: str
    rating: int | None
    roster_board: int
    board: int | None
    active: bool


@dataclass(frozen=True)
class LineupSide:
    team: Team
    members: list[LineupMember]
    # ``team_lineup_version`` of the line-up shown: the form carries it (another TD's save).
    version: str = ""


@dataclass(frozen=True)
class LineupMatch:
    table: int
    sides: list[LineupSide]
    # The results entered in the match (line-ups then stand), e.g. "3 Ann – 9 Bob: 1-0".
    entered: list[str]


def round_lineups(round_: Round) -> list[LineupMatch]:
    """Each match of a team round with each team's roster and who plays which board: the
    team's players in the round's pairings, in roster order (a line-up always follows it)."""
    pairings = list(
        Pairing.objects.filter(round=round_).select_related("white", "black")
    )
    playing = {p for row in pairings for p in (row.white_id, row.black_id) if p}
    checked = set(
        ResultCheck.objects.filter(pairing__round=round_).values_list(
            "pairing_id", flat=True
        )
    )
    members: dict[int, list[TeamMember]] = {}
    for member in (
        TeamMember.objects.filter(team__section_id=round_.section_id)
        .select_related("player")
        .order_by("board")
    ):
        members.setdefault(member.team_id, []).append(member)
    team_of = {m.player_id: t for t, ms in members.items() for m in ms}
    lines = []
    for match in TeamMatch.objects.filter(round=round_).select_related(
        "white_team", "black_team"
    ):
        teams = [match.white_team, *([match.black_team] if match.black_team else [])]
        sides = []
        for team in teams:
            fielded = [m for m in members.get(team.pk, []) if m.player_id in playing]
            board = {m.player_id: n for n, m in enumerate(fielded, start=1)}
            sides.append(
                LineupSide(
                    team,
                    [
                        LineupMember(
                            m.player.start_number,
                            m.player.name,
                            m.player.rating,
                            m.board,
                            board.get(m.player_id),
                            m.player.status == Player.Status.ACTIVE,
                        )
                        for m in members.get(team.pk, [])
                    ],
                    team_lineup_version(
                        round_.pk, team.pk, [m.player_id for m in fielded]
                    ),
                )
            )
        ids = {t.pk for t in teams}
        entered = [
            str(p) + (" (check entry)" if p.pk in checked else "")
            for p in pairings
            if team_of.get(p.white_id) in ids
            and (p.result not in LINEUP_MADE_RESULTS or p.pk in checked)
        ]
        lines.append(LineupMatch(match.table, sides, entered))
    return lines


def team_lineup_version(
    round_id: int, team_id: int, players: Iterable[int | None]
) -> str:
    """``json_version`` of a team's line-up in a round (its players by pk, board 1 first): the
    line-up form carries the one it showed, and a save from a page drawn before another TD
    changed that line-up is refused."""
    return json_version([round_id, team_id, [p for p in players if p is not None]])


def team_setup_version(section: Section) -> str:
    """``json_version`` of what the team setup form is drawn from: boards, team scoring, each
    team's roster (players by pk), and which player each start number names (a rating change
    before round 1 renumbers the section, and the rosters are written in start numbers)."""
    teams = [
        [t.number, t.name, [m.player_id for m in t.members.all()]]
        for t in section_teams(section)
    ]
    numbers = sorted(
        Player.objects.filter(section=section).values_list("start_number", "pk")
    )
    return json_version(
        [section.team_boards, section.team_scoring, teams, [list(n) for n in numbers]]
    )
