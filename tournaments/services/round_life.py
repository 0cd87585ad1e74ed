"""A round's and a section's life beyond entering pairings and results: a final section locked and
reopened with a reason, a round's pairings taken back, check mode's differences settled before the
next round is posted, an earlier round corrected after a later one was paired. Each step is kept
in the section's log (``SectionEvent``)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from fractions import Fraction
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from standings.engine import ScoringSystem
from tournaments.models import (
    Pairing,
    Result,
    Round,
    Section,
    SectionEvent,
    TeamMatch,
)
from tournaments.results import outcomes, section_scoring
from tournaments.selectors import (
    round_bye_kinds_changed,
    round_check_differences,
    round_pairings_changed,
    round_results_entered,
    round_results_version,
    round_scores_before,
    section_default_tiebreaks,
    section_tiebreaks_posted,
)
from tournaments.services.common import (
    round_lock,
    section_lock,
    section_open_check,
)
from tournaments.services.setup import tournament_status_refresh
from tournaments.services.tiebreaks import section_tiebreaks_post
from tournaments.validators import no_control_characters_but_lines

REOPEN_REASON = (
    "Say why the section is reopened: the reason is kept and shown with its standings."
)
ROUND_REMOVE_NOTHING = "Round {round} has no pairings to remove."
ROUND_REMOVE_HAS_RESULTS = (
    "Round {round} has results, so its pairings cannot be removed: set its results back to "
    "not played first."
)
ROUND_REMOVE_LATER = "Round {later} is paired: remove its pairings first."
ROUND_PAIRINGS_CHANGED = (
    "Round {round}'s pairings were changed by someone else after you opened this page (paired "
    "again, edited or posted): nothing was changed. Check the round as it is now."
)
# A bye's kind is part of the pairings a page shows, and a result entry may change it: a press
# refused for that alone says what changed, not "paired again, edited or posted".
ROUND_BYE_KIND_CHANGED = (
    "Round {round}: {player}'s bye was changed from {old} to {new} after you opened this page: "
    "nothing was changed. Check the round as it is now."
)
ROUND_REMOVE_CONFIRM = (
    "Round {round}'s pairings are posted: the players may have seen them. Confirm to take them "
    "back."
)
ADMIN_ROUND_EMPTIED = (
    "Round {round} would have no pairings left: take them back with Remove pairings on the "
    "round's page (it asks first when they are posted, and keeps it in the section's log)."
)
# The admin shows no check-mode entry: a save there that takes rows holding them out of a round
# would throw them away unseen, so it sends the TD to the page that names them and asks.
ADMIN_ROUND_CHECKS = (
    "Saving takes rows with check entries out of round {round}'s pairings ({entries}): "
    "nothing was saved. Take them out with Edit pairings on the round's page, which names "
    "them and asks first."
)
ROUND_REMOVE_BYES = "Taken back with them: {rows}."
# A press that takes back check-mode entries from a page drawn after they were made (so not
# refused as entered since) still asks first, naming them with ROUND_REMOVE_BYES: they are a
# second TD's work, and posted pairings' own question names them too.
ROUND_REPAIR_CHECKS = (
    "Pairing round {round} again takes back its pairings. Confirm to pair it again."
)
ROUND_SAVE_CHECKS = "Saving takes rows with check entries out of round {round}'s pairings. Confirm to save."
ROUND_REMOVE_RESULTS_ENTERED = (
    "Results were entered in round {round} after you opened this page: {rows}. Nothing was "
    "removed."
)
ROUND_REMOVE_RESULTS_STAND = "Its pairings cannot be removed while it has results: set them back to not played first."
ROUND_REMOVE_CHECKS_WOULD_GO = (
    "Removing its pairings would throw these check entries away: check the round as it is "
    "now, and remove its pairings again if they should go."
)


class RemoveNeedsConfirm(ValidationError):
    """Posted pairings are taken back only once the TD confirms (the message asks)."""


CHECK_DIFFERS = (
    "Round {round} has {n} board{s} where the check entry differs from the result "
    "({boards}): settle them on round {round}'s page, or override with a reason."
)
ROUND_PUBLISH_NO_ORDER = (
    "Post {section}'s tiebreak order before posting round 1: players are told it before "
    "round one (US Chess 34). Post it on the Tiebreaks page, or post the section's default "
    "with the pairings."
)
ROUND_PAIR_ORDER_POSTED = "{section}'s default tiebreak order was posted: {order}."
LATER_ROUND_PAIRED = (
    "{Rounds} {was} paired on the old scores: changing this round {earlier} result "
    "changes the scores {those} pairings rest on. Confirm to change it; {rounds} will be "
    "marked as paired on old scores while the scores differ from those {it_was} paired on."
)


def section_final_set(
    *, section: Section, final: bool, reason: str = "", user: Any = None
) -> Section:
    """Mark a section's results final (they are locked) or reopen it with a reason.

    Reopening a final section needs a reason: it is kept in the section's log and shown on its
    public pages. Marking final or reopening what already is so changes nothing.
    """
    reason = reason.strip()
    no_control_characters_but_lines(reason)
    with transaction.atomic():
        locked = Section.objects.select_for_update(no_key=True).get(pk=section.pk)
        if locked.is_final != final:
            if not final and not reason:
                raise ValidationError(REOPEN_REASON)
            locked.is_final = final
            locked.save(update_fields=["is_final"])
            SectionEvent.objects.create(
                section=locked,
                kind=SectionEvent.Kind.FINAL if final else SectionEvent.Kind.REOPENED,
                reason=reason,
                detail="Results marked final."
                if final
                else "Results reopened after being marked final.",
                user=user,
            )
            tournament_status_refresh(tournament_id=locked.tournament_id)
    section.is_final = final
    return section


def round_pairings_changed_message(*, round_: Round, based_on: str | None) -> str:
    """Why a press from a page showing the ``based_on`` pairings is refused: the bye whose
    kind changed since, when that is all, or ``ROUND_PAIRINGS_CHANGED``."""
    for bye, old in round_bye_kinds_changed(round_id=round_.pk, based_on=based_on):
        return ROUND_BYE_KIND_CHANGED.format(
            round=round_.number,
            player=f"{bye.white.start_number}. {bye.white.name}",
            old=Result(old).label.lower(),
            new=Result(bye.result).label.lower(),
        )
    return ROUND_PAIRINGS_CHANGED.format(round=round_.number)


def round_pairings_remove(
    *,
    round_: Round,
    confirm: bool = False,
    user: Any = None,
    based_on: str | None = None,
    results_seen: str | None = None,
) -> int:
    """Take back a round's pairings: the round is not paired again, its check-in and requested
    byes open. Returns how many rows were removed.

    A draft goes at once; posted pairings with no result yet need ``confirm``; a round with a
    result, or with a later round paired, is refused. Kept in the section's log.
    ``based_on``: the ``selectors.round_pairings_version`` the TD's page showed; pairings
    another TD changed since are not taken back unseen (``ROUND_PAIRINGS_CHANGED``), and a
    round left with none is answered as removed (0).
    ``results_seen``: the ``selectors.round_results_version`` the TD's page showed; results or
    check-mode entries entered since (another TD, the results page) are never thrown away
    unseen: refused with ``ROUND_REMOVE_RESULTS_ENTERED``, naming each, and nothing changes.
    """
    with transaction.atomic():
        # The round's one write lock (``round_lock``): a result entered or a pairings save of
        # this round waits, or this waits for them, and nothing is checked before it.
        round_ = round_lock(round_id=round_.pk)
        section_open_check(section=round_.section_id)
        rows = list(round_.pairings.values_list("board", "black_id", "result"))
        number = round_.number
        if not rows and round_.status == Round.Status.NOT_PAIRED:
            if based_on:
                # Taken back already, after the TD's page showed pairings: the confirmation
                # pressed twice (its first answer lost), or another TD removed them. What the
                # TD asked for holds; nothing to change, and no error.
                return 0
            raise ValidationError(ROUND_REMOVE_NOTHING.format(round=number))
        # Before the pairings' version: a bye's kind entered as a result is both, and this
        # says what was entered.
        round_results_seen_check(round_=round_, results_seen=results_seen)
        if round_pairings_changed(
            section=round_.section, number=number, based_on=based_on
        ):
            raise ValidationError(
                round_pairings_changed_message(round_=round_, based_on=based_on)
            )
        removed = round_pairings_take_back(round_=round_, confirm=confirm, user=user)
    return removed


class ResultsEnteredSince(ValidationError):
    """Results or check-mode entries were entered after the TD's page was drawn: taking the
    round's pairings back from it would throw them away unseen."""


