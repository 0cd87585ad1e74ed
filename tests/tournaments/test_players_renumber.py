"""Numbering by rating at any size the model allows: no two players ever share a number."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tournaments.builders import section_build
from tournaments import services
from tournaments.models import Pairing, Player, Section
from tournaments.services.players import start_number_moves


def _apply(moves: dict[int, tuple[int, int]], highest: int = 9999) -> dict[int, int]:
    """Play the steps on a dict number -> pk, failing as the unique constraint would."""
    held = {old: pk for pk, (old, _new) in moves.items()}
    at = {pk: old for pk, (old, _new) in moves.items()}
    for batch in start_number_moves(moves, highest=highest):
        # One statement: its rows change in any order, so each goes to a number free before it.
        numbers = [number for number, _pk in batch]
        assert len(set(numbers)) == len(numbers)
        for number, _pk in batch:
            assert 1 <= number <= highest
            assert number not in held, f"{number} is taken by {held[number]}"
        for _number, pk in batch:
            del held[at[pk]]
        for number, pk in batch:
            held[number], at[pk] = pk, number
    return at


@st.composite
def renumberings(draw: st.DrawFn) -> tuple[dict[int, tuple[int, int]], int]:
    """Players on any numbers up to ``highest`` (a few spare numbers, or many), renumbered 1..n."""
    size = draw(st.integers(1, 200))
    highest = size + draw(st.sampled_from([1, 2, 3, size, 9999 - size]))
    olds = draw(
        st.lists(st.integers(1, highest), min_size=size, max_size=size, unique=True)
    )
    news = draw(st.permutations(range(1, size + 1)))
    return dict(enumerate(zip(olds, news, strict=True))), highest


@settings(deadline=None)
@given(renumberings())
def test_every_batch_goes_to_free_numbers_and_every_player_ends_on_theirs(
    case: tuple[dict[int, tuple[int, int]], int],
) -> None:
    moves, highest = case

    assert _apply(moves, highest) == {pk: new for pk, (_old, new) in moves.items()}


def test_a_full_range_in_a_cycle_is_refused_with_a_sentence() -> None:
    moves = {pk: (pk, pk % 9999 + 1) for pk in range(1, 10_000)}

    with pytest.raises(ValidationError) as error:
        start_number_moves(moves)

    assert error.value.messages == [services.RENUMBER_NO_SPARE]


def test_one_free_number_is_enough_for_the_longest_cycle() -> None:
    moves = {pk: (pk, pk % 9998 + 1) for pk in range(1, 9999)}

    assert _apply(moves) == {pk: new for pk, (_old, new) in moves.items()}


def test_a_new_top_player_renumbers_a_thousand_in_two_statements() -> None:
    # The last of 1,200 moves to 1 and everyone else down one: a single cycle.
    moves = {pk: (pk, pk % 1200 + 1) for pk in range(1, 1201)}

    assert len(start_number_moves(moves)) == 2


@pytest.mark.django_db(transaction=False)
@pytest.mark.parametrize("size", [5_000])
def test_renumbering_a_reversed_section_of_thousands(size: int) -> None:
    # Rated lowest first: numbering by rating reverses the whole list (the old two-pass
    # renumbering ran out of spare numbers from 5,000 players: IntegrityError, HTTP 500).
    section = section_build(
        ratings=[1000 + n // 10 for n in range(size)], rounds=[], rounds_total=5
    )

    services.players_renumber(section=section)

    rows = list(
        Player.objects.filter(section=section)
        .order_by("start_number")
        .values_list("start_number", "rating")
    )
    assert [n for n, _r in rows] == list(range(1, size + 1))
    ratings = [r or 0 for _n, r in rows]
    assert ratings == sorted(ratings, reverse=True)


@pytest.mark.django_db
def test_the_do_not_pair_list_follows_its_players_to_their_new_numbers() -> None:
    # A(1) B(2) C(3) D(4); A and B are kept apart, and C and D.
    section = section_build(
        ratings=[2000, 1900, 1800, 1700],
        rounds=[],
        rounds_total=5,
        pairing_options={"do_not_pair": [[1, 2], [3, 4]], "avoid_same_club": True},
    )
    d = Player.objects.get(section=section, start_number=4)

    services.player_update(player=d, rating=2100)  # D goes first: D1 A2 B3 C4

    section.refresh_from_db()
    assert section.pairing_options == {
        "do_not_pair": [[1, 4], [2, 3]],
        "avoid_same_club": True,
    }
    # B taken out: the pair A-B goes; the others move up again (D1 A2 C3).
    services.player_delete(player=Player.objects.get(section=section, start_number=3))
    section.refresh_from_db()
    assert section.pairing_options["do_not_pair"] == [[1, 3]]


@pytest.mark.django_db
def test_round_robin_table_numbers_follow_their_players_to_their_new_numbers() -> None:
    # A(1) B(2) C(3) D(4) at tables 2, 4, 1, 3 (the TD's own draw).
    section = section_build(
        ratings=[2000, 1900, 1800, 1700],
        names=["A", "B", "C", "D"],
        rounds=[],
        rounds_total=3,
        kind=Section.Kind.ROUND_ROBIN,
        pairing_options={"tables": {"1": 2, "2": 4, "3": 1, "4": 3}},
    )
    tables_of = {"A": 2, "B": 4, "C": 1, "D": 3}
    d = Player.objects.get(section=section, start_number=4)

    services.player_update(player=d, rating=2100)  # D goes first: D1 A2 B3 C4

    section.refresh_from_db()
    assert section.pairing_options == {"tables": {"1": 3, "2": 2, "3": 4, "4": 1}}
    # Round 1 of the Berger table for 4 is tables 1-4 and 2-3: C-B and A-D, as drawn.
    services.round_pair(
        section=section, post_default_order=True, absent=services.ABSENT_PAIR
    )
    played = {
        frozenset(names)
        for names in Pairing.objects.filter(round__section=section).values_list(
            "white__name", "black__name"
        )
    }
    by_table = {t: n for n, t in tables_of.items()}
    assert played == {
        frozenset((by_table[1], by_table[4])),
        frozenset((by_table[2], by_table[3])),
    }
