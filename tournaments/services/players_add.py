"""Adding players to a section, by every path (the player form, a late entry, a CSV, a TRF file),
under one set of rules.

- Refused: a player whose own values are wrong (``player_check``), or whose US Chess or FIDE ID
  is already in the section or twice among those added.
- Asked: a likely duplicate (the same name and the same rating as a player already there or
  added with them, and no two different US Chess IDs to tell them apart) is added only when the
  TD confirms; a player outside the section's entry limits (``Section.rating_max``,
  ``Section.unrated_allowed``) only with the TD's reason. Both are kept as ``PlayerChange`` rows.

The entries are dicts of Player fields, so a field another area adds to Player (a team, a
membership date) passes through with no change here.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from tournaments.models import (
    Pairing,
    Player,
    PlayerChange,
    RequestedBye,
    Result,
    Round,
    Section,
)
from tournaments.selectors import (
    next_start_number,
    paired_rounds,
    posted_rounds,
    round_one_paired,
)
from tournaments.services.common import round_lock, section_lock, section_open_check
from tournaments.services.players import (
    LATE_ENTRY_CHOICE,
    LATE_ENTRY_FIRST_ROUND,
    LATE_ENTRY_ROUND_DRAFT,
    LATE_ENTRY_ROUND_POSTED,
    LATE_HALF,
    LATE_NOT_PAIRED,
    player_check,
    players_renumber,
)
from tournaments.validators import no_control_characters_but_lines

# Fragments (a CSV row lists several after its line number); ``sentence`` makes one a sentence.
ID_TAKEN = (
    "duplicate of player {number}. {name}, already in the section ({label} {value})"
)
ID_TWICE = "duplicate {label} {value}: also on line {line}"
LIKELY_DUPLICATE = (
    "looks like player {number}. {name} ({rating}), already in the section"
)
LIKELY_DUPLICATE_TWICE = "looks like line {line} (same name and rating)"
# Said after a likely duplicate when the TD has not confirmed it.
CONFIRM_ASK = ": confirm to add both"
ABOVE_LIMIT = (
    "rating {rating} is above the section's limit of {limit}: give a reason to enter "
    "them anyway"
)
UNRATED_NOT_ALLOWED = "unrated, and the section takes no unrated players: give a reason to enter them anyway"
PLAYERS_ADD_ROUND_DRAFT = (
    "Round {round}'s draft pairings were made without the players entered now: nothing was "
    "entered. Remove the draft pairings on the round page, enter the players, then pair "
    "round {round} again; or enter a player who starts in round {next} as a late entry."
)
PLAYERS_ADD_ROUND_POSTED = (
    "Round {round} is posted, so a player entered now misses {missed}: nothing was entered. "
    "Enter them with Late entry, which asks, for each round missed, a half-point bye or not "
    "paired."
)
START_NUMBERS_FULL = "the section would need start numbers above 9999 (TRF-16's limit)"


def sentence(fragment: str) -> str:
    return fragment[:1].upper() + fragment[1:] + ("" if fragment.endswith(".") else ".")


@dataclass
class EntryCheck:
    """What stands in the way of one entry: refusals, and the questions a TD may answer."""

    invalid: list[str] = field(default_factory=list)  # the player's own values
    taken: list[str] = field(default_factory=list)  # an ID already there or twice
    duplicates: list[str] = field(default_factory=list)
    # For each of ``duplicates``: the pk of the player already in the section it names (None:
    # another entry added with it).
    duplicate_of: list[int | None] = field(default_factory=list)
    outside: list[str] = field(default_factory=list)

    @property
    def refused(self) -> list[str]:
        return self.invalid + self.taken

    def unanswered(self, confirmed: bool, shown: Collection[int] | None) -> list[str]:
        """The likely duplicates still to ask about. Confirmed on a page (``shown``: the pks of
        the players its question named), the answer is for those players only: one entered
        since (the same form sent twice, its first answer lost; another TD's entry) is asked
        about, or a resent form would enter the player again without a word."""
        if not confirmed:
            return self.duplicates
        if shown is None:
            return []
        return [
            d
            for d, pk in zip(self.duplicates, self.duplicate_of, strict=True)
            if pk is not None and pk not in shown
        ]


class PlayersAddRefused(ValidationError):
    """Nothing was added: ``checks`` (one per entry, in order) says why."""

    def __init__(self, checks: list[EntryCheck], messages: list[str]) -> None:
        super().__init__(messages)
        self.checks = checks

    @property
    def asks_confirmation(self) -> bool:
        return any(c.duplicates for c in self.checks)

    @property
    def duplicates_named(self) -> list[int]:
        return duplicates_named(self.checks)

    @property
    def asks_reason(self) -> bool:
        return any(c.outside for c in self.checks)


def duplicates_named(checks: Sequence[EntryCheck]) -> list[int]:
    """The pks of the players already in the section that ``checks`` name as likely
    duplicates, for the page to send back with the TD's answer."""
    return sorted({pk for c in checks for pk in c.duplicate_of if pk is not None})


def _name_key(name: str) -> str:
    # "Ortiz, Ana" and "ana  ortiz" are the same name.
    name = " ".join(name.split()).casefold()
    if name.count(",") == 1:
        last, first = (part.strip() for part in name.split(","))
        name = f"{first} {last}"
    return name


def _rating(rating: int | None) -> str:
    return "unrated" if rating is None else str(rating)


def players_entry_check(
    *,
    section: Section,
    entries: Sequence[Mapping[str, Any]],
    lines: Sequence[int] | None = None,
) -> list[EntryCheck]:
    """Check ``entries`` (Player fields) against the section and each other; write nothing.

    ``lines`` names each entry in messages about two entries (a CSV's line numbers; default
    1, 2, ...).
    """
    lines = lines or list(range(1, len(entries) + 1))
    existing: list[tuple[Any, ...]] = list(
        Player.objects.filter(section=section).values_list(
            "start_number", "name", "rating", "uschess_id", "fide_id", "pk"
        )
    )
    known_ids = {
        column: {row[i]: row for row in existing if row[i].strip("0")}
        for column, i in (("uschess_id", 3), ("fide_id", 4))
    }
    known_names: dict[tuple[str, int | None], list[tuple[Any, ...]]] = {}
    for row in existing:
        known_names.setdefault((_name_key(row[1]), row[2]), []).append(row)
    seen_ids: dict[tuple[str, str], int] = {}
    seen_names: dict[tuple[str, int | None], list[tuple[int, str]]] = {}
    checks = []
    for entry, line in zip(entries, lines, strict=True):
        check = EntryCheck()
        values: dict[str, Any] = {
            k: v.strip() if isinstance(v, str) else v for k, v in entry.items()
        }
        try:
            player_check(player=Player(section=section, start_number=1, **values))
        except ValidationError as error:
            check.invalid.extend(m.rstrip(".") for m in error.messages)
        for column, label in (("uschess_id", "US Chess ID"), ("fide_id", "FIDE ID")):
            value = values.get(column) or ""
            if not value.strip("0"):
                # Empty, or all zeros: "no ID" in US Chess's and FIDE's files.
                continue
            if value in known_ids[column]:
                number, name = known_ids[column][value][:2]
                check.taken.append(
                    ID_TAKEN.format(number=number, name=name, label=label, value=value)
                )
            elif (column, value) in seen_ids:
                check.taken.append(
                    ID_TWICE.format(
                        label=label, value=value, line=seen_ids[column, value]
                    )
                )
            else:
                seen_ids[column, value] = line
        rating = values.get("rating")
        key = (_name_key(values.get("name") or ""), rating)
        uschess_id = values.get("uschess_id") or ""
        if key[0]:
            for number, name, other_rating, other_id, _f, pk in known_names.get(
                key, []
            ):
                if not (uschess_id and other_id and uschess_id != other_id):
                    check.duplicates.append(
                        LIKELY_DUPLICATE.format(
                            number=number, name=name, rating=_rating(other_rating)
                        )
                    )
                    check.duplicate_of.append(pk)
            for other_line, other_id in seen_names.get(key, []):
                if not (uschess_id and other_id and uschess_id != other_id):
                    check.duplicates.append(
                        LIKELY_DUPLICATE_TWICE.format(line=other_line)
                    )
                    check.duplicate_of.append(None)
            seen_names.setdefault(key, []).append((line, uschess_id))
        if rating is None and not section.unrated_allowed:
            check.outside.append(UNRATED_NOT_ALLOWED)
        elif (
            rating is not None
            and section.rating_max is not None
            and rating > section.rating_max
        ):
            check.outside.append(
                ABOVE_LIMIT.format(rating=rating, limit=section.rating_max)
            )
        checks.append(check)
    return checks


def players_add(
    *,
    section: Section,
    entries: Sequence[Mapping[str, Any]],
    confirm_duplicates: bool = False,
    duplicates_shown: Collection[int] | None = None,
    override_reason: str = "",
    user: Any = None,
    start_numbers: Sequence[int] | None = None,
    renumber: bool = True,
    lines: Sequence[int] | None = None,
) -> list[Player]:
    """Add ``entries`` (Player fields) to the section under the rules above, all or none.

    A likely duplicate needs ``confirm_duplicates`` (given on a page: ``duplicates_shown``,
    the pks of the players its question named; a duplicate of another is asked); a player outside the entry limits needs
    ``override_reason``; both are recorded (``user``). The players get the next start numbers
    (or ``start_numbers``, a TRF file's), and before round 1 is paired the section is numbered
    by rating again unless ``renumber`` is false. ``lines`` name the entries in messages (a
    file's line numbers). Raises ``PlayersAddRefused``.
    """
    reason = override_reason.strip()
    no_control_characters_but_lines(reason)
    with transaction.atomic():
        section_lock(section)
        # A section marked final takes no new player (its results are settled).
        section_open_check(section=section)
        checks = players_entry_check(section=section, entries=entries, lines=lines)
        messages = [
            sentence(m)
            for c in checks
            for m in (
                c.refused
                + [
                    d + CONFIRM_ASK
                    for d in c.unanswered(confirm_duplicates, duplicates_shown)
                ]
                + ([] if reason else c.outside)
            )
        ]
        first = next_start_number(section)
        numbers = list(start_numbers or range(first, first + len(entries)))
        if numbers and max(numbers) > 9999:
            messages.append(sentence(START_NUMBERS_FULL))
        if messages:
            raise PlayersAddRefused(checks, messages)
        players = Player.objects.bulk_create(
            Player(
                section=section,
                start_number=number,
                **{k: v.strip() if isinstance(v, str) else v for k, v in entry.items()},
            )
            for number, entry in zip(numbers, entries, strict=True)
        )
        if renumber and start_numbers is None and not round_one_paired(section):
            players_renumber(section=section)
            numbered = dict(
                Player.objects.filter(pk__in=[p.pk for p in players]).values_list(
                    "pk", "start_number"
                )
            )
            for player in players:
                player.start_number = numbered[player.pk]
        PlayerChange.objects.bulk_create(
            PlayerChange(
                section=section,
                player=player,
                start_number=player.start_number,
                name=player.name,
                kind=kind,
                reason=text,
                changed_by=user,
            )
            for player, check in zip(players, checks, strict=True)
            for kind, text, asked in (
                (PlayerChange.Kind.OUTSIDE_LIMIT, reason, check.outside),
                (
                    PlayerChange.Kind.DUPLICATE,
                    "Confirmed as another player: " + "; ".join(check.duplicates) + ".",
                    check.duplicates,
                ),
            )
            if asked
        )
    return players


def player_create(
    *,
    section: Section,
    name: str,
    confirm_duplicate: bool = False,
    duplicates_shown: Collection[int] | None = None,
    override_reason: str = "",
    user: Any = None,
    **fields: Any,
) -> Player:
    """Enter one player (``players_add``); before round 1 is paired the section is numbered by
    rating again. A draft round is refused (``players_draft_check``), and so is a posted one
    (``players_posted_check``)."""
    with transaction.atomic():
        (player,) = players_add(
            section=section,
            entries=[{"name": name, **fields}],
            confirm_duplicates=confirm_duplicate,
            duplicates_shown=duplicates_shown,
            override_reason=override_reason,
            user=user,
        )
        players_draft_check(section)
        players_posted_check(section)
    return player


def players_posted_check(section: Section) -> None:
    """Refuse a player entered by the player form once a round is posted: they would miss it
    with no row, counted as not paired without the TD ever choosing, and be paired later as
    a late entry without a word. Late entry asks, for each round missed, a half-point bye or
    not paired. Read under the section's lock ``players_add`` took (a round posted after the
    page was opened is seen)."""
    posted = max(posted_rounds(section), default=0)
    if posted:
        raise ValidationError(
            PLAYERS_ADD_ROUND_POSTED.format(
                round=posted,
                missed="round 1" if posted == 1 else f"rounds 1 to {posted}",
            )
        )


def players_draft_check(section: Section) -> None:
    """Refuse players entered while a round is a draft: it was paired without them, and posted
    as it is it would leave them out of the round without a word (the page was opened before
    another TD paired it). Read under the section's lock ``players_add`` took, which pairing
    takes too. A late entry says itself which rounds the player misses."""
    draft = min(paired_rounds(section) - posted_rounds(section), default=0)
    if draft:
        raise ValidationError(
            PLAYERS_ADD_ROUND_DRAFT.format(round=draft, next=draft + 1)
        )


def player_late_entry(
    *,
    section: Section,
    name: str,
    first_round: int,
    missed: Mapping[int, str],
    confirm_duplicate: bool = False,
    duplicates_shown: Collection[int] | None = None,
    override_reason: str = "",
    user: Any = None,
    **fields: Any,
) -> Player:
    """Enter a player who starts in ``first_round``, with the last start number (``players_add``).

    For each missed round, ``missed`` says half-point bye or not paired: a round already paired
    gets the row now (a half-point bye, or "not paired"); a later round gets a requested bye
    (half, or zero for not paired) that its pairings will give. The first round played comes
    after every paired round: a posted round has no place for the player, and a draft made
    without them is refused too, saying how on (remove it, enter them, pair it again), as a
    check-in or a re-activation the draft contradicts is.
    """
    if not 2 <= first_round <= section.rounds_total:
        raise ValidationError(
            LATE_ENTRY_FIRST_ROUND.format(rounds=section.rounds_total)
        )
    choices = {r: missed.get(r) for r in range(1, first_round)}
    if any(c not in (LATE_HALF, LATE_NOT_PAIRED) for c in choices.values()):
        raise ValidationError(LATE_ENTRY_CHOICE)
    with transaction.atomic():
        (player,) = players_add(
            section=section,
            entries=[{"name": name, **fields}],
            confirm_duplicates=confirm_duplicate,
            duplicates_shown=duplicates_shown,
            override_reason=override_reason,
            user=user,
            renumber=False,
        )
        # Read under the section's lock (players_add took it), which pairing takes too: a round
        # posted after the page was opened is seen. The player would miss it without a row.
        late = max((n for n in posted_rounds(section) if n >= first_round), default=0)
        if late:
            raise ValidationError(
                LATE_ENTRY_ROUND_POSTED.format(round=late, next=late + 1)
            )
        paired = paired_rounds(section)
        # A draft has no row for the player either: posted as it is, it would leave them
        # out of a round they came to play (as a check-in or a re-activation it contradicts).
        draft = min((n for n in paired if n >= first_round), default=0)
        if draft:
            raise ValidationError(
                LATE_ENTRY_ROUND_DRAFT.format(round=draft, next=draft + 1)
            )
        rounds = {r.number: r for r in Round.objects.filter(section=section)}
        for number, choice in choices.items():
            if number in paired:
                # A row written into a paired round: under that round's lock, like any other.
                round_lock(round_id=rounds[number].pk)
                Pairing.objects.create(
                    round=rounds[number],
                    white=player,
                    result=Result.BYE_HALF
                    if choice == LATE_HALF
                    else Result.NOT_PAIRED,
                )
            # The choice stands as a requested bye too, in a paired round as well: its
            # pairings removed and paired again (a draft, a round paired on old scores),
            # the round keeps the TD's choice instead of pairing the player into it.
            RequestedBye.objects.create(
                player=player,
                round_number=number,
                kind=RequestedBye.Kind.HALF
                if choice == LATE_HALF
                else RequestedBye.Kind.ZERO,
            )
    return player
