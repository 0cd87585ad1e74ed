"""Writes that touch several rows, each in one transaction: named ``<noun>_<verb>``, keyword-only.

TRF-16 import and export: ``tournament_import_trf`` and ``section_export_trf`` (the format and
its code mapping are in ``tournaments/trf.py``).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import Any

from django.core.exceptions import ValidationError
from django.core.validators import validate_slug
from django.db import models, transaction
from django.utils.text import slugify

from standings.engine.entities import ScoringSystem
from standings.engine.formatting import format_decimal
from standings.loaders import OUTCOMES
from tournaments import prize_fund, trf
from tournaments.models import (
    RATING_MAX,
    Pairing,
    Player,
    Result,
    Round,
    Section,
    Tournament,
)

# One pairing as bulk writers give it: round number, board (None for a one-player row), white's
# and black's start numbers (black None for a one-player row), result code.
PairingRow = tuple[int, int | None, int, int | None, str]


def section_rounds_create(*, section: Section, rows: Iterable[PairingRow]) -> None:
    """Create the rounds named in ``rows`` and their pairings, in bulk and in one transaction.

    A round is complete when none of its results is pending, otherwise its pairings are posted.
    Players are named by start number and must already exist in the section.
    """
    rows = list(rows)
    pending = {
        r for r, _board, _white, _black, result in rows if result == Result.PENDING
    }
    with transaction.atomic():
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


# ---------------------------------------------------------------------------------------------
# TRF-16 import and export

TRF_SECTION_NAME = "Open"  # a TRF file holds one section; it gets this name


class TrfImportError(ValueError):
    """A TRF file that cannot be imported: the file's line number (None: not one line) and why."""

    def __init__(self, message: str, *, line: int | None = None) -> None:
        super().__init__(message if line is None else f"line {line}: {message}")
        self.line = line
        self.message = message


def tournament_import_trf(
    *, text: str, name: str | None = None, slug: str | None = None
) -> Tournament:
    """Create a tournament with one section from a TRF-16 text, all in one transaction.

    ``name`` overrides the file's ``012`` line; ``slug`` defaults to the name's, made unique
    with -2, -3, ...; a given slug already in use is an error. Players keep their start numbers.
    A round gets a row when at least one pairing is in the file; it is complete when every
    pairing has a result, and the tournament is final when every round of the section has a row
    and is complete (running when some round is paired, else setup). Boards follow
    ``trf.pairings``. The rating system is FIDE when any player has a rating (TRF-16's rating
    column holds FIDE ratings), else unrated. Nothing is inferred beyond the rows: players stay
    active (a TRF file does not say who withdrew) and byes are results, not requested byes.
    Raises ``TrfImportError`` (line number and message) and writes nothing on any problem.
    """
    try:
        parsed = trf.parse(text)
        found = trf.pairings(parsed)
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
    pending_rounds = {p.round for p in found if p.result == Result.PENDING}
    paired_rounds = sorted({p.round for p in found})
    if not paired_rounds:
        status = Tournament.Status.SETUP
    elif pending_rounds or len(paired_rounds) < parsed.rounds_total:
        status = Tournament.Status.RUNNING
    else:
        status = Tournament.Status.FINAL
    with transaction.atomic():
        tournament = Tournament.objects.create(
            slug=_unique_slug(fields["name"], slug), status=status, **fields
        )
        section = Section.objects.create(
            tournament=tournament,
            name=TRF_SECTION_NAME,
            rounds_total=parsed.rounds_total,
        )
        Player.objects.bulk_create(
            Player(
                section=section,
                start_number=p.start_number,
                name=p.name,
                # TRF writes an unrated player's rating as blank or 0.
                rating=p.rating or None,
                fide_id=p.fide_id,
                federation=p.federation,
                title=p.title,
                sex=p.sex,
                birth_date=p.birth_date,
            )
            for p in parsed.players
        )
        boards: Counter[int] = Counter()
        rows: list[PairingRow] = []
        for p in found:
            board = None
            if p.black is not None:
                boards[p.round] += 1
                board = boards[p.round]
            rows.append((p.round, board, p.white, p.black, p.result))
        section_rounds_create(section=section, rows=rows)
    return tournament


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
    base = slugify(name)[:90].strip("-") or "tournament"
    used = set(
        Tournament.objects.filter(slug__startswith=base).values_list("slug", flat=True)
    )
    slug, n = base, 1
    while slug in used:
        n += 1
        slug = f"{base}-{n}"
    return slug


