"""Fixed-roster team sections: the rosters and settings posted before round 1, and the pairing
of a round of matches whose boards are ordinary pairings (results entered as in any round)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q

from standings.engine.teams import (
    MatchScoring,
    compute_team_standings,
    parse_team_order,
)
from tournaments.models import (
    Pairing,
    Player,
    Result,
    ResultCheck,
    Round,
    Section,
    SectionEvent,
    Team,
    TeamMatch,
    TeamMember,
)
from tournaments.pairing.teams import (
    TeamEntrant,
    TeamPairingError,
    pair_teams_round_robin,
    pair_teams_swiss,
)
from tournaments.results import section_scoring
from tournaments.selectors import (
    round_one_posted,
    round_pairings_version,
    rounds_earlier_open,
    section_teams,
    team_lineup_version,
    team_round_forfeited,
    team_setup_version,
)
from tournaments.selectors.teams import LINEUP_MADE_RESULTS
from tournaments.services.common import (
    SECTION_FINAL,
    AnswerGroup,
    StaleEdit,
    round_lock,
    section_lock,
    section_rounds_lock,
)
from tournaments.services.pairing import FORFEITED_PAIR, FORFEITED_WITHDRAW
from tournaments.services.players import player_withdraw
from tournaments.services.rounds import pairings_trail_keep
from tournaments.services.setup import tournament_status_refresh
from tournaments.team_results import TeamSettings, team_snapshot
from tournaments.validators import no_control_characters

TEAMS_LOCKED = (
    "Round 1 is posted: the teams, their rosters and the team scoring are locked."
)
TEAMS_BOARDS_RANGE = "A match is played on 1 to 12 boards."
TEAMS_TOO_FEW = "A team section needs at least 2 teams."
TEAMS_NAME_MISSING = "Team {n} has no name."
TEAMS_NAME_TWICE = "Two teams are named {name!r}."
TEAMS_UNKNOWN_PLAYER = "Team {name!r}: no player has start number {number}."
TEAMS_PLAYER_TWICE = "Player {number} is on two rosters ({first!r} and {second!r})."
TEAMS_ROSTER_SHORT = "Team {name!r} has {count} player(s): a match needs {boards}."
TEAMS_BAD_SETTING = "The team scoring cannot be used: {error}."
TEAM_PAIR_NOT_TEAMS = "{section} is not a team section: pair it from the round page."
TEAMS_STALE = (
    "The teams of {section} changed after this page was opened (another TD saved them, or a "
    "rating change renumbered the players the rosters name): nothing was saved. Check the "
    "rosters as they are now and save again."
)
TEAM_PAIR_ALREADY = "Round {number} is already paired."
TEAM_PAIR_PAIRED_MEANWHILE = (
    "Round {number} was already paired by someone else since this page was opened (another "
    "TD, another page, or its matches changed after this page paired them): nothing changed. "
    "Here are its matches as they are now."
)
TEAM_PAIR_REMOVED_MEANWHILE = (
    "Round {number} was paired from this page, and its matches were removed since (Remove "
    "pairings, on another page or by another TD): it was not paired again. Press Pair and "
    "post to pair it as it is now."
)
TEAM_PAIR_EARLIER = (
    "Round {earlier} is not complete: enter its results before pairing round {number}."
)
TEAM_PAIR_NO_ROUND = "{section} has rounds 1 to {total}."
TEAM_PAIR_REFUSED = "Round {number} cannot be paired: {reason}."

TEAM_PAIR_FORFEITED = (
    "{n} team{s} forfeited the whole match in round {last} and {have} not been withdrawn: "
    "{names}. Withdraw them after round {last}, or pair them anyway."
)
TEAM_PAIR_FORFEITED_CHANGED = (
    "Since this page was opened, {names} joined the teams that forfeited the whole match in "
    "round {last} (a result, a line-up or a withdrawal changed): nothing was changed. Answer "
    "again for the teams listed now."
)
NOTE_TEAM_FORFEITED_WITHDRAWN = (
    "{team} forfeited the whole match in round {last}: withdrawn after round {last} (the "
    "TD's decision)."
)
NOTE_TEAM_FORFEITED_PAIRED = "{team} forfeited the whole match in round {last}: paired anyway (the TD's decision)."
TEAM_NO_SHOW_WITHDRAWN = (
    "{team} withdrawn after round {round} (every player on its roster): it plays no match "
    "from round {next} on."
)
TEAM_NO_SHOW_ALREADY_WITHDRAWN = (
    "{team} is withdrawn already (no player on its roster is active): nothing changed."
)
TEAM_NO_SHOW_NOT_LISTED = (
    "{team} is no longer among the teams that forfeited the whole match in round {round}: "
    "since this page was opened, a result or a line-up was changed, or a player checked in "
    "for round {next}. Nothing changed."
)
TEAM_NO_SHOW_PAIRED_LATER = (
    "{team} is paired in round {later} already: nothing changed. Remove that round's "
    "pairings first to withdraw it after round {round}."
)

Roster = tuple[str, Sequence[int]]  # team name, start numbers in board order


class TeamsForfeited(ValidationError):
    """Teams forfeited the whole match of the round before and have not been withdrawn
    (``teams``, ``selectors.team_round_forfeited``): the TD says whether they are withdrawn or
    paired before the round is paired."""

    def __init__(self, message: str, *, teams: list[Team]) -> None:
        super().__init__(message)
        self.teams = teams


class TeamPairedMeanwhile(ValidationError):
    """Round ``number`` was paired by another press than this one (``team_round_pair``'s
    ``pair_key``): the TD is shown its matches as they are now."""

    def __init__(self, message: str, *, number: int) -> None:
        super().__init__(message)
        self.number = number


def section_teams_set(
    *,
    section: Section,
    boards: int,
    rosters: Sequence[Roster],
    match_points: str = "2/1/0",
    primary: str = "match_points",
    order: str | None = None,
    prizes: Sequence[str] = (),
    based_on: str | None = None,
) -> list[Team]:
    """Make ``section`` a fixed-roster team section: its teams (numbered in the order given),
    their rosters in board order, and the posted team scoring. Replaces what was set before;
    refused once round 1 is posted. Each member's club / team becomes the team's name (the TRF
    team records and the team pages read it).

    ``based_on``: the ``selectors.team_setup_version`` the form was drawn from. A form from
    before another TD's save, or before a renumbering (the rosters are start numbers), is
    refused (``StaleEdit``), unless it asks for what is set already (pressed twice).
    """
    settings = _settings_check(match_points, primary, order, prizes)
    if not 1 <= boards <= 12:
        raise ValidationError(TEAMS_BOARDS_RANGE)
    if len(rosters) < 2:
        raise ValidationError(TEAMS_TOO_FEW)
    with transaction.atomic():
        locked = Section.objects.select_for_update(no_key=True).get(pk=section.pk)
        if round_one_posted(locked):
            raise ValidationError(TEAMS_LOCKED)
        # The rosters set each member's club / team: a change of players, refused when final.
        if locked.is_final:
            raise ValidationError(SECTION_FINAL.format(section=locked.name))
        players = {p.start_number: p for p in Player.objects.filter(section=locked)}
        now = team_setup_version(locked)
        if based_on and based_on != now:
            teams = section_teams(locked)
            stored = [
                (t.name, [m.player.start_number for m in t.members.all()])
                for t in teams
            ]
            asked = [(name.strip(), list(numbers)) for name, numbers in rosters]
            if (locked.team_boards, locked.team_scoring, stored) == (
                boards,
                settings,
                asked,
            ):
                return teams  # set already: the form sent twice
            raise StaleEdit(TEAMS_STALE.format(section=locked.name), version=now)
        _rosters_check(rosters, players, boards)
        Team.objects.filter(section=locked).delete()
        teams = Team.objects.bulk_create(
            Team(section=locked, number=n, name=name.strip())
            for n, (name, _numbers) in enumerate(rosters, start=1)
        )
        members = []
        for team, (_name, numbers) in zip(teams, rosters, strict=True):
            for board, number in enumerate(numbers, start=1):
                player = players[number]
                player.club = team.name
                members.append(TeamMember(team=team, player=player, board=board))
        TeamMember.objects.bulk_create(members)
        Player.objects.bulk_update([m.player for m in members], ["club"])
        locked.team_boards = boards
        locked.team_scoring = settings
        locked.save(update_fields=["team_boards", "team_scoring"])
    section.team_boards, section.team_scoring = boards, settings
    return teams


def _settings_check(
    match_points: str, primary: str, order: str | None, prizes: Sequence[str]
) -> dict[str, Any]:
    try:
        scoring = MatchScoring.parse(match_points)
        specs = parse_team_order(
            order if order is not None else TeamSettings.read({}).order
        )
        if primary not in ("match_points", "game_points"):
            raise ValueError(
                f"the first score is match_points or game_points, not {primary!r}"
            )
    except ValueError as error:
        raise ValidationError(TEAMS_BAD_SETTING.format(error=error)) from None
    return {
        "match_points": scoring.text(),
        "primary": primary,
        "order": ",".join(s.key for s in specs),
        "prizes": [p.strip() for p in prizes if p.strip()],
    }


def _rosters_check(
    rosters: Sequence[Roster], players: dict[int, Player], boards: int
) -> None:
    names: set[str] = set()
    team_of: dict[int, str] = {}
    for n, (name, numbers) in enumerate(rosters, start=1):
        name = name.strip()
        if not name:
            raise ValidationError(TEAMS_NAME_MISSING.format(n=n))
        no_control_characters(name)  # a team name shows on every public team page
        if name.casefold() in names:
            raise ValidationError(TEAMS_NAME_TWICE.format(name=name))
        names.add(name.casefold())
        for number in numbers:
            if number not in players:
                raise ValidationError(
                    TEAMS_UNKNOWN_PLAYER.format(name=name, number=number)
                )
            if number in team_of:
                raise ValidationError(
                    TEAMS_PLAYER_TWICE.format(
                        number=number, first=team_of[number], second=name
                    )
                )
            team_of[number] = name
        if len(numbers) < boards:
            raise ValidationError(
                TEAMS_ROSTER_SHORT.format(name=name, count=len(numbers), boards=boards)
            )


def team_round_pair(
    *,
    section: Section,
    number: int | None = None,
    forfeited: str | None = None,
    forfeited_shown: Collection[int] | None = None,
    pair_key: str = "",
) -> Round:
    """Pair and post round ``number`` (the first not paired when None) of a team section.

    A Swiss section pairs by match points (tournaments/pairing/teams.py), a round robin by the
    Berger tables. Each match gets its table's boards: the team listed first has White on the
    odd boards. A team plays its first ``team_boards`` active roster players in board order; a
    board with no player of one team is a forfeit win for the other's player; a team with a
    bye gives each of its players a pairing-allocated bye. A withdrawn team (no roster player
    active) is not paired in a Swiss; in a round robin its place in the table stays, and its
    opponent's boards are won without a game.

    A team that forfeited the whole match of the round before and has not been withdrawn
    (``selectors.team_round_forfeited``) is never paired without the TD's word:
    ``TeamsForfeited`` names them unless ``forfeited`` says ``FORFEITED_WITHDRAW`` (every
    active roster player withdrawn after that round, as ``player_withdraw``) or
    ``FORFEITED_PAIR``. ``forfeited_shown``: the pks of the teams the TD's page named, read
    again under the section's lock as ``round_pair`` reads its lists: a team listed now that the
    page did not name is asked about and nothing changes; one no longer listed is left as it
    is. ``None`` (no page) answers for whoever is listed when it lands.

    ``pair_key``: the Pair form's key (``pair_key_new``), kept with the matches it made as
    ``round_pair`` keeps it: the same press sent again (its first answer lost over the hall's
    Wi-Fi) finds its own matches, unchanged, and returns the round as done; a round paired by
    another page's press, or whose boards changed since (a line-up), is refused with
    ``TEAM_PAIR_PAIRED_MEANWHILE``; sent again after its matches were removed, it is refused
    with ``TEAM_PAIR_REMOVED_MEANWHILE`` (as ``round_pair``). Without a key a paired round is
    refused with ``TEAM_PAIR_ALREADY``.
    """
    with transaction.atomic():
        section = Section.objects.select_for_update(no_key=True).get(pk=section.pk)
        if not section.team_boards:
            raise ValidationError(TEAM_PAIR_NOT_TEAMS.format(section=section.name))
        section_rounds_lock(
            section
        )  # as round_pair: earlier rounds' results wait, or it
        paired = {
            n: status
            for n, status in Round.objects.filter(section=section).values_list(
                "number", "status"
            )
            if status != Round.Status.NOT_PAIRED
        }
        if number is None:
            number = next(
                (n for n in range(1, section.rounds_total + 1) if n not in paired), 0
            )
        if not 1 <= number <= section.rounds_total:
            raise ValidationError(
                TEAM_PAIR_NO_ROUND.format(
                    section=section.name, total=section.rounds_total
                )
            )
        round_ = round_lock(section=section, number=number)
        if number in paired or round_.pairings.exists():
            if not pair_key:
                raise ValidationError(TEAM_PAIR_ALREADY.format(number=number))
            if pair_key == round_.pair_key and round_.pair_version == (
                round_pairings_version(section=section, number=number)
            ):
                return round_  # this very press, sent twice: its matches stand as made
            raise TeamPairedMeanwhile(
                TEAM_PAIR_PAIRED_MEANWHILE.format(number=number), number=number
            )
        if pair_key and pair_key == round_.pair_key:
            # This press paired the round and its matches were removed since: as round_pair.
            raise ValidationError(TEAM_PAIR_REMOVED_MEANWHILE.format(number=number))
        # The rule ``round_pair`` and the round page read (``selectors.rounds_earlier_open``).
        earlier = rounds_earlier_open(section=section, number=number)
        if earlier is not None:
            raise ValidationError(
                TEAM_PAIR_EARLIER.format(earlier=earlier.number, number=number)
            )
        # Read under the section's lock just above, as ``round_pair`` reads it: a "Mark final"
        # landed since the page was drawn refuses the pairing before anyone is withdrawn.
        if section.is_final:
            raise ValidationError(SECTION_FINAL.format(section=section.name))
        gone = AnswerGroup(
            team_round_forfeited(section=section, number=number),
            forfeited in (FORFEITED_WITHDRAW, FORFEITED_PAIR),
            forfeited_shown,
        )
        _teams_ask(number=number, gone=gone)
        last = number - 1
        if forfeited == FORFEITED_WITHDRAW:
            for team in gone.listed:
                _team_withdraw(team, after_round=last)
            notes = [
                NOTE_TEAM_FORFEITED_WITHDRAWN.format(team=t, last=last)
                for t in gone.listed
            ]
        else:
            notes = [
                NOTE_TEAM_FORFEITED_PAIRED.format(team=t, last=last)
                for t in gone.listed
            ]
        teams = list(Team.objects.filter(section=section).order_by("number"))
        lineups = _lineups(section, teams)
        entrants = _entrants(section, teams, lineups, number)
        try:
            if section.kind == Section.Kind.SWISS:
                # A withdrawn team (nobody on its roster active) is not paired.
                made = pair_teams_swiss(
                    [
                        e
                        for e, t in zip(entrants, teams, strict=True)
                        if any(lineups[t.pk])
                    ]
                )
            else:
                made = pair_teams_round_robin(len(teams), number)
        except (TeamPairingError, ValueError) as error:
            raise ValidationError(
                TEAM_PAIR_REFUSED.format(number=number, reason=error)
            ) from None
        by_number = {t.number: t for t in teams}
        _boards_create(section, round_, made.matches, made.bye, by_number, lineups)
        round_.status, round_.pairing_notes = Round.Status.PAIRED, notes
        round_.pair_key = pair_key
        round_.pair_version = round_pairings_version(section=section, number=number)
        round_.save(
            update_fields=["status", "pairing_notes", "pair_key", "pair_version"]
        )
        tournament_status_refresh(tournament_id=section.tournament_id)
    return round_


def _teams_ask(*, number: int, gone: AnswerGroup[Team]) -> None:
    """Raise ``TeamsForfeited`` while the question about the teams that forfeited the round
    before is open, saying first which teams joined the list since the page was drawn."""
    sentences = []
    if unseen := gone.unseen():
        sentences.append(
            TEAM_PAIR_FORFEITED_CHANGED.format(
                names=", ".join(str(t) for t in unseen), last=number - 1
            )
        )
    if ask := gone.ask():
        sentences.append(
            TEAM_PAIR_FORFEITED.format(
                n=len(ask),
                s="" if len(ask) == 1 else "s",
                have="has" if len(ask) == 1 else "have",
                names=", ".join(str(t) for t in ask),
                last=number - 1,
            )
        )
    if sentences:
        raise TeamsForfeited(" ".join(sentences), teams=ask)


def _team_withdraw(team: Team, *, after_round: int) -> None:
    """Withdraw every active player of the team's roster after ``after_round``."""
    for member in team.members.filter(
        player__status=Player.Status.ACTIVE
    ).select_related("player"):
        player_withdraw(player=member.player, after_round=after_round)


