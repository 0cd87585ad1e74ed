"""A section's prize fund (``tournaments/prize_fund.py`` checks it) and the playoffs among tied
players (US Chess 34A, 34C)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from tournaments import prize_fund
from tournaments.models import Player, Section
from tournaments.selectors import json_version
from tournaments.services.common import StaleEdit

PLAYOFF_TOO_FEW = "A playoff needs at least two players."
PLAYOFF_PLAYER_TWICE = "Player {number} is listed twice."
PLAYOFF_NOT_IN_SECTION = "{section} has no player number {number}."
PLAYOFF_PLAYER_ALREADY = (
    "Player {number} is already in a recorded playoff: delete that one first."
)
PLAYOFF_NOTE_TOO_LONG = "The note is longer than {n} characters."
PLAYOFF_NOT_FOUND = "There is no playoff number {number} to delete."
PLAYOFF_NOTE_MAX = 200
PLAYOFFS_SHAPE = (
    'Each playoff is {"players": [start numbers, winner first], "note": "..."}.'
)
PRIZE_FUND_STALE = (
    "The prize fund changed after this page was opened (another TD saved it, now {count} "
    "prize line{s}): nothing was saved. {again}"
)
PRIZE_FUND_SAVE_AGAIN = "Save again to replace it with the lines on this page."
PRIZE_FUND_UPLOAD_AGAIN = "Upload or paste the fund JSON again to replace it."


def section_prize_fund_set(
    *,
    section: Section,
    fund: object,
    based_on: str | None = None,
    uploaded: bool = False,
) -> Section:
    """Replace the section's prize fund with ``fund`` (the fund JSON, parsed).

    Raises ``ValidationError`` with one message per problem (each naming its prize) and saves
    nothing when the fund is bad; saves the canonical form of ``prize_fund.fund_clean``.
    ``based_on``: the ``selectors.json_version`` the editor was drawn from; a save from
    an editor opened before another TD saved the fund is refused (``StaleEdit``): it would
    take back that TD's lines without a word (``uploaded``: the fund came as JSON, not from
    the editor's lines; the refusal says how to send it again).
    """
    try:
        cleaned = prize_fund.fund_clean(fund)
    except prize_fund.FundError as error:
        raise ValidationError(error.messages) from None
    with transaction.atomic():
        stored = (
            Section.objects.select_for_update(no_key=True).get(pk=section.pk).prize_fund
        )
        now = json_version(stored)
        if based_on and based_on != now and cleaned != stored:
            count = len((stored or {}).get("prizes", []))
            raise StaleEdit(
                PRIZE_FUND_STALE.format(
                    count=count,
                    s="" if count == 1 else "s",
                    again=PRIZE_FUND_UPLOAD_AGAIN
                    if uploaded
                    else PRIZE_FUND_SAVE_AGAIN,
                ),
                version=now,
            )
        Section.objects.filter(pk=section.pk).update(prize_fund=cleaned)
    section.prize_fund = cleaned
    return section


def section_playoff_record(
    *, section: Section, players: list[int], note: str = ""
) -> Section:
    """Add a playoff: ``players`` are start numbers in finishing order, winner first.

    The players must be of the section, distinct, at least two, and in no other recorded
    playoff; the very same playoff recorded already is left as it is. Whether they are tied
    on score depends on the round the standings are read after: the prize list ignores (and
    says so) a playoff whose players are not tied.
    """
    note = note.strip()
    _playoff_check(players, note)
    with transaction.atomic():
        locked = Section.objects.select_for_update(no_key=True).get(pk=section.pk)
        known = set(
            Player.objects.filter(section=locked, start_number__in=players).values_list(
                "start_number", flat=True
            )
        )
        for number in players:
            if number not in known:
                raise ValidationError(
                    PLAYOFF_NOT_IN_SECTION.format(section=locked.name, number=number)
                )
        if {"players": list(players), "note": note} in locked.playoffs:
            # Recorded already: the same playoff sent twice (its first answer lost), or
            # another TD recorded it. Nothing to add, and no error.
            section.playoffs = locked.playoffs
            return section
        recorded = {n for playoff in locked.playoffs for n in playoff["players"]}
        for number in players:
            if number in recorded:
                raise ValidationError(PLAYOFF_PLAYER_ALREADY.format(number=number))
        locked.playoffs = [*locked.playoffs, {"players": list(players), "note": note}]
        locked.save(update_fields=["playoffs"])
    section.playoffs = locked.playoffs
    return section


def _playoff_check(players: Sequence[int], note: str) -> None:
    """One playoff's own rules: two players at least, none twice, a short note."""
    if len(players) < 2:
        raise ValidationError(PLAYOFF_TOO_FEW)
    seen: set[int] = set()
    for number in players:
        if number in seen:
            raise ValidationError(PLAYOFF_PLAYER_TWICE.format(number=number))
        seen.add(number)
    if len(note) > PLAYOFF_NOTE_MAX:
        raise ValidationError(PLAYOFF_NOTE_TOO_LONG.format(n=PLAYOFF_NOTE_MAX))


