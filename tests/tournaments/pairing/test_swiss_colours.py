"""Colour fixes by the rules' rating limits (US Chess 29E5), however far apart the boards are."""

from __future__ import annotations

from fractions import Fraction

from tests.tournaments.pairing.events import one_game_player
from tournaments.pairing import (
    Colour,
    Entrant,
    PairingOptions,
    pair_swiss,
    pairing_problems,
)

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


def assert_one_chain(entrants: list[Entrant], *, round_number: int, moves: int) -> None:
    """The round pairs with every due colour given, no rule broken, by one chain of moves."""
    result = pair_swiss(entrants, round_number=round_number)

    assert misses(entrants, result.boards) == []
    assert pairing_problems(entrants, result.boards, result.byes) == []
    chain = [n for n in result.notes if "takes the place of" in n]
    assert len(chain) == 1
    assert chain[0].count("takes the place of") == moves


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
    # The note is led by the two boards it changed, so a TD can answer those four players.
    board_of = {
        p: n for n, b in enumerate(result.boards, 1) for p in (b.white, b.black)
    }
    swapped = [n for n in result.notes if "(29E5)" in n]
    assert len(swapped) == 1
    first, second = sorted({board_of[1], board_of[26]})
    assert swapped[0].startswith(f"Boards {first}, {second}: In the 2 group")


def test_no_transposition_or_interchange_beyond_the_rating_limit() -> None:
    entrants = group_of_sixty(far=25)
    # The cure is 50 points away (a transposition) or 10 (an interchange of #31 and #26):
    # both over a posted limit of 5 points.
    options = PairingOptions(equalise_limit=5)

    result = pair_swiss(entrants, round_number=4, options=options)

    assert len(misses(entrants, result.boards)) == 2


def test_the_odd_player_is_chosen_among_the_lowest_for_colours_within_the_limit() -> (
    None
):
    # Score 1: #1-#3 due White, #4 and #5 due Black, all within 40 points. Score 0: #6 due
    # Black, #7 due White, #8 due Black. Floating #5 (the lowest) leaves W W W B above and
    # B W B B below: a clash in each group. Floating #3 leaves W W B B and B W B W: none.
    player = one_game_player
    entrants = [
        player(1, 2000, W, 1),
        player(2, 1990, W, 1),
        player(3, 1980, W, 1),
        player(4, 1970, B, 1),
        player(5, 1960, B, 1),
        player(6, 1900, B, 0),
        player(7, 1890, W, 0),
        player(8, 1880, B, 0),
    ]

    result = pair_swiss(entrants, round_number=2)

    assert misses(entrants, result.boards) == []
    assert any(
        "#3 P3 floats down" in note and "rather than #5 P5" in note
        for note in result.notes
    )


def test_three_lower_players_change_places_when_no_single_swap_mends_two_clashes() -> (
    None
):
    # Upper half #1 (due White), #2, #3 (due Black); lower half #4 (due White), #5 (due
    # Black), #6 (due White). 1-4 and 2-5 clash; 1-5 with 2-4 is a rematch (2 met 4), and an
    # interchange would move players 500 points. #4 -> #6 -> #5 -> #4, 10-20 points each,
    # gives everyone their colour.
    def player(n: int, rating: int, due: Colour, met: int) -> Entrant:
        return Entrant(
            id=n,
            name=f"P{n}",
            rating=rating,
            score=Fraction(2),
            colours=DUE_WHITE if due is W else DUE_BLACK,
            opponents=frozenset({met}),
        )

    entrants = [
        player(1, 2000, W, 101),
        player(2, 1990, B, 4),
        player(3, 1980, B, 103),
        player(4, 1500, W, 2),
        player(5, 1490, B, 105),
        player(6, 1480, W, 106),
    ]

    result = pair_swiss(entrants, round_number=4)

    assert misses(entrants, result.boards) == []
    assert pairing_problems(entrants, result.boards, result.byes) == []
    assert any("two transpositions at once" in note for note in result.notes)


def test_clashes_are_matched_along_the_boards_so_none_takes_a_partner_another_needs() -> (
    None
):
    # Boards 1-4 clash over Black, White (a strong claim), Black, White; boards 5-8 are fine.
    # Taken strongest first and alone, board 2 would take board 3 (10 points) and leave board
    # 4 without a cure (board 1 is 100 points away, over the 80 for alternation). Matched
    # along the boards, 3 goes with 4 (40 points) and board 2, with no rating limit for a
    # strong claim, with board 1: every clash is cured.
    alternate_white, alternate_black = (W, B), (B, W)
    strong_white = (W, B, B)  # two Blacks in a row: must have White
    tops = [2200, 2150, 2140, 2100, 2090, 2080, 2070, 2060]
    bottoms = [1800, 1750, 1740, 1700, 1690, 1680, 1670, 1660]
    top_colours = [alternate_black, strong_white, alternate_black, alternate_white]
    top_colours += [alternate_black] * 4
    bottom_colours = [alternate_black, strong_white, alternate_black, alternate_white]
    bottom_colours += [alternate_white] * 4
    entrants = [
        Entrant(
            id=n,
            name=f"P{n}",
            rating=rating,
            score=Fraction(1),
            colours=colours,
            opponents=frozenset({100 + n}),
        )
        for n, (rating, colours) in enumerate(
            zip(tops + bottoms, top_colours + bottom_colours, strict=True), start=1
        )
    ]

    result = pair_swiss(entrants, round_number=3)

    assert misses(entrants, result.boards) == []


