"""Write a whole tournament as one JSON document to standard output:
``manage.py tournament_export SLUG > backup.json`` (docs/backup.md)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.backup import tournament_export
from tournaments.models import Tournament


class Command(BaseCommand):
    help = "Write a tournament (every section, player, round, result, history) as JSON."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug", help="the tournament's address (slug)")

    def handle(self, *args: Any, **options: Any) -> None:
        tournament = Tournament.objects.filter(slug=options["slug"]).first()
        if tournament is None:
            raise CommandError(f"no tournament {options['slug']!r}")
        self.stdout.write(tournament_export(tournament), ending="")
