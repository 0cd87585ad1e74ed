"""The options a TD posts for what the pairing respects: players kept apart, the bye for colours
(28L2a), equal colour claims looked back on; each with the note a TD can show a player."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.tournaments.pairing.events import one_game_player
from tournaments.pairing import (
    Colour,
    Entrant,
    OptionsError,
    PairingOptions,
    options_parse,
    pair_swiss,
    pairing_problems,
)

W, B = Colour.WHITE, Colour.BLACK
WHITE_FIRST = {"board_one_colour": "white"}


def four(**clubs: str) -> list[Entrant]:
    return [
        Entrant(id=n, name=f"P{n}", rating=2300 - 100 * n, club=clubs.get(f"p{n}", ""))
        for n in range(1, 5)
    ]


def met(result_boards: tuple[object, ...]) -> set[frozenset[int]]:
    return {frozenset((b.white, b.black)) for b in result_boards}  # type: ignore[attr-defined]


def test_same_club_players_are_kept_apart_within_their_score_group_when_posted() -> (
    None
):
    entrants = four(p1="Riverside", p3=" riverside ")

    plain = pair_swiss(entrants, round_number=1, options=options_parse(WHITE_FIRST))
    apart = pair_swiss(
        entrants,
        round_number=1,
        options=options_parse({**WHITE_FIRST, "avoid_same_club": True}),
    )

    assert frozenset((1, 3)) in met(plain.boards)
    assert met(apart.boards) == {frozenset((1, 4)), frozenset((2, 3))}
    assert any("kept apart" in note and "#1 P1" in note for note in apart.notes)


def test_do_not_pair_list_keeps_two_players_apart() -> None:
    entrants = four()

    result = pair_swiss(
        entrants,
        round_number=1,
        options=options_parse({**WHITE_FIRST, "do_not_pair": [[2, 4]]}),
    )

    assert frozenset((2, 4)) not in met(result.boards)


def test_keeping_apart_never_makes_a_rematch_or_leaves_the_score_group() -> None:
    # 1 and 3 are one family; 1 has met 2 and 4: only 1-3, 2-4 avoids rematches.
    entrants = [
        Entrant(id=1, name="P1", rating=2200, opponents=frozenset({2, 4})),
        Entrant(id=2, name="P2", rating=2100, opponents=frozenset({1})),
        Entrant(id=3, name="P3", rating=2000),
        Entrant(id=4, name="P4", rating=1900, opponents=frozenset({1})),
    ]

    result = pair_swiss(
        entrants,
        round_number=2,
        options=PairingOptions(do_not_pair=frozenset({frozenset((1, 3))})),
    )

    assert met(result.boards) == {frozenset((1, 3)), frozenset((2, 4))}
    assert pairing_problems(entrants, result.boards, result.byes) == []
    assert any("meet: no swap" in note for note in result.notes)


# Six players of one score, top half 1-3 against bottom half 4-6: #3 (2010) is 10 points
# above #4 (2000); every other switch moves 200 points or more.
APART_RATINGS = (2400, 2200, 2010, 2000, 1800, 1600)


def keep_apart_field() -> list[Entrant]:
    return [
        Entrant(id=n, name=f"P{n}", rating=rating)
        for n, rating in enumerate(APART_RATINGS, start=1)
    ]


def test_keeping_apart_takes_the_swap_that_moves_the_fewest_rating_points() -> None:
    # 1-4, 2-5, 3-6 drawn; 1 and 4 kept apart. #3 and #4 changing places moves 10 points:
    # 1-3, 4-6. Any swap with 2-5 moves 200 or more.
    result = pair_swiss(
        keep_apart_field(),
        round_number=1,
        options=PairingOptions(
            board_one_colour="white", do_not_pair=frozenset({frozenset((1, 4))})
        ),
    )

    assert met(result.boards) == {
        frozenset((1, 3)),
        frozenset((4, 6)),
        frozenset((2, 5)),
    }


def test_keeping_apart_never_makes_another_pair_that_is_to_be_kept_apart() -> None:
    # As above, but 1 and 3 are to be kept apart too: the 10-point swap would pair them, so
    # the next one is taken, #4 and #5 changing places (200 points): 1-5, 2-4.
    result = pair_swiss(
        keep_apart_field(),
        round_number=1,
        options=PairingOptions(
            board_one_colour="white",
            do_not_pair=frozenset({frozenset((1, 4)), frozenset((1, 3))}),
        ),
    )

    assert met(result.boards) == {
        frozenset((1, 5)),
        frozenset((2, 4)),
        frozenset((3, 6)),
    }
    assert not any("but meet" in note for note in result.notes)


def test_keeping_apart_takes_the_swap_that_adds_the_fewest_colour_clashes() -> None:
    # The same ratings after one game each: the top half due White, the bottom half due
    # Black, so 1-4, 2-5, 3-6 all get their colours. The 10-point swap (1-3, 4-6) would
    # leave both boards with two players due one colour; #4 and #5 changing places (200
    # points) leaves none: fewer clashes come before fewer rating points.
    entrants = [
        one_game_player(n, rating, W if n <= 3 else B, 1)
        for n, rating in enumerate(APART_RATINGS, start=1)
    ]

    result = pair_swiss(
        entrants,
        round_number=2,
        options=PairingOptions(do_not_pair=frozenset({frozenset((1, 4))})),
    )

    assert met(result.boards) == {
        frozenset((1, 5)),
        frozenset((2, 4)),
        frozenset((3, 6)),
    }
    assert not any("not the colour due" in note for note in result.notes)


@pytest.mark.parametrize(
    "value",
    [[[1]], [[1, 1]], [["1", 2]], "1-2", [[True, 2]]],
)
def test_do_not_pair_must_be_pairs_of_start_numbers(value: object) -> None:
    with pytest.raises(OptionsError, match="do_not_pair"):
        options_parse({"do_not_pair": value})


def test_yes_no_options_must_be_true_or_false() -> None:
    with pytest.raises(OptionsError, match="avoid_same_club must be true or false"):
        options_parse({"avoid_same_club": "yes"})


def lowest_three() -> list[Entrant]:
    """Three players of the lowest group, ranked 1, 2, 3: two due White, the last due Black."""
    return [
        Entrant(id=1, name="P1", rating=2000, colours=(B,), opponents=frozenset({11})),
        Entrant(id=2, name="P2", rating=1900, colours=(B,), opponents=frozenset({12})),
        Entrant(id=3, name="P3", rating=1800, colours=(W,), opponents=frozenset({13})),
    ]


def test_bye_goes_to_the_lowest_ranked_player_unless_the_colour_variation_is_posted() -> (
    None
):
    entrants = lowest_three()

    plain = pair_swiss(entrants, round_number=2)
    for_colours = pair_swiss(
        entrants, round_number=2, options=options_parse({"bye_for_colours": True})
    )

    assert [b.player for b in plain.byes] == [3]
    assert any("gets Black, not the colour due" in note for note in plain.notes)
    # 28L2a: the bye to #2 lets #1 (due White) meet #3 (due Black).
    assert [b.player for b in for_colours.byes] == [2]
    assert [(b.white, b.black) for b in for_colours.boards] == [(1, 3)]
    bye_notes = [n for n in for_colours.notes if n.startswith("Pairing bye")]
    assert len(bye_notes) == 1
    assert bye_notes[0].startswith("Pairing bye to #2 P2 rather than #3 P3: 1 fewer")
    assert "28L2a" in bye_notes[0]


def test_the_bye_for_colours_never_goes_to_a_player_who_has_had_one() -> None:
    # As above, but #1 and #2 have had a bye: only #3 may have it, whatever the colours.
    entrants = [
        Entrant(
            id=e.id,
            name=e.name,
            rating=e.rating,
            colours=e.colours,
            opponents=e.opponents,
            had_bye=e.id != 3,
        )
        for e in lowest_three()
    ]

    result = pair_swiss(
        entrants, round_number=2, options=options_parse({"bye_for_colours": True})
    )

    assert [b.player for b in result.byes] == [3]
    assert pairing_problems(entrants, result.boards, result.byes) == []


def test_the_bye_for_colours_never_moves_players_out_of_their_score_group() -> None:
    # Score 1: #1 due White, #2 due Black. Score 0: #3 and #4 due White, #5 due Black; #3 met
    # #5. The bye to #5 (the usual one) leaves 3-4 clashing; the bye to #4 gives every colour
    # but, #3 and #5 having met, pairs both groups across (1-5, 2-3); the bye to #3 gives
    # every colour with everyone in their group: that one.
    player = one_game_player
    entrants = [
        player(1, 2000, W, 1, 11),
        player(2, 1900, B, 1, 12),
        player(3, 1800, W, 0, 5),
        player(4, 1700, W, 0, 14),
        player(5, 1600, B, 0, 3),
    ]

    result = pair_swiss(
        entrants, round_number=2, options=options_parse({"bye_for_colours": True})
    )

    assert [b.player for b in result.byes] == [3]
    assert met(result.boards) == {frozenset((1, 2)), frozenset((4, 5))}
    assert pairing_problems(entrants, result.boards, result.byes) == []


def equal_claims() -> list[Entrant]:
    """Both due White with equal claims; #2 had Black three games ago when #1 had White."""
    return [
        Entrant(id=1, name="P1", rating=2000, colours=(B, W, W, B), score=Fraction(2)),
        Entrant(id=2, name="P2", rating=1900, colours=(W, B, W, B), score=Fraction(2)),
    ]


