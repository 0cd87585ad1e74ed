"""Where each section stands (players, current round, results in), read in a fixed number of queries."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import Count, Q

from tournaments.models import Player, Result, Round, Section


@dataclass(frozen=True)
class SectionProgress:
    players: int
    withdrawn: int
    # The latest round with pairings (made or posted), or None before round 1 is paired.
    round_number: int | None
    round_status: str
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
            round_status=current.status if current else Round.Status.NOT_PAIRED,
            round_status_label=current.get_status_display()
            if current
            else "Not started",
            games=current.games if current else 0,  # type: ignore[attr-defined]
            results_in=(current.games - current.pending) if current else 0,  # type: ignore[attr-defined]
        )
    return progress
