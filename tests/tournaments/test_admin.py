"""The admin: every changelist, search, add and change page renders for a superuser."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.db.models import Model
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from tests.tournaments.builders import section_build
from tournaments import services
from tournaments.models import (
    Pairing,
    Player,
    RequestedBye,
    ResultChange,
    Round,
    Section,
    Tournament,
)

pytestmark = pytest.mark.django_db

MODELS: list[type[Model]] = [Tournament, Section, Player, RequestedBye, Round, Pairing]
IDS = [m._meta.model_name for m in MODELS]


@pytest.fixture
def td_client(client: Client) -> Client:
    """The chief TD: a superuser, logged in."""
    client.force_login(User.objects.create_superuser("td", "td@example.org", "pw"))
    return client


@pytest.fixture
def section() -> Section:
    section = section_build(
        ratings=[2100, None, 1800],
        names=["Ana Ortiz", "Ben Ode", "Cy Park"],
        rounds=["1-2 1-0, 3 U", "3-1 =, 2 H"],
        rounds_total=3,
    )
    Player.objects.filter(section=section).update(uschess_id="12345678")
    RequestedBye.objects.create(
        player=Player.objects.get(section=section, start_number=2), round_number=3
    )
    return section


def url(model: type[Model], view: str, *args: object) -> str:
    return reverse(f"admin:tournaments_{model._meta.model_name}_{view}", args=args)


@pytest.mark.parametrize("model", MODELS, ids=IDS)
def test_changelist_renders(
    td_client: Client, section: Section, model: type[Model]
) -> None:
    response = td_client.get(url(model, "changelist"))

    assert response.status_code == 200
    assert response.context["cl"].result_count == model._default_manager.count() > 0


@pytest.mark.parametrize(
    ("model", "query", "count"),
    [
        (Tournament, "Test Open", 1),
        (Section, "Open", 1),
        (Player, "Ortiz", 1),
        (Player, "12345678", 3),
        (RequestedBye, "Ben", 1),
        (Round, "Open", 2),
        (Pairing, "Cy Park", 2),
    ],
    ids=[
        "tournament-name",
        "section-name",
        "player-name",
        "player-uschess-id",
        "bye-player",
        "round",
        "pairing-player",
    ],
)
def test_changelist_search_finds_rows(
    td_client: Client, section: Section, model: type[Model], query: str, count: int
) -> None:
    response = td_client.get(url(model, "changelist"), {"q": query})

    assert response.status_code == 200
    assert response.context["cl"].result_count == count


@pytest.mark.parametrize("model", MODELS, ids=IDS)
def test_change_and_add_pages_render(
    td_client: Client, section: Section, model: type[Model]
) -> None:
    obj = model._default_manager.order_by("pk")[0]

    assert td_client.get(url(model, "change", obj.pk)).status_code == 200
    assert td_client.get(url(model, "add")).status_code == 200


def test_round_page_lists_its_pairings_with_player_search_boxes(
    td_client: Client, section: Section
) -> None:
    round1 = Round.objects.get(section=section, number=1)

    response = td_client.get(url(Round, "change", round1.pk))

    formset = next(
        f
        for f in response.context["inline_admin_formsets"]
        if f.formset.model is Pairing
    )
    assert formset.formset.queryset.count() == 2
    assert b"admin-autocomplete" in response.content


def test_player_autocomplete_searches_by_name(
    td_client: Client, section: Section
) -> None:
    response = td_client.get(
        reverse("admin:autocomplete"),
        {
            "app_label": "tournaments",
            "model_name": "pairing",
            "field_name": "white",
            "term": "park",
        },
    )

    assert response.status_code == 200
    assert [r["text"] for r in response.json()["results"]] == ["3. Cy Park"]


def round_post(
    round_: Round, boards: list[tuple[Pairing, int, int]]
) -> dict[str, object]:
    """The round's change form with its pairings inline, each as (pairing, white no., black no.)."""
    number = {
        p.start_number: p.pk for p in Player.objects.filter(section=round_.section)
    }
    data: dict[str, object] = {
        "section": round_.section_id,
        "number": round_.number,
        "status": round_.status,
        "pairings-TOTAL_FORMS": len(boards),
        "pairings-INITIAL_FORMS": len(boards),
        "pairings-MIN_NUM_FORMS": 0,
        "pairings-MAX_NUM_FORMS": 1000,
    }
    for i, (pairing, white, black) in enumerate(boards):
        data |= {
            f"pairings-{i}-id": pairing.pk,
            f"pairings-{i}-round": round_.pk,
            f"pairings-{i}-board": pairing.board,
            f"pairings-{i}-white": number[white],
            f"pairings-{i}-black": number[black],
            f"pairings-{i}-result": pairing.result,
        }
    return data


