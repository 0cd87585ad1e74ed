"""TRF-16 team records (013): a team's name and its players' start numbers.

Columns (1-based, as in the TRF-16 text)::

    1-3    013
    5-36   team name
    37-40  start number of the team's first player, then 42-45, 47-50, ... (4 columns each,
           right-aligned, one blank between)

A team record of an individual section names the players who play for that team (a school, a
club); the players' own lines are unchanged.
"""

from __future__ import annotations

from tournaments.trf.records import TrfError, TrfRecord, is_number

TEAM_CODE = "013"
NAME_WIDTH = 32  # columns 5-36


def team_read(record: TrfRecord) -> tuple[str, tuple[int, ...]]:
    """A 013 record's team name and start numbers; ``TrfError`` on a bad or empty one."""
    value = record.value
    name = value[:NAME_WIDTH].strip()
    if not name:
        raise TrfError(
            record.line, "team record (013) without a team name in columns 5-36"
        )
    numbers = []
    for word in value[NAME_WIDTH:].split():
        if not is_number(word) or not 1 <= int(word) <= 9999:
            raise TrfError(
                record.line,
                f"team record (013) {name!r}: {word!r} is not a start number "
                "(columns 37-40, 42-45, ...)",
            )
        numbers.append(int(word))
    if len(set(numbers)) != len(numbers):
        raise TrfError(record.line, f"team record (013) {name!r} names a player twice")
    return name, tuple(numbers)


def team_value(name: str, numbers: tuple[int, ...] | list[int]) -> str:
    """The text after ``013 `` for a team: the name in columns 5-36 (cut to fit), the numbers."""
    return name[:NAME_WIDTH].ljust(NAME_WIDTH) + " ".join(f"{n:>4}" for n in numbers)
