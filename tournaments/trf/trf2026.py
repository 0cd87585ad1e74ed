"""TRF-2026's new tournament records, as plain data: read into the model's values and written
from them. FIDE's "Format of Tournament Report File, version 2026" (TRF26), docs/trf.md.

- 142 number of rounds; 152 initial colour (``W`` / ``B``); 162 scoring points
  (``W 1.0 D 0.5 ...`` at fixed columns); 202 tie-breaks (TEC codes, comma-separated);
  222 encoded time control (``5400+30``, ``40/6000+30:900+30``);
- 240 byes (``H 003  026  047``), 250 accelerated rounds, 260 prohibited pairings.

Each ``*_read`` returns None for a value the model cannot hold (the record is then kept as
text, and written back unchanged).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

from tournaments.trf.records import TrfError, TrfRecord, is_number
from tournaments.uschess import TimeControl, time_control_parse

NEW_CODES = ("142", "152", "162", "202", "222")

# ---- 152 initial colour <-> the pairing option board_one_colour

COLOUR_TO_OPTION = {"W": "white", "B": "black"}
OPTION_TO_COLOUR = {v: k for k, v in COLOUR_TO_OPTION.items()}


def initial_colour_read(value: str) -> str | None:
    return COLOUR_TO_OPTION.get(value.strip().upper())


# ---- 162 scoring: result letter at column 6, points in 7-10, the next pair 9 columns later


def _points_text(points: Fraction) -> str:
    """TRF's points format, e.g. 1.0, 0.5, 3.0."""
    whole, rest = divmod(points * 10, 10)
    if rest.denominator != 1:
        raise ValueError(f"{points} is not a multiple of 0.1")
    return f"{int(whole)}.{int(rest)}"


def scoring_text(win: Fraction, draw: Fraction, loss: Fraction) -> str | None:
    """The 162 value (the text after "162 ", so from column 5), or None for the default
    1 / 0.5 / 0, which needs no record."""
    if (win, draw, loss) == (1, Fraction(1, 2), 0):
        return None
    parts = [f"{letter}{_points_text(p).rjust(4)}" for letter, p in
             (("W", win), ("D", draw), ("L", loss))]  # fmt: skip
    return " " + "    ".join(parts)


def scoring_read(value: str) -> tuple[Fraction, Fraction, Fraction] | None:
    """Win, draw and loss points from a 162 value (the text from column 5); None when a letter
    is not W/D/L/A/P/X or a number does not read (the P and X defaults follow W and D, so only
    W, D and L are kept)."""
    points = {"W": Fraction(1), "D": Fraction(1, 2), "L": Fraction(0)}
    if not value.strip():
        return None
    for start in range(1, len(value), 9):  # columns 6, 15, 24, ...
        letter, number = value[start], value[start + 1 : start + 5].strip()
        if not letter.strip():
            continue
        if letter not in "WDLAPX" or not number:
            return None
        try:
            parsed = Fraction(number)
        except ValueError:
            return None
        if letter in points:
            points[letter] = parsed
    return points["W"], points["D"], points["L"]


# ---- 202 tie-breaks: the TEC codes whose definition one of the engine's systems computes


TEC_TO_ENGINE = {
    "DE": "head_to_head",
    "WIN": "wins:unplayed=include",
    "WON": "wins",
    "BPG": "most_blacks",
    "PS": "cumulative:deduct=none",
    "BH": "solkoff:adjust=none",
    "SB": "sonneborn_berger",
    "ARO": "average_opposition",
    "ARO/C1": "average_opposition_cut1",
}
ENGINE_TO_TEC = {v: k for k, v in TEC_TO_ENGINE.items()}


def tiebreaks_read(value: str) -> str | None:
    """The engine order for a 202 list, or None when a code has no engine system."""
    codes = [c.strip().upper() for c in value.split(",") if c.strip()]
    if not codes or any(c not in TEC_TO_ENGINE for c in codes):
        return None
    return ",".join(TEC_TO_ENGINE[c] for c in codes)


