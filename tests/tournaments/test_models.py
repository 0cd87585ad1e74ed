"""The database refuses impossible rows: every constraint in tournaments/models/ and the
player-once-per-round trigger of migration 0002 and the same-section trigger of 0003, on insert
and on update.

Each case writes one row twice, in separate tests: once with a legal value, which must be
accepted (so the refusal below is not caused by something else), and once with the value the
constraint forbids, which must raise IntegrityError.
"""

from __future__ import annotations

import datetime
import threading
from collections.abc import Callable
from dataclasses import dataclass

import psycopg
import pytest
from django.db import IntegrityError, connection, transaction

from tournaments.models import (
    Pairing,
    Player,
    RequestedBye,
    Result,
    Round,
    Section,
    Tournament,
)

pytestmark = pytest.mark.django_db


@dataclass
class Base:
    """Round 1 of a four-player section, with board 1 (player 1 white, player 2 black) played."""

    tournament: Tournament
    section: Section
    players: dict[int, Player]
    round: Round
    board1: Pairing


@pytest.fixture
def base() -> Base:
    tournament = Tournament.objects.create(name="Spring Open", slug="spring-open")
    section = Section.objects.create(tournament=tournament, name="Open", rounds_total=3)
    players = {
        n: Player.objects.create(section=section, start_number=n, name=f"Player {n}")
        for n in range(1, 5)
    }
    round_ = Round.objects.create(section=section, number=1)
    board1 = Pairing.objects.create(
        round=round_,
        board=1,
        white=players[1],
        black=players[2],
        result=Result.WHITE_WIN,
    )
    return Base(tournament, section, players, round_, board1)


def pairing(
    b: Base,
    white: int,
    black: int | None,
    *,
    board: int | None = 2,
    result: str | None = None,
) -> Pairing:
    if result is None:
        result = Result.DRAW if black is not None else Result.BYE_HALF
    return Pairing.objects.create(
        round=b.round,
        board=board,
        white=b.players[white],
        black=None if black is None else b.players[black],
        result=result,
    )


def board2_update(b: Base, **fields: object) -> None:
    """Pair players 3 and 4 on board 2, then change that row."""
    row = pairing(b, 3, 4)
    Pairing.objects.filter(pk=row.pk).update(**fields)


def move_board1_to_round2(b: Base, *, bye_for: int) -> None:
    """Give a player a bye in round 2, then move board 1 (players 1 and 2) into round 2."""
    round2 = Round.objects.create(section=b.section, number=2)
    Pairing.objects.create(
        round=round2, white=b.players[bye_for], result=Result.BYE_HALF
    )
    Pairing.objects.filter(pk=b.board1.pk).update(round=round2)


def outsider(b: Base) -> Player:
    """Player 1 of another section of the same tournament."""
    reserve = Section.objects.create(
        tournament=b.tournament, name="Reserve", rounds_total=3
    )
    return Player.objects.create(section=reserve, start_number=1, name="Reserve Player")


def pairing_with_outsider(b: Base, bad: bool, *, as_black: bool) -> Pairing:
    other = outsider(b) if bad else b.players[4]
    white, black = (b.players[3], other) if as_black else (other, b.players[3])
    return Pairing.objects.create(
        round=b.round, board=2, white=white, black=black, result=Result.DRAW
    )


