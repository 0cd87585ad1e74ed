"""Writes that touch several rows, each in one transaction: named ``<noun>_<verb>``, keyword-only.

TRF-16 import: ``tournament_import_trf`` (the format and its code mapping are in
``tournaments/trf.py``; the export reads standings, so it is on the read side:
``standings/trf_export.py``).
"""

from __future__ import annotations

import csv
import secrets
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any, NamedTuple

from django.contrib.auth.models import User
from django.core.exceptions import FieldDoesNotExist, ValidationError
from django.core.validators import validate_slug
from django.db import IntegrityError, models, transaction
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.text import slugify

from standings.engine import SYSTEMS, default_order, format_order, parse_order
from standings.engine.entities import Outcome
from standings.engine.formatting import format_decimal
from tournaments import pairing, prize_fund, trf
from tournaments.models import (
    ONE_PLAYER_RESULTS,
    RATING_MAX,
    TWO_PLAYER_RESULTS,
    CheckIn,
    Pairing,
    Player,
    RequestedBye,
    Result,
    ResultChange,
    ResultCheck,
    Round,
    Section,
    TiebreakChange,
    Tournament,
)
from tournaments.results import OUTCOMES, PLAYED_RESULTS, section_scoring

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
# ---- TRF-16 import (the export is on the read side: standings/trf_export.py)

TRF_SECTION_NAME = "Open"  # a TRF file holds one section; it gets this name
# The note for a file imported again (or another event of the same name): the new tournament
# gets a numbered slug, and the TD is told which one is which.
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
    not say who withdrew) and byes are results, not requested byes.
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
            trf_records=_trf_records(parsed, fields),
            tiebreaks=section_default_tiebreaks(kind),
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
    return tournament