def tiebreaks_text(order: str) -> str | None:
    """The 202 list for an engine order, or None when a system has no TEC code."""
    items = [i.strip() for i in order.split(",") if i.strip()]
    if not items or any(i not in ENGINE_TO_TEC for i in items):
        return None
    return ",".join(ENGINE_TO_TEC[i] for i in items)


# ---- 222 encoded time control <-> US Chess spelling


def time_control_text(spelling: str) -> str | None:
    """``G/90;+30`` -> ``5400+30``; ``40/100,SD/15;+30`` -> ``40/6000+30:900+30``. A delay has
    no TRF-2026 spelling: None (as for an empty or unreadable time control)."""
    try:
        tc = time_control_parse(spelling)
    except Exception:
        return None
    if tc.kind == "d" and tc.seconds:
        return None
    inc = f"+{tc.seconds}" if tc.kind == "+" and tc.seconds else ""
    return ":".join(
        f"{moves}/{minutes * 60}{inc}" if moves else f"{minutes * 60}{inc}"
        for moves, minutes in tc.periods
    )


def time_control_read(value: str) -> str | None:
    """The US Chess spelling of a 222 value, or None (Armageddon, seconds that are not whole
    minutes, different increments per period)."""
    periods: list[tuple[int | None, int]] = []
    increments = set()
    for part in value.strip().split(":"):
        moves_text, slash, rest = part.rpartition("/")
        seconds_text, plus, inc_text = rest.partition("+")
        if not (is_number(seconds_text) and (not plus or is_number(inc_text))):
            return None
        if slash and not is_number(moves_text):
            return None
        seconds = int(seconds_text)
        if seconds % 60 or not seconds:
            return None
        periods.append((int(moves_text) if slash else None, seconds // 60))
        increments.add(int(inc_text) if plus else 0)
    if len(increments) != 1 or periods[-1][0] is not None and len(periods) > 1:
        return None
    (inc,) = increments
    tc = TimeControl(periods=tuple(periods), kind="+" if inc else "d", seconds=inc)
    try:
        return time_control_parse(tc.spelling).spelling
    except Exception:
        return None


# ---- 240 byes, 250 accelerated rounds, 260 prohibited pairings
# ``*_parse`` raises ``TrfError`` (with the record's line) for a record that is not laid out as
# TRF26 says; ``*_read`` gives None for it instead (the export keeps such a record as text).

# Records only a team tournament has: in such a file the ids of 240, 250 and 260 are team
# pairing numbers, not the start numbers of the player lines.
TEAM_CODES = frozenset({"300", "310", "320", "330", "352", "362"})
MULTI_CODES = ("240", "250", "260")
# The third element of a ``Section.trf_records`` entry whose facts the section holds (a 240,
# 250 or 260 the import read into it); the TRF-2026 export compares them with the section.
HELD = "held"


def _ids(words: list[str]) -> tuple[int, ...] | None:
    if not all(is_number(w) and 1 <= int(w) <= 9999 for w in words):
        return None
    return tuple(int(w) for w in words)


def byes_records(byes: list[tuple[str, int, int]]) -> list[str]:
    """240 values for (letter F/H/Z, round, start number), one record per letter and round."""
    grouped: dict[tuple[str, int], list[int]] = {}
    for letter, round_number, number in sorted(byes, key=lambda b: (b[1], b[0], b[2])):
        grouped.setdefault((letter, round_number), []).append(number)
    return [
        f"{letter} {round_number:03d}" + "".join(f" {n:4d}" for n in numbers)
        for (letter, round_number), numbers in grouped.items()
    ]


def byes_parse(record: TrfRecord) -> list[tuple[str, int, int]]:
    """(letter, round, start number) for each player of a 240 record: bye type at column 5,
    round at 7-9, ids from column 11."""
    value = record.value
    letter, round_text = value[:1].upper(), value[2:5].strip()
    ids = _ids(value[5:].split())
    if (
        letter not in ("F", "H", "Z")
        or value[1:2].strip()
        or not is_number(round_text)
        or not int(round_text)
        or not ids
    ):
        raise TrfError(
            record.line,
            f"bye record (240) {value.rstrip()!r}: expected the bye type F, H or Z (column 5), "
            "the round (columns 7-9) and the start numbers of the players (from column 11)",
        )
    return [(letter, int(round_text), i) for i in ids]


def byes_read(value: str) -> list[tuple[str, int, int]] | None:
    try:
        return byes_parse(TrfRecord("240", value))
    except TrfError:
        return None


def acceleration_text(points: Fraction, last_round: int, last_id: int) -> str:
    """One 250 value: ``points`` for players 1..last_id in rounds 1..last_round (no match
    points: an individual event)."""
    return (
        f"     {_points_text(points).rjust(4)} 001 {last_round:03d} 0001 {last_id:04d}"
    )


def acceleration_parse(record: TrfRecord) -> tuple[Fraction, int, int, int, int]:
    """(points, first round, last round, first id, last id) of a 250 record: match points at
    columns 5-8 (blank in an individual event, not read), game points 10-13, rounds 15-17 and
    19-21, ids 23-26 and 28-31."""
    value = record.value
    parts = value[5:].split()
    try:
        if len(parts) != 5:
            raise ValueError
        points = Fraction(parts[0])
        first, last, low, high = (int(p) for p in parts[1:])
        if not (0 < first <= last and 0 < low <= high):
            raise ValueError
    except (ValueError, ZeroDivisionError):
        raise TrfError(
            record.line,
            f"accelerated rounds record (250) {value.rstrip()!r}: expected the points "
            "(columns 10-13), the first and last round (15-17, 19-21) and the first and last "
            "player (23-26, 28-31)",
        ) from None
    return points, first, last, low, high


def acceleration_read(value: str) -> tuple[Fraction, int, int, int, int] | None:
    try:
        return acceleration_parse(TrfRecord("250", value))
    except TrfError:
        return None


def prohibited_text(first: int, last: int, numbers: tuple[int, ...]) -> str:
    """One 260 value: players ``numbers`` may not meet in rounds first..last."""
    return f"{first:03d} {last:03d}" + "".join(f" {n:4d}" for n in numbers)


def prohibited_parse(record: TrfRecord) -> tuple[int, int, tuple[int, ...]]:
    """(first round, last round, start numbers) of a 260 record: rounds at columns 5-7 and
    9-11, then two or more ids from column 13, none twice."""
    value = record.value
    words = value.split()
    rounds = _ids(words[:2])
    ids = _ids(words[2:])
    if rounds is None or len(rounds) != 2 or ids is None or len(ids) < 2:
        raise TrfError(
            record.line,
            f"prohibited pairing record (260) {value.rstrip()!r}: expected the first and "
            "last round (columns 5-7, 9-11) and two or more start numbers (from column 13)",
        )
    first, last = rounds
    if first > last:
        raise TrfError(
            record.line,
            f"prohibited pairing record (260): the first round {first} is after the last "
            f"round {last}",
        )
    if len(set(ids)) != len(ids):
        raise TrfError(
            record.line,
            f"prohibited pairing record (260) {value.rstrip()!r} names a player twice",
        )
    return first, last, ids


def prohibited_read(value: str) -> tuple[int, int, tuple[int, ...]] | None:
    try:
        return prohibited_parse(TrfRecord("260", value))
    except TrfError:
        return None


def pairs_of(numbers: tuple[int, ...]) -> set[frozenset[int]]:
    """Every two of the players of one 260 record: none of them may meet another."""
    return {frozenset(p) for p in combinations(numbers, 2)}