def round_results_seen_check(*, round_: Round, results_seen: str | None) -> None:
    """Refuse taking back ``round_``'s pairings (under the caller's ``round_lock``) from a page
    whose ``selectors.round_results_version`` was ``results_seen`` when results or check-mode
    entries were entered since: ``ResultsEnteredSince`` with ``ROUND_REMOVE_RESULTS_ENTERED``,
    naming each. Every way of taking them back goes through it (Remove pairings, Pair again on
    the present scores, every row of the Edit pairings page emptied); ``None``: a caller
    without a page (the admin, a script)."""
    if results_seen is None:
        return
    entered = round_results_entered(round_id=round_.pk)
    if entered and results_seen != round_results_version(
        round_id=round_.pk, entered=entered
    ):
        raise ResultsEnteredSince(_results_entered_message(round_.number, entered))


def _entered_text(row: Pairing) -> str:
    """One row of ``selectors.round_results_entered`` as the TD reads it: "board 3 (1. Ann Lee
    – 4. Di Fox) 1-0, check entry ½-½"."""
    who = f"{row.white} – {row.black}" if row.black_id else str(row.white)
    said = (
        [Result(row.result).label]
        if row.black_id and row.result != Result.PENDING
        else []
    )
    check = getattr(row, "check_result", None)
    if check:
        said.append(f"check entry {Result(check).label}")
    where = f"board {row.board} ({who})" if row.board else who
    return f"{where} {', '.join(said)}"


