"""The directors page: add by user name, remove, and what an added director can then do."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def test_a_director_added_by_name_can_then_change_the_tournament(
    td_client: Client, tournament: Tournament, other_td: User, other_td_client: Client
) -> None:
    detail = reverse("tournaments:tournament_detail", kwargs={"slug": tournament.slug})
    assert other_td_client.get(detail).status_code == 403

    td_client.post(
        reverse("tournaments:directors", kwargs={"slug": tournament.slug}),
        {"username": "other_td"},
    )

    assert other_td_client.get(detail).status_code == 200


def test_adding_an_unknown_user_is_a_sentence(
    td_client: Client, tournament: Tournament
) -> None:
    response = td_client.post(
        reverse("tournaments:directors", kwargs={"slug": tournament.slug}),
        {"username": "ghost"},
    )
    assert "There is no user named &#x27;ghost&#x27;." in response.content.decode()


def test_the_last_director_is_not_removed(
    td_client: Client, tournament: Tournament
) -> None:
    response = td_client.post(
        reverse("tournaments:director_remove", kwargs={"slug": tournament.slug}),
        {"username": "td"},
        follow=True,
    )

    assert "is the only director" in response.content.decode()
    assert tournament.directors.filter(username="td").exists()
