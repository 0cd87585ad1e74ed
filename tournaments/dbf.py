"""A dBase III table of character fields, as US Chess's rating report takes it.

Why our own writer and not a library: the report needs exactly this subset (every field of type
C, no memo file, fixed widths, one header date we choose so that the same event always gives the
same bytes), and the general DBF libraries write to files on disk and stamp today's date into
the header. The layout is the dBase III one the report's format page and its users describe
(docs/rating-report.md): a 32-byte header, one 32-byte descriptor per field, 0x0D, then records
that start with a space (not deleted), then 0x1A.
"""

from __future__ import annotations

import datetime
import struct
from collections.abc import Sequence

HEADER_END = b"\x0d"
FILE_END = b"\x1a"
NOT_DELETED = b" "
DBASE_III = 0x03


def dbf_table(
    *,
    fields: Sequence[tuple[str, int]],
    records: Sequence[Sequence[str]],
    date: datetime.date,
) -> bytes:
    """The bytes of a table with the given (name, width) character fields and records.

    Values are ASCII, cut to the field's width and padded with spaces on the right. A value
    that is not ASCII raises ValueError (the report's checks fold names first).
    """
    for name, width in fields:
        if not (name.isascii() and 1 <= len(name) <= 10 and 1 <= width <= 255):
            raise ValueError(f"bad DBF field {name!r} ({width})")
    header_length = 32 + 32 * len(fields) + 1
    record_length = 1 + sum(width for _name, width in fields)
    out = bytearray(
        struct.pack(
            "<BBBBIHH20x",
            DBASE_III,
            date.year - 1900,
            date.month,
            date.day,
            len(records),
            header_length,
            record_length,
        )
    )
    for name, width in fields:
        out += struct.pack("<11sc4xB15x", name.encode("ascii"), b"C", width)
    out += HEADER_END
    for record in records:
        if len(record) != len(fields):
            raise ValueError("a record needs one value per field")
        out += NOT_DELETED
        for value, (_name, width) in zip(record, fields, strict=True):
            out += value.encode("ascii")[:width].ljust(width, b" ")
    out += FILE_END
    return bytes(out)
