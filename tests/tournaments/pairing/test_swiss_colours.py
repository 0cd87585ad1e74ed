"""Colour fixes by the rules' rating limits (US Chess 29E5), however far apart the boards are."""

from __future__ import annotations

from fractions import Fraction

from tournaments.pairing import Colour, Entrant, PairingOptions, pair_swiss

W, B = Colour.WHITE, Colour.BLACK
# Three games, one colour ahead: due the other colour to equalise (27A4), not a strong claim.
DUE_BLACK = (W, B, W)
DUE_WHITE = (B, W, B)


def misses(entrants: list[Entrant], result_boards: tuple[object, ...]) -> list[int]:
    by_id = {e.id: e for e in entrants}
    missed = []
    for board in result_boards:
        for pid, colour in ((board.white, W), (board.black, B)):  # type: ignore[attr-defined]
            if by_id[pid].due is not colour:
                missed.append(pid)
    return missed


def group_of_sixty(far: int) -> list[Entrant]:
    """One score group of 60 rated 2000 down to 1882: the top half due Black, the bottom half
    due White, except the top player (due White) and the bottom half's player ``far`` boards
    down (due Black): two clashes that one transposition ``far`` boards apart cures."""
    entrants = []
    for n in range(1, 61):
        top = n <= 30
        colours = DUE_BLACK if top else DUE_WHITE
        if n == 1 or n == 31 + far:
            colours = DUE_WHITE if top else DUE_BLACK
        entrants.append(
            Entrant(
                id=n,
                name=f"P{n}",
                rating=2002 - 2 * n,
                score=Fraction(2),
                colours=colours,
                opponents=frozenset({1000 + n}),
            )
        )
    return entrants


def test_transposition_far_down_the_boards_within_the_rating_limit_gives_due_colours() -> (
    None
):
    # Boards 1 and 26: 25 boards apart, 50 rating points (within 200 for equalisation).
    entrants = group_of_sixty(far=25)

    result = pair_swiss(entrants, round_number=4)

    assert misses(entrants, result.boards) == []
    assert any("(29E5)" in note for note in result.notes)


def test_no_transposition_or_interchange_beyond_the_rating_limit() -> None:
    entrants = group_of_sixty(far=25)
    # The cure is 50 points away (a transposition) or 10 (an interchange of #31 and #26):
    # both over a posted limit of 5 points.
    options = PairingOptions(equalise_limit=5)

    result = pair_swiss(entrants, round_number=4, options=options)

    assert len(misses(entrants, result.boards)) == 2
