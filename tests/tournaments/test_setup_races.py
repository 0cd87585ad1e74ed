"""Setup writes sent twice at the same moment (a double click on a slow connection, two TDs),
on real concurrent connections (PostgreSQL): one result, and a sentence for the other."""

from __future__ import annotations

import threading

from django.core.exceptions import ValidationError
from django.db import connections

from tests.tournaments.builders import RACE_MARKS, section_build, tournament_build
from tournaments import services
from tournaments.backup import tournament_export
from tournaments.models import HallScreen, Player, Tournament
from tournaments.services.backup import BACKUP_SLUG_TAKEN, tournament_restore

pytestmark = RACE_MARKS


def test_two_adds_of_one_screen_name_at_once_make_one_screen() -> None:
    tournament = tournament_build()
    taken = services.SCREEN_NAME_TAKEN.format(name="Door")
    outcomes: list[str] = []

    def add(start: threading.Barrier) -> None:
        try:
            start.wait()
            services.hall_screen_save(
                screen=HallScreen(tournament=tournament, name="Door")
            )
            outcomes.append("added")
        except ValidationError as error:
            outcomes.append(" ".join(error.messages))
        finally:
            connections.close_all()

    for _ in range(5):
        HallScreen.objects.all().delete()
        start = threading.Barrier(2)
        threads = [threading.Thread(target=add, args=(start,)) for _ in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(30)
        assert HallScreen.objects.filter(tournament=tournament).count() == 1

    assert sorted(outcomes) == sorted(["added", taken] * 5)


def test_one_backup_restored_twice_at_once_makes_one_tournament() -> None:
    section = section_build(ratings=[2000, 1900], rounds=["1-2 1-0"], rounds_total=3)
    slug = section.tournament.slug
    text = tournament_export(section.tournament)
    taken = BACKUP_SLUG_TAKEN.format(slug=slug)
    outcomes: list[str] = []

    def restore(start: threading.Barrier) -> None:
        try:
            start.wait()
            tournament_restore(text=text)
            outcomes.append("restored")
        except ValidationError as error:
            outcomes.append(" ".join(error.messages))
        finally:
            connections.close_all()

    for _ in range(5):
        Tournament.objects.filter(slug=slug).delete()
        start = threading.Barrier(2)
        threads = [threading.Thread(target=restore, args=(start,)) for _ in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        assert Tournament.objects.filter(slug=slug).count() == 1
        assert Player.objects.filter(section__tournament__slug=slug).count() == 2

    assert sorted(outcomes) == sorted(["restored", taken] * 5)
