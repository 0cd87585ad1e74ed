"""A section's rounds as the pages show them, and which one is current."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tournaments.models import Round, Section


@dataclass(frozen=True, slots=True)
class RoundInfo:
    number: int
    status: str
    posted: bool  # pairings visible to the public


def rounds_of(section: Section) -> list[RoundInfo]:
    """The section's rounds; a round's pairings are public unless they are a draft."""
    return [
        RoundInfo(number, status, status != Round.Status.DRAFT)
        for number, status in Round.objects.filter(section=section)
        .order_by("number")
        .values_list("number", "status")
    ]


def current_round(rounds: Sequence[RoundInfo]) -> int | None:
    """The last round whose pairings are posted (None before round 1 is posted)."""
    posted = [r.number for r in rounds if r.posted and r.status != "not_paired"]
    if not posted:
        # Rounds built in bulk (import, tests) may keep the default status with pairings.
        posted = [r.number for r in rounds if r.posted]
    return max(posted, default=None)
