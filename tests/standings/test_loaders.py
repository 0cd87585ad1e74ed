"""snapshot_load: database rows in, the engine's Snapshot out, in a fixed number of queries."""

from __future__ import annotations

import pytest
from pytest_django import DjangoAssertNumQueries

from standings.engine.entities import Colour, GameRecord, Outcome, PlayerRef
from standings.loaders import LoaderError, snapshot_load
from tests.tournaments.builders import section_build
from tournaments.models import Pairing, Player, Result, Round, Section

pytestmark = pytest.mark.django_db

W, B = Colour.WHITE, Colour.BLACK


def pk_of(section: Section, start_number: int) -> int:
    return Player.objects.get(section=section, start_number=start_number).pk


# Each two-player code as (white's outcome, black's outcome), from docs/data-model.md's table.
TWO_PLAYER_CASES = [
    ("1-0", Outcome.WIN, Outcome.LOSS),
    ("=", Outcome.DRAW, Outcome.DRAW),
    ("0-1", Outcome.LOSS, Outcome.WIN),
    ("+-", Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS),
    ("-+", Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN),
    ("--", Outcome.FORFEIT_LOSS, Outcome.FORFEIT_LOSS),
]


@pytest.mark.parametrize(
    ("code", "white_outcome", "black_outcome"),
    TWO_PLAYER_CASES,
    ids=[
        "white-win",
        "draw",
        "black-win",
        "white-forfeit-win",
        "black-forfeit-win",
        "double-forfeit",
    ],
)
def test_both_sides_of_a_pairing_become_records_with_colours(
    code: str, white_outcome: Outcome, black_outcome: Outcome
) -> None:
    section = section_build(ratings=[1500, 1400], rounds=[f"2-1 {code}"])
    one, two = pk_of(section, 1), pk_of(section, 2)

    snapshot = snapshot_load(section=section)

    assert set(snapshot.games) == {
        GameRecord(1, two, one, W, white_outcome),
        GameRecord(1, one, two, B, black_outcome),
    }


@pytest.mark.parametrize(
    ("code", "outcome"),
    [
        ("U", Outcome.BYE_PAIRING),
        ("F", Outcome.BYE_FULL),
        ("H", Outcome.BYE_HALF),
        ("Z", Outcome.BYE_ZERO),
        ("-", Outcome.NOT_PAIRED),
    ],
    ids=["pairing-bye", "full-bye", "half-bye", "zero-bye", "not-paired"],
)
def test_one_player_row_has_no_opponent_and_no_colour(
    code: str, outcome: Outcome
) -> None:
    section = section_build(ratings=[1500], rounds=[f"1 {code}"])

    snapshot = snapshot_load(section=section)

    assert snapshot.games == (GameRecord(1, pk_of(section, 1), None, None, outcome),)


def test_unrated_games_count_as_played() -> None:
    section = section_build(ratings=[1500, 1400], rounds=["1-2 1-0"])
    Pairing.objects.update(result=Result.DRAW_UNRATED)

    snapshot = snapshot_load(section=section)

    assert {g.outcome for g in snapshot.games} == {Outcome.DRAW}


def test_players_come_in_start_number_order_with_pk_and_rating() -> None:
    section = section_build(ratings=[2210, None, 1650], rounds=[])

    snapshot = snapshot_load(section=section)

    assert snapshot.players == (
        PlayerRef(id=pk_of(section, 1), start_number=1, rating=2210),
        PlayerRef(id=pk_of(section, 2), start_number=2, rating=None),
        PlayerRef(id=pk_of(section, 3), start_number=3, rating=1650),
    )
    assert snapshot.rounds_total == 1


def test_other_sections_rows_are_left_out() -> None:
    section = section_build(ratings=[1500, 1400], rounds=["1-2 1-0"])
    section_build(
        ratings=[1500, 1400],
        rounds=["1-2 0-1"],
        tournament=section.tournament,
        name="U1600",
    )

    snapshot = snapshot_load(section=section)

    assert {p.id for p in snapshot.players} == {pk_of(section, 1), pk_of(section, 2)}
    assert len(snapshot.games) == 2


