"""Results of a posted round: one board at a time with an audit trail and a compare-and-set against
another TD's entry, and check mode's blind second entry."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Exists, OuterRef, Subquery
from django.utils import timezone

from tournaments.models import (
    TWO_PLAYER_RESULTS,
    Pairing,
    Result,
    ResultChange,
    ResultCheck,
    Round,
)
from tournaments.selectors import later_rounds_paired
from tournaments.services.common import SECTION_FINAL, round_lock, section_open_check
from tournaments.services.round_life import (
    later_rounds_message,
    result_corrections_record,
)

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
RESULT_BYE_ROW = (
    "{player} has no game in round {round}: {bye}. There is no result to enter: a bye is "
    "changed on the round's Pairings page (or as a requested bye before the round is "
    "paired). Nothing was changed."
)
PAIRING_GONE = (
    "This board is no longer in the round: its pairings were changed. Reload the round."
)
CHECK_PENDING = "Enter a result to check, not “not yet played”."


class LaterRoundsPaired(ValidationError):
    """A result of an earlier round would change after ``later`` rounds were paired on it."""

    def __init__(self, message: str, *, later: list[int]) -> None:
        super().__init__(message)
        self.later = later


class ResultConflict(ValidationError):
    """The result changed since the form was drawn: ``current`` is what the board holds now."""

    def __init__(self, message: str, *, current: str) -> None:
        super().__init__(message)
        self.current = current


def result_bye_row_message(pairing: Pairing) -> str:
    """The refusal of a result for a row without a game (a bye, or a player not paired): its
    points come from its kind, changed with the round's pairings, never with result buttons."""
    return RESULT_BYE_ROW.format(
        player=pairing.white.name,
        round=pairing.round.number,
        bye=pairing.get_result_display().lower(),
    )


def result_record(
    *,
    pairing: Pairing,
    result: str,
    based_on: str,
    user: Any = None,
    source: str = "entry",
    confirm_later: bool = False,
) -> Pairing:
    """Set a board's result and record the change (old, new, who, when, source).

    ``based_on`` is the result the caller's form showed: if the board holds another one now
    (another TD entered it meanwhile), nothing is written and ``ResultConflict`` says what it
    is and who set it; if it holds ``result`` already (the same post sent twice, its first
    answer lost), nothing is written and that is no error. Writes in a constant number of
    queries whatever the round's size.

    A section marked final refuses. A change after a later round was paired needs
    ``confirm_later`` (``LaterRoundsPaired`` names those rounds otherwise); the later rounds are
    then flagged as paired on old scores and the correction goes into the section's log.
    """
    if pairing.black_id is None:
        raise ValidationError(result_bye_row_message(pairing))
    if result not in Result.values:
        raise ValidationError(
            RESULT_NOT_FOR_PAIRING.format(result=result, pairing=pairing)
        )
    if result not in TWO_PLAYER_RESULTS:
        raise ValidationError(
            RESULT_NOT_FOR_PAIRING.format(result=Result(result).label, pairing=pairing)
        )
    with transaction.atomic():
        # The round's lock first, then its state read afresh: a pairings save of this round
        # waits for this entry (or this entry for it) and never works from a stale check.
        round_ = round_lock(round_id=pairing.round_id)
        number, status_now = round_.number, round_.status
        # One read: whether the section is final, whether a later round is paired, and the
        # result the board holds now.
        section_name, final, later_paired, current = (
            Round.objects.annotate(
                later_paired=Exists(
                    Pairing.objects.filter(
                        round__section=OuterRef("section"),
                        round__number__gt=OuterRef("number"),
                    )
                ),
                current=Subquery(
                    Pairing.objects.filter(pk=pairing.pk, round=OuterRef("pk")).values(
                        "result"
                    )[:1]
                ),
            )
            .values_list(
                "section__name", "section__is_final", "later_paired", "current"
            )
            .get(pk=round_.pk)
        )
        if final:
            raise ValidationError(SECTION_FINAL.format(section=section_name))
        if status_now in (Round.Status.NOT_PAIRED, Round.Status.DRAFT):
            raise ValidationError(RESULT_ROUND_NOT_POSTED.format(round=number))
        if current is None:
            raise ValidationError(PAIRING_GONE)
        if current == result:
            # The board holds this result already: the same button pressed twice (the first
            # answer lost on the way back), or another TD entered the same. Nothing to change,
            # nothing to ask about later rounds, and no conflict to report.
            pairing.result = result
            return pairing
        later = (
            later_rounds_paired(round_id=round_.pk)
            if later_paired and result != based_on
            else []
        )
        if later and not confirm_later:
            raise LaterRoundsPaired(
                later_rounds_message(number=number, later=later), later=later
            )
        # The compare-and-set is one UPDATE: of two TDs posting at once, one changes the row.
        updated = Pairing.objects.filter(pk=pairing.pk, result=based_on).update(
            result=result
        )
        if not updated:
            if not Pairing.objects.filter(pk=pairing.pk).exists():
                raise ValidationError(PAIRING_GONE)
            raise _conflict(pairing)
        if result != based_on:
            ResultChange.objects.create(
                pairing=pairing,
                round=round_,
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
        if later:
            result_corrections_record(
                round_=round_,
                changes=[(pairing, based_on, result)],
                later=later,
                user=user,
            )
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
    """A second TD's blind entry of a board's result (check mode): one per board, the last wins.

    Only on posted pairings, as a result is (``RESULT_ROUND_NOT_POSTED``): check mode enters
    again what the score sheets of games played say, and a draft's games are not played yet
    (its boards may still change, or go)."""
    if pairing.black_id is None:
        raise ValidationError(result_bye_row_message(pairing))
    if result == Result.PENDING:
        raise ValidationError(CHECK_PENDING)
    if result not in TWO_PLAYER_RESULTS:
        raise ValidationError(
            RESULT_NOT_FOR_PAIRING.format(
                result=Result(result).label if result in Result.values else result,
                pairing=pairing,
            )
        )
    with transaction.atomic():
        round_ = round_lock(round_id=pairing.round_id)
        section_open_check(round_id=pairing.round_id)
        if round_.status in (Round.Status.NOT_PAIRED, Round.Status.DRAFT):
            raise ValidationError(RESULT_ROUND_NOT_POSTED.format(round=round_.number))
        if not Pairing.objects.filter(pk=pairing.pk).exists():
            raise ValidationError(PAIRING_GONE)
        check, _ = ResultCheck.objects.update_or_create(
            pairing=pairing, defaults={"result": result, "entered_by": user}
        )
    return check