def team_no_show_withdraw(*, section: Section, team: Team, after_round: int) -> bool:
    """Withdraw, after round ``after_round``, a team the round page names as having forfeited
    the whole match (``selectors.team_round_forfeited``); returns False when it is withdrawn
    already (pressed twice, or another TD did it): nothing changes, and that is no error.

    Asked again under the section's lock: a team no longer named (a result or a line-up
    changed, a player checked in) is refused, as is one paired in a later round already;
    nothing changes.
    """
    with transaction.atomic():
        section_lock(section)
        if not team.members.filter(player__status=Player.Status.ACTIVE).exists():
            return False
        later = (
            TeamMatch.objects.filter(
                round__section=section, round__number__gt=after_round
            )
            .filter(Q(white_team=team) | Q(black_team=team))
            .order_by("round__number")
            .values_list("round__number", flat=True)
            .first()
        )
        if later is not None:
            raise ValidationError(
                TEAM_NO_SHOW_PAIRED_LATER.format(
                    team=team.name, later=later, round=after_round
                )
            )
        named = team_round_forfeited(section=section, number=after_round + 1)
        if team.pk not in {t.pk for t in named}:
            raise ValidationError(
                TEAM_NO_SHOW_NOT_LISTED.format(
                    team=team.name, round=after_round, next=after_round + 1
                )
            )
        _team_withdraw(team, after_round=after_round)
    return True


