"""Print a section's standings with its tiebreaks: ``manage.py standings SLUG [options]``."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from standings.downloads import standings_csv, standings_json
from standings.reports import ReportError, report_explain, section_report
from standings.text import explanation_text, seed_note, standings_text
from tournaments.selectors import SectionNotFound, section_find

FORMATS = ("text", "json", "csv")


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
            help="standings after this round; 0 gives the starting list, before round 1 "
            "(default: the last round with every result entered)",
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
            help="also explain this player's place: the players tied on score, the tiebreak that "
            "separated each, and every tiebreak's terms (in JSON: an 'explanation' object; "
            "not with csv)",
        )
        parser.add_argument(
            "--seed",
            help="seed for coin_flip, used only when the order has it "
            "(default: the section's recorded seed, else a new one is generated and printed)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["explain"] is not None and options["format"] == "csv":
            raise CommandError(
                "--explain goes with --format text or json (a CSV file has one table)"
            )
        try:
            section = section_find(slug=options["slug"], name=options["section"])
            report = section_report(
                section=section,
                through_round=options["after_round"],
                tiebreaks=options["tiebreaks"],
                seed=options["seed"],
            )
            explained = (
                None
                if options["explain"] is None
                else report_explain(report, options["explain"])
            )
        except (SectionNotFound, ReportError) as error:
            raise CommandError(str(error)) from None
        if options["format"] == "json":
            self.stdout.write(standings_json(report, explained))
        elif options["format"] == "csv":
            self.stdout.write(standings_csv(report), ending="")
        else:
            self.stdout.write(standings_text(report))
            if explained is not None:
                self.stdout.write(explanation_text(report, explained))
        seed = report.standings.lots_seed
        if seed is not None and report.seed_generated and options["format"] != "text":
            # stdout stays machine-readable; the TD still has to see the seed to record it.
            self.stderr.write(seed_note(seed))
