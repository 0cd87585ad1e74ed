"""The app's own login and logout pages, and the throttle on failed logins (django-axes)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.conf import settings
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


def _fail_five_times(username: str, address: str) -> None:
    guesser = Client(REMOTE_ADDR=address)
    for _ in range(5):
        guesser.post(reverse("login"), {"username": username, "password": "nope"})


def test_a_locked_td_waits_a_minute_not_a_quarter_hour(td: User) -> None:
    # A player on the hall's Wi-Fi (the TD's own address) guesses five times.
    _fail_five_times("td", "10.0.0.7")
    hall = Client(REMOTE_ADDR="10.0.0.7")
    assert settings.LOGIN_DELAY_SECONDS == 60
    refused = hall.post(reverse("login"), {"username": "td", "password": PASSWORD})
    assert refused.status_code == 429
    assert b"wait a minute" in refused.content

    # A minute later (the failures' time moved back, as the clock would) the TD logs in.
    for attempt in AccessAttempt.objects.all():
        attempt.attempt_time -= timedelta(seconds=61)
        attempt.save()
    response = hall.post(reverse("login"), {"username": "td", "password": PASSWORD})

    assert response.status_code == 302
    assert hall.session["_auth_user_id"] == str(td.pk)


def test_guesses_from_many_addresses_all_count_against_the_user_name(
    td: User,
) -> None:
    # Counting by user name and address would let an attacker guess on from each new address.
    for n in range(5):
        Client(REMOTE_ADDR=f"198.51.100.{n}").post(
            reverse("login"), {"username": "td", "password": "nope"}
        )
    elsewhere = Client(REMOTE_ADDR="203.0.113.9")
    refused = elsewhere.post(reverse("login"), {"username": "td", "password": PASSWORD})
    assert refused.status_code == 429


def test_guesses_at_other_user_names_on_the_same_wifi_do_not_lock_the_td(
    td: User,
) -> None:
    for name in ("alice", "bob", "carol"):
        _fail_five_times(name, "10.0.0.7")
    hall = Client(REMOTE_ADDR="10.0.0.7")

    response = hall.post(reverse("login"), {"username": "td", "password": PASSWORD})

    assert response.status_code == 302


def test_four_failures_then_the_right_password_logs_in(td: User) -> None:
    client = Client()
    for _ in range(4):
        client.post(reverse("login"), {"username": "td", "password": "nope"})

    response = client.post(reverse("login"), {"username": "td", "password": PASSWORD})

    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(td.pk)
