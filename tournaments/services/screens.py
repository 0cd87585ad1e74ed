"""Hall screens: what each TV in the hall shows (the form checks the fields; the name here)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction

from tournaments.models import HallScreen, Tournament
from tournaments.services.common import stale_check

SCREEN_NAME_TAKEN = (
    "This tournament already has a screen called {name}: give this one another name."
)


HALL_SCREEN_FIELDS = (
    "name",
    "section",
    "content",
    "seconds_per_page",
    "rows_per_page",
    "part",
    "parts",
    "message",
    "next_round_at",
)


def hall_screen_save(*, screen: HallScreen, based_on: str | None = None) -> HallScreen:
    """Save a new or changed screen; its name is the tournament's only one of that name.

    Checked under the tournament's row lock: two adds at once (a double click, two TDs) get
    one screen and a sentence, never the unique constraint's error page; the same new screen
    sent twice (its first answer lost) is the one saved, no error. ``based_on``: the
    ``selectors.row_version`` (over ``HALL_SCREEN_FIELDS``) the screen's form was drawn from;
    a save from a page drawn before another TD changed the screen is refused (``StaleEdit``),
    it would take back that TD's change without a word.
    """
    fields = {name: getattr(screen, name) for name in HALL_SCREEN_FIELDS}
    with transaction.atomic():
        Tournament.objects.select_for_update().filter(pk=screen.tournament_id).first()
        if screen.pk is not None:
            stored = HallScreen.objects.get(pk=screen.pk)
            stale_check(
                row=stored,
                fields=fields,
                based_on=based_on,
                what=f"The screen {stored.name}",
            )
        taken = HallScreen.objects.filter(
            tournament_id=screen.tournament_id, name=screen.name
        ).exclude(pk=screen.pk)
        for other in taken:
            if screen.pk is None and all(
                getattr(other, name) == value for name, value in fields.items()
            ):
                return other
            raise ValidationError(SCREEN_NAME_TAKEN.format(name=screen.name))
        screen.save()
    return screen
