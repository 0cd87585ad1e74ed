"""Team scoring of individual sections (and of a whole event): posted before round 1 like the
tiebreak order. The engine's ``standings.engine.teams`` checks the order and ranks the teams."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from standings.engine.teams import parse_member_order
from tournaments.models import Section, Tournament
from tournaments.selectors import json_version, round_one_posted, team_group_started
from tournaments.services.common import SECTION_FINAL, StaleEdit, final_check

TEAM_ORDER_INVALID = "This team order cannot be used: {error}."
TEAM_TOP_RANGE = (
    "The number of counting players must be 1 or more (leave it empty: all count)."
)
TEAM_MIN_RANGE = "The minimum number of players must be 1 or more."
TEAM_PRIZE_LONG = "A team prize is at most 100 characters: {prize!r}."
TEAM_SCORING_LOCKED = (
    "Round 1 pairings are posted, so the team scoring is locked: a change now needs a written "
    "reason, which is shown with the team standings."
)
TEAM_SCORING_STALE = (
    "The team scoring of {what} changed after this page was opened (another TD {did}): "
    "nothing was saved. The form keeps what you entered; check the posting as it is now and "
    "save again to replace it."
)
TEAM_GROUP_EMPTY = "Choose at least one section to score teams across."
TEAM_GROUP_UNKNOWN = "Section {pk} is not a section of this tournament."
TEAM_GROUP_NAME_MAX = 60
TEAM_GROUP_NAME_LONG = (
    f"A team group's name is at most {TEAM_GROUP_NAME_MAX} characters."
)
TEAM_GROUP_MISSING = "There is no team group {group} in this tournament."
TEAM_GROUP_OVERLAP = (
    "{section} is already scored in the team group {group}: a section counts in one group "
    "only (take it out of that group first)."
)
TEAM_GROUP_TEAM_SECTION = (
    "{name} is a fixed-roster team section: its teams have their own standings."
)


def team_scoring_check(
    *,
    top: int | None,
    min_players: int,
    order: str,
    prizes: list[str] | None = None,
) -> dict[str, Any]:
    """The team scoring as stored (``Section.team_scoring``), or a ValidationError saying what is wrong."""
    if top is not None and top < 1:
        raise ValidationError(TEAM_TOP_RANGE)
    if min_players < 1:
        raise ValidationError(TEAM_MIN_RANGE)
    try:
        items = parse_member_order(order)
    except ValueError as error:
        raise ValidationError(TEAM_ORDER_INVALID.format(error=error)) from None
    cleaned = [p.strip() for p in prizes or [] if p.strip()]
    for prize in cleaned:
        if len(prize) > 100:
            raise ValidationError(TEAM_PRIZE_LONG.format(prize=prize[:30] + "..."))
    return {
        "top": top,
        "min_players": min_players,
        "order": ",".join(i.key for i in items),
        "prizes": cleaned,
    }


def _stale_check(
    stored: dict[str, Any], based_on: str | None, what: str, new: dict[str, Any] | None
) -> None:
    """Refuse (``StaleEdit``) a posting or a take-down from a page drawn from another version of
    the posting (``based_on``: its ``selectors.json_version``; empty: not checked). Two TDs
    editing one posting: the second would undo the first's without a word."""
    now = json_version(stored)
    if not based_on or based_on == now:
        return
    kept = {k: v for k, v in stored.items() if k not in ("reason", "id")}
    if new is not None and kept == new:
        return  # the posting holds these values already (pressed twice)
    if new is None and not stored:
        return  # taken down already (pressed twice): nothing of anyone's is lost
    raise StaleEdit(
        TEAM_SCORING_STALE.format(
            what=what, did="posted or changed it" if stored else "took it down"
        ),
        version=now,
    )


def _posted_already(old: dict[str, Any], new: dict[str, Any]) -> bool:
    """Whether the posting ``old`` holds ``new`` already: the same form sent twice (its first
    answer lost), or another TD posted the same. Nothing to change then, and no error."""
    return {k: v for k, v in old.items() if k not in ("reason", "id")} == new


