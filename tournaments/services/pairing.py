"""Automatic pairing: the pure pairing program (``tournaments.pairing``, docs/pairing.md) pairs a
round from ``selectors.round_entrants``; this saves what it returns, all at once."""

from __future__ import annotations

import re
import secrets
from collections.abc import Collection, Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from standings.engine.formatting import format_decimal
from tournaments import pairing
from tournaments.models import (
    Pairing,
    Player,
    RequestedBye,
    Result,
    Round,
    Section,
)
from tournaments.selectors import (
    checkin_expected,
    pairings_digest,
    round_absent,
    round_entrants,
    round_forfeited,
    round_pairings_changed,
    round_pairings_version,
    rounds_earlier_open,
    rounds_with_pairings,
    section_tiebreaks_posted,
)
from tournaments.services.common import (
    SECTION_FINAL,
    AnswerGroup,
    round_lock,
    section_lock,
    section_rounds_lock,
)
from tournaments.services.players import player_withdraw
from tournaments.services.round_life import (
    ROUND_REMOVE_NOTHING,
    ROUND_REPAIR_CHECKS,
    round_checks_going_ask,
    round_pairings_changed_message,
    round_pairings_remove,
    round_post_check,
    round_results_seen_check,
    section_default_order_post,
)
from tournaments.services.setup import tournament_status_refresh

ROUND_PAIR_NO_ROUND = "{section} has rounds 1 to {total}; there is no round {number}."
ROUND_PAIR_ALL_PAIRED = "Every round of {section} is already paired."
ROUND_PAIR_EARLIER_INCOMPLETE = "Round {earlier} is not complete: enter all its results before pairing round {number}."
ROUND_PAIR_ALREADY_PAIRED = (
    "Round {number} is already paired: remove its pairings before pairing it again."
)
ROUND_PAIR_PAIRED_MEANWHILE = (
    "Round {number} was already paired by someone else since this page was opened (another "
    "TD, another page, or its pairings changed after this page paired it): nothing changed. "
    "Here are its pairings as they are now."
)
ROUND_PAIR_REMOVED_MEANWHILE = (
    "Round {number} was paired from this page, and its pairings were removed since (Remove "
    "pairings, on another page or by another TD): it was not paired again. Press Pair "
    "automatically to pair it as it is now."
)
ROUND_PAIR_NO_PLAYERS = "No one is left to pair in round {number}."
# The round note of a zero-point bye the player did not ask for, by its stored reason.
BYE_NOT_CHECKED_IN = "zero-point bye (did not check in)."
BYE_FORFEITED = "zero-point bye (lost round {last} by forfeit, stays in the event: the TD's decision)."
_BYE_REASON_NOTE: dict[str, str] = {
    RequestedBye.Reason.NOT_CHECKED_IN: BYE_NOT_CHECKED_IN,
    RequestedBye.Reason.FORFEITED: BYE_FORFEITED,
}
ROUND_PAIR_NOT_IN_TABLE = "The Berger table has no round {number}: {reason}."
ROUND_PAIR_BAD_OPTIONS = "The section's pairing options cannot be used: {reason}."

# Each bye the program gives, as the result code stored for it.
_BYE_RESULT = {
    pairing.ByeKind.PAIRING: Result.BYE_PAIRING,
    pairing.ByeKind.FULL: Result.BYE_FULL,
    pairing.ByeKind.HALF: Result.BYE_HALF,
    pairing.ByeKind.ZERO: Result.BYE_ZERO,
    pairing.ByeKind.NO_GAME: Result.NOT_PAIRED,
}


ROUND_PAIR_TEAM_SECTION = (
    "{section} is a team section: pair its matches from the Teams tab."
)


