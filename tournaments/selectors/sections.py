"""Reads about tournaments, sections, their players, posted order and check-in."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass

from django.db import models
from django.db.models import Count, Q, QuerySet
from django.utils.text import slugify

from standings.engine import default_order
from tournaments.models import (
    CheckIn,
    Pairing,
    Player,
    PlayerChange,
    RequestedBye,
    Result,
    Round,
    Section,
    Tournament,
)

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


# A player who lost by forfeit: the opponent's forfeit win, or a double forfeit.
FORFEIT_LOSS_AS_WHITE = (Result.BLACK_FORFEIT_WIN, Result.DOUBLE_FORFEIT)
FORFEIT_LOSS_AS_BLACK = (Result.WHITE_FORFEIT_WIN, Result.DOUBLE_FORFEIT)


def round_forfeited(*, section: Section, number: int) -> list[Player]:
    """Active players who lost round ``number - 1`` by forfeit and have neither checked in nor
    asked for a bye for round ``number``: they may have left without a word, so the TD says
    whether they are withdrawn or paired before round ``number`` is paired (and the round page
    of ``number - 1`` names them)."""
    if number < 2:
        return []
    before = Pairing.objects.filter(round__section=section, round__number=number - 1)
    lost = Q(
        pk__in=before.filter(result__in=FORFEIT_LOSS_AS_WHITE).values("white")
    ) | Q(pk__in=before.filter(result__in=FORFEIT_LOSS_AS_BLACK).values("black"))
    return list(
        Player.objects.filter(lost, section=section, status=Player.Status.ACTIVE)
        .exclude(checkins__round_number=number)
        .exclude(requested_byes__round_number=number)
        .order_by("start_number")
    )


def row_version(row: models.Model, fields: Iterable[str]) -> str:
    """A short digest of a row (its pk) and the stored values of ``fields``: an edit form
    carries the one it was drawn from, and the service refuses a save from a page drawn before
    another TD's save (the last save would otherwise win without anyone knowing)."""
    key = [row.pk, *(f"{name}={getattr(row, name)!r}" for name in sorted(fields))]
    return hashlib.blake2b(repr(key).encode(), digest_size=8).hexdigest()


def player_byes_version(*, player_id: int) -> str:
    """``row_version`` of a player's requested byes (round, kind and reason): the byes form
    carries it, and a save from a page opened before another TD changed those byes is
    refused."""
    key = [
        player_id,
        *RequestedBye.objects.filter(player_id=player_id)
        .order_by("round_number")
        .values_list("round_number", "kind", "reason"),
    ]
    return hashlib.blake2b(repr(key).encode(), digest_size=8).hexdigest()


def json_version(value: object) -> str:
    """A short digest of a stored JSON value (a prize fund, pairing options): an editor carries
    the one it was drawn from, and the service refuses a save from an older one."""
    text = json.dumps(value, sort_keys=True, default=str)
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()
