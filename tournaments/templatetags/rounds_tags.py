"""``{% rounds_list section %}``: a section's rounds and their state, for any TD page to include."""

from __future__ import annotations

from typing import Any

from django import template
from django.db.models import Count, Q

from tournaments.models import Result, Round, Section

register = template.Library()


@register.inclusion_tag("tournaments/_rounds_list.html")
def rounds_list(
    section: Section, current: int | None = None, oob: bool = False
) -> dict[str, Any]:
    """Rounds 1 to the section's last, each with its state and results in (one query)."""
    found = {
        r.number: r
        for r in Round.objects.filter(section=section).annotate(
            total=Count("pairings", filter=Q(pairings__black__isnull=False)),
            done=Count(
                "pairings",
                filter=Q(pairings__black__isnull=False)
                & ~Q(pairings__result=Result.PENDING),
            ),
        )
    }
    rounds = []
    for number in range(1, section.rounds_total + 1):
        round_ = found.get(number)
        status = round_.status if round_ else Round.Status.NOT_PAIRED
        rounds.append(
            {
                "number": number,
                "status": status,
                "label": Round.Status(status).label,
                "done": getattr(round_, "done", 0),
                "total": getattr(round_, "total", 0),
            }
        )
    return {"section": section, "rounds": rounds, "current": current, "oob": oob}