ROUND_PAIR_NO_ORDER = (
    "Post {section}'s tiebreak order before pairing round 1: players are told it before round "
    "one (US Chess 34)."
)
ROUND_PAIR_ABSENT = (
    "{n} player{s} {have} not checked in for round {number}: {names}. Give them zero-point "
    "byes, or pair them anyway."
)
ROUND_PAIR_ABSENT_CHANGED = (
    "Since this page was opened, {names} joined the players who have not checked in for round "
    "{number} (a check-in was undone, or a player reinstated or entered): nothing was changed. "
    "Answer again for the players listed now."
)
ROUND_PAIR_ABSENT_CHECKIN_UNDONE = (
    "Since this page was opened, every check-in for round {number} was undone, so check-in is "
    "no longer used for it: the zero-point byes you chose were not given and nothing was "
    "changed. Check players in again and pair, or pair again to pair everyone."
)
# What happens to the players who have not checked in (``round_pair(absent=...)``).
ABSENT_ZERO_BYE, ABSENT_PAIR = "zero_bye", "pair"
ROUND_PAIR_FORFEITED = (
    "{n} player{s} lost round {last} by forfeit and {have} neither checked in nor asked for a "
    "bye for round {number}: {names}. Withdraw them after round {last}, give them zero-point "
    "byes for round {number}, or pair them anyway."
)
ROUND_PAIR_FORFEITED_CHANGED = (
    "Since this page was opened, {names} joined the players who lost round {last} by forfeit "
    "(a result, a check-in or a withdrawal changed): nothing was changed. Answer again for the "
    "players listed now."
)
NOTE_FORFEITED_WITHDRAWN = (
    "#{number} {name} lost round {last} by forfeit: withdrawn after round {last} (the TD's "
    "decision)."
)
NOTE_FORFEITED_PAIRED = (
    "#{number} {name} lost round {last} by forfeit: paired anyway (the TD's decision)."
)
# What happens to the players who lost the round before by forfeit and have not checked in for
# this one (``round_pair(forfeited=...)``): withdrawn after that round, a zero-point bye for
# this round (they stay in the event: e.g. they phoned to say they come back for the next), or
# paired.
FORFEITED_WITHDRAW, FORFEITED_ZERO_BYE, FORFEITED_PAIR = "withdraw", "zero_bye", "pair"
FORFEITED_ANSWERS = (FORFEITED_WITHDRAW, FORFEITED_ZERO_BYE, FORFEITED_PAIR)


class PairingRefused(ValueError):
    """The round cannot be paired now; the message says why in one sentence."""


class OrderNotPosted(PairingRefused):
    """Round 1 without a posted tiebreak order: post one, or ask for the section's default."""


class AbsentPlayers(PairingRefused):
    """Players expected for the round have not checked in (``players``), or lost the round
    before by forfeit (``forfeited``): the TD chooses what happens to each group. A group
    whose answer was given is empty here; a player in both is asked about once, as forfeited.
    """

    def __init__(
        self,
        message: str,
        *,
        players: list[Player],
        forfeited: list[Player] | None = None,
    ) -> None:
        super().__init__(message)
        self.players = players
        self.forfeited = forfeited or []