def _lineups(section: Section, teams: list[Team]) -> dict[int, list[int | None]]:
    """Team pk -> player pk per board (None: nobody left to play it): the first active members."""
    active: dict[int, list[int]] = {t.pk: [] for t in teams}
    for team_id, player_id in (
        TeamMember.objects.filter(
            team__section=section, player__status=Player.Status.ACTIVE
        )
        .order_by("team", "board")
        .values_list("team_id", "player_id")
    ):
        active[team_id].append(player_id)
    n = section.team_boards
    return {
        pk: [*players[:n], *([None] * (n - len(players[:n])))]
        for pk, players in active.items()
    }


def _entrants(
    section: Section,
    teams: list[Team],
    lineups: dict[int, list[int | None]],
    number: int,
) -> list[TeamEntrant]:
    """Each team's standing after the earlier rounds, its opponents and its board-1 colours."""
    team_of = dict(
        TeamMember.objects.filter(team__section=section).values_list(
            "player_id", "team_id"
        )
    )
    matches = list(
        TeamMatch.objects.filter(
            round__section=section, round__number__lt=number
        ).values_list("round__number", "table", "white_team_id", "black_team_id")
    )
    boards = list(
        Pairing.objects.filter(
            round__section=section, round__number__lt=number
        ).values_list("round__number", "board", "white_id", "black_id", "result")
    )
    settings = TeamSettings.read(section.team_scoring)
    snapshot = team_snapshot(
        teams=[(t.pk, t.number, t.name) for t in teams],
        team_of=team_of,
        matches=matches,
        boards=boards,
        scoring=section_scoring(section),
        settings=settings,
        rounds_total=section.rounds_total,
        through_round=number - 1,
    )
    rows = {r.team.id: r for r in compute_team_standings(snapshot, ()).rows}
    ratings = dict(Player.objects.filter(section=section).values_list("pk", "rating"))
    entrants = []
    for team in teams:
        opponents = set()
        whites, last_white, had_bye = 0, None, False
        for rnd, _table, first, second in sorted(matches):
            if team.pk not in (first, second):
                continue
            if second is None:
                had_bye, last_white = True, None
                continue
            opponent = second if first == team.pk else first
            opponents.add(next(t.number for t in teams if t.pk == opponent))
            whites += first == team.pk
            last_white = first == team.pk if rnd == number - 1 else None
        rated = [ratings[p] or 0 for p in lineups[team.pk] if p is not None]
        entrants.append(
            TeamEntrant(
                team.number,
                rows[team.pk].match_points,
                rows[team.pk].game_points,
                sum(rated) // len(rated) if rated else 0,
                frozenset(opponents),
                whites,
                last_white,
                had_bye,
            )
        )
    return entrants


