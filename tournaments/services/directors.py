"""A tournament's directors: the users who may change it, added and removed by user name."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, transaction

from tournaments.models import Tournament

DIRECTOR_UNKNOWN = "There is no user named {username!r}."
ACCOUNT_NAME_TAKEN = "The user name {username!r} is taken: if that is the TD, add them by user name instead."
ACCOUNT_NAME_INVALID = (
    "A user name has up to 150 letters, digits and @ . + - _ (no spaces)."
)
DIRECTOR_LAST = (
    "{username} is the only director of {tournament}: add another director first."
)


def tournament_director_add(*, tournament: Tournament, username: str) -> User:
    """Let the user named ``username`` direct the tournament. One who does already is left as
    is, and that is no error: the form sent twice (its first answer lost), or another TD
    added them meanwhile."""
    user = User.objects.filter(username__iexact=username.strip()).first()
    if user is None:
        raise ValidationError(DIRECTOR_UNKNOWN.format(username=username.strip()))
    with transaction.atomic():
        # One add at a time per tournament: the second finds the first's row.
        Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
        tournament.directors.add(user)
    return user


def tournament_director_remove(*, tournament: Tournament, username: str) -> None:
    """Take a director off the tournament; the last one stays (someone must be able to change
    it). Someone who is no director (any more) is left as is, and that is no error: the
    button pressed twice (its first answer lost), or another TD removed them meanwhile."""
    with transaction.atomic():
        Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
        directors = list(tournament.directors.all())
        user = next((u for u in directors if u.get_username() == username), None)
        if user is None:
            return
        if len(directors) == 1:
            raise ValidationError(
                DIRECTOR_LAST.format(username=username, tournament=tournament)
            )
        tournament.directors.remove(user)


def director_account_create(
    *, tournament: Tournament, username: str, full_name: str = ""
) -> User:
    """Create the account of another TD and make them a director of the tournament, so a second
    TD needs no one with the admin. The account has no password: the TD who creates it sends
    the invitation link (``tournaments:invitation``), where the new TD sets their own.

    The account created for this tournament already, with no password yet, is returned as it
    is (the form sent twice): its link is made again."""
    username = username.strip()
    try:
        if not username or len(username) > 150:
            raise ValidationError(ACCOUNT_NAME_INVALID)
        User.username_validator(username)
    except ValidationError:
        raise ValidationError(ACCOUNT_NAME_INVALID) from None
    first, _space, last = " ".join(full_name.split()).partition(" ")
    try:
        with transaction.atomic():
            # Two TDs (or a double click) creating the same name at once for this tournament:
            # the tournament's lock makes the second see the first's account.
            Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
            _name_lock(username)
            taken = User.objects.filter(username__iexact=username).first()
            if taken is not None:
                if (
                    taken.username == username
                    and not taken.has_usable_password()
                    and tournament.directors.filter(pk=taken.pk).exists()
                ):
                    # Created for this tournament already and not used yet: the same form
                    # sent twice (the first answer, with the link, lost) or by another of
                    # its TDs. The account is the one asked for; the page shows its link.
                    return taken
                raise ValidationError(ACCOUNT_NAME_TAKEN.format(username=username))
            user = User(username=username, first_name=first[:150], last_name=last[:150])
            user.set_unusable_password()
            user.save()
            tournament.directors.add(user)
    except IntegrityError:
        # The same name created at once from two tournaments, should the name's lock be
        # missing (SQLite needs none: one transaction writes at a time): the user name's
        # unique index refuses the second, which says so like the check above.
        if User.objects.filter(username=username).exists():
            raise ValidationError(
                ACCOUNT_NAME_TAKEN.format(username=username)
            ) from None
        raise
    return user


def _name_lock(username: str) -> None:
    """Serialise the creations of one user name, whatever its case, from any tournament: each
    holds only its own tournament's lock, and the unique index on user names is case-sensitive
    ("Ben" and "ben" at once would make two accounts). PostgreSQL: a transaction-level
    advisory lock on the name; SQLite's transactions already write one at a time."""
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_advisory_xact_lock(hashtext(%s))",
            [f"director_account:{username.casefold()}"],
        )
