"""The standings use case: a section's standings from the database, for the command and the pages.

``section_report`` loads the section (``loaders.snapshot_load``), parses the order (the posted
one unless another is given), picks the seed for the drawing of lots and ranks with the engine.
``report_explain`` explains one player's row. The renderings (text, JSON, CSV) of both live here,
so that ``manage.py standings`` and the pages show the same thing.

Round 0 is accepted everywhere: the standings "after round 0" are the starting list, before
round 1, with everyone on 0 and listed by start number.
"""

from __future__ import annotations

import csv
import functools
import io
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from standings.engine import (
    Contribution,
    Explanation,
    RowExplanation,
    Standings,
    TiebreakSpec,
    compute_standings,
    explain_row,
    format_decimal,
    parse_order,
)
from standings.loaders import LoaderError, snapshot_load
from tournaments.models import Player, Section

# Tiebreak values repeat a lot in a big section: format each distinct value once.
as_decimal: Callable[[Fraction], str] = functools.cache(format_decimal)
UNRATED = "unr."


class ReportError(ValueError):
    """Standings cannot be given: a round that does not exist or is incomplete, a bad order."""


@dataclass(frozen=True, slots=True)
class PlayerInfo:
    """What the pages and renderings show of a player besides the engine's values."""

    start_number: int
    name: str
    rating: int | None
    federation: str
    withdrawn_after_round: int | None


@dataclass(frozen=True, slots=True)
class SectionReport:
    """A section's standings and what is needed to show them."""

    section: Section
    standings: Standings
    players: dict[int, PlayerInfo]  # by player pk, as the engine's PlayerRef.id
    # True when the order has coin_flip, the section has no recorded seed and none was given:
    # the seed was generated for this report only and must be shown so that it can be recorded.
    seed_generated: bool

    @property
    def names(self) -> dict[int, str]:
        return {pk: p.name for pk, p in self.players.items()}


def order_for(section: Section, given: str | None = None) -> tuple[TiebreakSpec, ...]:
    """The order ``given`` (engine syntax), else the section's posted order; ``ReportError`` if bad."""
    try:
        return parse_order(section.tiebreaks if given is None else given)
    # The engine's UnknownTiebreak, InvalidTiebreakOption and DuplicateTiebreak are ValueErrors.
    except ValueError as error:
        where = (
            "--tiebreaks"
            if given is not None
            else f"the posted tiebreaks of {section.name}"
        )
        raise ReportError(f"{where}: {error}") from None


def section_report(
    *,
    section: Section,
    through_round: int | None = None,
    tiebreaks: str | None = None,
    seed: str | None = None,
) -> SectionReport:
    """The section's standings after ``through_round`` (default: its last complete round)."""
    order = order_for(section, tiebreaks)
    try:
        snapshot = snapshot_load(section=section, through_round=through_round)
    except LoaderError as error:
        raise ReportError(str(error)) from None
    lots_seed, generated = _lots_seed(order, seed or section.lots_seed)
    standings = compute_standings(snapshot, order, lots_seed=lots_seed)
    players = players_of(section)
    return SectionReport(section, standings, players, generated)


def _lots_seed(
    order: tuple[TiebreakSpec, ...], recorded: str
) -> tuple[str | None, bool]:
    """The seed for coin_flip (None if the order has none) and whether it was generated now.

    A read does not write the database, so a generated seed is only reported.
    """
    if not any(spec.system.needs_lots for spec in order):
        return None, False
    if recorded:
        return recorded, False
    return secrets.token_hex(8), True


# ---- One player's row explained ----------------------------------------------------------------


def report_explain(report: SectionReport, start_number: int) -> RowExplanation:
    """The engine's explanation of the row of the player with this start number."""
    pk = next(
        (pk for pk, p in report.players.items() if p.start_number == start_number),
        None,
    )
    if pk is None:
        raise ReportError(f"{report.section.name} has no player number {start_number}")
    return explain_row(report.standings, pk)


def _player_text(report: SectionReport, pk: int) -> str:
    info = report.players[pk]
    return f"#{info.start_number} {info.name}"


def _player_json(report: SectionReport, pk: int) -> dict[str, object]:
    info = report.players[pk]
    return {"start_number": info.start_number, "name": info.name}


