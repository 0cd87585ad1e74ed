"""Two TDs load a list of the same kind at the same moment, on real concurrent connections
(PostgreSQL): one list is left, whole, and the other TD gets a sentence, never an error page."""

from __future__ import annotations

import threading

from django.core.exceptions import ValidationError
from django.db import connections

from tests.tournaments.builders import RACE_MARKS
from tests.tournaments.test_rating_lists import US_CSV
from tournaments import services
from tournaments.models import RatingList, RatingListEntry
from tournaments.services.rating_lists import RATING_LIST_RACE

pytestmark = RACE_MARKS


def test_two_loads_at_once_leave_one_whole_list() -> None:
    start = threading.Barrier(2)
    outcomes: list[str] = []

    def load(name: str) -> None:
        try:
            start.wait()
            services.rating_list_load(kind="uschess", file_name=name, lines=US_CSV)
            outcomes.append("loaded")
        except ValidationError as error:
            outcomes.append(" ".join(error.messages))
        finally:
            connections.close_all()

    for _ in range(10):
        threads = [threading.Thread(target=load, args=(n,)) for n in ("a.csv", "b.csv")]
        for t in threads:
            t.start()
        for t in threads:
            t.join(30)

    assert set(outcomes) <= {"loaded", RATING_LIST_RACE}
    assert "loaded" in outcomes
    rating_list = RatingList.objects.get(kind="uschess")
    assert rating_list.rows == 3
    assert RatingListEntry.objects.filter(rating_list=rating_list).count() == 3
    assert RatingListEntry.objects.count() == 3
