"""Bad snapshots are refused with a message naming the player and round."""

from __future__ import annotations

import pytest

from standings.engine import (
    Colour,
    GameRecord,
    Outcome,
    PlayerRef,
    Snapshot,
    compute_standings,
    parse_order,
)

W, B = Colour.WHITE, Colour.BLACK
PLAYERS = (PlayerRef(1, 1), PlayerRef(2, 2), PlayerRef(3, 3))
GAME = (GameRecord(1, 1, 2, W, Outcome.WIN), GameRecord(1, 2, 1, B, Outcome.LOSS))


@pytest.mark.parametrize(
    ("players", "games", "through", "message"),
    [
        (
            PLAYERS,
            (*GAME, GameRecord(1, 1, None, None, Outcome.BYE_HALF)),
            1,
            "two records for round 1",
        ),
        (
            PLAYERS,
            (GameRecord(1, 9, None, None, Outcome.BYE_HALF),),
            1,
            "no such player",
        ),
        (
            PLAYERS,
            (GameRecord(0, 1, None, None, Outcome.BYE_HALF),),
            1,
            "rounds start at 1",
        ),
        (
            PLAYERS,
            (GameRecord(1, 1, 9, W, Outcome.WIN),),
            1,
            "opponent 9 is not possible",
        ),
        (
            PLAYERS,
            (GameRecord(1, 1, 1, W, Outcome.WIN),),
            1,
            "opponent 1 is not possible",
        ),
        (
            PLAYERS,
            (GameRecord(1, 1, 2, None, Outcome.BYE_FULL),),
            1,
            "a bye or absence has no opponent",
        ),
        (
            PLAYERS,
            (GameRecord(1, 1, None, W, Outcome.WIN),),
            1,
            "a played game needs an opponent",
        ),
        (
            PLAYERS,
            (GameRecord(1, 1, 2, W, Outcome.WIN),),
            1,
            "does not match player 2's record",
        ),
        (
            PLAYERS,
            (GameRecord(1, 1, 2, W, Outcome.WIN), GameRecord(1, 2, 1, B, Outcome.DRAW)),
            1,
            "round 1: player 1's record (win against 2) does not match",
        ),
        (
            PLAYERS,
            (GameRecord(1, 1, 2, W, Outcome.WIN), GameRecord(1, 2, 3, B, Outcome.LOSS)),
            1,
            "does not match",
        ),
        (
            PLAYERS,
            (GameRecord(1, 1, 2, B, Outcome.WIN), GameRecord(1, 2, 1, B, Outcome.LOSS)),
            1,
            "does not match player 2's record",
        ),
        (
            PLAYERS,
            (GameRecord(6, 1, None, None, Outcome.BYE_HALF),),
            5,
            "the event has 5 rounds",
        ),
        ((PlayerRef(1, 1), PlayerRef(1, 2)), (), 1, "share an id"),
        ((PlayerRef(1, 1), PlayerRef(2, 1)), (), 1, "share a start number"),
        (PLAYERS, (), 6, "through_round must be between 0 and rounds_total (5)"),
        (PLAYERS, (), -1, "through_round must be between"),
    ],
    ids=[
        "duplicate-round",
        "unknown-player",
        "round-zero",
        "unknown-opponent",
        "plays-self",
        "bye-with-opponent",
        "game-without-opponent",
        "one-sided-game",
        "results-disagree",
        "opponents-disagree",
        "both-black",
        "round-after-the-event",
        "duplicate-id",
        "duplicate-start-number",
        "through-past-end",
        "through-negative",
    ],
)
def test_bad_snapshot_is_refused(
    players: tuple[PlayerRef, ...],
    games: tuple[GameRecord, ...],
    through: int,
    message: str,
) -> None:
    with pytest.raises(
        ValueError, match=message.replace("(", r"\(").replace(")", r"\)")
    ):
        compute_standings(Snapshot(players, games, 5, through), parse_order("uschess"))


def test_double_forfeit_and_records_after_the_snapshot_are_accepted() -> None:
    games = (
        GameRecord(1, 1, 2, None, Outcome.FORFEIT_LOSS),
        GameRecord(1, 2, 1, None, Outcome.FORFEIT_LOSS),
        # round 2 is after through_round: not even checked
        GameRecord(2, 1, 2, W, Outcome.WIN),
    )
    standings = compute_standings(
        Snapshot(PLAYERS, games, 5, 1), parse_order("uschess")
    )
    assert [row.score for row in standings.rows] == [0, 0, 0]
