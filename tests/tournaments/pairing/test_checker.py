"""pairing_problems: one sentence for each rule a pairing breaks, none for a legal pairing."""

from __future__ import annotations

from fractions import Fraction

from tournaments.pairing import Board, Bye, ByeKind, Colour, Entrant, pairing_problems

W, B = Colour.WHITE, Colour.BLACK


def player(n: int, **values: object) -> Entrant:
    return Entrant(id=n, name=f"P{n}", **values)  # type: ignore[arg-type]


def test_a_legal_pairing_has_no_problems() -> None:
    field = [player(1), player(2), player(3, score=Fraction(1))]

    assert pairing_problems(field, [Board(1, 2)], [Bye(3, ByeKind.PAIRING)]) == []


def test_a_rematch_is_named() -> None:
    field = [player(1, opponents=frozenset({2})), player(2, opponents=frozenset({1}))]

    assert pairing_problems(field, [(2, 1)]) == ["#2 P2 and #1 P1 have already met."]


def test_a_player_twice_missing_or_unknown() -> None:
    field = [player(1), player(2), player(3), player(4)]

    problems = pairing_problems(field, [(1, 2), (2, 3), (9, 1)])

    assert problems == [
        "#1 P1 is paired 2 times in this round.",
        "#2 P2 is paired 2 times in this round.",
        "#9 is not a player of this section.",
        "#4 P4 is missing: not paired and no bye.",
    ]


def test_a_withdrawn_player_paired() -> None:
    field = [player(1), player(2, withdrawn=True), player(3)]

    assert pairing_problems(field, [(1, 2)], [(3, ByeKind.HALF)]) == [
        "#2 P2 has withdrawn but is paired."
    ]


def test_a_second_bye_and_more_byes_than_needed() -> None:
    field = [player(1, had_bye=True), player(2), player(3), player(4)]

    problems = pairing_problems(
        field, [(3, 4)], [Bye(1, ByeKind.PAIRING), Bye(2, ByeKind.PAIRING)]
    )

    assert problems == [
        "#1 P1 gets a pairing bye after already having a bye or a point without playing.",
        "2 pairing byes in one round; an odd number of players needs one.",
    ]


def test_a_requested_bye_of_another_kind() -> None:
    field = [player(1, requested_bye=ByeKind.HALF)]

    assert pairing_problems(field, [], [Bye(1, ByeKind.ZERO)]) == [
        "#1 P1 asked for a requested half-point bye but gets a requested zero-point bye."
    ]


def test_colour_difference_over_two() -> None:
    field = [player(1, colours=(W, B, W, W)), player(2, colours=(B, W, W, B))]

    assert pairing_problems(field, [(1, 2)]) == [
        "#1 P1 would have 3 more White than Black games."
    ]
    assert pairing_problems(field, [(2, 1)]) == []
