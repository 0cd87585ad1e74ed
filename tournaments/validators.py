"""Checks every text field of the tournament's models shares.

A control character (a line break, a tab, an escape) in a name breaks every line-based file the
name is written to: a player whose name holds a line break becomes two lines in a TRF-16 export,
the second one read as another player. No form offers one, but a crafted request, a CSV cell in
quotes or the admin can send it, so the models refuse it.
"""

from __future__ import annotations

import unicodedata

from django.core.exceptions import ValidationError

CONTROL_CHARACTERS_MESSAGE = (
    "Control characters (line breaks, tabs and the like) are not allowed here."
)
# A longer text (a reason) may be written on several lines.
LINE_CHARACTERS = frozenset("\n\r\t")


def _control_characters(value: str, allowed: frozenset[str]) -> bool:
    # Unicode category Cc: C0 and C1 controls and DEL; also the line and paragraph separators
    # (Zl, Zp), which str.splitlines() breaks on like a newline.
    return any(
        unicodedata.category(c) in ("Cc", "Zl", "Zp") and c not in allowed
        for c in value
    )


def no_control_characters(value: str) -> None:
    """A one-line text: no control character at all."""
    if _control_characters(value, frozenset()):
        raise ValidationError(CONTROL_CHARACTERS_MESSAGE, code="control_characters")


def no_control_characters_but_lines(value: str) -> None:
    """A text of several lines: line breaks and tabs, nothing else."""
    if _control_characters(value, LINE_CHARACTERS):
        raise ValidationError(CONTROL_CHARACTERS_MESSAGE, code="control_characters")


# A start number, board or row id never has more digits; int() refuses text of more than 4,300
# digits (Python's guard against slow conversions) with a ValueError.
NUMBER_DIGITS_MAX = 18


def whole_number(text: str) -> int | None:
    """The whole number a form sent as text (ASCII digits, space around them allowed), or None.

    str.isdigit() alone is true of digits int() refuses, such as "²", and of 100,000 digits,
    which int() refuses too: either would escape a view as a server error.
    """
    text = text.strip()
    if text.isascii() and text.isdigit() and len(text) <= NUMBER_DIGITS_MAX:
        return int(text)
    return None


def whole_numbers(values: list[str]) -> set[int]:
    """The row ids a form carried (``whole_number`` each); anything else is dropped."""
    return {n for n in map(whole_number, values) if n is not None}
