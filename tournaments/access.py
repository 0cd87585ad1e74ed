"""Who may see and change a tournament: its directors and superusers; everyone reads published ones."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404

from tournaments.models import Tournament

NOT_A_DIRECTOR = "Only the directors of {tournament} can change it."


def can_direct(user: AbstractBaseUser | AnonymousUser, tournament: Tournament) -> bool:
    """Whether ``user`` may change ``tournament`` and see it while it is a draft."""
    if not user.is_authenticated:
        return False
    if getattr(user, "is_superuser", False):
        return True
    return tournament.directors.filter(pk=user.pk).exists()


def tournament_for_director(request: HttpRequest, slug: str) -> Tournament:
    """The tournament ``slug`` for a view that changes it: 404 if none, 403 if not a director.

    Views using it also need ``login_required``, so that an anonymous visitor is sent to the
    login page rather than refused.
    """
    tournament = get_object_or_404(Tournament, slug=slug)
    if not can_direct(request.user, tournament):
        raise PermissionDenied(NOT_A_DIRECTOR.format(tournament=tournament.name))
    return tournament


def tournament_for_reader(request: HttpRequest, slug: str) -> Tournament:
    """The tournament ``slug`` for a public page: published, or seen by one of its directors."""
    tournament = get_object_or_404(Tournament, slug=slug)
    if not tournament.is_published and not can_direct(request.user, tournament):
        # A draft does not exist for the public.
        raise Http404("No such tournament.")
    return tournament
