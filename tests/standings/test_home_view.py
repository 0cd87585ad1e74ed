"""The public home page lists tournaments and their sections to anyone, without a login."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.builders import tournament_build
from tournaments.models import Section

pytestmark = pytest.mark.django_db


def test_anonymous_visitor_sees_each_tournament_with_its_sections(
    client: Client,
) -> None:
    spring = tournament_build(
        name="Spring Open", location="Springfield", is_published=True
    )
    Section.objects.create(tournament=spring, name="Open", rounds_total=5)
    Section.objects.create(tournament=spring, name="U1600", rounds_total=4)

    response = client.get(reverse("standings:home"))

    assert response.status_code == 200
    page = response.content.decode()
    assert "Spring Open" in page and "Springfield" in page
    assert "Open (5 rounds)" in page and "U1600 (4 rounds)" in page


def test_home_page_says_so_when_there_are_no_tournaments(client: Client) -> None:
    response = client.get(reverse("standings:home"))
    assert "No tournaments yet." in response.content.decode()


def test_home_page_refuses_a_post(client: Client) -> None:
    assert client.post(reverse("standings:home")).status_code == 405


def test_home_page_hides_draft_tournaments(client: Client) -> None:
    tournament_build(name="Secret Draft Open")
    tournament_build(name="Published Open", is_published=True)

    page = client.get(reverse("standings:home")).content.decode()

    assert "Published Open" in page
    assert "Secret Draft Open" not in page
