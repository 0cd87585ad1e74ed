"""The app's own login and logout pages, and the throttle on failed logins (django-axes)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


def test_login_page_logs_a_td_in_and_leads_to_the_dashboard(td: User) -> None:
    client = Client()
    page = client.get(reverse("login"))
    assert b'name="username"' in page.content and b"csrfmiddlewaretoken" in page.content

    response = client.post(reverse("login"), {"username": "td", "password": PASSWORD})

    assert response.status_code == 302
    assert response["Location"] == reverse("tournaments:dashboard")


def test_logout_is_a_post_and_ends_the_session(td_client: Client) -> None:
    assert td_client.get(reverse("logout")).status_code == 405

    td_client.post(reverse("logout"))

    response = td_client.get(reverse("tournaments:dashboard"))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_the_sixth_failed_login_for_a_user_is_refused_even_with_the_right_password(
    td: User,
) -> None:
    client = Client()
    for _ in range(4):
        wrong = client.post(reverse("login"), {"username": "td", "password": "nope"})
        assert wrong.status_code == 200  # the form again, with its error
    fifth = client.post(reverse("login"), {"username": "td", "password": "nope"})
    assert fifth.status_code == 429  # the fifth failure locks the user name out

    sixth = client.post(reverse("login"), {"username": "td", "password": PASSWORD})

    assert sixth.status_code == 429
    assert b"Too many failed logins" in sixth.content
    assert "_auth_user_id" not in client.session


def test_four_failures_then_the_right_password_logs_in(td: User) -> None:
    client = Client()
    for _ in range(4):
        client.post(reverse("login"), {"username": "td", "password": "nope"})

    response = client.post(reverse("login"), {"username": "td", "password": PASSWORD})

    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(td.pk)
