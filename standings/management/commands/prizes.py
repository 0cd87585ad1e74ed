"""Print a section's prize list: ``manage.py prizes SLUG [--section NAME] [--fund FILE] [--format text|json|csv]``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser

from standings.downloads import prizes_csv, prizes_json
from standings.reports import ReportError, section_prizes
from standings.text import prizes_text
from tournaments.prize_fund import FundError, fund_loads
from tournaments.selectors import SectionNotFound, section_find
from tournaments.services import section_prize_fund_set

FORMATS = ("text", "json", "csv")


class Command(BaseCommand):
    help = (
        "Print the prize distribution of a section (cash split among players tied on score, "
        "US Chess 34C); with --fund, first set the section's prize fund from a JSON file."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug", help="the tournament's slug")
        parser.add_argument(
            "--section", help="section name (needed when the tournament has several)"
        )
        parser.add_argument(
            "--fund",
            metavar="FILE",
            help='prize fund JSON file, e.g. {"prizes": [{"label": "1st", "places": [1], '
            '"cash": "500", "item": "Trophy"}]}; saved as the section\'s fund first',
        )
        parser.add_argument("--format", choices=FORMATS, default="text")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            section = section_find(slug=options["slug"], name=options["section"])
        except SectionNotFound as error:
            raise CommandError(str(error)) from error
        if options["fund"] is not None:
            path = Path(options["fund"])
            try:
                text = path.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as error:
                raise CommandError(f"cannot read {path}: {error}") from None
            try:
                section_prize_fund_set(section=section, fund=fund_loads(text))
            except (FundError, ValidationError) as error:
                raise CommandError(
                    f"{path}: nothing changed:\n  " + "\n  ".join(error.messages)
                ) from None
        try:
            prizes = section_prizes(section=section)
        except ReportError as error:
            raise CommandError(str(error)) from None
        if options["format"] == "json":
            self.stdout.write(prizes_json(prizes))
        elif options["format"] == "csv":
            self.stdout.write(prizes_csv(prizes), ending="")
        else:
            self.stdout.write(prizes_text(prizes))