def _boards_create(
    section: Section,
    round_: Round,
    matches: Sequence[tuple[int, int]],
    bye: int | None,
    by_number: dict[int, Team],
    lineups: dict[int, list[int | None]],
) -> None:
    rows = []
    pairings = []
    for table, (first_number, second_number) in enumerate(matches, start=1):
        first, second = by_number[first_number], by_number[second_number]
        rows.append(
            TeamMatch(round=round_, table=table, white_team=first, black_team=second)
        )
        pairings += _match_boards(
            round_, table, lineups[first.pk], lineups[second.pk], section.team_boards
        )
    if bye is not None:
        team = by_number[bye]
        rows.append(TeamMatch(round=round_, table=len(matches) + 1, white_team=team))
        pairings += _bye_boards(round_, lineups[team.pk])
    TeamMatch.objects.bulk_create(rows)
    Pairing.objects.bulk_create(pairings)


def _match_boards(
    round_: Round,
    table: int,
    first: Sequence[int | None],
    second: Sequence[int | None],
    n: int,
) -> list[Pairing]:
    """The pairings of match table ``table``: board b sets the two line-ups' b-th players."""
    pairings = []
    for board in range(1, n + 1):
        a, b = first[board - 1], second[board - 1]
        # The team listed first has White on the odd boards (docs/teams.md).
        white, black = (a, b) if board % 2 else (b, a)
        number = (table - 1) * n + board
        if white is not None and black is not None:
            pairings.append(
                Pairing(round=round_, board=number, white_id=white, black_id=black)
            )
        elif (present := white if white is not None else black) is not None:
            # The other team has nobody for this board: a point won without a game.
            pairings.append(
                Pairing(
                    round=round_,
                    white_id=present,
                    result=Result.FORFEIT_WIN_NO_OPPONENT,
                )
            )
    return pairings