def _changed(
    old: dict[str, Any], new: dict[str, Any], locked: bool, reason: str
) -> dict[str, Any]:
    """``new`` with the reason for a change after round 1 (refused without one)."""
    if locked and old and not reason.strip():
        raise ValidationError(TEAM_SCORING_LOCKED)
    return {**new, "reason": reason.strip()} if locked and old else new


def section_team_scoring_post(
    *,
    section: Section,
    top: int | None,
    min_players: int,
    order: str,
    prizes: list[str] | None = None,
    reason: str = "",
    based_on: str | None = None,
) -> dict[str, Any]:
    """Post the section's team scoring: the top N scores of each club / team count (None: all),
    teams with fewer than ``min_players`` do not place, ties go to the team order.

    Locked once round 1 pairings are posted, as the tiebreak order is (players expect the rules
    announced before round one); a change then needs a written reason, shown publicly.
    ``based_on``: the ``selectors.json_version`` of the posting the form was drawn from; a save
    from a page opened before another TD's is refused (``StaleEdit``), nothing changed. The
    posting held already is answered as posted, nothing written (``_posted_already``).
    """
    new = team_scoring_check(
        top=top, min_players=min_players, order=order, prizes=prizes
    )
    with transaction.atomic():
        locked = Section.objects.select_for_update(no_key=True).get(pk=section.pk)
        if _posted_already(locked.team_scoring, new):
            section.team_scoring = locked.team_scoring
            return locked.team_scoring
        final_check(locked)  # the team standings are the section's final ones
        _stale_check(locked.team_scoring, based_on, locked.name, new)
        stored = _changed(locked.team_scoring, new, round_one_posted(locked), reason)
        locked.team_scoring = stored
        locked.save(update_fields=["team_scoring"])
    section.team_scoring = stored
    return stored


def section_team_scoring_clear(
    *, section: Section, based_on: str | None = None
) -> None:
    """Take the team scoring down (no team standings); only before round 1 is posted, and not
    from a page drawn before another TD changed it (``based_on``, ``StaleEdit``)."""
    with transaction.atomic():
        locked = Section.objects.select_for_update(no_key=True).get(pk=section.pk)
        final_check(locked)
        _stale_check(locked.team_scoring, based_on, locked.name, None)
        if round_one_posted(locked):
            raise ValidationError(TEAM_SCORING_LOCKED)
        locked.team_scoring = {}
        locked.save(update_fields=["team_scoring"])
    section.team_scoring = {}


def tournament_team_scoring_post(
    *,
    tournament: Tournament,
    top: int | None,
    min_players: int,
    order: str,
    prizes: list[str] | None = None,
    reason: str = "",
    sections: Sequence[int] | None = None,
    group: int | None = 1,
    name: str = "",
    based_on: str | None = None,
) -> dict[str, Any]:
    """Post (or change) the event's team group ``group``: the players of a group of sections
    (``sections``, e.g. K-1 and K-3 of a scholastic, named "Primary"; None: every section)
    pooled by club / team. An event may post several groups; a section is in one at most.
    ``group`` None: a new group, numbered under the lock (two TDs adding one each get two).

    Locked once round 1 of a section of the group (as posted before or as posted now) is
    posted; a change then needs a written reason. ``based_on``: the ``selectors.json_version``
    of the group the form was drawn from (``Tournament.team_group``); a save from a page opened
    before another TD changed or took down the group is refused (``StaleEdit``). The group
    posted already as asked is answered as posted, nothing written (``_posted_already``).
    """
    new = team_scoring_check(
        top=top, min_players=min_players, order=order, prizes=prizes
    )
    new["name"] = name.strip()
    if len(new["name"]) > TEAM_GROUP_NAME_MAX:
        raise ValidationError(TEAM_GROUP_NAME_LONG)
    if group is not None and group < 1:
        raise ValidationError(TEAM_GROUP_MISSING.format(group=group))
    with transaction.atomic():
        known = _sections_lock(tournament)
        locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if group is None:
            group = 1 + max((g["id"] for g in locked.team_groups()), default=0)
        if sections is not None:
            new["sections"] = _group_check(sections, known)
        pooled = new.get("sections", list(known))
        others = [g for g in locked.team_groups() if g["id"] != group]
        _overlap_check(pooled, others, known)
        old = locked.team_group(group) or {}
        if old and _posted_already(old, new):
            tournament.team_scoring = locked.team_scoring
            return old
        # The sections it pooled (a group naming none pooled every one), and those it pools.
        _group_final_check(
            [*pooled, *(old.get("sections", known) if old else [])], known
        )
        _stale_check(old, based_on, _group_label(old, group), new)
        posted = {k: v for k, v in old.items() if k != "id"}
        started = team_group_started(locked, group, pooled)
        stored = {"id": group, **_changed(posted, new, started, reason)}
        locked.team_scoring = {
            "groups": sorted([*others, stored], key=lambda g: int(g["id"]))
        }
        locked.save(update_fields=["team_scoring"])
    tournament.team_scoring = locked.team_scoring
    return stored


