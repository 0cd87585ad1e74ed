"""The database's once-per-round check (migrations 0005 and 0008): still refuses a player paired
twice in a round when a pairing's players change, and no longer runs when a result is entered,
so TDs entering results in one round do not wait for each other.
"""

from __future__ import annotations

import psycopg
import pytest
from django.db import IntegrityError, connection, transaction

from tests.tournaments.builders import section_build
from tournaments.models import Pairing, Result

pytestmark = pytest.mark.django_db


def test_moving_a_player_onto_a_second_board_of_the_round_is_still_refused() -> None:
    section = section_build(ratings=[2000, 1900, 1800, 1700], rounds=["1-2 ?, 3-4 ?"])
    board1, board2 = Pairing.objects.filter(round__section=section).order_by("board")
    board2.black = board1.white
    with pytest.raises(IntegrityError, match="once_per_round"), transaction.atomic():
        board2.save()
    board2.refresh_from_db()
    assert board2.black.start_number == 4


@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="SQLite has one writer at a time"
)
@pytest.mark.django_db(transaction=True)
def test_a_result_entered_does_not_wait_for_another_tds_pairing_write_in_the_round() -> (
    None
):
    section = section_build(
        ratings=[2000, 1900, 1800, 1700, 1600, 1500], rounds=["1-2 ?, 3-4 ?"]
    )
    board1 = Pairing.objects.get(round__section=section, board=1)
    params = connection.get_connection_params()
    pairing_td, result_td = psycopg.connect(**params), psycopg.connect(**params)
    try:
        # One TD adds a board to the round and has not committed yet ...
        pairing_td.execute(
            "INSERT INTO tournaments_pairing (round_id, board, white_id, black_id, result) "
            "SELECT round_id, 3, p5.id, p6.id, 'pending' FROM tournaments_pairing, "
            "tournaments_player p5, tournaments_player p6 WHERE tournaments_pairing.id = %s "
            "AND p5.section_id = %s AND p5.start_number = 5 "
            "AND p6.section_id = %s AND p6.start_number = 6",
            (board1.pk, section.pk, section.pk),
        )
        # ... while another enters board 1's result: it must not wait for the first.
        result_td.execute("SET lock_timeout = '2s'")
        result_td.execute(
            "UPDATE tournaments_pairing SET result = %s WHERE id = %s",
            (Result.WHITE_WIN, board1.pk),
        )
        result_td.commit()
        pairing_td.commit()
    finally:
        pairing_td.close()
        result_td.close()
    board1.refresh_from_db()
    assert board1.result == Result.WHITE_WIN
    assert Pairing.objects.filter(round__section=section).count() == 3
