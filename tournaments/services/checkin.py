"""Check-in at the door before a round: players in or out, and closing it for those who did not come."""

from __future__ import annotations

from typing import NamedTuple

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import models, transaction

from tournaments.models import (
    CheckIn,
    Pairing,
    Player,
    RequestedBye,
    Result,
    Round,
    Section,
    SectionEvent,
)
from tournaments.selectors import checkin_expected, posted_rounds
from tournaments.services.common import section_lock
from tournaments.services.players import player_withdraw

CHECKIN_ROUND_RANGE = (
    "Round {round} is not a round of this section (rounds 1 to {rounds})."
)
CHECKIN_ROUND_PAIRED = "Round {round} is posted: check-in for it is closed."
CHECKIN_WITHDRAWN = (
    "{player} withdrew after round {last} and is not expected in round {round}."
)
CHECKIN_DRAFT_LEFT_OUT = (
    "Round {round}'s draft pairings, made before {player} checked in, {why}: nothing was saved. "
    "Remove the draft pairings on the round page, check {player} in, then pair the round "
    "again (or enter them on the pairings page)."
)
CHECKIN_DRAFT_PAIRED = (
    "Round {round}'s draft pairings {why}: nothing was saved. Remove the draft pairings on "
    "the round page, mark {player} absent, then pair the round again (or take them out of "
    "the draft on the pairings page first)."
)
CHECKIN_BYE_DROPPED = (
    "{player} checked in for round {round}: their zero-point bye ({reason}) is dropped, and "
    "the round pairs them."
)
CHECKIN_CLOSE_ACTION = "Choose what happens to the players who did not check in."
CLOSE_ZERO_BYE, CLOSE_WITHDRAW = "zero_bye", "withdraw"


def _checkin_round_check(section: Section, round_number: int) -> None:
    if not 1 <= round_number <= section.rounds_total:
        raise ValidationError(
            CHECKIN_ROUND_RANGE.format(round=round_number, rounds=section.rounds_total)
        )
    # A draft round's check-in stays open: the TD removes its pairings and pairs it again.
    if round_number in posted_rounds(section):
        raise ValidationError(CHECKIN_ROUND_PAIRED.format(round=round_number))


class CheckinSaved(NamedTuple):
    """What a check-in change did: whether the player is checked in now, and the sentence
    telling the TD that their zero-point bye for the round was dropped ("" when none was)."""

    present: bool
    bye_dropped: str = ""


def checkin_set(
    *, player: Player, round_number: int, present: bool, user: User | None
) -> CheckinSaved:
    """Check a player in for a round (or undo it).

    A player with a zero-point bye for the round who checks in is there to play: the bye is
    dropped, whatever its reason (asked for in advance, given when check-in closed, given for
    a forfeit), the section's log keeps it, and the answer tells the TD (``bye_dropped``).
    Undoing the check-in does not bring the bye back; the TD gives it again if the player
    leaves. A half- or full-point bye the player asked for is left as it is (those players are
    not on the check-in list). A change the round's draft pairings contradict is refused
    (``_draft_check``).
    """
    dropped = ""
    with transaction.atomic():
        # The lock closing check-in and pairing take: a player checked in while another TD
        # closes check-in is either in before the close (and not given its zero-point bye) or
        # after it (and loses that bye), never checked in with the bye, left out of the round.
        section_lock(player.section)
        _checkin_round_check(player.section, round_number)
        player.refresh_from_db(fields=["withdrawn_after_round"])
        last = player.withdrawn_after_round
        if present and last is not None and round_number > last:
            raise ValidationError(
                CHECKIN_WITHDRAWN.format(player=player, last=last, round=round_number)
            )
        checkin = CheckIn.objects.filter(player=player, round_number=round_number)
        if present:
            _draft_check(player, round_number, present=True)
            CheckIn.objects.get_or_create(
                player=player,
                round_number=round_number,
                defaults={"checked_in_by": user},
            )
            bye = RequestedBye.objects.filter(
                player=player, round_number=round_number, kind=RequestedBye.Kind.ZERO
            ).first()
            if bye is not None:
                bye.delete()
                dropped = CHECKIN_BYE_DROPPED.format(
                    player=player, round=round_number, reason=bye.get_reason_display()
                )
                SectionEvent.objects.create(
                    section_id=player.section_id,
                    kind=SectionEvent.Kind.BYE_DROPPED,
                    round_number=round_number,
                    detail=dropped,
                    user=user,
                )
        elif checkin.exists():
            # Only a real change is checked: undoing a check-in that is not there (pressed
            # twice, or a player the TD had the draft pair anyway) changes nothing.
            _draft_check(player, round_number, present=False)
            checkin.delete()
    return CheckinSaved(present, dropped)