def test_a_chain_of_moves_far_down_the_boards_cures_clashes_no_swap_or_ring_mends() -> (
    None
):
    # One score group of 14 within 65 points (all moves within 80 for alternation). Boards:
    # 1-8 both due White, 2-9 both due Black, 3-10 to 6-13 Black/White (neither helps),
    # 7-14 White/Black. The transposition and the interchange of boards 1 and 2 are rematches
    # (#1 met #9 and #2); with any other single pair a clash only moves; a ring of three
    # would need board 7, out of a ring's reach. A chain of three moves (say #8 takes #9's
    # place, #9 takes #14's and #14 takes #8's) leaves no clash.
    def player(n: int, due: Colour) -> Entrant:
        met = {9, 2} if n == 1 else {1} if n in (2, 9) else {100 + n}
        return Entrant(
            id=n,
            name=f"P{n}",
            rating=2005 - 5 * n,
            score=Fraction(1),
            colours=(due.other,),
            opponents=frozenset(met),
        )

    due = {1: W, 8: W, 2: B, 9: B, 7: W, 14: B}
    due |= dict.fromkeys(range(3, 7), B) | dict.fromkeys(range(10, 14), W)
    entrants = [player(n, due[n]) for n in range(1, 15)]

    assert_one_chain(entrants, round_number=2, moves=3)


def odd_player_event(history: dict[Colour, tuple[Colour, ...]]) -> list[Entrant]:
    """Score 1: #1-#3 due White, #4 and #5 due Black, #3 150 points above #5. Score 0: #6 due
    Black, #7 due White, #8 due Black. Floating #5 (the lowest) leaves W W W B above and
    B W B B below: a clash in each group; floating #3 leaves W W B B and B W B W: none."""
    ratings = {1: 2000, 2: 1995, 3: 1990, 4: 1850, 5: 1840, 6: 1700, 7: 1690, 8: 1680}
    dues = {1: W, 2: W, 3: W, 4: B, 5: B, 6: B, 7: W, 8: B}
    return [
        Entrant(
            id=n,
            name=f"P{n}",
            rating=ratings[n],
            score=Fraction(1 if n <= 5 else 0),
            colours=history[dues[n]],
            opponents=frozenset({100 + n}),
        )
        for n in range(1, 9)
    ]


def test_the_odd_player_may_be_150_points_up_when_that_spares_players_due_to_equalise() -> (
    None
):
    # Three games each, one colour ahead: every claim is to equalise (200-point limit).
    entrants = odd_player_event({W: DUE_WHITE, B: DUE_BLACK})

    result = pair_swiss(entrants, round_number=4)

    assert misses(entrants, result.boards) == []
    assert any(
        "#3 P3 floats down" in note
        and "rather than #5 P5, within 200 rating points" in note
        for note in result.notes
    )


def test_the_odd_player_is_not_moved_150_points_up_for_alternation_only() -> None:
    # Two games each, one of each colour: every claim is to alternate (80-point limit): #5
    # floats, two clashes stay.
    entrants = odd_player_event({W: (W, B), B: (B, W)})

    result = pair_swiss(entrants, round_number=3)

    assert len(misses(entrants, result.boards)) == 2
    assert any(
        "#5 P5 floats down" in note and "the lowest-ranked" in note
        for note in result.notes
    )


def test_a_rematch_is_avoided_by_the_swap_that_keeps_the_due_colours() -> None:
    # Four players of one group, all due to alternate: #1 and #2 due Black, #3 and #4 due
    # White; #2 met #4, so 1-3 / 2-4 cannot be. Both 1-2 / 3-4 and 1-4 / 2-3 avoid the
    # rematch; the first makes two clashes that no transposition within 80 points can mend
    # (#2 and #4 are 214 points apart), the second gives everyone their colour.
    ratings = {1: 1790, 2: 1158, 3: 1016, 4: 944}
    met = {1: {101}, 2: {4}, 3: {103}, 4: {2}}
    entrants = [
        Entrant(
            id=n,
            name=f"P{n}",
            rating=ratings[n],
            score=Fraction(2),
            colours=(B, W, B, W) if n <= 2 else (W, B, W, B),
            opponents=frozenset(met[n]),
        )
        for n in range(1, 5)
    ]

    result = pair_swiss(entrants, round_number=5)

    assert misses(entrants, result.boards) == []
    assert pairing_problems(entrants, result.boards, result.byes) == []


def test_a_chain_of_eight_moves_cures_two_clashes_no_shorter_chain_can() -> None:
    # Eight boards of one group, ratings 2000 down to 1925 (all within 80). Upper players
    # #1-#8, lower #9-#16; board 1 both due White, board 8 both due Black, every other board
    # White/Black. Rematches leave each upper player #i (after #1) only #(i+8) and #(i+7),
    # #1 only #9 and #16, and no two upper or two lower players may meet: the one pairing
    # with every colour given moves all eight lower players one board down, #16 to board 1.
    tops, bottoms = list(range(1, 9)), list(range(9, 17))
    allowed = {(t, t + 8) for t in tops} | {(t, t + 7) for t in tops[1:]} | {(1, 16)}
    met: dict[int, set[int]] = {n: set() for n in tops + bottoms}
    for a in tops + bottoms:
        for b in tops + bottoms:
            pair = (min(a, b), max(a, b))
            if a != b and pair not in allowed:
                met[a].add(b)
    due_white = {1, 9} | set(range(10, 16))
    entrants = [
        Entrant(
            id=n,
            name=f"P{n}",
            rating=2005 - 5 * n,
            score=Fraction(1),
            colours=(W, B) if n in due_white else (B, W),
            opponents=frozenset(met[n]),
        )
        for n in tops + bottoms
    ]

    assert_one_chain(entrants, round_number=3, moves=8)