def round_pair(
    *,
    section: Section,
    number: int | None = None,
    post: bool = False,
    absent: str | None = None,
    absent_shown: Collection[int] | None = None,
    forfeited: str | None = None,
    forfeited_shown: Collection[int] | None = None,
    post_default_order: bool = False,
    override: str = "",
    user: Any = None,
    pair_key: str = "",
) -> Round:
    """Pair round ``number`` (the first round not paired when None) and save it, all at once.

    Swiss sections by US Chess rules 27-29, round robins by the FIDE Berger tables
    (docs/pairing.md). Earlier rounds must be complete and this round not yet paired: else
    ``PairingRefused`` with one of the ``ROUND_PAIR_*`` sentences, and nothing changes. The
    round is saved as a draft (the TD edits, then posts) or, with ``post``, as posted; the
    program's reasons go to ``Round.pairing_notes``. A round robin drawn by lot records its seed
    in ``Section.pairing_options["lots_seed"]`` so the table numbers can be drawn again.

    Round 1 needs a posted tiebreak order (``OrderNotPosted``), or ``post_default_order`` posts
    the section's default and says so in the notes. A player who has not checked in is never
    paired without the TD's word: ``AbsentPlayers`` names them unless ``absent`` says
    ``ABSENT_ZERO_BYE`` (a zero-point bye each, as closing check-in gives) or ``ABSENT_PAIR``.
    Likewise an active player who lost the round before by forfeit and has neither checked in
    nor asked for a bye (``selectors.round_forfeited``), checked in or not: ``forfeited`` says
    ``FORFEITED_WITHDRAW`` (withdrawn after that round, as ``player_withdraw``),
    ``FORFEITED_ZERO_BYE`` (a zero-point bye for this round, as ``ABSENT_ZERO_BYE``: they stay
    in the event) or ``FORFEITED_PAIR``.

    ``absent_shown`` and ``forfeited_shown``: the pks of the players the TD's page named with
    each question. Each list is read again here, under the section's lock: a player listed now
    whom the page did not name is asked about again, and nothing changes (not even the other
    group's answer); one no longer listed (checked in, withdrawn, a result corrected) is left
    as they are now. ``None`` (a caller that showed no list: ``manage.py pair``, ``round_repair``,
    the demo) means the answer is for whoever is listed when it lands. One case drops off the
    list without the player doing anything: after round 1, check-in counts as used only while
    someone is checked in (``selectors.round_absent``), so undoing the last check-in empties the
    list. Zero-point byes chosen for players still expected and still not checked in then
    refuse with ``ROUND_PAIR_ABSENT_CHECKIN_UNDONE`` and change nothing: pairing them would go
    against the answer, and giving the byes would act on a check-in another TD just took back
    (perhaps a round checked in by mistake); only the TD knows which, so they choose again.
    "Pair them anyway" goes ahead: everyone is paired, which is what it chose.
    A final section refuses; posting (``post``) checks the round before as ``round_publish``.

    ``pair_key``: one key per page drawn with the Pair button, kept with the pairings it made
    (``Round.pair_key``). The same press sent again (its first answer lost over the hall's
    Wi-Fi) finds its own pairings, unchanged, and returns the round as done; a round paired by
    another page's press, or changed since, is refused with ``ROUND_PAIR_PAIRED_MEANWHILE``
    (not told to remove pairings the TD never saw); sent again after its pairings were removed
    (Remove pairings, by this TD on another page or by another TD), it is refused with
    ``ROUND_PAIR_REMOVED_MEANWHILE`` and the round stays empty: the removal was the later
    decision. Without a key (``manage.py pair``) a paired round is refused with
    ``ROUND_PAIR_ALREADY_PAIRED``.

    A zero-point bye given for either group stands as a requested bye with its reason
    (``RequestedBye.Reason``): pairing the round again (``round_repair``, or its pairings
    removed and paired again) keeps the bye, and the round's note says why the player has it,
    from that reason, as it does for one given when check-in was closed.
    """
    with transaction.atomic():
        section = Section.objects.select_for_update(no_key=True).get(pk=section.pk)
        # The options read under the section's lock too: another TD's change saved while this
        # waited for it stands, and round 1 is paired by it (never by the options the caller's
        # page read, stored ones then saying otherwise).
        try:
            options = pairing.options_parse(section.pairing_options)
        except pairing.OptionsError as error:
            raise PairingRefused(ROUND_PAIR_BAD_OPTIONS.format(reason=error)) from None
        # Read under the section's lock; said first: any other refusal (enter the missing
        # results, ...) would send the TD to a write the final section refuses too.
        if section.is_final:
            raise PairingRefused(SECTION_FINAL.format(section=section.name))
        if section.team_boards:
            # A team section pairs matches of teams (services/team_sections.py), not players.
            raise PairingRefused(ROUND_PAIR_TEAM_SECTION.format(section=section.name))
        # Every round with pairings, read once under the rounds' locks: which round is next,
        # and (below) whether the rounds before it are complete. A result of an earlier round
        # entered or cleared at this moment lands before this read or waits for the pairing.
        section_rounds_lock(section)
        rounds = rounds_with_pairings(section=section)
        paired = set(rounds)
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
        # The round's own lock, then its state read again: a hand save of this round may have
        # landed between the reads above and this lock.
        round_ = round_lock(section=section, number=number)
        if (
            number in paired
            or round_.status in (Round.Status.PAIRED, Round.Status.COMPLETE)
            or round_.pairings.exists()
        ):
            if not pair_key:
                raise PairingRefused(ROUND_PAIR_ALREADY_PAIRED.format(number=number))
            if pair_key == round_.pair_key and round_.pair_version == (
                round_pairings_version(section=section, number=number)
            ):
                return round_  # this very press, sent twice: its pairings stand as made
            raise PairingRefused(ROUND_PAIR_PAIRED_MEANWHILE.format(number=number))
        if pair_key and pair_key == round_.pair_key:
            # This very press paired the round, and its pairings were taken back since (the
            # round keeps the key of the press that last paired it): sent again, it does not
            # undo the removal unseen, as the press from a page drawn before another TD's
            # pairing does not take them back.
            raise PairingRefused(ROUND_PAIR_REMOVED_MEANWHILE.format(number=number))
        # The round page's rule (it says so before the press), read here as it reads it.
        earlier = rounds_earlier_open(section=section, number=number, rounds=rounds)
        if earlier is not None:
            raise PairingRefused(
                ROUND_PAIR_EARLIER_INCOMPLETE.format(
                    earlier=earlier.number, number=number
                )
            )
        notes_first: list[str] = []
        if number == 1 and not section_tiebreaks_posted(section):
            if not post_default_order:
                raise OrderNotPosted(ROUND_PAIR_NO_ORDER.format(section=section.name))
            notes_first.append(section_default_order_post(section=section, user=user))
        # Read under the section's lock: the answer applies to the players as they are now.
        gone = round_forfeited(section=section, number=number)
        gone_pks = {p.pk for p in gone}
        missing = [
            p
            for p in round_absent(section=section, number=number)
            if p.pk not in gone_pks
        ]
        if absent == ABSENT_ZERO_BYE and absent_shown:
            _absent_checkin_undone(
                section=section,
                number=number,
                shown=absent_shown,
                missing=missing,
                gone=gone_pks,
            )
        _absent_ask(
            number=number,
            missing=AnswerGroup(
                missing, absent in (ABSENT_ZERO_BYE, ABSENT_PAIR), absent_shown
            ),
            gone=AnswerGroup(gone, forfeited in FORFEITED_ANSWERS, forfeited_shown),
        )
        if forfeited == FORFEITED_WITHDRAW:
            for player in gone:
                try:
                    player_withdraw(player=player, after_round=number - 1)
                except ValidationError as refused:
                    raise PairingRefused(refused.messages[0]) from None
            notes_first.extend(
                NOTE_FORFEITED_WITHDRAWN.format(
                    number=p.start_number, name=p.name, last=number - 1
                )
                for p in gone
            )
        elif forfeited == FORFEITED_PAIR:
            notes_first.extend(
                NOTE_FORFEITED_PAIRED.format(
                    number=p.start_number, name=p.name, last=number - 1
                )
                for p in gone
            )
        # Zero-point byes chosen for either group stand as requested byes, with the reason
        # (so a re-pairing keeps them, and its note says why); neither group has a requested
        # bye for the round (``round_absent``, ``round_forfeited``).
        given = [
            *(
                (p, RequestedBye.Reason.NOT_CHECKED_IN)
                for p in missing
                if absent == ABSENT_ZERO_BYE
            ),
            *(
                (p, RequestedBye.Reason.FORFEITED)
                for p in gone
                if forfeited == FORFEITED_ZERO_BYE
            ),
        ]
        RequestedBye.objects.bulk_create(
            RequestedBye.given(p, number, reason) for p, reason in given
        )
        if post:
            try:
                round_post_check(
                    section=section, number=number, override=override, user=user
                )
            except ValidationError as differs:
                raise PairingRefused(differs.messages[0]) from None
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
        notes = [*notes_first, *made.notes]
        # A zero-point bye the player did not ask for stands as a requested one: its note says
        # why they have it (the stored reason), not that they asked.
        why = _zero_bye_notes(section=section, number=number, entrants=entrants)
        if why:
            notes = [why.get(note, note) for note in notes]
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
        rows = [
            Pairing(
                round=round_,
                board=board_number,
                white_id=player_pk[board.white],
                black_id=player_pk[board.black],
            )
            for board_number, board in enumerate(made.boards, start=1)
        ] + [
            Pairing(
                round=round_,
                white_id=player_pk[bye.player],
                result=_BYE_RESULT[bye.kind],
            )
            for bye in made.byes
        ]
        status = Round.Status.PAIRED if post else Round.Status.DRAFT
        round_.status, round_.pairing_notes = status, notes
        round_.paired_on_old_scores = False
        round_.pair_key = pair_key
        round_.pair_version = pairings_digest(
            (p.board, p.white_id, p.black_id, p.result) for p in rows
        )
        round_.save(
            update_fields=[
                "status",
                "pairing_notes",
                "paired_on_old_scores",
                "pair_key",
                "pair_version",
            ]
        )
        Pairing.objects.bulk_create(rows, batch_size=2000)
        if post:
            tournament_status_refresh(tournament_id=section.tournament_id)
    return round_


