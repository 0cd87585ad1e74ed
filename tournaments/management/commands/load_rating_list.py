"""Load a rating list for registration lookups, replacing the list of its kind.

manage.py load_rating_list fide players_list_foa.txt
manage.py load_rating_list uschess members.csv
"""

from __future__ import annotations

import time
from typing import Any

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments import services
from tournaments.models import RatingList


class Command(BaseCommand):
    help = "Load FIDE's players list or a US Chess CSV for the registration lookup."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("kind", choices=RatingList.Kind.values)
        parser.add_argument("file")

    def handle(self, *args: Any, **options: Any) -> None:
        started = time.perf_counter()
        try:
            with open(options["file"], encoding="utf-8-sig", errors="replace") as f:
                loaded = services.rating_list_load(
                    kind=options["kind"],
                    file_name=options["file"].rsplit("/", 1)[-1],
                    lines=(line.rstrip("\r\n") for line in f),
                )
        except OSError as error:
            raise CommandError(str(error)) from None
        except ValidationError as error:
            raise CommandError(" ".join(error.messages)) from None
        took = time.perf_counter() - started
        self.stdout.write(f"Loaded {loaded} in {took:.1f} s.")
