"""Players in bulk: a CSV pasted or uploaded, previewed with every row's problems, then saved in one
transaction."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from tournaments import uschess
from tournaments.models import RATING_MAX, Player, Section
from tournaments.selectors import posted_rounds, rating_list_by_ids
from tournaments.services.common import section_lock
from tournaments.services.players_add import (
    EntryCheck,
    duplicates_named,
    players_add,
    players_draft_check,
    players_entry_check,
)
from tournaments.validators import no_control_characters

IMPORT_EMPTY = "There are no player rows to import."
IMPORT_ROUND_POSTED = (
    "Round {round} is posted, so the players of this file would miss {missed}: no file is "
    "entered once a round is posted. Enter each player with Late entry, which asks, for each "
    "round missed, a half-point bye or not paired."
)
IMPORT_HAS_PROBLEMS = "Nothing was saved: {count} row{s} still {have} a problem. Fix them and preview again."
IMPORT_COLUMNS = ("name", "uschess_id", "fide_id", "rating", "federation", "club")
# Read only when a header row names them.
IMPORT_FIELDS = (*IMPORT_COLUMNS, "state")
# Header names, compared in lower case with dots, underscores, "#" and extra spaces dropped
# (``_header_key``): this program's own, and those of the files TDs have (docs/td-setup.md):
# US Chess member lists and rating-report fields (Member ID, D_MEM_ID, Regular Rating),
# WinTD (ID, Rate, Rtng, St, Exp.) and SwissSys (I.D., Rating, State, Team).
IMPORT_HEADERS = {
    "name": "name",
    "player": "name",
    "player name": "name",
    "full name": "name",
    "d name": "name",
    "last name": "last_name",
    "last": "last_name",
    "surname": "last_name",
    "family name": "last_name",
    "first name": "first_name",
    "first": "first_name",
    "given name": "first_name",
    "us chess id": "uschess_id",
    "uschess id": "uschess_id",
    "uscf id": "uschess_id",
    "us chess": "uschess_id",
    "id": "uschess_id",
    "member id": "uschess_id",
    "mem id": "uschess_id",
    "memid": "uschess_id",
    "d mem id": "uschess_id",
    "uscf": "uschess_id",
    "fide id": "fide_id",
    "fide": "fide_id",
    "fideid": "fide_id",
    "rating": "rating",
    "rtg": "rating",
    "rtng": "rating",
    "rate": "rating",
    "regular rating": "rating",
    "reg rating": "rating",
    "regular": "rating",
    "us chess rating": "rating",
    "uscf rating": "rating",
    "d rating": "rating",
    "federation": "federation",
    "state": "state",
    "st": "state",
    "d state": "state",
    "federation/state": "federation",
    "fed": "federation",
    "club": "club",
    "team": "club",
    "school": "club",
    "club/team": "club",
}
UNRATED_WORDS = frozenset({"", "unr", "unr.", "unrated", "none", "-"})
# A rating as lists print it: 1850, a provisional 1432P12 or 1432/12, or 1850* (US Chess).
_RATING = re.compile(r"^(\d{1,4})(?:[pP]\d*|/\d+|\*)?$")


@dataclass
class ImportRow:
    """One row of a player file: its line, the values read, and what is wrong with it."""

    line: int
    values: dict[str, str]
    problems: list[str] = field(default_factory=list)
    rating: int | None = None
    # Questions the TD answers when saving (``players_add``): a likely duplicate, a player
    # outside the section's rating limit.
    duplicates: list[str] = field(default_factory=list)
    outside: list[str] = field(default_factory=list)
    check: EntryCheck | None = None


@dataclass
class ImportPreview:
    rows: list[ImportRow]
    header: bool
    # Said once for the whole file (columns ignored), not a problem of any row.
    warnings: list[str] = field(default_factory=list)
    # Why no row of the file can be entered (a round is posted): said before the TD saves.
    refused: list[str] = field(default_factory=list)

    @property
    def problem_rows(self) -> list[ImportRow]:
        return [r for r in self.rows if r.problems]

    @property
    def asks_confirmation(self) -> bool:
        return any(r.duplicates for r in self.rows)

    @property
    def duplicates_named(self) -> list[int]:
        """The pks of the players already in the section the preview's questions name."""
        return duplicates_named([r.check for r in self.rows if r.check is not None])

    @property
    def asks_reason(self) -> bool:
        return any(r.outside for r in self.rows)


IMPORT_IGNORED = "Ignored the column{s} {names}: Tiebreak keeps no such field."


IMPORT_FILLED = "Filled {count} missing rating{s} from the rating lists: {rows}."


