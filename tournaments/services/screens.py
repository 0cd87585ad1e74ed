"""Hall screens: what each TV in the hall shows (the form checks the fields; the name here)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction

from tournaments.models import HallScreen, Tournament

SCREEN_NAME_TAKEN = "This tournament already has a screen called {name}."


def hall_screen_save(*, screen: HallScreen) -> HallScreen:
    """Save a new or changed screen; its name is the tournament's only one of that name.

    Checked under the tournament's row lock: two adds at once (a double click, two TDs) get
    one screen and a sentence, never the unique constraint's error page.
    """
    with transaction.atomic():
        Tournament.objects.select_for_update().filter(pk=screen.tournament_id).first()
        taken = HallScreen.objects.filter(
            tournament_id=screen.tournament_id, name=screen.name
        ).exclude(pk=screen.pk)
        if taken.exists():
            raise ValidationError(SCREEN_NAME_TAKEN.format(name=screen.name))
        screen.save()
    return screen
