"""Restore a tournament from its backup: ``manage.py tournament_import FILE [--slug NEW]``
(``-`` reads standard input). One transaction: on any problem nothing is created. Prints the
restored tournament's slug (docs/backup.md)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.services.backup import tournament_restore


class Command(BaseCommand):
    help = "Restore a tournament from the JSON document tournament_export wrote."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the backup file, or - for standard input")
        parser.add_argument(
            "--slug", default="", help="restore under this address instead of its own"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path = options["file"]
        try:
            text = sys.stdin.read() if path == "-" else Path(path).read_text("utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise CommandError(f"cannot read {path}: {error}") from None
        try:
            tournament = tournament_restore(text=text, slug=options["slug"])
        except ValidationError as error:
            raise CommandError(" ".join(error.messages)) from None
        self.stdout.write(tournament.slug)
