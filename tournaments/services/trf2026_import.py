"""What a TRF-2026 file's new records give the imported section (``tournament_import_trf``):
the scoring points (162), initial colour (152) and acceleration (250) as pairing options, the
tie-break order (202) when every code has an engine system, the time control (222) in US Chess
spelling, and requested byes (240) for rounds the file has not paired yet. The records stay in
``Section.trf_records`` as the file had them; the TRF-2026 export writes them back.
"""

from __future__ import annotations

from collections.abc import Iterable
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


def _decimal(value: Fraction) -> Decimal:
    return Decimal(value.numerator) / Decimal(value.denominator)


def trf2026_section_fields(parsed: trf.TrfTournament) -> dict[str, Any]:
    """The section's fields from 152, 162, 202, 222 and 250 (what reads; the rest is kept)."""
    fields: dict[str, Any] = {}
    options: dict[str, Any] = {}
    colour = trf2026.initial_colour_read(parsed.value("152"))
    if colour:
        options["board_one_colour"] = colour
    record = parsed.record("162")
    scoring = trf2026.scoring_read(record.value) if record else None
    if scoring and scoring[0] > scoring[1] >= scoring[2]:
        fields.update(
            win_points=_decimal(scoring[0]),
            draw_points=_decimal(scoring[1]),
            loss_points=_decimal(scoring[2]),
        )
    order = trf2026.tiebreaks_read(parsed.value("202"))
    if order:
        fields["tiebreaks"] = order
    spelling = trf2026.time_control_read(parsed.value("222"))
    if spelling and len(spelling) <= 40:
        fields["time_control"] = spelling
    accelerations = [
        read
        for record in parsed.records
        if record.code == "250" and (read := trf2026.acceleration_read(record.value))
    ]
    # The pairing program's acceleration: one bonus for the top half from round 1 on.
    if len(accelerations) == 1:
        points, first, last, low, _high = accelerations[0]
        if first == 1 and low == 1 and points > 0:
            options["accelerated_rounds"] = last
            options["accelerated_points"] = str(_decimal(points).normalize())
    if options:
        fields["pairing_options"] = options
    return fields


def trf2026_byes_create(
    section: Section, parsed: trf.TrfTournament, found: Iterable[trf.TrfPairing]
) -> None:
    """Requested byes (240) for rounds in which the file has not paired the player yet."""
    paired = {(p.round, p.white) for p in found} | {
        (p.round, p.black) for p in found if p.black is not None
    }
    players = {p.start_number: p.pk for p in section.players.all()}
    byes = [
        RequestedBye(
            player_id=players[number], round_number=round_number, kind=BYE_KIND[letter]
        )
        for record in parsed.records
        if record.code == "240"
        for letter, round_number, number in trf2026.byes_read(record.value) or []
        if number in players
        and 1 <= round_number <= section.rounds_total
        and (round_number, number) not in paired
    ]
    RequestedBye.objects.bulk_create(byes, ignore_conflicts=True)
