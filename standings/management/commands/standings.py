"""Print a section's standings with its tiebreaks: ``manage.py standings SLUG [options]``."""

from __future__ import annotations

import csv
import functools
import io
import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from standings.engine import (
    Contribution,
    StandingRow,
    Standings,
    format_decimal,
)
from standings.reports import ReportError, section_report
from tournaments.lookup import SectionNotFound, section_find
from tournaments.models import Section

FORMATS = ("text", "json", "csv")
# Tiebreak values repeat a lot in a big section: format each distinct value once.
as_decimal = functools.cache(format_decimal)
UNRATED = "unr."


class Command(BaseCommand):
    help = (
        "Print the standings of a section, with the posted tiebreaks or the ones given."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug", help="the tournament's slug")
        parser.add_argument(
            "--section", help="section name (needed when the tournament has several)"
        )
        parser.add_argument(
            "--after-round",
            type=int,
            dest="after_round",
            help="standings after this round (default: the last round with every result entered)",
        )
        parser.add_argument(
            "--tiebreaks",
            help="tiebreak ids with options, comma-separated, e.g. modified_median,solkoff,kashdan:unplayed=2 "
            "(default: the section's posted order)",
        )
        parser.add_argument("--format", choices=FORMATS, default="text")
        parser.add_argument(
            "--explain",
            type=int,
            metavar="START_NUMBER",
            help="after the table, show how each tiebreak of this player arose (text format)",
        )
        parser.add_argument(
            "--seed",
            help="seed for coin_flip, used only when the order has it "
            "(default: the section's recorded seed, else a new one is generated and printed)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            section = section_find(slug=options["slug"], name=options["section"])
        except SectionNotFound as error:
            raise CommandError(str(error)) from error
        if options["explain"] is not None and options["format"] != "text":
            raise CommandError("--explain goes with --format text")
        try:
            report = section_report(
                section=section,
                through_round=options["after_round"],
                tiebreaks=options["tiebreaks"],
                seed=options["seed"],
            )
        except ReportError as error:
            raise CommandError(str(error)) from None
        standings, seed, generated = (
            report.standings,
            report.standings.lots_seed,
            report.seed_generated,
        )
        names = report.names
        explained = None
        if options["explain"] is not None:
            explained = next(
                (
                    r
                    for r in standings.rows
                    if r.player.start_number == options["explain"]
                ),
                None,
            )
            if explained is None:
                raise CommandError(
                    f"{section.name} has no player number {options['explain']}"
                )
        if options["format"] == "json":
            self.stdout.write(json.dumps(standings_json(section, standings, names)))
        elif options["format"] == "csv":
            self.stdout.write(standings_csv(standings, names), ending="")
        else:
            self.stdout.write(
                standings_text(section, standings, names, seed_generated=generated)
            )
            if explained is not None:
                self.stdout.write(explanation_text(standings, explained, names))
        if seed is not None and generated and options["format"] != "text":
            # stdout stays machine-readable; the TD still has to see the seed to record it.
            self.stderr.write(_seed_note(seed))


def _seed_note(seed: str) -> str:
    return (
        f"Coin flip seed {seed} was generated for this run: record it as the section's lots seed "
        "(or pass --seed) to reproduce this drawing of lots."
    )


def _rating(rating: int | None) -> str:
    return UNRATED if rating is None else str(rating)


def standings_json(
    section: Section, standings: Standings, names: dict[int, str]
) -> dict[str, object]:
    """The JSON document: tournament, section, rounds, tiebreak keys and one object per row."""
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
                "name": names[row.player.id],
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
    return document


def standings_csv(standings: Standings, names: dict[int, str]) -> str:
    """A header row (tiebreak columns named by their keys), then one row per player."""
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
                names[row.player.id],
                "" if row.player.rating is None else row.player.rating,
                as_decimal(row.score),
                *(as_decimal(v.value) for v in row.values),
            ]
        )
    return out.getvalue()


def standings_text(
    section: Section,
    standings: Standings,
    names: dict[int, str],
    *,
    seed_generated: bool,
) -> str:
    """An aligned table; a shared rank reads "T3" (tied for third)."""
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
            names[row.player.id],
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

    title = f"{section.tournament.name}, {section.name}: standings after round {standings.through_round} of {section.rounds_total}"
    lines = [
        title,
        "",
        line(header),
        line(["-" * w for w in widths]),
        *(line(cells) for cells in body),
    ]
    if standings.lots_seed is not None:
        lines += ["", f"Coin flip seed: {standings.lots_seed}"]
        if seed_generated:
            lines.append(_seed_note(standings.lots_seed))
    return "\n".join(lines)


def explanation_text(
    standings: Standings, row: StandingRow, names: dict[int, str]
) -> str:
    """Each tiebreak of one player with its terms; opponents shown by start number and name."""
    numbers = {r.player.id: r.player.start_number for r in standings.rows}

    def term(c: Contribution) -> str:
        who = (
            "unplayed"
            if c.opponent is None
            else f"#{numbers[c.opponent]} {names[c.opponent]}"
        )
        where = "" if c.round is None else f"R{c.round} "
        note = f"  ({c.note})" if c.note else ""
        return f"{where}{who}: {as_decimal(c.value)}{note}"

    player = row.player
    lines = [
        "",
        f"How the tiebreaks of #{player.start_number} {names[player.id]} arose:",
    ]
    for spec, value in zip(standings.order, row.values, strict=True):
        explanation = value.explanation
        lines += [
            "",
            f"{spec.label}: {as_decimal(value.value)}",
            f"  {explanation.summary}",
        ]
        lines += [f"    + {term(c)}" for c in explanation.contributions]
        lines += [
            f"    dropped {term(d.contribution)}: {d.reason}"
            for d in explanation.discarded
        ]
        lines += [
            f"    - R{d.round} {as_decimal(d.amount)}: {d.reason}"
            for d in explanation.deductions
        ]
    return "\n".join(lines)
