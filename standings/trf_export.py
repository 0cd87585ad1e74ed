"""A section as a TRF-16 file, on the read side: loader -> engine (the posted order) -> TRF writer.

``section_trf(section=...)`` ranks the section with ``standings.reports.section_report`` (the
section's posted order, the standings after its last complete round), counts each player's
points with the section's scoring system (``tournaments.results.section_scoring``), and lays the rows out with
``tournaments.trf`` (the pure format code). The TRF header is the section's imported records
(``Section.trf_records``) in their file order, with the values the model holds written in the
places of their codes; docs/trf.md has the whole mapping.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction

from standings.engine import format_decimal
from standings.reports import ReportError, SectionReport, section_report
from standings.trf2026_export import header_2026
from tournaments import trf
from tournaments.models import (
    Pairing,
    Player,
    Result,
    Section,
    TeamMember,
    Tournament,
)
from tournaments.results import OUTCOMES, section_scoring

# The 092 record (tournament type) for a section that has none, in Swiss-Manager's wording
# (the shared files from chess-results.com and lichess write these).
KIND_TEXT = {
    Section.Kind.SWISS: "Individual: Swiss-System",
    Section.Kind.ROUND_ROBIN: "Individual: Round-Robin",
    Section.Kind.DOUBLE_ROUND_ROBIN: "Individual: Double Round-Robin",
}

Warn = Callable[[str], None]


class TrfExportError(ValueError):
    """A section that cannot be written as TRF-16: a number too large for its columns, a bad order."""


def section_trf(
    *, section: Section, warn: Warn | None = None, version: str = "16"
) -> str:
    """The section as a TRF-16 text (``version="2026"``: TRF-2026, with its new header records
    from ``standings.trf2026_export``), read in a constant number of queries whatever its size.

    Rank (columns 86-89) is the standings rank after the last round with every result entered,
    with the posted order: players still tied after every tiebreak share the first place of
    their group, as ``manage.py standings`` prints it. Points (columns 81-84) count every result
    entered, with the section's scoring. ``warn`` (when given) gets one message per text value
    cut to fit its columns, and a note when the ranks stop before the last round with results
    or the drawing of lots used a seed generated for this export. A rating or start number over
    4 digits, or a posted order that does not parse, raises ``TrfExportError``.
    """
    try:
        report = section_report(section=section)
    except ReportError as error:
        raise TrfExportError(str(error)) from None
    tournament = Tournament.objects.get(pk=section.tournament_id)
    several = Section.objects.filter(tournament_id=tournament.pk).count() > 1
    players = list(
        Player.objects.filter(section=section)
        .order_by("start_number")
        .values_list(*PLAYER_COLUMNS)
    )
    rows = list(
        Pairing.objects.filter(round__section=section)
        .order_by("round__number", "board", "pk")
        .values_list("round__number", "white_id", "black_id", "result")
    )
    start_number = {pk: n for pk, n, *_rest in players}
    found = [
        trf.TrfPairing(
            number,
            start_number[white],
            None if black is None else start_number[black],
            result,
        )
        for number, white, black, result in rows
    ]
    rounds_total = max([section.rounds_total, *(p.round for p in found)])
    trf_players = _trf_players(
        players,
        blocks=trf.blocks_from_pairings(found, start_number.values(), rounds_total),
        points=_points(section, rows),
        rank={row.player.id: row.rank for row in report.standings.rows},
    )
    records = header_records(
        section,
        tournament,
        name=f"{tournament.name} - {section.name}" if several else tournament.name,
        players=len(players),
        rounds_total=rounds_total,
        teams=_teams(section),
    )
    if version == "2026":
        records = header_2026(
            records, section, rounds_total=rounds_total, players=len(players)
        )
    try:
        text = trf.write(
            trf.TrfTournament(
                records=records, players=trf_players, rounds_total=rounds_total
            )
        )
    except trf.TrfWriteError as error:
        raise TrfExportError(str(error)) from error
    if warn is not None:
        _notes(found, report, warn)
        for player in trf_players:
            for message in trf.cuts(player):
                warn(message)
    return text


# The Player columns a 001 line shows, in the order ``_trf_players`` reads them.
PLAYER_COLUMNS = (
    "pk",
    "start_number",
    "name",
    "sex",
    "title",
    "rating",
    "federation",
    "fide_id",
    "birth_date",
)
PlayerRow = tuple[int, int, str, str, str, int | None, str, str, str]


def _trf_players(
    players: Iterable[PlayerRow],
    *,
    blocks: Mapping[int, tuple[trf.TrfBlock | None, ...]],
    points: Mapping[int, Fraction],
    rank: Mapping[int, int],
) -> tuple[trf.TrfPlayer, ...]:
    """One 001 line's data per player row; blocks by start number, points and rank by pk."""
    return tuple(
        trf.TrfPlayer(
            start_number=n,
            name=name,
            sex=sex,
            title=title,
            rating=rating,
            federation=federation,
            fide_id=fide_id,
            birth_date=birth_date,
            points=_points_text(points[pk]),
            rank=str(rank[pk]),
            rounds=blocks[n],
        )
        for pk, n, name, sex, title, rating, federation, fide_id, birth_date in players
    )


