"""The posted tiebreak order: checked by the engine's parser, locked once round 1 is posted."""

from __future__ import annotations

import secrets

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction

from standings.engine import SYSTEMS, format_order, parse_order
from tournaments.models import Section, TiebreakChange
from tournaments.selectors import round_one_posted, section_tiebreaks_posted
from tournaments.services.common import StaleEdit, final_check
from tournaments.validators import no_control_characters_but_lines

TIEBREAKS_INVALID = "This order cannot be used: {error}."
TIEBREAKS_EMPTY = "Choose at least one tiebreak."
TIEBREAKS_STALE = (
    "Another TD posted a tiebreak order after this page was opened: {now}. Nothing was "
    "posted; post again to replace it with this page's order."
)
TIEBREAKS_LOCKED = (
    "Round 1 pairings are posted, so the order is locked: a change now needs an override with "
    "a written reason, which is shown with the standings."
)


def tiebreak_order_check(text: str) -> str:
    """The canonical text of a tiebreak order, or a ValidationError saying what is wrong."""
    try:
        specs = parse_order(text)
    except ValueError as error:
        raise ValidationError(TIEBREAKS_INVALID.format(error=error)) from None
    if not specs:
        raise ValidationError(TIEBREAKS_EMPTY)
    return format_order(specs)


def section_tiebreaks_check(*, section: Section, order: str, reason: str = "") -> str:
    """Whether ``order`` may be posted now (see ``section_tiebreaks_post``); its canonical text."""
    new = tiebreak_order_check(order)
    no_control_characters_but_lines(reason)
    posted_already = section_tiebreaks_posted(section) and new == section.tiebreaks
    if round_one_posted(section) and not reason.strip() and not posted_already:
        raise ValidationError(TIEBREAKS_LOCKED)
    return new


def section_tiebreaks_post(
    *,
    section: Section,
    order: str,
    user: User | None,
    reason: str = "",
    based_on: str | None = None,
) -> TiebreakChange:
    """Post the section's tiebreak order, and keep the change (old, new, reason, who, when).

    Once round 1 pairings are posted the order is locked (US Chess 34: players expect the order
    announced before round one); a change then needs a written reason. An order with a drawing
    of lots records a seed, once, so the standings can be reproduced.

    ``based_on`` is the stored order the page was drawn from: when another TD posted a
    different one since, nothing is posted (``StaleEdit``, whose version is the order now).

    The order posted already is answered with the change that posted it, nothing written:
    the same order sent twice (its first answer lost), or posted by another TD meanwhile.
    """
    with transaction.atomic():
        locked_section = Section.objects.select_for_update(no_key=True).get(
            pk=section.pk
        )
        if (
            section_tiebreaks_posted(locked_section)
            and tiebreak_order_check(order) == locked_section.tiebreaks
        ):
            # Nothing changes, so neither a reason nor an open section is needed for it.
            return locked_section.tiebreak_changes.latest("pk")
        # The order ranks the final standings: it changes only once the section is reopened.
        final_check(locked_section)
        now = locked_section.tiebreaks
        if based_on and based_on != now and tiebreak_order_check(order) != now:
            raise StaleEdit(
                TIEBREAKS_STALE.format(now=_labels(now)),
                version=now,
            )
        new = section_tiebreaks_check(
            section=locked_section, order=order, reason=reason
        )
        posted = section_tiebreaks_posted(locked_section)
        change = TiebreakChange.objects.create(
            section=locked_section,
            old_order=locked_section.tiebreaks if posted else "",
            new_order=new,
            reason=reason.strip(),
            changed_by=user,
        )
        locked_section.tiebreaks = new
        fields = ["tiebreaks"]
        if any(SYSTEMS[s.id].needs_lots for s in parse_order(new)) and not (
            locked_section.lots_seed
        ):
            locked_section.lots_seed = secrets.token_hex(8)
            fields.append("lots_seed")
        locked_section.save(update_fields=fields)
    section.tiebreaks, section.lots_seed = (
        locked_section.tiebreaks,
        locked_section.lots_seed,
    )
    return change


def _labels(order: str) -> str:
    try:
        return ", ".join(spec.label for spec in parse_order(order))
    except ValueError:
        return repr(order)  # stored before orders were checked