def _draft_check(player: Player, round_number: int, *, present: bool) -> None:
    """Refuse a change of check-in the round's draft pairings contradict. Read under the
    section's lock pairing and a hand save of the pairings take, so a check-in (or its undoing)
    and a pairing of the round at the same moment run one after the other.

    Checked in, the player expects a game: refused when the draft leaves them out (a
    zero-point bye for not having checked in, or no row at all). Marked absent, they will not
    play: refused when the draft pairs them (on a board, or with the pairing's full-point
    bye), or the TD posting it would pair someone marked absent and their opponent would wait
    at an empty board. A requested bye is no game either way."""
    draft = Round.objects.filter(
        section_id=player.section_id, number=round_number, status=Round.Status.DRAFT
    ).first()
    if draft is None:
        return
    row = (
        Pairing.objects.filter(round=draft)
        .filter(models.Q(white=player) | models.Q(black=player))
        .values_list("result", "board", "black_id")
        .first()
    )
    if present:
        if row is None:
            why = "leave them out"
        elif row[0] == Result.BYE_ZERO:
            why = _zero_bye_why(player, round_number)
        else:
            return
        raise ValidationError(
            CHECKIN_DRAFT_LEFT_OUT.format(round=round_number, player=player, why=why)
        )
    if row is None:
        return
    result, board, black = row
    if black is not None:
        why = f"pair {player} on board {board}" if board else f"pair {player} in a game"
    elif result == Result.BYE_PAIRING:
        why = f"give {player} the full-point bye (odd number of players)"
    else:
        return
    raise ValidationError(
        CHECKIN_DRAFT_PAIRED.format(round=round_number, player=player, why=why)
    )


def _zero_bye_why(player: Player, round_number: int) -> str:
    """Why the draft gives ``player`` a zero-point bye, from the reason stored on their
    requested bye (none: a bye the TD entered by hand on the pairings page)."""
    reason = (
        RequestedBye.objects.filter(player=player, round_number=round_number)
        .values_list("reason", flat=True)
        .first()
    )
    if reason == RequestedBye.Reason.ASKED:
        return "give them the zero-point bye they asked for"
    if reason == RequestedBye.Reason.NOT_CHECKED_IN:
        return "give them a zero-point bye for not checking in"
    if reason == RequestedBye.Reason.FORFEITED:
        return (
            f"give them a zero-point bye for losing round {round_number - 1} by forfeit"
        )
    return "give them a zero-point bye"


def checkin_close(
    *, section: Section, round_number: int, action: str, user: User | None
) -> list[Player]:
    """Close check-in: each expected player not checked in gets a zero-point bye for the round
    (a requested bye the pairings honour, its reason "did not check in"), or is withdrawn
    before it. Returns those players."""
    if action not in (CLOSE_ZERO_BYE, CLOSE_WITHDRAW):
        raise ValidationError(CHECKIN_CLOSE_ACTION)
    with transaction.atomic():
        section_lock(section)
        _checkin_round_check(section, round_number)
        missing = list(
            checkin_expected(section, round_number).exclude(
                checkins__round_number=round_number
            )
        )
        if action == CLOSE_ZERO_BYE:
            RequestedBye.objects.bulk_create(
                RequestedBye.given(p, round_number, RequestedBye.Reason.NOT_CHECKED_IN)
                for p in missing
            )
        else:
            for player in missing:
                player_withdraw(player=player, after_round=round_number - 1)
    return missing