@pytest.fixture
def round_of_four() -> Round:
    section = section_build(ratings=[2000, 1900, 1800, 1700], rounds=["1-2 ?, 3-4 ?"])
    return Round.objects.get(section=section, number=1)


def boards_of(round_: Round) -> list[tuple[int | None, int, int | None]]:
    return [
        (p.board, p.white.start_number, p.black.start_number if p.black else None)
        for p in round_.pairings.select_related("white", "black").order_by("board")
    ]


def test_td_can_swap_two_players_between_boards(
    td_client: Client, round_of_four: Round
) -> None:
    board1, board2 = round_of_four.pairings.order_by("board")

    response = td_client.post(
        url(Round, "change", round_of_four.pk),
        round_post(round_of_four, [(board1, 1, 4), (board2, 3, 2)]),
    )

    assert response.status_code == 302
    assert boards_of(round_of_four) == [(1, 1, 4), (2, 3, 2)]


def test_player_on_two_boards_is_a_form_error_and_changes_nothing(
    td_client: Client, round_of_four: Round
) -> None:
    board1, board2 = round_of_four.pairings.order_by("board")

    response = td_client.post(
        url(Round, "change", round_of_four.pk),
        # Player 2 black on board 1 and white on board 2: no unique constraint sees it.
        round_post(round_of_four, [(board1, 1, 2), (board2, 2, 4)]),
    )

    assert response.status_code == 200
    assert "2. Player 2 is paired twice in round 1." in response.content.decode()
    assert boards_of(round_of_four) == [(1, 1, 2), (2, 3, 4)]


def test_pairing_page_explains_what_the_database_would_refuse(
    td_client: Client, round_of_four: Round
) -> None:
    section = round_of_four.section
    other = section_build(
        ratings=[1500], rounds=[], tournament=section.tournament, name="Reserve"
    )
    outsider = Player.objects.get(section=other)
    Player.objects.filter(section=section, start_number=4).update(
        status=Player.Status.WITHDRAWN, withdrawn_after_round=1
    )
    Section.objects.filter(pk=section.pk).update(rounds_total=2)
    round2 = Round.objects.create(section=section, number=2)
    by_number = {p.start_number: p.pk for p in Player.objects.filter(section=section)}
    cases = [
        (round_of_four, by_number[1], None, "is paired twice in round 1"),
        (round_of_four, outsider.pk, None, "plays in another section"),
        (round2, by_number[4], None, "withdrew after round 1"),
    ]
    for round_, white, black, message in cases:
        response = td_client.post(
            url(Pairing, "add"),
            {
                "round": round_.pk,
                "white": white,
                "black": black or "",
                "result": "bye_half",
            },
        )
        assert response.status_code == 200, message
        assert message in response.content.decode()
    assert Pairing.objects.filter(round__section=section).count() == 2


def test_a_result_changed_in_the_admin_is_recorded_as_an_admin_change(
    td_client: Client, round_of_four: Round
) -> None:
    board1, board2 = round_of_four.pairings.order_by("board")
    data = round_post(round_of_four, [(board1, 1, 2), (board2, 3, 4)])
    data["pairings-0-result"] = "draw"

    response = td_client.post(url(Round, "change", round_of_four.pk), data)

    assert response.status_code == 302
    assert list(
        ResultChange.objects.values_list(
            "pairing__board",
            "old_result",
            "new_result",
            "changed_by__username",
            "source",
        )
    ) == [(1, "pending", "draw", "td", "admin")]