def _bye_boards(round_: Round, lineup: Sequence[int | None]) -> list[Pairing]:
    """A team bye: each player of the line-up gets a pairing-allocated bye."""
    return [
        Pairing(round=round_, white_id=player, result=Result.BYE_PAIRING)
        for player in lineup
        if player is not None
    ]


# ---- a round's line-up: who plays for a team, in roster order

TEAM_LINEUP_NOT_TEAMS = "{section} is not a team section."
TEAM_LINEUP_NOT_PAIRED = "Round {number} has no matches yet: pair it first."
TEAM_LINEUP_NO_TEAM = "There is no team {team}."
TEAM_LINEUP_NO_MATCH = "{team} has no match in round {number}."
TEAM_LINEUP_LATER = "Round {later} is already paired on the results of round {number}: its line-ups are kept."
TEAM_LINEUP_RESULTS = (
    "The match {first} – {second} of round {number} has results entered ({players}): clear "
    "them (and any check-mode entry) on the round page before changing a line-up."
)
TEAM_LINEUP_NOT_MEMBER = "Player {number} is not on the roster of {team}."
TEAM_LINEUP_TWICE = "Player {number} is listed twice."
TEAM_LINEUP_WITHDRAWN = "Player {number} ({name}) has withdrawn and cannot play."
TEAM_LINEUP_TOO_MANY = "A match has {boards} boards: {count} players are listed."
TEAM_LINEUP_STALE = (
    "The line-up of {team} in round {number} changed after this page was opened (another TD "
    "saved it; it is now {lineup}): nothing was saved. Check the line-up as it is now and "
    "save again."
)
TEAM_LINEUP_ORDER = (
    "A team plays in roster order: {low} (roster board {low_board}) cannot play above "
    "{high} (roster board {high_board})."
)