def players_import_preview(
    *, section: Section, text: str, fill_ratings: bool = False
) -> ImportPreview:
    """Read a CSV (comma, semicolon or tab separated) and find every row's problems; save nothing.

    Columns in this order unless a header row names them: name, US Chess ID, FIDE ID, rating,
    federation/state, club. A header may name them in any order, with the names of other
    programs' files (``IMPORT_HEADERS``); columns it does not know are ignored with one warning.
    Any line ending is read (Windows, Unix, old Mac), and a UTF-8 byte order mark is dropped.
    """
    text = text.removeprefix("\ufeff")
    first = next((line for line in text.splitlines() if line.strip()), "")
    delimiter = max(("\t", ";", ","), key=first.count) if first else ","
    # newline="" lets the csv module read "\r", "\n" and "\r\n" endings (and quoted ones).
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    lines: list[tuple[int, list[str]]] = []
    start = 1
    for cells in reader:
        lines.append((start, [c.strip() for c in cells]))
        start = reader.line_num + 1
    lines = [(n, cells) for n, cells in lines if any(cells)]
    columns: tuple[str, ...] = IMPORT_COLUMNS
    header = bool(lines) and _is_header(lines[0][1])
    warnings = []
    if header:
        titles = lines.pop(0)[1]
        columns = tuple(IMPORT_HEADERS.get(_header_key(c), "") for c in titles)
        columns = _uscf_column(columns, titles, lines)
        ignored = [t for t, c in zip(titles, columns, strict=True) if t and not c]
        if ignored:
            warnings.append(
                IMPORT_IGNORED.format(
                    s="" if len(ignored) == 1 else "s",
                    names=", ".join(repr(t) for t in ignored),
                )
            )
    rows: list[ImportRow] = []
    for number, cells in lines:
        row = ImportRow(line=number, values=dict.fromkeys(IMPORT_FIELDS, ""))
        if not header and len(cells) > len(columns) and any(cells[len(columns) :]):
            row.problems.append(
                f"{len(cells)} columns; expected at most {len(columns)} "
                f"({', '.join(_column_label(c) for c in columns if c)})"
            )
        parts: dict[str, str] = {}
        for name, cell in zip(columns, cells, strict=False):
            if name in IMPORT_FIELDS and not row.values[name]:
                row.values[name] = cell
            elif name:
                parts[name] = cell
        row.values["name"] = _name_read(
            row.values["name"]
            # Surname and given names in two columns: "Last, First", the surname marked.
            or ", ".join(
                p for p in (parts.get("last_name"), parts.get("first_name")) if p
            )
        )
        _import_row_check(row)
        rows.append(row)
    if fill_ratings:
        warnings += _ratings_fill(rows)
    _import_rules(section, rows)
    # The player form refuses them too (``players_posted_check``): entered from a file, each
    # would miss the posted rounds with no row (not paired, never chosen). Late entry asks,
    # player by player, for each round missed.
    posted = max(posted_rounds(section), default=0)
    refused = (
        [
            IMPORT_ROUND_POSTED.format(
                round=posted,
                missed="round 1" if posted == 1 else f"rounds 1 to {posted}",
            )
        ]
        if posted
        else []
    )
    return ImportPreview(rows=rows, header=header, warnings=warnings, refused=refused)


def _ratings_fill(rows: list[ImportRow]) -> list[str]:
    """Give an unrated row the rating the loaded lists have for its US Chess ID (first) or its
    FIDE ID; one sentence says which rows were filled."""
    unrated = [r for r in rows if r.rating is None and not r.problems]
    found = rating_list_by_ids(
        uschess_ids=[r.values["uschess_id"] for r in unrated],
        fide_ids=[r.values["fide_id"] for r in unrated],
    )
    filled = []
    for row in unrated:
        for key in (
            ("uschess", row.values["uschess_id"]),
            ("fide", row.values["fide_id"]),
        ):
            entry = found.get(key)
            if entry is not None and entry.rating is not None:
                row.rating = entry.rating
                filled.append(f"line {row.line} ({row.values['name']}, {entry.rating})")
                break
    if not filled:
        return []
    return [
        IMPORT_FILLED.format(
            count=len(filled), s="" if len(filled) == 1 else "s", rows="; ".join(filled)
        )
    ]


def _header_key(title: str) -> str:
    return " ".join(title.lower().translate(str.maketrans("_", " ", ".#")).split())


def _uscf_column(
    columns: tuple[str, ...], titles: list[str], lines: list[tuple[int, list[str]]]
) -> tuple[str, ...]:
    """A column headed "USCF" is the rating in WinTD's files and the ID elsewhere: a US Chess ID
    has 8 digits and a rating at most 4, so the values decide."""
    fixed = list(columns)
    for i, title in enumerate(titles):
        if _header_key(title) != "uscf":
            continue
        values = [cells[i] for _n, cells in lines if i < len(cells) and cells[i]]
        if values and all(len(_RATING.sub(r"\1", v)) <= 4 for v in values):
            fixed[i] = "rating" if "rating" not in columns else ""
    return tuple(fixed)