def _import_audit(section: Section) -> None:
    """One ResultChange per result the file gave (pending games have none): source "import"."""
    ResultChange.objects.bulk_create(
        (
            ResultChange(
                pairing_id=pk,
                old_result=Result.PENDING,
                new_result=result,
                source=ResultChange.Source.IMPORT,
            )
            for pk, result in Pairing.objects.filter(round__section=section)
            .exclude(result=Result.PENDING)
            .values_list("pk", "result")
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


def _trf_records(parsed: trf.TrfTournament, fields: dict[str, Any]) -> list[list[str]]:
    """The header records as [code, value] pairs in file order, for the export to write back.

    A code of ``TRF_FIELD_CODES`` is kept with an empty value at its first place: the export
    writes the field there. A date the field could not take (``26/11/22``) keeps its text.
    """
    kept: list[list[str]] = []
    placed: set[str] = set()
    for record in parsed.records:
        value = record.value
        if record.code in TRF_FIELD_CODES and record.code not in placed:
            placed.add(record.code)
            date_field = {"042": "start_date", "052": "end_date"}.get(record.code)
            if date_field is None or fields[date_field] is not None:
                value = ""
        kept.append([record.code, value])
    return kept


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
    return _free_slug(name)


# ---- rounds, pairings, results
# The round page's writes: a round's pairings (by hand, or by a pairing program through the same
# check), posting them, results with an audit trail and optimistic concurrency, check mode.

ROUND_NUMBER_OUT_OF_RANGE = (
    "{section} has rounds 1 to {rounds}: there is no round {number}."
)
PLAYER_TWICE = "{player} is paired twice in round {round}."
PLAYER_AGAINST_SELF = "{player} cannot play against themself."
PLAYER_OTHER_SECTION = "{player} plays in another section, not in {section}."
PLAYER_UNKNOWN = "Player number {number} is not in {section}."
PLAYER_WITHDRAWN = (
    "{player} withdrew after round {after} and is not paired after withdrawing."
)
BOARD_TWICE = "Board {board} is used twice."
GAME_NEEDS_TWO_RESULT = "{result} is not a result for a game between two players."
BYE_NEEDS_ONE_RESULT = "{result} is not a result for a player without an opponent."
PAIRINGS_HAVE_RESULTS = (
    "Round {round} already has results, so its pairings cannot change: "
    "correct the results instead, or set them back to not played first."
)
WARN_REMATCH = "{white} and {black} already met in round {earlier}."
WARN_THIRD_COLOUR = "{player} gets {colour} for the third game in a row."
WARN_COLOUR_DIFFERENCE = "{player} will have had {colour} {more} times more than {other} ({whites} white, {blacks} black)."
WARN_REQUESTED_BYE_PAIRED = (
    "{player} asked for a {kind} in round {round} but is paired."
)
WARN_PREVIOUS_ROUND_OPEN = (
    "Round {previous} is not complete yet: {missing} board{s} without a result."
)
PAIRINGS_RACE = "Round {round} was changed by someone else while you saved: reload it and try again."
ROUND_NOT_DRAFT = "Round {round} has no pairings waiting to be posted."
ROUND_EMPTY = "Round {round} has no pairings to post."
RESULT_ROUND_NOT_POSTED = (
    "Post the pairings of round {round} before entering its results."
)
RESULT_CONFLICT = (
    "Board {board} changed while you were entering it: it is now {current}, set by {who} "
    "at {when}. Nothing was saved; enter it again if it is still wrong."
)
RESULT_CONFLICT_UNKNOWN = (
    "Board {board} changed while you were entering it: it is now {current}. "
    "Nothing was saved; enter it again if it is still wrong."
)
RESULT_NOT_FOR_PAIRING = "{result} is not a result for {pairing}."
CHECK_PENDING = "Enter a result to check, not “not yet played”."

# Requested bye kinds as the results they give.
REQUESTED_BYE_RESULTS = {
    "full": Result.BYE_FULL,
    "half": Result.BYE_HALF,
    "zero": Result.BYE_ZERO,
}
# Results that mean the game was played over the board (or is being played), the only ones that
# give a colour: a forfeited game was not played, so it counts for neither player's colour history.
_COLOUR_RESULTS = PLAYED_RESULTS | {Result.PENDING}


@dataclass(frozen=True)
class PairingInput:
    """One row of a round as a pairing page or program gives it: players as Player pks.

    A game has a board and two players; a bye or an absence has no board, one player and its
    result code (``Result.BYE_HALF``, ...).
    """

    white: int
    black: int | None = None
    board: int | None = None
    result: str = Result.PENDING


@dataclass
class PairingsCheck:
    """What is wrong with a round's rows (``errors`` block a save, ``warnings`` do not).

    Each error is (index of the row in the input or None, sentence).
    """

    errors: list[tuple[int | None, str]]
    warnings: list[str]
    # The rows checked: the given ones, then the requested byes that were missing.
    rows: list[PairingInput]


def _invalid(errors: list[tuple[int | None, str]]) -> ValidationError:
    """A ValidationError whose messages carry the row they belong to (``params["row"]``)."""
    # Django %-formats a message that has params: a "%" in a player's name must stay a "%".
    return ValidationError(
        [
            ValidationError(message.replace("%", "%%"), params={"row": row})
            for row, message in errors
        ]
    )


def round_number_check(*, section: Section, number: int) -> None:
    """Raise a ValidationError unless ``number`` is one of the section's rounds."""
    if not 1 <= number <= section.rounds_total:
        raise ValidationError(
            ROUND_NUMBER_OUT_OF_RANGE.format(
                section=section.name, rounds=section.rounds_total, number=number
            )
        )


def round_pairings_check(
    *, section: Section, number: int, rows: Sequence[PairingInput]
) -> PairingsCheck:
    """Check the rows of round ``number`` without writing: errors as sentences, and warnings.

    Players with a requested bye for the round who are missing from ``rows`` get their bye
    (added to the rows checked). A round that has results keeps its games. Reads a constant
    number of queries (requested byes, players, earlier pairings, this round's pairings).
    """
    errors: list[tuple[int | None, str]] = []
    warnings: list[str] = []
    rows = list(rows)
    try:
        round_number_check(section=section, number=number)
    except ValidationError as error:
        return PairingsCheck([(None, m) for m in error.messages], [], rows)
    given = {r.white for r in rows} | {r.black for r in rows if r.black is not None}
    for player_id, kind in RequestedBye.objects.filter(
        player__section=section, round_number=number
    ).values_list("player_id", "kind"):
        if player_id not in given:
            rows.append(
                PairingInput(white=player_id, result=REQUESTED_BYE_RESULTS[kind])
            )
    existing = list(
        Pairing.objects.filter(
            round__section=section, round__number=number
        ).values_list("board", "white_id", "black_id", "result")
    )
    has_results = any(
        black is not None and result != Result.PENDING
        for _b, _w, black, result in existing
    )
    if has_results and {(r.board, r.white, r.black) for r in rows} != {
        (board, white, black) for board, white, black, _r in existing
    }:
        errors.append((None, PAIRINGS_HAVE_RESULTS.format(round=number)))
    ids = {r.white for r in rows} | {r.black for r in rows if r.black is not None}
    players = Player.objects.in_bulk(ids)
    earlier = list(
        Pairing.objects.filter(round__section=section, round__number__lt=number)
        .order_by("round__number")
        .values_list("round__number", "white_id", "black_id", "result")
    )
    seen: set[int] = set()
    boards: set[int] = set()
    for i, row in enumerate(rows):
        for pk in (row.white, row.black):
            if pk is None:
                continue
            player = players.get(pk)
            if player is None:
                errors.append(
                    (i, PLAYER_UNKNOWN.format(number=pk, section=section.name))
                )
                continue
            if player.section_id != section.pk:
                errors.append(
                    (
                        i,
                        PLAYER_OTHER_SECTION.format(
                            player=player, section=section.name
                        ),
                    )
                )
            elif (
                player.withdrawn_after_round is not None
                and number > player.withdrawn_after_round
                and row.result != Result.NOT_PAIRED
            ):
                errors.append(
                    (
                        i,
                        PLAYER_WITHDRAWN.format(
                            player=player, after=player.withdrawn_after_round
                        ),
                    )
                )
            if pk in seen:
                errors.append((i, PLAYER_TWICE.format(player=player, round=number)))
            seen.add(pk)
        if row.black is not None and row.black == row.white:
            errors.append(
                (i, PLAYER_AGAINST_SELF.format(player=players.get(row.white)))
            )
        label = Result(row.result).label if row.result in Result.values else row.result
        if row.black is not None and row.result not in TWO_PLAYER_RESULTS:
            errors.append((i, GAME_NEEDS_TWO_RESULT.format(result=label)))
        if row.black is None and row.result not in ONE_PLAYER_RESULTS:
            errors.append((i, BYE_NEEDS_ONE_RESULT.format(result=label)))
        if row.board is not None:
            if row.board in boards:
                errors.append((i, BOARD_TWICE.format(board=row.board)))
            boards.add(row.board)
    if not errors:
        warnings = _pairing_warnings(section, number, rows, players, earlier)
    return PairingsCheck(errors, warnings, rows)


def _pairing_warnings(
    section: Section,
    number: int,
    rows: Sequence[PairingInput],
    players: dict[int, Player],
    earlier: Sequence[tuple[int, int, int | None, str]],
) -> list[str]:
    """Rematches, a third colour in a row, a colour difference over 2: a TD may still want them."""
    warnings: list[str] = []
    met: dict[frozenset[int], int] = {}
    colours: defaultdict[int, list[str]] = defaultdict(list)
    for r, white, black, result in earlier:
        if black is None:
            continue
        met.setdefault(frozenset((white, black)), r)
        if result in _COLOUR_RESULTS:
            colours[white].append("white")
            colours[black].append("black")
    requested = dict(
        RequestedBye.objects.filter(
            player__section=section, round_number=number
        ).values_list("player_id", "kind")
    )
    if number > 1:
        missing = Pairing.objects.filter(
            round__section=section, round__number=number - 1, result=Result.PENDING
        ).count()
        if missing:
            warnings.append(
                WARN_PREVIOUS_ROUND_OPEN.format(
                    previous=number - 1, missing=missing, s=_plural(missing)
                )
            )
    for row in rows:
        if row.black is None:
            continue
        white_player, black_player = players[row.white], players[row.black]
        if frozenset((row.white, row.black)) in met:
            warnings.append(
                WARN_REMATCH.format(
                    white=white_player,
                    black=black_player,
                    earlier=met[frozenset((row.white, row.black))],
                )
            )
        for player, colour in ((white_player, "white"), (black_player, "black")):
            history = [*colours[player.pk], colour]
            if history[-3:] == [colour] * 3:
                warnings.append(WARN_THIRD_COLOUR.format(player=player, colour=colour))
            whites, blacks = history.count("white"), history.count("black")
            if abs(whites - blacks) > 2:
                more, other = (
                    ("white", "black") if whites > blacks else ("black", "white")
                )
                warnings.append(
                    WARN_COLOUR_DIFFERENCE.format(
                        player=player,
                        colour=more,
                        other=other,
                        more=abs(whites - blacks),
                        whites=whites,
                        blacks=blacks,
                    )
                )
    for row in rows:
        for pk in (row.white, row.black):
            if pk in requested and (
                row.black is not None
                or row.result != REQUESTED_BYE_RESULTS[requested[pk]]
            ):
                warnings.append(
                    WARN_REQUESTED_BYE_PAIRED.format(
                        player=players[pk],
                        kind=RequestedBye.Kind(requested[pk]).label.lower(),
                        round=number,
                    )
                )
    return warnings


def _plural(count: int) -> str:
    return "" if count == 1 else "s"


@dataclass
class PairingsSaved:
    round: Round
    warnings: list[str]


def round_pairings_save(
    *,
    section: Section,
    number: int,
    rows: Sequence[PairingInput],
    user: Any = None,
    source: str = "pairing",
) -> PairingsSaved:
    """Make ``rows`` the pairings of round ``number``, in one transaction; create the round.

    ``rows`` are checked by ``round_pairings_check`` (requested byes added). A round that has
    results keeps its games: only results may change then, each recorded as a
    ``ResultChange`` from ``source`` (the pairings page, the admin). A round that was not
    paired becomes a draft (``round_publish`` posts it); a posted round stays posted, complete
    when every row has a result. Raises ``ValidationError`` (sentences, each with
    ``params["row"]``) and writes nothing on any error; returns the round and the warnings.
    """
    try:
        with transaction.atomic():
            check = round_pairings_check(section=section, number=number, rows=rows)
            if check.errors:
                raise _invalid(check.errors)
            rows = check.rows
            round_, _ = Round.objects.select_for_update().get_or_create(
                section=section, number=number
            )
            existing = {(p.white_id, p.black_id): p for p in round_.pairings.all()}
            kept = {(r.white, r.black) for r in rows} & set(existing)
            Pairing.objects.filter(round=round_).exclude(
                pk__in=[existing[k].pk for k in kept]
            ).delete()
            # Boards of kept rows are cleared first, so that two rows may swap boards.
            Pairing.objects.filter(pk__in=[existing[k].pk for k in kept]).update(
                board=None
            )
            changes = []
            for row in rows:
                old = existing.get((row.white, row.black))
                if old is None:
                    continue
                if old.result != row.result:
                    changes.append(
                        ResultChange(
                            pairing=old,
                            old_result=old.result,
                            new_result=row.result,
                            changed_by=user,
                            source=source,
                        )
                    )
                old.board, old.result = row.board, row.result
                old.save(update_fields=["board", "result"])
            ResultChange.objects.bulk_create(changes)
            Pairing.objects.bulk_create(
                Pairing(
                    round=round_,
                    board=row.board,
                    white_id=row.white,
                    black_id=row.black,
                    result=row.result,
                )
                for row in rows
                if (row.white, row.black) not in existing
            )
            round_.status = _status_after_pairing(round_.status, rows)
            round_.save(update_fields=["status"])
    except IntegrityError:
        # The checks above leave only a race for the database to refuse: another TD saved
        # this round's pairings at the same moment.
        raise ValidationError(PAIRINGS_RACE.format(round=number)) from None
    return PairingsSaved(round_, check.warnings)


def _status_after_pairing(status: str, rows: Sequence[PairingInput]) -> str:
    if not rows:
        return Round.Status.NOT_PAIRED
    if status in (Round.Status.NOT_PAIRED, Round.Status.DRAFT):
        return Round.Status.DRAFT
    if any(r.result == Result.PENDING for r in rows):
        return Round.Status.PAIRED
    return Round.Status.COMPLETE


def pairing_save(
    *,
    round_: Round,
    pairing: Pairing | None,
    row: PairingInput,
    user: Any = None,
    source: str = "admin",
) -> PairingsSaved:
    """Add (``pairing`` None) or change one pairing of ``round_``: the round's other rows stay.

    The whole round is checked and saved by ``round_pairings_save``.
    """
    return round_pairings_save(
        section=round_.section,
        number=round_.number,
        rows=_round_rows_with(round_, pairing, row),
        user=user,
        source=source,
    )


def pairing_check(
    *, round_: Round, pairing: Pairing | None, row: PairingInput
) -> PairingsCheck:
    """``round_pairings_check`` for one pairing added to or changed in ``round_``."""
    rows = _round_rows_with(round_, pairing, row)
    check = round_pairings_check(
        section=round_.section, number=round_.number, rows=rows
    )
    # Only this row's errors: the others were saved before and are the round's own business.
    mine = len(rows) - 1
    return PairingsCheck(
        [(r, m) for r, m in check.errors if r in (mine, None)],
        check.warnings,
        check.rows,
    )


def _round_rows_with(
    round_: Round, pairing: Pairing | None, row: PairingInput
) -> list[PairingInput]:
    others = Pairing.objects.filter(round=round_)
    if pairing is not None and pairing.pk is not None:
        others = others.exclude(pk=pairing.pk)
    return [
        *(
            PairingInput(white=w, black=b, board=board, result=result)
            for board, w, b, result in others.values_list(
                "board", "white_id", "black_id", "result"
            )
        ),
        row,
    ]


def round_publish(*, round_: Round, user: Any = None) -> Round:
    """Post a draft round's pairings for the players (DRAFT -> PAIRED)."""
    with transaction.atomic():
        round_ = Round.objects.select_for_update().get(pk=round_.pk)
        if round_.status != Round.Status.DRAFT:
            raise ValidationError(ROUND_NOT_DRAFT.format(round=round_.number))
        pairings = list(round_.pairings.values_list("result", flat=True))
        if not pairings:
            raise ValidationError(ROUND_EMPTY.format(round=round_.number))
        round_.status = (
            Round.Status.PAIRED if Result.PENDING in pairings else Round.Status.COMPLETE
        )
        round_.save(update_fields=["status"])
        tournament_status_refresh(tournament_id=round_.section.tournament_id)
    return round_


class ResultConflict(ValidationError):
    """The result changed since the form was drawn: ``current`` is what the board holds now."""

    def __init__(self, message: str, *, current: str) -> None:
        super().__init__(message)
        self.current = current


def result_record(
    *,
    pairing: Pairing,
    result: str,
    based_on: str,
    user: Any = None,
    source: str = "entry",
) -> Pairing:
    """Set a board's result and record the change (old, new, who, when, source).

    ``based_on`` is the result the caller's form showed: if the board holds another one now
    (another TD entered it meanwhile), nothing is written and ``ResultConflict`` says what it
    is and who set it. Writes in a constant number of queries whatever the round's size.
    """
    if result not in Result.values:
        raise ValidationError(
            RESULT_NOT_FOR_PAIRING.format(result=result, pairing=pairing)
        )
    fits = TWO_PLAYER_RESULTS if pairing.black_id is not None else ONE_PLAYER_RESULTS
    if result not in fits:
        raise ValidationError(
            RESULT_NOT_FOR_PAIRING.format(result=Result(result).label, pairing=pairing)
        )
    # The round's state is read afresh: the caller's copy may be older than another TD's post.
    number, status_now = Round.objects.values_list("number", "status").get(
        pk=pairing.round_id
    )
    if status_now in (Round.Status.NOT_PAIRED, Round.Status.DRAFT):
        raise ValidationError(RESULT_ROUND_NOT_POSTED.format(round=number))
    with transaction.atomic():
        # The compare-and-set is one UPDATE: of two TDs posting at once, one changes the row.
        updated = Pairing.objects.filter(pk=pairing.pk, result=based_on).update(
            result=result
        )
        if not updated:
            raise _conflict(pairing)
        if result != based_on:
            ResultChange.objects.create(
                pairing=pairing,
                old_result=based_on,
                new_result=result,
                changed_by=user,
                source=source,
            )
        pending = Pairing.objects.filter(
            round_id=pairing.round_id, result=Result.PENDING
        ).exists()
        status = Round.Status.PAIRED if pending else Round.Status.COMPLETE
        if status != status_now:
            Round.objects.filter(pk=pairing.round_id).update(status=status)
    pairing.result = result
    return pairing


def _conflict(pairing: Pairing) -> ResultConflict:
    current = (
        Pairing.objects.filter(pk=pairing.pk).values_list("result", flat=True).first()
    )
    current = current or Result.PENDING
    last = (
        ResultChange.objects.filter(pairing=pairing)
        .select_related("changed_by")
        .order_by("-changed_at", "-pk")
        .first()
    )
    board = pairing.board or "–"
    label = Result(current).label
    if last is None:
        return ResultConflict(
            RESULT_CONFLICT_UNKNOWN.format(board=board, current=label), current=current
        )
    who = last.changed_by.get_username() if last.changed_by else "someone"
    when = timezone.localtime(last.changed_at).strftime("%H:%M:%S")
    return ResultConflict(
        RESULT_CONFLICT.format(board=board, current=label, who=who, when=when),
        current=current,
    )


def result_check_record(
    *, pairing: Pairing, result: str, user: Any = None
) -> ResultCheck:
    """A second TD's blind entry of a board's result (check mode): one per board, the last wins."""
    if result == Result.PENDING:
        raise ValidationError(CHECK_PENDING)
    fits = TWO_PLAYER_RESULTS if pairing.black_id is not None else ONE_PLAYER_RESULTS
    if result not in fits:
        raise ValidationError(
            RESULT_NOT_FOR_PAIRING.format(
                result=Result(result).label if result in Result.values else result,
                pairing=pairing,
            )
        )
    check, _ = ResultCheck.objects.update_or_create(
        pairing=pairing, defaults={"result": result, "entered_by": user}
    )
    return check


def round_has_results(*, round_: Round) -> bool:
    """Whether a game of the round has a result: its pairings can no longer change then."""
    return (
        Pairing.objects.filter(round=round_, black__isnull=False)
        .exclude(result=Result.PENDING)
        .exists()
    )


def pairing_delete(*, pairing: Pairing, user: Any = None) -> PairingsSaved:
    """Take one pairing out of its round; the round's other rows stay (and are checked)."""
    round_ = Round.objects.select_related("section").get(pk=pairing.round_id)
    rows = [
        PairingInput(white=w, black=b, board=board, result=result)
        for board, w, b, result in Pairing.objects.filter(round=round_)
        .exclude(pk=pairing.pk)
        .values_list("board", "white_id", "black_id", "result")
    ]
    return round_pairings_save(
        section=round_.section, number=round_.number, rows=rows, user=user
    )


# ---- setup8: accounts, tournament and section setup, players, the posted tiebreak order,
# check-in. Every rule a form or the admin relies on is here, with its message as a constant.

DIRECTOR_UNKNOWN = "There is no user named {username!r}."
DIRECTOR_ALREADY = "{username} is already a director of {tournament}."
DIRECTOR_NOT_ONE = "{username} is not a director of {tournament}."
DIRECTOR_LAST = (
    "{username} is the only director of {tournament}: add another director first."
)
TOURNAMENT_END_BEFORE_START = "The last day cannot be before the first day."
SECTION_NAME_TAKEN = "{tournament} already has a section named {name!r}."
SECTION_ROUNDS_TOO_FEW = (
    "The section cannot have fewer than {needed} rounds: {why} round {needed}."
)
SECTION_POINTS_ORDER = (
    "A win must be worth more than a draw, and a draw at least as much as a loss."
)
PLAYER_RATING_RANGE = f"A rating is a whole number from 1 to {RATING_MAX}; leave it empty for an unrated player."
PLAYER_ID_DIGITS = "The {field} may hold digits only."
PLAYER_NAME_MISSING = "Every player needs a name."
RENUMBER_AFTER_ROUND_ONE = "Round 1 is paired: start numbers can no longer change (they are the pairing numbers)."
WITHDRAW_ROUND_RANGE = (
    "A player withdraws after a round from 0 (before round 1) to {last} (this section has "
    "{rounds} rounds)."
)
WITHDRAW_PAIRED_LATER = (
    "{player} is paired in round {round}: take them out of that round's pairings first, or "
    "withdraw them after round {round}."
)
WITHDRAW_ROUND_MISSING = (
    "Say after which round the player withdrew (0: before round 1)."
)
ACTIVE_HAS_NO_ROUND = "An active player has no withdrawal round: leave it empty."
REACTIVATE_NOT_WITHDRAWN = "{player} has not withdrawn."
BYE_ROUND_RANGE = "Round {round} is not a round of this section (rounds 1 to {rounds})."
BYE_AFTER_WITHDRAWAL = "{player} withdrew after round {last}: no bye for round {round}."
BYE_ROUND_PAIRED = (
    "Round {round} is paired already: change that round's pairings on its round page."
)
LATE_ENTRY_FIRST_ROUND = "The first round played must be from 2 to {rounds}."
LATE_ENTRY_CHOICE = "For each missed round choose a half-point bye or not paired."
IMPORT_EMPTY = "There are no player rows to import."
IMPORT_HAS_PROBLEMS = "Nothing was saved: {count} row{s} still {have} a problem. Fix them and preview again."
TIEBREAKS_INVALID = "This order cannot be used: {error}."
TIEBREAKS_EMPTY = "Choose at least one tiebreak."
TIEBREAKS_UNCHANGED = "This is already the posted order."
TIEBREAKS_LOCKED = (
    "Round 1 pairings are posted, so the order is locked: a change now needs an override with "
    "a written reason, which is shown with the standings."
)
CHECKIN_ROUND_RANGE = (
    "Round {round} is not a round of this section (rounds 1 to {rounds})."
)
CHECKIN_ROUND_PAIRED = "Round {round} is paired: check-in for it is closed."
CHECKIN_WITHDRAWN = (
    "{player} withdrew after round {last} and is not expected in round {round}."
)
CHECKIN_CLOSE_ACTION = "Choose what happens to the players who did not check in."


def section_default_tiebreaks(kind: str) -> str:
    """The order offered to a new section of this kind (the TD posts it or another)."""
    # The engine's default: 34E's four for a Swiss, Sonneborn-Berger first for a round robin
    # (the SwissSys list: "most often used for round robin events"); see docs/tiebreaks.md.
    return default_order(kind != Section.Kind.SWISS)


# -- accounts and directors


def tournament_create(*, user: User, name: str, **fields: Any) -> Tournament:
    """A new draft tournament directed by ``user``; its slug comes from its name, made unique."""
    tournament = Tournament(
        name=name, slug=_free_slug(name), is_published=False, **fields
    )
    _tournament_check(tournament)
    with transaction.atomic():
        tournament.save()
        tournament.directors.add(user)
    return tournament


def _free_slug(name: str) -> str:
    """The name as a slug, made unique with -2, -3, ... (the tournament's address)."""
    base = slugify(name)[:90].strip("-") or "tournament"
    used = set(
        Tournament.objects.filter(slug__startswith=base).values_list("slug", flat=True)
    )
    slug, n = base, 1
    while slug in used:
        n += 1
        slug = f"{base}-{n}"
    return slug


def tournament_update(*, tournament: Tournament, **fields: Any) -> Tournament:
    """Change the tournament's own fields (not its slug: published links keep working)."""
    for name, value in fields.items():
        setattr(tournament, name, value)
    _tournament_check(tournament)
    tournament.save(update_fields=list(fields))
    return tournament


def _tournament_check(tournament: Tournament) -> None:
    _check(tournament)
    start, end = tournament.start_date, tournament.end_date
    if start and end and end < start:
        raise ValidationError(TOURNAMENT_END_BEFORE_START)


def tournament_publish(*, tournament: Tournament, published: bool) -> Tournament:
    """Show the tournament on the public pages, or take it back to a draft."""
    tournament.is_published = published
    tournament.save(update_fields=["is_published"])
    return tournament


def tournament_director_add(*, tournament: Tournament, username: str) -> User:
    """Let the user named ``username`` direct the tournament."""
    user = User.objects.filter(username__iexact=username.strip()).first()
    if user is None:
        raise ValidationError(DIRECTOR_UNKNOWN.format(username=username.strip()))
    if tournament.directors.filter(pk=user.pk).exists():
        raise ValidationError(
            DIRECTOR_ALREADY.format(username=user.get_username(), tournament=tournament)
        )
    tournament.directors.add(user)
    return user


def tournament_director_remove(*, tournament: Tournament, username: str) -> None:
    """Take a director off the tournament; the last one stays (someone must be able to change it)."""
    with transaction.atomic():
        Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
        directors = list(tournament.directors.all())
        user = next((u for u in directors if u.get_username() == username), None)
        if user is None:
            raise ValidationError(
                DIRECTOR_NOT_ONE.format(username=username, tournament=tournament)
            )
        if len(directors) == 1:
            raise ValidationError(
                DIRECTOR_LAST.format(username=username, tournament=tournament)
            )
        tournament.directors.remove(user)


# -- sections


def section_create(
    *,
    tournament: Tournament,
    name: str,
    rounds_total: int,
    kind: str = Section.Kind.SWISS,
    **fields: Any,
) -> Section:
    """A new section; its tiebreak order starts as the default for its kind (not yet posted)."""
    fields.setdefault("position", tournament.sections.count())
    section = Section(
        tournament=tournament,
        name=name,
        rounds_total=rounds_total,
        kind=kind,
        tiebreaks=section_default_tiebreaks(kind),
        **fields,
    )
    section_check(section=section)
    section.save()
    return section


def section_check(*, section: Section) -> None:
    """Every rule a section's own values must meet, for a new section or one about to change
    (``section`` holds the new values, not yet saved). Raises ValidationError with sentences."""
    if (
        Section.objects.filter(
            tournament=section.tournament_id, name__iexact=section.name
        )
        .exclude(pk=section.pk)
        .exists()
    ):
        raise ValidationError(
            SECTION_NAME_TAKEN.format(tournament=section.tournament, name=section.name)
        )
    _check_points(section)
    if section.pk is not None:
        needed, why = _rounds_needed(section)
        if section.rounds_total < needed:
            raise ValidationError(SECTION_ROUNDS_TOO_FEW.format(needed=needed, why=why))
    _check(section)


def section_update(*, section: Section, **fields: Any) -> Section:
    """Change a section's settings; it keeps every round something already refers to.

    The posted order changes only through ``section_tiebreaks_post``.
    """
    fields.pop("tiebreaks", None)
    with transaction.atomic():
        changed = Section.objects.select_for_update().get(pk=section.pk)
        old_kind = changed.kind
        for name, value in fields.items():
            setattr(changed, name, value)
        section_check(section=changed)
        update = list(fields)
        # A kind change before any posting brings the new kind's default order with it.
        if (
            changed.kind != old_kind
            and not changed.tiebreak_changes.exists()
            and changed.tiebreaks == section_default_tiebreaks(old_kind)
        ):
            changed.tiebreaks = section_default_tiebreaks(changed.kind)
            update.append("tiebreaks")
        changed.save(update_fields=update)
    for name in [*update, "tournament_id"]:
        setattr(section, name, getattr(changed, name))
    return section


def _rounds_needed(section: Section) -> tuple[int, str]:
    """The highest round number a row of the section refers to, and what refers to it."""
    candidates = [
        (
            Round.objects.filter(section=section).aggregate(n=models.Max("number"))[
                "n"
            ],
            "there is a",
        ),
        (
            RequestedBye.objects.filter(player__section=section).aggregate(
                n=models.Max("round_number")
            )["n"],
            "a player requested a bye for",
        ),
        (
            Player.objects.filter(section=section).aggregate(
                n=models.Max("withdrawn_after_round")
            )["n"],
            "a player withdrew after",
        ),
        (
            CheckIn.objects.filter(player__section=section).aggregate(
                n=models.Max("round_number")
            )["n"],
            "players checked in for",
        ),
    ]
    return max(((n or 0, why) for n, why in candidates), default=(0, ""))


def _check_points(section: Section) -> None:
    # The model's defaults are text ("0.5"); compare exact decimals.
    win, draw, loss = (
        Decimal(str(v))
        for v in (section.win_points, section.draw_points, section.loss_points)
    )
    if not (win > draw >= loss):
        raise ValidationError(SECTION_POINTS_ORDER)


def _check(row: models.Model, exclude: Iterable[str] = ()) -> None:
    """Model field checks as sentences (a constraint name never reaches a user)."""
    try:
        row.full_clean(
            exclude=list(exclude), validate_unique=False, validate_constraints=False
        )
    except ValidationError as error:
        raise ValidationError(
            [
                f"{_label(row, name)}: {message}" if name != "__all__" else message
                for name, messages in error.message_dict.items()
                for message in messages
            ]
        ) from None


def _label(row: models.Model, field: str) -> str:
    try:
        return str(
            getattr(row._meta.get_field(field), "verbose_name", field)
        ).capitalize()
    except FieldDoesNotExist:
        return field


# -- players

PLAYER_FIELDS = ("name", "rating", "uschess_id", "fide_id", "federation", "club")


def round_one_paired(section: Section) -> bool:
    """Whether round 1 has pairings (made or posted): start numbers are fixed from then on."""
    return (
        Round.objects.filter(section=section, number=1)
        .exclude(status=Round.Status.NOT_PAIRED)
        .exists()
        or Pairing.objects.filter(round__section=section, round__number=1).exists()
    )


def round_one_posted(section: Section) -> bool:
    """Whether round 1's pairings are posted: the tiebreak order is locked from then on."""
    return Round.objects.filter(
        section=section,
        number=1,
        status__in=[Round.Status.PAIRED, Round.Status.COMPLETE],
    ).exists()


def player_check(*, player: Player) -> None:
    """Every rule a player's own values must meet (name, rating range, IDs), as sentences."""
    problems = []
    if not player.name.strip():
        problems.append(PLAYER_NAME_MISSING)
    if player.rating is not None and not 1 <= player.rating <= RATING_MAX:
        problems.append(PLAYER_RATING_RANGE)
    for column, label in (("uschess_id", "US Chess ID"), ("fide_id", "FIDE ID")):
        value = getattr(player, column)
        if value and not (value.isascii() and value.isdigit()):
            problems.append(PLAYER_ID_DIGITS.format(field=label))
    if problems:
        raise ValidationError(problems)
    # The start number is the services' to give (players_renumber, the next free one).
    _check(player, exclude=["start_number"])


def _next_start_number(section: Section) -> int:
    last = Player.objects.filter(section=section).aggregate(
        n=models.Max("start_number")
    )
    return (last["n"] or 0) + 1


def _player_insert(*, section: Section, name: str, fields: Mapping[str, Any]) -> Player:
    """Check and save a new player with the next start number (the section locked first)."""
    _section_lock(section)
    player = Player(
        section=section,
        name=name.strip(),
        start_number=_next_start_number(section),
        **fields,
    )
    player_check(player=player)
    player.save()
    return player


def player_create(*, section: Section, name: str, **fields: Any) -> Player:
    """Enter one player; before round 1 is paired the section is numbered by rating again."""
    with transaction.atomic():
        player = _player_insert(section=section, name=name, fields=fields)
        if not round_one_paired(section):
            players_renumber(section=section)
            player.refresh_from_db()
    return player


PLAYER_FIXED_FIELDS = ("start_number", "status", "withdrawn_after_round", "section")


def player_update(*, player: Player, **fields: Any) -> Player:
    """Change a player's details; the start number, status and withdrawal change through
    ``players_renumber``, ``player_withdraw`` and ``player_reactivate``."""
    for name in PLAYER_FIXED_FIELDS:
        fields.pop(name, None)
    with transaction.atomic():
        _section_lock(player.section)
        changed = Player.objects.get(pk=player.pk)
        rating_changed = "rating" in fields and fields["rating"] != changed.rating
        for name, value in fields.items():
            setattr(changed, name, value.strip() if isinstance(value, str) else value)
        player_check(player=changed)
        changed.save(update_fields=list(fields))
        if rating_changed and not round_one_paired(player.section):
            players_renumber(section=player.section)
    player.refresh_from_db()
    return player


def player_status_check(
    *, player: Player, status: str, after_round: int | None
) -> None:
    """Whether a player may be given this status and withdrawal round (for forms that show both)."""
    if status == Player.Status.WITHDRAWN:
        if after_round is None:
            raise ValidationError(WITHDRAW_ROUND_MISSING)
        _withdraw_check(player, after_round)
    elif after_round is not None:
        raise ValidationError(ACTIVE_HAS_NO_ROUND)


def player_status_set(
    *, player: Player, status: str, after_round: int | None
) -> Player:
    """Withdraw or re-activate a player to match ``status`` (one entry point for the admin)."""
    player_status_check(player=player, status=status, after_round=after_round)
    if status == Player.Status.WITHDRAWN:
        assert after_round is not None
        if (player.status, player.withdrawn_after_round) != (status, after_round):
            return player_withdraw(player=player, after_round=after_round)
    elif player.status == Player.Status.WITHDRAWN:
        return player_reactivate(player=player)
    return player


def _section_lock(section: Section) -> None:
    """Serialise writes that number a section's players (two TDs entering players at once)."""
    Section.objects.select_for_update().filter(pk=section.pk).first()


def _rating_order(player: Player) -> tuple[int, int, int]:
    # Highest rating first, unrated last; equal ratings keep their present order.
    return (player.rating is None, -(player.rating or 0), player.start_number)


def players_in_rating_order(players: Iterable[Player]) -> bool:
    """Whether players listed by start number are numbered as ``players_renumber`` would."""
    listed = sorted(players, key=lambda p: p.start_number)
    return listed == sorted(listed, key=_rating_order)


def players_renumber(*, section: Section) -> list[Player]:
    """Number the players by rating, highest first and unrated last, until round 1 is paired."""
    with transaction.atomic():
        _section_lock(section)
        if round_one_paired(section):
            raise ValidationError(RENUMBER_AFTER_ROUND_ONE)
        players = sorted(Player.objects.filter(section=section), key=_rating_order)
        used = {p.start_number for p in players}
        # Two passes so that no two rows ever share a number (the unique constraint is checked
        # row by row): first to free numbers above the final range, then to the final ones.
        spare = [n for n in range(len(players) + 1, 10_000) if n not in used]
        for player, temporary in zip(players, spare, strict=False):
            player.start_number = temporary
        Player.objects.bulk_update(players, ["start_number"])
        for n, player in enumerate(players, start=1):
            player.start_number = n
        Player.objects.bulk_update(players, ["start_number"])
    return players


def _withdraw_check(player: Player, after_round: int) -> None:
    section = player.section
    if not 0 <= after_round < section.rounds_total:
        raise ValidationError(
            WITHDRAW_ROUND_RANGE.format(
                last=section.rounds_total - 1, rounds=section.rounds_total
            )
        )
    later = (
        Pairing.objects.filter(round__section=section, round__number__gt=after_round)
        .filter(models.Q(white=player) | models.Q(black=player))
        .order_by("round__number")
        .values_list("round__number", flat=True)
        .first()
    )
    if later is not None:
        raise ValidationError(WITHDRAW_PAIRED_LATER.format(player=player, round=later))


def player_withdraw(*, player: Player, after_round: int) -> Player:
    """Withdraw a player after a round (0: before round 1); their later requested byes go."""
    with transaction.atomic():
        _withdraw_check(player, after_round)
        player.status = Player.Status.WITHDRAWN
        player.withdrawn_after_round = after_round
        player.save(update_fields=["status", "withdrawn_after_round"])
        RequestedBye.objects.filter(
            player=player, round_number__gt=after_round
        ).delete()
    return player


def player_reactivate(*, player: Player) -> Player:
    """Bring a withdrawn player back: paired again from the next round that is paired."""
    if player.status != Player.Status.WITHDRAWN:
        raise ValidationError(REACTIVATE_NOT_WITHDRAWN.format(player=player))
    player.status = Player.Status.ACTIVE
    player.withdrawn_after_round = None
    player.save(update_fields=["status", "withdrawn_after_round"])
    return player


def paired_rounds(section: Section) -> set[int]:
    """Rounds that have pairings (made or posted)."""
    return set(
        Round.objects.filter(section=section)
        .filter(
            ~models.Q(status=Round.Status.NOT_PAIRED) | models.Q(pairings__isnull=False)
        )
        .values_list("number", flat=True)
    )


def player_byes_check(*, player: Player, byes: Mapping[int, str]) -> None:
    """Whether ``byes`` (round -> full / half / zero) may be the player's requested byes."""
    section = player.section
    paired = paired_rounds(section)
    existing = (
        dict(
            RequestedBye.objects.filter(player=player).values_list(
                "round_number", "kind"
            )
        )
        if player.pk is not None
        else {}
    )
    problems = []
    for number, kind in sorted(byes.items()):
        if not 1 <= number <= section.rounds_total:
            problems.append(
                BYE_ROUND_RANGE.format(round=number, rounds=section.rounds_total)
            )
        elif (
            player.withdrawn_after_round is not None
            and number > player.withdrawn_after_round
        ):
            problems.append(
                BYE_AFTER_WITHDRAWAL.format(
                    player=player, last=player.withdrawn_after_round, round=number
                )
            )
        elif number in paired and existing.get(number) != kind:
            problems.append(BYE_ROUND_PAIRED.format(round=number))
        elif kind not in RequestedBye.Kind.values:
            problems.append(f"{kind!r} is not a kind of bye.")
    if problems:
        raise ValidationError(problems)


def player_byes_request(
    *, player: Player, byes: Mapping[int, str]
) -> list[RequestedBye]:
    """Make ``byes`` (round -> full / half / zero) the player's requested byes.

    Only rounds not yet paired change: a round already paired keeps what it has (its round page
    changes pairings), and naming it with a different bye is an error.
    """
    with transaction.atomic():
        player_byes_check(player=player, byes=byes)
        paired = paired_rounds(player.section)
        for bye in RequestedBye.objects.filter(player=player):
            if bye.round_number not in paired and bye.round_number not in byes:
                bye.delete()
        for number, kind in byes.items():
            if number in paired:
                continue
            RequestedBye.objects.update_or_create(
                player=player, round_number=number, defaults={"kind": kind}
            )
    return list(RequestedBye.objects.filter(player=player))


LATE_HALF, LATE_NOT_PAIRED = "half", "not_paired"


def player_late_entry(
    *,
    section: Section,
    name: str,
    first_round: int,
    missed: Mapping[int, str],
    **fields: Any,
) -> Player:
    """Enter a player who starts in ``first_round``, with the last start number.

    For each missed round, ``missed`` says half-point bye or not paired: a round already paired
    gets the row now (a half-point bye, or "not paired"); a later round gets a requested bye
    (half, or zero for not paired) that its pairings will give.
    """
    if not 2 <= first_round <= section.rounds_total:
        raise ValidationError(
            LATE_ENTRY_FIRST_ROUND.format(rounds=section.rounds_total)
        )
    choices = {r: missed.get(r) for r in range(1, first_round)}
    if any(c not in (LATE_HALF, LATE_NOT_PAIRED) for c in choices.values()):
        raise ValidationError(LATE_ENTRY_CHOICE)
    with transaction.atomic():
        player = _player_insert(section=section, name=name, fields=fields)
        paired = paired_rounds(section)
        rounds = {r.number: r for r in Round.objects.filter(section=section)}
        for number, choice in choices.items():
            if number in paired:
                Pairing.objects.create(
                    round=rounds[number],
                    white=player,
                    result=Result.BYE_HALF
                    if choice == LATE_HALF
                    else Result.NOT_PAIRED,
                )
            else:
                RequestedBye.objects.create(
                    player=player,
                    round_number=number,
                    kind=RequestedBye.Kind.HALF
                    if choice == LATE_HALF
                    else RequestedBye.Kind.ZERO,
                )
    return player


# -- bulk entry: CSV pasted or uploaded, previewed, then saved in one transaction

IMPORT_COLUMNS = ("name", "uschess_id", "fide_id", "rating", "federation", "club")
IMPORT_HEADERS = {
    "name": "name",
    "player": "name",
    "us chess id": "uschess_id",
    "uschess id": "uschess_id",
    "uschess_id": "uschess_id",
    "uscf id": "uschess_id",
    "uscf": "uschess_id",
    "us chess": "uschess_id",
    "fide id": "fide_id",
    "fide_id": "fide_id",
    "fide": "fide_id",
    "rating": "rating",
    "rtg": "rating",
    "federation": "federation",
    "state": "federation",
    "federation/state": "federation",
    "fed": "federation",
    "club": "club",
    "team": "club",
    "school": "club",
}
UNRATED_WORDS = frozenset({"", "unr", "unrated", "none", "-"})


@dataclass
class ImportRow:
    """One row of a player file: its line, the values read, and what is wrong with it."""

    line: int
    values: dict[str, str]
    problems: list[str] = field(default_factory=list)
    rating: int | None = None


@dataclass
class ImportPreview:
    rows: list[ImportRow]
    header: bool

    @property
    def problem_rows(self) -> list[ImportRow]:
        return [r for r in self.rows if r.problems]


def players_import_preview(*, section: Section, text: str) -> ImportPreview:
    """Read a CSV (comma, semicolon or tab separated) and find every row's problems; save nothing.

    Columns in this order unless a header row names them: name, US Chess ID, FIDE ID, rating,
    federation/state, club.
    """
    lines = text.replace("\r\n", "\n").split("\n")
    first = next((line for line in lines if line.strip()), "")
    delimiter = max(("\t", ";", ","), key=first.count) if first else ","
    reader = csv.reader(lines, delimiter=delimiter)
    rows: list[ImportRow] = []
    columns: tuple[str, ...] = IMPORT_COLUMNS
    header = False
    for number, cells in enumerate(reader, start=1):
        cells = [c.strip() for c in cells]
        if not any(cells):
            continue
        if not rows and not header and _is_header(cells):
            header = True
            columns = tuple(IMPORT_HEADERS.get(c.lower(), "") for c in cells)
            continue
        row = ImportRow(line=number, values=dict.fromkeys(IMPORT_COLUMNS, ""))
        extra = [c for c, name in zip(cells, columns, strict=False) if not name and c]
        if len(cells) > len(columns) and any(cells[len(columns) :]):
            row.problems.append(
                f"{len(cells)} columns; expected at most {len(columns)} "
                f"({', '.join(_column_label(c) for c in columns if c)})"
            )
        elif extra:
            row.problems.append(
                f"a value in a column with no known header: {extra[0]!r}"
            )
        for name, cell in zip(columns, cells, strict=False):
            if name:
                row.values[name] = cell
        _import_row_check(row)
        rows.append(row)
    _import_duplicates(section, rows)
    return ImportPreview(rows=rows, header=header)


def _column_label(column: str) -> str:
    return {
        "name": "name",
        "uschess_id": "US Chess ID",
        "fide_id": "FIDE ID",
        "rating": "rating",
        "federation": "federation/state",
        "club": "club",
    }[column]


def _is_header(cells: list[str]) -> bool:
    known = [c for c in cells if c.lower() in IMPORT_HEADERS]
    return (
        bool(known)
        and cells[0].lower() in IMPORT_HEADERS
        and not any(c.isdigit() for c in cells)
    )


def _import_row_check(row: ImportRow) -> None:
    values, problems = row.values, row.problems
    if not values["name"]:
        problems.append("the name is missing")
    elif len(values["name"]) > 100:
        problems.append("the name is longer than 100 characters")
    rating = values["rating"]
    if rating.lower() not in UNRATED_WORDS:
        if not (rating.isascii() and rating.isdigit()):
            problems.append(f"rating {rating!r} is not a number")
        elif not 1 <= int(rating) <= RATING_MAX:
            problems.append(
                f"rating {rating} is out of range (1 to {RATING_MAX}; empty for unrated)"
            )
        else:
            row.rating = int(rating)
    for column, label, limit in (
        ("uschess_id", "US Chess ID", 16),
        ("fide_id", "FIDE ID", 16),
    ):
        value = values[column]
        if value and not (value.isascii() and value.isdigit()):
            problems.append(f"{label} {value!r} is not a number")
        elif len(value) > limit:
            problems.append(f"{label} {value!r} is longer than {limit} digits")
    if len(values["federation"]) > 8:
        problems.append(
            f"federation/state {values['federation']!r} is longer than 8 characters"
        )
    if len(values["club"]) > 100:
        problems.append("the club is longer than 100 characters")


def _import_duplicates(section: Section, rows: list[ImportRow]) -> None:
    """A player twice in the file, or already in the section: by ID, or by name with no ID."""
    existing = list(
        Player.objects.filter(section=section).values_list(
            "start_number", "name", "uschess_id", "fide_id"
        )
    )
    for column, label in (("uschess_id", "US Chess ID"), ("fide_id", "FIDE ID")):
        first_line: dict[str, int] = {}
        for row in rows:
            value = row.values[column]
            if not value:
                continue
            if value in first_line:
                row.problems.append(
                    f"duplicate {label} {value}: also on line {first_line[value]}"
                )
            else:
                first_line[value] = row.line
        known = {
            (uschess if column == "uschess_id" else fide): (n, name)
            for n, name, uschess, fide in existing
        }
        for row in rows:
            value = row.values[column]
            if value and value in known:
                n, name = known[value]
                row.problems.append(
                    f"duplicate of player {n}. {name}, already in the section ({label} {value})"
                )
    names: dict[str, int] = {}
    known_names = {name.casefold(): n for n, name, _u, _f in existing}
    for row in rows:
        key = row.values["name"].casefold()
        if not key:
            continue
        has_id = bool(row.values["uschess_id"] or row.values["fide_id"])
        if key in names and not has_id:
            row.problems.append(f"duplicate name: also on line {names[key]}")
        names.setdefault(key, row.line)
        if key in known_names and not has_id:
            row.problems.append(
                f"duplicate of player {known_names[key]}. {row.values['name']}, already in "
                "the section (give an ID if this is someone else)"
            )


def players_import_save(*, section: Section, text: str) -> list[Player]:
    """Save every row of the file in one transaction, or none when any row has a problem."""
    with transaction.atomic():
        _section_lock(section)
        preview = players_import_preview(section=section, text=text)
        if not preview.rows:
            raise ValidationError(IMPORT_EMPTY)
        bad = len(preview.problem_rows)
        if bad:
            raise ValidationError(
                IMPORT_HAS_PROBLEMS.format(
                    count=bad,
                    s="" if bad == 1 else "s",
                    have="has" if bad == 1 else "have",
                )
            )
        start = _next_start_number(section)
        players = Player.objects.bulk_create(
            Player(
                section=section,
                start_number=start + i,
                name=row.values["name"],
                rating=row.rating,
                uschess_id=row.values["uschess_id"],
                fide_id=row.values["fide_id"],
                federation=row.values["federation"],
                club=row.values["club"],
            )
            for i, row in enumerate(preview.rows)
        )
        if not round_one_paired(section):
            players_renumber(section=section)
    return list(
        Player.objects.filter(pk__in=[p.pk for p in players]).order_by("start_number")
    )


# -- the posted tiebreak order


def tiebreak_order_check(text: str) -> str:
    """The canonical text of a tiebreak order, or a ValidationError saying what is wrong."""
    try:
        specs = parse_order(text)
    except ValueError as error:
        raise ValidationError(TIEBREAKS_INVALID.format(error=error)) from None
    if not specs:
        raise ValidationError(TIEBREAKS_EMPTY)
    return format_order(specs)


def section_tiebreaks_posted(section: Section) -> bool:
    """Whether the TD has posted an order (the first posting is kept as a change too)."""
    return section.tiebreak_changes.exists()


def section_tiebreaks_check(*, section: Section, order: str, reason: str = "") -> str:
    """Whether ``order`` may be posted now (see ``section_tiebreaks_post``); its canonical text."""
    new = tiebreak_order_check(order)
    if section_tiebreaks_posted(section) and new == section.tiebreaks:
        raise ValidationError(TIEBREAKS_UNCHANGED)
    if round_one_posted(section) and not reason.strip():
        raise ValidationError(TIEBREAKS_LOCKED)
    return new


def section_tiebreaks_post(
    *, section: Section, order: str, user: User | None, reason: str = ""
) -> TiebreakChange:
    """Post the section's tiebreak order, and keep the change (old, new, reason, who, when).

    Once round 1 pairings are posted the order is locked (US Chess 34: players expect the order
    announced before round one); a change then needs a written reason. An order with a drawing
    of lots records a seed, once, so the standings can be reproduced.
    """
    with transaction.atomic():
        locked_section = Section.objects.select_for_update().get(pk=section.pk)
        new = section_tiebreaks_check(
            section=locked_section, order=order, reason=reason
        )
        posted = section_tiebreaks_posted(locked_section)
        change = TiebreakChange.objects.create(
            section=locked_section,
            old_order=locked_section.tiebreaks if posted else "",
            new_order=new,
            reason=reason.strip(),
            changed_by=user,
        )
        locked_section.tiebreaks = new
        fields = ["tiebreaks"]
        if any(SYSTEMS[s.id].needs_lots for s in parse_order(new)) and not (
            locked_section.lots_seed
        ):
            locked_section.lots_seed = secrets.token_hex(8)
            fields.append("lots_seed")
        locked_section.save(update_fields=fields)
    section.tiebreaks, section.lots_seed = (
        locked_section.tiebreaks,
        locked_section.lots_seed,
    )
    return change


# -- check-in at the door

CLOSE_ZERO_BYE, CLOSE_WITHDRAW = "zero_bye", "withdraw"


def _checkin_round_check(section: Section, round_number: int) -> None:
    if not 1 <= round_number <= section.rounds_total:
        raise ValidationError(
            CHECKIN_ROUND_RANGE.format(round=round_number, rounds=section.rounds_total)
        )
    if round_number in paired_rounds(section):
        raise ValidationError(CHECKIN_ROUND_PAIRED.format(round=round_number))


def checkin_set(
    *, player: Player, round_number: int, present: bool, user: User | None
) -> bool:
    """Check a player in for a round (or undo it); returns whether they are checked in."""
    _checkin_round_check(player.section, round_number)
    last = player.withdrawn_after_round
    if present and last is not None and round_number > last:
        raise ValidationError(
            CHECKIN_WITHDRAWN.format(player=player, last=last, round=round_number)
        )
    if present:
        CheckIn.objects.get_or_create(
            player=player, round_number=round_number, defaults={"checked_in_by": user}
        )
    else:
        CheckIn.objects.filter(player=player, round_number=round_number).delete()
    return present


def checkin_expected(section: Section, round_number: int) -> QuerySet[Player]:
    """The players expected at the board for a round: active then, and no requested bye for it."""
    return (
        Player.objects.filter(section=section)
        .filter(
            models.Q(withdrawn_after_round__isnull=True)
            | models.Q(withdrawn_after_round__gte=round_number)
        )
        .exclude(requested_byes__round_number=round_number)
    )


def checkin_close(
    *, section: Section, round_number: int, action: str, user: User | None
) -> list[Player]:
    """Close check-in: each expected player not checked in gets a zero-point bye for the round
    (a requested bye the pairings honour), or is withdrawn before it. Returns those players."""
    if action not in (CLOSE_ZERO_BYE, CLOSE_WITHDRAW):
        raise ValidationError(CHECKIN_CLOSE_ACTION)
    with transaction.atomic():
        _section_lock(section)
        _checkin_round_check(section, round_number)
        missing = list(
            checkin_expected(section, round_number).exclude(
                checkins__round_number=round_number
            )
        )
        if action == CLOSE_ZERO_BYE:
            RequestedBye.objects.bulk_create(
                RequestedBye(
                    player=p, round_number=round_number, kind=RequestedBye.Kind.ZERO
                )
                for p in missing
            )
        else:
            for player in missing:
                player_withdraw(player=player, after_round=round_number - 1)
    return missing


# ---- automatic pairing
# The pure pairing program (tournaments/pairing, docs/pairing.md) pairs; this block loads a
# section for it in a constant number of queries and saves the round it returns.

ROUND_PAIR_NO_ROUND = "{section} has rounds 1 to {total}; there is no round {number}."
ROUND_PAIR_ALL_PAIRED = "Every round of {section} is already paired."
ROUND_PAIR_EARLIER_INCOMPLETE = "Round {earlier} is not complete: enter all its results before pairing round {number}."
ROUND_PAIR_ALREADY_PAIRED = (
    "Round {number} is already paired: remove its pairings before pairing it again."
)
ROUND_PAIR_NO_PLAYERS = "No one is left to pair in round {number}."
ROUND_PAIR_NOT_IN_TABLE = "The Berger table has no round {number}: {reason}."
ROUND_PAIR_BAD_OPTIONS = "The section's pairing options cannot be used: {reason}."

# Results after which the player is not given the pairing bye (28L): any bye, requested or
# given by the pairings, and a point won without a game.
_HAD_BYE = {
    Result.BYE_PAIRING,
    Result.BYE_FULL,
    Result.BYE_HALF,
    Result.BYE_ZERO,
    Result.FORFEIT_WIN_NO_OPPONENT,
}
_BYE_RESULT = {
    pairing.ByeKind.PAIRING: Result.BYE_PAIRING,
    pairing.ByeKind.FULL: Result.BYE_FULL,
    pairing.ByeKind.HALF: Result.BYE_HALF,
    pairing.ByeKind.ZERO: Result.BYE_ZERO,
    pairing.ByeKind.NO_GAME: Result.NOT_PAIRED,
}
_REQUESTED_KIND: dict[str, pairing.ByeKind] = {
    RequestedBye.Kind.FULL: pairing.ByeKind.FULL,
    RequestedBye.Kind.HALF: pairing.ByeKind.HALF,
    RequestedBye.Kind.ZERO: pairing.ByeKind.ZERO,
}


class PairingRefused(ValueError):
    """The round cannot be paired now; the message says why in one sentence."""


class RoundEntrants(NamedTuple):
    entrants: list[pairing.Entrant]  # id = start number
    player_pk: dict[int, int]  # start number -> Player pk
    late: set[int]  # start numbers with no row in some earlier round (entered late)


def round_entrants(*, section: Section, number: int) -> RoundEntrants:
    """The section's players as they stand before round ``number``, in three queries.

    Withdrawn players (withdrawn after an earlier round) are marked withdrawn; requested byes
    for the round are attached. Also for the warnings on a hand-made pairing
    (``pairing.pairing_problems``).
    """
    players = list(
        Player.objects.filter(section=section)
        .order_by("start_number")
        .values_list("pk", "start_number", "name", "rating", "withdrawn_after_round")
    )
    rows = list(
        Pairing.objects.filter(round__section=section, round__number__lt=number)
        .order_by("round__number", "board", "pk")
        .values_list("round__number", "white_id", "black_id", "result")
    )
    requested: dict[int, str] = dict(
        RequestedBye.objects.filter(
            player__section=section, round_number=number
        ).values_list("player_id", "kind")
    )
    scoring = section_scoring(section)
    start = {pk: n for pk, n, *_rest in players}
    # Outcomes counted per player, then scored once: adding Fractions row by row is slow.
    tally: defaultdict[int, Counter[Outcome]] = defaultdict(Counter)
    colours: defaultdict[int, list[pairing.Colour]] = defaultdict(list)
    met: defaultdict[int, set[int]] = defaultdict(set)
    had_bye: set[int] = set()
    seen: defaultdict[int, set[int]] = defaultdict(set)
    for round_number, white, black, result in rows:
        seen[white].add(round_number)
        if black is not None:
            seen[black].add(round_number)
        if result == Result.PENDING:
            continue
        white_outcome, black_outcome = OUTCOMES[result]
        tally[white][white_outcome] += 1
        if result in _HAD_BYE:
            had_bye.add(white)
        if black is None or black_outcome is None:
            continue
        tally[black][black_outcome] += 1
        met[white].add(start[black])
        met[black].add(start[white])
        if result in PLAYED_RESULTS:
            colours[white].append(pairing.Colour.WHITE)
            colours[black].append(pairing.Colour.BLACK)
        elif result == Result.WHITE_FORFEIT_WIN:
            had_bye.add(white)
        elif result == Result.BLACK_FORFEIT_WIN:
            had_bye.add(black)
    entrants = [
        pairing.Entrant(
            id=n,
            name=name,
            rating=rating,
            score=sum(
                (scoring.points(o) * c for o, c in tally[pk].items()), Fraction(0)
            ),
            colours=tuple(colours[pk]),
            opponents=frozenset(met[pk]),
            had_bye=pk in had_bye,
            requested_bye=_REQUESTED_KIND.get(requested.get(pk, "")),
            withdrawn=withdrawn_after is not None and withdrawn_after < number,
        )
        for pk, n, name, rating, withdrawn_after in players
    ]
    late = {n for pk, n in start.items() if len(seen[pk]) < number - 1}
    return RoundEntrants(entrants, {n: pk for pk, n in start.items()}, late)


def round_pair(
    *, section: Section, number: int | None = None, post: bool = False
) -> Round:
    """Pair round ``number`` (the first round not paired when None) and save it, all at once.

    Swiss sections by US Chess rules 27-29, round robins by the FIDE Berger tables
    (docs/pairing.md). Earlier rounds must be complete and this round not yet paired: else
    ``PairingRefused`` with one of the ``ROUND_PAIR_*`` sentences, and nothing changes. The
    round is saved as a draft (the TD edits, then posts) or, with ``post``, as posted; the
    program's reasons go to ``Round.pairing_notes``. A round robin drawn by lot records its seed
    in ``Section.pairing_options["lots_seed"]`` so the table numbers can be drawn again.
    """
    try:
        options = pairing.options_parse(section.pairing_options)
    except pairing.OptionsError as error:
        raise PairingRefused(ROUND_PAIR_BAD_OPTIONS.format(reason=error)) from None
    with transaction.atomic():
        section = Section.objects.select_for_update().get(pk=section.pk)
        rounds = dict(
            Round.objects.filter(section=section).values_list("number", "status")
        )
        # Round number -> results not yet entered, for every round with pairings.
        counts = dict(
            Pairing.objects.filter(round__section=section)
            .values_list("round__number")
            .annotate(pending=models.Count("pk", filter=Q(result=Result.PENDING)))
            .order_by()
        )
        paired = set(counts)
        pending = {n for n, waiting in counts.items() if waiting}
        if number is None:
            number = next(
                (n for n in range(1, section.rounds_total + 1) if n not in paired),
                None,
            )
            if number is None:
                raise PairingRefused(ROUND_PAIR_ALL_PAIRED.format(section=section.name))
        if not 1 <= number <= section.rounds_total:
            raise PairingRefused(
                ROUND_PAIR_NO_ROUND.format(
                    section=section.name, total=section.rounds_total, number=number
                )
            )
        if number in paired or rounds.get(number) in (
            Round.Status.PAIRED,
            Round.Status.COMPLETE,
        ):
            raise PairingRefused(ROUND_PAIR_ALREADY_PAIRED.format(number=number))
        for earlier in range(1, number):
            if earlier not in paired or earlier in pending:
                raise PairingRefused(
                    ROUND_PAIR_EARLIER_INCOMPLETE.format(earlier=earlier, number=number)
                )
        entrants, player_pk, late = round_entrants(section=section, number=number)
        seed = options.lots_seed or section.lots_seed
        swiss = section.kind == Section.Kind.SWISS
        lot = options.board_one_colour == "lot" if swiss else options.tables == "lot"
        if lot and not seed:
            # Drawn now and recorded, so the lot can be checked and drawn again.
            seed = secrets.token_hex(8)
            section.pairing_options = {**section.pairing_options, "lots_seed": seed}
            section.save(update_fields=["pairing_options"])
        if swiss:
            made = pairing.pair_swiss(
                entrants, round_number=number, options=options, seed=seed
            )
        else:
            try:
                tables = pairing.table_numbers(
                    [e.id for e in entrants], options.tables, seed
                )
            except pairing.OptionsError as error:
                raise PairingRefused(
                    ROUND_PAIR_BAD_OPTIONS.format(reason=error)
                ) from None
            try:
                made = pairing.pair_round_robin(
                    entrants,
                    round_number=number,
                    tables=tables,
                    double=section.kind == Section.Kind.DOUBLE_ROUND_ROBIN,
                )
            except ValueError as error:
                raise PairingRefused(
                    ROUND_PAIR_NOT_IN_TABLE.format(number=number, reason=error)
                ) from None
        if not made.boards and not made.byes:
            raise PairingRefused(ROUND_PAIR_NO_PLAYERS.format(number=number))
        notes = list(made.notes)
        if not swiss and options.tables == "lot" and number == 1:
            notes.append(f"Table numbers drawn by lot with seed {seed!r}.")
        if number > 1:
            # A late entry joins at the score they have (byes for the rounds missed, or none).
            notes.extend(
                f"{e.label} entered late and joins at {format_decimal(e.score)} point(s)."
                for e in entrants
                if e.id in late
                and not e.withdrawn
                and e.requested_bye is None
                and not e.opponents
            )
        status = Round.Status.PAIRED if post else Round.Status.DRAFT
        round_, _created = Round.objects.update_or_create(
            section=section,
            number=number,
            defaults={"status": status, "pairing_notes": notes},
        )
        Pairing.objects.bulk_create(
            [
                Pairing(
                    round=round_,
                    board=board_number,
                    white_id=player_pk[board.white],
                    black_id=player_pk[board.black],
                )
                for board_number, board in enumerate(made.boards, start=1)
            ]
            + [
                Pairing(
                    round=round_,
                    white_id=player_pk[bye.player],
                    result=_BYE_RESULT[bye.kind],
                )
                for bye in made.byes
            ],
            batch_size=2000,
        )
        if post:
            tournament_status_refresh(tournament_id=section.tournament_id)
    return round_


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


# ---- the tournament's state and final results


def tournament_status_refresh(*, tournament_id: int) -> str:
    """Set the tournament's status from its sections: setup until a round is posted, final when
    every section is marked final, running in between. Returns the status."""
    sections = list(Section.objects.filter(tournament_id=tournament_id))
    if sections and all(s.is_final for s in sections):
        status = Tournament.Status.FINAL
    elif Round.objects.filter(
        section__tournament_id=tournament_id,
        status__in=[Round.Status.PAIRED, Round.Status.COMPLETE],
    ).exists():
        status = Tournament.Status.RUNNING
    else:
        status = Tournament.Status.SETUP
    Tournament.objects.filter(pk=tournament_id).update(status=status)
    return status


def section_final_set(*, section: Section, final: bool) -> Section:
    """Mark a section's results final (its pages say so and offer the files) or open them again."""
    with transaction.atomic():
        section.is_final = final
        section.save(update_fields=["is_final"])
        tournament_status_refresh(tournament_id=section.tournament_id)
    return section


# ---- pairing options
# The variants a TD posts before the event (docs/pairing.md, "Options"): accelerated pairings,
# board 1's colour in round 1, the rating unrated players are placed by, the colour rating limits,
# round-robin table numbers. Like the tiebreak order they are announced before round one.
PAIRING_OPTIONS_INVALID = "These pairing options cannot be used: {error}."
PAIRING_OPTIONS_LOCKED = (
    "Round 1 of {section} is paired, so the pairing options posted before the event stand: "
    "they can change only while round 1 has no pairings."
)


def section_pairing_options_locked(section: Section) -> bool:
    """Whether round 1 has pairings (a draft or posted): the options stand from then on."""
    return Pairing.objects.filter(round__section=section, round__number=1).exists()


def section_pairing_options_set(
    *, section: Section, options: Mapping[str, Any]
) -> Section:
    """Make ``options`` the section's ``pairing_options`` after ``pairing.options_parse`` reads them.

    Refused (``ValidationError``, nothing changed) when the parser refuses them, or when they
    differ from the stored ones and round 1 already has pairings (draft or posted): the options
    were posted before the event and round 1 was paired by them.
    """
    new = dict(options)
    try:
        pairing.options_parse(new)
    except pairing.OptionsError as error:
        raise ValidationError(PAIRING_OPTIONS_INVALID.format(error=error)) from None
    with transaction.atomic():
        locked = Section.objects.select_for_update().get(pk=section.pk)
        if new != (locked.pairing_options or {}):
            if section_pairing_options_locked(locked):
                raise ValidationError(
                    PAIRING_OPTIONS_LOCKED.format(section=locked.name)
                )
            locked.pairing_options = new
            locked.save(update_fields=["pairing_options"])
    section.pairing_options = locked.pairing_options
    return section
