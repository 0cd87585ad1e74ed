"""Load the demo tournament and the demo TD account: ``manage.py load_demo``."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from tournaments.demo import (
    ADMIN_PASSWORD,
    ADMIN_USERNAME,
    TD_PASSWORD,
    TD_USERNAME,
    demo_admin_ensure,
    demo_directors_set,
    demo_live_tournament_create,
    demo_td_ensure,
    demo_tournament_create,
)
from tournaments.demo_teams import demo_team_tournament_create


class Command(BaseCommand):
    help = (
        "Create the demo tournaments (replacing earlier copies), a TD login who directs them "
        "and an admin login."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        tournament, replaced = demo_tournament_create()
        verb = "Replaced" if replaced else "Created"
        self.stdout.write(f"{verb} {tournament.name} (slug {tournament.slug}):")
        for section in tournament.sections.all():
            self.stdout.write(
                f"  {section.name}: {section.players.count()} players, {section.rounds_total} rounds"
            )
        live = demo_live_tournament_create()
        self.stdout.write(
            f"Created {live.name} (slug {live.slug}): round 3 in progress."
        )
        league = demo_team_tournament_create()
        self.stdout.write(
            f"Created {league.name} (slug {league.slug}): 8 teams of 4 boards, 5 rounds, final."
        )
        user, created = demo_td_ensure()
        demo_directors_set(user)
        if created:
            self.stdout.write(
                f"Created the TD login: user {TD_USERNAME}, password {TD_PASSWORD}"
            )
        else:
            self.stdout.write(
                f"The login {TD_USERNAME!r} exists already; its password was left as it was."
            )
        _admin, admin_created = demo_admin_ensure()
        if admin_created:
            self.stdout.write(
                f"Created the admin login: user {ADMIN_USERNAME}, password {ADMIN_PASSWORD}"
            )
        self.stdout.write(
            f"Try: .venv/bin/python manage.py standings {tournament.slug} --section Open"
        )
