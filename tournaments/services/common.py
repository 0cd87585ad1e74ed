"""Helpers several services share: a section's write lock (refused once the section is final)
and model checks as sentences."""

from __future__ import annotations

from collections.abc import Iterable

from django.core.exceptions import FieldDoesNotExist, ValidationError
from django.db import models

from tournaments.models import Section

SECTION_FINAL = (
    "{section} is marked final: its results, pairings and players cannot change. "
    "Reopen it first (on the Hall & final page, with a reason)."
)


def section_lock(section: Section) -> None:
    """Serialise writes that number a section's players (two TDs entering players at once);
    refuse them in a section marked final."""
    locked = (
        Section.objects.select_for_update()
        .filter(pk=section.pk)
        .values_list("name", "is_final")
        .first()
    )
    if locked is not None and locked[1]:
        raise ValidationError(SECTION_FINAL.format(section=locked[0]))


def section_open_check(
    *, section: Section | int | None = None, round_id: int | None = None
) -> None:
    """Refuse a change of results, pairings or players of a section marked final (the section,
    its pk, or the pk of one of its rounds).

    Read afresh: the caller's copy may be older than another TD's "Mark final".
    """
    if round_id is not None:
        found = Section.objects.filter(rounds__pk=round_id)
    else:
        assert section is not None
        found = Section.objects.filter(
            pk=section if isinstance(section, int) else section.pk
        )
    row = found.values_list("name", "is_final").first()
    if row is not None and row[1]:
        raise ValidationError(SECTION_FINAL.format(section=row[0]))


def model_check(row: models.Model, exclude: Iterable[str] = ()) -> None:
    """Model field checks as sentences (a constraint name never reaches a user)."""
    try:
        row.full_clean(
            exclude=list(exclude), validate_unique=False, validate_constraints=False
        )
    except ValidationError as error:
        raise ValidationError(
            [
                f"{_label(row, name)}: {message}" if name != "__all__" else message
                for name, messages in error.message_dict.items()
                for message in messages
            ]
        ) from None


def _label(row: models.Model, field: str) -> str:
    try:
        return str(
            getattr(row._meta.get_field(field), "verbose_name", field)
        ).capitalize()
    except FieldDoesNotExist:
        return field
