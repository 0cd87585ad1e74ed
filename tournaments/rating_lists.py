"""Reading rating-list files: FIDE's fixed-width players list and a US Chess CSV.

Pure functions: each yields ``ListRow`` tuples the loader writes in bulk. The columns accepted
are documented in docs/rating-lists.md.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable, Iterator
from typing import NamedTuple

from tournaments.uschess import US_STATES, ascii_fold

LIST_NO_HEADER = (
    "This is not FIDE's players list: its first line should name the columns "
    "(ID Number, Name, Fed, ... ). Download players_list_foa.txt (or the standard list) "
    "from FIDE's ratings site."
)
CSV_NO_COLUMNS = (
    "The CSV needs a header row with an ID column (ID, Member ID, US Chess ID or USCF ID) "
    "and a name column (Name, or Last Name and First Name)."
)


class ListRow(NamedTuple):
    member_id: str
    name: str
    name_key: str
    name_head: str
    rating: int | None
    federation: str
    state: str
    title: str


def name_key(name: str) -> str:
    """The name as a lookup compares it: lower-case ASCII, "last, first", single spaces."""
    folded = " ".join(ascii_fold(name).lower().replace(",", ", ").split())
    return folded.replace(" ,", ",")[:100]


def _row(
    member_id: str,
    name: str,
    rating: int | None,
    federation: str = "",
    state: str = "",
    title: str = "",
) -> ListRow:
    key = name_key(name)
    return ListRow(
        member_id, name[:100], key, key[:3], rating, federation[:3], state, title[:3]
    )


def _rating(text: str) -> int | None:
    text = text.strip()
    if text.isdigit() and 0 < int(text) <= 3500:
        return int(text)
    return None


# ---- FIDE: columns found by their header, so both the combined list (players_list_foa.txt,
# rating column SRtng) and the standard list (rating column named by its month, e.g. MAY25)
# are read.
_HEADER_TOKEN = re.compile(r"ID Number|\S+")
_MONTH_COLUMN = re.compile(r"[A-Z]{3}\d{2}")
# Titles as TRF writes them (GM, IM, ... WGM); FIDE's list spells them in lower case too.
_TITLES = {"GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM"}


def fide_list_rows(lines: Iterable[str]) -> Iterator[ListRow]:
    """Rows of FIDE's fixed-width players list; raises ValueError if the header is missing."""
    it = iter(lines)
    header = next(it, "")
    spans = [(m.group(), m.start()) for m in _HEADER_TOKEN.finditer(header)]
    names = [n for n, _start in spans]
    if "ID Number" not in names or "Name" not in names:
        raise ValueError(LIST_NO_HEADER)
    columns: dict[str, slice] = {}
    for i, (token, start) in enumerate(spans):
        end = spans[i + 1][1] if i + 1 < len(spans) else None
        columns[token] = slice(start, end)
    rating_col = next(
        (n for n in names if n in ("SRtng", "Rtng") or _MONTH_COLUMN.fullmatch(n)),
        None,
    )
    id_col, name_col = columns["ID Number"], columns["Name"]
    fed_col, tit_col = columns.get("Fed"), columns.get("Tit")
    rating_slice = columns[rating_col] if rating_col else None
    for line in it:
        member_id = line[id_col].strip()
        if not member_id.isdigit():
            continue
        title = line[tit_col].strip().upper() if tit_col else ""
        yield _row(
            member_id,
            line[name_col].strip(),
            _rating(line[rating_slice]) if rating_slice else None,
            federation=line[fed_col].strip() if fed_col else "",
            title=title if title in _TITLES else "",
        )


# ---- US Chess: a CSV with a header row.
_CSV_HEADERS = {
    "id": "id", "member id": "id", "memberid": "id", "us chess id": "id", "uscf id": "id",
    "uscf_id": "id", "mbr id": "id",
    "name": "name", "full name": "name", "member name": "name",
    "last name": "last", "last": "last", "first name": "first", "first": "first",
    "rating": "rating", "regular rating": "rating", "regular": "rating", "r_rating": "rating",
    "state": "state", "st": "state",
    "fide id": "fide_id", "fed": "federation", "federation": "federation",
    "title": "title",
}  # fmt: skip


def uschess_csv_rows(text: str) -> Iterator[ListRow]:
    """Rows of a US Chess CSV (a supplement or member list saved as CSV)."""
    reader = csv.reader(text.splitlines())
    header = [h.strip().lower() for h in next(reader, [])]
    index = {_CSV_HEADERS[h]: i for i, h in enumerate(header) if h in _CSV_HEADERS}
    if "id" not in index or not ("name" in index or "last" in index):
        raise ValueError(CSV_NO_COLUMNS)

    def cell(cells: list[str], column: str) -> str:
        i = index.get(column)
        return cells[i].strip() if i is not None and i < len(cells) else ""

    for cells in reader:
        member_id = cell(cells, "id")
        if not (member_id.isdigit() and len(member_id) == 8):
            continue
        name = cell(cells, "name")
        if not name:
            last, first = cell(cells, "last"), cell(cells, "first")
            name = f"{last}, {first}" if first else last
        # A rating may carry a provisional mark: "1450/12" or "1450P12".
        rating = _rating(re.split(r"[/P*]", cell(cells, "rating"), maxsplit=1)[0])
        state = cell(cells, "state").upper()
        title = cell(cells, "title").upper()
        yield _row(
            member_id,
            name,
            rating,
            federation=cell(cells, "federation").upper() or "USA",
            state=state if state in US_STATES else "",
            title=title if title in _TITLES else "",
        )
