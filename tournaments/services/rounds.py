"""A round's pairings: made by hand (or by a program through the same check), checked, saved,
posted, taken out; and rounds created in bulk."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, models, transaction
from django.db.models import Case, F, Value, When

from tournaments.models import (
    ONE_PLAYER_RESULTS,
    TWO_PLAYER_RESULTS,
    Pairing,
    Player,
    RequestedBye,
    Result,
    ResultChange,
    Round,
    Section,
    SectionEvent,
)
from tournaments.results import PLAYED_RESULTS
from tournaments.selectors import (
    later_rounds_paired,
    pairings_digest,
    round_pairings_version,
)
from tournaments.services.common import round_lock, section_lock, section_open_check
from tournaments.services.results import LaterRoundsPaired
from tournaments.services.round_life import (
    ROUND_SAVE_CHECKS,
    later_rounds_message,
    result_corrections_record,
    round_checks_going_ask,
    round_pairings_take_back,
    round_results_seen_check,
)

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
BOARD_HAS_RESULT = (
    "Board {board} ({white} – {black}) has a result, {result}, so its players cannot change. "
    "Set it back to “not yet played” on the round page first (the round's history keeps it)."
)
WARN_REMATCH = "{white} and {black} already met in round {earlier}."
WARN_THIRD_COLOUR = "{player} gets {colour} for the third game in a row."
WARN_COLOUR_DIFFERENCE = "{player} will have had {colour} {more} times more than {other} ({whites} white, {blacks} black)."
WARN_REQUESTED_BYE_PAIRED = (
    "{player} asked for a {kind} in round {round} but is paired."
)
# A zero-point bye the TD gave before the round (``RequestedBye.reason``): nobody asked.
WARN_GIVEN_BYE_PAIRED = (
    "{player} was given a {kind} in round {round} ({reason}) but is paired."
)
WARN_LEFT_OUT = (
    "{player} had a row in round {round} and has none now: no game, no bye, no points. Give "
    "them a game, a bye or “not paired”; if their opponent left, keep the board and enter a "
    "forfeit win on the round page instead."
)
WARN_PREVIOUS_ROUND_OPEN = (
    "Round {previous} is not complete yet: {missing} board{s} without a result."
)
# A round paired by hand while a round before it has no pairings at all: the pairings page of
# the wrong round (a tab left open, a round number mistyped). Results still to come only warn
# (WARN_PREVIOUS_ROUND_OPEN): an adjourned game; a round not paired is no such case.
ROUND_EARLIER_NOT_PAIRED = (
    "Round {earlier} is not paired yet: pair it before round {number}. "
    "Nothing was saved."
)
PAIRINGS_STALE = (
    "Round {round}'s pairings were changed by someone else after you opened this page. "
    "Nothing was saved: reload the page to see them, then make your change again."
)
PAIRINGS_RACE = "Round {round} was changed by someone else while you saved: reload it and try again."

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
    result code (``Result.BYE_HALF``, ...). A game given no result (None) keeps the result its
    board has now, or is not yet played when the two players are newly paired: a pairings form
    that shows no results never writes one.
    """

    white: int
    black: int | None = None
    board: int | None = None
    result: str | None = None


