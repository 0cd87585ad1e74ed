"""Load the demo tournament and the demo TD account: ``manage.py load_demo``."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from tournaments.demo import (
    TD_PASSWORD,
    TD_USERNAME,
    demo_td_ensure,
    demo_tournament_create,
)


class Command(BaseCommand):
    help = "Create the finished demo tournament (replacing an earlier copy) and a TD login."

    def handle(self, *args: Any, **options: Any) -> None:
        tournament, replaced = demo_tournament_create()
        verb = "Replaced" if replaced else "Created"
        self.stdout.write(f"{verb} {tournament.name} (slug {tournament.slug}):")
        for section in tournament.sections.all():
            self.stdout.write(
                f"  {section.name}: {section.players.count()} players, {section.rounds_total} rounds"
            )
        _user, created = demo_td_ensure()
        if created:
            self.stdout.write(
                f"Created the TD login: user {TD_USERNAME}, password {TD_PASSWORD}"
            )
        else:
            self.stdout.write(
                f"The login {TD_USERNAME!r} exists already; its password was left as it was."
            )
        self.stdout.write(
            f"Try: python manage.py standings {tournament.slug} --section Open"
        )