def test_a_single_pairing_result_changed_in_the_admin_is_recorded(
    td_client: Client, round_of_four: Round
) -> None:
    board1 = round_of_four.pairings.get(board=1)

    response = td_client.post(
        url(Pairing, "change", board1.pk),
        {
            "round": round_of_four.pk,
            "board": 1,
            "white": board1.white_id,
            "black": board1.black_id,
            "result": "black_win",
        },
    )

    assert response.status_code == 302
    board1.refresh_from_db()
    assert board1.result == "black_win"
    assert list(ResultChange.objects.values_list("new_result", "source")) == [
        ("black_win", "admin")
    ]


def test_admin_refuses_a_round_past_the_sections_last_with_a_sentence(
    td_client: Client, round_of_four: Round
) -> None:
    response = td_client.post(
        url(Round, "add"),
        {
            "section": round_of_four.section_id,
            "number": 9,
            "pairing_notes": "[]",
            "pairings-TOTAL_FORMS": 0,
            "pairings-INITIAL_FORMS": 0,
        },
    )

    assert response.status_code == 200
    assert "Open has rounds 1 to 1: there is no round 9." in response.content.decode()
    assert not Round.objects.filter(number=9).exists()


def test_admin_cannot_change_the_games_of_a_round_with_results(
    td_client: Client, round_of_four: Round
) -> None:
    board1, board2 = round_of_four.pairings.order_by("board")
    Pairing.objects.filter(pk=board1.pk).update(result="white_win")
    board1.refresh_from_db()

    response = td_client.post(
        url(Round, "change", round_of_four.pk),
        round_post(round_of_four, [(board1, 1, 4), (board2, 3, 2)]),
    )

    assert response.status_code == 200
    assert (
        "has a result, 1-0, so its players cannot change" in response.content.decode()
    )
    assert boards_of(round_of_four) == [(1, 1, 2), (2, 3, 4)]


def test_admin_deletes_a_pairing_through_the_service_until_the_round_has_results(
    td_client: Client, round_of_four: Round
) -> None:
    board1, board2 = round_of_four.pairings.order_by("board")

    response = td_client.post(url(Pairing, "delete", board2.pk), {"post": "yes"})

    assert response.status_code == 302
    assert boards_of(round_of_four) == [(1, 1, 2)]
    Pairing.objects.filter(pk=board1.pk).update(result="draw")
    assert (
        td_client.post(url(Pairing, "delete", board1.pk), {"post": "yes"}).status_code
        == 403
    )
    assert boards_of(round_of_four) == [(1, 1, 2)]


def test_admin_emptying_a_posted_round_sends_to_remove_pairings_and_changes_nothing(
    td_client: Client, round_of_four: Round
) -> None:
    Round.objects.filter(pk=round_of_four.pk).update(status=Round.Status.PAIRED)
    round_of_four.refresh_from_db()
    board1, board2 = round_of_four.pairings.order_by("board")
    data = round_post(round_of_four, [(board1, 1, 2), (board2, 3, 4)])
    data |= {"pairings-0-DELETE": "on", "pairings-1-DELETE": "on"}

    response = td_client.post(url(Round, "change", round_of_four.pk), data)

    assert response.status_code == 200
    assert (
        escape(services.ADMIN_ROUND_EMPTIED.format(round=1))
        in response.content.decode()
    )
    assert boards_of(round_of_four) == [(1, 1, 2), (2, 3, 4)]


def test_admin_offers_no_delete_of_a_rounds_last_pairing(
    td_client: Client, round_of_four: Round
) -> None:
    Round.objects.filter(pk=round_of_four.pk).update(status=Round.Status.PAIRED)
    board1, board2 = round_of_four.pairings.order_by("board")
    assert (
        td_client.post(url(Pairing, "delete", board2.pk), {"post": "yes"}).status_code
        == 302
    )

    # The last one: taken back with Remove pairings on the round page (it asks, and logs).
    response = td_client.post(url(Pairing, "delete", board1.pk), {"post": "yes"})

    assert response.status_code == 403
    assert boards_of(round_of_four) == [(1, 1, 2)]
