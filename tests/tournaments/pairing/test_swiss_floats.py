"""Who floats and whom a floater meets, chosen for colours within the rating limits (US Chess
29D with 29E5): the group is paired as it would be, colour fixes included, for each choice."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.tournaments.pairing.test_swiss_colours import misses
from tournaments.pairing import Colour, Entrant, pair_swiss, pairing_problems

_COLOURS = {"W": Colour.WHITE, "B": Colour.BLACK}

# (start number, rating, score, colours of the games played, opponents among these players)
Row = tuple[int, int, float, str, tuple[int, ...]]


def field(rows: list[Row], **ratings: int) -> list[Entrant]:
    """The players of ``rows``; ``ratings`` (``p10=2200``) changes a player's rating. Each
    has also met an absent player, #100 + their number."""
    return [
        Entrant(
            id=n,
            name=f"P{n}",
            rating=ratings.get(f"p{n}", rating),
            score=Fraction(score),
            colours=tuple(_COLOURS[c] for c in colours),
            opponents=frozenset({100 + n, *met}),
        )
        for n, rating, score, colours, met in rows
    ]


# #24 (score 3, due Black) is alone in the top group and floats into the 2½ group. Meeting the
# highest player, #6 (due White), leaves #10 (due White) to meet #21 (due White) and #16 (due
# Black) to meet #23 (due Black), and no fix within 80 points mends them (#10 has met #23);
# meeting #10 instead, 71 points below #6, lets everyone have their colour.
FLOATER: list[Row] = [
    (24, 1685, 3, "WBWBW", ()),
    (6, 2301, 2.5, "BWBWB", ()),
    (10, 2230, 2.5, "BWWB", (23,)),
    (16, 1883, 2.5, "WBWBW", ()),
    (18, 1848, 2.5, "WBWBW", (21,)),
    (19, 1782, 2.5, "BWBWB", ()),
    (21, 1763, 2.5, "BWBWB", (18, 35)),
    (23, 1711, 2.5, "BWBW", (10,)),
    (26, 1546, 2.5, "BWBWB", (35,)),
    (35, 1015, 2.5, "WBBW", (21, 26)),
]

# The 2½ group has seven players and sends one down to the 2 group. Without #19 (the
# lowest) the rest pairs 7-16 (both due Black) and 8-17 (both due White), and #7 has met #17
# and #18, so no fix within the limits mends them; without #18, 48 points above #19, three
# lower players change places and everyone has their colour. Counted from how many players
# are due each colour the two choices look alike: only pairing the group tells them apart.
ODD: list[Row] = [
    (7, 2106, 2.5, "BWBW", (17, 18)),
    (8, 2105, 2.5, "WBWB", ()),
    (15, 1874, 2.5, "WBBW", ()),
    (16, 1813, 2.5, "BWBW", ()),
    (17, 1804, 2.5, "WBWB", (7,)),
    (18, 1786, 2.5, "BBW", (7,)),
    (19, 1734, 2.5, "WBWB", ()),
    (10, 2060, 2, "BW", ()),
    (11, 2033, 2, "WBW", (20,)),
    (20, 1720, 2, "BWBW", (11,)),
    (23, 1635, 2, "WBWB", ()),
    (29, 1458, 2, "WBWB", ()),
]


@pytest.mark.parametrize(
    ("rows", "round_number", "ratings", "missed", "note"),
    [
        pytest.param(
            FLOATER,
            6,
            {},
            0,
            "#24 P24, floated down, meets #10 P10 rather than #6 P6 so that colours work "
            "out (71 rating points apart, 2 fewer board(s)",
            id="floater meets a lower player 71 points down",
        ),
        pytest.param(
            FLOATER,
            6,
            {"p10": 2200},
            2,
            None,
            id="not 101 points down for alternation",
        ),
        pytest.param(
            ODD,
            5,
            {},
            0,
            "#18 P18 floats down from the 2½ group: the odd player, rather than #19 P19, "
            "within 80 rating points",
            id="odd player 48 points up",
        ),
        pytest.param(
            ODD,
            5,
            {"p19": 1700},
            2,
            "#19 P19 floats down from the 2½ group: the odd player, the lowest-ranked",
            id="odd player not 86 points up for alternation",
        ),
    ],
)
def test_floats_are_chosen_for_colours_only_within_the_rating_limits(
    rows: list[Row],
    round_number: int,
    ratings: dict[str, int],
    missed: int,
    note: str | None,
) -> None:
    entrants = field(rows, **ratings)

    result = pair_swiss(entrants, round_number=round_number)

    assert pairing_problems(entrants, result.boards, result.byes) == []
    assert len(misses(entrants, result.boards)) == missed
    moved = [n for n in result.notes if "floated down, meets" in n]
    if note is None:
        assert moved == []
    else:
        assert any(note in n for n in result.notes), result.notes
