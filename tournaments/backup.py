"""A whole tournament as one JSON document: every row of every model that belongs to it.

The document is generic over the models: every model of the ``tournaments`` app that reaches
``Tournament`` through its foreign keys is in it, with every concrete field, so a field or model
added later is backed up without a change here (``tests/tournaments/test_backup.py`` fails for a
model that neither reaches a tournament nor is listed in ``NOT_A_TOURNAMENTS``).

- Rows are numbered per model in the order of their keys (``"id": 1, 2, ...``) and point at each
  other by those numbers, never by database keys: a restored tournament, in any database, writes
  the same document again byte for byte.
- Users (directors, who changed a result...) are written by user name.
- Values are written the same way on SQLite and PostgreSQL: dates and times in ISO 8601 (UTC),
  decimals with their field's places, JSON fields with sorted keys.

Restoring is ``tournaments.services.backup.tournament_restore``; formats in docs/backup.md.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.exceptions import ImproperlyConfigured
from django.db import models

from tournaments.models import Tournament

FORMAT = "tiebreak-tournament"
VERSION = 1
# Models of the app that are shared by every tournament, not part of one.
NOT_A_TOURNAMENTS = frozenset({"RatingList", "RatingListEntry"})

Model = type[models.Model]


def _app_models() -> list[Model]:
    return list(apps.get_app_config("tournaments").get_models())


def _path_to_tournament(
    model: Model, seen: frozenset[Model] = frozenset()
) -> str | None:
    """The lookup from ``model`` to its tournament (``"round__section__tournament"``), through
    required foreign keys first; None when it has none."""
    if model is Tournament:
        return ""
    keys = [
        f
        for f in model._meta.concrete_fields
        if f.is_relation
        and f.related_model in _app_models()
        and f.related_model not in seen
    ]
    for field in sorted(keys, key=lambda f: f.null):
        rest = _path_to_tournament(field.related_model, seen | {model})  # type: ignore[arg-type]
        if rest is not None:
            return field.name + ("__" + rest if rest else "")
    return None


def tournament_models() -> list[tuple[Model, str]]:
    """Each model of a tournament with its lookup to the tournament, every model after the
    models it points at (the order rows are restored in)."""
    found: dict[Model, str] = {}
    for model in _app_models():
        if model.__name__ in NOT_A_TOURNAMENTS:
            continue
        path = _path_to_tournament(model)
        if path is None:
            raise ImproperlyConfigured(
                f"{model.__name__} does not reach a tournament: add it to NOT_A_TOURNAMENTS "
                "in tournaments/backup.py or give it a foreign key"
            )
        found[model] = path
    ordered: list[Model] = []
    while len(ordered) < len(found):
        ready = [
            m
            for m in found
            if m not in ordered
            and all(t in ordered or t is m for t in _targets(m) if t in found)
        ]
        if not ready:
            raise ImproperlyConfigured(
                "the tournament's models point at each other in a loop"
            )
        ordered.extend(ready)
    return [(m, found[m]) for m in ordered]


def _targets(model: Model) -> Iterator[Model]:
    for field in model._meta.concrete_fields:
        if field.is_relation:
            yield field.related_model  # type: ignore[misc]


def _fields(model: Model) -> list[models.Field[Any, Any]]:
    """The fields a row of ``model`` is written with: every concrete field but its key."""
    return [f for f in model._meta.concrete_fields if not f.primary_key]


def _many(model: Model) -> list[models.ManyToManyField[Any, Any]]:
    return [
        f for f in model._meta.many_to_many if isinstance(f, models.ManyToManyField)
    ]


def _value(field: models.Field[Any, Any], value: Any) -> Any:
    """A field's value as the document writes it, the same on every database."""
    if value is None:
        return None
    if isinstance(field, models.DecimalField):
        places = Decimal(10) ** -(field.decimal_places or 0)
        return format(Decimal(value).quantize(places), "f")
    if isinstance(value, datetime.datetime):
        return value.astimezone(datetime.UTC).isoformat()
    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat()
    return value


def tournament_document(tournament: Tournament) -> dict[str, Any]:
    """Every row of the tournament, numbered per model (see the module's docstring)."""
    User = get_user_model()
    numbers: dict[Model, dict[int, int]] = {}
    usernames = dict(User.objects.values_list("pk", User.USERNAME_FIELD))
    rows_by_model: dict[str, list[dict[str, Any]]] = {}
    for model, path in tournament_models():
        query = model._default_manager.filter(
            **{path or "pk": tournament if path else tournament.pk}
        )
        objects = list(query.order_by("pk"))
        numbers[model] = {obj.pk: n for n, obj in enumerate(objects, start=1)}
        rows = []
        for n, obj in enumerate(objects, start=1):
            row: dict[str, Any] = {"id": n}
            for field in _fields(model):
                if field.is_relation:
                    key = getattr(obj, field.attname)
                    target = field.related_model
                    if key is None:
                        row[field.name] = None
                    elif target is User:
                        row[field.name] = usernames[key]
                    elif target in numbers:
                        row[field.name] = numbers[target][key]  # type: ignore[index]
                    else:
                        raise ImproperlyConfigured(
                            f"{model.__name__}.{field.name} points outside the tournament"
                        )
                else:
                    row[field.name] = _value(field, field.value_from_object(obj))
            for many in _many(model):
                related = getattr(obj, many.name).all()
                if many.related_model is User:
                    row[many.name] = sorted(usernames[u.pk] for u in related)
                else:
                    row[many.name] = sorted(
                        numbers[many.related_model][r.pk]  # type: ignore[index]
                        for r in related
                    )
            rows.append(row)
        rows_by_model[model.__name__] = rows
    return {"format": FORMAT, "version": VERSION, "models": rows_by_model}


def tournament_export(tournament: Tournament) -> str:
    """The document as text: sorted keys, one value per line, so equal tournaments give equal
    bytes and two backups compare with ``diff``."""
    document = tournament_document(tournament)
    return json.dumps(document, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