def _results_entered_message(number: int, entered: Sequence[Pairing]) -> str:
    """``ROUND_REMOVE_RESULTS_ENTERED`` naming ``entered``, and what the TD can do now."""
    text = ROUND_REMOVE_RESULTS_ENTERED.format(
        round=number, rows="; ".join(_entered_text(p) for p in entered)
    )
    games = any(p.black_id and p.result != Result.PENDING for p in entered)
    return f"{text} {ROUND_REMOVE_RESULTS_STAND if games else ROUND_REMOVE_CHECKS_WOULD_GO}"


def round_check_entries_named(
    *, round_: Round, pairing_ids: Collection[int] | None = None
) -> list[str]:
    """The round's check-mode entries (on ``pairing_ids`` only, when given) as a question
    names them: "the check entry on board 2 (½-½)"."""
    return [
        f"the check entry {f'on board {p.board}' if p.board else f'for {p.white}'} "
        f"({Result(check).label})"
        for p in round_results_entered(round_id=round_.pk)
        if (check := getattr(p, "check_result", None))
        and (pairing_ids is None or p.pk in pairing_ids)
    ]


def round_checks_going_ask(
    *, round_: Round, asked: str, pairing_ids: Collection[int] | None = None
) -> None:
    """Ask (``RemoveNeedsConfirm``: ``asked`` and the entries named) before check-mode entries
    of ``round_`` (on ``pairing_ids``) are taken back with their rows; nothing when none."""
    named = round_check_entries_named(round_=round_, pairing_ids=pairing_ids)
    if named:
        raise RemoveNeedsConfirm(
            f"{asked} {ROUND_REMOVE_BYES.format(rows=', '.join(named))}"
        )


