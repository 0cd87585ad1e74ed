"""Two adds of a hall screen with one name at the same moment (a double click, two TDs), on
real concurrent connections (PostgreSQL): one screen, and a sentence for the other."""

from __future__ import annotations

import threading

from django.core.exceptions import ValidationError
from django.db import connections

from tests.tournaments.builders import RACE_MARKS, tournament_build
from tournaments import services
from tournaments.models import HallScreen

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
