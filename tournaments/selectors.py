"""Reads shared by the TD's pages and the services: queries that change nothing.

A service (``tournaments/services/``) writes; what it, a view or a command needs to know
before writing or to show a page is read here.
"""

from __future__ import annotations

import hashlib
import math
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, NamedTuple

from django.db import models
from django.db.models import Count, F, Max, Q, QuerySet
from django.utils.text import slugify

from standings.engine import default_order
from standings.engine.entities import Outcome
from standings.engine.teams import DEFAULT_TEAM_ORDER
from tournaments import pairing
from tournaments.models import (
    CheckIn,
    Pairing,
    Player,
    PlayerChange,
    RatingListEntry,
    RequestedBye,
    Result,
    ResultChange,
    Round,
    Section,
    SectionEvent,
    Team,
    TeamMatch,
    Tournament,
)
from tournaments.rating_lists import name_key
from tournaments.results import OUTCOMES, PLAYED_RESULTS, section_scoring

# ---- tournaments and sections


class SectionNotFound(LookupError):
    """No such tournament or section, or several sections and no name to choose one."""


def section_find(*, slug: str, name: str | None = None) -> Section:
    """The section named ``name`` (any case) of tournament ``slug``; the only one if no name is given."""
    tournament = Tournament.objects.filter(slug=slug).first()
    if tournament is None:
        raise SectionNotFound(f"no tournament with slug {slug!r}")
    sections = list(tournament.sections.select_related("tournament"))
    names = ", ".join(repr(s.name) for s in sections)
    if not sections:
        raise SectionNotFound(f"{tournament.name} has no sections")
    if name is None:
        if len(sections) > 1:
            raise SectionNotFound(
                f"{tournament.name} has several sections; choose one with --section: {names}"
            )
        return sections[0]
    for section in sections:
        if section.name.casefold() == name.casefold():
            return section
    raise SectionNotFound(
        f"{tournament.name} has no section {name!r}; its sections are {names}"
    )


def free_slug(name: str) -> str:
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


def section_default_tiebreaks(kind: str) -> str:
    """The order offered to a new section of this kind (the TD posts it or another)."""
    # The engine's default: 34E's four for a Swiss, Sonneborn-Berger first for a round robin
    # (the SwissSys list: "most often used for round robin events"); see docs/tiebreaks.md.
    return default_order(kind != Section.Kind.SWISS)


@dataclass(frozen=True)
class SectionProgress:
    players: int
    withdrawn: int
    # The latest round with pairings (made or posted), or None before round 1 is paired.
    round_number: int | None
    round_status_label: str
    # Games (two-player boards) of that round, and those with a result.
    games: int
    results_in: int

    @property
    def results_missing(self) -> int:
        return self.games - self.results_in


def sections_progress(sections: Iterable[Section]) -> dict[int, SectionProgress]:
    """Section pk -> its progress; two queries whatever the number of sections."""
    pks = [s.pk for s in sections]
    players = {
        row["section"]: row
        for row in Player.objects.filter(section__in=pks)
        .values("section")
        .annotate(
            n=Count("pk"),
            withdrawn=Count("pk", filter=Q(status=Player.Status.WITHDRAWN)),
        )
    }
    rounds = (
        Round.objects.filter(section__in=pks)
        .annotate(
            games=Count("pairings", filter=Q(pairings__black__isnull=False)),
            pending=Count("pairings", filter=Q(pairings__result=Result.PENDING)),
            rows=Count("pairings"),
        )
        .order_by("section", "number")
    )
    latest: dict[int, Round] = {}
    for round_ in rounds:
        if round_.status != Round.Status.NOT_PAIRED or round_.rows:  # type: ignore[attr-defined]
            latest[round_.section_id] = round_
    progress = {}
    for pk in pks:
        counts = players.get(pk, {"n": 0, "withdrawn": 0})
        current = latest.get(pk)
        progress[pk] = SectionProgress(
            players=counts["n"],
            withdrawn=counts["withdrawn"],
            round_number=current.number if current else None,
            round_status_label=current.get_status_display()
            if current
            else "Not started",
            games=current.games if current else 0,  # type: ignore[attr-defined]
            results_in=(current.games - current.pending) if current else 0,  # type: ignore[attr-defined]
        )
    return progress


# ---- players


def next_start_number(section: Section) -> int:
    """The start number a new player gets: one after the section's highest."""
    last = Player.objects.filter(section=section).aggregate(
        n=models.Max("start_number")
    )
    return (last["n"] or 0) + 1


def player_first_row_round(player: Player) -> int | None:
    """The first round in which the player has a row (a game, a bye, not paired), if any: a
    player with none may be deleted."""
    return (
        Pairing.objects.filter(models.Q(white=player) | models.Q(black=player))
        .order_by("round__number")
        .values_list("round__number", flat=True)
        .first()
    )


def section_player_changes(section: Section) -> list[PlayerChange]:
    """The player list's confirmed or justified changes, newest first (section page)."""
    return list(
        PlayerChange.objects.filter(section=section)
        .select_related("changed_by")
        .order_by("-changed_at", "-pk")
    )


def rating_order(player: Player) -> tuple[int, int, int]:
    """The sort key of ``players_renumber``: highest rating first, unrated last, equal ratings
    in their present order."""
    return (player.rating is None, -(player.rating or 0), player.start_number)


def players_in_rating_order(players: Iterable[Player]) -> bool:
    """Whether players listed by start number are numbered as ``players_renumber`` would."""
    listed = sorted(players, key=lambda p: p.start_number)
    return listed == sorted(listed, key=rating_order)


