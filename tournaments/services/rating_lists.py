"""Loading a rating list: the new list replaces the old one of its kind in one transaction."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import islice

from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, transaction

from tournaments.models import RatingList, RatingListEntry
from tournaments.rating_lists import ListRow, fide_list_rows, uschess_csv_rows

RATING_LIST_EMPTY = "The file has no players in it."
RATING_LIST_RACE = (
    "Another list of this kind was loaded at the same moment: load the file again."
)
_COLUMNS = [
    "rating_list_id",
    "member_id",
    "name",
    "name_key",
    "name_head",
    "rating",
    "federation",
    "state",
    "title",
]
_BATCH = 20_000


def rating_list_load(*, kind: str, file_name: str, lines: Iterable[str]) -> RatingList:
    """Read the file (FIDE's fixed-width list, or a US Chess CSV's text lines) and make it the
    list of its kind. A file that cannot be read changes nothing."""
    try:
        if kind == RatingList.Kind.FIDE:
            rows: Iterator[ListRow] = fide_list_rows(lines)
        else:
            rows = uschess_csv_rows("\n".join(lines))
        with transaction.atomic():
            old = RatingList.objects.filter(kind=kind).first()
            if old is not None:
                # One DELETE statement (no per-row cascade), then the list row itself.
                RatingListEntry.objects.filter(rating_list=old).delete()
                old.delete()
            rating_list = RatingList.objects.create(
                kind=kind, file_name=file_name[:200]
            )
            count = _insert(rating_list.pk, rows)
            # Fresh statistics, so the planner uses the name index from the first lookup on.
            with connection.cursor() as cursor:
                cursor.execute(f"ANALYZE {RatingListEntry._meta.db_table}")
            if not count:
                raise ValidationError(RATING_LIST_EMPTY)
            rating_list.rows = count
            rating_list.save(update_fields=["rows"])
    except ValueError as error:
        raise ValidationError(str(error)) from None
    except IntegrityError:
        # Two loads of one kind at once: the second to commit finds the kind taken.
        raise ValidationError(RATING_LIST_RACE) from None
    return rating_list


def _insert(list_id: int, rows: Iterator[ListRow]) -> int:
    """Write the rows in large batches: COPY on PostgreSQL, executemany elsewhere (a million
    rows in well under a minute; bench/rating_list_bench.py)."""
    table = RatingListEntry._meta.db_table
    columns = ", ".join(_COLUMNS)
    count = 0
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            raw = cursor.cursor  # psycopg's own cursor, for COPY
            with raw.copy(f"COPY {table} ({columns}) FROM STDIN") as copy:
                for row in rows:
                    copy.write_row((list_id, *row))
                    count += 1
            return count
        sql = f"INSERT INTO {table} ({columns}) VALUES ({', '.join(['%s'] * len(_COLUMNS))})"
        while batch := [(list_id, *row) for row in islice(rows, _BATCH)]:
            cursor.executemany(sql, batch)
            count += len(batch)
    return count
