"""format_decimal: exact decimals where they terminate, else two places rounded half-up."""

from __future__ import annotations

from fractions import Fraction

import pytest

from standings.engine import format_decimal


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (Fraction(9, 2), "4.5"),
        (Fraction(12), "12"),
        (Fraction(1, 4), "0.25"),
        (Fraction(-3, 2), "-1.5"),
        (Fraction(0), "0"),
        (Fraction(1, 8), "0.125"),
        (Fraction(1, 1024), "0.0009765625"),
        (Fraction(3, 5), "0.6"),
        (Fraction(-1, 20), "-0.05"),
        (Fraction(5300, 3), "1766.67"),
        (Fraction(1, 3), "0.33"),
        (Fraction(2, 3), "0.67"),
        (Fraction(-2, 3), "-0.67"),
        (Fraction(1, 300), "0.00"),
        (Fraction(-1, 300), "0.00"),
        (Fraction(1999, 3), "666.33"),
        (Fraction(2, 7), "0.29"),
        (Fraction(1, 6), "0.17"),
    ],
    ids=lambda v: str(v),
)
def test_format_decimal(value: Fraction, text: str) -> None:
    assert format_decimal(value) == text
