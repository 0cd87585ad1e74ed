"""What a TRF-2026 file's new records give the imported section (``tournament_import_trf``):
the scoring points (162), initial colour (152), acceleration (250) and prohibited pairings
(260) as pairing options, the tie-break order (202) when every code has an engine system, the
time control (222) in US Chess spelling, and requested byes (240). The records stay in
``Section.trf_records`` as the file had them; those the section holds (240, 250, 260) are
marked ``trf2026.HELD``, so the TRF-2026 export writes them back unchanged while the section still
says the same, and from the section once the TD changed it (``standings/trf2026_export.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any

from tournaments import trf
from tournaments.models import RequestedBye, Section
from tournaments.trf import trf2026

BYE_KIND = {
    "F": RequestedBye.Kind.FULL,
    "H": RequestedBye.Kind.HALF,
    "Z": RequestedBye.Kind.ZERO,
}


@dataclass
class Trf2026Read:
    """The new records read: section fields, requested byes, the lines the section holds, and
    notes for the TD about records kept as text only."""

    fields: dict[str, Any] = field(default_factory=dict)
    byes: list[tuple[str, int, int]] = field(default_factory=list)
    held: set[int] = field(default_factory=set)
    notes: list[str] = field(default_factory=list)


def _decimal(value: Fraction) -> Decimal:
    return Decimal(value.numerator) / Decimal(value.denominator)


def trf2026_read(
    parsed: trf.TrfTournament, found: tuple[trf.TrfPairing, ...]
) -> Trf2026Read:
    """The section's fields from 152, 162, 202, 222, 250 and 260 and the byes of 240.

    A 240, 250 or 260 record that is not laid out as TRF26 says, or names a start number no
    player line has, raises ``trf.TrfError`` with its line. In a team tournament's file (one
    with team records, ``trf2026.TEAM_CODES``) their ids are teams: they are kept as text.
    """
    read = Trf2026Read()
    options: dict[str, Any] = {}
    colour = trf2026.initial_colour_read(parsed.value("152"))
    if colour:
        options["board_one_colour"] = colour
    record = parsed.record("162")
    scoring = trf2026.scoring_read(record.value) if record else None
    if scoring and scoring[0] > scoring[1] >= scoring[2]:
        read.fields.update(
            win_points=_decimal(scoring[0]),
            draw_points=_decimal(scoring[1]),
            loss_points=_decimal(scoring[2]),
        )
    order = trf2026.tiebreaks_read(parsed.value("202"))
    if order:
        read.fields["tiebreaks"] = order
    spelling = trf2026.time_control_read(parsed.value("222"))
    if spelling and len(spelling) <= 40:
        read.fields["time_control"] = spelling
    records = {
        code: [r for r in parsed.records if r.code == code]
        for code in trf2026.MULTI_CODES
    }
    byes = [(r, trf2026.byes_parse(r)) for r in records["240"]]
    accelerations = [(r, trf2026.acceleration_parse(r)) for r in records["250"]]
    prohibited = [(r, trf2026.prohibited_parse(r)) for r in records["260"]]
    if any(r.code in trf2026.TEAM_CODES for r in parsed.records):
        return _done(read, options)
    numbers = {p.start_number for p in parsed.players}
    for rec, named in [
        *((r, [n for _l, _r, n in b]) for r, b in byes),
        *((r, [a[3], a[4]]) for r, a in accelerations),
        *((r, list(p[2])) for r, p in prohibited),
    ]:
        for number in named:
            if number not in numbers:
                raise trf.TrfError(
                    rec.line,
                    f"record {rec.code} names player {number}, but no player line (001) "
                    "has that start number",
                )
    _byes(read, byes, found, parsed.rounds_total)
    # The pairing program's acceleration: one bonus for the top half (players 1 to half the
    # field) from round 1 on. Another shape (the Baku method's steps) stays text.
    half = (len(parsed.players) + 1) // 2
    if len(accelerations) == 1:
        rec, (points, first, last, low, high) = accelerations[0]
        if first == 1 and low == 1 and high == half and points > 0:
            options["accelerated_rounds"] = last
            options["accelerated_points"] = str(_decimal(points).normalize())
            read.held.add(rec.line)
    # The do-not-pair list holds pairs for the whole event: a record for some rounds only
    # stays text (the pairing program does not apply it).
    pairs: set[frozenset[int]] = set()
    for rec, (first, last, ids) in prohibited:
        if first == 1 and last >= parsed.rounds_total:
            pairs |= trf2026.pairs_of(ids)
            read.held.add(rec.line)
        else:
            read.notes.append(
                f"line {rec.line}: players {', '.join(map(str, ids))} may not meet in rounds "
                f"{first} to {last} only: the record is kept, but the do-not-pair list "
                "applies to every round, so the pairing program does not apply it"
            )
    if pairs:
        options["do_not_pair"] = sorted(sorted(p) for p in pairs)
    return _done(read, options)


def _done(read: Trf2026Read, options: dict[str, Any]) -> Trf2026Read:
    if options:
        read.fields["pairing_options"] = options
    return read


def _byes(
    read: Trf2026Read,
    byes: list[tuple[trf.TrfRecord, list[tuple[str, int, int]]]],
    found: tuple[trf.TrfPairing, ...],
    rounds_total: int,
) -> None:
    """Every 240 entry becomes a requested bye: for a round to come, and for a round played
    (the player line then has the bye's result). A round beyond the event, a player with a game
    in that round, or two byes for one player and round, is an error."""
    opponent = {(p.round, p.white): p.black for p in found if p.black is not None}
    opponent |= {(p.round, p.black): p.white for p in found if p.black is not None}
    seen: dict[tuple[int, int], int] = {}
    for rec, entries in byes:
        for letter, round_number, number in entries:
            where = f"bye record (240): player {number}"
            if round_number > rounds_total:
                raise trf.TrfError(
                    rec.line,
                    f"{where} in round {round_number}, but the event has {rounds_total} "
                    "rounds",
                )
            if (round_number, number) in opponent:
                raise trf.TrfError(
                    rec.line,
                    f"{where} has a bye in round {round_number}, but plays "
                    f"{opponent[(round_number, number)]} in that round",
                )
            if (round_number, number) in seen:
                raise trf.TrfError(
                    rec.line,
                    f"{where} has a second bye in round {round_number} (the first is on "
                    f"line {seen[(round_number, number)]})",
                )
            seen[(round_number, number)] = rec.line
            read.byes.append((letter, round_number, number))
        read.held.add(rec.line)


def trf2026_byes_create(section: Section, byes: list[tuple[str, int, int]]) -> None:
    """The requested byes of the 240 records, for the section's players (by start number)."""
    players = dict(section.players.values_list("start_number", "pk"))
    RequestedBye.objects.bulk_create(
        RequestedBye(
            player_id=players[number], round_number=round_number, kind=BYE_KIND[letter]
        )
        for letter, round_number, number in byes
    )
