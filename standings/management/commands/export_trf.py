"""Write a section as TRF-16 to standard output: ``manage.py export_trf SLUG [--section NAME]``.

Ranks are the standings with the posted order after the last complete round, as ``manage.py
standings`` prints them (``standings.trf_export.section_trf``). A value too long for its TRF
columns (a name over 33 characters) is cut, with one warning line per value on standard error,
as is a note when the ranks stop before the last results; a rating or start number over 4
digits, or a posted order that does not parse, stops the export.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from standings.trf_export import TrfExportError, section_trf
from tournaments.selectors import SectionNotFound, section_find


class Command(BaseCommand):
    help = "Write a tournament section as a TRF-16 file to standard output."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug", help="the tournament's slug")
        parser.add_argument(
            "--section", help="section name (needed when the tournament has several)"
        )
        parser.add_argument(
            "--trf2026",
            action="store_true",
            help="write TRF-2026 (number of rounds, initial colour, scoring, tie-breaks, "
            "time control, byes and acceleration records)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            section = section_find(slug=options["slug"], name=options["section"])
        except SectionNotFound as error:
            raise CommandError(str(error)) from error
        try:
            text = section_trf(
                section=section,
                version="2026" if options["trf2026"] else "16",
                warn=lambda message: self.stderr.write(f"warning: {message}"),
            )
        except TrfExportError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(text, ending="")
