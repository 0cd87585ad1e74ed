"""Restore a tournament from its backup document (``tournaments/backup.py``), in one transaction.

Rows are created model by model in the document's order (each after the rows it points at), so
their new keys keep the document's order and exporting the restored tournament gives the same
document. Users are found by user name; one that does not exist here is created without a
password (a superuser sets one: ``manage.py changepassword NAME``).
"""

from __future__ import annotations

import datetime
import json
from decimal import Decimal
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import IntegrityError, models, transaction

from tournaments.backup import FORMAT, VERSION, _fields, _many, tournament_models
from tournaments.models import Tournament

BACKUP_NOT_JSON = "This is not a tournament backup (not JSON: {error})."
BACKUP_NOT_OURS = "This is not a tournament backup of this program (format {format!r}, version {version!r})."
BACKUP_UNKNOWN_MODEL = (
    "The backup holds rows of {name}, which this version does not know."
)
BACKUP_UNKNOWN_FIELD = (
    "The backup's {model} rows have a field {field!r} this version does not know."
)
BACKUP_BAD_ROW = "{model} row {id}: {field}: {error}"
BACKUP_SLUG_TAKEN = (
    "A tournament with the address {slug!r} exists already: restore under another "
    "(--slug NEW), or delete that one first."
)
BACKUP_NO_TOURNAMENT = "The backup holds no tournament."


def _parse(field: models.Field[Any, Any], value: Any) -> Any:
    """A value of the document as the field takes it."""
    if value is None:
        return None
    if isinstance(field, models.DateTimeField):
        return datetime.datetime.fromisoformat(value)
    if isinstance(field, models.DateField):
        return datetime.date.fromisoformat(value)
    if isinstance(field, models.TimeField):
        return datetime.time.fromisoformat(value)
    if isinstance(field, models.DecimalField):
        return Decimal(value)
    return value


def _check(
    model: str, row: dict[str, Any], field: models.Field[Any, Any], value: Any
) -> None:
    """The checks of a form, for what a file can carry: choices and validators (no control
    character in a name, which would break the TRF export)."""
    if value is None or field.is_relation:
        return
    try:
        if field.choices and value not in {c for c, _ in field.flatchoices}:
            raise ValidationError(f"{value!r} is not one of its choices")
        field.run_validators(value)
    except ValidationError as error:
        raise ValidationError(
            BACKUP_BAD_ROW.format(
                model=model,
                id=row.get("id"),
                field=field.name,
                error=" ".join(error.messages),
            )
        ) from None


def tournament_restore(*, text: str, slug: str = "") -> Tournament:
    """Create the tournament of backup ``text`` (under ``slug`` if given, else its own)."""
    try:
        document = json.loads(text)
    except ValueError as error:
        raise ValidationError(BACKUP_NOT_JSON.format(error=error)) from None
    if (
        not isinstance(document, dict)
        or document.get("format") != FORMAT
        or document.get("version") != VERSION
    ):
        found = document if isinstance(document, dict) else {}
        raise ValidationError(
            BACKUP_NOT_OURS.format(
                format=found.get("format"), version=found.get("version")
            )
        )
    rows_by_model: dict[str, list[dict[str, Any]]] = document.get("models", {})
    known = tournament_models()
    names = {m.__name__ for m, _ in known}
    for name in rows_by_model:
        if name not in names:
            raise ValidationError(BACKUP_UNKNOWN_MODEL.format(name=name))
    if len(rows_by_model.get("Tournament", [])) != 1:
        raise ValidationError(BACKUP_NO_TOURNAMENT)
    if slug:
        rows_by_model["Tournament"][0]["slug"] = slug
    slug = rows_by_model["Tournament"][0].get("slug", "")
    try:
        with transaction.atomic():
            if Tournament.objects.filter(slug=slug).exists():
                raise ValidationError(BACKUP_SLUG_TAKEN.format(slug=slug))
            users = _Users()
            created: dict[type[models.Model], dict[int, models.Model]] = {}
            for model, _ in known:
                rows = rows_by_model.get(model.__name__, [])
                created[model] = _restore_rows(model, rows, created, users)
            return Tournament.objects.get(slug=slug)
    except IntegrityError:
        # The same file restored twice at once (a double click on a slow upload): the other
        # restore took the slug between the check above and this one's insert.
        if Tournament.objects.filter(slug=slug).exists():
            raise ValidationError(BACKUP_SLUG_TAKEN.format(slug=slug)) from None
        raise


class _Users:
    """Users by user name, created (without a password) when missing."""

    def __init__(self) -> None:
        self.model = get_user_model()
        self.by_name: dict[str, Any] = {}

    def get(self, name: str) -> Any:
        if name not in self.by_name:
            user = self.model.objects.filter(
                **{self.model.USERNAME_FIELD: name}
            ).first()
            if user is None:
                user = self.model(**{self.model.USERNAME_FIELD: name})
                user.set_unusable_password()
                user.save()
            self.by_name[name] = user
        return self.by_name[name]


def _restore_rows(
    model: type[models.Model],
    rows: list[dict[str, Any]],
    created: dict[type[models.Model], dict[int, models.Model]],
    users: _Users,
) -> dict[int, models.Model]:
    fields = {f.name: f for f in _fields(model)}
    many = {f.name: f for f in _many(model)}
    name = model.__name__
    objects = []
    for row in rows:
        for key in row:
            if key != "id" and key not in fields and key not in many:
                raise ValidationError(
                    BACKUP_UNKNOWN_FIELD.format(model=name, field=key)
                )
        obj = model()
        for field in fields.values():
            if field.name not in row:
                continue  # a field newer than the backup: its default
            value = row[field.name]
            if field.is_relation and value is not None:
                target = field.related_model
                value = (
                    users.get(value)
                    if target is users.model
                    else created[target][value]  # type: ignore[index]
                )
                setattr(obj, field.name, value)
            else:
                value = _parse(field, value)
                _check(name, row, field, value)
                setattr(obj, field.attname, value)
        objects.append(obj)
    model._default_manager.bulk_create(objects, batch_size=1000)
    # bulk_create stamps auto_now(_add) fields with the time of the restore: put back the
    # backup's (bulk_update writes the attributes as they are).
    stamped = [
        f.name
        for f in fields.values()
        if getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False)
    ]
    if stamped and objects:
        for obj, row in zip(objects, rows, strict=True):
            for field_name in stamped:
                if field_name in row:
                    setattr(
                        obj, field_name, _parse(fields[field_name], row[field_name])
                    )
        model._default_manager.bulk_update(objects, stamped, batch_size=1000)
    for field_name, field in many.items():
        for obj, row in zip(objects, rows, strict=True):
            values = row.get(field_name, [])
            target = field.related_model
            getattr(obj, field_name).set(
                [
                    users.get(v) if target is users.model else created[target][v]  # type: ignore[index]
                    for v in values
                ]
            )
    return {row["id"]: obj for obj, row in zip(objects, rows, strict=True)}