# Each case: the row to write, given the fixture and whether to break the rule.
Case = Callable[[Base, bool], object]
CASES: dict[str, Case] = {
    "tournament-ends-after-start": lambda b, bad: Tournament.objects.create(
        name="Weekend Swiss",
        slug="weekend-swiss",
        start_date=datetime.date(2025, 5, 3),
        end_date=datetime.date(2025, 5, 2 if bad else 3),
    ),
    "tournament-slug-unique": lambda b, bad: Tournament.objects.create(
        name="Spring Open again", slug="spring-open" if bad else "spring-open-2"
    ),
    "section-name-unique-in-tournament": lambda b, bad: Section.objects.create(
        tournament=b.tournament, name="Open" if bad else "Reserve", rounds_total=3
    ),
    "section-has-rounds": lambda b, bad: Section.objects.create(
        tournament=b.tournament, name="Reserve", rounds_total=0 if bad else 1
    ),
    "player-start-number-unique-in-section": lambda b, bad: Player.objects.create(
        section=b.section, start_number=1 if bad else 5, name="Late Entry"
    ),
    "player-start-number-positive": lambda b, bad: Player.objects.create(
        section=b.section, start_number=0 if bad else 5, name="Late Entry"
    ),
    "player-withdrawn-needs-a-round": lambda b, bad: Player.objects.create(
        section=b.section,
        start_number=5,
        name="Late Entry",
        status=Player.Status.WITHDRAWN,
        withdrawn_after_round=None if bad else 2,
    ),
    "player-active-has-no-withdrawal-round": lambda b, bad: Player.objects.create(
        section=b.section,
        start_number=5,
        name="Late Entry",
        withdrawn_after_round=2 if bad else None,
    ),
    "requested-bye-once-per-round": lambda b, bad: (
        RequestedBye.objects.create(player=b.players[3], round_number=2),
        RequestedBye.objects.create(
            player=b.players[3],
            round_number=2 if bad else 3,
            kind=RequestedBye.Kind.ZERO,
        ),
    ),
    "requested-bye-round-positive": lambda b, bad: RequestedBye.objects.create(
        player=b.players[3], round_number=0 if bad else 1
    ),
    "round-number-unique-in-section": lambda b, bad: Round.objects.create(
        section=b.section, number=1 if bad else 2
    ),
    "round-number-positive": lambda b, bad: Round.objects.create(
        section=b.section, number=0 if bad else 2
    ),
    # Player once per round: the same colour twice is a unique constraint ...
    "white-twice-in-a-round": lambda b, bad: pairing(b, 1 if bad else 3, 4),
    "black-twice-in-a-round": lambda b, bad: pairing(b, 3, 2 if bad else 4),
    # ... both colours, or a game and a bye, only the trigger can see (migration 0002).
    "black-on-one-board-white-on-another": lambda b, bad: pairing(
        b, 2 if bad else 3, 4
    ),
    "white-on-one-board-black-on-another": lambda b, bad: pairing(
        b, 3, 1 if bad else 4
    ),
    "paired-and-given-a-bye": lambda b, bad: pairing(
        b, 2 if bad else 3, None, board=None
    ),
    "update-makes-a-white-player-black-on-another-board": lambda b, bad: board2_update(
        b, black=b.players[1] if bad else b.players[4]
    ),
    "update-makes-a-black-player-white-on-another-board": lambda b, bad: board2_update(
        b, white=b.players[2] if bad else b.players[3]
    ),
    "update-moves-a-pairing-into-a-round-where-a-player-has-a-bye": lambda b, bad: (
        move_board1_to_round2(b, bye_for=2 if bad else 3)
    ),
    "no-one-plays-themself": lambda b, bad: pairing(b, 3, 3 if bad else 4),
    "board-unique-in-round": lambda b, bad: pairing(b, 3, 4, board=1 if bad else 2),
    "board-positive": lambda b, bad: pairing(b, 3, 4, board=0 if bad else 2),
    "bye-code-has-no-black": lambda b, bad: pairing(
        b, 3, 4, result=Result.BYE_HALF if bad else Result.DRAW
    ),
    "game-code-needs-a-black": lambda b, bad: pairing(
        b, 3, None, board=None, result=Result.WHITE_WIN if bad else Result.BYE_PAIRING
    ),
    "pending-needs-a-black": lambda b, bad: pairing(
        b, 3, None, board=None, result=Result.PENDING if bad else Result.NOT_PAIRED
    ),
    "result-code-must-be-known": lambda b, bad: pairing(
        b, 3, 4, result="three_quarters" if bad else Result.BLACK_WIN
    ),
    "player-start-number-fits-trf": lambda b, bad: Player.objects.create(
        section=b.section, start_number=10000 if bad else 9999, name="Late Entry"
    ),
    "player-rating-in-range": lambda b, bad: Player.objects.create(
        section=b.section,
        start_number=5,
        name="Late Entry",
        rating=3501 if bad else 3500,
    ),
    # Migration 0003: a pairing's players belong to the round's section.
    "black-from-another-section": lambda b, bad: pairing_with_outsider(
        b, bad, as_black=True
    ),
    "white-from-another-section": lambda b, bad: pairing_with_outsider(
        b, bad, as_black=False
    ),
    "update-brings-in-a-player-from-another-section": lambda b, bad: board2_update(
        b, black=outsider(b) if bad else b.players[4]
    ),
}


@pytest.mark.parametrize("case", CASES.values(), ids=CASES.keys())
def test_legal_row_is_accepted(base: Base, case: Case) -> None:
    case(base, False)


