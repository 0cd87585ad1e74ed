"""A TRF-16 file imported as a new tournament (the format is ``tournaments/trf/``; the export reads
standings, so it is on the read side: ``standings/trf_export.py``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.validators import validate_slug
from django.db import models, transaction

from tournaments import trf
from tournaments.models import (
    RATING_MAX,
    Pairing,
    Player,
    PlayerChange,
    Result,
    ResultChange,
    Round,
    Section,
    Tournament,
)
from tournaments.selectors import free_slug, section_default_tiebreaks
from tournaments.services.common import section_lock
from tournaments.services.players_add import PlayersAddRefused, players_add
from tournaments.services.trf2026_import import (
    trf2026_byes_create,
    trf2026_read,
)
from tournaments.trf import trf2026

TRF_SECTION_NAME = "Open"  # a TRF file holds one section; it gets this name
# The note for a file imported again (or another event of the same name): the new tournament
# gets a numbered slug, and the TD is told which one is which.
# A player who looks like another of the file (same name and rating): both are kept.
TRF_LIKELY_DUPLICATE = "player {number}. {name}: {why}"
TRF_SAME_NAME = (
    "a tournament named {name!r} already exists as {taken}; created {name!r} as {slug}"
)
# Header codes whose value goes into a field (or is derived from the rows) and is written back
# from the field on export: the section's trf_records keeps only their place (an empty value).
TRF_FIELD_CODES = frozenset({"012", "022", "042", "052", "062", "102", "122", "XXR"})


class TrfImportError(ValueError):
    """A TRF file that cannot be imported: the file's line number (None: not one line) and why."""

    def __init__(self, message: str, *, line: int | None = None) -> None:
        super().__init__(message if line is None else f"line {line}: {message}")
        self.line = line
        self.message = message


def tournament_import_trf(
    *,
    text: str,
    name: str | None = None,
    slug: str | None = None,
    directors: Iterable[User] = (),
    publish: bool = False,
    warn: Callable[[str], None] | None = None,
) -> Tournament:
    """Create a tournament with one section from a TRF-16 text, all in one transaction.

    ``name`` overrides the file's ``012`` line; ``slug`` defaults to the name's, made unique
    with -2, -3, ...; a given slug already in use is an error. When a tournament of the same
    name exists already, ``warn`` (when given) gets ``TRF_SAME_NAME``. ``directors`` become the
    tournament's directors; it is a draft unless ``publish``. Players keep their start numbers.
    A round gets a row when at least one pairing is in the file; it is complete when every
    pairing has a result, and the tournament is final when every round of the section has a row
    and is complete (running when some round is paired, else setup). Boards follow
    ``trf.pairings``; each result entered is recorded in ResultChange with source "import".
    The rating system is FIDE when any player has a rating (TRF-16's rating column holds FIDE
    ratings), else unrated. Header records the model has no field for are kept in
    ``Section.trf_records`` (``_trf_records``); a round robin (``_section_kind``) gets
    the engine's round-robin order (``section_default_tiebreaks``). Nothing else is inferred: players stay active (a TRF file does
    not say who withdrew) and byes are results; a TRF-2026 file's 240 records also make
    requested byes, its 260 records the do-not-pair list (``trf2026_read``).
    Raises ``TrfImportError`` (line number and message) and writes nothing on any problem.
    """
    try:
        parsed = trf.parse(text)
        found = trf.pairings(parsed)
        new_records = trf2026_read(parsed, found)
    except trf.TrfError as error:
        raise TrfImportError(error.message, line=error.line) from error
    if not parsed.players:
        raise TrfImportError("the file has no player lines (001)")
    if parsed.rounds_total < 1:
        raise TrfImportError(
            "the number of rounds is unknown: no XXR line and no round results"
        )
    for player in parsed.players:
        if player.rating is not None and player.rating > RATING_MAX:
            raise TrfImportError(
                f"rating {player.rating} (columns 49-52) is more than {RATING_MAX}, "
                "which no rating pool reaches",
                line=player.line,
            )
    fields = _tournament_fields(parsed, name)
    team_of = _teams(parsed)
    pending_rounds = {p.round for p in found if p.result == Result.PENDING}
    paired_rounds = sorted({p.round for p in found})
    if not paired_rounds:
        status = Tournament.Status.SETUP
    elif pending_rounds or len(paired_rounds) < parsed.rounds_total:
        status = Tournament.Status.RUNNING
    else:
        status = Tournament.Status.FINAL
    kind = _section_kind(parsed, found)
    with transaction.atomic():
        new_slug = _unique_slug(fields["name"], slug)
        tournament = Tournament.objects.create(
            slug=new_slug, status=status, is_published=publish, **fields
        )
        tournament.directors.add(*directors)
        section = Section.objects.create(
            tournament=tournament,
            name=TRF_SECTION_NAME,
            rounds_total=parsed.rounds_total,
            kind=kind,
            trf_records=_trf_records(parsed, fields, new_records.held),
            **{
                "tiebreaks": section_default_tiebreaks(kind),
                **new_records.fields,
            },
        )
        # The rules of every way of adding players; a file records games already played,
        # so a likely duplicate is told (``warn``), not asked.
        try:
            players_add(
                section=section,
                entries=[
                    {
                        "name": p.name,
                        # TRF writes an unrated player's rating as blank or 0.
                        "rating": p.rating or None,
                        "fide_id": p.fide_id,
                        "federation": p.federation,
                        "title": p.title,
                        "sex": p.sex,
                        "birth_date": p.birth_date,
                        # A team record (013) names the club / team the player plays for.
                        "club": team_of.get(p.start_number, ""),
                    }
                    for p in parsed.players
                ],
                start_numbers=[p.start_number for p in parsed.players],
                lines=[p.line for p in parsed.players],
                confirm_duplicates=True,
            )
        except PlayersAddRefused as refused:
            for player, check in zip(parsed.players, refused.checks, strict=True):
                if check.refused:
                    raise TrfImportError(
                        "; ".join(check.refused), line=player.line
                    ) from None
            raise TrfImportError("; ".join(refused.messages)) from None
        notes = [
            TRF_LIKELY_DUPLICATE.format(
                number=change.start_number, name=change.name, why=change.reason
            )
            for change in PlayerChange.objects.filter(
                section=section, kind=PlayerChange.Kind.DUPLICATE
            ).order_by("start_number")
        ]
        boards: Counter[int] = Counter()
        rows: list[StartNumberPairing] = []
        for p in found:
            board = None
            if p.black is not None:
                boards[p.round] += 1
                board = boards[p.round]
            rows.append((p.round, board, p.white, p.black, p.result))
        section_rounds_create(section=section, rows=rows)
        trf2026_byes_create(section, new_records.byes)
        _import_audit(section)
        taken = (
            Tournament.objects.filter(name=tournament.name)
            .exclude(pk=tournament.pk)
            .order_by("pk")
            .values_list("slug", flat=True)
            .first()
        )
    if taken is not None and warn is not None:
        warn(TRF_SAME_NAME.format(name=tournament.name, taken=taken, slug=new_slug))
    for note in [*new_records.notes, *notes]:
        if warn is not None:
            warn(note)
    return tournament


