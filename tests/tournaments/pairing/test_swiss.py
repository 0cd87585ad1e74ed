"""pair_swiss, hand-worked: one case for each rule the program follows (US Chess rules 27-29)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from tournaments.pairing import (
    Board,
    Bye,
    ByeKind,
    Colour,
    Entrant,
    PairingOptions,
    options_parse,
    pair_swiss,
    pairing_problems,
)

W, B = Colour.WHITE, Colour.BLACK
WHITE_FIRST = PairingOptions(board_one_colour="white")


def field(*ratings: int | None, **changes: Mapping[int, object]) -> list[Entrant]:
    """Players 1..n with these ratings; ``changes`` per field: {start number: value}."""
    entrants = []
    for n, rating in enumerate(ratings, start=1):
        values: dict[str, object] = {"id": n, "name": f"P{n}", "rating": rating}
        for name, by_number in changes.items():
            if n in by_number:
                values[name] = by_number[n]
        entrants.append(Entrant(**values))  # type: ignore[arg-type]
    return entrants


def pairs(result_boards: tuple[Board, ...]) -> list[tuple[int, int]]:
    return [(b.white, b.black) for b in result_boards]


def test_round_one_top_half_meets_bottom_half_colours_alternating_down_the_boards() -> (
    None
):
    entrants = field(2200, 2100, 2000, 1900, 1800, 1700, 1600, 1500)

    result = pair_swiss(entrants, round_number=1, options=WHITE_FIRST)

    # 27A3: 1-5, 2-6, 3-7, 4-8; the higher player has White on odd boards, Black on even.
    assert pairs(result.boards) == [(1, 5), (6, 2), (3, 7), (8, 4)]
    assert result.byes == ()
    assert pairing_problems(entrants, result.boards, result.byes) == []


def test_board_one_colour_is_an_option_and_a_lot_is_reproducible() -> None:
    entrants = field(2200, 2100, 2000, 1900)

    black = pair_swiss(
        entrants, round_number=1, options=PairingOptions(board_one_colour="black")
    )
    lots = {
        pair_swiss(entrants, round_number=1, seed=str(seed)).boards[0].white
        for seed in range(20)
    }

    assert pairs(black.boards) == [(3, 1), (2, 4)]
    assert lots == {1, 3}
    assert (
        pair_swiss(entrants, round_number=1, seed="x").boards
        == pair_swiss(entrants, round_number=1, seed="x").boards
    )


def test_score_groups_pair_within_themselves_from_the_top() -> None:
    one, zero = Fraction(1), Fraction(0)
    entrants = field(
        2200, 2100, 2000, 1900,
        score={1: one, 2: zero, 3: one, 4: zero},
        colours={1: (W,), 2: (B,), 3: (B,), 4: (W,)},
        opponents={1: frozenset({2}), 2: frozenset({1}), 3: frozenset({4}), 4: frozenset({3})},
    )  # fmt: skip

    result = pair_swiss(entrants, round_number=2)

    # 27A2: the 1-point group is 1 and 3, the 0 group 2 and 4; colours alternate (27A5).
    assert pairs(result.boards) == [(3, 1), (2, 4)]


def test_the_odd_player_floats_down_to_the_highest_player_of_the_next_group() -> None:
    one = Fraction(1)
    entrants = field(
        2200, 2100, 2000, 1900, 1800, 1700,
        score={1: one, 2: one, 3: one},
    )  # fmt: skip

    result = pair_swiss(entrants, round_number=2, options=WHITE_FIRST)

    # 1-2 in the 1 group (no one is due a colour); 3 floats down and meets 4, then 5-6.
    assert sorted(tuple(sorted(p)) for p in pairs(result.boards)) == [
        (1, 2),
        (3, 4),
        (5, 6),
    ]
    assert any("#3 P3 floats down" in note for note in result.notes)


def test_players_who_have_met_are_not_paired_again() -> None:
    entrants = field(
        2200, 2100, 2000, 1900, opponents={1: frozenset({3}), 3: frozenset({1})}
    )

    result = pair_swiss(entrants, round_number=2, options=WHITE_FIRST)

    # 27A1 before 27A3: 1 cannot meet 3, so 1-4 and 2-3.
    assert sorted(tuple(sorted(p)) for p in pairs(result.boards)) == [(1, 4), (2, 3)]
    assert any("has met #3 P3" in note for note in result.notes)


def test_when_the_last_group_cannot_pair_the_bottom_is_paired_across_groups() -> None:
    one = Fraction(1)
    entrants = field(
        2200, 2100, 2000, 1900,
        score={1: one, 2: one},
        opponents={3: frozenset({4}), 4: frozenset({3})},
    )  # fmt: skip

    result = pair_swiss(entrants, round_number=2)

    assert sorted(tuple(sorted(p)) for p in pairs(result.boards)) in (
        [(1, 3), (2, 4)],
        [(1, 4), (2, 3)],
    )
    assert pairing_problems(entrants, result.boards, result.byes) == []
    assert any("paired across score groups" in note for note in result.notes)


def test_a_rematch_only_when_no_pairing_avoids_one_and_then_noted() -> None:
    entrants = field(2200, 2100, opponents={1: frozenset({2}), 2: frozenset({1})})

    result = pair_swiss(entrants, round_number=2)

    assert len(result.boards) == 1
    assert any("meet again" in note for note in result.notes)


def test_colours_equalised_before_alternated() -> None:
    # 1 had White, White, Black (due Black to equalise); 2 had Black, White (due Black to alternate).
    entrants = field(2200, 2100, colours={1: (W, W, B), 2: (B, W)})

    result = pair_swiss(entrants, round_number=4)

    # 27A4 over 27A5: 1 gets Black, 2 White against the alternation, with a note.
    assert pairs(result.boards) == [(2, 1)]
    assert any("#2 P2 gets White" in note for note in result.notes)


def test_equal_claims_give_the_higher_ranked_player_the_colour_due() -> None:
    entrants = field(2200, 2100, colours={1: (W,), 2: (W,)})

    result = pair_swiss(entrants, round_number=2)

    assert pairs(result.boards) == [(2, 1)]


def test_a_transposition_in_the_lower_half_fixes_colours_within_200_points() -> None:
    # Top half 1 (due White) and 2 (due Black); bottom half 3 (due White), 4 (due Black).
    colours = {1: (B,), 2: (W,), 3: (B,), 4: (W,)}
    entrants = field(2200, 2100, 1900, 1750, colours=colours)

    result = pair_swiss(entrants, round_number=2)

    # 1-3 and 2-4 would each give someone a colour against equalisation; swapping 3 and 4
    # (150 points) or, the same pairs, 1 and 2 (100 points) is within 200 (29E5b).
    assert pairs(result.boards) == [(1, 4), (3, 2)]
    assert any(
        "a transposition of #1 P1 and #2 P2 for colours (100 points, within 200)"
        in note
        for note in result.notes
    )


def test_an_interchange_between_the_halves_when_no_transposition_is_within_the_limit() -> (
    None
):
    # The example of 2150/1850 due Black and 1900/1600 due White: transpositions are 250
    # points, the interchange of 1850 and 1900 only 50.
    colours = {1: (W,), 2: (B,), 3: (W,), 4: (B,)}
    entrants = field(2150, 1900, 1850, 1600, colours=colours)

    result = pair_swiss(entrants, round_number=2)

    assert pairs(result.boards) == [(2, 1), (4, 3)]
    assert any("an interchange of" in note for note in result.notes)


def test_no_transposition_or_interchange_past_the_rating_limit() -> None:
    colours = {1: (B,), 2: (W,), 3: (B,), 4: (W,)}
    entrants = field(2200, 1900, 1650, 1300, colours=colours)

    result = pair_swiss(entrants, round_number=2)
    wider = pair_swiss(
        entrants,
        round_number=2,
        options=PairingOptions(equalise_limit=500, alternate_limit=500),
    )

    # Transpositions switch 300 or 350 points, the interchange 250: 1-3 and 2-4 stand and
    # two players get the other colour, noted; the limits are options.
    assert sorted(tuple(sorted(p)) for p in pairs(result.boards)) == [(1, 3), (2, 4)]
    assert sum("not the colour due" in note for note in result.notes) == 2
    assert sorted(tuple(sorted(p)) for p in pairs(wider.boards)) != [(1, 3), (2, 4)]
    assert not any("not the colour due" in note for note in wider.notes)


def test_no_one_gets_a_colour_difference_of_three() -> None:
    # 1 and 2 (2 points) are both two Whites ahead, 3 and 4 (0 points) two Blacks ahead:
    # 1-2 and 3-4 would leave a difference of 3, so the groups trade partners.
    entrants = field(
        2200, 2100, 2000, 1900,
        colours={1: (W, B, W, W), 2: (W, W, B, W), 3: (B, W, B, B), 4: (B, B, W, B)},
        score={1: Fraction(2), 2: Fraction(2)},
    )  # fmt: skip

    result = pair_swiss(entrants, round_number=5)

    assert pairing_problems(entrants, result.boards, result.byes) == []
    assert all(b.white in (3, 4) and b.black in (1, 2) for b in result.boards)
    assert any("no one has 3 more games" in note for note in result.notes)


def test_the_pairing_bye_goes_to_the_lowest_player_of_the_lowest_group_without_one() -> (
    None
):
    entrants = field(
        2200, 2100, 2000, 1900, 1800,
        score={1: Fraction(1), 2: Fraction(1)},
        had_bye={5: True},
    )  # fmt: skip

    result = pair_swiss(entrants, round_number=2)

    # 28L: 5 has had a point without playing, so 4, the next lowest of the 0 group.
    assert Bye(4, ByeKind.PAIRING) in result.byes
    assert any("Pairing bye to #4 P4" in note for note in result.notes)


def test_requested_byes_and_withdrawn_players_are_left_out() -> None:
    entrants = field(
        2200, 2100, 2000, 1900, 1800, 1700,
        requested_bye={2: ByeKind.HALF, 3: ByeKind.ZERO},
        withdrawn={6: True},
    )  # fmt: skip

    result = pair_swiss(entrants, round_number=1, options=WHITE_FIRST)

    assert set(result.byes) == {
        Bye(2, ByeKind.HALF),
        Bye(3, ByeKind.ZERO),
        Bye(5, ByeKind.PAIRING),
    }
    assert pairs(result.boards) == [(1, 4)]
    assert "#6 P6 has withdrawn and is not paired." in result.notes
    assert pairing_problems(entrants, result.boards, result.byes) == []


def test_accelerated_pairings_add_points_to_the_top_half_in_the_first_rounds() -> None:
    entrants = field(2200, 2100, 2000, 1900, 1800, 1700, 1600, 1500)
    options = options_parse(
        {"accelerated_rounds": 2, "accelerated_points": 1, "board_one_colour": "white"}
    )

    first = pair_swiss(entrants, round_number=1, options=options)
    third = pair_swiss(entrants, round_number=3, options=options)

    # Round 1: the top four form their own group (1-3, 2-4), the bottom four theirs.
    assert pairs(first.boards) == [(1, 3), (4, 2), (5, 7), (8, 6)]
    assert any("Accelerated pairings" in note for note in first.notes)
    assert not any("Accelerated" in note for note in third.notes)


def test_acceleration_still_applies_in_its_last_round_and_stops_after() -> None:
    # accelerated_rounds=2: round 2 is the last accelerated round (the boundary), round 3 not.
    entrants = field(2200, 2100, 2000, 1900, 1800, 1700, 1600, 1500)
    options = options_parse(
        {"accelerated_rounds": 2, "accelerated_points": 1, "board_one_colour": "white"}
    )

    second = pair_swiss(entrants, round_number=2, options=options)
    third = pair_swiss(entrants, round_number=3, options=options)

    # Round 2 accelerated: the top four pair among themselves (1-3, 2-4), so do the bottom four.
    assert sorted(tuple(sorted(p)) for p in pairs(second.boards)) == [
        (1, 3),
        (2, 4),
        (5, 7),
        (6, 8),
    ]
    assert any("rounds 1 to 2" in note for note in second.notes)
    # Round 3 not: one group of eight, top half against bottom half (1-5, 2-6, ...).
    assert sorted(tuple(sorted(p)) for p in pairs(third.boards)) == [
        (1, 5),
        (2, 6),
        (3, 7),
        (4, 8),
    ]


def test_unrated_players_rank_last_unless_given_a_rating_for_pairing() -> None:
    entrants = field(2200, None, 2000, 1900)

    default = pair_swiss(entrants, round_number=1, options=WHITE_FIRST)
    placed = pair_swiss(
        entrants,
        round_number=1,
        options=PairingOptions(board_one_colour="white", unrated_rating=2100),
    )

    # Unrated last: order 1, 3, 4, 2 -> 1-4, 3-2. Placed at 2100: 1, 2, 3, 4 -> 1-3, 4-2.
    assert pairs(default.boards) == [(1, 4), (2, 3)]
    assert pairs(placed.boards) == [(1, 3), (4, 2)]


def test_boards_are_ordered_by_score_then_rank() -> None:
    entrants = field(
        2200, 2100, 2000, 1900,
        score={3: Fraction(1), 4: Fraction(1)},
    )  # fmt: skip

    result = pair_swiss(entrants, round_number=2)

    assert {result.boards[0].white, result.boards[0].black} == {3, 4}


def test_a_floater_meets_a_lower_player_within_the_limit_when_colours_need_it() -> None:
    # 1 (2 points) floats into the 1 group: 2, 3, 4; 1 and 2 are both due Black, 3 due White.
    entrants = field(
        2300, 2000, 1950, 1700,
        score={1: Fraction(2), 2: Fraction(1), 3: Fraction(1), 4: Fraction(1)},
        colours={1: (B, W), 2: (B, W), 3: (W, B), 4: (W, B)},
    )  # fmt: skip

    result = pair_swiss(entrants, round_number=3)

    # 2 and 3 are 50 points apart, within 80: 1 meets 3 and both get their colours (29D).
    assert (3, 1) in pairs(result.boards)
    assert any(
        "#1 P1, floated down, meets #3 P3 rather than #2 P2" in n for n in result.notes
    )


def test_notes_about_players_the_last_resort_re_pairs_are_dropped() -> None:
    # 1 and 2 (3 points) have met and float into the 0 group; 2 has met everyone there but 3,
    # whom 1 takes first; the bottom is then re-paired as a whole: 2-3, and 1 with another.
    entrants = field(
        2200, 2100, 2000, 1900, 1800, 1700,
        score={1: Fraction(3), 2: Fraction(3)},
        opponents={
            1: frozenset({2}),
            2: frozenset({1, 4, 5, 6}),
            4: frozenset({2}),
            5: frozenset({2}),
            6: frozenset({2}),
        },
    )  # fmt: skip

    result = pair_swiss(entrants, round_number=6)

    assert pairing_problems(entrants, result.boards, result.byes) == []
    assert {2, 3} in [{b.white, b.black} for b in result.boards]
    assert any("paired across score groups" in n for n in result.notes)
    assert not any(
        "cannot be paired" in n or "has met everyone" in n for n in result.notes
    )


def test_a_requested_bye_note_says_requested_once() -> None:
    result = pair_swiss(
        field(1800, 1700, 1600, requested_bye={3: ByeKind.ZERO}), round_number=1
    )

    note = next(n for n in result.notes if "P3" in n)
    assert note.endswith(": requested zero-point bye.")
    assert "as requested" not in note