@pytest.mark.parametrize(
    ("rounds", "rounds_total", "expected"),
    [
        ([], 5, 0),
        (["1-2 1-0, 3 U", "1-3 =, 2 H"], 5, 2),
        (["1-2 1-0, 3 U", "1-3 =, 2 H", "2-3 ?, 1 U"], 5, 2),
        (["1-2 ?, 3 U", "1-3 =, 2 H"], 5, 0),
        (["1-2 1-0, 3 U", "1-3 ?, 2 H", "2-3 1-0, 1 U"], 5, 1),
        (["1-2 1-0, 3 U", "1-3 =, 2 H", "2-3 0-1, 1 U"], 3, 3),
    ],
    ids=[
        "nothing-paired",
        "two-complete-rounds",
        "third-round-pending",
        "first-round-pending",
        "later-round-complete-after-a-pending-one",
        "all-rounds-complete",
    ],
)
def test_default_through_round_is_the_last_of_the_unbroken_run_of_complete_rounds(
    rounds: list[str], rounds_total: int, expected: int
) -> None:
    section = section_build(
        ratings=[1500, 1400, 1300], rounds=rounds, rounds_total=rounds_total
    )

    assert snapshot_load(section=section).through_round == expected


def test_a_round_created_but_not_paired_is_not_complete() -> None:
    section = section_build(ratings=[1500, 1400], rounds=["1-2 1-0"], rounds_total=3)
    Round.objects.create(section=section, number=2)

    assert snapshot_load(section=section).through_round == 1


def test_explicit_through_round_leaves_out_later_rounds_even_if_pending() -> None:
    section = section_build(
        ratings=[1500, 1400, 1300], rounds=["1-2 1-0, 3 U", "1-3 =, 2 H", "2-3 ?, 1 U"]
    )

    snapshot = snapshot_load(section=section, through_round=1)

    assert snapshot.through_round == 1
    assert {g.round for g in snapshot.games} == {1}
    assert len(snapshot.games) == 3


def test_through_round_zero_gives_no_games() -> None:
    section = section_build(ratings=[1500, 1400], rounds=["1-2 1-0"])

    snapshot = snapshot_load(section=section, through_round=0)

    assert (snapshot.through_round, snapshot.games) == (0, ())


def test_pending_result_in_a_requested_round_names_round_and_board() -> None:
    section = section_build(
        ratings=[1500, 1400, 1300, 1200, 1100, 1000],
        rounds=["1-2 1-0, 3-4 =, 5-6 0-1", "1-3 1-0, 2-5 ?, 4-6 ?"],
    )

    with pytest.raises(
        LoaderError, match=r"^round 2, board 2: no result yet \(and 1 more\)"
    ):
        snapshot_load(section=section, through_round=2)


def test_pending_result_without_a_board_names_the_players() -> None:
    section = section_build(ratings=[1500, 1400], rounds=["1-2 1-0", "2-1 ?"])
    Pairing.objects.filter(result=Result.PENDING).update(board=None)

    with pytest.raises(LoaderError, match=r"^round 2, players 2 and 1: no result yet;"):
        snapshot_load(section=section, through_round=2)


@pytest.mark.parametrize("through_round", [-1, 4], ids=["negative", "past-last-round"])
def test_round_outside_the_section_is_refused(through_round: int) -> None:
    section = section_build(ratings=[1500, 1400], rounds=["1-2 1-0"], rounds_total=3)

    with pytest.raises(
        LoaderError,
        match=f"round {through_round} does not exist: Open has rounds 1 to 3",
    ):
        snapshot_load(section=section, through_round=through_round)


def test_withdrawn_player_has_no_records_after_leaving() -> None:
    section = section_build(
        ratings=[1500, 1400, 1300], rounds=["1-2 1-0, 3 U", "3-1 0-1"]
    )
    Player.objects.filter(section=section, start_number=2).update(
        status="withdrawn", withdrawn_after_round=1
    )

    snapshot = snapshot_load(section=section)

    assert snapshot.through_round == 2
    assert [g.round for g in snapshot.games if g.player == pk_of(section, 2)] == [1]


@pytest.mark.parametrize("players", [4, 60], ids=["small", "larger"])
@pytest.mark.parametrize(
    "through_round", [None, 3], ids=["default-round", "explicit-round"]
)
def test_query_count_does_not_grow_with_the_section(
    players: int,
    through_round: int | None,
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    # The same pairs meet every round (colours reversed): the loader does not look for rematches.
    first = ", ".join(f"{n}-{n + 1} 1-0" for n in range(1, players, 2))
    again = ", ".join(f"{n + 1}-{n} =" for n in range(1, players, 2))
    section = section_build(ratings=[1500] * players, rounds=[first, again, again])

    with django_assert_num_queries(2):
        snapshot = snapshot_load(section=section, through_round=through_round)

    assert len(snapshot.games) == players * 3
