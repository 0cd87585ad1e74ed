"""Write a tournament's US Chess rating report: the zip and its three DBF files, in a folder.

    manage.py uschess_report SLUG --out DIR [--force]

Exits with an error listing the pre-flight errors when there are any; ``--force`` writes the
files anyway and lists what is wrong. The zip has the same bytes as the TD page's download.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone

from tournaments import uschess_report
from tournaments.models import Tournament


class Command(BaseCommand):
    help = (
        "Write the US Chess rating report (THEXPORT/TSEXPORT/TDEXPORT.DBF and a zip)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug", help="the tournament's slug (as in its address)")
        parser.add_argument("--out", required=True, help="folder to write into")
        parser.add_argument(
            "--force",
            action="store_true",
            help="write the files even when the pre-flight checks find errors",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            tournament = Tournament.objects.get(slug=options["slug"])
        except Tournament.DoesNotExist:
            raise CommandError(f"No tournament {options['slug']!r}.") from None
        event = uschess_report.rating_report_load(tournament)
        problems = uschess_report.rating_report_problems(
            event, today=timezone.localdate()
        )
        errors = [p.sentence for p in problems if p.is_error]
        for problem in problems:
            if not problem.is_error:
                self.stderr.write(f"warning: {problem.sentence}")
        if errors and not options["force"]:
            raise CommandError(
                "The report has errors (--force writes it anyway):\n"
                + "\n".join(f"  {e}" for e in errors)
            )
        for sentence in errors:
            self.stderr.write(f"error (written anyway): {sentence}")
        out = Path(options["out"])
        out.mkdir(parents=True, exist_ok=True)
        files = uschess_report.rating_report_files(event)
        for name, data in files.items():
            (out / name).write_bytes(data)
        zip_path = out / uschess_report.rating_report_filename(tournament)
        zip_path.write_bytes(uschess_report.rating_report_zip(event, files=files))
        self.stdout.write(f"Wrote {zip_path} and the three DBF files beside it.")
