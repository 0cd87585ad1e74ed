"""A tournament and its sections: create, change, publish; the tournament's status."""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import models, transaction

from tournaments.models import (
    RATING_MAX,
    CheckIn,
    Player,
    RequestedBye,
    Round,
    Section,
    Tournament,
)
from tournaments.selectors import (
    free_slug,
    json_version,
    section_default_tiebreaks,
    section_pairing_options_locked,
)
from tournaments.services.common import (
    SECTION_FINAL,
    StaleEdit,
    model_check,
    stale_check,
)

TOURNAMENT_SAME_NAME = (
    "You already direct a tournament named {name} (address {slug}): nothing was created. "
    "Tick the box to create another one with this name."
)
TOURNAMENT_END_BEFORE_START = "The last day cannot be before the first day."
SECTION_NAME_TAKEN = "{tournament} already has a section named {name!r}."
SECTION_ROUNDS_TOO_FEW = (
    "The section cannot have fewer than {needed} rounds: {why} round {needed}."
)
SECTION_KIND_LOCKED = (
    "Round 1 is paired (pairing system: {kind}): the pairing system can no longer change. "
    "Remove round 1's pairings first."
)
SECTION_POINTS_ORDER = (
    "A win must be worth more than a draw, and a draw at least as much as a loss."
)
SCHEDULE_ROUNDS = "The schedule has {got} rounds; the section has {rounds}."
SCHEDULE_NAIVE = "Round {number}'s start needs a time zone."
SCHEDULE_STALE = (
    "The round schedule of {section} changed after this page was opened (another TD saved "
    "it): nothing was saved. Check the times as they are now and save again."
)
SCHEDULE_ORDER = "Round {later} must start after round {earlier}."

# A section's settings that decide its results and standings: refused in a final section.
RANKING_FIELDS = (
    "kind",
    "rounds_total",
    "win_points",
    "draw_points",
    "loss_points",
    "team_boards",
)


class TournamentSameName(ValidationError):
    """Nothing was created: ``user`` directs a tournament of that name already (the create
    form pressed twice?); asked, the TD ticks ``confirm_same_name``."""


def tournament_create(
    *, user: User, name: str, confirm_same_name: bool = False, **fields: Any
) -> Tournament:
    """A new draft tournament directed by ``user``; its slug comes from its name, made unique.

    A name the user directs already is created only with ``confirm_same_name``: the create
    form sent twice (a double click, a resend after the connection dropped) would otherwise
    make a second tournament at another address. Checked under the user's row lock, so two
    sends at once are asked too.
    """
    tournament = Tournament(
        name=name, slug=free_slug(name), is_published=False, **fields
    )
    _tournament_check(tournament)
    with transaction.atomic():
        User.objects.select_for_update().filter(pk=user.pk).first()
        same = user.directed_tournaments.filter(name__iexact=name.strip()).first()
        if same is not None and not confirm_same_name:
            raise TournamentSameName(
                TOURNAMENT_SAME_NAME.format(name=same.name, slug=same.slug)
            )
        tournament.slug = free_slug(name)  # again: the first one may be taken now
        tournament.save()
        tournament.directors.add(user)
    return tournament


def tournament_update(
    *, tournament: Tournament, based_on: str | None = None, **fields: Any
) -> Tournament:
    """Change the tournament's own fields (not its slug: published links keep working).

    ``based_on``: the ``selectors.row_version`` (over ``fields``) the form was drawn from; a
    save from a page opened before another TD's save is refused (``StaleEdit``).
    """
    with transaction.atomic():
        changed = Tournament.objects.select_for_update().get(pk=tournament.pk)
        stale_check(
            row=changed, fields=fields, based_on=based_on, what="The tournament"
        )
        for name, value in fields.items():
            setattr(changed, name, value)
        _tournament_check(changed)
        changed.save(update_fields=list(fields))
    for name in fields:
        setattr(tournament, name, getattr(changed, name))
    return tournament


def _tournament_check(tournament: Tournament) -> None:
    model_check(tournament)
    start, end = tournament.start_date, tournament.end_date
    if start and end and end < start:
        raise ValidationError(TOURNAMENT_END_BEFORE_START)


