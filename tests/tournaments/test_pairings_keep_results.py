"""A pairings save never touches a result it was not asked to change, and the audit trail stays.

Found in a real round: pressing "Save pairings" without changing anything set every result of the
round back to pending (the form sends no results).
"""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import connection
from django.db.models import F
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.tournaments.builders import section_build
from tournaments import services
from tournaments.models import (
    Pairing,
    Player,
    Result,
    ResultChange,
    Round,
    Section,
    Tournament,
)
from tournaments.services import PairingInput as Row

pytestmark = pytest.mark.django_db


def posted(boards: int, tournament: Tournament | None = None) -> Section:
    games = ", ".join(f"{2 * b - 1}-{2 * b} ?" for b in range(1, boards + 1))
    section = section_build(
        tournament=tournament,
        ratings=[1500] * (2 * boards),
        rounds=[games],
        rounds_total=3,
    )
    Round.objects.filter(section=section).update(status=Round.Status.PAIRED)
    return section


def board(section: Section, number: int) -> Pairing:
    return Pairing.objects.get(round__section=section, round__number=1, board=number)


def pk(section: Section, number: int) -> int:
    return Player.objects.get(section=section, start_number=number).pk


def results(section: Section) -> list[tuple[int | None, str]]:
    return list(
        Pairing.objects.filter(round__section=section)
        .order_by(F("board").asc(nulls_first=True))
        .values_list("board", "result")
    )


def enter(section: Section, number: int, result: str, user: User | None = None) -> None:
    services.result_record(
        pairing=board(section, number),
        result=result,
        based_on=board(section, number).result,
        user=user,
    )


def test_a_save_without_results_keeps_every_result_and_writes_no_audit_row() -> None:
    section = posted(3)
    enter(section, 1, Result.WHITE_WIN)
    enter(section, 2, Result.DRAW)
    before = ResultChange.objects.count()

    services.round_pairings_save(
        section=section,
        number=1,
        rows=[
            Row(white=pk(section, 1), black=pk(section, 2), board=1),
            Row(white=pk(section, 3), black=pk(section, 4), board=2),
            Row(white=pk(section, 5), black=pk(section, 6), board=3),
        ],
    )

    assert results(section) == [
        (1, Result.WHITE_WIN),
        (2, Result.DRAW),
        (3, Result.PENDING),
    ]
    assert ResultChange.objects.count() == before
    assert Round.objects.get(section=section).status == Round.Status.PAIRED


def test_boards_without_a_result_may_be_repaired_beside_boards_with_one() -> None:
    section = posted(3)
    enter(section, 1, Result.BLACK_WIN)

    services.round_pairings_save(
        section=section,
        number=1,
        rows=[
            Row(white=pk(section, 1), black=pk(section, 2), board=1),
            Row(white=pk(section, 3), black=pk(section, 6), board=2),
            Row(white=pk(section, 5), black=pk(section, 4), board=3),
        ],
    )

    assert results(section) == [
        (1, Result.BLACK_WIN),
        (2, Result.PENDING),
        (3, Result.PENDING),
    ]
    assert board(section, 2).black_id == pk(section, 6)


def test_changing_the_players_of_a_board_with_a_result_is_refused_on_that_row() -> None:
    section = posted(2)
    enter(section, 2, Result.DRAW)

    with pytest.raises(ValidationError) as error:
        services.round_pairings_save(
            section=section,
            number=1,
            rows=[
                Row(white=pk(section, 1), black=pk(section, 2), board=1),
                Row(white=pk(section, 4), black=pk(section, 3), board=2),
            ],
        )

    assert error.value.messages == [
        services.BOARD_HAS_RESULT.format(
            board=2, white="3. Player 3", black="4. Player 4", result="½-½"
        )
    ]
    assert error.value.error_list[0].params == {"row": 1}
    assert results(section) == [(1, Result.PENDING), (2, Result.DRAW)]


