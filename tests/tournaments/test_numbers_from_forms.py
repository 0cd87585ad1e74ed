"""A number a form sent as text is read by ``whole_number``: digits int() reads, or None."""

from __future__ import annotations

import pytest

from tournaments.validators import whole_number


@pytest.mark.parametrize(
    ("text", "number"),
    [("12", 12), (" 7 ", 7), ("007", 7), ("9" * 18, 10**18 - 1)],
)
def test_digits_are_read(text: str, number: int) -> None:
    assert whole_number(text) == number


@pytest.mark.parametrize(
    "text",
    [
        "",
        "-1",
        "1.5",
        "twelve",
        "\u00b2",  # str.isdigit() is true of it; int() refuses it
        "\u0663",  # an Arabic-Indic 3: int() reads it, a start number is not written so
        "9" * 19,  # more than a start number, a board or a row id ever has
        "9" * 100_000,  # int() refuses more than 4,300 digits
    ],
)
def test_anything_else_is_none(text: str) -> None:
    assert whole_number(text) is None
