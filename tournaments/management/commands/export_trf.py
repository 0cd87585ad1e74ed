"""Write a section as TRF-16 to standard output: ``manage.py export_trf SLUG [--section NAME]``."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.models import Section, Tournament
from tournaments.services import section_export_trf


class Command(BaseCommand):
    help = "Write a tournament section as a TRF-16 file to standard output."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug", help="the tournament's slug")
        parser.add_argument(
            "--section", help="section name (needed when the tournament has several)"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        section = _section(options["slug"], options["section"])
        self.stdout.write(section_export_trf(section=section), ending="")


def _section(slug: str, name: str | None) -> Section:
    tournament = Tournament.objects.filter(slug=slug).first()
    if tournament is None:
        raise CommandError(f"no tournament with slug {slug!r}")
    sections = list(tournament.sections.all())
    names = ", ".join(repr(s.name) for s in sections)
    if not sections:
        raise CommandError(f"{tournament.name} has no sections")
    if name is None:
        if len(sections) > 1:
            raise CommandError(
                f"{tournament.name} has several sections; choose one with --section: {names}"
            )
        return sections[0]
    for section in sections:
        if section.name.casefold() == name.casefold():
            return section
    raise CommandError(
        f"{tournament.name} has no section {name!r}; its sections are {names}"
    )