@dataclass
class PairingsCheck:
    """What is wrong with a round's rows (``errors`` block a save, ``warnings`` do not).

    Each error is (index of the row in the input or None, sentence).
    """

    errors: list[tuple[int | None, str]]
    warnings: list[str]
    # The rows checked: the given ones, then the requested byes that were missing; each with
    # its result (a game given none has its board's result now, or pending).
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
    (added to the rows checked). A game with a result keeps its two players: a TD corrects a result,
    not the pairing of a game that was played (clear the result first to re-pair it). A round
    not paired yet is not paired while a round before it has no pairings
    (``ROUND_EARLIER_NOT_PAIRED``). Reads a
    constant number of queries (requested byes, players, earlier pairings, this round's
    pairings).
    """
    errors: list[tuple[int | None, str]] = []
    warnings: list[str] = []
    try:
        round_number_check(section=section, number=number)
    except ValidationError as error:
        return PairingsCheck([(None, m) for m in error.messages], [], list(rows))
    existing: dict[tuple[int, int | None], tuple[int | None, str]] = {
        (white, black): (board, result)
        for board, white, black, result in Pairing.objects.filter(
            round__section=section, round__number=number
        ).values_list("board", "white_id", "black_id", "result")
    }
    # A game given no result keeps its board's: the form that sent it shows none.
    rows = [
        row
        if row.result is not None
        else replace(
            row,
            result=existing.get((row.white, row.black), (None, Result.PENDING))[1],
        )
        for row in rows
    ]
    given = {r.white for r in rows} | {r.black for r in rows if r.black is not None}
    for player_id, kind in RequestedBye.objects.filter(
        player__section=section, round_number=number
    ).values_list("player_id", "kind"):
        if player_id not in given:
            rows.append(
                PairingInput(white=player_id, result=REQUESTED_BYE_RESULTS[kind])
            )
    ids = {r.white for r in rows} | {r.black for r in rows if r.black is not None}
    played = [
        (key, board, result)
        for key, (board, result) in existing.items()
        if key[1] is not None and result != Result.PENDING
    ]
    players = Player.objects.in_bulk(
        ids | {pk for key, *_ in played for pk in key if pk is not None}
    )
    kept = {(r.white, r.black) for r in rows}
    for (white, black), board, result in sorted(played, key=lambda p: p[1] or 0):
        if (white, black) in kept:
            continue
        # Shown on the row that now names one of the game's players, if there is one.
        at = next(
            (i for i, r in enumerate(rows) if {r.white, r.black} & {white, black}),
            None,
        )
        errors.append(
            (
                at,
                BOARD_HAS_RESULT.format(
                    board=board or "–",
                    white=players[white],
                    black=players[black],  # type: ignore[index]
                    result=Result(result).label,
                ),
            )
        )
    earlier = list(
        Pairing.objects.filter(round__section=section, round__number__lt=number)
        .order_by("round__number")
        .values_list("round__number", "white_id", "black_id", "result")
    )
    if rows and not existing:
        # Only a round paired anew: one paired before this check existed can still be
        # edited or emptied.
        paired_before = {r for r, *_ in earlier}
        unpaired = next((n for n in range(1, number) if n not in paired_before), None)
        if unpaired is not None:
            errors.append(
                (None, ROUND_EARLIER_NOT_PAIRED.format(earlier=unpaired, number=number))
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
        warnings += _left_out_warnings(number, rows, existing)
    return PairingsCheck(errors, warnings, rows)


def _left_out_warnings(
    number: int,
    rows: Sequence[PairingInput],
    existing: dict[tuple[int, int | None], tuple[int | None, str]],
) -> list[str]:
    """Players the round had a row for who are left out now, still in play: taking a board
    out (a player who left) takes the opponent's game too, and they would get nothing."""
    kept = {r.white for r in rows} | {r.black for r in rows if r.black is not None}
    had = {pk for key in existing for pk in key if pk is not None}
    return [
        WARN_LEFT_OUT.format(player=player, round=number)
        for player in Player.objects.filter(pk__in=had - kept).order_by("start_number")
        if player.withdrawn_after_round is None
        or player.withdrawn_after_round >= number
    ]


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
    requested: dict[int, str] = {}
    reasons: dict[int, str] = {}
    for player_id, kind, reason in RequestedBye.objects.filter(
        player__section=section, round_number=number
    ).values_list("player_id", "kind", "reason"):
        requested[player_id], reasons[player_id] = kind, reason
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
                or row.result
                not in (
                    REQUESTED_BYE_RESULTS[requested[pk]],
                    # A late entry's "not paired" stands as a zero-point request.
                    *((Result.NOT_PAIRED,) if requested[pk] == "zero" else ()),
                )
            ):
                reason = reasons[pk]
                warnings.append(
                    (
                        WARN_REQUESTED_BYE_PAIRED
                        if reason == RequestedBye.Reason.ASKED
                        else WARN_GIVEN_BYE_PAIRED
                    ).format(
                        player=players[pk],
                        kind=RequestedBye.Kind(requested[pk]).label.lower(),
                        round=number,
                        reason=RequestedBye.Reason(reason).label,
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
    based_on: str | None = None,
    confirm: bool = False,
    results_seen: str | None = None,
    confirm_later: bool | None = None,
) -> PairingsSaved:
    """Make ``rows`` the pairings of round ``number``, in one transaction; create the round.

    ``based_on`` is the ``selectors.round_pairings_version`` the caller's form was drawn from:
    if the round's pairings are another version now (another TD saved meanwhile), nothing is
    written and the error says so (``PAIRINGS_STALE``), as a stale result entry is refused.

    ``rows`` are checked by ``round_pairings_check`` (requested byes added). A round that has
    results keeps its games: only results may change then, each recorded as a
    ``ResultChange`` from ``source`` (the pairings page, the admin). A round that was not
    paired becomes a draft (``round_publish`` posts it); a posted round stays posted, complete
    when every row has a result. Raises ``ValidationError`` (sentences, each with
    ``params["row"]``) and writes nothing on any error; returns the round and the warnings.

    Rows that leave a round without any row take its pairings back as "Remove pairings" does
    (``round_pairings_take_back``): posted pairings only with ``confirm``
    (``ROUND_REMOVE_CONFIRM`` otherwise), and the section's log keeps it; ``results_seen``
    (the ``selectors.round_results_version`` the page showed) refuses it as Remove pairings
    does when results or check-mode entries were entered since (``ResultsEnteredSince``).
    Rows taken out that hold check-mode entries are treated alike: refused when entered since
    the page was drawn, and taken out only with ``confirm`` (``RemoveNeedsConfirm`` with
    ``ROUND_SAVE_CHECKS`` naming them otherwise).

    A save that changes anyone's points (a bye's kind, a row with points put in or taken out)
    after a later round was paired changes the scores that round was paired on: it is then
    flagged as paired on old scores and the section's log keeps the correction. From a page
    (``confirm_later`` not None) it needs ``confirm_later``, as a result corrected on the round
    page does (``LaterRoundsPaired`` names the later rounds otherwise, nothing written); None:
    a caller without a page (the admin, a script).
    """
    try:
        with transaction.atomic():
            # The locks before the checks: what they read (the round's results, who has
            # withdrawn, the section's number of rounds) stays true until this transaction
            # ends, whoever else writes. The section's lock first (the lock order of
            # round_lock): a withdrawal and a change of the section's rounds take it too.
            section_lock(section)
            # The number of rounds read afresh under that lock: another TD may have lowered
            # it since the caller's copy was read, and the round's row is made just below.
            section.rounds_total = Section.objects.values_list(
                "rounds_total", flat=True
            ).get(pk=section.pk)
            try:
                round_number_check(section=section, number=number)
            except ValidationError as error:
                raise _invalid([(None, m) for m in error.messages]) from None
            round_ = round_lock(section=section, number=number)
            section_open_check(section=section)
            check = round_pairings_check(section=section, number=number, rows=rows)
            now = round_pairings_version(section=section, number=number)
            asked = pairings_digest(
                (r.board, r.white, r.black, r.result) for r in check.rows
            )
            if not check.rows and not check.errors:
                # Every row emptied takes the pairings back: results entered since the page
                # was drawn are named, before the pairings' version, as Remove pairings does.
                round_results_seen_check(round_=round_, results_seen=results_seen)
            # The same save pressed twice finds its own first save: nothing to refuse then.
            if based_on is not None and based_on != now and asked != now:
                raise _invalid([(None, PAIRINGS_STALE.format(round=number))])
            if check.errors:
                raise _invalid(check.errors)
            rows = check.rows
            if not rows and (
                round_.status != Round.Status.NOT_PAIRED or round_.pairings.exists()
            ):
                round_pairings_take_back(round_=round_, confirm=confirm, user=user)
                return PairingsSaved(round_, [])
            existing = {
                (p.white_id, p.black_id): p
                for p in round_.pairings.select_related("white", "black")
            }
            wanted = {(r.white, r.black): r for r in rows}
            gone = [p for key, p in existing.items() if key not in wanted]
            gone_ids = {p.pk for p in gone}
            if gone_ids & set(
                round_.pairings.filter(result_check__isnull=False).values_list(
                    "pk", flat=True
                )
            ):
                # A check-mode entry goes with its row: never unseen (entered since the page
                # was drawn), and only once the TD confirms, as Remove pairings asks.
                round_results_seen_check(round_=round_, results_seen=results_seen)
                if not confirm:
                    round_checks_going_ask(
                        round_=round_,
                        asked=ROUND_SAVE_CHECKS.format(round=number),
                        pairing_ids=gone_ids,
                    )
            pairings_trail_keep(gone)
            Pairing.objects.filter(pk__in=[p.pk for p in gone]).delete()
            # Only rows whose board or result changes are written: a board the save keeps as
            # it is is not touched at all.
            moved = [
                p
                for key, p in existing.items()
                if key in wanted
                and (p.board, p.result) != (wanted[key].board, wanted[key].result)
            ]
            # Boards of moved rows are cleared first, so that two rows may swap boards.
            Pairing.objects.filter(pk__in=[p.pk for p in moved]).update(board=None)
            changes = []
            for old in moved:
                row = wanted[(old.white_id, old.black_id)]
                result = _result_of(row)
                if old.result != result:
                    changes.append(
                        ResultChange(
                            pairing=old,
                            round=round_,
                            old_result=old.result,
                            new_result=result,
                            changed_by=user,
                            source=source,
                        )
                    )
                old.board, old.result = row.board, result
            Pairing.objects.bulk_update(moved, ["board", "result"])
            ResultChange.objects.bulk_create(changes)
            added = [row for row in rows if (row.white, row.black) not in existing]
            made = Pairing.objects.bulk_create(
                Pairing(
                    round=round_,
                    board=row.board,
                    white_id=row.white,
                    black_id=row.black,
                    result=_result_of(row),
                )
                for row in added
            )
            # Points changed here (a result, or a row with points put in or taken out: a bye
            # added by hand, a bye removed) after a later round was paired: flagged and logged
            # as a correction from the round page is. A row put in had no points before it,
            # a row taken out has none after it.
            scored = [
                (change.pairing, change.old_result, change.new_result)
                for change in changes
                if change.pairing is not None  # a kept board: it stays
            ]
            scored += [(p, p.result, Result.PENDING) for p in gone]
            scored += [(p, Result.PENDING, p.result) for p in made]
            scored = [(p, old, new) for p, old, new in scored if old != new]
            later = later_rounds_paired(round_id=round_.pk) if scored else []
            if later and confirm_later is False:
                # Asked after the rows were worked out (only they say whose points change);
                # the raise rolls back every write above.
                raise LaterRoundsPaired(
                    later_rounds_message(number=number, later=later), later=later
                )
            if later:
                result_corrections_record(
                    round_=round_, changes=scored, later=later, user=user
                )
            if round_.status in (Round.Status.PAIRED, Round.Status.COMPLETE) and (
                gone or added
            ):
                _posted_change_log(round_=round_, gone=gone, added=added, user=user)
            round_.status = _status_after_pairing(round_.status, rows)
            round_.save(update_fields=["status"])
    except IntegrityError:
        # The checks above leave only a race for the database to refuse: another TD saved
        # this round's pairings at the same moment.
        raise ValidationError(PAIRINGS_RACE.format(round=number)) from None
    return PairingsSaved(round_, check.warnings)


def _posted_change_log(
    *,
    round_: Round,
    gone: Sequence[Pairing],
    added: Sequence[PairingInput],
    user: Any,
) -> None:
    """Keep in the section's log the rows a save took out of posted pairings and put in: the
    players may have seen the pairings, so their change is kept as their removal is."""
    players = Player.objects.in_bulk(
        {pk for row in added for pk in (row.white, row.black) if pk is not None}
    )

    def label(
        board: int | None, white: Player, black: Player | None, result: str
    ) -> str:
        if black is None:
            return f"{white} ({Result(result).label})"
        return f"board {board or '–'} ({white} – {black})"

    out = [label(p.board, p.white, p.black, p.result) for p in gone]
    put = [
        label(
            r.board,
            players[r.white],
            players[r.black] if r.black is not None else None,
            _result_of(r),
        )
        for r in added
    ]
    detail = f"Round {round_.number}: posted pairings changed by hand."
    if out:
        detail += f" Taken out: {', '.join(out)}."
    if put:
        detail += f" Put in: {', '.join(put)}."
    SectionEvent.objects.create(
        section_id=round_.section_id,
        kind=SectionEvent.Kind.PAIRINGS_CHANGED,
        round_number=round_.number,
        detail=detail,
        user=user,
    )


def _result_of(row: PairingInput) -> str:
    """A checked row's result (``round_pairings_check`` gives every row one)."""
    return row.result or Result.PENDING


def pairings_trail_keep(gone: Sequence[Pairing]) -> None:
    """Write the board and players into the result changes of pairings about to be taken out:
    the round's history keeps them (the audit trail is never deleted). One UPDATE for all."""
    if not gone:
        return
    boards, players = [], []
    for pairing in gone:
        label = f"{pairing.white.start_number} {pairing.white.name}"
        if pairing.black is not None:
            label += f" – {pairing.black.start_number} {pairing.black.name}"
        boards.append(When(pairing_id=pairing.pk, then=Value(pairing.board)))
        players.append(When(pairing_id=pairing.pk, then=Value(label[:250])))
    ResultChange.objects.filter(pairing__in=[p.pk for p in gone]).update(
        board=Case(
            *boards, default=F("board"), output_field=models.PositiveSmallIntegerField()
        ),
        players=Case(*players, default=F("players"), output_field=models.CharField()),
    )


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

    The whole round is checked and saved by ``round_pairings_save``. The other rows are read
    under the round's locks (``_round_locks``), as they are when saved.
    """
    with transaction.atomic():
        _round_locks(round_)
        return round_pairings_save(
            section=round_.section,
            number=round_.number,
            rows=_round_rows_with(round_, pairing, row),
            user=user,
            source=source,
        )


def _round_locks(round_: Round) -> None:
    """The locks ``round_pairings_save`` takes (the section's, then the round's), taken before
    a one-row change reads the round's other rows: read before them, a result another TD
    entered meanwhile would be saved back as it was, undone without a word."""
    section_lock(round_.section)
    round_lock(round_id=round_.pk)


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


def pairing_delete(
    *,
    pairing: Pairing,
    user: Any = None,
    based_on: str | None = None,
    results_seen: str | None = None,
    confirm: bool = False,
) -> PairingsSaved:
    """Take one pairing out of its round; the round's other rows stay (and are checked), read
    under the round's locks (``_round_locks``).

    ``based_on`` and ``results_seen``: the ``selectors.round_pairings_version`` and
    ``selectors.round_results_version`` of the page that asked (the admin's delete page), as
    ``round_pairings_save`` takes them: a bye's kind entered since (``PAIRINGS_STALE``) or a
    check-mode entry entered since on the row (``ResultsEnteredSince``) is not thrown away
    unseen. ``confirm``: the page showed the row's check-mode entry going with it."""
    round_ = Round.objects.select_related("section").get(pk=pairing.round_id)
    with transaction.atomic():
        _round_locks(round_)
        rows = [
            PairingInput(white=w, black=b, board=board, result=result)
            for board, w, b, result in Pairing.objects.filter(round=round_)
            .exclude(pk=pairing.pk)
            .values_list("board", "white_id", "black_id", "result")
        ]
        return round_pairings_save(
            section=round_.section,
            number=round_.number,
            rows=rows,
            user=user,
            based_on=based_on,
            results_seen=results_seen,
            confirm=confirm,
        )