def tournament_publish(*, tournament: Tournament, published: bool) -> Tournament:
    """Show the tournament on the public pages, or take it back to a draft."""
    tournament.is_published = published
    tournament.save(update_fields=["is_published"])
    return tournament


# ---- sections


def section_create(
    *,
    tournament: Tournament,
    name: str,
    rounds_total: int,
    kind: str = Section.Kind.SWISS,
    **fields: Any,
) -> Section:
    """A new section; its tiebreak order starts as the default for its kind (not yet posted).

    Its name is checked under the tournament's row lock: the form sent twice at once (a double
    click) makes one section, not the unique constraint's error page; the same form sent again
    (its first answer lost) finds the section it made, every value as asked, and returns it,
    no error. Another section of that name is refused with a sentence.
    """
    with transaction.atomic():
        Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
        asked = {"name": name, "rounds_total": rounds_total, "kind": kind, **fields}
        same = Section.objects.filter(tournament=tournament, name=name).first()
        if same is not None and all(
            getattr(same, field) == value for field, value in asked.items()
        ):
            return same
        fields.setdefault("position", tournament.sections.count())
        section = Section(
            tournament=tournament,
            name=name,
            rounds_total=rounds_total,
            kind=kind,
            tiebreaks=section_default_tiebreaks(kind),
            **fields,
        )
        section_check(section=section)
        section.save()
    return section


SECTION_RATING_MAX_RANGE = (
    f"The highest rating is a number from 1 to {RATING_MAX} (U1600: 1599); leave it empty "
    "for no limit."
)


def section_check(*, section: Section) -> None:
    """Every rule a section's own values must meet, for a new section or one about to change
    (``section`` holds the new values, not yet saved). Raises ValidationError with sentences."""
    if (
        Section.objects.filter(
            tournament=section.tournament_id, name__iexact=section.name
        )
        .exclude(pk=section.pk)
        .exists()
    ):
        raise ValidationError(
            SECTION_NAME_TAKEN.format(tournament=section.tournament, name=section.name)
        )
    _check_points(section)
    if section.rating_max is not None and not 1 <= section.rating_max <= RATING_MAX:
        raise ValidationError(SECTION_RATING_MAX_RANGE)
    if section.pk is not None:
        needed, why = _rounds_needed(section)
        if section.rounds_total < needed:
            raise ValidationError(SECTION_ROUNDS_TOO_FEW.format(needed=needed, why=why))
    model_check(section)


def section_update(
    *, section: Section, based_on: str | None = None, **fields: Any
) -> Section:
    """Change a section's settings; it keeps every round something already refers to.

    The posted order changes only through ``section_tiebreaks_post``. ``based_on``: the
    ``selectors.row_version`` (over ``fields``) the form was drawn from; a save from a page
    opened before another TD's save is refused (``StaleEdit``).
    """
    fields.pop("tiebreaks", None)
    with transaction.atomic():
        changed = Section.objects.select_for_update(no_key=True).get(pk=section.pk)
        stale_check(
            row=changed,
            fields=fields,
            based_on=based_on,
            what=f"The section {changed.name}",
        )
        if changed.is_final:
            ranking = [
                name
                for name in RANKING_FIELDS
                if name in fields and fields[name] != getattr(changed, name)
            ]
            if ranking:
                # They rank the section: its final standings would change unseen.
                raise ValidationError(SECTION_FINAL.format(section=changed.name))
        old_kind = changed.kind
        for name, value in fields.items():
            setattr(changed, name, value)
        if changed.kind != old_kind and section_pairing_options_locked(changed):
            # Round 2 of a round robin after a Swiss round 1 (or the reverse) would pair
            # players who met, by a table nobody was given.
            raise ValidationError(
                SECTION_KIND_LOCKED.format(kind=Section.Kind(old_kind).label)
            )
        section_check(section=changed)
        update = list(fields)
        # A kind change before any posting brings the new kind's default order with it.
        if (
            changed.kind != old_kind
            and not changed.tiebreak_changes.exists()
            and changed.tiebreaks == section_default_tiebreaks(old_kind)
        ):
            changed.tiebreaks = section_default_tiebreaks(changed.kind)
            update.append("tiebreaks")
        changed.save(update_fields=update)
    for name in [*update, "tournament_id"]:
        setattr(section, name, getattr(changed, name))
    return section


