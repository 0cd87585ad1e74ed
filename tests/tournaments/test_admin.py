"""The admin: every changelist, search, add and change page renders for a superuser."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.db.models import Model
from django.test import Client
from django.urls import reverse

from tests.tournaments.builders import section_build
from tournaments.models import Pairing, Player, RequestedBye, Round, Section, Tournament

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