def pair_key_new() -> str:
    """A fresh ``round_pair`` key for a page drawn with the Pair button."""
    return secrets.token_hex(8)


def pair_key_read(sent: str) -> str:
    """The key a Pair form sent, or "" when it is not one ``pair_key_new`` makes (a form from
    before keys, or a forged one: it is stored, and compared)."""
    return sent if re.fullmatch(r"[0-9a-f]{16}", sent) else ""


def _zero_bye_notes(
    *, section: Section, number: int, entrants: Sequence[pairing.Entrant]
) -> dict[str, str]:
    """The program's note of each zero-point bye of round ``number`` the TD gave (not asked
    for) -> that note with the stored reason instead (``round_pair``). Read only when the
    round has a zero-point bye at all, so a round without one costs no query."""
    if not any(e.requested_bye is pairing.ByeKind.ZERO for e in entrants):
        return {}
    reasons = dict(
        RequestedBye.objects.filter(
            player__section=section,
            round_number=number,
            kind=RequestedBye.Kind.ZERO,
        )
        .exclude(reason=RequestedBye.Reason.ASKED)
        .values_list("player__start_number", "reason")
    )
    return {
        f"{e.label}: {pairing.ByeKind.ZERO.words}.": (
            f"{e.label}: {_BYE_REASON_NOTE[reasons[e.id]].format(last=number - 1)}"
        )
        for e in entrants
        if e.id in reasons
    }


