"""Reads about rounds: which are paired or posted, versions, the round page, the pairing program's input."""

from __future__ import annotations

import hashlib
import math
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

from django.db import models
from django.db.models import Count, F, Max, Q, QuerySet

from standings.engine.entities import Outcome
from tournaments import pairing
from tournaments.models import (
    Pairing,
    Player,
    RequestedBye,
    Result,
    ResultChange,
    Round,
    Section,
    SectionEvent,
)
from tournaments.results import OUTCOMES, PLAYED_RESULTS, section_scoring

# ---- rounds


def paired_rounds(section: Section) -> set[int]:
    """Rounds that have pairings (made or posted)."""
    return set(
        Round.objects.filter(section=section)
        .filter(
            ~models.Q(status=Round.Status.NOT_PAIRED) | models.Q(pairings__isnull=False)
        )
        .values_list("number", flat=True)
    )


def posted_rounds(section: Section) -> set[int]:
    """Rounds whose pairings are posted: a draft's check-in and requested byes stay open."""
    return set(
        Round.objects.filter(section=section)
        .exclude(status=Round.Status.DRAFT)
        .filter(
            ~models.Q(status=Round.Status.NOT_PAIRED) | models.Q(pairings__isnull=False)
        )
        .values_list("number", flat=True)
    )


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


def round_pairings_version(*, section: Section, number: int) -> str:
    """A short digest of who plays whom on which board in round ``number`` (byes with their
    kind), the same whatever the results: a pairings form carries the one it was drawn from, and
    a save from a form drawn before another TD's save is refused."""
    return pairings_digest(
        Pairing.objects.filter(
            round__section=section, round__number=number
        ).values_list("board", "white_id", "black_id", "result")
    )


def round_pairings_changed(
    *, section: Section, number: int, based_on: str | None
) -> bool:
    """Whether round ``number``'s pairings differ from the ``round_pairings_version`` a TD's
    page was drawn from (``None``: the caller drew no page, nothing to compare)."""
    return based_on is not None and based_on != round_pairings_version(
        section=section, number=number
    )


def round_bye_kinds_changed(
    *, round_id: int, based_on: str | None
) -> list[tuple[Pairing, str]]:
    """The bye whose kind a result entry changed since the ``round_pairings_version``
    ``based_on`` a TD's page showed, with the kind the page showed: ``[(row, kind)]`` when that
    one change is the whole difference, ``[]`` otherwise (games changed, several byes, or
    nothing). A bye's kind is part of the pairings' version, and a result entry (round page,
    admin) may change it: a page's press refused for it says so, not "paired again"."""
    if not based_on:
        return []
    rows = list(
        Pairing.objects.filter(round_id=round_id).select_related("white", "black")
    )
    now = [(p.board, p.white_id, p.black_id, p.result) for p in rows]
    if pairings_digest(now) == based_on:
        return []
    byes = {i: p for i, p in enumerate(rows) if p.black_id is None}
    kinds = ResultChange.objects.filter(pairing__in=list(byes.values()))
    olds: dict[int, set[str]] = defaultdict(set)
    for pairing_id, old in kinds.values_list("pairing_id", "old_result"):
        olds[pairing_id].add(old)
    for i, bye in byes.items():
        for old in sorted(olds[bye.pk] - {bye.result}):
            shown = [*now[:i], (bye.board, bye.white_id, None, old), *now[i + 1 :]]
            if pairings_digest(shown) == based_on:
                return [(bye, old)]
    return []


def pairings_digest(
    rows: Iterable[tuple[int | None, int, int | None, str | None]],
) -> str:
    """``round_pairings_version`` of rows (board, white, black, result): games by their board
    and players, one-player rows by their player and result."""
    key = sorted(
        (board or 0, white, black or 0, "" if black else str(result))
        for board, white, black, result in rows
    )
    return hashlib.blake2b(repr(key).encode(), digest_size=8).hexdigest()


def round_results_entered(*, round_id: int) -> list[Pairing]:
    """The round's rows that hold something entered on the results side, in board order: each
    game with a result and each row with a check-mode entry (``check_result``), read as
    ``pairings_with_checks`` reads them. Taking the round's pairings back would throw them
    away."""
    return list(
        pairings_with_checks()
        .filter(round_id=round_id)
        .filter(
            Q(black__isnull=False) & ~Q(result=Result.PENDING)
            | Q(result_check__isnull=False)
        )
        .order_by("board", "white__start_number")
    )


def round_results_version(
    *, round_id: int, entered: Iterable[Pairing] | None = None
) -> str:
    """A short digest of ``round_results_entered`` (of ``entered`` when the caller read it):
    the Remove pairings form carries the one its page was drawn from, so results entered after
    the page was drawn count as a change. A bye's kind is the pairings' version's, not this."""
    rows = round_results_entered(round_id=round_id) if entered is None else entered
    key = sorted(
        (p.pk, p.result if p.black_id else "", getattr(p, "check_result", None) or "")
        for p in rows
    )
    return hashlib.blake2b(repr(key).encode(), digest_size=8).hexdigest()