def test_a_board_cleared_then_repaired_keeps_its_history(td: User) -> None:
    section = posted(2)
    enter(section, 1, Result.WHITE_WIN, td)
    enter(section, 1, Result.PENDING, td)

    services.round_pairings_save(
        section=section,
        number=1,
        rows=[
            Row(white=pk(section, 1), black=pk(section, 3), board=1),
            Row(white=pk(section, 2), black=pk(section, 4), board=2),
        ],
    )

    trail = list(
        ResultChange.objects.filter(round__section=section)
        .order_by("pk")
        .values_list("pairing", "board", "players", "old_result", "new_result")
    )
    assert trail == [
        (None, 1, "1 Player 1 – 2 Player 2", Result.PENDING, Result.WHITE_WIN),
        (None, 1, "1 Player 1 – 2 Player 2", Result.WHITE_WIN, Result.PENDING),
    ]


class _Form(HTMLParser):
    """The fields a browser would send back from the pairings form, as drawn."""

    def __init__(self) -> None:
        super().__init__()
        self.data: dict[str, str] = {}
        self._select: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "input" and a.get("name") and a.get("type") != "submit":
            self.data[a["name"] or ""] = a.get("value") or ""
        elif tag == "select":
            self._select = a.get("name")
            self.data.setdefault(self._select or "", "")
        elif tag == "option" and self._select and "selected" in a:
            self.data[self._select] = a.get("value") or ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self._select = None


def pairings_url(section: Section) -> str:
    return reverse(
        "tournaments:round_pairings",
        kwargs={"slug": section.tournament.slug, "section": section.pk, "number": 1},
    )


def test_pressing_save_on_the_unchanged_pairings_form_keeps_every_result(
    td_client: Client, tournament: Tournament
) -> None:
    section = section_build(
        tournament=tournament,
        ratings=[1500] * 7,
        rounds=["1-2 1-0, 3-4 =, 5-6 ?, 7 H"],
        rounds_total=3,
    )
    Round.objects.filter(section=section).update(status=Round.Status.PAIRED)
    form = _Form()
    form.feed(td_client.get(pairings_url(section)).content.decode())

    response = td_client.post(pairings_url(section), form.data, follow=True)

    assert "Round 1: pairings saved." in response.content.decode()
    assert results(section) == [
        (None, Result.BYE_HALF),
        (1, Result.WHITE_WIN),
        (2, Result.DRAW),
        (3, Result.PENDING),
    ]
    assert not ResultChange.objects.filter(round__section=section).exists()
    page = td_client.get(
        reverse(
            "tournaments:round_detail",
            kwargs={"slug": tournament.slug, "section": section.pk, "number": 1},
        )
    )
    assert "2/3 results in" in page.content.decode()


def test_the_history_page_shows_a_board_taken_out_of_the_round(
    td_client: Client, tournament: Tournament, td: User
) -> None:
    section = posted(2, tournament)
    enter(section, 2, Result.BLACK_WIN, td)
    enter(section, 2, Result.PENDING, td)
    services.round_pairings_save(
        section=section,
        number=1,
        rows=[
            Row(white=pk(section, 1), black=pk(section, 4), board=1),
            Row(white=pk(section, 3), black=pk(section, 2), board=2),
        ],
    )

    page = td_client.get(
        reverse(
            "tournaments:round_history",
            kwargs={"slug": tournament.slug, "section": section.pk, "number": 1},
        )
    ).content.decode()

    assert page.count("3 Player 3 – 4 Player 4") == 2
    assert "board since re-paired" in page


def _save_queries(boards: int) -> int:
    """Queries of an unchanged save, then of a re-pair of every board, of a round this size."""
    section = posted(boards)
    for b in range(1, boards + 1):
        enter(section, b, Result.DRAW)
        enter(section, b, Result.PENDING)
    same = [
        Row(white=pk(section, 2 * b - 1), black=pk(section, 2 * b), board=b)
        for b in range(1, boards + 1)
    ]
    shifted = [
        Row(
            white=pk(section, 2 * b - 1),
            black=pk(section, 2 * (b % boards) + 2),
            board=b,
        )
        for b in range(1, boards + 1)
    ]
    with CaptureQueriesContext(connection) as queries:
        services.round_pairings_save(section=section, number=1, rows=same)
        services.round_pairings_save(section=section, number=1, rows=shifted)
    assert ResultChange.objects.filter(
        round__section=section, pairing=None
    ).count() == (2 * boards)
    return len(queries)


def test_a_pairings_save_takes_as_many_queries_for_40_boards_as_for_4() -> None:
    assert _save_queries(40) == _save_queries(4)
