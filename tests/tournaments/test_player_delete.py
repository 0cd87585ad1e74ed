"""A player with no row in any round can be deleted: no phantom row anywhere, the deletion kept."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from standings.trf_export import section_trf
from tests.tournaments.builders import section_build
from tournaments import services
from tournaments.models import (
    CheckIn,
    Player,
    PlayerChange,
    RequestedBye,
    Section,
    Tournament,
)

pytestmark = pytest.mark.django_db


def numbers(section: Section) -> list[tuple[int, str]]:
    return list(
        Player.objects.filter(section=section)
        .order_by("start_number")
        .values_list("start_number", "name")
    )


def test_before_round_one_the_player_goes_and_the_others_close_up() -> None:
    section = section_build(ratings=[2000, 1900, 1800], rounds=[], rounds_total=4)
    second = Player.objects.get(section=section, start_number=2)
    RequestedBye.objects.create(player=second, round_number=3)
    CheckIn.objects.create(player=second, round_number=1)

    services.player_delete(player=second)

    assert numbers(section) == [(1, "Player 1"), (2, "Player 3")]
    assert not RequestedBye.objects.exists() and not CheckIn.objects.exists()
    change = PlayerChange.objects.get()
    assert (change.kind, change.start_number, change.name, change.player) == (
        PlayerChange.Kind.DELETED,
        2,
        "Player 2",
        None,
    )


def test_after_round_one_the_others_keep_their_numbers_and_the_trf_has_no_row() -> None:
    section = section_build(
        ratings=[2000, 1900, 1800, 1700], rounds=["1-2 1-0, 3-4 ="], rounds_total=4
    )
    late = services.player_late_entry(
        section=section,
        name="Never Came",
        first_round=3,
        missed={1: services.LATE_NOT_PAIRED, 2: services.LATE_HALF},
    )
    # Round 1 is paired, so the late entry got a "not paired" row there: not deletable.
    with pytest.raises(ValidationError) as error:
        services.player_delete(player=late)
    assert error.value.messages == [
        services.DELETE_HAS_GAMES.format(player=late, round=1)
    ]

    ghost = Player.objects.create(section=section, start_number=6, name="Typo Entry")
    services.player_delete(player=ghost)

    assert [n for n, _name in numbers(section)] == [1, 2, 3, 4, 5]
    assert "Typo Entry" not in section_trf(section=section)


@pytest.mark.parametrize(
    "round_text", ["1-2 1-0", "2 H", "2 -"], ids=["a game", "a bye", "not paired"]
)
def test_a_player_with_a_row_is_refused_and_nothing_changes(round_text: str) -> None:
    section = section_build(ratings=[2000, 1900], rounds=[round_text], rounds_total=4)
    second = Player.objects.get(section=section, start_number=2)

    with pytest.raises(ValidationError):
        services.player_delete(player=second)

    assert len(numbers(section)) == 2
    assert not PlayerChange.objects.exists()


def test_pressed_twice_deletes_once() -> None:
    section = section_build(ratings=[2000, 1900], rounds=[], rounds_total=4)
    second = Player.objects.get(section=section, start_number=2)

    services.player_delete(player=second)
    services.player_delete(player=second)

    assert numbers(section) == [(1, "Player 1")]
    assert PlayerChange.objects.count() == 1


def test_the_pages_ask_first_then_delete_and_show_the_change(
    td_client: Client, tournament: Tournament
) -> None:
    section = section_build(
        tournament=tournament, ratings=[2000, 1900], rounds=[], rounds_total=4
    )
    kwargs = {"slug": tournament.slug, "section": section.pk, "number": 2}

    detail = td_client.get(reverse("tournaments:player_edit", kwargs=kwargs))
    assert "Delete Player 2…" in detail.content.decode()
    asked = td_client.get(reverse("tournaments:player_delete", kwargs=kwargs))
    assert "Delete 2. Player 2?" in asked.content.decode()
    assert Player.objects.filter(section=section).count() == 2

    deleted = td_client.post(
        reverse("tournaments:player_delete", kwargs=kwargs), follow=True
    )

    page = deleted.content.decode()
    assert "Deleted Player 2 (number 2)" in page
    assert "Player list changes (1)" in page
    assert "Deleted: 2. Player 2" in page
    assert Player.objects.filter(section=section).count() == 1


def test_a_player_with_games_has_no_delete_button(
    td_client: Client, tournament: Tournament
) -> None:
    section = section_build(
        tournament=tournament, ratings=[2000, 1900], rounds=["1-2 1-0"], rounds_total=4
    )
    kwargs = {"slug": tournament.slug, "section": section.pk, "number": 2}

    detail = td_client.get(reverse("tournaments:player_edit", kwargs=kwargs))
    refused = td_client.post(
        reverse("tournaments:player_delete", kwargs=kwargs), follow=True
    )

    assert "Delete Player 2" not in detail.content.decode()
    assert "a player with rows stays in the standings" in refused.content.decode()
    assert Player.objects.filter(section=section).count() == 2


def test_another_td_cannot_delete(
    other_td_client: Client, tournament: Tournament
) -> None:
    section = section_build(
        tournament=tournament, ratings=[2000, 1900], rounds=[], rounds_total=4
    )
    kwargs = {"slug": tournament.slug, "section": section.pk, "number": 2}

    response = other_td_client.post(reverse("tournaments:player_delete", kwargs=kwargs))

    assert response.status_code in (403, 404)
    assert Player.objects.filter(section=section).count() == 2


def test_a_final_section_refuses_the_deletion() -> None:
    section = section_build(
        ratings=[2000, 1900], rounds=[], rounds_total=4, is_final=True
    )

    with pytest.raises(ValidationError):
        services.player_delete(
            player=Player.objects.get(section=section, start_number=2)
        )

    assert len(numbers(section)) == 2


def test_after_round_one_a_deleted_players_do_not_pair_pairs_go_with_them() -> None:
    # Player 5 entered, kept apart from 2, and never paired: deleted after round 1.
    section = section_build(
        ratings=[2000, 1900, 1800, 1700, 1600],
        rounds=["1-2 1-0, 3-4 1-0"],
        rounds_total=4,
        pairing_options={"do_not_pair": [[1, 3], [2, 5]]},
    )
    services.player_delete(player=Player.objects.get(section=section, start_number=5))
    section.refresh_from_db()
    assert section.pairing_options == {"do_not_pair": [[1, 3]]}
    # A late entry takes number 5 again: nobody is kept apart from them.
    late = services.player_late_entry(
        section=section, name="Late Comer", first_round=2, missed={1: "half"}
    )
    assert late.start_number == 5
    section.refresh_from_db()
    assert section.pairing_options == {"do_not_pair": [[1, 3]]}


def test_before_round_one_a_deleted_players_table_number_goes_and_pairing_says_so() -> (
    None
):
    section = section_build(
        ratings=[2000, 1900, 1800, 1700],
        rounds=[],
        rounds_total=3,
        kind=Section.Kind.ROUND_ROBIN,
        pairing_options={"tables": {"1": 4, "2": 3, "3": 2, "4": 1}},
    )
    services.player_delete(player=Player.objects.get(section=section, start_number=2))
    section.refresh_from_db()
    # Players 3 and 4 move up to 2 and 3 and keep their tables; 2's table 3 went with them.
    assert section.pairing_options == {"tables": {"1": 4, "2": 2, "3": 1}}
    with pytest.raises(services.PairingRefused, match="table numbers must be 1 to 3"):
        services.round_pair(
            section=section, post_default_order=True, absent=services.ABSENT_PAIR
        )