def round_has_results(*, round_: Round) -> bool:
    """Whether a game of the round has a result: its pairings can no longer change then."""
    return (
        Pairing.objects.filter(round=round_, black__isnull=False)
        .exclude(result=Result.PENDING)
        .exists()
    )


def round_check_differences(*, section: Section, number: int) -> list[int | None]:
    """The boards of round ``number`` whose check-mode entry differs from the result."""
    return list(
        Pairing.objects.filter(
            round__section=section, round__number=number, result_check__isnull=False
        )
        .exclude(result_check__result=F("result"))
        .order_by("board")
        .values_list("board", flat=True)
    )


def later_rounds_paired(*, round_id: int) -> list[int]:
    """The rounds after this one (same section) that have pairings, in order."""
    section_id, number = Round.objects.values_list("section_id", "number").get(
        pk=round_id
    )
    return sorted(
        set(
            Pairing.objects.filter(
                round__section_id=section_id, round__number__gt=number
            ).values_list("round__number", flat=True)
        )
    )


def round_scores_before(
    *, section: Section, number: int, players: Iterable[int]
) -> dict[int, str]:
    """Each of ``players``' score after the rounds before ``number`` (a Fraction as text):
    the scores a pairing of round ``number`` rests on. One query."""
    wanted = set(players)
    scoring = section_scoring(section)
    scores = dict.fromkeys(wanted, Fraction(0))
    for white, black, result in Pairing.objects.filter(
        round__section=section, round__number__lt=number
    ).values_list("white_id", "black_id", "result"):
        if result == Result.PENDING:
            continue
        white_outcome, black_outcome = OUTCOMES[result]
        if white in wanted:
            scores[white] += scoring.points(white_outcome)
        if black in wanted and black_outcome is not None:
            scores[black] += scoring.points(black_outcome)
    return {pk: str(score) for pk, score in scores.items()}


def section_reopenings(section: Section) -> list[SectionEvent]:
    """Each time the section was reopened after being marked final, oldest first."""
    return list(section.events.filter(kind=SectionEvent.Kind.REOPENED))


def section_log(section: Section) -> list[SectionEvent]:
    """The section's log, newest first, with who did each step."""
    return list(section.events.select_related("user").order_by("-at", "-pk"))


# ---- the round page: the section's rounds, a round's boards, what changed since the page was drawn


@dataclass(frozen=True)
class RoundState:
    """One round of a section as the rounds list and the progress bar show it."""

    number: int
    round: Round | None  # None until the round has a row (nothing paired yet)
    total: int  # games: two-player boards
    done: int  # games with a result

    @property
    def status(self) -> str:
        return self.round.status if self.round else Round.Status.NOT_PAIRED

    @property
    def label(self) -> str:
        return Round.Status(self.status).label

    @property
    def percent(self) -> int:
        return math.floor(100 * self.done / self.total) if self.total else 0


class RoundRows(NamedTuple):
    """A round with pairings as ``rounds_with_pairings`` reads it."""

    status: str  # Round.Status
    pending: int  # its rows without a result


def rounds_with_pairings(
    *, section: Section, before: int | None = None
) -> dict[int, RoundRows]:
    """Each round of the section that has pairings (rows) -> its status and its rows without a
    result, in one query; the rounds before ``before`` only, when given."""
    rows = Pairing.objects.filter(round__section=section)
    if before is not None:
        rows = rows.filter(round__number__lt=before)
    return {
        n: RoundRows(status, pending)
        for n, status, pending in rows.values_list("round__number", "round__status")
        .annotate(pending=Count("pk", filter=Q(result=Result.PENDING)))
        .order_by()
    }


class EarlierOpen(NamedTuple):
    """The first round before a round that is not complete, and why (``rounds_earlier_open``)."""

    number: int
    status: str  # Round.Status: not_paired, draft, or posted with results missing
    missing: int  # its rows without a result
    boards: list[int]  # the boards of those rows, in board order


def rounds_earlier_open(
    *,
    section: Section,
    number: int,
    rounds: Mapping[int, RoundRows] | None = None,
) -> EarlierOpen | None:
    """The first round before ``number`` without pairings or with a result missing, or None:
    the one rule for "an earlier round is not complete", read by the round page before the Pair
    press and by ``round_pair`` (ROUND_PAIR_EARLIER_INCOMPLETE) and ``team_round_pair``
    (TEAM_PAIR_EARLIER) when it lands, so the page and the refusal name the same round.

    ``rounds``: the section's ``rounds_with_pairings`` when the caller has read them already
    (``round_pair``, under the section's lock); else read here. Two queries at most (one when
    ``rounds`` is given), whatever the number of rounds and boards: the boards are read only
    for a round with results missing."""
    if number <= 1:
        return None
    if rounds is None:
        rounds = rounds_with_pairings(section=section, before=number)
    for earlier in range(1, number):
        if earlier not in rounds:
            return EarlierOpen(earlier, Round.Status.NOT_PAIRED, 0, [])
        status, pending = rounds[earlier]
        if pending:
            boards = [
                board
                for board in Pairing.objects.filter(
                    round__section=section,
                    round__number=earlier,
                    result=Result.PENDING,
                    board__isnull=False,
                )
                .order_by("board")
                .values_list("board", flat=True)
                if board is not None
            ]
            return EarlierOpen(earlier, status, pending, boards)
    return None