def round_pairings_take_back(*, round_: Round, confirm: bool, user: Any = None) -> int:
    """Delete a round's pairings (under the caller's ``round_lock``, with the section open and
    the pairings the TD saw checked): refused when a later round is paired or a game has a
    result; posted pairings need ``confirm``. The round is not paired again, and the section's
    log keeps what was removed. Returns how many rows were removed.

    ``round_pairings_remove`` and a pairings save that leaves a round without a row both come
    here, so emptying a round asks and is logged the same way whichever page does it."""
    rows = list(round_.pairings.values_list("board", "black_id", "result"))
    number = round_.number
    later = (
        Round.objects.filter(section_id=round_.section_id, number__gt=number)
        .exclude(status=Round.Status.NOT_PAIRED, pairings__isnull=True)
        .order_by("number")
        .values_list("number", flat=True)
        .first()
    )
    if later is not None:
        raise ValidationError(ROUND_REMOVE_LATER.format(later=later))
    if any(black is not None and r != Result.PENDING for _b, black, r in rows):
        raise ValidationError(ROUND_REMOVE_HAS_RESULTS.format(round=number))
    posted = round_.status in (Round.Status.PAIRED, Round.Status.COMPLETE)
    if posted and not confirm:
        asked = ROUND_REMOVE_CONFIRM.format(round=number)
        # A bye's point is a result as well: the question names every one that would go.
        points = [
            f"{p.white} ({p.get_result_display()})"
            for p in round_.pairings.filter(black__isnull=True)
            .exclude(result=Result.NOT_PAIRED)
            .select_related("white")
            .order_by("white__start_number")
        ]
        # So is a check-mode entry: it goes with its board.
        points += round_check_entries_named(round_=round_)
        if points:
            asked += " " + ROUND_REMOVE_BYES.format(rows=", ".join(points))
        raise RemoveNeedsConfirm(asked)
    games = sum(1 for _b, black, _r in rows if black is not None)
    Pairing.objects.filter(round=round_).delete()
    # A team section's matches go with their boards: left behind, the team pages list them
    # with no board, and pairing the round again meets them (each team once per round).
    TeamMatch.objects.filter(round=round_).delete()
    # The round keeps ``pair_key``: the Pair press that made these pairings, sent again,
    # is told they were removed instead of pairing the round behind the TD's back.
    round_.status = Round.Status.NOT_PAIRED
    round_.pairing_notes = []
    round_.paired_on_old_scores, round_.paired_scores = False, None
    round_.save(
        update_fields=[
            "status",
            "pairing_notes",
            "paired_on_old_scores",
            "paired_scores",
        ]
    )
    SectionEvent.objects.create(
        section_id=round_.section_id,
        kind=SectionEvent.Kind.PAIRINGS_REMOVED,
        round_number=number,
        detail=f"Round {number}: {'posted' if posted else 'draft'} pairings "
        f"removed ({games} board{_s(games)}, {len(rows) - games} without a board).",
        user=user,
    )
    tournament_status_refresh(tournament_id=round_.section.tournament_id)
    return len(rows)


def round_post_check(
    *, section: Section, number: int, override: str = "", user: Any = None
) -> None:
    """Before round ``number`` is posted: the previous round's check-mode differences must be
    settled, or overridden with a reason (kept in the section's log)."""
    if number <= 1:
        return
    boards = round_check_differences(section=section, number=number - 1)
    if not boards:
        return
    no_control_characters_but_lines(override)
    if not override.strip():
        raise ValidationError(
            CHECK_DIFFERS.format(
                round=number - 1,
                n=len(boards),
                s=_s(len(boards)),
                boards=", ".join(str(b or "–") for b in boards),
            )
        )
    SectionEvent.objects.create(
        section=section,
        kind=SectionEvent.Kind.CHECK_OVERRIDE,
        round_number=number,
        reason=override.strip(),
        detail=f"Round {number} posted with {len(boards)} check difference"
        f"{_s(len(boards))} left in round {number - 1} (board"
        f"{_s(len(boards))} {', '.join(str(b or '–') for b in boards)}).",
        user=user,
    )


def later_rounds_message(*, number: int, later: list[int]) -> str:
    rounds = _rounds_text(later)
    return LATER_ROUND_PAIRED.format(
        Rounds=rounds[0].upper() + rounds[1:],
        rounds=rounds,
        was="was" if len(later) == 1 else "were",
        earlier=number,
        those="its" if len(later) == 1 else "their",
        it_was="it was" if len(later) == 1 else "they were",
    )