class TrfExportError(ValueError):
    """A section that cannot be written as TRF-16: a number too large for its columns."""


def section_export_trf(
    *, section: Section, warn: Callable[[str], None] | None = None
) -> str:
    """The section as a TRF-16 text, read in four queries whatever its size.

    Points come from the result codes through the engine's default ``ScoringSystem`` (results
    not yet entered count nothing). The rank column is written as 0: a rank depends on the
    posted tiebreaks and the drawing of lots, which ``manage.py standings`` shows. TRF's columns
    are fixed, so a text value too long for its columns is cut and ``warn`` (when given) gets
    one message per value cut; a rating or start number over 4 digits raises
    ``TrfExportError`` naming the player.
    """
    tournament = Tournament.objects.get(pk=section.tournament_id)
    several = Section.objects.filter(tournament=tournament).count() > 1
    players = list(
        Player.objects.filter(section=section)
        .order_by("start_number")
        .values_list(
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
    )
    rows = list(
        Pairing.objects.filter(round__section=section)
        .order_by("round__number", "board", "pk")
        .values_list("round__number", "white_id", "black_id", "result")
    )
    start_number = {pk: n for pk, n, *_rest in players}
    scoring = ScoringSystem()
    points: defaultdict[int, Fraction] = defaultdict(Fraction)
    found = []
    for number, white, black, result in rows:
        if result != Result.PENDING:
            white_outcome, black_outcome = OUTCOMES[result]
            points[white] += scoring.points(white_outcome)
            if black is not None and black_outcome is not None:
                points[black] += scoring.points(black_outcome)
        found.append(
            trf.TrfPairing(
                number,
                start_number[white],
                None if black is None else start_number[black],
                result,
            )
        )
    rounds_total = max([section.rounds_total, *(p.round for p in found)])
    blocks = trf.blocks_from_pairings(found, start_number.values(), rounds_total)
    name = f"{tournament.name} - {section.name}" if several else tournament.name
    records = [
        trf.TrfRecord("012", name),
        trf.TrfRecord("022", tournament.location),
        trf.TrfRecord(
            "042", trf.date_text(tournament.start_date) if tournament.start_date else ""
        ),
        trf.TrfRecord(
            "052", trf.date_text(tournament.end_date) if tournament.end_date else ""
        ),
        trf.TrfRecord("062", str(len(players))),
        trf.TrfRecord("102", tournament.chief_td),
        trf.TrfRecord("122", tournament.time_control),
        trf.TrfRecord("XXR", str(rounds_total)),
    ]
    trf_players = tuple(
        trf.TrfPlayer(
            start_number=n,
            name=player_name,
            sex=sex,
            title=title,
            rating=rating,
            federation=federation,
            fide_id=fide_id,
            birth_date=birth_date,
            points=_points_text(points[pk]),
            rank="0",
            rounds=blocks[n],
        )
        for pk, n, player_name, sex, title, rating, federation, fide_id, birth_date in players
    )
    try:
        text = trf.write(
            trf.TrfTournament(
                records=tuple(r for r in records if r.value),
                players=trf_players,
                rounds_total=rounds_total,
            )
        )
    except trf.TrfWriteError as error:
        raise TrfExportError(str(error)) from error
    if warn is not None:
        for player in trf_players:
            for message in trf.cuts(player):
                warn(message)
    return text


def _points_text(points: Fraction) -> str:
    """Points as TRF writes them, with one decimal: 8.5, 16.0."""
    text = format_decimal(points)
    return text if "." in text else f"{text}.0"


# ---------------------------------------------------------------------------------------------
# ---- prizes: the prize fund (tournaments/prize_fund.py) and playoffs among tied players (34A, 34C)

PLAYOFF_TOO_FEW = "A playoff needs at least two players."
PLAYOFF_PLAYER_TWICE = "Player {number} is listed twice."
PLAYOFF_NOT_IN_SECTION = "{section} has no player number {number}."
PLAYOFF_PLAYER_ALREADY = (
    "Player {number} is already in a recorded playoff: delete that one first."
)
PLAYOFF_NOTE_TOO_LONG = "The note is longer than {n} characters."
PLAYOFF_NOT_FOUND = "There is no playoff number {number} to delete."
PLAYOFF_NOTE_MAX = 200


def section_prize_fund_set(*, section: Section, fund: object) -> Section:
    """Replace the section's prize fund with ``fund`` (the fund JSON, parsed).

    Raises ``ValidationError`` with one message per problem (each naming its prize) and saves
    nothing when the fund is bad; saves the canonical form of ``prize_fund.fund_clean``.
    """
    try:
        cleaned = prize_fund.fund_clean(fund)
    except prize_fund.FundError as error:
        raise ValidationError(error.messages) from None
    with transaction.atomic():
        Section.objects.filter(pk=section.pk).update(prize_fund=cleaned)
    section.prize_fund = cleaned
    return section


def section_playoff_record(
    *, section: Section, players: list[int], note: str = ""
) -> Section:
    """Add a playoff: ``players`` are start numbers in finishing order, winner first.

    The players must be of the section, distinct, at least two, and in no other recorded
    playoff. Whether they are tied on score depends on the round the standings are read after:
    the prize list ignores (and says so) a playoff whose players are not tied.
    """
    note = note.strip()
    if len(players) < 2:
        raise ValidationError(PLAYOFF_TOO_FEW)
    seen: set[int] = set()
    for number in players:
        if number in seen:
            raise ValidationError(PLAYOFF_PLAYER_TWICE.format(number=number))
        seen.add(number)
    if len(note) > PLAYOFF_NOTE_MAX:
        raise ValidationError(PLAYOFF_NOTE_TOO_LONG.format(n=PLAYOFF_NOTE_MAX))
    with transaction.atomic():
        locked = Section.objects.select_for_update().get(pk=section.pk)
        known = set(
            Player.objects.filter(section=locked, start_number__in=players).values_list(
                "start_number", flat=True
            )
        )
        for number in players:
            if number not in known:
                raise ValidationError(
                    PLAYOFF_NOT_IN_SECTION.format(section=locked.name, number=number)
                )
        recorded = {n for playoff in locked.playoffs for n in playoff["players"]}
        for number in players:
            if number in recorded:
                raise ValidationError(PLAYOFF_PLAYER_ALREADY.format(number=number))
        locked.playoffs = [*locked.playoffs, {"players": list(players), "note": note}]
        locked.save(update_fields=["playoffs"])
    section.playoffs = locked.playoffs
    return section


def section_playoff_delete(*, section: Section, number: int) -> Section:
    """Delete playoff ``number`` (1 = the first recorded)."""
    with transaction.atomic():
        locked = Section.objects.select_for_update().get(pk=section.pk)
        if not 1 <= number <= len(locked.playoffs):
            raise ValidationError(PLAYOFF_NOT_FOUND.format(number=number))
        locked.playoffs = [
            p for n, p in enumerate(locked.playoffs, start=1) if n != number
        ]
        locked.save(update_fields=["playoffs"])
    section.playoffs = locked.playoffs
    return section


def section_playoff_announced_set(*, section: Section, announced: bool) -> Section:
    """Whether the section's playoffs were announced in advance, so that they also decide cash (34C)."""
    with transaction.atomic():
        Section.objects.filter(pk=section.pk).update(playoff_announced=announced)
    section.playoff_announced = announced
    return section