def _import_audit(section: Section) -> None:
    """One ResultChange per result the file gave (pending games have none): source "import"."""
    ResultChange.objects.bulk_create(
        (
            ResultChange(
                pairing_id=pk,
                round_id=round_id,
                old_result=Result.PENDING,
                new_result=result,
                source=ResultChange.Source.IMPORT,
            )
            for pk, round_id, result in Pairing.objects.filter(round__section=section)
            .exclude(result=Result.PENDING)
            .values_list("pk", "round_id", "result")
            .iterator()
        ),
        batch_size=2000,
    )


def _section_kind(
    parsed: trf.TrfTournament, found: Iterable[trf.TrfPairing]
) -> Section.Kind:
    """Round robin when the 092 record says so, or when it names no system and the schedule is one.

    The schedule is a round robin when there are at least three players, every two of them meet
    exactly once (twice: a double round robin) and the rounds are as many as such a schedule
    needs: n - 1 per cycle for an even n, n for an odd n (each player sits out one round).
    """
    kind_text = " ".join(parsed.tournament_type.casefold().replace("-", " ").split())
    if "round robin" in kind_text:
        return (
            Section.Kind.DOUBLE_ROUND_ROBIN
            if "double" in kind_text
            else Section.Kind.ROUND_ROBIN
        )
    if "swiss" in kind_text:
        return Section.Kind.SWISS
    count = len(parsed.players)
    if count < 3:
        return Section.Kind.SWISS
    meetings: Counter[frozenset[int]] = Counter(
        frozenset((p.white, p.black)) for p in found if p.black is not None
    )
    cycles = set(meetings.values())
    per_cycle = count if count % 2 else count - 1
    if len(meetings) == count * (count - 1) // 2 and len(cycles) == 1:
        (times,) = cycles
        if parsed.rounds_total == times * per_cycle:
            if times == 1:
                return Section.Kind.ROUND_ROBIN
            if times == 2:
                return Section.Kind.DOUBLE_ROUND_ROBIN
    return Section.Kind.SWISS


def _trf_records(
    parsed: trf.TrfTournament, fields: dict[str, Any], held: set[int]
) -> list[list[str]]:
    """The header records as [code, value] pairs in file order, for the export to write back.

    A code of ``TRF_FIELD_CODES`` is kept with an empty value at its first place: the export
    writes the field there. A date the field could not take (``26/11/22``) keeps its text.
    A record on a line of ``held`` (a TRF-2026 240, 250 or 260 the section holds) gets a third
    element, ``HELD``.
    """
    kept: list[list[str]] = []
    placed: set[str] = set()
    for record in parsed.records:
        value = record.value
        if record.code == trf.TEAM_CODE:
            # The teams live in the players' club / team field; the export writes every team
            # record at the place of the first one.
            if record.code not in placed:
                placed.add(record.code)
                kept.append([record.code, ""])
            continue
        if record.code in TRF_FIELD_CODES and record.code not in placed:
            placed.add(record.code)
            date_field = {"042": "start_date", "052": "end_date"}.get(record.code)
            if date_field is None or fields[date_field] is not None:
                value = ""
        kept.append(
            [record.code, value, trf2026.HELD]
            if record.line in held
            else [record.code, value]
        )
    return kept


