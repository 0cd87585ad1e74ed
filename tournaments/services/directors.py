"""A tournament's directors: the users who may change it, added and removed by user name."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction

from tournaments.models import Tournament

DIRECTOR_UNKNOWN = "There is no user named {username!r}."
DIRECTOR_ALREADY = "{username} is already a director of {tournament}."
DIRECTOR_NOT_ONE = "{username} is not a director of {tournament}."
DIRECTOR_LAST = (
    "{username} is the only director of {tournament}: add another director first."
)


def tournament_director_add(*, tournament: Tournament, username: str) -> User:
    """Let the user named ``username`` direct the tournament."""
    user = User.objects.filter(username__iexact=username.strip()).first()
    if user is None:
        raise ValidationError(DIRECTOR_UNKNOWN.format(username=username.strip()))
    if tournament.directors.filter(pk=user.pk).exists():
        raise ValidationError(
            DIRECTOR_ALREADY.format(username=user.get_username(), tournament=tournament)
        )
    tournament.directors.add(user)
    return user


def tournament_director_remove(*, tournament: Tournament, username: str) -> None:
    """Take a director off the tournament; the last one stays (someone must be able to change it)."""
    with transaction.atomic():
        Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
        directors = list(tournament.directors.all())
        user = next((u for u in directors if u.get_username() == username), None)
        if user is None:
            raise ValidationError(
                DIRECTOR_NOT_ONE.format(username=username, tournament=tournament)
            )
        if len(directors) == 1:
            raise ValidationError(
                DIRECTOR_LAST.format(username=username, tournament=tournament)
            )
        tournament.directors.remove(user)