def test_equal_colour_claims_look_back_to_the_latest_game_the_colours_differed() -> (
    None
):
    result = pair_swiss(equal_claims(), round_number=5)

    assert [(b.white, b.black) for b in result.boards] == [(2, 1)]
    assert any(
        "#1 P1 gets Black" in note and "3 games ago" in note for note in result.notes
    )


def test_equal_colour_claims_go_to_the_higher_rank_without_looking_back() -> None:
    result = pair_swiss(
        equal_claims(),
        round_number=5,
        options=options_parse({"colour_look_back": False}),
    )

    assert [(b.white, b.black) for b in result.boards] == [(1, 2)]
    assert any("the higher rank" in note for note in result.notes)


def test_equal_colour_claims_look_back_game_by_game_to_the_shorter_historys_first_game() -> (
    None
):
    # Both due White to equalise (one Black more, the last two games differing). #2 played
    # two games fewer (byes): game by game back from the latest, the two histories first
    # differ at #2's first game, three games back, when #2 had Black and #1 White.
    entrants = [
        Entrant(
            id=1, name="P1", rating=2000, colours=(B, B, W, W, B), score=Fraction(3)
        ),
        Entrant(id=2, name="P2", rating=1900, colours=(B, W, B), score=Fraction(3)),
    ]

    result = pair_swiss(entrants, round_number=6)

    assert [(b.white, b.black) for b in result.boards] == [(2, 1)]
    assert any(
        "#1 P1 gets Black" in note and "3 games ago" in note for note in result.notes
    )


