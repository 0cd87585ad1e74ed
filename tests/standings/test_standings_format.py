"""Scores and tiebreak values as players read them."""

from __future__ import annotations

from fractions import Fraction

import pytest

from standings.templatetags.standings_format import halves, points, rating


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


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("8.5: every member's score", "8½: every member's score"),
        (
            "0.5 match points against the other tied teams",
            "½ match points against the other tied teams",
        ),
        ("10.5 game points", "10½ game points"),
        # Not a half: left as the engine wrote it (``points`` writes them so too).
        (
            "23.75: the counting players' Sonneborn-Berger",
            "23.75: the counting players' Sonneborn-Berger",
        ),
        ("-1.5 for unplayed rounds", "-1.5 for unplayed rounds"),
        ("1766.67 average", "1766.67 average"),
        ("12.55 and 3.5.1", "12.55 and 3.5.1"),
    ],
    ids=["half", "only-half", "two-digits", "quarter", "negative", "decimal", "longer"],
)
def test_halves_in_the_engines_text_are_written_as_on_the_page(
    text: str, shown: str
) -> None:
    assert halves(text) == shown
