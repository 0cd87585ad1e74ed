"""The header records TRF-2026 adds (docs/trf.md): written from the section's values, in the
places an imported file had them.

An imported record the model read (a 162 it took its points from, a 240 it made a requested
bye of) is written back as the file had it while the model still means the same, and from the
model once the TD changed the value; a record the model could not read stays as it was.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from tournaments import trf
from tournaments.models import RequestedBye, Section
from tournaments.trf import trf2026

BYE_LETTER = {
    RequestedBye.Kind.FULL: "F",
    RequestedBye.Kind.HALF: "H",
    RequestedBye.Kind.ZERO: "Z",
}


def _scoring(section: Section) -> tuple[Fraction, Fraction, Fraction]:
    return (
        Fraction(str(section.win_points)),
        Fraction(str(section.draw_points)),
        Fraction(str(section.loss_points)),
    )


def single_values(section: Section, rounds_total: int) -> dict[str, str | None]:
    """Code -> the value the model gives it (None: no record)."""
    colour = (section.pairing_options or {}).get("board_one_colour")
    return {
        "142": str(rounds_total),
        "152": trf2026.OPTION_TO_COLOUR.get(colour) if colour else None,
        "162": trf2026.scoring_text(*_scoring(section)),
        "202": trf2026.tiebreaks_text(section.tiebreaks),
        "222": trf2026.time_control_text(section.time_control),
    }


def _meaning(section: Section, code: str) -> Callable[[str], object]:
    return {
        "142": lambda v: v.strip(),
        "152": trf2026.initial_colour_read,
        "162": trf2026.scoring_read,
        "202": trf2026.tiebreaks_read,
        "222": trf2026.time_control_read,
    }[code]


def multi_values(section: Section, players: int) -> list[trf.TrfRecord]:
    """The 240 (requested byes) and 250 (acceleration) records the model gives."""
    byes = [
        (BYE_LETTER[RequestedBye.Kind(kind)], round_number, number)
        for kind, round_number, number in RequestedBye.objects.filter(
            player__section=section
        ).values_list("kind", "round_number", "player__start_number")
    ]
    records = [trf.TrfRecord("240", v) for v in trf2026.byes_records(byes)]
    options = section.pairing_options or {}
    rounds = int(options.get("accelerated_rounds") or 0)
    if rounds and players:
        points = Fraction(str(options.get("accelerated_points", 1)))
        records.append(
            trf.TrfRecord(
                "250", trf2026.acceleration_text(points, rounds, (players + 1) // 2)
            )
        )
    return records


def header_2026(
    records: tuple[trf.TrfRecord, ...],
    section: Section,
    *,
    rounds_total: int,
    players: int,
) -> tuple[trf.TrfRecord, ...]:
    """The TRF-16 header made TRF-2026: XXR gives way to 142 (unless the file had XXR), the new
    codes written from the model, the 240/250 records from the requested byes and pairing
    options at the place of the first such record (else at the end of the header)."""
    imported = {code for code, _v in section.trf_records}
    values = single_values(section, rounds_total)
    readers = {
        "240": trf2026.byes_read,
        "250": trf2026.acceleration_read,
    }
    out: list[trf.TrfRecord] = []
    written: set[str] = set()
    multi = multi_values(section, players)
    multi_placed = False
    for record in records:
        code = record.code
        if code == "XXR" and "XXR" not in imported:
            continue
        if code in values:
            written.add(code)
            model = values[code]
            read = _meaning(section, code)(record.value)
            if read is None or (
                model is not None and read == _meaning(section, code)(model)
            ):
                out.append(record)
            elif model is not None:
                out.append(trf.TrfRecord(code, model))
            continue
        if code in readers and readers[code](record.value) is not None:
            if not multi_placed:
                out.extend(multi)
                multi_placed = True
            continue
        out.append(record)
    out.extend(
        trf.TrfRecord(code, value)
        for code, value in values.items()
        if code not in written and value is not None
    )
    if not multi_placed:
        out.extend(multi)
    return tuple(out)