def _name_read(name: str) -> str:
    """A name as lists write it. "LAST, FIRST" (US Chess, SwissSys and WinTD) stays in that
    order, spaced "Last, First": only the comma says which words are the surname ("de la Cruz,
    Juan"), and the rating report needs it. A name in capitals only gets capitals on its words
    (a name typed with its own capitals is left as it is)."""
    name = " ".join(name.split())
    if name.count(",") == 1:
        last, first = (part.strip() for part in name.split(","))
        if last and first:
            name = f"{last}, {first}"
    if name.isupper():
        name = " ".join(
            "-".join(part.capitalize() for part in word.split("-"))
            for word in name.split()
        )
    return name


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
    known = [c for c in cells if _header_key(c) in IMPORT_HEADERS]
    return (
        bool(known)
        and _header_key(cells[0]) in IMPORT_HEADERS
        and not any(c.isdigit() for c in cells)
    )


def _import_row_check(row: ImportRow) -> None:
    values, problems = row.values, row.problems
    for column, value in values.items():
        try:
            no_control_characters(value)
        except ValidationError:
            # A quoted CSV cell may hold a line break: it would split the player in a TRF.
            problems.append(
                f"the {column.replace('_', ' ')} holds a line break or another control character"
            )
    if not values["name"]:
        problems.append("the name is missing")
    elif len(values["name"]) > 100:
        problems.append("the name is longer than 100 characters")
    rating = _RATING.sub(r"\1", values["rating"])
    if rating.lower() not in UNRATED_WORDS:
        if not (rating.isascii() and rating.isdigit()):
            problems.append(f"rating {rating!r} is not a number")
        # Its length first: int() refuses more than 4,300 digits (a ValueError).
        elif len(rating) > len(str(RATING_MAX)) or not 1 <= int(rating) <= RATING_MAX:
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
    values["state"] = values["state"].upper()
    if (
        values["state"] not in uschess.US_STATES
        and len(values["state"]) == 3
        and values["state"].isalpha()
        and not values["federation"]
    ):
        # Lists keep a foreign player's country in the state column (NOR, CAN): FIDE's
        # three-letter federation, not a state.
        values["federation"], values["state"] = values["state"], ""
    if values["state"]:
        try:
            uschess.validate_state(values["state"])
        except ValidationError as error:
            problems.extend(m.rstrip(".") for m in error.messages)
    if len(values["federation"]) > 8:
        problems.append(
            f"federation/state {values['federation']!r} is longer than 8 characters"
        )
    if len(values["club"]) > 100:
        problems.append("the club is longer than 100 characters")


def _entry(row: ImportRow) -> dict[str, Any]:
    values = {k: v for k, v in row.values.items() if k != "rating"}
    return {**values, "rating": row.rating}


def _import_rules(section: Section, rows: list[ImportRow]) -> None:
    """The rules of every way of adding players (``players_entry_check``), on every row: an ID
    already in the section or twice in the file is a problem; a likely duplicate or a player
    outside the section's limits is a question the TD answers when saving."""
    checks = players_entry_check(
        section=section,
        entries=[_entry(row) for row in rows],
        lines=[row.line for row in rows],
    )
    for row, check in zip(rows, checks, strict=True):
        if row.problems:
            # The row's own values are named already, in the file's terms.
            row.problems.extend(check.taken)
            continue
        row.problems.extend(check.refused)
        row.duplicates = check.duplicates
        row.check = check
        row.outside = check.outside


def players_import_save(
    *,
    section: Section,
    text: str,
    fill_ratings: bool = False,
    confirm_duplicates: bool = False,
    duplicates_shown: Collection[int] | None = None,
    override_reason: str = "",
    user: Any = None,
) -> list[Player]:
    """Save every row of the file in one transaction, or none when any row has a problem or a
    question not answered (``players_add``); ``fill_ratings`` gives unrated rows the loaded
    rating lists' rating for their ID. Once a round is posted the whole file is refused
    (``IMPORT_ROUND_POSTED``, read under the section's lock): Late entry takes each player."""
    with transaction.atomic():
        section_lock(section)
        preview = players_import_preview(
            section=section, text=text, fill_ratings=fill_ratings
        )
        if preview.refused:
            raise ValidationError(preview.refused)
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
        players = players_add(
            section=section,
            entries=[_entry(row) for row in preview.rows],
            lines=[row.line for row in preview.rows],
            confirm_duplicates=confirm_duplicates,
            duplicates_shown=duplicates_shown,
            override_reason=override_reason,
            user=user,
        )
        players_draft_check(section)
    return sorted(players, key=lambda p: p.start_number)
