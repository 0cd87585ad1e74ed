"""Players in bulk: a CSV pasted or uploaded, previewed with every row's problems, then saved in one
transaction."""

from __future__ import annotations

import csv
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.db import transaction

from tournaments.models import RATING_MAX, Player, Section
from tournaments.selectors import next_start_number, round_one_paired
from tournaments.services.common import section_lock
from tournaments.services.players import players_renumber

IMPORT_EMPTY = "There are no player rows to import."
IMPORT_HAS_PROBLEMS = "Nothing was saved: {count} row{s} still {have} a problem. Fix them and preview again."
IMPORT_COLUMNS = ("name", "uschess_id", "fide_id", "rating", "federation", "club")
IMPORT_HEADERS = {
    "name": "name",
    "player": "name",
    "us chess id": "uschess_id",
    "uschess id": "uschess_id",
    "uschess_id": "uschess_id",
    "uscf id": "uschess_id",
    "uscf": "uschess_id",
    "us chess": "uschess_id",
    "fide id": "fide_id",
    "fide_id": "fide_id",
    "fide": "fide_id",
    "rating": "rating",
    "rtg": "rating",
    "federation": "federation",
    "state": "federation",
    "federation/state": "federation",
    "fed": "federation",
    "club": "club",
    "team": "club",
    "school": "club",
}
UNRATED_WORDS = frozenset({"", "unr", "unrated", "none", "-"})


@dataclass
class ImportRow:
    """One row of a player file: its line, the values read, and what is wrong with it."""

    line: int
    values: dict[str, str]
    problems: list[str] = field(default_factory=list)
    rating: int | None = None


@dataclass
class ImportPreview:
    rows: list[ImportRow]
    header: bool

    @property
    def problem_rows(self) -> list[ImportRow]:
        return [r for r in self.rows if r.problems]


def players_import_preview(*, section: Section, text: str) -> ImportPreview:
    """Read a CSV (comma, semicolon or tab separated) and find every row's problems; save nothing.

    Columns in this order unless a header row names them: name, US Chess ID, FIDE ID, rating,
    federation/state, club.
    """
    lines = text.replace("\r\n", "\n").split("\n")
    first = next((line for line in lines if line.strip()), "")
    delimiter = max(("\t", ";", ","), key=first.count) if first else ","
    reader = csv.reader(lines, delimiter=delimiter)
    rows: list[ImportRow] = []
    columns: tuple[str, ...] = IMPORT_COLUMNS
    header = False
    for number, cells in enumerate(reader, start=1):
        cells = [c.strip() for c in cells]
        if not any(cells):
            continue
        if not rows and not header and _is_header(cells):
            header = True
            columns = tuple(IMPORT_HEADERS.get(c.lower(), "") for c in cells)
            continue
        row = ImportRow(line=number, values=dict.fromkeys(IMPORT_COLUMNS, ""))
        extra = [c for c, name in zip(cells, columns, strict=False) if not name and c]
        if len(cells) > len(columns) and any(cells[len(columns) :]):
            row.problems.append(
                f"{len(cells)} columns; expected at most {len(columns)} "
                f"({', '.join(_column_label(c) for c in columns if c)})"
            )
        elif extra:
            row.problems.append(
                f"a value in a column with no known header: {extra[0]!r}"
            )
        for name, cell in zip(columns, cells, strict=False):
            if name:
                row.values[name] = cell
        _import_row_check(row)
        rows.append(row)
    _import_duplicates(section, rows)
    return ImportPreview(rows=rows, header=header)


def _column_label(column: str) -> str:
    return {
        "name": "name",
        "uschess_id": "US Chess ID",
        "fide_id": "FIDE ID",
        "rating": "rating",
        "federation": "federation/state",
        "club": "club",
    }[column]


def _is_header(cells: list[str]) -> bool:
    known = [c for c in cells if c.lower() in IMPORT_HEADERS]
    return (
        bool(known)
        and cells[0].lower() in IMPORT_HEADERS
        and not any(c.isdigit() for c in cells)
    )


