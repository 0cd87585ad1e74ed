"""Names as players type them (Find me) and sort them (pairings by name)."""

from __future__ import annotations

import pytest

from standings.names import last_name_key, name_matches, name_parts


@pytest.mark.parametrize(
    ("query", "name"),
    [
        ("Wenjun Ju", "Ju, Wenjun"),
        ("Ju Wenjun", "Ju, Wenjun"),
        ("ju, wenjun", "Ju, Wenjun"),
        ("Tomas", "Herrera, Tomás"),
        ("TOMÁS HERRERA", "Herrera, Tomás"),
        ("OBrien", "O'Brien, Sean"),
        ("o’brien", "O'Brien, Sean"),
        ("O Brien", "OBrien, Sean"),
        ("Sean OBr", "O'Brien, Sean"),
        ("Wen", "Ju, Wenjun"),
        ("Player 37", "Player 37"),
        ("Jean Pierre", "Dupont, Jean-Pierre"),
        ("Ostergaard", "Østergaard, Lars"),
    ],
)
def test_a_name_is_found_in_any_order_without_accents_punctuation_or_case(
    query: str, name: str
) -> None:
    assert name_matches(name_parts(query), name)


@pytest.mark.parametrize(
    ("query", "name"),
    [
        ("Wenjun Li", "Ju, Wenjun"),
        ("enjun", "Ju, Wenjun"),  # a part must start with what was typed
        ("Ju Ju", "Ju, Wenjun"),  # each part of the query matches a different part
        ("Player 4", "Player 37"),
    ],
)
def test_a_name_is_not_found_by_letters_it_does_not_start_with(
    query: str, name: str
) -> None:
    assert not name_matches(name_parts(query), name)


def test_names_sort_by_last_name_in_either_form() -> None:
    names = [
        "Wenjun Ju",
        "Adams, Michael",
        "Tomás Herrera",
        "Ivanchuk, Vassily",
        "Ana Zúñiga",
    ]
    assert sorted(names, key=last_name_key) == [
        "Adams, Michael",
        "Tomás Herrera",
        "Ivanchuk, Vassily",
        "Wenjun Ju",
        "Ana Zúñiga",
    ]
