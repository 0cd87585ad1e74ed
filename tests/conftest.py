"""Personas shared by every web test: who they are and what they may do.

- ``anonymous``: a visitor with no login; reads published tournaments' public pages only.
- ``td``: directs ``tournament`` (a published event); changes it and sees its drafts.
- ``other_td``: directs a tournament of their own, not ``tournament``: reads it as the public does.
- ``superuser``: changes everything.
Each ``*_client`` is a test client logged in as that persona.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.tournaments.builders import tournament_build
from tournaments.models import Tournament

PASSWORD = "correct horse battery staple"


@pytest.fixture
def td(db: Any) -> User:
    return User.objects.create_user("td", password=PASSWORD)


@pytest.fixture
def other_td(db: Any) -> User:
    user = User.objects.create_user("other_td", password=PASSWORD)
    tournament_build(name="Other Open", is_published=True).directors.add(user)
    return user


@pytest.fixture
def superuser(db: Any) -> User:
    return User.objects.create_superuser("root", password=PASSWORD)


@pytest.fixture
def tournament(td: User) -> Tournament:
    """A published tournament directed by ``td``."""
    tournament = tournament_build(name="Spring Open", is_published=True)
    tournament.directors.add(td)
    return tournament


@pytest.fixture
def anonymous(db: Any) -> Client:
    return Client()


def _client_for(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def td_client(td: User) -> Client:
    return _client_for(td)


@pytest.fixture
def other_td_client(other_td: User) -> Client:
    return _client_for(other_td)


@pytest.fixture
def superuser_client(superuser: User) -> Client:
    return _client_for(superuser)