# ---- the posted tiebreak order and pairing options


def section_tiebreaks_posted(section: Section) -> bool:
    """Whether the TD has posted an order (the first posting is kept as a change too)."""
    return section.tiebreak_changes.exists()


def section_pairing_options_locked(section: Section) -> bool:
    """Whether round 1 has pairings (a draft or posted): the options stand from then on."""
    return Pairing.objects.filter(round__section=section, round__number=1).exists()


# ---- check-in


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


def round_absent(*, section: Section, number: int) -> list[Player]:
    """Players expected in round ``number`` who have not checked in, while its check-in is open.

    Round 1's check-in is always open before it is paired; a later round's once someone checked
    in for it (a TD who never uses check-in after round 1 is not asked).
    """
    expected = checkin_expected(section, number)
    if (
        number > 1
        and not CheckIn.objects.filter(
            player__section=section, round_number=number
        ).exists()
    ):
        return []
    return list(
        expected.exclude(checkins__round_number=number).order_by("start_number")
    )


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


# ---- fixed-roster team sections


def section_teams(section: Section) -> list[Team]:
    """The section's teams with their rosters (members and players), in team-number order."""
    return list(
        Team.objects.filter(section=section)
        .order_by("number")
        .prefetch_related("members__player")
    )


def team_match_labels(round_: Round) -> dict[int, str]:
    """A team round's first board of each match -> "Table 1: Knights – Rooks" (the round page)."""
    n = round_.section.team_boards
    return {
        (table - 1) * n + 1: f"Table {table}: {first} – {second}"
        for table, first, second in TeamMatch.objects.filter(
            round=round_, black_team__isnull=False
        ).values_list("table", "white_team__name", "black_team__name")
    }


def team_next_round(section: Section) -> int | None:
    """The first round of a team section not yet paired (None: all are)."""
    paired = set(
        Round.objects.filter(section=section)
        .exclude(status=Round.Status.NOT_PAIRED)
        .values_list("number", flat=True)
    )
    return next(
        (n for n in range(1, section.rounds_total + 1) if n not in paired), None
    )


def team_setup_initial(section: Section) -> dict[str, Any]:
    """The team section form as posted, or a first draft of rosters from the players' club /
    team field (each club's players by rating, strongest on board 1)."""
    stored = section.team_scoring if section.team_boards else {}
    teams = section_teams(section)
    if teams:
        lines = [
            f"{t.name}: "
            + " ".join(str(m.player.start_number) for m in t.members.all())
            for t in teams
        ]
    else:
        clubs: dict[str, list[tuple[int, int]]] = {}
        for number, rating, club in (
            Player.objects.filter(section=section)
            .exclude(club="")
            .values_list("start_number", "rating", "club")
        ):
            clubs.setdefault(club, []).append((-(rating or 0), number))
        lines = [
            f"{club}: " + " ".join(str(n) for _r, n in sorted(members))
            for club, members in clubs.items()
        ]
    return {
        "boards": section.team_boards or 4,
        "rosters": "\n".join(lines),
        "match_points": stored.get("match_points", "2/1/0"),
        "primary": stored.get("primary", "match_points"),
        "order": stored.get("order", DEFAULT_TEAM_ORDER),
        "prizes": "\n".join(stored.get("prizes", [])),
    }


# ---- rating lists (docs/rating-lists.md)


def rating_list_lookup(query: str, *, limit: int = 8) -> list[RatingListEntry]:
    """Players of the loaded lists whose ID is ``query`` (digits) or whose name starts with it
    ("ortiz", "ortiz, an", "ana ortiz"); at least three letters of a name. Index-backed: an ID
    is an index lookup, a name narrows by its first three letters first."""
    query = query.strip()
    entries = RatingListEntry.objects.select_related("rating_list")
    if query.isdigit():
        return list(entries.filter(member_id=query)[:limit])
    keys = [name_key(query)]
    if "," not in query and " " in query.strip():
        first, last = query.strip().rsplit(" ", 1)
        keys.append(name_key(f"{last}, {first}"))
    found: list[RatingListEntry] = []
    for key in keys:
        if len(key) < 3:
            continue
        # A range on the indexed key (byte order: SQLite's default, and the C collation the
        # migration gives the column on PostgreSQL), not LIKE, which the index cannot serve.
        upper = key[:-1] + chr(ord(key[-1]) + 1)
        found += entries.filter(
            name_head=key[:3], name_key__gte=key, name_key__lt=upper
        ).order_by("name_key")[:limit]  # the index's order: the scan stops at ``limit``
    return found[:limit]


def rating_list_by_ids(
    *, uschess_ids: Iterable[str], fide_ids: Iterable[str]
) -> dict[tuple[str, str], RatingListEntry]:
    """The loaded lists' entries for these IDs, keyed by (list kind, ID), in one query (a FIDE
    ID and a US Chess ID may be the same digits)."""
    wanted_us = {i for i in uschess_ids if i}
    wanted_fide = {i for i in fide_ids if i}
    if not (wanted_us or wanted_fide):
        return {}
    found = RatingListEntry.objects.filter(
        Q(rating_list__kind="uschess", member_id__in=sorted(wanted_us))
        | Q(rating_list__kind="fide", member_id__in=sorted(wanted_fide))
    ).select_related("rating_list")
    return {(e.rating_list.kind, e.member_id): e for e in found}
