"""Helpers several services share: a section's and a round's write locks, the refusal of a
change in a section marked final, model checks as sentences, a question answered on a page."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from typing import Any, Generic, NamedTuple, TypeVar

from django.core.exceptions import FieldDoesNotExist, ValidationError
from django.db import models, transaction
from django.db.transaction import TransactionManagementError

from tournaments.models import Round, Section
from tournaments.selectors import row_version

SECTION_FINAL = (
    "{section} is marked final: its results, pairings and players cannot change. "
    "Reopen it first (on the Hall screens and final results page, with a reason)."
)


def section_lock(section: Section) -> None:
    """Serialise writes that number a section's players (two TDs entering players at once);
    refuse them in a section marked final.

    Every lock of a section row is ``FOR NO KEY UPDATE`` (``no_key=True``): it excludes every
    other writer of the section as ``FOR UPDATE`` does, but not a row inserted under the
    section (a result's correction logged as a ``SectionEvent`` takes a key-share lock on its
    section). ``FOR UPDATE`` would make that insert wait for the section's holder while the
    holder waits for the correction's round: a deadlock (``round_pair``, which locks the
    section's rounds, and a correction of an earlier round at the same moment).
    """
    locked = (
        Section.objects.select_for_update(no_key=True)
        .filter(pk=section.pk)
        .values_list("name", "is_final")
        .first()
    )
    if locked is not None and locked[1]:
        raise ValidationError(SECTION_FINAL.format(section=locked[0]))


def final_check(section: Section) -> None:
    """Refuse a change of what ranks a section (its results, tiebreak order, team scoring,
    scoring points) when ``section``, a row the caller read under its lock, is marked final."""
    if section.is_final:
        raise ValidationError(SECTION_FINAL.format(section=section.name))


def section_open_check(
    *, section: Section | int | None = None, round_id: int | None = None
) -> None:
    """Refuse a change of results, pairings or players of a section marked final (the section,
    its pk, or the pk of one of its rounds).

    Read afresh: the caller's copy may be older than another TD's "Mark final".
    """
    if round_id is not None:
        found = Section.objects.filter(rounds__pk=round_id)
    else:
        assert section is not None
        found = Section.objects.filter(
            pk=section if isinstance(section, int) else section.pk
        )
    row = found.values_list("name", "is_final").first()
    if row is not None and row[1]:
        raise ValidationError(SECTION_FINAL.format(section=row[0]))


STALE_EDIT = (
    "{what} changed after this page was opened (another TD saved it): nothing was saved. "
    "{now}"
)
STALE_EDIT_NOW = "Saving this form again would change {changes}."


class StaleEdit(ValidationError):
    """Nothing was saved: the form was drawn from an older version of the row. ``version`` is
    the row's version now, for the form to carry if the TD saves again on purpose."""

    def __init__(self, message: str, version: str) -> None:
        super().__init__(message)
        self.version = version


def stale_check(
    *, row: models.Model, fields: Mapping[str, Any], based_on: str | None, what: str
) -> None:
    """Refuse (``StaleEdit``) a save of ``fields`` from a form drawn from another version of
    ``row`` (``based_on``: ``selectors.row_version`` of the row the form showed; empty: a form
    without one, not checked). ``row`` is read under the caller's lock."""
    now = row_version(row, fields)
    if not based_on or based_on == now:
        return
    changes = [
        f"{getattr(row._meta.get_field(name), 'verbose_name', name)} from "
        f"{_shown(getattr(row, name))} "
        f"to {_shown(value)}"
        for name, value in fields.items()
        if getattr(row, name) != value
    ]
    if not changes:
        return  # the row holds these values already (pressed twice): nothing to lose
    raise StaleEdit(
        STALE_EDIT.format(
            what=what, now=STALE_EDIT_NOW.format(changes="; ".join(changes))
        ),
        version=now,
    )


def _shown(value: object) -> str:
    return (
        "empty"
        if value in (None, "")
        else repr(value)
        if isinstance(value, str)
        else str(value)
    )


ROUND_LOCK_OUTSIDE_TRANSACTION = (
    "round_lock must be taken inside transaction.atomic(), before any check it guards."
)


def round_lock(
    *, round_id: int | None = None, section: Section | None = None, number: int = 0
) -> Round:
    """Take THE write lock of one round's pairings and results; return the round as it is now.

    Every write to a round's pairings or results -- hand pairing save, automatic pairing,
    result entry and clearing, check-mode entries, a late entry's rows, removing a draft,
    corrections -- calls this first, inside its ``transaction.atomic()``, and only then reads
    what it checks (the round's status, whether it has results, a version the form showed).
    Two writers of one round then run one after the other, and each sees what the other wrote:
    a check made before the lock would be stale by the time the write lands.

    Name the round by ``round_id``, or by ``section`` and ``number``: a round that does not
    exist yet is created (status not paired) and locked, so two first saves of a round also
    run one after the other. Lock order, to stay free of deadlocks: the section's lock
    (``section_lock``) before a round's, and a round's before the tournament row.

    On PostgreSQL this is ``SELECT ... FOR UPDATE`` on the round's row. SQLite has no row
    locks; there the settings open every transaction IMMEDIATE, so the whole transaction
    already holds the database's one write lock before this runs.
    """
    if not transaction.get_connection().in_atomic_block:
        raise TransactionManagementError(ROUND_LOCK_OUTSIDE_TRANSACTION)
    rounds = Round.objects.select_for_update()
    if round_id is not None:
        return rounds.get(pk=round_id)
    assert section is not None and number >= 1
    round_, _created = rounds.get_or_create(section=section, number=number)
    return round_


def section_rounds_lock(section: Section) -> None:
    """Lock every round of ``section``, in number order, after the section's own lock: a
    result entered or cleared in an earlier round (``round_lock`` of that round) then lands
    wholly before or wholly after a pairing that reads the earlier rounds complete
    (``round_pair``), never unseen beside it."""
    list(
        Round.objects.select_for_update()
        .filter(section=section)
        .order_by("number")
        .values_list("pk", flat=True)
    )


def model_check(row: models.Model, exclude: Iterable[str] = ()) -> None:
    """Model field checks as sentences (a constraint name never reaches a user)."""
    try:
        row.full_clean(
            exclude=list(exclude), validate_unique=False, validate_constraints=False
        )
    except ValidationError as error:
        raise ValidationError(
            [
                f"{_label(row, name)}: {message}" if name != "__all__" else message
                for name, messages in error.message_dict.items()
                for message in messages
            ]
        ) from None


def _label(row: models.Model, field: str) -> str:
    try:
        return str(
            getattr(row._meta.get_field(field), "verbose_name", field)
        ).capitalize()
    except FieldDoesNotExist:
        return field


Listed = TypeVar("Listed", bound=models.Model)


class AnswerGroup(NamedTuple, Generic[Listed]):
    """One question before pairing: the rows it is about (players, teams), read under the
    section's lock; whether the TD answered it; the pks of the rows the page named (``None``:
    no page, the answer is for whoever is listed)."""

    listed: list[Listed]
    answered: bool
    shown: Collection[int] | None

    def unseen(self) -> list[Listed]:
        """The rows listed now whom the answer did not see: they are asked about."""
        if not self.answered or self.shown is None:
            return []
        shown = set(self.shown)
        return [row for row in self.listed if row.pk not in shown]

    def ask(self) -> list[Listed]:
        """Everyone listed, when the question is still open: not answered, or answered on a
        page without some of them (an answer is for the rows it named, never for others)."""
        return self.listed if not self.answered or self.unseen() else []