def section_playoffs_check(
    *, section: Section, playoffs: object
) -> list[dict[str, Any]]:
    """The whole list of a section's playoffs as the admin's form gives it, checked by the
    rules ``section_playoff_record`` holds each playoff to; returns it as stored (notes
    stripped). Raises ``ValidationError`` naming the playoff (1 = the first)."""
    if not isinstance(playoffs, list):
        raise ValidationError(PLAYOFFS_SHAPE)
    known = (
        set(section.players.values_list("start_number", flat=True))
        if section.pk is not None
        else set()
    )
    recorded: set[int] = set()
    stored = []
    for n, entry in enumerate(playoffs, start=1):
        players = entry.get("players") if isinstance(entry, dict) else None
        note = entry.get("note", "") if isinstance(entry, dict) else None
        if (
            not isinstance(entry, dict)
            or set(entry) - {"players", "note"}
            or not isinstance(players, list)
            or not all(type(p) is int for p in players)
            or not isinstance(note, str)
        ):
            raise ValidationError(f"Playoff {n}: {PLAYOFFS_SHAPE}")
        note = note.strip()
        try:
            _playoff_check(players, note)
            for number in players:
                if number not in known:
                    raise ValidationError(
                        PLAYOFF_NOT_IN_SECTION.format(
                            section=section.name, number=number
                        )
                    )
                if number in recorded:
                    raise ValidationError(PLAYOFF_PLAYER_ALREADY.format(number=number))
        except ValidationError as error:
            raise ValidationError(f"Playoff {n}: {error.messages[0]}") from None
        recorded.update(players)
        stored.append({"players": players, "note": note})
    return stored


def section_playoff_delete(
    *, section: Section, number: int, players: Sequence[int] | None = None
) -> Section:
    """Delete playoff ``number`` (1 = the first recorded).

    ``players``: the playoff's players as the page showed them. Numbers move up when an earlier
    playoff goes, so the playoff is found by its players: one no longer there (the button
    pressed twice, or another TD deleted it) is deleted already, and no other goes instead.
    """
    with transaction.atomic():
        locked = Section.objects.select_for_update(no_key=True).get(pk=section.pk)
        if players is not None:
            shown = list(players)
            found = [
                n
                for n, p in enumerate(locked.playoffs, start=1)
                if isinstance(p, dict) and p.get("players") == shown
            ]
            if not found:
                section.playoffs = locked.playoffs
                return section
            number = found[0]
        if not 1 <= number <= len(locked.playoffs):
            raise ValidationError(PLAYOFF_NOT_FOUND.format(number=number))
        locked.playoffs = [
            p for n, p in enumerate(locked.playoffs, start=1) if n != number
        ]
        locked.save(update_fields=["playoffs"])
    section.playoffs = locked.playoffs
    return section


def section_playoff_announced_set(*, section: Section, announced: bool) -> Section:
    """Whether the section's playoffs were announced in advance, so that they also decide cash (34C)."""
    with transaction.atomic():
        Section.objects.filter(pk=section.pk).update(playoff_announced=announced)
    section.playoff_announced = announced
    return section
