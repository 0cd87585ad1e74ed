"""Writes that touch several rows, each in one transaction: named ``<noun>_<verb>``, keyword-only.

TRF-16 import: ``tournament_import_trf`` (the format and its code mapping are in
``tournaments/trf.py``; the export reads standings, so it is on the read side:
``standings/trf_export.py``).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.validators import validate_slug
from django.db import IntegrityError, models, transaction
from django.utils import timezone
from django.utils.text import slugify

from tournaments import trf
from tournaments.models import (
    ONE_PLAYER_RESULTS,
    RATING_MAX,
    ROUND_ROBIN_TIEBREAKS,
    TWO_PLAYER_RESULTS,
    US_CHESS_DEFAULT_TIEBREAKS,
    Pairing,
    Player,
    RequestedBye,
    Result,
    ResultChange,
    ResultCheck,
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
    ``ROUND_ROBIN_TIEBREAKS``. Nothing else is inferred: players stay active (a TRF file does
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
            # An imported Swiss keeps the US Chess order (the model's default).
            tiebreaks=US_CHESS_DEFAULT_TIEBREAKS
            if kind == Section.Kind.SWISS
            else ROUND_ROBIN_TIEBREAKS,
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
    base = slugify(name)[:90].strip("-") or "tournament"
    used = set(
        Tournament.objects.filter(slug__startswith=base).values_list("slug", flat=True)
    )
    slug, n = base, 1
    while slug in used:
        n += 1
        slug = f"{base}-{n}"
    return slug


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
BOARD_MISSING = "Board {board} has no white player."
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
# Results that mean the game was played over the board, the only ones that give a colour:
# a forfeited game was not played, so it counts for neither player's colour history.
_PLAYED_RESULTS = frozenset(
    {
        Result.PENDING,
        Result.WHITE_WIN,
        Result.DRAW,
        Result.BLACK_WIN,
        Result.WHITE_WIN_UNRATED,
        Result.DRAW_UNRATED,
        Result.BLACK_WIN_UNRATED,
    }
)


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
        if result in _PLAYED_RESULTS:
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
