"""The pairing options a TD posts before the event (docs/pairing.md, "Options"): accelerated
pairings, board 1's colour in round 1, the rating unrated players are placed by, the colour
rating limits, round-robin table numbers. Like the tiebreak order they are announced before
round one, so they lock once round 1 has pairings."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from tournaments import pairing
from tournaments.models import Section
from tournaments.selectors import json_version, section_pairing_options_locked
from tournaments.services.common import StaleEdit, final_check

# The variants a TD posts before the event (docs/pairing.md, "Options"): accelerated pairings,
# board 1's colour in round 1, the rating unrated players are placed by, the colour rating limits,
# round-robin table numbers. Like the tiebreak order they are announced before round one.
PAIRING_OPTIONS_INVALID = "These pairing options cannot be used: {error}."
PAIRING_OPTIONS_STALE = (
    "The pairing options of {section} changed after this page was opened (another TD saved "
    "them, or a rating change renumbered the players of the do-not-pair list): nothing was "
    "saved. Check the page as it is now and save again."
)
PAIRING_OPTIONS_LOCKED = (
    "Round 1 of {section} is paired, so the pairing options posted before the event stand: "
    "they can change only while round 1 has no pairings."
)


def section_pairing_options_set(
    *, section: Section, options: Mapping[str, Any], based_on: str | None = None
) -> Section:
    """Make ``options`` the section's ``pairing_options`` after ``pairing.options_parse`` reads them.

    Refused (``ValidationError``, nothing changed) when the parser refuses them, or when they
    differ from the stored ones and the section is marked final, or round 1 already has
    pairings (draft or posted): the options
    were posted before the event and round 1 was paired by them. ``based_on``: the
    ``selectors.json_version`` of the options the form was drawn from; a save from a page
    opened before another TD saved them, or before a renumbering moved the start numbers of
    the do-not-pair list, is refused (``StaleEdit``).
    """
    new = dict(options)
    try:
        pairing.options_parse(new)
    except pairing.OptionsError as error:
        raise ValidationError(PAIRING_OPTIONS_INVALID.format(error=error)) from None
    with transaction.atomic():
        locked = Section.objects.select_for_update(no_key=True).get(pk=section.pk)
        stored = locked.pairing_options or {}
        now = json_version(stored)
        if based_on and based_on != now and new != stored:
            raise StaleEdit(
                PAIRING_OPTIONS_STALE.format(section=locked.name), version=now
            )
        if new != stored:
            # Settled with the section's results: a final section pairs no round.
            final_check(locked)
            if section_pairing_options_locked(locked):
                raise ValidationError(
                    PAIRING_OPTIONS_LOCKED.format(section=locked.name)
                )
            locked.pairing_options = new
            locked.save(update_fields=["pairing_options"])
    section.pairing_options = locked.pairing_options
    return section