def _points(
    section: Section, rows: Iterable[tuple[int, int, int | None, str]]
) -> defaultdict[int, Fraction]:
    """Each player's points (by pk) for every result entered, with the section's scoring."""
    scoring = section_scoring(section)
    points: defaultdict[int, Fraction] = defaultdict(Fraction)
    for _number, white, black, result in rows:
        if result == Result.PENDING:
            continue
        white_outcome, black_outcome = OUTCOMES[result]
        points[white] += scoring.points(white_outcome)
        if black is not None and black_outcome is not None:
            points[black] += scoring.points(black_outcome)
    return points


def _points_text(points: Fraction) -> str:
    """Points as TRF writes them, with one decimal: 8.5, 16.0."""
    text = format_decimal(points)
    return text if "." in text else f"{text}.0"


def _notes(found: list[trf.TrfPairing], report: SectionReport, warn: Warn) -> None:
    """Tell the caller where the ranks stop short of the results, and about a generated seed."""
    through_round = report.standings.through_round
    entered = max(
        (p.round for p in found if p.result != Result.PENDING), default=through_round
    )
    if entered > through_round == 0:
        warn(
            "no round has every result entered yet, so the ranks are the standings before "
            f"round 1; round {entered} has results"
        )
    elif entered > through_round:
        warn(
            f"ranks are the standings after round {through_round}, the last round with every "
            f"result entered; round {entered} has results too"
        )
    seed = report.standings.lots_seed
    if seed is not None and report.seed_generated:
        warn(
            f"the drawing of lots used seed {seed}, generated for this export: record it as "
            "the section's lots seed to rank the same way again"
        )


# Codes whose value the model holds, in the order a section made here writes them: the export
# writes the field's current value in the place the imported file had the code
# (``Section.trf_records`` stores such a code with an empty value, see tournaments/services/trf_import.py).
FIELD_CODES = ("012", "022", "042", "052", "062", "092", "102", "122", "XXR")
# Codes whose imported text is kept over the field's: a file's 092 says more ("Individual:
# Swiss-System (Standard)") than the section's kind.
FILE_TEXT_FIRST = frozenset({"092"})


def header_records(
    section: Section,
    tournament: Tournament,
    *,
    name: str,
    players: int,
    rounds_total: int,
    teams: list[trf.TrfRecord] | None = None,
) -> tuple[trf.TrfRecord, ...]:
    """The header: the imported records in file order, field values in their codes' places.

    A code of ``FIELD_CODES`` stored with a value is file text the field could not hold (a date
    such as ``26/11/22``): it is written as stored while the field is empty. An imported field
    code whose field is empty is written bare (``122``), as the file may have had it. A field's
    record the file did not have comes after the imported records, in the order of
    ``FIELD_CODES``, when the field has a value.
    """
    fields = {
        "012": name,
        "022": tournament.location,
        "042": trf.date_text(tournament.start_date) if tournament.start_date else "",
        "052": trf.date_text(tournament.end_date) if tournament.end_date else "",
        "062": str(players),
        "092": KIND_TEXT[Section.Kind(section.kind)],
        "102": tournament.chief_td,
        "122": tournament.time_control,
        "XXR": str(rounds_total),
    }
    records: list[trf.TrfRecord] = []
    written: set[str] = set()
    for code, stored, *_held in section.trf_records:
        value = stored
        if code == trf.TEAM_CODE:
            # The team records (013) come from the players' club / team field, at the place
            # the imported file had its first one.
            if code not in written:
                written.add(code)
                records.extend(teams or ())
            continue
        if code in fields and code not in written:
            written.add(code)
            if not (code in FILE_TEXT_FIRST and stored):
                value = fields[code] or stored
        records.append(trf.TrfRecord(code, value))
    records.extend(
        trf.TrfRecord(code, fields[code])
        for code in FIELD_CODES
        if code not in written and fields[code]
    )
    if trf.TEAM_CODE not in written:
        records.extend(teams or ())
    return tuple(records)


def _teams(section: Section) -> list[trf.TrfRecord]:
    """One team record (013) per club / team, when the file had them, team scoring is posted or
    the section is a team section.

    A team section lists each roster in board order, teams by team number; otherwise teams come
    in the order of their first player's start number, players by start number.
    """
    imported = any(code == trf.TEAM_CODE for code, *_rest in section.trf_records)
    if not (imported or section.team_scoring or section.team_boards):
        return []
    members: dict[str, list[int]] = {}
    rows: Iterable[tuple[int, str]]
    if section.team_boards:
        rows = (
            TeamMember.objects.filter(team__section=section)
            .order_by("team__number", "board")
            .values_list("player__start_number", "team__name")
        )
    else:
        rows = (
            Player.objects.filter(section=section)
            .exclude(club="")
            .order_by("start_number")
            .values_list("start_number", "club")
        )
    for number, club in rows:
        members.setdefault(club, []).append(number)
    return [
        trf.TrfRecord(trf.TEAM_CODE, trf.team_value(club, numbers))
        for club, numbers in members.items()
    ]
