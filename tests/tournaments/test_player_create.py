"""Entering players one by one, editing them, and numbering by rating until round 1 is paired."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from tests.tournaments.builders import section_build
from tournaments import selectors, services
from tournaments.models import Player, Round

pytestmark = pytest.mark.django_db


def numbers(section) -> list[tuple[int, str]]:
    return list(
        Player.objects.filter(section=section)
        .order_by("start_number")
        .values_list("start_number", "name")
    )


def test_before_round_one_players_are_numbered_by_rating_unrated_last() -> None:
    section = section_build(ratings=[], rounds=[], rounds_total=4)

    services.player_create(section=section, name="Low", rating=1200)
    services.player_create(section=section, name="Unrated")
    services.player_create(section=section, name="High", rating=2100)
    player = services.player_create(section=section, name="Middle", rating=1700)

    assert numbers(section) == [(1, "High"), (2, "Middle"), (3, "Low"), (4, "Unrated")]
    assert player.start_number == 2


@pytest.mark.parametrize("posted", [1, 2])
def test_once_a_round_is_posted_the_player_form_refuses_and_points_to_late_entry(
    posted: int,
) -> None:
    # Entered here, the player would miss the posted rounds with no row (not paired, never
    # chosen) and be paired later without a word: Late entry asks for each round missed.
    section = section_build(
        ratings=[1500, 1400], rounds=["1-2 1-0", "2-1 ?"][:posted], rounds_total=4
    )

    with pytest.raises(ValidationError) as refused:
        services.player_create(section=section, name="Strong", rating=2400)

    missed = "round 1" if posted == 1 else "rounds 1 to 2"
    assert refused.value.messages == [
        services.PLAYERS_ADD_ROUND_POSTED.format(round=posted, missed=missed)
    ]
    assert section.players.count() == 2


def test_a_late_entry_after_round_one_gets_the_next_number() -> None:
    section = section_build(ratings=[1500, 1400], rounds=["1-2 ?"], rounds_total=4)

    player = services.player_late_entry(
        section=section,
        name="Strong",
        rating=2400,
        first_round=2,
        missed={1: services.LATE_NOT_PAIRED},
    )

    assert player.start_number == 3


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"name": "  "}, services.PLAYER_NAME_MISSING),
        ({"name": "A", "rating": 4000}, services.PLAYER_RATING_RANGE),
        (
            {"name": "A", "uschess_id": "12-34"},
            services.PLAYER_ID_DIGITS.format(field="US Chess ID"),
        ),
        (
            {"name": "A", "fide_id": "x1"},
            services.PLAYER_ID_DIGITS.format(field="FIDE ID"),
        ),
    ],
    ids=["no name", "rating too high", "US Chess ID letters", "FIDE ID letters"],
)
def test_bad_player_is_refused_with_a_sentence_and_nothing_saved(
    fields, message
) -> None:
    section = section_build(ratings=[], rounds=[], rounds_total=4)

    with pytest.raises(ValidationError) as error:
        services.player_create(section=section, **fields)

    assert message in error.value.messages
    assert not Player.objects.filter(section=section).exists()


def test_editing_a_rating_before_round_one_renumbers() -> None:
    section = section_build(ratings=[2000, 1900, 1800], rounds=[], rounds_total=4)
    third = Player.objects.get(section=section, start_number=3)

    services.player_update(player=third, rating=2200, club="Knights")

    third.refresh_from_db()
    assert (third.start_number, third.club) == (1, "Knights")


def test_renumbering_is_refused_once_round_one_is_paired() -> None:
    section = section_build(ratings=[1000, 2000], rounds=[], rounds_total=4)
    Round.objects.create(section=section, number=1, status=Round.Status.DRAFT)

    with pytest.raises(ValidationError) as error:
        services.players_renumber(section=section)

    assert error.value.messages == [services.RENUMBER_AFTER_ROUND_ONE]
    assert numbers(section) == [(1, "Player 1"), (2, "Player 2")]


def test_renumber_keeps_the_order_of_equal_ratings() -> None:
    section = section_build(
        ratings=[1500, 1800, 1500, None, 1800], rounds=[], rounds_total=4
    )

    services.players_renumber(section=section)

    assert numbers(section) == [
        (1, "Player 2"),
        (2, "Player 5"),
        (3, "Player 1"),
        (4, "Player 3"),
        (5, "Player 4"),
    ]


def test_rating_order_is_detected() -> None:
    section = section_build(ratings=[1500, 1800, None], rounds=[], rounds_total=4)
    players = list(Player.objects.filter(section=section))
    assert not selectors.players_in_rating_order(players)

    services.players_renumber(section=section)

    assert selectors.players_in_rating_order(Player.objects.filter(section=section))