def section_schedule_set(
    *,
    section: Section,
    starts: Sequence[datetime.datetime | None],
    based_on: str | None = None,
) -> Section:
    """Set when each round starts (``starts``: round 1 first, None for a round without a time).

    Refused, nothing changed: a list of the wrong length, a time without its time zone, a round
    starting at or before an earlier round; a form drawn from another schedule than the stored
    one (``based_on``, its ``selectors.json_version``: another TD saved meanwhile), unless it
    asks for what is stored already (``StaleEdit``).
    """
    if len(starts) != section.rounds_total:
        raise ValidationError(
            SCHEDULE_ROUNDS.format(got=len(starts), rounds=section.rounds_total)
        )
    earlier: tuple[int, datetime.datetime] | None = None
    for number, when in enumerate(starts, start=1):
        if when is None:
            continue
        if when.utcoffset() is None:
            raise ValidationError(SCHEDULE_NAIVE.format(number=number))
        if earlier is not None and when <= earlier[1]:
            raise ValidationError(
                SCHEDULE_ORDER.format(later=number, earlier=earlier[0])
            )
        earlier = (number, when)
    stored = [
        None if when is None else when.astimezone(datetime.UTC).isoformat()
        for when in starts
    ]
    with transaction.atomic():
        now = (
            Section.objects.select_for_update(no_key=True)
            .get(pk=section.pk)
            .round_starts
        )
        version = json_version(now)
        if based_on and based_on != version and stored != now:
            raise StaleEdit(
                SCHEDULE_STALE.format(section=section.name), version=version
            )
        Section.objects.filter(pk=section.pk).update(round_starts=stored)
    section.round_starts = stored
    return section


def _rounds_needed(section: Section) -> tuple[int, str]:
    """The highest round number a row of the section refers to, and what refers to it."""
    candidates = [
        (
            Round.objects.filter(section=section).aggregate(n=models.Max("number"))[
                "n"
            ],
            "there is a",
        ),
        (
            RequestedBye.objects.filter(player__section=section).aggregate(
                n=models.Max("round_number")
            )["n"],
            "a player requested a bye for",
        ),
        (
            Player.objects.filter(section=section).aggregate(
                n=models.Max("withdrawn_after_round")
            )["n"],
            "a player withdrew after",
        ),
        (
            CheckIn.objects.filter(player__section=section).aggregate(
                n=models.Max("round_number")
            )["n"],
            "players checked in for",
        ),
    ]
    return max(((n or 0, why) for n, why in candidates), default=(0, ""))


def _check_points(section: Section) -> None:
    # The model's defaults are text ("0.5"); compare exact decimals.
    win, draw, loss = (
        Decimal(str(v))
        for v in (section.win_points, section.draw_points, section.loss_points)
    )
    if not (win > draw >= loss):
        raise ValidationError(SECTION_POINTS_ORDER)


# ---- the tournament's status, which follows its rounds and sections: rounds posted, sections
# marked final (``round_publish``, ``round_pair`` and ``section_final_set`` call it)


def tournament_status_refresh(*, tournament_id: int) -> str:
    """Set the tournament's status from its sections: setup until a round is posted, final when
    every section is marked final, running in between. Returns the status."""
    sections = list(Section.objects.filter(tournament_id=tournament_id))
    if sections and all(s.is_final for s in sections):
        status = Tournament.Status.FINAL
    elif Round.objects.filter(
        section__tournament_id=tournament_id,
        status__in=[Round.Status.PAIRED, Round.Status.COMPLETE],
    ).exists():
        status = Tournament.Status.RUNNING
    else:
        status = Tournament.Status.SETUP
    Tournament.objects.filter(pk=tournament_id).update(status=status)
    return status