def team_lineup_set(
    *,
    section: Section,
    number: int,
    team: int,
    players: Sequence[int],
    user: Any = None,
    based_on: str | None = None,
) -> list[int | None]:
    """Field ``players`` (start numbers) for team number ``team`` in round ``number``.

    They take boards 1, 2, ... in the order given, which must be the roster's order (a reserve
    plays and the boards below shift up); the boards left over, the last ones, are points won
    without a game for the other team's players (docs/teams.md). The match's pairings are made
    again from the two line-ups; refused once a result (or check entry) of the match is
    entered (clear it first) or a later round is paired. Returns the team's new line-up as
    player pks per board (None: nobody on that board); the same line-up again changes nothing.

    ``based_on``: the ``selectors.team_lineup_version`` of the line-up the form showed. A save
    from a page drawn before another TD changed this team's line-up is refused (``StaleEdit``,
    nothing changed) unless it asks for the line-up stored now (pressed twice): it would undo
    that TD's line-up without a word.
    """
    with transaction.atomic():
        section_lock(section)
        section = Section.objects.get(pk=section.pk)
        if not section.team_boards:
            raise ValidationError(TEAM_LINEUP_NOT_TEAMS.format(section=section.name))
        round_ = round_lock(section=section, number=number)
        if round_.status in (Round.Status.NOT_PAIRED, Round.Status.DRAFT):
            raise ValidationError(TEAM_LINEUP_NOT_PAIRED.format(number=number))
        later = (
            Round.objects.filter(section=section, number__gt=number)
            .exclude(status=Round.Status.NOT_PAIRED)
            .order_by("number")
            .values_list("number", flat=True)
            .first()
        )
        if later is not None:
            raise ValidationError(TEAM_LINEUP_LATER.format(later=later, number=number))
        found = Team.objects.filter(section=section, number=team).first()
        if found is None:
            raise ValidationError(TEAM_LINEUP_NO_TEAM.format(team=team))
        match = (
            TeamMatch.objects.filter(round=round_)
            .filter(Q(white_team=found) | Q(black_team=found))
            .select_related("white_team", "black_team")
            .first()
        )
        if match is None:
            raise ValidationError(
                TEAM_LINEUP_NO_MATCH.format(team=found.name, number=number)
            )
        sides = [match.white_team, *([match.black_team] if match.black_team else [])]
        roster = {
            m.player_id: m
            for m in TeamMember.objects.filter(team__in=sides).select_related("player")
        }
        chosen = _lineup_check(found, players, roster, section.team_boards)
        rows = [
            p
            for p in Pairing.objects.filter(round=round_).select_related(
                "white", "black"
            )
            if p.white_id in roster or p.black_id in roster
        ]
        # A check-mode entry is a TD's result too: it would go with its board.
        checked = set(
            ResultCheck.objects.filter(pairing__in=rows).values_list(
                "pairing_id", flat=True
            )
        )
        entered = [
            p for p in rows if p.result not in LINEUP_MADE_RESULTS or p.pk in checked
        ]
        if entered:
            raise ValidationError(
                TEAM_LINEUP_RESULTS.format(
                    first=match.white_team.name,
                    second=match.black_team.name if match.black_team else "bye",
                    number=number,
                    players=", ".join(str(p) for p in entered),
                )
            )
        lineups = _lineups_of(sides, rows, roster, section.team_boards)
        if lineups[found.pk] == chosen:
            return chosen
        before = lineups[found.pk]
        starts = {pk: m.player.start_number for pk, m in roster.items()}
        now = team_lineup_version(round_.pk, found.pk, before)
        if based_on and based_on != now:
            raise StaleEdit(
                TEAM_LINEUP_STALE.format(
                    team=found.name, number=number, lineup=_lineup_text(before, starts)
                ),
                version=now,
            )
        lineups[found.pk] = chosen
        pairings_trail_keep(rows)
        Pairing.objects.filter(pk__in=[p.pk for p in rows]).delete()
        if match.black_team is None:
            made = _bye_boards(round_, chosen)
        else:
            made = _match_boards(
                round_,
                match.table,
                lineups[match.white_team.pk],
                lineups[match.black_team.pk],
                section.team_boards,
            )
        Pairing.objects.bulk_create(made)
        pending = Pairing.objects.filter(round=round_, result=Result.PENDING).exists()
        status = Round.Status.PAIRED if pending else Round.Status.COMPLETE
        if status != round_.status:
            Round.objects.filter(pk=round_.pk).update(status=status)
        SectionEvent.objects.create(
            section=section,
            kind=SectionEvent.Kind.LINEUP,
            round_number=number,
            detail=f"Round {number}, {found.name}: "
            f"{_lineup_text(chosen, starts)} (was {_lineup_text(before, starts)}).",
            user=user if getattr(user, "pk", None) else None,
        )
    return chosen


