"""A small section whose standings give a tie on score for 2nd-4th, for the prize tests.

After three rounds #1 Ann has 2.5; #2 Ben, #3 Cy and #4 Dee have 2 (places 2-4); #5 Eli 0.5;
#6 Fay 0. Dee (1550) is the best player rated under 1600. Modified Median (plus scores drop the
lowest opponent) orders the tie Cy 2 + 2.5 = 4.5, Ben 0.5 + 2.5 = 3, Dee 2 + 0.5 = 2.5.
"""

from __future__ import annotations

from typing import Any

from tests.tournaments.builders import section_build
from tournaments.models import Section, Tournament

ROUNDS = [
    "1-6 1-0, 2-5 1-0, 3-4 =",
    "1-2 1-0, 3-5 1-0, 4-6 1-0",
    "1-3 =, 2-6 1-0, 4-5 =",
]
NAMES = ["Ann Avery", "Ben Brandt", "Cy Chen", "Dee Diaz", "Eli Ertel", "Fay Fox"]
RATINGS: list[int | None] = [2200, 2100, 2000, 1550, 1500, 1400]


def fund(u1600: str = "120") -> dict[str, Any]:
    """1st $500 + trophy, 2nd $200, 3rd $100, U1600 1st ``u1600``."""
    return {
        "prizes": [
            {"label": "1st", "places": [1], "cash": "500", "item": "Trophy"},
            {"label": "2nd", "places": [2], "cash": "200"},
            {"label": "3rd", "places": [3], "cash": "100"},
            {"label": "U1600 1st", "max_rating": 1599, "places": [1], "cash": u1600},
        ]
    }


def prize_section(tournament: Tournament | None = None, **fields: Any) -> Section:
    return section_build(
        ratings=RATINGS,
        rounds=ROUNDS,
        names=NAMES,
        tournament=tournament,
        rounds_total=5,
        **fields,
    )