def result_corrections_record(
    *,
    round_: Round,
    changes: Sequence[tuple[Pairing, str, str]],
    later: list[int],
    user: Any = None,
) -> None:
    """After results of ``round_`` changed (each ``(pairing, old, new)``, already written) with
    ``later`` rounds paired: keep each correction in the section's log, and flag each later round
    as paired on old scores exactly when the scores its pairings used differ from the scores now
    (``Round.paired_scores``): a correction taken back clears the flag, and the log says so.

    A row put in by hand (a bye added) is a change from "not yet played", a row taken out one
    to it; such a row without points (not paired, a zero-point bye) changes no score and is
    left out."""
    scoring = section_scoring(Section.objects.get(pk=round_.section_id))
    changes = [
        (pairing, old, new)
        for pairing, old, new in changes
        if pairing.black_id is not None
        or Result.PENDING not in (old, new)
        or _points(scoring, old) != _points(scoring, new)
    ]
    if not changes:
        return
    back = _paired_scores_refresh(round_=round_, changes=changes, later=later)
    after = (
        f"after {_rounds_text(later)} {'was' if len(later) == 1 else 'were'} paired."
    )
    for i, (pairing, old, new) in enumerate(changes):
        if pairing.black_id is None and old == Result.PENDING:
            what = f"{pairing.white}: {Result(new).label} put in"
        elif pairing.black_id is None and new == Result.PENDING:
            what = f"{pairing.white}: {Result(old).label} taken out"
        else:
            what = (
                f"board {pairing.board or '–'}: "
                f"{Result(old).label} changed to {Result(new).label}"
            )
        detail = f"Round {round_.number}, {what} {after}"
        if back and i == len(changes) - 1:
            rounds = _rounds_text(back)
            detail += (
                f" {rounds[0].upper()}{rounds[1:]} "
                f"{'rests' if len(back) == 1 else 'rest'} again on the scores "
                f"{'it was' if len(back) == 1 else 'they were'} paired on."
            )
        SectionEvent.objects.create(
            section_id=round_.section_id,
            kind=SectionEvent.Kind.CORRECTION,
            round_number=round_.number,
            detail=detail,
            user=user,
        )


def _paired_scores_refresh(
    *, round_: Round, changes: Sequence[tuple[Pairing, str, str]], later: list[int]
) -> list[int]:
    """Set each later round's ``paired_on_old_scores`` from the scores its pairings used and the
    scores now; return the rounds whose flag this cleared.

    A round not flagged yet keeps, at this first correction, the scores before ``changes``: the
    scores it was paired on. A round flagged before its scores were kept stays flagged (what
    they were is unknown) until it is paired again. The later rounds are locked first, in order:
    two TDs correcting two earlier rounds at once then each read the other's correction.
    """
    section = Section.objects.get(pk=round_.section_id)
    scoring = section_scoring(section)
    back = []
    for later_round in (
        Round.objects.select_for_update()
        .filter(section=section, number__in=later)
        .order_by("number")
    ):
        was = later_round.paired_on_old_scores
        if later_round.paired_scores is None:
            if was:
                continue
            players = {
                pk
                for pair in later_round.pairings.values_list("white_id", "black_id")
                for pk in pair
                if pk is not None
            }
            scores = {
                pk: Fraction(score)
                for pk, score in round_scores_before(
                    section=section, number=later_round.number, players=players
                ).items()
            }
            for pairing, old, new in changes:  # taken back: the scores before them
                for pk, undone, done in zip(
                    (pairing.white_id, pairing.black_id),
                    _points(scoring, old),
                    _points(scoring, new),
                    strict=True,
                ):
                    if pk in scores:
                        scores[pk] += undone - done
            later_round.paired_scores = {
                str(pk): str(score) for pk, score in scores.items()
            }
        used = {int(pk): score for pk, score in later_round.paired_scores.items()}
        later_round.paired_on_old_scores = used != round_scores_before(
            section=section, number=later_round.number, players=used
        )
        later_round.save(update_fields=["paired_scores", "paired_on_old_scores"])
        if was and not later_round.paired_on_old_scores:
            back.append(later_round.number)
    return back


def _points(scoring: ScoringSystem, result: str) -> tuple[Fraction, Fraction]:
    """White's and black's points for a stored result (nothing for a game not yet played)."""
    if result == Result.PENDING:
        return Fraction(0), Fraction(0)
    white, black = outcomes(result)
    return scoring.points(white), scoring.points(black) if black else Fraction(0)