def _ordinal(n: int) -> str:
    suffix = (
        "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    )
    return f"{n}{suffix}"


def _places_text(places: tuple[int, int]) -> str:
    first, last = places
    return str(first) if first == last else f"{first}-{last}"


def explanation_text(report: SectionReport, explained: RowExplanation) -> str:
    """The explanation as a TD reads it to a player: place, players tied on score, every tiebreak."""
    name = functools.partial(_player_text, report)
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


def explanation_json(
    report: SectionReport, explained: RowExplanation
) -> dict[str, object]:
    """The explanation as a JSON object; players by start number and name, numbers as decimals."""
    keys = [spec.key for spec in report.standings.order]
    player = functools.partial(_player_json, report)
    name = functools.partial(_player_text, report)

    def decided(index: int | None) -> str | None:
        return None if index is None else keys[index]

    def breakdown(explanation: Explanation) -> dict[str, object]:
        def term(c: Contribution) -> dict[str, object]:
            return {
                "round": c.round,
                "opponent": None if c.opponent is None else player(c.opponent),
                "value": as_decimal(c.value),
                "actual": None if c.actual is None else as_decimal(c.actual),
                "note": c.note,
                "text": c.describe(name),
            }

        return {
            "summary": explanation.summary,
            "terms": [term(c) for c in explanation.contributions],
            "discarded": [
                {**term(d.contribution), "reason": d.reason}
                for d in explanation.discarded
            ],
            "deductions": [
                {"round": d.round, "amount": as_decimal(d.amount), "reason": d.reason}
                for d in explanation.deductions
            ],
        }

    return {
        **player(explained.player),
        "rank": explained.rank,
        "shared": explained.shared,
        "score": as_decimal(explained.score),
        "places": list(explained.places),
        "decided_by": decided(explained.decided_by),
        "neighbours": [
            {
                **player(n.player),
                "rank": n.rank,
                "above": n.above,
                "decided_by": decided(n.tiebreak),
                "own": None if n.own is None else as_decimal(n.own),
                "theirs": None if n.theirs is None else as_decimal(n.theirs),
                "pass": n.pass_number,
                "text": n.describe(),
            }
            for n in explained.neighbours
        ],
        "tiebreaks": [
            {
                "key": line.key,
                "label": line.label,
                "value": as_decimal(line.value),
                **breakdown(line.explanation),
                "repeats": [
                    {"value": as_decimal(value), **breakdown(explanation)}
                    for value, explanation in line.repeats
                ],
            }
            for line in explained.tiebreaks
        ],
    }


# ---- The standings as text, JSON and CSV -----------------------------------------------------


def seed_note(seed: str) -> str:
    """What the TD must do with a coin-flip seed generated for one run."""
    return (
        f"Coin flip seed {seed} was generated for this run: record it as the section's lots seed "
        "(or pass --seed) to reproduce this drawing of lots."
    )


def _rating(rating: int | None) -> str:
    return UNRATED if rating is None else str(rating)


def standings_json(
    report: SectionReport, explained: RowExplanation | None = None
) -> dict[str, object]:
    """The JSON document: tournament, section, rounds, tiebreak keys, one object per row, and the explanation if asked."""
    section, standings = report.section, report.standings
    keys = [spec.key for spec in standings.order]
    document: dict[str, object] = {
        "tournament": section.tournament.slug,
        "section": section.name,
        "rounds": section.rounds_total,
        "after_round": standings.through_round,
        "tiebreaks": keys,
        "standings": [
            {
                "rank": row.rank,
                "shared": row.shared,
                "start_number": row.player.start_number,
                "name": report.players[row.player.id].name,
                "rating": row.player.rating,
                "score": as_decimal(row.score),
                "tiebreaks": {
                    key: as_decimal(v.value)
                    for key, v in zip(keys, row.values, strict=True)
                },
            }
            for row in standings.rows
        ],
    }
    if standings.lots_seed is not None:
        document["lots_seed"] = standings.lots_seed
    if explained is not None:
        document["explanation"] = explanation_json(report, explained)
    return document


def standings_csv(report: SectionReport) -> str:
    """A header row (tiebreak columns named by their keys), then one row per player."""
    standings = report.standings
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(
        [
            "rank",
            "shared",
            "start_number",
            "name",
            "rating",
            "score",
            *(s.key for s in standings.order),
        ]
    )
    for row in standings.rows:
        writer.writerow(
            [
                row.rank,
                "yes" if row.shared else "no",
                row.player.start_number,
                report.players[row.player.id].name,
                "" if row.player.rating is None else row.player.rating,
                as_decimal(row.score),
                *(as_decimal(v.value) for v in row.values),
            ]
        )
    return out.getvalue()


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


def players_of(section: Section) -> dict[int, PlayerInfo]:
    """The section's players by pk, as reports (and pages without standings) show them."""
    return {
        pk: PlayerInfo(number, name, rating, federation, withdrawn)
        for pk, number, name, rating, federation, withdrawn in Player.objects.filter(
            section=section
        ).values_list(
            "pk",
            "start_number",
            "name",
            "rating",
            "federation",
            "withdrawn_after_round",
        )
    }
