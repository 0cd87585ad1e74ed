"""The hall page's write: a section's results marked final, or opened again."""

from __future__ import annotations

from django.db import transaction

from tournaments.models import Section
from tournaments.services.setup import tournament_status_refresh


def section_final_set(*, section: Section, final: bool) -> Section:
    """Mark a section's results final (its pages say so and offer the files) or open them again."""
    with transaction.atomic():
        section.is_final = final
        section.save(update_fields=["is_final"])
        tournament_status_refresh(tournament_id=section.tournament_id)
    return section
