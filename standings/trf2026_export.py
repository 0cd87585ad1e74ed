"""The header records TRF-2026 adds (docs/trf.md): written from the section's values, in the
places an imported file had them.

An imported record the model read (a 162 it took its points from, a 240 it made requested
byes of, a 260 it put on the do-not-pair list) is written back as the file had it while the
model still means the same, and from the model once the TD changed the value; a record the
model could not read, or does not hold (a 260 for some rounds only), stays as it was.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from typing import cast

from tournaments import trf
from tournaments.models import RequestedBye, Section
from tournaments.trf import trf2026
from tournaments.trf.trf2026 import HELD

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


# One fact a 240, 250 or 260 record states: a bye (letter, round, start number), an
# acceleration (points, first and last round, first and last player), a pair kept apart.
Item = tuple[str, int, int] | tuple[Fraction, int, int, int, int] | frozenset[int]


def _items(code: str, value: str) -> set[Item] | None:
    """What one record says, or None when it does not read."""
    if code == "240":
        byes = trf2026.byes_read(value)
        return None if byes is None else set(byes)
    if code == "250":
        acceleration = trf2026.acceleration_read(value)
        return None if acceleration is None else {acceleration}
    prohibited = trf2026.prohibited_read(value)
    return None if prohibited is None else set(trf2026.pairs_of(prohibited[2]))


def model_items(section: Section, players: int) -> dict[str, set[Item]]:
    """What the section holds, as 240 / 250 / 260 facts: its requested byes, its acceleration
    (points for players 1 to half the field: the pairing program takes the top half by rating
    each round) and its do-not-pair list."""
    byes: set[Item] = {
        (BYE_LETTER[RequestedBye.Kind(kind)], round_number, number)
        for kind, round_number, number in RequestedBye.objects.filter(
            player__section=section
        ).values_list("kind", "round_number", "player__start_number")
    }
    options = section.pairing_options or {}
    accelerations: set[Item] = set()
    rounds = int(options.get("accelerated_rounds") or 0)
    if rounds and players:
        points = Fraction(str(options.get("accelerated_points", 1)))
        accelerations.add((points, 1, rounds, 1, (players + 1) // 2))
    # Pairs of start numbers, as the pairing options store them (options_parse checks them).
    pairs: set[Item] = {frozenset(p) for p in options.get("do_not_pair") or ()}
    return {"240": byes, "250": accelerations, "260": pairs}


def _records(code: str, items: set[Item], rounds_total: int) -> list[trf.TrfRecord]:
    """New records for facts no imported record states, in a fixed order."""
    if code == "240":
        values = trf2026.byes_records(cast(list[tuple[str, int, int]], list(items)))
    elif code == "250":
        accelerations = cast(list[tuple[Fraction, int, int, int, int]], sorted(items))
        values = [
            trf2026.acceleration_text(points, last, high)
            for points, _first, last, _low, high in accelerations
        ]
    else:
        pairs = sorted(tuple(sorted(cast(frozenset[int], pair))) for pair in items)
        values = [trf2026.prohibited_text(1, rounds_total, pair) for pair in pairs]
    return [trf.TrfRecord(code, v) for v in values]


def header_2026(
    records: tuple[trf.TrfRecord, ...],
    section: Section,
    *,
    rounds_total: int,
    players: int,
) -> tuple[trf.TrfRecord, ...]:
    """The TRF-16 header made TRF-2026: XXR gives way to 142 (unless the file had XXR), the new
    codes written from the model.

    240 / 250 / 260: an imported record the section holds (marked ``HELD`` in
    ``Section.trf_records``) is written back as the file had it while the section still holds
    everything it says, and left out once the TD changed that; what the section holds beyond
    the records kept is written as new records at the place of the first held record of the
    code (else at the end of the header). A record the section does not hold (a prohibited
    pairing for some rounds, a team event's byes) is written back unchanged.
    """
    imported = {code for code, *_rest in section.trf_records}
    held = Counter(
        (code, value) for code, value, *mark in section.trf_records if mark == [HELD]
    )
    values = single_values(section, rounds_total)
    model = model_items(section, players)
    left = {code: set(items) for code, items in model.items()}
    out: list[trf.TrfRecord | str] = []  # a str marks where a code's new records go
    written: set[str] = set()
    for record in records:
        code = record.code
        if code == "XXR" and "XXR" not in imported:
            continue
        if code in values:
            written.add(code)
            model_value = values[code]
            read = _meaning(section, code)(record.value)
            if read is None or (
                model_value is not None and read == _meaning(section, code)(model_value)
            ):
                out.append(record)
            elif model_value is not None:
                out.append(trf.TrfRecord(code, model_value))
            continue
        if code in model and held[(code, record.value)] > 0:
            held[(code, record.value)] -= 1
            if code not in out:
                out.append(code)
            items = _items(code, record.value)
            if items is not None and items <= model[code]:
                out.append(record)
                left[code] -= items
            continue
        out.append(record)
    out.extend(
        trf.TrfRecord(code, value)
        for code, value in values.items()
        if code not in written and value is not None
    )
    out.extend(code for code in trf2026.MULTI_CODES if code not in out)
    header: list[trf.TrfRecord] = []
    for item in out:
        if isinstance(item, str):
            header.extend(_records(item, left[item], rounds_total))
        else:
            header.append(item)
    return tuple(header)