def section_round(section: Section, number: int) -> Round | None:
    """Round ``number`` of the section, or None before it has a row."""
    return Round.objects.filter(section=section, number=number).first()


def section_rounds(section: Section) -> list[RoundState]:
    """Rounds 1 to the section's last, each with its row and its games with a result, in one query."""
    found = {
        r.number: r
        for r in Round.objects.filter(section=section).annotate(
            games=Count("pairings", filter=Q(pairings__black__isnull=False)),
            results=Count(
                "pairings",
                filter=Q(pairings__black__isnull=False)
                & ~Q(pairings__result=Result.PENDING),
            ),
        )
    }
    states = []
    for number in range(1, section.rounds_total + 1):
        round_ = found.get(number)
        states.append(
            RoundState(
                number=number,
                round=round_,
                total=getattr(round_, "games", 0),
                done=getattr(round_, "results", 0),
            )
        )
    return states


def pairings_with_checks() -> QuerySet[Pairing]:
    """Pairings as the round page shows them: with their players and their check-mode entry
    (``check_result``, None when there is none), in the same query."""
    return Pairing.objects.select_related("white", "black").annotate(
        check_result=F("result_check__result")
    )


def round_pairings(
    round_: Round | None, *, changed_after: int | None = None
) -> tuple[list[Pairing], list[Pairing]]:
    """The round's boards in board order and its one-player rows by start number, in one query.

    Each row is read as ``pairings_with_checks`` reads it. With ``changed_after`` (a
    ``ResultChange`` id), only the rows whose result changed after it.
    """
    if round_ is None:
        return [], []
    rows = pairings_with_checks().filter(round=round_)
    if changed_after is not None:
        rows = rows.filter(
            pk__in=ResultChange.objects.filter(
                pairing__round=round_, pk__gt=changed_after
            ).values("pairing_id")
        )
    pairings = list(
        rows.order_by(F("board").asc(nulls_last=True), "white__start_number")
    )
    return [p for p in pairings if p.black_id], [p for p in pairings if not p.black_id]


def round_version(round_: Round | None) -> tuple[int, str]:
    """The round's last result change, and a signature of its pairings that a re-pair changes,
    in one query: what a page drawn from the round compares itself with."""
    if round_ is None:
        return 0, "0-0"
    found = Pairing.objects.filter(round=round_).aggregate(
        pairings=Count("pk", distinct=True),
        last=Max("pk"),
        since=Max("result_changes__pk"),
    )
    return found["since"] or 0, f"{found['pairings']}-{found['last'] or 0}"


def round_next_pending(pairing: Pairing) -> int | None:
    """The next board without a result after ``pairing``'s (wrapping round), or None."""
    pending = list(
        Pairing.objects.filter(
            round_id=pairing.round_id, black__isnull=False, result=Result.PENDING
        )
        .order_by("board")
        .values_list("pk", "board")
    )
    after = [pk for pk, b in pending if (b or 0) > (pairing.board or 0)]
    ordered = after or [pk for pk, _ in pending]
    return ordered[0] if ordered else None


# ---- the pairing program's input

# Results after which the player is not given the pairing bye (28L): any bye, requested or
# given by the pairings, and a point won without a game.
_HAD_BYE = {
    Result.BYE_PAIRING,
    Result.BYE_FULL,
    Result.BYE_HALF,
    Result.BYE_ZERO,
    Result.FORFEIT_WIN_NO_OPPONENT,
}
_REQUESTED_KIND: dict[str, pairing.ByeKind] = {
    RequestedBye.Kind.FULL: pairing.ByeKind.FULL,
    RequestedBye.Kind.HALF: pairing.ByeKind.HALF,
    RequestedBye.Kind.ZERO: pairing.ByeKind.ZERO,
}


class RoundEntrants(NamedTuple):
    entrants: list[pairing.Entrant]  # id = start number
    player_pk: dict[int, int]  # start number -> Player pk
    late: set[int]  # start numbers with no row in some earlier round (entered late)


def round_entrants(*, section: Section, number: int) -> RoundEntrants:
    """The section's players as they stand before round ``number``, in three queries.

    Withdrawn players (withdrawn after an earlier round) are marked withdrawn; requested byes
    for the round are attached. The pairing program's input (``services.round_pair``); the
    checker, ``pairing.pairing_problems``, takes the same entrants.
    """
    players = list(
        Player.objects.filter(section=section)
        .order_by("start_number")
        .values_list(
            "pk", "start_number", "name", "rating", "withdrawn_after_round", "club"
        )
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
            club=club,
        )
        for pk, n, name, rating, withdrawn_after, club in players
    ]
    late = {n for pk, n in start.items() if len(seen[pk]) < number - 1}
    return RoundEntrants(entrants, {n: pk for pk, n in start.items()}, late)