def _rounds_text(numbers: list[int]) -> str:
    if len(numbers) == 1:
        return f"round {numbers[0]}"
    return "rounds " + ", ".join(map(str, numbers[:-1])) + f" and {numbers[-1]}"


def _s(n: int) -> str:
    return "" if n == 1 else "s"


def section_default_order_post(*, section: Section, user: Any = None) -> str:
    """Post the section's default tiebreak order (the TD asked for it with round 1's pairings);
    kept in the section's log. Returns the sentence saying so."""
    order = section_default_tiebreaks(section.kind)
    section_tiebreaks_post(section=section, order=order, user=user)
    SectionEvent.objects.create(
        section=section,
        kind=SectionEvent.Kind.ORDER_POSTED,
        round_number=1,
        detail=f"Default tiebreak order posted with round 1's pairings: {order}.",
        user=user,
    )
    return ROUND_PAIR_ORDER_POSTED.format(section=section.name, order=order)


def round_one_order_check(
    *, section: Section, post_default_order: bool, user: Any = None
) -> str:
    """Round 1 is posted only with a posted tiebreak order: refused, or the default posted now
    (``post_default_order``). Returns the note saying the default was posted, or ""."""
    if section_tiebreaks_posted(section):
        return ""
    if not post_default_order:
        raise ValidationError(ROUND_PUBLISH_NO_ORDER.format(section=section.name))
    return section_default_order_post(section=section, user=user)


ROUND_NOT_DRAFT = "Round {round} has no pairings waiting to be posted."
ROUND_PUBLISH_STALE = (
    "Round {round}'s draft pairings were changed by someone else after you opened this page "
    "(paired again, or edited): nothing was posted. Check the pairings as they are now, then "
    "post them."
)
ROUND_EMPTY = "Round {round} has no pairings to post."


def round_publish(
    *,
    round_: Round,
    user: Any = None,
    override: str = "",
    post_default_order: bool = False,
    based_on: str | None = None,
) -> Round:
    """Post a draft round's pairings for the players (DRAFT -> PAIRED).

    ``based_on``: the ``selectors.round_pairings_version`` of the draft the TD's page showed;
    a draft changed since (another TD paired it again or edited it) is not posted unseen, and
    those very pairings posted already are answered as posted (the button pressed twice).

    Check mode's differences in the round before must be settled first, or overridden with a
    reason (``round_post_check``). Round 1 needs a posted tiebreak order, or
    ``post_default_order`` posts the section's default with it (``round_one_order_check``).
    """
    with transaction.atomic():
        # The section's lock before the round's (round_lock's order): posting round 1 with
        # the default order posts it under the section's lock, and a writer keeping the
        # order (a pairings save of this round) would otherwise deadlock with this one.
        section_lock(round_.section)
        round_ = round_lock(round_id=round_.pk)
        if (
            round_.status in (Round.Status.PAIRED, Round.Status.COMPLETE)
            and based_on
            and not round_pairings_changed(
                section=round_.section, number=round_.number, based_on=based_on
            )
        ):
            # Posted already, as the TD's page showed them: the button pressed twice (its
            # first answer lost), or another TD posted them. Nothing to change, no error.
            return round_
        section_open_check(section=round_.section_id)
        if round_.status != Round.Status.DRAFT:
            raise ValidationError(ROUND_NOT_DRAFT.format(round=round_.number))
        pairings = list(round_.pairings.values_list("result", flat=True))
        if not pairings:
            raise ValidationError(ROUND_EMPTY.format(round=round_.number))
        if round_pairings_changed(
            section=round_.section, number=round_.number, based_on=based_on
        ):
            raise ValidationError(ROUND_PUBLISH_STALE.format(round=round_.number))
        round_post_check(
            section=round_.section, number=round_.number, override=override, user=user
        )
        if round_.number == 1:
            note = round_one_order_check(
                section=round_.section,
                post_default_order=post_default_order,
                user=user,
            )
            if note:
                round_.pairing_notes = [note, *round_.pairing_notes]
                round_.save(update_fields=["pairing_notes"])
        round_.status = (
            Round.Status.PAIRED if Result.PENDING in pairings else Round.Status.COMPLETE
        )
        round_.save(update_fields=["status"])
        tournament_status_refresh(tournament_id=round_.section.tournament_id)
    return round_