def _lineup_check(
    team: Team, players: Sequence[int], roster: dict[int, TeamMember], boards: int
) -> list[int | None]:
    """The line-up as player pks per board, or a ValidationError saying what is wrong."""
    own = {m.player.start_number: m for m in roster.values() if m.team_id == team.pk}
    if len(players) > boards:
        raise ValidationError(
            TEAM_LINEUP_TOO_MANY.format(boards=boards, count=len(players))
        )
    seen: set[int] = set()
    previous: TeamMember | None = None
    for number in players:
        if number in seen:
            raise ValidationError(TEAM_LINEUP_TWICE.format(number=number))
        seen.add(number)
        member = own.get(number)
        if member is None:
            raise ValidationError(
                TEAM_LINEUP_NOT_MEMBER.format(number=number, team=team.name)
            )
        if member.player.status != Player.Status.ACTIVE:
            raise ValidationError(
                TEAM_LINEUP_WITHDRAWN.format(number=number, name=member.player.name)
            )
        if previous is not None and member.board < previous.board:
            raise ValidationError(
                TEAM_LINEUP_ORDER.format(
                    low=member.player.name,
                    low_board=member.board,
                    high=previous.player.name,
                    high_board=previous.board,
                )
            )
        previous = member
    chosen: list[int | None] = [own[n].player_id for n in players]
    return chosen + [None] * (boards - len(chosen))


def _lineups_of(
    teams: Sequence[Team],
    rows: Sequence[Pairing],
    roster: dict[int, TeamMember],
    boards: int,
) -> dict[int, list[int | None]]:
    """Each team's line-up in the round as its pairings stand: its players there, in roster
    order (a line-up always follows it), on boards 1, 2, ...; None for the boards left over."""
    playing = {p for row in rows for p in (row.white_id, row.black_id) if p is not None}
    lineups = {}
    for team in teams:
        members = sorted(
            (m for pk, m in roster.items() if m.team_id == team.pk and pk in playing),
            key=lambda m: m.board,
        )
        chosen: list[int | None] = [m.player_id for m in members]
        lineups[team.pk] = chosen + [None] * (boards - len(chosen))
    return lineups


def _lineup_text(lineup: Sequence[int | None], starts: dict[int, int]) -> str:
    return " ".join(str(starts[p]) for p in lineup if p is not None) or "nobody"
