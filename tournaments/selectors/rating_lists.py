"""Reads of the loaded rating lists (docs/rating-lists.md)."""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import Q

from tournaments.models import (
    RatingListEntry,
)
from tournaments.rating_lists import name_key

# ---- rating lists (docs/rating-lists.md)


def rating_list_lookup(query: str, *, limit: int = 8) -> list[RatingListEntry]:
    """Players of the loaded lists whose ID is ``query`` (digits) or whose name starts with it
    ("ortiz", "ortiz, an", "ana ortiz"); at least three letters of a name. Index-backed: an ID
    is an index lookup, a name narrows by its first three letters first."""
    query = query.strip()
    entries = RatingListEntry.objects.select_related("rating_list")
    if query.isdigit():
        return list(entries.filter(member_id=query)[:limit])
    keys = [name_key(query)]
    if "," not in query and " " in query.strip():
        first, last = query.strip().rsplit(" ", 1)
        keys.append(name_key(f"{last}, {first}"))
    found: list[RatingListEntry] = []
    for key in keys:
        if len(key) < 3:
            continue
        # A range on the indexed key (byte order: SQLite's default, and the C collation the
        # migration gives the column on PostgreSQL), not LIKE, which the index cannot serve.
        upper = key[:-1] + chr(ord(key[-1]) + 1)
        found += entries.filter(
            name_head=key[:3], name_key__gte=key, name_key__lt=upper
        ).order_by("name_key")[:limit]  # the index's order: the scan stops at ``limit``
    return found[:limit]


def rating_list_by_ids(
    *, uschess_ids: Iterable[str], fide_ids: Iterable[str]
) -> dict[tuple[str, str], RatingListEntry]:
    """The loaded lists' entries for these IDs, keyed by (list kind, ID), in one query (a FIDE
    ID and a US Chess ID may be the same digits)."""
    wanted_us = {i for i in uschess_ids if i}
    wanted_fide = {i for i in fide_ids if i}
    if not (wanted_us or wanted_fide):
        return {}
    found = RatingListEntry.objects.filter(
        Q(rating_list__kind="uschess", member_id__in=sorted(wanted_us))
        | Q(rating_list__kind="fide", member_id__in=sorted(wanted_fide))
    ).select_related("rating_list")
    return {(e.rating_list.kind, e.member_id): e for e in found}