def _count_words(players: list[Player]) -> dict[str, Any]:
    return {
        "n": len(players),
        "s": "" if len(players) == 1 else "s",
        "have": "has" if len(players) == 1 else "have",
        "names": ", ".join(str(p) for p in players),
    }


def _absent_checkin_undone(
    *,
    section: Section,
    number: int,
    shown: Collection[int],
    missing: list[Player],
    gone: set[int],
) -> None:
    """Refuse when players given zero-point byes on the page are still expected and still not
    checked in, yet no longer listed: the round's last check-in was undone (``round_pair``)."""
    listed = {p.pk for p in missing} | gone
    dropped = (
        checkin_expected(section, number)
        .filter(pk__in=shown)
        .exclude(pk__in=listed)
        .exclude(checkins__round_number=number)
    )
    if dropped.exists():
        raise PairingRefused(ROUND_PAIR_ABSENT_CHECKIN_UNDONE.format(number=number))


def _absent_ask(
    *, number: int, missing: AnswerGroup[Player], gone: AnswerGroup[Player]
) -> None:
    """Raise ``AbsentPlayers`` for each group still to be answered: ``missing`` (not checked
    in), ``gone`` (lost round ``number - 1`` by forfeit), saying first who joined a group
    since the page that answered it was drawn."""
    sentences = []
    for group, changed, asked in (
        (missing, ROUND_PAIR_ABSENT_CHANGED, ROUND_PAIR_ABSENT),
        (gone, ROUND_PAIR_FORFEITED_CHANGED, ROUND_PAIR_FORFEITED),
    ):
        if unseen := group.unseen():
            sentences.append(
                changed.format(
                    names=", ".join(str(p) for p in unseen),
                    number=number,
                    last=number - 1,
                )
            )
        if ask := group.ask():
            sentences.append(
                asked.format(number=number, last=number - 1, **_count_words(ask))
            )
    if sentences:
        raise AbsentPlayers(
            " ".join(sentences), players=missing.ask(), forfeited=gone.ask()
        )


