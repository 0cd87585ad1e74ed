"""Import a TRF-16 file as a new tournament: ``manage.py import_trf PATH [options]``.

Options: ``--name``, ``--slug``, ``--director USERNAME`` (repeatable: each becomes a director;
an unknown user name stops the command before anything is imported) and ``--publish`` (without
it the tournament is a draft, seen only by its directors). Prints the new slug; a note on
standard error says when a tournament of the same name exists already.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.contrib.auth.models import User
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


def users_find(usernames: list[str]) -> list[User]:
    """The users named, in order; ``CommandError`` naming each unknown user name."""
    found = {
        user.username: user for user in User.objects.filter(username__in=usernames)
    }
    unknown = [name for name in usernames if name not in found]
    if unknown:
        names = ", ".join(repr(name) for name in unknown)
        raise CommandError(f"no user named {names}; nothing was imported")
    return [found[name] for name in usernames]


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
        parser.add_argument(
            "--director",
            action="append",
            default=[],
            metavar="USERNAME",
            help="make this user a director of the tournament (may be repeated)",
        )
        parser.add_argument(
            "--publish",
            action="store_true",
            help="publish the tournament (default: a draft, not on the public pages)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path = options["path"]
        directors = users_find(options["director"])
        text = read_trf(path)
        try:
            tournament = tournament_import_trf(
                text=text,
                name=options["name"],
                slug=options["slug"],
                directors=directors,
                publish=options["publish"],
                warn=lambda message: self.stderr.write(f"note: {message}"),
            )
        except TrfImportError as error:
            raise CommandError(f"{path}: {error}") from None
        self.stdout.write(tournament.slug)