ONCE_PER_ROUND = "pairing_player_once_per_round"
# What refuses each bad row: the constraint's name (PostgreSQL, and SQLite for checks and triggers)
# or the columns SQLite names for a unique constraint.
REFUSED_BY = {
    "tournament-ends-after-start": "tournament_ends_after_start",
    "tournament-slug-unique": "tournaments_tournament_slug_key|tournaments_tournament.slug",
    "section-name-unique-in-tournament": "section_name_unique_in_tournament|tournaments_section.tournament_id, tournaments_section.name",
    "section-has-rounds": "section_has_rounds",
    "player-start-number-unique-in-section": "player_start_number_unique_in_section|tournaments_player.section_id, tournaments_player.start_number",
    "player-start-number-positive": "player_start_number_positive",
    "player-withdrawn-needs-a-round": "player_withdrawal_has_round",
    "player-active-has-no-withdrawal-round": "player_withdrawal_has_round",
    "requested-bye-once-per-round": "requested_bye_once_per_round|tournaments_requestedbye.player_id, tournaments_requestedbye.round_number",
    "requested-bye-round-positive": "requested_bye_round_positive",
    "round-number-unique-in-section": "round_number_unique_in_section|tournaments_round.section_id, tournaments_round.number",
    "round-number-positive": "round_number_positive",
    # The trigger runs before the row is written, so it answers before the unique constraints.
    "white-twice-in-a-round": f"{ONCE_PER_ROUND}|pairing_white_once_per_round",
    "black-twice-in-a-round": f"{ONCE_PER_ROUND}|pairing_black_once_per_round",
    "black-on-one-board-white-on-another": ONCE_PER_ROUND,
    "white-on-one-board-black-on-another": ONCE_PER_ROUND,
    "paired-and-given-a-bye": ONCE_PER_ROUND,
    "update-makes-a-white-player-black-on-another-board": ONCE_PER_ROUND,
    "update-makes-a-black-player-white-on-another-board": ONCE_PER_ROUND,
    "update-moves-a-pairing-into-a-round-where-a-player-has-a-bye": ONCE_PER_ROUND,
    "no-one-plays-themself": "pairing_not_against_self",
    "board-unique-in-round": "pairing_board_unique_in_round|tournaments_pairing.round_id, tournaments_pairing.board",
    "board-positive": "pairing_board_positive",
    "bye-code-has-no-black": "pairing_result_fits_players",
    "game-code-needs-a-black": "pairing_result_fits_players",
    "pending-needs-a-black": "pairing_result_fits_players",
    "result-code-must-be-known": "pairing_result_fits_players",
    "player-start-number-fits-trf": "player_start_number_fits_trf",
    "player-rating-in-range": "player_rating_in_range",
    "black-from-another-section": "pairing_player_in_round_section",
    "white-from-another-section": "pairing_player_in_round_section",
    "update-brings-in-a-player-from-another-section": "pairing_player_in_round_section",
}


@pytest.mark.parametrize(
    ("case", "refused_by"), [(CASES[k], REFUSED_BY[k]) for k in CASES], ids=CASES.keys()
)
def test_database_refuses_the_row(base: Base, case: Case, refused_by: str) -> None:
    with pytest.raises(IntegrityError, match=refused_by), transaction.atomic():
        case(base, True)


def test_byes_without_boards_do_not_clash() -> None:
    tournament = Tournament.objects.create(name="Spring Open", slug="spring-open")
    section = Section.objects.create(tournament=tournament, name="Open", rounds_total=3)
    round_ = Round.objects.create(section=section, number=1)
    for n, result in enumerate(
        [Result.BYE_HALF, Result.BYE_ZERO, Result.NOT_PAIRED], start=1
    ):
        player = Player.objects.create(
            section=section, start_number=n, name=f"Player {n}"
        )
        Pairing.objects.create(round=round_, board=None, white=player, result=result)

    assert Pairing.objects.filter(round=round_).count() == 3


def test_swapping_colours_on_a_board_is_allowed(base: Base) -> None:
    # The trigger must not count the row being updated as "already paired".
    Pairing.objects.filter(pk=base.board1.pk).update(
        white=base.players[2], black=base.players[1]
    )

    base.board1.refresh_from_db()
    assert (base.board1.white, base.board1.black) == (base.players[2], base.players[1])


def test_same_player_may_play_in_every_round(base: Base) -> None:
    round2 = Round.objects.create(section=base.section, number=2)
    Pairing.objects.create(
        round=round2,
        board=1,
        white=base.players[2],
        black=base.players[1],
        result=Result.DRAW,
    )

    assert Pairing.objects.filter(white=base.players[2]).count() == 1
    assert Pairing.objects.filter(black=base.players[2]).count() == 1


@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="SQLite has one writer at a time"
)
@pytest.mark.django_db(transaction=True)
def test_two_transactions_cannot_pair_one_player_on_two_boards_at_once() -> None:
    tournament = Tournament.objects.create(name="Rapid", slug="rapid")
    section = Section.objects.create(tournament=tournament, name="Open", rounds_total=3)
    p1, p2, p3 = (
        Player.objects.create(section=section, start_number=n, name=f"Player {n}")
        for n in (1, 2, 3)
    )
    round_ = Round.objects.create(section=section, number=1)
    insert = (
        "INSERT INTO tournaments_pairing (round_id, board, white_id, black_id, result) "
        "VALUES (%s, %s, %s, %s, 'pending')"
    )
    params = connection.get_connection_params()
    first, second = psycopg.connect(**params), psycopg.connect(**params)
    outcome: list[str] = []

    def second_td() -> None:
        # Blocks on the round's lock until the first transaction commits, then sees its row.
        try:
            second.execute(insert, (round_.pk, 2, p3.pk, p1.pk))
            second.commit()
            outcome.append("committed")
        except psycopg.errors.UniqueViolation:
            second.rollback()
            outcome.append("refused")

    try:
        first.execute(insert, (round_.pk, 1, p1.pk, p2.pk))
        thread = threading.Thread(target=second_td)
        thread.start()
        thread.join(0.5)
        first.commit()
        thread.join(10)
    finally:
        first.close()
        second.close()
    assert outcome == ["refused"]
    assert Pairing.objects.filter(round=round_).count() == 1
