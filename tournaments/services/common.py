"""Helpers several services share: a section's write lock and model checks as sentences."""

from __future__ import annotations

from collections.abc import Iterable

from django.core.exceptions import FieldDoesNotExist, ValidationError
from django.db import models

from tournaments.models import Section


def section_lock(section: Section) -> None:
    """Serialise writes that number a section's players (two TDs entering players at once)."""
    Section.objects.select_for_update().filter(pk=section.pk).first()


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
