"""The commands' plain text: ``manage.py standings`` (the table and one player's row explained)
and ``manage.py prizes`` (each pool with its calculation, the items). The files (CSV, JSON) are in
``standings/downloads.py``.
"""

from __future__ import annotations

from collections.abc import Callable

from standings.engine import Contribution, Explanation, RowExplanation
from standings.pages.prizes import (
    ignored_playoff_lines,
    item_lines,
    money,
    pool_lines,
    unawarded_lines,
)
from standings.reports import PrizeReport, SectionReport, as_decimal

UNRATED = "unr."


def _rating(rating: int | None) -> str:
    return UNRATED if rating is None else str(rating)


def seed_note(seed: str) -> str:
    """What the TD must do with a coin-flip seed generated for one run."""
    return (
        f"Coin flip seed {seed} was generated for this run: record it as the section's lots seed "
        "(or pass --seed) to reproduce this drawing of lots."
    )


def standings_title(report: SectionReport) -> str:
    """ "Open: standings after round 3 of 5", or the starting list before round 1."""
    section, through = report.section, report.standings.through_round
    where = f"{section.tournament.name}, {section.name}"
    if through == 0:
        return (
            f"{where}: starting list before round 1 of {section.rounds_total} "
            "(no results yet: everyone on 0, listed by start number)"
        )
    return f"{where}: standings after round {through} of {section.rounds_total}"


def standings_text(report: SectionReport) -> str:
    """An aligned table; a shared rank reads "T3" (tied for third)."""
    standings = report.standings
    header = [
        "Rank",
        "No.",
        "Name",
        "Rating",
        "Score",
        *(s.label for s in standings.order),
    ]
    left = {2}  # the name column; every other column holds numbers
    body = [
        [
            f"T{row.rank}" if row.shared else str(row.rank),
            str(row.player.start_number),
            report.players[row.player.id].name,
            _rating(row.player.rating),
            as_decimal(row.score),
            *(as_decimal(v.value) for v in row.values),
        ]
        for row in standings.rows
    ]
    widths = [max(len(line[c]) for line in [header, *body]) for c in range(len(header))]

    def line(cells: list[str]) -> str:
        return "  ".join(
            cell.ljust(w) if c in left else cell.rjust(w)
            for c, (cell, w) in enumerate(zip(cells, widths, strict=True))
        ).rstrip()

    lines = [
        standings_title(report),
        "",
        line(header),
        line(["-" * w for w in widths]),
        *(line(cells) for cells in body),
    ]
    if standings.lots_seed is not None:
        lines += ["", f"Coin flip seed: {standings.lots_seed}"]
        if report.seed_generated:
            lines.append(seed_note(standings.lots_seed))
    return "\n".join(lines)


# ---- One player's row explained --------------------------------------------------------------


def _places_text(places: tuple[int, int]) -> str:
    first, last = places
    return str(first) if first == last else f"{first}-{last}"


def explanation_text(report: SectionReport, explained: RowExplanation) -> str:
    """The explanation as a TD reads it to a player: place, players tied on score, every tiebreak."""
    name = report.label
    score = as_decimal(explained.score)
    rank = f"T{explained.rank}" if explained.shared else str(explained.rank)
    lines = [
        "",
        f"{name(explained.player)}: rank {rank} with {score} points; the players on {score} "
        f"occupy places {_places_text(explained.places)}.",
    ]
    if explained.neighbours:
        lines.append(f"Tied on {score}:")
        lines += [
            f"  {name(n.player)} ({'above' if n.above else 'below'}, rank {n.rank}): {n.describe()}"
            for n in explained.neighbours
        ]
    else:
        lines.append(f"No other player has {score} points: the score alone decides.")
    lines += ["", f"How the tiebreaks of {name(explained.player)} arose:"]
    for line in explained.tiebreaks:
        lines += ["", f"{line.label}: {as_decimal(line.value)}"]
        lines += _explanation_lines(line.explanation, name)
        for number, (value, explanation) in enumerate(line.repeats, start=2):
            lines.append(
                f"  applied again to the players left tied, pass {number}: {as_decimal(value)}"
            )
            lines += _explanation_lines(explanation, name)
    return "\n".join(lines)


def _explanation_lines(
    explanation: Explanation, name: Callable[[int], str]
) -> list[str]:
    def term(c: Contribution) -> str:
        note = f"  ({c.note})" if c.note else ""
        return f"{c.describe(name)}{note}"

    lines = [f"  {explanation.summary}"]
    lines += [f"    + {term(c)}" for c in explanation.contributions]
    lines += [
        f"    dropped {term(d.contribution)}: {d.reason}" for d in explanation.discarded
    ]
    lines += [
        f"    - R{d.round} {as_decimal(d.amount)}: {d.reason}"
        for d in explanation.deductions
    ]
    return lines


# ---- The prize list -------------------------------------------------------------------------


def prizes_text(prizes: PrizeReport) -> str:
    """The prize list as text: each pool with its calculation and shares, then the items."""
    section = prizes.section
    d = prizes.distribution
    lines = [
        f"{section.tournament.name}, {section.name}: prizes after round "
        f"{prizes.report.standings.through_round} of {section.rounds_total}",
        "",
    ]
    if not prizes.prizes:
        lines.append("No prize fund is set for this section.")
        return "\n".join(lines)
    for line in pool_lines(prizes):
        how = f" ({line.how})" if line.how else ""
        each = " each" if line.count > 1 else ""
        lines.append(
            f"{line.places}{how}: {line.calculation} -> {line.share}{each}"
            + (f", {line.remainder} left over" if line.remainder else "")
        )
        lines += [f"    #{w.start_number} {w.name} ({w.score})" for w in line.players]
    items = item_lines(prizes)
    if items:
        lines += ["", "Items:"]
        lines += [
            f"  {i.prize}: {i.item} -> #{i.player.start_number} {i.player.name} ({i.decided})"
            for i in items
        ]
    unawarded = unawarded_lines(prizes)
    if unawarded:
        lines += ["", "Not awarded (no eligible player): " + "; ".join(unawarded)]
    lines += ignored_playoff_lines(prizes)
    lines += ["", f"Undistributed: {money(d.undistributed)}"]
    return "\n".join(lines)