def _teams(parsed: trf.TrfTournament) -> dict[int, str]:
    """Start number -> team name from the team records (013); each player in one team at most."""
    numbers = {p.start_number for p in parsed.players}
    team_of: dict[int, str] = {}
    for record in parsed.records:
        if record.code != trf.TEAM_CODE:
            continue
        try:
            team, members = trf.team_read(record)
        except trf.TrfError as error:
            raise TrfImportError(error.message, line=error.line) from error
        for number in members:
            if number not in numbers:
                raise TrfImportError(
                    f"team record (013) {team!r}: no player has start number {number}",
                    line=record.line,
                )
            if number in team_of:
                raise TrfImportError(
                    f"team record (013) {team!r}: player {number} is already in team "
                    f"{team_of[number]!r}",
                    line=record.line,
                )
            team_of[number] = team
    return team_of


def _tournament_fields(parsed: trf.TrfTournament, name: str | None) -> dict[str, Any]:
    """The tournament's columns from the file's records, checked against the model's limits."""
    fields: dict[str, Any] = {}
    for column, code in (
        ("name", "012"),
        ("location", "022"),
        ("chief_td", "102"),
        ("time_control", "122"),
    ):
        value = parsed.value(code)
        limit = _max_length(column)
        record = parsed.record(code)
        if len(value) > limit:
            raise TrfImportError(
                f"{code} ({column.replace('_', ' ')}) is longer than {limit} characters",
                line=record.line if record else None,
            )
        fields[column] = value
    if name is not None and name.strip():
        if len(name.strip()) > _max_length("name"):
            raise TrfImportError(
                f"the name given is longer than {_max_length('name')} characters"
            )
        fields["name"] = name.strip()
    if not fields["name"]:
        raise TrfImportError(
            "no tournament name: the file has no 012 line and no name was given"
        )
    start = trf.date_from_text(parsed.start_date)
    end = trf.date_from_text(parsed.end_date)
    if start and end and end < start:
        record = parsed.record("052")
        raise TrfImportError(
            f"end date {parsed.end_date!r} is before the start date {parsed.start_date!r}",
            line=record.line if record else None,
        )
    fields["start_date"], fields["end_date"] = start, end
    # Ratings in TRF-16's rating column are FIDE ratings.
    rated = any(p.rating for p in parsed.players)
    fields["rating_system"] = (
        Tournament.RatingSystem.FIDE if rated else Tournament.RatingSystem.UNRATED
    )
    return fields


def _max_length(column: str) -> int:
    field = Tournament._meta.get_field(column)
    assert isinstance(field, models.CharField) and field.max_length is not None
    return field.max_length


def _unique_slug(name: str, given: str | None) -> str:
    if given is not None:
        try:
            validate_slug(given)
        except ValidationError:
            raise TrfImportError(
                f"slug {given!r} may hold only letters, digits, hyphens and underscores"
            ) from None
        if len(given) > _max_length("slug"):
            raise TrfImportError(
                f"slug {given!r} is longer than {_max_length('slug')} characters"
            )
        taken = Tournament.objects.filter(slug=given).first()
        if taken is not None:
            raise TrfImportError(
                f"slug {given!r} is already used by the tournament {taken.name!r}"
            )
        return given
    return free_slug(name)


# One pairing as bulk writers give it: round number, board (None for a one-player row), white's
# and black's start numbers (black None for a one-player row), result code.
StartNumberPairing = tuple[int, int | None, int, int | None, str]


def section_rounds_create(
    *, section: Section, rows: Iterable[StartNumberPairing]
) -> None:
    """Create the rounds named in ``rows`` and their pairings, in bulk and in one transaction.

    A round is complete when none of its results is pending, otherwise its pairings are posted.
    Players are named by start number and must already exist in the section. A section
    marked final is refused, nothing created (``section_lock``).
    """
    rows = list(rows)
    pending = {
        r for r, _board, _white, _black, result in rows if result == Result.PENDING
    }
    with transaction.atomic():
        section_lock(section)
        Round.objects.bulk_create(
            Round(
                section=section,
                number=n,
                status=Round.Status.PAIRED if n in pending else Round.Status.COMPLETE,
            )
            for n in sorted({r for r, *_ in rows})
        )
        round_pk = dict(
            Round.objects.filter(section=section).values_list("number", "pk")
        )
        player_pk = dict(
            Player.objects.filter(section=section).values_list("start_number", "pk")
        )
        Pairing.objects.bulk_create(
            (
                Pairing(
                    round_id=round_pk[r],
                    board=board,
                    white_id=player_pk[white],
                    black_id=None if black is None else player_pk[black],
                    result=result,
                )
                for r, board, white, black, result in rows
            ),
            batch_size=2000,
        )