def test_claims_of_one_strength_and_unequal_imbalance_are_not_looked_back_on() -> None:
    # Both strong claims to White: #1 two games with Black (2 down), #2 two Blacks in a row
    # after a White (1 down). The larger imbalance is the stronger claim: #1 gets White,
    # though #2 ranks higher and their histories never differ looking back.
    entrants = [
        Entrant(id=1, name="P1", rating=1900, colours=(B, B), score=Fraction(1)),
        Entrant(id=2, name="P2", rating=2000, colours=(W, B, B), score=Fraction(1)),
    ]

    result = pair_swiss(entrants, round_number=4)

    assert [(b.white, b.black) for b in result.boards] == [(1, 2)]
    assert any(
        "#2 P2 gets Black" in note and "a stronger claim" in note
        for note in result.notes
    )


def test_the_bye_for_colours_may_go_to_the_sixth_lowest_player_of_the_lowest_group() -> (
    None
):
    # Seven players, 300 points apart (no colour fix within the limits), due White, Black,
    # White, White, Black, Black, Black. The bye to the lowest (#7) leaves 1-4 and 2-5
    # clashing; to #6, #5, #4 or #3, at least one board; to #2, the sixth lowest, none:
    # 1-5, 3-6, 4-7.
    dues = (W, B, W, W, B, B, B)
    entrants = [
        one_game_player(n, 2900 - 300 * n, due, 0)
        for n, due in enumerate(dues, start=1)
    ]

    plain = pair_swiss(entrants, round_number=2)
    for_colours = pair_swiss(
        entrants, round_number=2, options=PairingOptions(bye_for_colours=True)
    )

    assert [b.player for b in plain.byes] == [7]
    assert [b.player for b in for_colours.byes] == [2]
    assert met(for_colours.boards) == {
        frozenset((1, 5)),
        frozenset((3, 6)),
        frozenset((4, 7)),
    }
    assert not any("not the colour due" in note for note in for_colours.notes)
    assert any(
        n.startswith("Pairing bye to #2 P2 rather than #7 P7: 2 fewer")
        for n in for_colours.notes
    )


def test_keeping_apart_never_moves_a_player_out_of_their_score_group() -> None:
    # 1 and 2 lead with a point each and are club-mates: the score group wins (27A2).
    entrants = [
        Entrant(id=n, name=f"P{n}", rating=2300 - 100 * n, club="Oak", score=score)
        for n, score in (
            (1, Fraction(1)),
            (2, Fraction(1)),
            (3, Fraction(0)),
            (4, Fraction(0)),
        )
    ]

    result = pair_swiss(
        entrants, round_number=2, options=PairingOptions(avoid_same_club=True)
    )

    assert met(result.boards) == {frozenset((1, 2)), frozenset((3, 4))}
    assert any("#1 P1 and #2 P2 are to be kept apart" in n for n in result.notes)
