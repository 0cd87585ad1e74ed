"""The admin's Section and Player pages go through the services: their rules, their sentences."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tests.tournaments.builders import section_build
from tournaments import services
from tournaments.models import Player, RequestedBye, Round, Section, TiebreakChange

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(superuser: User, superuser_client: Client) -> Client:
    return superuser_client


def section_data(section: Section, **changes: object) -> dict[str, object]:
    rounds = list(section.rounds.all())
    data: dict[str, object] = {
        "tournament": section.tournament_id,
        "name": section.name,
        "position": section.position,
        "rounds_total": section.rounds_total,
        "kind": section.kind,
        "win_points": section.win_points,
        "draw_points": section.draw_points,
        "loss_points": section.loss_points,
        "tiebreaks": section.tiebreaks,
        "pairing_options": json.dumps(section.pairing_options),
        "trf_records": json.dumps(section.trf_records),
        "prize_fund": json.dumps(section.prize_fund),
        "playoffs": json.dumps(section.playoffs),
        "scholastic": section.scholastic,
        "tiebreak_change_reason": "",
        "rounds-TOTAL_FORMS": len(rounds),
        "rounds-INITIAL_FORMS": len(rounds),
        "rounds-MIN_NUM_FORMS": 0,
        "rounds-MAX_NUM_FORMS": 1000,
    }
    for i, r in enumerate(rounds):
        data |= {
            f"rounds-{i}-id": r.pk,
            f"rounds-{i}-section": section.pk,
            f"rounds-{i}-number": r.number,
            f"rounds-{i}-status": r.status,
        }
    return data | changes


def change(model: str, pk: int) -> str:
    return reverse(f"admin:tournaments_{model}_change", args=[pk])


def test_admin_refuses_an_order_the_engine_cannot_read(admin_client: Client) -> None:
    section = section_build(ratings=[2000, 1900], rounds=[], rounds_total=3)

    response = admin_client.post(
        change("section", section.pk), section_data(section, tiebreaks="banana,solkoff")
    )

    assert response.status_code == 200
    assert "This order cannot be used" in response.content.decode()
    assert Section.objects.get(pk=section.pk).tiebreaks == section.tiebreaks


def test_admin_order_change_is_posted_with_its_history(
    admin_client: Client, superuser: User
) -> None:
    section = section_build(ratings=[2000, 1900], rounds=["1-2 ?"], rounds_total=3)
    Round.objects.filter(section=section).update(status=Round.Status.PAIRED)

    refused = admin_client.post(
        change("section", section.pk), section_data(section, tiebreaks="solkoff")
    )
    assert services.TIEBREAKS_LOCKED in refused.content.decode()

    accepted = admin_client.post(
        change("section", section.pk),
        section_data(
            section, tiebreaks="solkoff", tiebreak_change_reason="Typo on the sheet."
        ),
    )

    assert accepted.status_code == 302
    change_row = TiebreakChange.objects.get(section=section)
    assert (change_row.new_order, change_row.reason, change_row.changed_by) == (
        "solkoff",
        "Typo on the sheet.",
        superuser,
    )


def test_admin_cannot_cut_rounds_below_one_already_paired(admin_client: Client) -> None:
    section = section_build(
        ratings=[2000, 1900], rounds=["1-2 1-0", "2-1 ?"], rounds_total=4
    )

    response = admin_client.post(
        change("section", section.pk), section_data(section, rounds_total=1)
    )

    assert "The section cannot have fewer than 2 rounds" in response.content.decode()
    assert Section.objects.get(pk=section.pk).rounds_total == 4


def player_data(
    player: Player, byes: Sequence[tuple[int, str]] = (), **changes: Any
) -> dict[str, object]:
    existing = list(player.requested_byes.all()) if player.pk else []
    data: dict[str, object] = {
        "section": player.section_id,
        "name": player.name,
        "rating": player.rating or "",
        "uschess_id": player.uschess_id,
        "fide_id": player.fide_id,
        "federation": player.federation,
        "club": player.club,
        "title": player.title,
        "sex": player.sex,
        "birth_date": player.birth_date,
        "status": player.status,
        "withdrawn_after_round": player.withdrawn_after_round or "",
        "groups": player.groups,
        "requested_byes-TOTAL_FORMS": len(existing) + len(byes),
        "requested_byes-INITIAL_FORMS": len(existing),
        "requested_byes-MIN_NUM_FORMS": 0,
        "requested_byes-MAX_NUM_FORMS": 1000,
    }
    for i, bye in enumerate(existing):
        data |= {
            f"requested_byes-{i}-id": bye.pk,
            f"requested_byes-{i}-player": player.pk,
            f"requested_byes-{i}-round_number": bye.round_number,
            f"requested_byes-{i}-kind": bye.kind,
        }
    for j, (number, kind) in enumerate(byes, start=len(existing)):
        data |= {
            f"requested_byes-{j}-player": player.pk or "",
            f"requested_byes-{j}-round_number": number,
            f"requested_byes-{j}-kind": kind,
        }
    return data | changes


def test_admin_add_numbers_the_player_by_rating(admin_client: Client) -> None:
    section = section_build(ratings=[2000, 1500], rounds=[], rounds_total=3)
    new = Player(section=section, name="Mid Rating", rating=1800)

    response = admin_client.post(
        reverse("admin:tournaments_player_add"), player_data(new)
    )

    assert response.status_code == 302
    assert Player.objects.get(name="Mid Rating").start_number == 2


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        (
            {"status": "withdrawn", "withdrawn_after_round": ""},
            services.WITHDRAW_ROUND_MISSING,
        ),
        (
            {"status": "withdrawn", "withdrawn_after_round": "1"},
            "Round 2 is already paired with Player 1 on board 1 against Player 2",
        ),
        ({"rating": "4100"}, "A rating is a whole number from 1 to 3500"),
    ],
    ids=[
        "withdrawn without a round",
        "withdrawn before a paired round",
        "rating out of range",
    ],
)
def test_admin_player_changes_meet_the_services_rules(
    admin_client: Client, changes: dict[str, Any], message: str
) -> None:
    section = section_build(
        ratings=[2000, 1900], rounds=["1-2 1-0", "2-1 ?"], rounds_total=4
    )
    player = Player.objects.get(section=section, start_number=1)

    response = admin_client.post(
        change("player", player.pk), player_data(player, **changes)
    )

    assert response.status_code == 200
    assert message in response.content.decode()
    player.refresh_from_db()
    assert (player.status, player.rating) == ("active", 2000)


def test_admin_requested_byes_go_through_the_service(admin_client: Client) -> None:
    section = section_build(ratings=[2000, 1900], rounds=["1-2 1-0"], rounds_total=3)
    player = Player.objects.get(section=section, start_number=2)

    refused = admin_client.post(
        change("player", player.pk), player_data(player, byes=[(5, "half")])
    )
    assert (
        "Round 5 is not a round of this section (rounds 1 to 3)."
        in refused.content.decode()
    )

    admin_client.post(
        change("player", player.pk), player_data(player, byes=[(3, "half")])
    )
    assert list(
        RequestedBye.objects.filter(player=player).values_list("round_number", "kind")
    ) == [(3, "half")]


def test_admin_add_with_a_bye_outside_the_rounds_is_a_sentence(
    admin_client: Client,
) -> None:
    section = section_build(ratings=[2000], rounds=[], rounds_total=3)
    new = Player(section=section, name="New Nora", rating=1800)

    response = admin_client.post(
        reverse("admin:tournaments_player_add"), player_data(new, byes=[(4, "half")])
    )

    assert response.status_code == 200
    assert "Round 4 is not a round of this section" in response.content.decode()
    assert not Player.objects.filter(name="New Nora").exists()


def test_admin_requested_bye_page_uses_the_service_rules(admin_client: Client) -> None:
    section = section_build(ratings=[2000, 1900], rounds=["1-2 1-0"], rounds_total=3)
    player = Player.objects.get(section=section, start_number=1)
    add = reverse("admin:tournaments_requestedbye_add")

    refused = admin_client.post(
        add, {"player": player.pk, "round_number": 1, "kind": "half"}
    )
    accepted = admin_client.post(
        add, {"player": player.pk, "round_number": 3, "kind": "zero"}
    )

    assert "Round 1 is paired already" in refused.content.decode()
    assert accepted.status_code == 302
    assert list(player.requested_byes.values_list("round_number", "kind")) == [
        (3, "zero")
    ]


def test_admin_leaves_the_final_mark_and_the_pairing_options_to_their_pages(
    admin_client: Client,
) -> None:
    # Unticking "final" here would reopen the section without the reason its log keeps, and
    # options saved here would skip their lock (round 1 paired, the section final).
    section = section_build(ratings=[2000, 1900], rounds=["1-2 1-0"], rounds_total=3)
    services.section_final_set(section=section, final=True)

    response = admin_client.post(
        change("section", section.pk),
        section_data(section, pairing_options='{"avoid_same_club": true}')
        | {"is_final": ""},
    )

    assert response.status_code == 302
    saved = Section.objects.get(pk=section.pk)
    assert (saved.is_final, saved.pairing_options) == (True, {})


def test_admin_add_player_after_a_posted_round_is_a_sentence_not_an_error_page(
    admin_client: Client,
) -> None:
    section = section_build(ratings=[2000, 1900], rounds=["1-2 ?"], rounds_total=3)
    new = Player(section=section, name="Late Lou", rating=1800)

    response = admin_client.post(
        reverse("admin:tournaments_player_add"), player_data(new)
    )

    assert response.status_code == 200
    said = services.PLAYERS_ADD_ROUND_POSTED.format(round=1, missed="round 1")
    assert said in response.content.decode().replace("&#x27;", "'")
    assert not Player.objects.filter(name="Late Lou").exists()
