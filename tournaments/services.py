"""Writes that touch several rows, each in one transaction: named ``<noun>_<verb>``, keyword-only.

TRF-16 import and export: ``tournament_import_trf`` and ``section_export_trf`` (the format and
its code mapping are in ``tournaments/trf.py``).
"""

from __future__ import annotations

import secrets
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import Any, NamedTuple

from django.core.exceptions import ValidationError
from django.core.validators import validate_slug
from django.db import models, transaction
from django.db.models import Q
from django.utils.text import slugify

from standings.engine.entities import Outcome, ScoringSystem
from standings.engine.formatting import format_decimal
from standings.loaders import OUTCOMES
from tournaments import pairing, trf
from tournaments.models import (
    RATING_MAX,
    Pairing,
    Player,
    RequestedBye,
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
_PLAYED_RESULTS = {
    Result.WHITE_WIN,
    Result.DRAW,
    Result.BLACK_WIN,
    Result.WHITE_WIN_UNRATED,
    Result.DRAW_UNRATED,
    Result.BLACK_WIN_UNRATED,
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


def _section_scoring(section: Section) -> ScoringSystem:
    """The section's points (as the standings count them: byes and forfeits as results)."""
    win, draw, loss = (
        Fraction(section.win_points),
        Fraction(section.draw_points),
        Fraction(section.loss_points),
    )
    return ScoringSystem(
        win=win,
        draw=draw,
        loss=loss,
        forfeit_win=win,
        forfeit_loss=loss,
        bye_pairing=win,
        bye_full=win,
        bye_half=draw,
        bye_zero=loss,
        not_paired=loss,
    )


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
    scoring = _section_scoring(section)
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
        if result in _PLAYED_RESULTS:
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
    return round_


_RESULT_BYE: dict[str, pairing.ByeKind] = {
    str(result): kind for kind, result in _BYE_RESULT.items()
} | {
    # A point won with no opponent scheduled counts as a full point without playing.
    Result.FORFEIT_WIN_NO_OPPONENT: pairing.ByeKind.FULL,
}


def round_pairing_problems(*, round_: Round) -> list[str]:
    """Every rule the round's pairings (made by hand or by the program) break, as sentences.

    The warnings for a hand-made pairing: ``pairing.pairing_problems`` on the players as they
    stood before the round (``round_entrants``) and the round's boards and byes, in four
    queries. An empty list when the pairing breaks none.
    """
    section = Section.objects.get(pk=round_.section_id)
    entrants = round_entrants(section=section, number=round_.number).entrants
    rows = list(
        Pairing.objects.filter(round=round_).values_list(
            "white__start_number", "black__start_number", "result"
        )
    )
    boards = [(white, black) for white, black, _result in rows if black is not None]
    byes = [
        (white, _RESULT_BYE[result])
        for white, black, result in rows
        if black is None and result in _RESULT_BYE
    ]
    return pairing.pairing_problems(entrants, boards, byes)
