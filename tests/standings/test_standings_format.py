"""Scores and tiebreak values as players read them."""

from __future__ import annotations

from fractions import Fraction

import pytest

from standings.templatetags.standings_format import points, rating


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (Fraction(4), "4"),
        (Fraction(9, 2), "4½"),
        (Fraction(1, 2), "½"),
        (Fraction(0), "0"),
        (Fraction(29, 2), "14½"),
        (Fraction(5300, 3), "1766.67"),
        (Fraction(-3, 2), "-1.5"),
        (None, ""),
    ],
    ids=[
        "whole",
        "half",
        "only-half",
        "zero",
        "tiebreak",
        "average",
        "negative",
        "none",
    ],
)
def test_points(value: Fraction | None, text: str) -> None:
    assert points(value) == text


def test_rating() -> None:
    assert rating(None) == "unr."
    assert rating(1850) == "1850"