def _import_row_check(row: ImportRow) -> None:
    values, problems = row.values, row.problems
    if not values["name"]:
        problems.append("the name is missing")
    elif len(values["name"]) > 100:
        problems.append("the name is longer than 100 characters")
    rating = values["rating"]
    if rating.lower() not in UNRATED_WORDS:
        if not (rating.isascii() and rating.isdigit()):
            problems.append(f"rating {rating!r} is not a number")
        elif not 1 <= int(rating) <= RATING_MAX:
            problems.append(
                f"rating {rating} is out of range (1 to {RATING_MAX}; empty for unrated)"
            )
        else:
            row.rating = int(rating)
    for column, label, limit in (
        ("uschess_id", "US Chess ID", 16),
        ("fide_id", "FIDE ID", 16),
    ):
        value = values[column]
        if value and not (value.isascii() and value.isdigit()):
            problems.append(f"{label} {value!r} is not a number")
        elif len(value) > limit:
            problems.append(f"{label} {value!r} is longer than {limit} digits")
        elif value and column == "uschess_id" and len(value) != 8:
            problems.append(f"US Chess ID {value!r} does not have 8 digits")
    if len(values["federation"]) > 8:
        problems.append(
            f"federation/state {values['federation']!r} is longer than 8 characters"
        )
    if len(values["club"]) > 100:
        problems.append("the club is longer than 100 characters")


def _import_duplicates(section: Section, rows: list[ImportRow]) -> None:
    """A player twice in the file, or already in the section: by ID, or by name with no ID."""
    existing = list(
        Player.objects.filter(section=section).values_list(
            "start_number", "name", "uschess_id", "fide_id"
        )
    )
    for column, label in (("uschess_id", "US Chess ID"), ("fide_id", "FIDE ID")):
        first_line: dict[str, int] = {}
        for row in rows:
            value = row.values[column]
            if not value:
                continue
            if value in first_line:
                row.problems.append(
                    f"duplicate {label} {value}: also on line {first_line[value]}"
                )
            else:
                first_line[value] = row.line
        known = {
            (uschess if column == "uschess_id" else fide): (n, name)
            for n, name, uschess, fide in existing
        }
        for row in rows:
            value = row.values[column]
            if value and value in known:
                n, name = known[value]
                row.problems.append(
                    f"duplicate of player {n}. {name}, already in the section ({label} {value})"
                )
    names: dict[str, int] = {}
    known_names = {name.casefold(): n for n, name, _u, _f in existing}
    for row in rows:
        key = row.values["name"].casefold()
        if not key:
            continue
        has_id = bool(row.values["uschess_id"] or row.values["fide_id"])
        if key in names and not has_id:
            row.problems.append(f"duplicate name: also on line {names[key]}")
        names.setdefault(key, row.line)
        if key in known_names and not has_id:
            row.problems.append(
                f"duplicate of player {known_names[key]}. {row.values['name']}, already in "
                "the section (give an ID if this is someone else)"
            )


def players_import_save(*, section: Section, text: str) -> list[Player]:
    """Save every row of the file in one transaction, or none when any row has a problem."""
    with transaction.atomic():
        section_lock(section)
        preview = players_import_preview(section=section, text=text)
        if not preview.rows:
            raise ValidationError(IMPORT_EMPTY)
        bad = len(preview.problem_rows)
        if bad:
            raise ValidationError(
                IMPORT_HAS_PROBLEMS.format(
                    count=bad,
                    s="" if bad == 1 else "s",
                    have="has" if bad == 1 else "have",
                )
            )
        start = next_start_number(section)
        players = Player.objects.bulk_create(
            Player(
                section=section,
                start_number=start + i,
                name=row.values["name"],
                rating=row.rating,
                uschess_id=row.values["uschess_id"],
                fide_id=row.values["fide_id"],
                federation=row.values["federation"],
                club=row.values["club"],
            )
            for i, row in enumerate(preview.rows)
        )
        if not round_one_paired(section):
            players_renumber(section=section)
    return list(
        Player.objects.filter(pk__in=[p.pk for p in players]).order_by("start_number")
    )
