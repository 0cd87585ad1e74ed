"""The round schedule in templates: ``{{ section|round_start:number }}``."""

from __future__ import annotations

import datetime

from django import template

from tournaments.models import Section

register = template.Library()


@register.filter
def round_start(section: Section, number: int) -> datetime.datetime | None:
    """When round ``number`` of ``section`` starts (None: no time set)."""
    return section.round_start(int(number))