def round_repair(
    *,
    section: Section,
    number: int,
    user: Any = None,
    based_on: str | None = None,
    results_seen: str | None = None,
    pair_key: str = "",
    confirm: bool = False,
) -> Round:
    """Pair round ``number`` again on the present scores, as a draft: its pairings (a draft, or
    posted with no result yet) are removed and the program pairs it, all at once.

    For a round paired before a result of an earlier round changed (``paired_on_old_scores``).
    Who came was settled when it was first paired: the players are paired as they stand (a
    zero-point bye given then for not checking in, or for a forfeit the round before, is kept,
    as a requested bye, and its note says the reason stored with it).

    ``based_on``: the ``selectors.round_pairings_version`` the TD's page showed; pairings
    changed since (another TD paired the round again, edited or posted it) are not taken back
    unseen: ``PairingRefused`` (``round_pairings_changed_message``), nothing changed.
    ``results_seen``: the ``selectors.round_results_version`` the page showed; results or
    check-mode entries entered since are not thrown away unseen either: refused as Remove
    pairings refuses them (``ResultsEnteredSince``, naming each), nothing changed.
    ``pair_key``: the key of the page (as ``round_pair``'s), kept with the new pairings: the
    same press sent again (its first answer lost) finds them, unchanged and no longer on old
    scores, and returns the round as done instead of refusing its own pairings as changed.
    ``confirm``: check-mode entries the page showed go with the pairings only once the TD
    confirms; without it ``RemoveNeedsConfirm`` (``ROUND_REPAIR_CHECKS``) names them, nothing
    changed.
    """
    with transaction.atomic():
        # The section's lock before the round's (round_lock's order): removing takes the
        # round's, pairing then the section's, and a writer keeping the order (a pairings save,
        # a late entry) would deadlock with this one.
        section_lock(section)
        round_ = Round.objects.filter(section=section, number=number).first()
        if round_ is None:
            raise PairingRefused(ROUND_REMOVE_NOTHING.format(round=number))
        if round_pairings_changed(section=section, number=number, based_on=based_on):
            if (
                pair_key
                and pair_key == round_.pair_key
                and not round_.paired_on_old_scores
                and round_.pair_version
                == round_pairings_version(section=section, number=number)
            ):
                return round_  # this very press, sent twice: its pairings stand as made
            raise PairingRefused(
                round_pairings_changed_message(round_=round_, based_on=based_on)
            )
        if not confirm:
            # The round's lock after the section's (round_lock's order): what is named is
            # what goes. Entered since the page was drawn: refused and named first.
            round_ = round_lock(round_id=round_.pk)
            round_results_seen_check(round_=round_, results_seen=results_seen)
            round_checks_going_ask(
                round_=round_, asked=ROUND_REPAIR_CHECKS.format(round=number)
            )
        round_pairings_remove(
            round_=round_, confirm=True, user=user, results_seen=results_seen
        )
        return round_pair(
            section=section,
            number=number,
            absent=ABSENT_PAIR,
            forfeited=FORFEITED_PAIR,
            user=user,
            pair_key=pair_key,
        )