def tournament_team_group_clear(
    *, tournament: Tournament, group: int, based_on: str | None = None
) -> None:
    """Take an event team group down (its sections free for another group); only before
    round 1 of a section of the group is posted, and not from a page drawn before another TD
    changed it (``based_on``, ``StaleEdit``)."""
    with transaction.atomic():
        known = _sections_lock(tournament)
        locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
        old = locked.team_group(group)
        if old is None:
            raise ValidationError(TEAM_GROUP_MISSING.format(group=group))
        _stale_check(old, based_on, _group_label(old, group), None)
        _group_final_check(old.get("sections") or list(known), known)
        if team_group_started(locked, group):
            raise ValidationError(TEAM_SCORING_LOCKED)
        others = [g for g in locked.team_groups() if g["id"] != group]
        locked.team_scoring = {"groups": others} if others else {}
        locked.save(update_fields=["team_scoring"])
    tournament.team_scoring = locked.team_scoring


def _sections_lock(tournament: Tournament) -> dict[int, Section]:
    """Lock the tournament's sections, in order, and return them by pk: a change of an event
    team group reads their final flags, and "Mark final" (``section_final_set``) must wait for
    it, or it for "Mark final". Taken before the tournament's lock, the order of every writer
    that locks a section and then writes the tournament row (marking final, posting a round,
    which refresh the tournament's status): the other order could deadlock with them."""
    return {
        s.pk: s
        for s in Section.objects.select_for_update(no_key=True)
        .filter(tournament_id=tournament.pk)
        .order_by("pk")
    }


def _group_final_check(sections: Iterable[int], known: dict[int, Section]) -> None:
    """Refuse a change of an event team group with a section marked final, before or after the
    change: the group's team standings are made of that section's final ones. ``known``: the
    tournament's sections, read under their locks (``_sections_lock``)."""
    final = next(
        (
            known[pk].name
            for pk in sorted(set(sections))
            if pk in known and known[pk].is_final
        ),
        None,
    )
    if final is not None:
        raise ValidationError(SECTION_FINAL.format(section=final))


def _group_label(stored: dict[str, Any], group: int | None) -> str:
    return f"the team group {stored.get('name') or group or 'new'}"


def _overlap_check(
    pooled: Sequence[int], others: list[dict[str, Any]], known: dict[int, Section]
) -> None:
    """A section is scored in one group only (a group naming no sections pools every one)."""
    for other in others:
        taken = set(other.get("sections", known))
        clash = next((pk for pk in pooled if pk in taken), None)
        if clash is not None:
            raise ValidationError(
                TEAM_GROUP_OVERLAP.format(
                    section=known[clash].name,
                    group=other.get("name") or f"group {other['id']}",
                )
            )


def _group_check(sections: Sequence[int], known: dict[int, Section]) -> list[int]:
    """The group's section keys, sorted; each an individual section of the tournament."""
    if not sections:
        raise ValidationError(TEAM_GROUP_EMPTY)
    for pk in sections:
        if pk not in known:
            raise ValidationError(TEAM_GROUP_UNKNOWN.format(pk=pk))
        if known[pk].team_boards:
            raise ValidationError(TEAM_GROUP_TEAM_SECTION.format(name=known[pk].name))
    return sorted(set(sections))
