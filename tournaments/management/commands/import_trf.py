"""Import a TRF-16 file as a new tournament: ``manage.py import_trf PATH [--name] [--slug]``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments import trf
from tournaments.services import TrfImportError, tournament_import_trf


def read_trf(path: Path) -> str:
    """The file's text: UTF-8, else Windows-1252, else Latin-1 (``trf.decode``)."""
    try:
        data = path.read_bytes()
    except OSError as error:
        raise CommandError(f"cannot read {path}: {error.strerror or error}") from None
    return trf.decode(data)


class Command(BaseCommand):
    help = "Import a TRF-16 file as a new tournament with one section; prints the new slug."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path", type=Path, help="the TRF-16 file")
        parser.add_argument(
            "--name", help="tournament name (default: the file's 012 line)"
        )
        parser.add_argument(
            "--slug",
            help="tournament slug (default: from the name, made unique); must not be in use",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path = options["path"]
        text = read_trf(path)
        try:
            tournament = tournament_import_trf(
                text=text, name=options["name"], slug=options["slug"]
            )
        except TrfImportError as error:
            raise CommandError(f"{path}: {error}") from None
        self.stdout.write(tournament.slug)
